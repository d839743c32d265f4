//! `mancala perft`.

use crate::cli::PerftArgs;
use crate::inputs::game_args;
use crate::outputs::exit::{CliError, Verdict};
use rules_core::{COUNT_MAX, PerftOptions, Progress};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// For a run longer than a second, a line on stderr (a terminal) with the work done so far and
/// the time, redrawn a few times a second and erased at the end.
fn progress_line(p: &Progress, finished: &AtomicBool) {
    let start = Instant::now();
    let mut shown = false;
    while !finished.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        let t = start.elapsed();
        if t < Duration::from_secs(1) || !(t.as_millis() / 100).is_multiple_of(5) {
            continue;
        }
        let (done, total) = (
            p.done.load(Ordering::Relaxed),
            p.total.load(Ordering::Relaxed),
        );
        let pct = if total == 0 {
            0.0
        } else {
            100.0 * done as f64 / total as f64
        };
        crate::outputs::diag::control(&format!(
            "\rperft: {done}/{total} parts counted ({pct:.0}%), {:.0} s ",
            t.as_secs_f64()
        ));
        shown = true;
    }
    if shown {
        crate::outputs::diag::control("\r\x1b[K");
    }
}

/// A size as `--hash` takes it: `5G`, `512M`, `64K`, or bytes.
pub fn size_words(bytes: usize) -> String {
    for (unit, shift) in [("G", 30), ("M", 20), ("K", 10)] {
        if bytes >= 1 << shift && bytes.is_multiple_of(1 << shift) {
            return format!("{}{unit}", bytes >> shift);
        }
    }
    bytes.to_string()
}

/// A table the machine cannot give is a usage error (2): a smaller --hash runs.
pub fn hash_refused(e: rules_core::TableError) -> CliError {
    CliError::Usage(format!(
        "--hash {}: not enough memory for a transposition table of that size; give a smaller one",
        size_words(e.bytes)
    ))
}

pub fn run(args: &PerftArgs) -> Result<Verdict, CliError> {
    let pos = game_args::position(&args.game)?;
    let threads = crate::cli::thread_count(args.threads);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.depth == 0 {
        writeln!(out, "1")?;
    } else {
        let progress = Progress::default();
        let opts = PerftOptions {
            threads,
            hash_bytes: args.hash.unwrap_or(0),
            progress: Some(&progress),
            stop: None,
        };
        let finished = AtomicBool::new(false);
        let counts = std::thread::scope(|s| {
            if std::io::stderr().is_terminal() {
                s.spawn(|| progress_line(&progress, &finished));
            }
            let counts = pos.perft_divide_with(args.depth, &opts);
            finished.store(true, Ordering::Relaxed);
            counts
        });
        let counts = counts.map_err(hash_refused)?;
        // Counts are u128 (some positions pass 2^64 paths): the lines and the total agree.
        let mut divide: Vec<(String, u128)> = counts
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        let total = divide
            .iter()
            .try_fold(0u128, |t, (_, n)| t.checked_add(*n))
            .filter(|&t| t < COUNT_MAX)
            .ok_or_else(|| {
                CliError::Usage(format!(
                    "perft {}: the count passes {COUNT_MAX} (2^128 - 1), the most perft counts",
                    args.depth
                ))
            })?;
        if args.divide {
            divide.sort();
            for (m, n) in &divide {
                writeln!(out, "{m} {n}")?;
            }
            writeln!(out)?;
        }
        writeln!(out, "{total}")?;
    }
    out.flush()?;
    Ok(Verdict::Valid)
}
