//! `cargo xtask bench`'s search lines (issue 27, item 1): `analyse` with 1, 2, … threads, in
//! process (`analysis::Engine`, a fresh 256 MB table each run), for every game:
//!
//! * **to depth**: the start position searched to a fixed depth (the main thread's time to
//!   complete it; with threads, their nodes together);
//! * **to a proof**: an endgame of a random game (fixed below) searched until its value is proved;
//!   the values must be the same with every number of threads (the run fails otherwise). Each
//!   run has [`PROOF_NODES`] nodes: a run that has not proved the value by then fails the bench
//!   with a message naming the line, rather than search on for ever.
//!
//! Best wall time of `--runs` runs, with the CPU time of that run (every thread's) and its nodes;
//! the speedup is the 1-thread wall time over this one; the search's speed in thousands of nodes
//! a wall second and a CPU second (JSON `nodes_per_s`, `nodes_per_cpu_s`): a node grown dearer
//! shows there, whatever the machine's load, before it shows as time.

use analysis::{Engine, Limits, Outcome, SearchOptions};
use rules_core::{Player, Position, Variant};
use std::fmt::Write as _;
use std::time::Instant;

/// What a line searches.
#[derive(Copy, Clone)]
enum Goal {
    /// This depth from the start of round 1 (B opens).
    Depth(u32),
    /// A proof of this position.
    Proof(&'static str),
}

/// The lines: a game with its options, and what to search. Depths take one thread a few seconds
/// on an idle machine of 2026; the endgames were picked from random games for the same.
const LINES: [(&str, &[&str], Goal); 10] = [
    ("bechi", &[], Goal::Depth(26)),
    ("giuthi", &[], Goal::Depth(10)),
    ("sulus-nishtaw", &[], Goal::Depth(14)),
    ("uugg", &[], Goal::Depth(19)),
    ("redu", &[], Goal::Depth(7)),
    ("bechi", &[], Goal::Proof(BECHI_END)),
    ("giuthi", &[], Goal::Proof(GIUTHI_END)),
    ("sulus-nishtaw", &[], Goal::Proof(SULUS_END)),
    ("uugg", &["holes=5"], Goal::Proof(UUGG_END)),
    ("redu", &[], Goal::Proof(REDU_END)),
];

/// 20 plies before the end of a random game; one thread proves it in about 2.4 million nodes.
const BECHI_END: &str = "bechi 8,7,1*,8/7,7,2*,8 B opener=B";
/// 7 plies before the end; endless play decides it (proved +endless / -endless), 22 k nodes (0.32 M
/// before a cut was proved by its own move, spec/analysis.md §2).
const GIUTHI_END: &str = "giuthi 0,1,2,2,0,0,0,1/0,1,0,0,0,2,2,1 B store=53,31";
/// 8 plies before the end, 0.24 M nodes.
const SULUS_END: &str =
    "sulus-nishtaw 0,1,1,0,3b,0/0,3b,0,0,1,1/1,0,26a,2,2,5 B store=4,4 opener=B";
/// 20 plies before the end, 0.5 M nodes.
const UUGG_END: &str = "uugg 1,4,2,0,2/4a,7,4,1,13a B store=0,2 opener=B";
/// A capture right handed back and forth, 0.4 M nodes (before estimates served only their own
/// iteration, 56 M nodes to depth 1000 without a proof: spec/analysis.md §2).
const REDU_END: &str = "redu 0,0,1,0,0,0/2,1,1,1,0,0 B store=25,17 right=O2:3B";

/// The nodes a proof run may take, all threads together: ten times what one thread needs for the
/// longest proof line (Bechi, 2.5 million; about 20 s of one core). A search that keeps deepening
/// without a proof (a defect: two threads once did on the Giuthi line) then fails the bench
/// instead of hanging it.
const PROOF_NODES: u64 = 25_000_000;

/// One run: wall and CPU seconds, nodes, and the values found.
struct Run {
    wall: f64,
    cpu: f64,
    nodes: u64,
    depth: u32,
    values: (Outcome, Outcome, bool),
}

/// The position of a line.
fn position(game: &str, opts: &[&str], goal: Goal) -> Result<Position, String> {
    let mut v = Variant::default_for(game.parse().map_err(|e| format!("{e}"))?);
    for o in opts {
        v.set_option_str(o).map_err(|e| e.to_string())?;
    }
    match goal {
        Goal::Depth(_) => Ok(Position::start(v, Player::B)),
        Goal::Proof(text) => {
            let keys: Vec<&str> = opts.iter().filter_map(|o| o.split('=').next()).collect();
            let stated = rules_core::StatedOptions::new(v, &keys).map_err(|e| e.to_string())?;
            let setup = notation::parse_position(text, Some(&stated)).map_err(|e| e.message)?;
            Position::from_setup(&setup).map_err(|e| e.to_string())
        }
    }
}

fn once(pos: &Position, goal: Goal, threads: usize) -> Result<Run, String> {
    let engine = Engine::new(256 << 20, threads).map_err(|e| e.to_string())?;
    let limits = match goal {
        Goal::Depth(d) => Limits {
            depth: Some(d),
            ..Limits::default()
        },
        Goal::Proof(_) => Limits {
            nodes: Some(PROOF_NODES),
            ..Limits::default()
        },
    };
    let cpu0 = crate::proc_stat::cpu_seconds(None).unwrap_or(0.0);
    let t = Instant::now();
    let a = engine
        .analyse(
            pos,
            &SearchOptions {
                limits,
                multipv: 1,
                ..SearchOptions::default()
            },
        )
        .map_err(|e| e.to_string())?;
    let wall = t.elapsed().as_secs_f64();
    let cpu = crate::proc_stat::cpu_seconds(None).unwrap_or(0.0) - cpu0;
    if let Goal::Proof(text) = goal
        && !a.proved
    {
        return Err(format!(
            "proof line `{text}`: not proved with {threads} threads within {PROOF_NODES} nodes \
             (depth {} reached, value {} / {}, {wall:.1} s)",
            a.depth, a.value, a.worst
        ));
    }
    Ok(Run {
        wall,
        cpu,
        nodes: a.nodes,
        depth: a.depth,
        values: (a.value, a.worst, a.proved),
    })
}

/// A line's runs, one per number of threads: (threads, best run).
struct Line {
    name: String,
    kind: &'static str,
    runs: Vec<(usize, Run)>,
}

fn bench_line(
    game: &str,
    opts: &[&str],
    goal: Goal,
    threads: &[usize],
    runs: usize,
) -> Result<Line, String> {
    let pos = position(game, opts, goal)?;
    let mut out: Vec<(usize, Run)> = Vec::new();
    for &t in threads {
        let mut best: Option<Run> = None;
        for _ in 0..runs.max(1) {
            let r = once(&pos, goal, t)?;
            if best.as_ref().is_none_or(|b| r.wall < b.wall) {
                best = Some(r);
            }
        }
        let b = best.ok_or("no run")?;
        // Every run of a proof line proved its value (`once`); they must agree.
        if let Goal::Proof(text) = goal
            && let Some((first_threads, first)) = out.first()
            && b.values != first.values
        {
            return Err(format!(
                "{text}: {t} threads proved {:?}, {first_threads} {:?}",
                b.values, first.values
            ));
        }
        out.push((t, b));
    }
    let name = if opts.is_empty() {
        game.to_owned()
    } else {
        format!("{game} {}", opts.join(" "))
    };
    Ok(Line {
        name,
        kind: match goal {
            Goal::Depth(_) => "depth",
            Goal::Proof(_) => "proof",
        },
        runs: out,
    })
}

/// Nodes a second of `seconds` (wall or CPU; 0 for a run too short to time): nodes per CPU
/// second is the search's speed on a loaded machine too, where a slower node shows (the history
/// ordering's SipHash cost one thread a third of its nodes a second, spec/analysis.md §11).
fn per_second(nodes: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        0.0
    }
}

