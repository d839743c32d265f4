//! `cargo xtask`: the project's longer jobs, kept out of `cargo test`.
//!
//! * `cargo xtask perft-suites [--reference] [--limit N] [--suite NAME]`: every line of every
//!   suite in `tests/perft/` (or only `NAME.perft`), engine against the expected count; with
//!   `--reference` also the reference implementation of `tests/rules/reference/` (slow).
//! * `cargo xtask perft-speed [GAME]`: the deepest start-position lines (of one game), single-
//!   and two-threaded, with leaves per second.

#[path = "../../tests/rules/reference/mod.rs"]
#[allow(dead_code)]
mod reference;

use rules_core::Position;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("perft-suites") => perft_suites(&args[1..]),
        Some("perft-speed") => perft_speed(&args[1..]),
        _ => Err(
            "usage: cargo xtask (perft-suites [--reference] [--limit N] [--suite NAME] | perft-speed [GAME])"
                .to_owned(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn perft_suites(args: &[String]) -> Result<(), String> {
    let with_reference = args.iter().any(|a| a == "--reference");
    let limit: u64 = match args.iter().position(|a| a == "--limit") {
        Some(i) => args
            .get(i + 1)
            .and_then(|s| s.parse().ok())
            .ok_or("--limit needs a number")?,
        None => u64::MAX,
    };
    let only: Option<&String> = match args.iter().position(|a| a == "--suite") {
        Some(i) => Some(args.get(i + 1).ok_or("--suite needs a name")?),
        None => None,
    };
    let dir = root().join("tests/perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .filter(|p| only.is_none_or(|o| p.file_stem().is_some_and(|s| s == o.as_str())))
        .collect();
    files.sort();
    let mut failures = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).map_err(|e| format!("{}: {e}", f.display()))?;
        let suite =
            notation::suite::parse_suite(&text).map_err(|e| format!("{}: {e}", f.display()))?;
        for entry in suite {
            let setup = entry.setup().map_err(|e| format!("{}: {e}", entry.id))?;
            let pos = Position::from_setup(&setup).map_err(|e| format!("{}: {e}", entry.id))?;
            for (depth, expected) in entry.perft {
                if expected > limit {
                    continue;
                }
                let t = Instant::now();
                let got = pos
                    .perft_divide(depth, 2)
                    .iter()
                    .map(|(_, n)| n)
                    .sum::<u64>();
                let engine_s = t.elapsed().as_secs_f64();
                let mut line = format!(
                    "{} perft {depth} {expected}: engine {got} ({engine_s:.2}s)",
                    entry.id
                );
                let mut ok = got == expected;
                if with_reference {
                    let t = Instant::now();
                    let r = reference::perft(&setup, depth);
                    line.push_str(&format!(
                        ", reference {r} ({:.2}s)",
                        t.elapsed().as_secs_f64()
                    ));
                    ok &= r == expected;
                }
                println!("{} {line}", if ok { "ok  " } else { "FAIL" });
                failures += usize::from(!ok);
            }
        }
    }
    if failures > 0 {
        Err(format!("{failures} line(s) failed"))
    } else {
        Ok(())
    }
}

fn perft_speed(args: &[String]) -> Result<(), String> {
    let lines: [(&str, &[&str], u32); 4] = [
        ("bechi", &[], 12),
        ("giuthi", &[], 7),
        ("giuthi", &["holes=6"], 6),
        ("redu", &[], 5),
    ];
    println!(
        "{:<22} {:>5} {:>14} {:>8} {:>14}",
        "game", "depth", "leaves", "threads", "leaves/s"
    );
    for (game, opts, depth) in lines {
        if args.first().is_some_and(|g| g != game) {
            continue;
        }
        let mut v = rules_core::Variant::default_for(game.parse().map_err(|e| format!("{e}"))?);
        for o in opts {
            v.set_option_str(o).map_err(|e| e.to_string())?;
        }
        let pos = Position::start(v, rules_core::Player::B);
        for threads in [1, 2] {
            let t = Instant::now();
            let n: u64 = pos
                .perft_divide(depth, threads)
                .iter()
                .map(|(_, n)| n)
                .sum();
            let s = t.elapsed().as_secs_f64();
            println!(
                "{:<22} {depth:>5} {n:>14} {threads:>8} {:>14.0}",
                v.to_string(),
                n as f64 / s
            );
        }
    }
    Ok(())
}
