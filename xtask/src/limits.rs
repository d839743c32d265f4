//! `cargo xtask limits`: the timed checks of the reading limits (issues 8 and 13), kept out of
//! `cargo test` because a loaded machine makes any time limit flaky; the tests check the same
//! inputs' results without a clock (`tests/cli/limits.rs`, `tests/cli/endless.rs`).
//!
//! * Each pathological record of `testkit::pathological::cases` (a million plies, very many
//!   annotations, a 10 MB comment, runs of openers, a long position string) is read and checked
//!   at sizes `n` and `8 n`, the fastest of three runs each: linear time gives a ratio near 8,
//!   quadratic 64; the check fails at 24 (unless the larger run takes under 50 ms).
//! * A record just under the 1 MiB record limit, all `forbidden` annotations of an endless Uugg
//!   start (55 000 of them), validated by the release `mancala` in under 10 s of CPU; its wall
//!   time and peak memory (VmHWM, sampled from `/proc`) are printed.
//!
//! The times are CPU times (of this thread, from `/proc/thread-self/schedstat` in nanoseconds;
//! of the child, from `/proc`), so that other load on the machine does not fail a check: on a
//! shared machine a run of a second is preempted many times, one of a millisecond seldom.
//! Without `/proc` (not Linux) the wall time is used.

use std::time::{Duration, Instant};

/// The CPU time this thread has run (Linux). The kernel brings the figure up to date when the
/// thread passes through the scheduler: the yield makes it exact, not a tick old.
fn thread_cpu() -> Option<Duration> {
    std::thread::yield_now();
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// The fastest of three runs of `f`: CPU time where `/proc` gives it, wall time elsewhere.
fn fastest(f: &dyn Fn() -> Result<(), String>) -> Result<Duration, String> {
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let (wall, cpu) = (Instant::now(), thread_cpu());
        f()?;
        let took = match (cpu, thread_cpu()) {
            (Some(before), Some(after)) => after.saturating_sub(before),
            _ => wall.elapsed(),
        };
        best = best.min(took);
    }
    Ok(best)
}

/// Times each case at `n` and `8 n` and prints the ratio: the number of cases that were not linear.
fn linear_reading() -> Result<usize, String> {
    let mut failures = 0;
    for case in testkit::pathological::cases() {
        let small = fastest(&|| (case.run)(case.n)).map_err(|e| format!("{}: {e}", case.what))?;
        let large =
            fastest(&|| (case.run)(8 * case.n)).map_err(|e| format!("{}: {e}", case.what))?;
        let ratio = large.as_secs_f64() / small.as_secs_f64().max(1e-4);
        let ok = ratio < 24.0 || large < Duration::from_millis(50);
        println!(
            "{} {:<12} {small:>10.2?} for {:>9}, {large:>10.2?} for {:>9}: ratio {ratio:.1}",
            if ok { "ok  " } else { "FAIL" },
            case.what,
            case.n,
            8 * case.n
        );
        failures += usize::from(!ok);
    }
    Ok(failures)
}

/// The mebibyte of `forbidden` annotations, validated by the release binary: whether it took
/// under 10 s of CPU (of wall time where the CPU time is unknown).
fn mebibyte_of_forbidden_annotations() -> Result<bool, String> {
    let bin = crate::bench::release_bin()?;
    let n = testkit::pathological::forbidden_count_under(1 << 20);
    let text = testkit::pathological::forbidden_record(n);
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let file = dir.path().join("forbidden.mgn");
    std::fs::write(&file, &text).map_err(|e| format!("{}: {e}", file.display()))?;
    let (wall, cpu, peak_kb, status) = crate::bench::run_sampled(
        std::process::Command::new(&bin)
            .arg("validate")
            .arg(&file)
            .stdout(std::process::Stdio::null()),
    )?;
    if !status.success() {
        return Err(format!(
            "mancala validate refused the record of {n} forbidden annotations ({status})"
        ));
    }
    // `run_sampled` gives 0 s of CPU where `/proc` cannot tell it.
    let ok = if cpu > 0.0 { cpu < 10.0 } else { wall < 10.0 };
    println!(
        "{} {n} forbidden annotations ({} bytes) validated in {wall:.2} s ({cpu:.2} s of CPU), peak {peak_kb} kB",
        if ok { "ok  " } else { "FAIL" },
        text.len()
    );
    Ok(ok)
}

pub fn limits() -> Result<(), String> {
    let mut failures = linear_reading()?;
    failures += usize::from(!mebibyte_of_forbidden_annotations()?);
    if failures > 0 {
        Err(format!("{failures} timed limit check(s) failed"))
    } else {
        Ok(())
    }
}
