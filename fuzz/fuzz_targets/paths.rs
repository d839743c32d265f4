//! Fuzz target `paths`: see `mancala_fuzz::paths`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_fuzz::paths(data));
