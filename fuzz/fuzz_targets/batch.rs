//! Fuzz target `batch`: see `mancala_fuzz::batch`. Each input runs under a memory cap: the peak
//! resident memory, reset before it, may rise by at most `BATCH_MEMORY_KB`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let before = mancala_fuzz::reset_peak_kb();
    mancala_fuzz::batch(data);
    if let (Some(before), Some(peak)) = (before, mancala_fuzz::peak_kb()) {
        assert!(
            peak <= before + mancala_fuzz::BATCH_MEMORY_KB,
            "the batch reader raised the peak memory from {before} kB to {peak} kB"
        );
    }
});
