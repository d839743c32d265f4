//! Fuzz target `json`: see `mancala_fuzz::json`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_fuzz::json(data));
