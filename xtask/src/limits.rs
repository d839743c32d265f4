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
//! * Records of side lines (`testkit::pathological::side_line_record`: wide, nested, on a long
//!   main line, nested to the limit) at the record's limit of plies, and a 1 MiB record of side
//!   lines past it (issue 34): the peak memory (VmHWM) and exit status of every command that reads
//!   records (`validate`, `convert`, `replay` as text, JSON, page and pictures, `explain`,
//!   `annotate`), in release; each must stay under its bound ([`MEMORY_BOUNDS_MB`]), the records
//!   at the limit must be valid and the one past it refused (exit 1).
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

/// The bound of each command's peak memory on one record of side lines (MB), by the start of its
/// name, as docs/guide/limits.md gives it: what replays a record holds each ply's
/// position and trace (about 1.5 kB a ply at the limit of 20 000 plies), the page its data
/// besides (about 2.3 kB a ply); reading and checking alone hold the record.
const MEMORY_BOUNDS_MB: [(&str, u64); 5] = [
    ("replay --html", 128),
    ("replay", 64),
    ("explain", 64),
    ("annotate", 64),
    ("", 32),
];

/// The commands measured on records of side lines, each with the bound of its peak memory.
fn side_line_commands(dir: &std::path::Path) -> Vec<(String, Vec<String>)> {
    let html = dir.join("page.html").display().to_string();
    let svg = dir.join("svg").display().to_string();
    [
        vec!["validate"],
        vec!["convert"],
        vec!["convert", "--to", "json"],
        vec!["replay"],
        vec!["replay", "--format", "json"],
        vec!["replay", "--html", &html],
        vec!["replay", "--replace", "--svg", &svg],
        vec!["explain"],
        vec!["annotate", "--depth", "1"],
    ]
    .into_iter()
    .map(|a| {
        let name = a
            .iter()
            .take_while(|w| !w.starts_with('/'))
            .copied()
            .collect::<Vec<_>>();
        (name.join(" "), a.into_iter().map(str::to_owned).collect())
    })
    .collect()
}

/// The peak memory of every command on records of side lines (issue 34): the number of runs
/// over their bound, refused wrongly or accepted wrongly.
fn side_line_memory() -> Result<usize, String> {
    use testkit::pathological::{SIDE_LINE_SHAPES, side_line_record};
    let bin = crate::bench::release_bin()?;
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    std::fs::create_dir_all(dir.path().join("svg")).map_err(|e| e.to_string())?;
    let mut inputs: Vec<(String, String, bool)> = SIDE_LINE_SHAPES
        .iter()
        .map(|s| {
            let text = side_line_record(s, notation::MAX_RECORD_PLIES);
            ((*s).to_owned(), text, true)
        })
        .collect();
    let over = side_line_record("wide", (notation::reader::MAX_RECORD - 100) / 8);
    inputs.push(("wide, 1 MiB".to_owned(), over, false));
    let mut failures = 0;
    for (shape, text, valid) in &inputs {
        let file = dir.path().join("side-lines.mgn");
        std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
        for (name, args) in side_line_commands(dir.path()) {
            let (wall, _, peak_kb, status) = crate::bench::run_sampled(
                std::process::Command::new(&bin)
                    .args(&args)
                    .arg(&file)
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null()),
            )?;
            let bound = MEMORY_BOUNDS_MB
                .iter()
                .find(|(prefix, _)| name.starts_with(prefix))
                .map_or(32, |(_, mb)| *mb);
            let code = status.code();
            let ok = peak_kb < bound * 1024 && code == Some(if *valid { 0 } else { 1 });
            println!(
                "{} {shape:<12} {:>7} bytes {name:<22} exit {code:?} peak {:>7} kB (bound {bound} MB) {wall:.2} s",
                if ok { "ok  " } else { "FAIL" },
                text.len(),
                peak_kb,
            );
            failures += usize::from(!ok);
        }
    }
    Ok(failures)
}

pub fn limits() -> Result<(), String> {
    let mut failures = linear_reading()?;
    failures += usize::from(!mebibyte_of_forbidden_annotations()?);
    failures += side_line_memory()?;
    if failures > 0 {
        Err(format!("{failures} timed limit check(s) failed"))
    } else {
        Ok(())
    }
}
