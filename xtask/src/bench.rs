//! `cargo xtask bench`: perft speed of every game from its start position, and `mancala validate`
//! throughput on a generated corpus (issue 7).
//!
//! For each line (a game with its options) the depth is the deepest whose single-threaded perft
//! runs in at most `--max-seconds` (10 by default), found by counting depth 1, 2, … until a run
//! takes at least a second or the next depth would take too long. That depth is then counted `--runs`
//! times (3 by default) with 1 and with 2 threads; the best wall time is kept, with the CPU time of
//! that run. "Moves made" are the distinct moves the search makes, Σ perft(k) for k = 1..depth
//! (with bulk counting the last ply's moves are made too: each child is needed to tell
//! duplicates apart).
//!
//! Validation: `mancala validate --quiet` (the release binary next to this one) on a corpus of
//! random complete records of every game (`testkit::generate`, cached under `target/`), best of
//! the runs; records/s, plies/s, records of 100 plies per second, MB/s, CPU time and peak resident
//! memory (VmHWM, sampled every few milliseconds from `/proc`).
//!
//! Batch: `mancala moves -` on 200,000 Bechi positions in one process (`bench_batch`).
//!
//! Search: `analyse` to a fixed depth and to a proof in every game, with each of `--threads`
//! (1,2 by default; up to 64 and more on a machine that has the cores), `bench_search`.

use crate::proc_stat::cpu_seconds;
use rules_core::{PerftOptions, Player, Position, Variant};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The perft lines: the default options of each game, and the other board sizes the issue names.
const LINES: [(&str, &[&str]); 9] = [
    ("bechi", &[]),
    ("giuthi", &[]),
    ("giuthi", &["holes=6"]),
    ("giuthi", &["holes=10"]),
    ("sulus-nishtaw", &[]),
    ("uugg", &[]),
    ("uugg", &["holes=5"]),
    ("uugg", &["holes=7"]),
    ("redu", &[]),
];

struct Args {
    json: bool,
    runs: usize,
    max_seconds: f64,
    only: Option<String>,
    hash: Option<String>,
    skip_perft: bool,
    skip_validate: bool,
    skip_batch: bool,
    skip_search: bool,
    /// Threads of the search lines.
    threads: Vec<usize>,
    skip_python: bool,
    records: u64,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        json: false,
        runs: 3,
        max_seconds: 10.0,
        only: None,
        hash: None,
        skip_perft: false,
        skip_validate: false,
        skip_batch: false,
        skip_search: false,
        threads: vec![1, 2],
        skip_python: false,
        records: 20_000,
    };
    let mut it = args.iter();
    while let Some(x) = it.next() {
        let mut val = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
        match x.as_str() {
            "--json" => a.json = true,
            "--runs" => {
                a.runs = val("--runs")?
                    .parse()
                    .map_err(|_| "--runs needs a number")?
            }
            "--max-seconds" => {
                a.max_seconds = val("--max-seconds")?
                    .parse()
                    .map_err(|_| "--max-seconds needs a number")?;
            }
            "--game" => a.only = Some(val("--game")?),
            "--hash" => a.hash = Some(val("--hash")?),
            "--records" => {
                a.records = val("--records")?
                    .parse()
                    .map_err(|_| "--records needs a number")?;
            }
            "--no-perft" => a.skip_perft = true,
            "--no-validate" => a.skip_validate = true,
            "--no-batch" => a.skip_batch = true,
            "--no-search" => a.skip_search = true,
            "--threads" => {
                a.threads = val("--threads")?
                    .split(',')
                    .map(|t| t.parse::<usize>().ok().filter(|&n| (1..=256).contains(&n)))
                    .collect::<Option<Vec<_>>>()
                    .ok_or("--threads needs numbers from 1 to 256, e.g. 1,2,4,8,16,32,64")?;
            }
            "--no-python" => a.skip_python = true,
            _ => return Err(format!("bench: unknown argument `{x}`")),
        }
    }
    a.runs = a.runs.max(1);
    Ok(a)
}

