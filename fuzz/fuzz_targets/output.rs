//! Fuzz target `output`: see `mancala_fuzz::output`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_fuzz::output(data));
