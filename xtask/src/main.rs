//! `cargo xtask`: the project's longer jobs, kept out of `cargo test`. The alias (`.cargo/
//! config.toml`) builds xtask in the dev profile that `cargo test` shares; the commands that
//! compute or time in this process run it again built in release ([`IN_RELEASE`]).
//!
//! * `cargo xtask test [--python-only]`: every test, Rust and Python: `cargo test --workspace`,
//!   then the Python package's wheel built into a virtual environment under `target/python/` and
//!   its pytest suite (`test.rs`); what `.ci/run` runs.
//! * `cargo xtask perft-suites [--reference] [--limit N] [--suite NAME] [--hash SIZE]`: every
//!   line of every suite in `tests/perft/` (or only `NAME.perft`), engine against the expected
//!   count (with a transposition table of SIZE bytes if given); with `--reference` also the
//!   reference implementation of `crates/testkit/src/reference/` (slow).
//! * `cargo xtask bench [--json] [--runs N] [--game G] [--hash SIZE] [--max-seconds S]
//!   [--records N] [--no-perft] [--no-validate] [--no-batch] [--no-python] [--no-search]
//!   [--threads 1,2,..]`: perft speed of every game from its start (1 and 2 threads, leaves and
//!   moves made per second, CPU and wall time, best of N) and `mancala validate` throughput on a
//!   generated corpus (records/s, MB/s, peak memory), `mancala moves -` on 200,000 Bechi
//!   positions in one process (positions/s), plies per second from Python (the package's wheel
//!   built into `target/python/`: one ply a call and a batch of positions a call,
//!   `crates/python/bench/plies.py`), and `analyse` to a fixed depth and to a proof in every game
//!   with each number of `--threads` (time, CPU time, nodes, speedup); see `bench.rs`,
//!   `bench_search.rs`.
//! * `cargo xtask gen-records [--out FILE|-] [--bytes N] [--count N] [--seed S] [--game G]
//!   [--option K=V]... [--max-rounds N]`: random complete matches played by the engine, annotated
//!   and commented, in canonical notation (spec/notation.md), to FILE (written as the binary
//!   writes its outputs: `crates/cli/src/outputs/target.rs`) or standard output; for the 100 MB
//!   streaming check of `mancala validate` and for the corpus's complete matches.
//! * `cargo xtask uugg-endless [--holes N] [--depth D] [--list]`: searches the positions
//!   reachable from the Uugg start for starts whose sowing never ends (uugg.md U15, rules README
//!   §4) and reports their periods in laps: how the endless start of `tests/rules/uugg_examples.rs`
//!   was found.
//! * `cargo xtask limits`: the timed checks that pathological records (a million plies, a 10 MB
//!   comment, runs of openers) are read in linear time and that a mebibyte of `forbidden`
//!   annotations validates in seconds, in release (`limits.rs`; timings stay out of `cargo test`,
//!   which checks the same inputs' results).
//! * `cargo xtask solve-check [--db FILE] [--count N] [--nodes N]`: N positions (10 000) of the
//!   Bechi 2×3 database (solved on the spot without `--db`), each searched to the end without the
//!   database, values compared under both conventions for endless play (`analysis.rs`).
//! * `cargo xtask accuracy [--db FILE] [--count N] [--times 1,10,100]`: the search's move at each
//!   time per position against the database: share of best moves found, mean seeds lost.
//! * `cargo xtask match [--game G [--option K=V]...] [--openings N] [--opening-plies K]
//!   [--seed S] [--strong LIMIT] [--weak LIMIT] [--pairings limits,random,threads]
//!   [--threads-time T] [--max-plies N] [--jobs N] [--hash SIZE] [--no-history] [--json]
//!   [--games]`: strength measured, an engine-strength match (not `mancala match`, the Bechi match solved): `analyse`
//!   at `--strong` (nodes=20000) against `--weak` (nodes=2000), `--weak` against a random mover,
//!   and 2 threads against 1 at `--threads-time`, over N seeded openings of every game, each
//!   played twice with colours swapped to the end of round 1; the score with its 95 % interval
//!   and Elo, and the games where a position came a third time (each search knows the game's
//!   positions since the last capture; `--no-history`: lone positions, as `mancala analyse`)
//!   (`engine_match.rs`, spec/analysis.md §13).
//! * `cargo xtask check-proof FILE...`: each proof file written by `mancala analyse --proof`
//!   (spec/analysis.md §8) checked by `proof-check`, which knows the rules and nothing of the
//!   search: every node replayed, every bound verified; nodes, depth, bytes and time
//!   (`check_proof.rs`).
//! * `cargo xtask dist [--out DIR]`: shell completions and man pages of `mancala`, written by the
//!   binary itself (`mancala completions`, `mancala man`), into `target/dist/` (`tool.rs`).
//! * `cargo xtask render [--out DIR] [--only PATTERN] [--no-install]`: the SVG pictures of every
//!   rule-book example rendered to PNG with librsvg's rsvg-convert (installed from the
//!   distribution when missing), into `target/render/png/` (`tool.rs`).
//! * `cargo xtask compare-outputs --old BIN [--new BIN] [--quick]`: every output of the binary
//!   on the corpus and on the positions it reaches, old binary against new (default
//!   `target/release/mancala`), byte for byte: for changes that must not change behaviour
//!   (`compare.rs`).
//! * `cargo xtask cold-build [--ci | --xtask-test] [--dir DIR]`: `cargo test --workspace` (with
//!   `--ci`, `.ci/run`; with `--xtask-test`, `cargo xtask test`) in a fresh copy of the checkout
//!   with nothing built (`target/cold-build/src` by default), with its wall and CPU time, each
//!   part's, the crates compiled and each test binary's time (`cold.rs`; figures in
//!   docs/guide/first-hour.md).
//! * `cargo xtask endgame [--option K=V]... --seeds K [--indexed [--threads T]] [--check N]`:
//!   every Giuthi position of at most K seeds solved into an endgame table (with `--indexed`,
//!   the perfectly indexed one, level by level), with its size, time and peak memory, then N
//!   positions of random games it covers searched without it and compared (`endgame.rs`;
//!   spec/analysis.md §12).
//! * `cargo xtask serve-load [--clients N] [--seconds S] [--analyses K]`: the load test of
//!   `mancala serve`: N clients (16) for S seconds (20) on the loopback address, mixing moves,
//!   analyses (some abandoned) and malformed requests; every request answered, memory sampled,
//!   nothing left running, Ctrl-C clean (`serve_load.rs`, spec/serve.md §3; figures in docs/guide/serve.md).

