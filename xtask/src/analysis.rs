//! `cargo xtask solve-check` and `cargo xtask accuracy` (spec/analysis.md §5): the Bechi 2×3
//! database against a search without it, and the search's play against the database.

use analysis::db::{self, Database};
use analysis::search::Oracle;
use analysis::solve::{SolveOptions, solve};
use analysis::value::Outcome;
use analysis::{Limits, SearchOptions, analyse};
use rules_core::{BechiOptions, Player, Position, Variant};
use std::time::{Duration, Instant};

fn flag<'a>(args: &'a [String], name: &str) -> Option<&'a String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
}

fn number(args: &[String], name: &str, default: u64) -> Result<u64, String> {
    flag(args, name).map_or(Ok(default), |s| {
        s.parse().map_err(|_| format!("{name} needs a number"))
    })
}

/// The database of `--db FILE`, or Bechi 2×3 solved now from both starts.
fn database(args: &[String]) -> Result<Database, String> {
    if let Some(path) = flag(args, "--db") {
        return Database::open_path(std::path::Path::new(path)).map_err(|e| format!("{path}: {e}"));
    }
    let variant = Variant::Bechi(BechiOptions { holes: 3 });
    let t = Instant::now();
    let roots = [
        Position::start(variant, Player::B),
        Position::start(variant, Player::A),
    ];
    let options = SolveOptions {
        work: None,
        threads: 2,
        max_positions: None,
    };
    let (solution, stats) = solve(&roots, &options, &mut |_| {}).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    let check = db::write(&solution, &mut bytes).map_err(|e| e.to_string())?;
    eprintln!(
        "solved bechi holes=3: {} positions in {:.1} s, check fnv1a64:{check:016x}",
        stats.positions,
        t.elapsed().as_secs_f64(),
    );
    Database::from_bytes(bytes)
}

/// About `count` positions of the database (all of them if it holds fewer): from every slice
/// its share of `count` and at least one, spread evenly over the slice; only positions whose round
/// is not over when `ongoing`.
fn sample(db: &Database, count: usize, ongoing: bool) -> Result<Vec<Position>, String> {
    let shape = db.shape();
    let slices: Vec<(usize, u64)> = db.slices().map(|(_, n)| n).enumerate().collect();
    let total: u64 = slices.iter().map(|s| s.1).sum();
    let mut out = Vec::new();
    for (s, n) in slices {
        let share = ((count as u64 * n).div_ceil(total.max(1))).clamp(1, n);
        for k in 0..share {
            let b = db.nth(s, k * n / share)?;
            let p = shape.position(&b).map_err(|e| e.to_string())?;
            if !ongoing || p.round_result().is_none() {
                out.push(p);
            }
        }
    }
    Ok(out)
}

/// `cargo xtask solve-check [--db FILE] [--count N] [--nodes N]`: about N positions (default
/// 10 000) of the database, from every slice, each searched to the end without it (at most
/// `--nodes` per position, default 50 million), values compared under both conventions; the
/// database's blocks are all read and checked first.
pub fn solve_check(args: &[String]) -> Result<(), String> {
    let db = database(args)?;
    let t0 = Instant::now();
    db.verify()?;
    eprintln!(
        "{}: {} positions in {} slices, every block checked in {:.1} s",
        db.variant(),
        db.positions(),
        db.slices().count(),
        t0.elapsed().as_secs_f64()
    );
    let count = number(args, "--count", 10_000)? as usize;
    let nodes = number(args, "--nodes", 50_000_000)?;
    let positions = sample(&db, count, false)?;
    if let Some(path) = flag(args, "--db") {
        lookups(path, &positions)?;
    }
    let t = Instant::now();
    let (mut agreed, mut unproved, mut total_nodes) = (0usize, 0usize, 0u64);
    for (i, p) in positions.iter().enumerate() {
        let a = analyse(
            p,
            &SearchOptions {
                limits: Limits {
                    nodes: Some(nodes),
                    ..Limits::default()
                },
                ..SearchOptions::default()
            },
        )
        .map_err(|e| e.to_string())?;
        total_nodes += a.nodes;
        if !a.proved {
            unproved += 1;
            continue;
        }
        let stored = db
            .probe(p)
            .ok_or("a sampled position is not in the database")?;
        let stored = stored.map(Outcome::from_score);
        if [a.value, a.worst] != stored {
            return Err(format!(
                "{}: the database says {} / {}, the search {} / {}",
                notation::write_view(p.view()),
                stored[0],
                stored[1],
                a.value,
                a.worst
            ));
        }
        agreed += 1;
        if (i + 1) % 1000 == 0 {
            eprintln!("{} checked, {:.0} s", i + 1, t.elapsed().as_secs_f64());
        }
    }
    println!(
        "{} positions of {} ({} positions, every one of its {} slices sampled): {agreed} agree \
         with a search without the database, {unproved} not proved within {nodes} nodes, 0 \
         disagree; {total_nodes} nodes in {:.1} s",
        positions.len(),
        db.variant(),
        db.positions(),
        db.slices().count(),
        t.elapsed().as_secs_f64()
    );
    if let Some(f) = db.failure() {
        return Err(f);
    }
    if unproved > 0 {
        return Err(format!("{unproved} positions not proved"));
    }
    Ok(())
}

