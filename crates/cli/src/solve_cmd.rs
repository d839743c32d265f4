//! `mancala solve`: every position of a Bechi round without blocked holes, solved by retrograde
//! analysis, and the database file (spec/analysis.md §3, §4).

use crate::cli::{Format, SolveArgs};
use crate::exit::{CliError, Verdict as Exit};
use analysis::search::Oracle;
use analysis::solve::{Stats, solve};
use analysis::value::Outcome;
use notation::write_position;
use rules_core::{GameKind, Player, Position, Variant};
use serde_json::json;
use std::io::{IsTerminal, Write};

/// The roots: the positions given, or the start of round 1 with either opener.
fn roots(args: &SolveArgs) -> Result<Option<Vec<Position>>, CliError> {
    let game: GameKind = args
        .game
        .parse()
        .map_err(|e: rules_core::UnknownGame| CliError::Usage(e.to_string()))?;
    if game != GameKind::Bechi {
        return Err(CliError::Usage(format!(
            "solve covers Bechi only (rounds without blocked holes), not {game}"
        )));
    }
    let options = crate::game_args::options(&args.options)?;
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
    let given = crate::position_input::Given {
        options,
        opener: None,
    };
    let mut out = Vec::new();
    for text in &args.position {
        let Some(p) = crate::position_input::read_or_report(text, &given)? else {
            return Ok(None);
        };
        out.push(p);
    }
    Ok(Some(out))
}

/// A root's value and each of its moves', from the database.
fn root_values(db: &dyn Oracle, root: &Position) -> serde_json::Value {
    let pair = |v: Option<[i32; 2]>| {
        v.map(|[b, w]| json!({"value": Outcome::from_score(b), "worst": Outcome::from_score(w)}))
    };
    let moves: Vec<serde_json::Value> = root
        .legal_moves_with_positions()
        .into_iter()
        .map(|(m, child)| {
            // The child's values are for its player to move: in Bechi always the root's
            // opponent (B12: no repeat moves; a pass hands the turn over too).
            let v = db.probe(&child).map(|[b, w]| {
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
        "position": write_position(&root.to_setup()),
        "values": pair(db.probe(root)),
        "moves": moves,
    })
}

fn stats_json(s: &Stats) -> serde_json::Value {
    json!({
        "positions": s.positions,
        "moves": s.moves,
        "finished": s.finished,
        "slices": s.slices,
        "largest_slice": s.largest_slice,
        "endless_decides": s.endless,
        "enumerate_seconds": s.enumerate.as_secs_f64(),
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

pub fn run(args: &SolveArgs) -> Result<Exit, CliError> {
    let Some(roots) = roots(args)? else {
        return Ok(Exit::Invalid);
    };
    let show = std::io::stderr().is_terminal();
    let mut progress = |m: &str| {
        if show {
            crate::diag::note(format_args!("solve: {m}"));
        }
    };
    let (db, stats) = solve(&roots, args.max_positions, &mut progress).map_err(CliError::Usage)?;
    // `--out -` writes the database to standard output, and the report goes to stderr.
    let target = args.out.as_ref().map(crate::output::Target::new);
    if let Some(target) = &target {
        let mut bytes = Vec::with_capacity(db.keys.len() * 10 + 200);
        db.write(&mut bytes)?;
        target
            .write(&bytes)
            .map_err(|e| target.error("--out", &e))?;
    }
    let values: Vec<serde_json::Value> = roots.iter().map(|r| root_values(&db, r)).collect();
    let mut out: Box<dyn Write> = match target {
        Some(crate::output::Target::Stdout) => Box::new(std::io::stderr().lock()),
        _ => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    match args.format {
        Format::Json => writeln!(
            out,
            "{}",
            json!({"type": "solve", "data": {
                "game": db.variant.to_string(),
                "stats": stats_json(&stats),
                "checksum": format!("fnv1a64:{:016x}", db.checksum()),
                "roots": values,
            }})
        )?,
        Format::Text => {
            writeln!(
                out,
                "{}: {} positions (board, chosen marks, side to move), {} moves, {} with the round over",
                db.variant, stats.positions, stats.moves, stats.finished
            )?;
            writeln!(
                out,
                "{} slices (largest {}), enumerated in {:.2} s, solved in {:.2} s",
                stats.slices,
                stats.largest_slice,
                stats.enumerate.as_secs_f64(),
                stats.retrograde.as_secs_f64()
            )?;
            writeln!(
                out,
                "endless play decides {} positions; checksum fnv1a64:{:016x}",
                stats.endless,
                db.checksum()
            )?;
            for v in &values {
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
        }
    }
    out.flush()?;
    Ok(Exit::Valid)
}