mod tool;

mod analysis;
mod bench;
mod bench_batch;
mod bench_search;
mod check_proof;
mod cold;
mod compare;
mod endgame;
mod engine_match;
mod limits;
mod proc_stat;
mod serve_load;
mod test;

/// Every file written as the binary writes its outputs (`crates/cli/src/outputs/target.rs`).
use mancala::testing::target::Target;
use testkit::reference;

use rules_core::Position;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The commands whose work runs in this process and is timed or long (perft, search, solving,
/// generation, reading limits) or compares outputs of the release binary: they run built in
/// release. `cargo xtask` builds xtask in the dev profile that `cargo test` shares, so that `cargo
/// xtask test` builds nothing `cargo test` does not (issue 37.2); these run xtask again, built
/// in release ([`in_release`]).
const IN_RELEASE: [&str; 11] = [
    "perft-suites",
    "bench",
    "gen-records",
    "uugg-endless",
    "limits",
    "solve-check",
    "accuracy",
    "match",
    "check-proof",
    "endgame",
    "compare-outputs",
];

/// Runs this command again as `cargo run --release -p xtask -- ARGS` (cargo's progress shown):
/// its exit status.
fn in_release(args: &[String]) -> ExitCode {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    eprintln!(
        "xtask: `{}` runs built in release: cargo run --release -p xtask (a first build takes minutes)",
        args[0]
    );
    let status = std::process::Command::new(cargo)
        .args(["run", "--release", "--package", "xtask", "--"])
        .args(args)
        .current_dir(root())
        .status();
    match status {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(s) => ExitCode::from(s.code().map_or(1, |c| u8::try_from(c).unwrap_or(1))),
        Err(e) => {
            eprintln!("xtask: cannot run cargo: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `println!` panics when standard output is a closed pipe (`cargo xtask bench | head -1`): every
/// command ends quietly there instead, with status 0, as the binary does (docs/guide/exit-status.md).
fn quiet_on_a_closed_stdout() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let text = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or_default();
        // tidy: not a message: std's panic text for a closed stdout is all there is to go by.
        if text.starts_with("failed printing to stdout") && text.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_a_closed_stdout();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if cfg!(debug_assertions)
        && args
            .first()
            .is_some_and(|a| IN_RELEASE.contains(&a.as_str()))
    {
        return in_release(&args);
    }
    let result = match args.first().map(String::as_str) {
        Some("test") => test::test(&args[1..]),
        Some("perft-suites") => perft_suites(&args[1..]),
        Some("bench") => bench::bench(&args[1..]),
        Some("gen-records") => gen_records(&args[1..]),
        Some("uugg-endless") => uugg_endless(&args[1..]),
        Some("limits") => limits::limits(),
        Some("solve-check") => analysis::solve_check(&args[1..]),
        Some("accuracy") => analysis::accuracy(&args[1..]),
        Some("match") => engine_match::engine_match(&args[1..]),
        Some("check-proof") => check_proof::check_proof(&args[1..]),
        Some("dist") => tool::dist(&args[1..]),
        Some("render") => tool::render(&args[1..]),
        Some("compare-outputs") => compare::compare_outputs(&args[1..]),
        Some("cold-build") => cold::cold_build(&args[1..]),
        Some("endgame") => endgame::endgame(&args[1..]),
        Some("serve-load") => serve_load::serve_load(&args[1..]),
        _ => Err(
            "usage: cargo xtask (test [--python-only] | perft-suites [--reference] [--limit N] [--suite NAME] [--hash SIZE] | bench [--json] [--runs N] [--game G] [--hash SIZE] [--max-seconds S] [--records N] [--no-perft] [--no-validate] [--no-batch] [--no-python] [--no-search] [--threads 1,2,4,..] | gen-records [--out FILE] [--bytes N] [--count N] [--seed S] [--game G] [--option K=V]... [--max-rounds N] | uugg-endless [--holes N] [--depth D] [--list] | limits | solve-check [--db FILE] [--count N] [--nodes N] | accuracy [--db FILE] [--count N] [--times MS,MS,..] | match [--game G [--option K=V]...] [--openings N] [--opening-plies K] [--seed S] [--strong LIMIT] [--weak LIMIT] [--pairings limits,random,threads] [--threads-time T] [--max-plies N] [--jobs N] [--hash SIZE] [--no-history] [--json] [--games] | check-proof FILE... | dist [--out DIR] | render [--out DIR] [--only PATTERN] [--no-install] | cold-build [--ci | --xtask-test] [--dir DIR] | compare-outputs --old BIN [--new BIN] [--quick] | endgame [--option K=V]... --seeds K [--indexed [--threads T]] [--check N] | serve-load [--clients N] [--seconds S] [--analyses K])"
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
    let limit: u128 = match args.iter().position(|a| a == "--limit") {
        Some(i) => args
            .get(i + 1)
            .and_then(|s| s.parse().ok())
            .ok_or("--limit needs a number")?,
        None => u128::MAX,
    };
    let hash = match args.iter().position(|a| a == "--hash") {
        Some(i) => bench::parse_size(args.get(i + 1).ok_or("--hash needs a size")?)?,
        None => 0,
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
            testkit::suite::parse_suite(&text).map_err(|e| format!("{}: {e}", f.display()))?;
        for entry in suite {
            let setup = entry.setup().map_err(|e| format!("{}: {e}", entry.id))?;
            let pos = Position::from_setup(&setup).map_err(|e| format!("{}: {e}", entry.id))?;
            for (depth, expected) in entry.perft {
                if expected > limit {
                    continue;
                }
                let t = Instant::now();
                let got = pos
                    .perft_divide_with(
                        depth,
                        &rules_core::PerftOptions {
                            threads: 2,
                            hash_bytes: hash,
                            progress: None,
                            stop: None,
                        },
                    )
                    .map_err(|e| e.to_string())?
                    .iter()
                    .map(|(_, n)| n)
                    .sum::<u128>();
                let engine_s = t.elapsed().as_secs_f64();
                let mut line = format!(
                    "{} perft {depth} {expected}: engine {got} ({engine_s:.2}s)",
                    entry.id
                );
                let mut ok = got == expected;
                if with_reference {
                    let t = Instant::now();
                    let r = u128::from(reference::perft(&setup, depth));
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

/// Random complete matches in canonical notation, until `--bytes` (default 100 MB) or `--count`
/// records have been written. Without `--game` the variants of Bechi and Giuthi take turns.
fn gen_records(args: &[String]) -> Result<(), String> {
    use std::io::Write;
    use testkit::generate::{GenOptions, random_record};
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
    // `--out FILE` is written as every output of the binary is (`outputs/target.rs`): a file whole or not
    // at all (issue 8) through an exclusive temporary file that no planted link redirects and an
    // interrupted run removes (issue 13); a device or a FIFO in place; `-` is standard output.
    let target = Target::new(value("--out").map_or("-", String::as_str));
    let mut file = target
        .open()
        .map_err(|e| format!("--out {}: {e}", target.shown()))?;
    let mut out = std::io::BufWriter::new(&mut file);
    let opts = GenOptions {
        max_rounds,
        ..GenOptions::default()
    };
    let mut write_all = || -> Result<(u64, u64), String> {
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
        Ok((n, written))
    };
    // On failure the unfinished file is dropped, which removes its temporary file.
    let (n, written) = write_all()?;
    drop(out);
    file.finish()
        .map_err(|e| format!("--out {}: {e}", target.shown()))?;
    eprintln!("gen-records: {n} records, {written} bytes");
    Ok(())
}

/// Breadth-first over the distinct positions reachable from the Uugg start (B opens), trying every
/// start of the player to move: a start that `play` refuses with U15 never ends. Its period is
/// measured by the reference implementation (Brent's algorithm, then one more turn of the cycle).
fn uugg_endless(args: &[String]) -> Result<(), String> {
    let arg = |name: &str, default: u32| -> Result<u32, String> {
        match args.iter().position(|a| a == name) {
            Some(i) => args
                .get(i + 1)
                .and_then(|s| s.parse().ok())
                .ok_or(format!("{name} needs a number")),
            None => Ok(default),
        }
    };
    let holes = arg("--holes", 7)?;
    let depth = arg("--depth", 7)?;
    let list = args.iter().any(|a| a == "--list");
    let mut v = rules_core::Variant::default_for(rules_core::GameKind::Uugg);
    v.set_option("holes", &holes.to_string())
        .map_err(|e| e.to_string())?;
    let start = Position::start(v, rules_core::Player::B);
    let mut seen = std::collections::HashSet::new();
    seen.insert(start);
    let mut frontier = vec![(start, Vec::<rules_core::Move>::new())];
    let mut found = 0u64;
    let mut shortest: Option<(u64, String, String, String)> = None;
    let mut longest = 0u64;
    for d in 0..=depth {
        let mut here = 0u64;
        for (p, path) in &frontier {
            let g = p.geometry();
            let s = p.to_setup();
            for i in 0..g.len() {
                if s.owner(i) != p.to_move() || s.mark(i).is_some() || s.seeds[i] == 0 {
                    continue;
                }
                let hole = g.hole(i);
                let Err(e) = p.play(&rules_core::Move::sow(hole), rules_core::PlayOptions::QUIET)
                else {
                    continue;
                };
                if e.rule != rules_core::Rule::U15 {
                    continue;
                }
                let period = reference::uugg::endless_period(&s, i)
                    .ok_or("the reference finds that this sowing ends")?;
                here += 1;
                longest = longest.max(period);
                if list {
                    let moves: Vec<String> = path.iter().map(ToString::to_string).collect();
                    println!(
                        "  ply {d}: {hole} never ends (period {period} laps) in {}, reached by {}",
                        notation::write_position(&s),
                        moves.join(" ")
                    );
                }
                if shortest.as_ref().is_none_or(|(q, ..)| period < *q) {
                    let moves: Vec<String> = path.iter().map(ToString::to_string).collect();
                    shortest = Some((
                        period,
                        notation::write_position(&s),
                        hole.to_string(),
                        moves.join(" "),
                    ));
                }
            }
        }
        println!(
            "ply {d}: {} distinct positions, {here} endless starts",
            frontier.len()
        );
        found += here;
        if d == depth {
            break;
        }
        let mut next = Vec::new();
        for (p, path) in &frontier {
            for (m, c) in p.legal_moves_with_positions() {
                if seen.insert(c) {
                    let mut path = path.clone();
                    path.push(m);
                    next.push((c, path));
                }
            }
        }
        frontier = next;
    }
    println!("{found} endless starts; longest period {longest} laps");
    if let Some((period, pos, hole, moves)) = shortest {
        println!(
            "shortest period {period} laps: {hole} in {pos}\n  reached from the start by: {moves}"
        );
    }
    Ok(())
}
