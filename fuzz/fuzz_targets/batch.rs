//! Fuzz target `batch`: see `mancala_fuzz::batch`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_fuzz::batch(data));
