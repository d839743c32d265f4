//! `cargo xtask endgame [--option K=V]... --seeds K [--indexed] [--threads T] [--check N]`:
//! every Giuthi position of at most K seeds solved into an endgame table (spec/analysis.md §12),
//! the hashed one or with `--indexed` the perfectly indexed one (§12.5, level by level, its
//! moves played on T threads), with the positions, CPU and wall time and peak memory it took;
//! then N positions of random games that the table covers, each searched without it until
//! proved, their values compared under both conventions.

use analysis::endgame::indexed::Indexed;
use analysis::endgame::{CLOSURE_LIMIT, Endgame};
use analysis::search::Oracle;
use analysis::{Engine, Limits, Outcome, SearchOptions};
use rules_core::{GameKind, Player, Position, Variant};
use std::time::Instant;

fn flag<'a>(args: &'a [String], name: &str) -> Option<&'a String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
}

/// Peak resident memory of this process, in kB (`VmHWM`).
fn peak_kb() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    s.lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

pub fn endgame(args: &[String]) -> Result<(), String> {
    let mut variant = Variant::default_for(GameKind::Giuthi);
    for (i, a) in args.iter().enumerate() {
        if a == "--option" || a == "-o" {
            let kv = args.get(i + 1).ok_or("--option needs KEY=VALUE")?;
            variant.set_option_str(kv).map_err(|e| e.to_string())?;
        }
    }
    let seeds: u32 = flag(args, "--seeds")
        .ok_or("--seeds K is needed")?
        .parse()
        .map_err(|_| "--seeds needs a number")?;
    let check: usize = flag(args, "--check").map_or(Ok(0), |s| {
        s.parse().map_err(|_| "--check needs a number".to_owned())
    })?;
    if args.iter().any(|a| a == "--indexed") {
        let threads: usize = flag(args, "--threads").map_or(Ok(1), |s| {
            s.parse().map_err(|_| "--threads needs a number".to_owned())
        })?;
        return indexed(variant, seeds, threads, check);
    }
    let table = Endgame::new(variant, seeds, CLOSURE_LIMIT).map_err(|e| e.to_string())?;
    let cpu0 = crate::proc_stat::cpu_seconds(None).unwrap_or(0.0);
    let t = Instant::now();
    let boards = table.fill().map_err(|e| e.to_string())?;
    let s = table.stats();
    println!(
        "{} seeds={seeds}: {boards} boards, {} positions in {} closures; {:.1} s CPU, {:.1} s wall, {} MB peak",
        variant.kind().name(),
        s.positions,
        s.closures,
        crate::proc_stat::cpu_seconds(None).unwrap_or(0.0) - cpu0,
        t.elapsed().as_secs_f64(),
        peak_kb().unwrap_or(0) / 1024,
    );
    compare(&table, variant, check)
}

/// The perfectly indexed table, level by level: boards, moves staying in the level, boards
/// endless play decides, seconds playing moves and solving, peak memory so far.
fn indexed(variant: Variant, seeds: u32, threads: usize, check: usize) -> Result<(), String> {
    let cpu0 = crate::proc_stat::cpu_seconds(None).unwrap_or(0.0);
    let t = Instant::now();
    let table = Indexed::solve(variant, seeds, threads, &mut |r| {
        println!(
            "  {:>2} seeds: {:>11} boards, {:>11} moves inside, {:>10} decided by endless play; \
             moves {:.1} s, solving {:.1} s; {} MB peak",
            r.seeds,
            r.boards,
            r.inside,
            r.endless,
            r.moves_seconds,
            r.solve_seconds,
            peak_kb().unwrap_or(0) / 1024,
        );
    })
    .map_err(|e| e.to_string())?;
    let s = table.stats();
    println!(
        "{} seeds={seeds} indexed: {} boards, {} MB of values; {:.1} s CPU, {:.1} s wall, {} MB peak",
        variant.kind().name(),
        s.boards,
        s.bytes >> 20,
        crate::proc_stat::cpu_seconds(None).unwrap_or(0.0) - cpu0,
        t.elapsed().as_secs_f64(),
        peak_kb().unwrap_or(0) / 1024,
    );
    compare(&table, variant, check)
}

/// Positions of random games that the table covers, searched without it.
fn compare(table: &dyn Oracle, variant: Variant, count: usize) -> Result<(), String> {
    let mut rng = 0x2027_u64;
    let (mut done, mut proved) = (0, 0);
    while done < count {
        let mut p = Position::start(variant, Player::B);
        while p.round_result().is_none() && table.probe(&p).is_none() {
            let moves = p.legal_moves_with_positions();
            rng = rng
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            p = moves[(rng >> 33) as usize % moves.len()].1;
        }
        let Some(v) = table.probe(&p) else { continue };
        done += 1;
        let a = Engine::new(64 << 20, 1)
            .map_err(|e| e.to_string())?
            .analyse(
                &p,
                &SearchOptions {
                    limits: Limits {
                        nodes: Some(20_000_000),
                        ..Limits::default()
                    },
                    multipv: 1,
                    ..SearchOptions::default()
                },
            )
            .map_err(|e| e.to_string())?;
        if a.proved {
            proved += 1;
            let table_says = v.map(Outcome::from_score);
            if [a.value, a.worst] != table_says {
                return Err(format!(
                    "{}: the search proves {} / {}, the table says {} / {}",
                    notation::write_view(p.view()),
                    a.value,
                    a.worst,
                    table_says[0],
                    table_says[1]
                ));
            }
        }
    }
    if count > 0 {
        println!(
            "{count} positions of random games: the search proved {proved}, every one as the table"
        );
    }
    Ok(())
}
