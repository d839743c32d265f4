//! `mancala solve`: every position reachable in a Bechi round, solved by retrograde analysis over
//! indexed slices, and the database file (spec/analysis.md §3, §4).

mod verify;

use crate::cli::{Format, SolveArgs};
use crate::outputs::exit::{CliError, Verdict as Exit};
use crate::outputs::target::Target;
use analysis::db;
use analysis::search::Oracle;
use analysis::solve::index::SliceId;
use analysis::solve::{Phase, Progress, Solution, SolveError, SolveOptions, Stats, solve};
use analysis::value::Outcome;
use notation::write_view;
use rules_core::{GameKind, Player, Position, Variant};
use serde_json::json;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The roots: the positions given, or the start of round 1 with either opener.
fn roots(args: &SolveArgs) -> Result<Option<Vec<Position>>, CliError> {
    let game: GameKind = args
        .game
        .parse()
        .map_err(|e: rules_core::UnknownGame| CliError::Usage(e.to_string()))?;
    analysis::solve::guard("solve", game).map_err(CliError::Usage)?;
    let options = crate::inputs::option_args::options(&args.options)?;
    if args.position.is_empty() {
        let mut variant = Variant::default_for(game);
        for (k, v) in &options {
            variant
                .set_option(k, v)
                .map_err(|e| CliError::Usage(e.to_string()))?;
        }
        return Ok(Some(vec![
            Position::start(variant, Player::B),
            Position::start(variant, Player::A),
        ]));
    }
    let given = crate::inputs::position::Given {
        options,
        opener: None,
    };
    let mut out = Vec::new();
    for text in &args.position {
        let Some(p) = crate::inputs::position::read_or_report(text, &given)? else {
            return Ok(None);
        };
        out.push(p);
    }
    Ok(Some(out))
}

/// A root's value and each of its moves', from the solution.
fn root_values(solution: &Solution, root: &Position) -> serde_json::Value {
    let pair = |v: Option<[i32; 2]>| {
        v.map(|[b, w]| json!({"value": Outcome::from_score(b), "worst": Outcome::from_score(w)}))
    };
    let moves: Vec<serde_json::Value> = root
        .legal_moves_with_positions()
        .into_iter()
        .map(|(m, child)| {
            // The child's values are for its player to move: in Bechi always the root's
            // opponent (B12: no repeat moves; a pass hands the turn over too).
            let v = solution.probe(&child).map(|[b, w]| {
                if child.to_move() == root.to_move() {
                    [b, w]
                } else {
                    [-w, -b]
                }
            });
            json!({"move": m.to_string(), "values": pair(v)})
        })
        .collect();
    json!({
        "position": write_view(root.view()),
        "values": pair(solution.probe(root)),
        "moves": moves,
    })
}

/// A slice in words: `36 seeds, chosen 1,3 | 2` (the mover's holes, then his opponent's).
fn slice_words(id: SliceId, n: usize) -> String {
    let holes = |mask: u8, from: usize| -> String {
        let v: Vec<String> = (0..n)
            .filter(|k| mask & (1 << (from + k)) != 0)
            .map(|k| (k + 1).to_string())
            .collect();
        if v.is_empty() {
            "-".to_owned()
        } else {
            v.join(",")
        }
    };
    let mut s = format!(
        "{} seeds, chosen {} | {}",
        id.seeds,
        holes(id.chosen, 0),
        holes(id.chosen, n)
    );
    if id.blocked != 0 {
        s.push_str(&format!(
            ", blocked {} | {}",
            holes(id.blocked, 0),
            holes(id.blocked, n)
        ));
    }
    if id.low {
        s.push_str(", low");
    }
    s
}

/// `1 h 02 min`, `3 min 05 s`, `42 s`.
fn duration_words(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{} h {:02} min", s / 3600, s % 3600 / 60)
    } else if s >= 60 {
        format!("{} min {:02} s", s / 60, s % 60)
    } else {
        format!("{s} s")
    }
}

