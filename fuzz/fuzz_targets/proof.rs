//! Fuzz target `proof`: see `mancala_fuzz::proof`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_fuzz::proof(data));