/// Runs every line (or the lines of `only`) with each of `threads`: the text table, or the JSON
/// member `"search":[...]`.
pub fn bench(
    only: Option<&str>,
    threads: &[usize],
    runs: usize,
    json: bool,
) -> Result<String, String> {
    let mut text = format!(
        "{:<22} {:<5} {:>5} {:>3} {:>8} {:>8} {:>11} {:>8} {:>9} {:>9} {:>9}  value\n",
        "search",
        "to",
        "depth",
        "thr",
        "wall s",
        "cpu s",
        "nodes",
        "speedup",
        "nodes x",
        "knodes/s",
        "kn/cpu s"
    );
    let mut j = String::from(",\"search\":[");
    let mut first = true;
    for (game, opts, goal) in LINES {
        if only.is_some_and(|g| g != game) {
            continue;
        }
        let line = bench_line(game, opts, goal, threads, runs)?;
        let (base_wall, base_nodes) = line
            .runs
            .first()
            .map_or((1.0, 1), |(_, r)| (r.wall, r.nodes.max(1)));
        for (t, r) in &line.runs {
            let value = if r.values.0 == r.values.1 {
                r.values.0.to_string()
            } else {
                format!("{} / {}", r.values.0, r.values.1)
            };
            let _ = writeln!(
                text,
                "{:<22} {:<5} {:>5} {:>3} {:>8.3} {:>8.2} {:>11} {:>8.2} {:>9.2} {:>9.0} {:>9.0}  {value}{}",
                line.name,
                line.kind,
                r.depth,
                t,
                r.wall,
                r.cpu,
                r.nodes,
                base_wall / r.wall,
                r.nodes as f64 / base_nodes as f64,
                per_second(r.nodes, r.wall) / 1e3,
                per_second(r.nodes, r.cpu) / 1e3,
                if r.values.2 { " proved" } else { "" }
            );
            if !first {
                j.push(',');
            }
            first = false;
            let _ = write!(
                j,
                "{{\"line\":\"{}\",\"to\":\"{}\",\"depth\":{},\"threads\":{t},\"wall_s\":{:.6},\"cpu_s\":{:.2},\"nodes\":{},\"nodes_per_s\":{:.0},\"nodes_per_cpu_s\":{:.0},\"speedup\":{:.3},\"value\":\"{}\",\"worst\":\"{}\",\"proved\":{}}}",
                line.name,
                line.kind,
                r.depth,
                r.wall,
                r.cpu,
                r.nodes,
                per_second(r.nodes, r.wall),
                per_second(r.nodes, r.cpu),
                base_wall / r.wall,
                r.values.0,
                r.values.1,
                r.values.2
            );
        }
    }
    j.push(']');
    Ok(if json { j } else { text })
}