/// Times `probe` on the sampled positions in a database opened afresh: the first time (each block
/// read from the file and checked) and again (blocks in the cache).
fn lookups(path: &str, positions: &[Position]) -> Result<(), String> {
    let t = Instant::now();
    let db = Database::open_path(std::path::Path::new(path))?;
    let open = t.elapsed().as_secs_f64();
    let mut found = 0usize;
    let mut times = Vec::new();
    for _ in 0..2 {
        let t = Instant::now();
        for p in positions {
            found += usize::from(db.probe(p).is_some());
        }
        times.push(t.elapsed().as_secs_f64() * 1e6 / positions.len().max(1) as f64);
    }
    println!(
        "lookups: opened in {:.1} ms; {} positions looked up ({found} found over two rounds), \
         {:.1} µs each the first time (a block read and checked), {:.2} µs each again",
        open * 1e3,
        positions.len(),
        times[0],
        times[1]
    );
    db.failure().map_or(Ok(()), Err)
}

/// The database value of each move of `p`, for its player to move (endless play his best).
fn move_values(db: &Database, p: &Position) -> Result<Vec<(rules_core::Move, i32)>, String> {
    p.legal_moves_with_positions()
        .into_iter()
        .map(|(m, c)| {
            let [b, w] = db.probe(&c).ok_or("a child is not in the database")?;
            Ok((m, if c.to_move() == p.to_move() { b } else { -w }))
        })
        .collect()
}

/// `cargo xtask accuracy [--db FILE] [--count N] [--times 1,10,100]`: for N positions of the
/// database (default 2000, evenly spread, round not over), the search's move at each time per
/// position (milliseconds) against the database: the share of positions where it is a best move
/// and the mean seeds lost.
pub fn accuracy(args: &[String]) -> Result<(), String> {
    let db = database(args)?;
    let count = number(args, "--count", 2000)? as usize;
    let times: Vec<u64> = flag(args, "--times")
        .map_or("1,10,100", String::as_str)
        .split(',')
        .map(|t| {
            t.parse()
                .map_err(|_| "--times needs milliseconds, e.g. 1,10,100".to_owned())
        })
        .collect::<Result<_, _>>()?;
    let positions = sample(&db, count, true)?;
    let values: Vec<Vec<(rules_core::Move, i32)>> = positions
        .iter()
        .map(|p| move_values(&db, p))
        .collect::<Result<_, _>>()?;
    let choice = values
        .iter()
        .filter(|v| v.iter().any(|(_, x)| *x != v[0].1))
        .count();
    println!(
        "{}: {} positions (of {} records, evenly spread), {choice} where the moves' values differ",
        db.variant(),
        positions.len(),
        db.positions()
    );
    println!(
        "time/position  best move found  (where it matters)  mean seeds lost  max lost  nodes/s"
    );
    for &ms in &times {
        let (mut found, mut found_choice, mut lost, mut max_lost) = (0usize, 0usize, 0i64, 0i32);
        let (mut nodes, mut secs) = (0u64, 0f64);
        for (p, v) in positions.iter().zip(&values) {
            let a = analyse(
                p,
                &SearchOptions {
                    limits: Limits {
                        time: Some(Duration::from_millis(ms)),
                        ..Limits::default()
                    },
                    ..SearchOptions::default()
                },
            );
            // A limit too short for depth 1 gives no move: then the first legal move is played.
            if let Ok(a) = &a {
                nodes += a.nodes;
                secs += a.elapsed.as_secs_f64();
            }
            let chosen = a.ok().and_then(|a| a.best()).unwrap_or(v[0].0);
            let best = v.iter().map(|(_, x)| *x).max().unwrap_or(0);
            let got = v
                .iter()
                .find(|(m, _)| *m == chosen)
                .map_or(best, |(_, x)| *x);
            let matters = v.iter().any(|(_, x)| *x != v[0].1);
            if got == best {
                found += 1;
                found_choice += usize::from(matters);
            }
            lost += i64::from(best - got);
            max_lost = max_lost.max(best - got);
        }
        let n = positions.len().max(1) as f64;
        println!(
            "{ms:>9} ms  {:>14.2}%  {:>17.2}%  {:>15.3}  {max_lost:>8}  {:>7.0}",
            100.0 * found as f64 / n,
            100.0 * found_choice as f64 / choice.max(1) as f64,
            lost as f64 / n,
            nodes as f64 / secs.max(1e-9)
        );
    }
    Ok(())
}
