//! `cargo xtask`: the project's longer jobs, kept out of `cargo test`.
//!
//! * `cargo xtask perft-suites [--reference] [--limit N]`: every line of every suite in
//!   `tests/perft/`, engine against the expected count; with `--reference` also the reference
//!   implementation of `tests/rules/reference/` (slow).
//! * `cargo xtask perft-speed`: the deepest start-position lines, single- and two-threaded, with
//!   leaves per second.
//! * `cargo xtask gen-records [--out FILE] [--bytes N] [--count N] [--seed S] [--game G]
//!   [--option K=V]... [--max-rounds N]`: random complete matches played by the engine, annotated
//!   and commented, in canonical notation (spec/notation.md); for the 100 MB streaming check of
//!   `mancala validate` and for the corpus's complete matches.

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
        Some("gen-records") => gen_records(&args[1..]),
        _ => Err(
            "usage: cargo xtask (perft-suites [--reference] [--limit N] | perft-speed | gen-records [--out FILE] [--bytes N] [--count N] [--seed S] [--game G] [--option K=V]... [--max-rounds N])"
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
    let dir = root().join("tests/perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
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

fn perft_speed(_args: &[String]) -> Result<(), String> {
    let lines: [(&str, &[&str], u32); 4] = [
        ("bechi", &[], 12),
        ("giuthi", &[], 7),
        ("giuthi", &["holes=6"], 6),
        ("sulus-nishtaw", &[], 10),
    ];
    println!(
        "{:<22} {:>5} {:>14} {:>8} {:>14}",
        "game", "depth", "leaves", "threads", "leaves/s"
    );
    for (game, opts, depth) in lines {
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

/// Random complete matches in canonical notation, until `--bytes` (default 100 MB) or `--count`
/// records have been written. Without `--game` the variants of Bechi and Giuthi take turns.
fn gen_records(args: &[String]) -> Result<(), String> {
    use notation::generate::{GenOptions, random_record};
    use std::io::Write;
    let value = |name: &str| -> Option<&String> {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
    };
    let num = |name: &str, default: u64| -> Result<u64, String> {
        value(name).map_or(Ok(default), |v| {
            v.parse().map_err(|_| format!("{name} needs a number"))
        })
    };
    let bytes = num("--bytes", 100_000_000)?;
    let count = num("--count", u64::MAX)?;
    let seed = num("--seed", 1)?;
    let max_rounds = num("--max-rounds", 12)? as u32;
    let mut variants = Vec::new();
    if let Some(g) = value("--game") {
        let mut v = rules_core::Variant::default_for(g.parse().map_err(|e| format!("{e}"))?);
        for (i, a) in args.iter().enumerate() {
            if a == "--option" {
                let kv = args.get(i + 1).ok_or("--option needs KEY=VALUE")?;
                v.set_option_str(kv).map_err(|e| e.to_string())?;
            }
        }
        variants.push(v);
    } else {
        for (g, opts) in [
            ("bechi", &[][..]),
            ("bechi", &["holes=3"][..]),
            ("giuthi", &[][..]),
            ("giuthi", &["holes=6"][..]),
            ("giuthi", &["holes=5", "seeds=4"][..]),
        ] {
            let mut v = rules_core::Variant::default_for(g.parse().map_err(|e| format!("{e}"))?);
            for o in opts {
                v.set_option_str(o).map_err(|e| e.to_string())?;
            }
            variants.push(v);
        }
    }
    let mut out: Box<dyn Write> = match value("--out") {
        Some(p) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(p).map_err(|e| format!("{p}: {e}"))?,
        )),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    let opts = GenOptions {
        max_rounds,
        ..GenOptions::default()
    };
    let (mut written, mut n) = (0u64, 0u64);
    while written < bytes && n < count {
        let v = variants[(n % variants.len() as u64) as usize];
        let record = random_record(v, seed.wrapping_add(n), opts);
        let text = notation::print_record(&record);
        if n > 0 {
            out.write_all(b"\n").map_err(|e| e.to_string())?;
            written += 1;
        }
        out.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
        written += text.len() as u64;
        n += 1;
    }
    out.flush().map_err(|e| e.to_string())?;
    eprintln!("gen-records: {n} records, {written} bytes");
    Ok(())
}
