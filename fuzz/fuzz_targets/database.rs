//! Fuzz target `database`: see `mancala_fuzz::database`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_fuzz::database(data));