/// `1,234,567`.
fn thousands(n: u64) -> String {
    let d = n.to_string();
    let mut out = String::new();
    for (i, c) in d.chars().enumerate() {
        if i > 0 && (d.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1 position`, `1,234 positions`.
fn positions_words(n: u64) -> String {
    format!("{} position{}", thousands(n), if n == 1 { "" } else { "s" })
}

/// The progress of a solve (or of `--verify`) on stderr: a bar redrawn in place on a terminal, a
/// plain line per pair of slices otherwise, nothing when quiet.
pub(crate) struct Bar {
    pub terminal: bool,
    pub quiet: bool,
    /// Holes per row.
    pub n: usize,
    pub drawn: Option<Instant>,
}

impl Bar {
    pub fn show(&mut self, p: &Progress) {
        if self.quiet || (!self.terminal && !p.pair_finished) {
            return;
        }
        let secs = p.elapsed.as_secs_f64().max(1e-3);
        let rate = p.positions_done as f64 / secs;
        let phase = match p.phase {
            Phase::Reach => "reaching",
            Phase::Solve => "solving",
            Phase::Resume => "resuming",
            Phase::Verify => "verifying",
        };
        let amount = match p.positions {
            Some(total) if total > 0 => {
                let left = (total.saturating_sub(p.positions_done)) as f64 / rate.max(1.0);
                format!(
                    "{:>3.0}% {}/{}, {:.2} M/s, {} left",
                    100.0 * p.positions_done as f64 / total as f64,
                    thousands(p.positions_done),
                    positions_words(total),
                    rate / 1e6,
                    duration_words(Duration::from_secs_f64(left))
                )
            }
            _ => format!(
                "{}, {:.2} M/s, {}",
                positions_words(p.positions_done),
                rate / 1e6,
                duration_words(p.elapsed)
            ),
        };
        let slice = format!(
            "slice {} ({}; pair {} of {})",
            slice_words(p.slice, self.n),
            positions_words(p.slice_positions),
            p.pairs_done,
            p.pairs
        );
        if self.terminal {
            if self
                .drawn
                .is_some_and(|t| t.elapsed() < Duration::from_millis(200))
            {
                return;
            }
            self.drawn = Some(Instant::now());
            let mut width = 160;
            if let Some((terminal_size::Width(w), _)) = terminal_size::terminal_size() {
                width = usize::from(w).max(20);
            }
            let mut line = format!("solve: {phase} {amount} | {slice}");
            if line.chars().count() >= width {
                line = line.chars().take(width - 1).collect();
            }
            crate::outputs::diag::control(&format!("\r\x1b[K{line}"));
        } else {
            crate::outputs::diag::note(format_args!("solve: {phase} {amount}; {slice}"));
        }
    }

    pub fn finish(&mut self) {
        if self.terminal && self.drawn.is_some() {
            crate::outputs::diag::control("\r\x1b[K");
        }
    }
}

/// A solve's error as the command reports it.
fn solve_error(e: SolveError) -> CliError {
    match e {
        SolveError::Input(m) | SolveError::Limit(m) => CliError::Usage(m),
        SolveError::Memory(_) => CliError::Usage(format!(
            "{e}: the solve needs more memory than the machine or its limits give (Bechi 2x4's \
             first round takes 1.5 GB; spec/analysis.md §9.3)"
        )),
        SolveError::Io(_) | SolveError::Internal(_) => CliError::Io(e.to_string()),
    }
}

fn stats_json(s: &Stats, n: usize) -> serde_json::Value {
    let distribution: serde_json::Map<String, serde_json::Value> = s
        .distribution
        .iter()
        .map(|(v, c)| (Outcome::from_score(*v).to_string(), json!(c)))
        .collect();
    json!({
        "positions": s.positions,
        "moves": s.moves,
        "finished": s.finished,
        "slices": s.slices,
        "largest_slice": s.largest_slice.map(|(id, c)| json!({
            "slice": slice_words(id, n),
            "positions": c,
        })),
        "endless_decides": s.endless,
        "values": distribution,
        "resumed_pairs": s.resumed_pairs,
        "reach_seconds": s.reach.as_secs_f64(),
        "retrograde_seconds": s.retrograde.as_secs_f64(),
    })
}

fn words(v: &serde_json::Value) -> String {
    match (v.get("value"), v.get("worst")) {
        (Some(b), Some(w)) if b == w => b.to_string().trim_matches('"').to_owned(),
        (Some(b), Some(w)) => format!(
            "{} (endless play best for the player to move) / {} (worst)",
            b.to_string().trim_matches('"'),
            w.to_string().trim_matches('"')
        ),
        _ => "not in the database".to_owned(),
    }
}

/// The work folder: `--work`, or `FILE.work` beside `--out FILE`.
pub(crate) fn work_dir(args: &SolveArgs) -> Option<PathBuf> {
    args.work.clone().or_else(|| {
        let out = args.out.as_ref().filter(|o| o.as_os_str() != "-")?;
        let mut name = out.file_name()?.to_os_string();
        name.push(".work");
        Some(out.with_file_name(name))
    })
}

/// Writes the database to `target` (a file replaced whole or not at all, a device or FIFO in
/// place, or standard output: `crate::outputs::target`); returns its check.
fn write_database(solution: &Solution, target: &Target) -> Result<u64, CliError> {
    let err = |e: std::io::Error| target.error("--out", &e);
    let mut out = std::io::BufWriter::with_capacity(1 << 20, target.open().map_err(err)?);
    let check = db::write(solution, &mut out).map_err(err)?;
    let out = out.into_inner().map_err(|e| err(e.into_error()))?;
    out.finish().map_err(err)?;
    Ok(check)
}

fn print_text(
    out: &mut impl Write,
    solution: &Solution,
    stats: &Stats,
    check: u64,
    values: &[serde_json::Value],
) -> std::io::Result<()> {
    let n = solution.shape().n();
    writeln!(
        out,
        "{}: {} positions (board, chosen marks, blocked holes, from the mover's side), {} moves, \
         {} with the round over",
        solution.variant(),
        stats.positions,
        stats.moves,
        stats.finished
    )?;
    let largest = stats.largest_slice.map_or(String::new(), |(id, c)| {
        format!(" (largest {}: {c})", slice_words(id, n))
    });
    writeln!(
        out,
        "{} slices{largest}; reachable positions found in {:.2} s, solved in {:.2} s{}",
        stats.slices,
        stats.reach.as_secs_f64(),
        stats.retrograde.as_secs_f64(),
        if stats.resumed_pairs > 0 {
            format!(
                " ({} pairs of slices taken from the work file)",
                stats.resumed_pairs
            )
        } else {
            String::new()
        }
    )?;
    let dist: Vec<String> = stats
        .distribution
        .iter()
        .map(|(v, c)| format!("{}: {c}", Outcome::from_score(*v)))
        .collect();
    writeln!(out, "values for the mover: {}", dist.join(", "))?;
    writeln!(
        out,
        "endless play decides {} positions; database check fnv1a64:{check:016x}",
        stats.endless
    )?;
    for v in values {
        writeln!(
            out,
            "{}: value {}",
            v["position"].as_str().unwrap_or(""),
            words(&v["values"])
        )?;
        for m in v["moves"].as_array().into_iter().flatten() {
            writeln!(
                out,
                "  {} {}",
                m["move"].as_str().unwrap_or(""),
                words(&m["values"])
            )?;
        }
    }
    Ok(())
}

pub fn run(args: &SolveArgs) -> Result<Exit, CliError> {
    if let Some(path) = &args.verify {
        return verify::run(args, path);
    }
    let Some(roots) = roots(args)? else {
        return Ok(Exit::Invalid);
    };
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        |t| t as usize,
    );
    let work = work_dir(args);
    let mut bar = Bar {
        terminal: std::io::stderr().is_terminal(),
        quiet: args.quiet,
        n: roots
            .first()
            .and_then(|r| analysis::solve::board::Shape::of(r.variant()))
            .map_or(4, analysis::solve::board::Shape::n),
        drawn: None,
    };
    let options = SolveOptions {
        work: work.as_deref(),
        threads,
        max_positions: args.max_positions,
    };
    let result = solve(&roots, &options, &mut |p| bar.show(p));
    bar.finish();
    let (solution, stats) = result.map_err(solve_error)?;
    let target = args.out.as_ref().map(Target::new);
    let check = match &target {
        Some(target) => {
            let check = write_database(&solution, target)?;
            if let Some(dir) = &work {
                // The journal has served; its folder goes if nothing else is in it.
                let _ = std::fs::remove_file(dir.join("journal"));
                let _ = std::fs::remove_dir(dir);
            }
            check
        }
        None => db::check_of(&solution),
    };
    let values: Vec<serde_json::Value> = roots.iter().map(|r| root_values(&solution, r)).collect();
    // `--out -` writes the database to standard output, and the report goes to stderr.
    let mut out: Box<dyn Write> = match target {
        Some(Target::Stdout) => Box::new(std::io::stderr().lock()),
        _ => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    match args.format {
        Format::Json => writeln!(
            out,
            "{}",
            json!({"type": "solve", "data": {
                "game": solution.variant().to_string(),
                "stats": stats_json(&stats, solution.shape().n()),
                "check": format!("fnv1a64:{check:016x}"),
                "roots": values,
            }})
        )?,
        Format::Text => print_text(&mut out, &solution, &stats, check, &values)?,
    }
    out.flush()?;
    Ok(Exit::Valid)
}
