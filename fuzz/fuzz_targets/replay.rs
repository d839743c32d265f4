//! Fuzz target `replay`: see `mancala_fuzz::replay`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_fuzz::replay(data));