fn proc_state(pid: u32) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat[stat.rfind(')')? + 2..].chars().next()
}

fn vm_hwm_kb(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    s.lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

struct Run {
    wall: f64,
    cpu: f64,
    leaves: u128,
}

fn timed(pos: &Position, depth: u32, threads: usize, hash: Option<usize>) -> Run {
    let cpu0 = cpu_seconds(None).unwrap_or(0.0);
    let t = Instant::now();
    let leaves = match hash {
        None => pos
            .perft_divide(depth, threads)
            .iter()
            .map(|(_, n)| n)
            .sum(),
        Some(bytes) => pos
            .perft_divide_with(
                depth,
                &PerftOptions {
                    threads,
                    hash_bytes: bytes,
                    progress: None,
                    stop: None,
                },
            )
            .unwrap_or_else(|e| panic!("--hash {bytes}: {e}"))
            .iter()
            .map(|(_, n)| n)
            .sum(),
    };
    let wall = t.elapsed().as_secs_f64();
    let cpu = cpu_seconds(None).unwrap_or(0.0) - cpu0;
    Run { wall, cpu, leaves }
}

struct Line {
    name: String,
    depth: u32,
    leaves: u128,
    moves: u128,
    /// (threads, with the table, best wall, its cpu)
    runs: Vec<(usize, bool, f64, f64)>,
}

fn variant(game: &str, opts: &[&str]) -> Result<Variant, String> {
    let mut v = Variant::default_for(game.parse().map_err(|e| format!("{e}"))?);
    for o in opts {
        v.set_option_str(o).map_err(|e| e.to_string())?;
    }
    Ok(v)
}

fn bench_line(v: Variant, a: &Args, hash: Option<usize>) -> Line {
    let pos = Position::start(v, Player::B);
    // Depth: deepen until a run takes a second, or the next would take more than max_seconds.
    let mut counts = vec![];
    let mut depth = 0;
    let mut last = 0.0f64;
    let mut ratio = 10.0f64;
    loop {
        let d = depth + 1;
        if last * ratio > a.max_seconds && depth > 0 {
            break;
        }
        let r = timed(&pos, d, 1, None);
        if r.leaves == 0 {
            break; // the round ends before this depth
        }
        if last > 0.01 {
            ratio = (r.wall / last).max(1.5);
        }
        counts.push(r.leaves);
        depth = d;
        last = r.wall;
        if r.wall >= 1.0 || r.wall > a.max_seconds {
            break;
        }
    }
    let leaves = *counts.last().unwrap_or(&1);
    let moves = counts.iter().sum();
    let mut runs = vec![];
    let configs = [(1, None), (2, None), (1, hash), (2, hash)];
    for (threads, table) in configs.into_iter().take(if hash.is_some() { 4 } else { 2 }) {
        let mut best: Option<Run> = None;
        for _ in 0..a.runs {
            let r = timed(&pos, depth, threads, table);
            assert_eq!(r.leaves, leaves, "{v} perft {depth}: counts differ");
            if best.as_ref().is_none_or(|b| r.wall < b.wall) {
                best = Some(r);
            }
        }
        let b = best.expect("at least one run");
        runs.push((threads, table.is_some(), b.wall, b.cpu));
    }
    Line {
        name: v.to_string(),
        depth,
        leaves,
        moves,
        runs,
    }
}

/// The corpus file, generated once per size under `target/`.
fn corpus(records: u64) -> Result<PathBuf, String> {
    use std::io::Write;
    use testkit::generate::{GenOptions, random_record};
    let dir = crate::root().join("target");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let path = dir.join(format!("bench-corpus-{records}.mgn"));
    if path.exists() {
        return Ok(path);
    }
    eprintln!("bench: writing {} ({records} records)", path.display());
    let mut file = crate::Target::file(&path)
        .open()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = std::io::BufWriter::new(&mut file);
    let opts = GenOptions {
        max_rounds: 1,
        max_plies: 1000,
        ..GenOptions::default()
    };
    // The validation corpus: every game in turn, in the order messages list them.
    let games: Vec<&str> = rules_core::GameKind::names().collect();
    for n in 0..records {
        let g = games[(n % games.len() as u64) as usize];
        let record = random_record(variant(g, &[])?, n + 1, opts);
        if n > 0 {
            out.write_all(b"\n").map_err(|e| e.to_string())?;
        }
        out.write_all(notation::print_record(&record).as_bytes())
            .map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())?;
    drop(out);
    file.finish()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

struct Validation {
    records: u64,
    plies: u64,
    bytes: u64,
    wall: f64,
    cpu: f64,
    peak_kb: u64,
}

/// Plies of the corpus: move tokens, counted by `mancala validate --format json`'s record lines
/// would be slower; each record line of the text output says "N plies".
fn count_plies(out: &str) -> u64 {
    out.lines()
        .filter_map(|l| {
            // tidy: not a message: a figure of the report's record line, `valid (N plies, ...)`
            let (_, rest) = l.split_once("valid (")?;
            let mut parts = rest.split(", ");
            parts.next()?;
            parts.next()?.split(' ').next()?.parse::<u64>().ok()
        })
        .sum()
}

fn mancala_bin() -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_default();
    exe.with_file_name("mancala")
}

fn validate_once(bin: &Path, corpus: &Path) -> Result<(f64, f64, u64), String> {
    let (wall, cpu, peak, status) = run_sampled(
        std::process::Command::new(bin)
            .args(["validate", "--quiet"])
            .arg(corpus)
            .stdout(std::process::Stdio::null()),
    )?;
    if !status.success() {
        return Err(format!("validate failed on the corpus: {status}"));
    }
    Ok((wall, cpu, peak))
}

/// Runs `command` to its end: its wall and CPU seconds, its peak resident memory in kB (VmHWM,
/// sampled every 2 ms from `/proc`) and its exit status (`cargo xtask bench`, `cargo xtask
/// limits`).
pub(crate) fn run_sampled(
    command: &mut std::process::Command,
) -> Result<(f64, f64, u64, std::process::ExitStatus), String> {
    let t = Instant::now();
    let mut child = command
        .spawn()
        .map_err(|e| format!("{:?}: {e}", command.get_program()))?;
    let pid = child.id();
    let (mut peak, mut cpu) = (0u64, 0.0f64);
    // Sample until the process is a zombie (exited, not yet reaped): its CPU times are final.
    loop {
        if let Some(k) = vm_hwm_kb(pid) {
            peak = peak.max(k);
        }
        match proc_state(pid) {
            Some('Z') | None => {
                cpu = cpu_seconds(Some(pid)).unwrap_or(cpu);
                break;
            }
            _ => {
                if let Some(c) = cpu_seconds(Some(pid)) {
                    cpu = c;
                }
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    Ok((t.elapsed().as_secs_f64(), cpu, peak, status))
}

/// The release build of `mancala`, brought up to date: the binary the benchmarks measure.
pub(crate) fn release_bin() -> Result<PathBuf, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let built = std::process::Command::new(cargo)
        .args(["build", "--quiet", "--release", "-p", "mancala"])
        .current_dir(crate::root())
        .status()
        .map_err(|e| e.to_string())?;
    if !built.success() {
        return Err("cargo build --release -p mancala failed".to_owned());
    }
    let bin = mancala_bin();
    if !bin.exists() {
        return Err(format!(
            "{} is missing: run `cargo build --release -p mancala` first",
            bin.display()
        ));
    }
    Ok(bin)
}

fn bench_validate(a: &Args) -> Result<Validation, String> {
    let path = corpus(a.records)?;
    let bin = release_bin()?;
    let bytes = std::fs::metadata(&path).map_err(|e| e.to_string())?.len();
    let listing = std::process::Command::new(&bin)
        .arg("validate")
        .arg(&path)
        .output()
        .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&listing.stdout);
    let plies = count_plies(&text);
    let mut best: Option<(f64, f64, u64)> = None;
    for _ in 0..a.runs {
        let r = validate_once(&bin, &path)?;
        if best.is_none_or(|b| r.0 < b.0) {
            best = Some(r);
        }
    }
    let (wall, cpu, peak_kb) = best.expect("at least one run");
    Ok(Validation {
        records: a.records,
        plies,
        bytes,
        wall,
        cpu,
        peak_kb,
    })
}

/// Parses a size such as `64M`, `1G`, `4096`.
pub fn parse_size(s: &str) -> Result<usize, String> {
    let (num, mult) = match s.chars().last() {
        Some('k' | 'K') => (&s[..s.len() - 1], 1 << 10),
        Some('m' | 'M') => (&s[..s.len() - 1], 1 << 20),
        Some('g' | 'G') => (&s[..s.len() - 1], 1 << 30),
        _ => (s, 1),
    };
    num.parse::<usize>()
        .map(|n| n * mult)
        .map_err(|_| format!("`{s}` is not a size such as 64M"))
}

/// The validation figures, for people.
fn print_validation(v: &Validation, runs: usize) {
    println!();
    println!(
        "validate: {} records, {} plies, {:.1} MB: best of {} runs {:.3} s wall, {:.2} s cpu",
        v.records,
        v.plies,
        v.bytes as f64 / 1e6,
        runs,
        v.wall,
        v.cpu
    );
    println!(
        "validate: {:.0} records/s, {:.0} plies/s = {:.0} records of 100 plies/s, {:.1} MB/s, peak memory {:.1} MB",
        v.records as f64 / v.wall,
        v.plies as f64 / v.wall,
        v.plies as f64 / v.wall / 100.0,
        v.bytes as f64 / 1e6 / v.wall,
        v.peak_kb as f64 / 1024.0
    );
    println!(
        "validate: per core (CPU time): {:.0} records/s, {:.0} plies/s = {:.0} records of 100 plies/s",
        v.records as f64 / v.cpu,
        v.plies as f64 / v.cpu,
        v.plies as f64 / v.cpu / 100.0
    );
}

/// Plies per second from Python (`crates/python/bench/plies.py`), one ply a call and a batch a
/// call, with the package's wheel built and installed into `target/python/venv` first (as `cargo
/// xtask test` does): the script's table, or its JSON object with `--json`.
fn python_plies(a: &Args) -> Result<String, String> {
    let root = crate::root();
    let venv = crate::test::prepare(
        &root,
        &mut crate::test::Times::default(),
        crate::test::Wheel::Release,
    )?;
    let mut cmd = std::process::Command::new(crate::test::python(&venv));
    cmd.arg(root.join("crates/python/bench/plies.py"))
        .args(["--runs", &a.runs.to_string()]);
    if a.json {
        cmd.arg("--json");
    }
    let out = cmd
        .output()
        .map_err(|e| format!("python bench: cannot start: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "python bench failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("python bench: {e}"))
}

/// The perft lines: printed as they come in text, kept for the JSON.
fn perft_lines(a: &Args, hash: Option<usize>) -> Result<Vec<Line>, String> {
    let mut lines = vec![];
    if !a.json {
        println!(
            "{:<18} {:>5} {:>13} {:>13} {:>3} {:>7} {:>7} {:>12} {:>12} {:>7}",
            "game",
            "depth",
            "leaves",
            "moves made",
            "thr",
            "wall s",
            "cpu s",
            "leaves/s",
            "moves/s",
            "speedup"
        );
    }
    for (game, opts) in LINES {
        if a.only.as_deref().is_some_and(|g| g != game) {
            continue;
        }
        let line = bench_line(variant(game, opts)?, a, hash);
        if !a.json {
            let base = line.runs[0].2;
            for &(threads, table, wall, cpu) in &line.runs {
                println!(
                    "{:<18} {:>5} {:>13} {:>13} {:>3} {:>7.3} {:>7.2} {:>12.0} {:>12.0} {:>7.2}",
                    line.name,
                    line.depth,
                    line.leaves,
                    line.moves,
                    format!("{threads}{}", if table { "h" } else { "" }),
                    wall,
                    cpu,
                    line.leaves as f64 / wall,
                    line.moves as f64 / wall,
                    base / wall
                );
            }
        }
        lines.push(line);
    }
    Ok(lines)
}

pub fn bench(args: &[String]) -> Result<(), String> {
    let a = parse_args(args)?;
    let hash = a.hash.as_deref().map(parse_size).transpose()?;
    let lines = if a.skip_perft {
        Vec::new()
    } else {
        perft_lines(&a, hash)?
    };
    let validation = if a.skip_validate {
        None
    } else {
        Some(bench_validate(&a)?)
    };
    let batch = if a.skip_batch {
        None
    } else {
        Some(crate::bench_batch::moves_batch(
            &release_bin()?,
            200_000,
            a.runs,
        )?)
    };
    let search = if a.skip_search {
        None
    } else {
        Some(crate::bench_search::bench(
            a.only.as_deref(),
            &a.threads,
            a.runs,
            a.json,
        )?)
    };
    let python = if a.skip_python {
        None
    } else {
        Some(python_plies(&a)?)
    };
    if !a.json {
        if let Some(t) = &search {
            println!();
            print!("{t}");
        }
        if let Some(b) = batch {
            println!("{}", crate::bench_batch::text(b, a.runs));
        }
        if let Some(p) = &python {
            println!();
            println!(
                "Python (mancala_games, a wheel built now), random plies from each start, best of {} runs:",
                a.runs
            );
            print!("{p}");
        }
        if let Some(v) = &validation {
            print_validation(v, a.runs);
        }
        return Ok(());
    }
    // JSON, by hand: the xtask has no serde.
    let mut j = String::from("{\"perft\":[");
    for (k, l) in lines.iter().enumerate() {
        if k > 0 {
            j.push(',');
        }
        let _ = write!(
            j,
            "{{\"variant\":\"{}\",\"depth\":{},\"leaves\":{},\"moves\":{},\"hash_bytes\":{},\"runs\":[",
            l.name,
            l.depth,
            l.leaves,
            l.moves,
            hash.unwrap_or(0)
        );
        for (i, &(threads, table, wall, cpu)) in l.runs.iter().enumerate() {
            if i > 0 {
                j.push(',');
            }
            let _ = write!(
                j,
                "{{\"threads\":{threads},\"hash\":{table},\"wall_s\":{wall:.6},\"cpu_s\":{cpu:.2},\"leaves_per_s\":{:.0},\"moves_per_s\":{:.0}}}",
                l.leaves as f64 / wall,
                l.moves as f64 / wall
            );
        }
        j.push_str("]}");
    }
    j.push_str("],\"validate\":");
    match &validation {
        None => j.push_str("null"),
        Some(v) => {
            let _ = write!(
                j,
                "{{\"records\":{},\"plies\":{},\"bytes\":{},\"wall_s\":{:.6},\"cpu_s\":{:.2},\"records_per_s\":{:.0},\"plies_per_s\":{:.0},\"records_of_100_plies_per_s\":{:.0},\"records_of_100_plies_per_cpu_s\":{:.0},\"mb_per_s\":{:.2},\"peak_rss_kb\":{}}}",
                v.records,
                v.plies,
                v.bytes,
                v.wall,
                v.cpu,
                v.records as f64 / v.wall,
                v.plies as f64 / v.wall,
                v.plies as f64 / v.wall / 100.0,
                v.plies as f64 / v.cpu / 100.0,
                v.bytes as f64 / 1e6 / v.wall,
                v.peak_kb
            );
        }
    }
    j.push_str(&crate::bench_batch::json_member(batch));
    if let Some(member) = &search {
        j.push_str(member);
    }
    if let Some(p) = &python {
        j.push_str(",\"python\":");
        j.push_str(p.trim());
    }
    j.push('}');
    println!("{j}");
    Ok(())
}
