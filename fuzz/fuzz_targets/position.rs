//! Fuzz target `position`: see `mancala_fuzz::position`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_fuzz::position(data));
