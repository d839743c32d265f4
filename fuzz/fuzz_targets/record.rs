//! Fuzz target `record`: see `mancala_fuzz::record`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_fuzz::record(data));
