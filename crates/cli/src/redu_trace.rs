//! A Redu ply in words (redu.md R3–R27): the seeds of a sowing numbered #1 … #n, one line per
//! column they fall in, so that a zigzag can be read pair by pair; between the columns the rules
//! core's notes on far ends (R13), wraps and bounces (R13, R14), the skipped start column (R14)
//! and the special start (R12); then the mover's captures (M1, M2), the right the sowing creates
//! (O1, O2, O3) and the use or lapse of the right the mover held (R20–R24).

use rules_core::{Dir, Event, Geometry, Trace};
use std::fmt::Write as _;

fn dir_words(dir: Dir) -> &'static str {
    match dir {
        Dir::Ccw => "counterclockwise (+)",
        Dir::Cw => "clockwise (-)",
    }
}

/// The column of a hole index on the 2×6 board: the hole and the one facing it.
fn column(g: Geometry, i: usize) -> usize {
    g.opposite(i).map_or(i, |o| i.min(o))
}

/// The steps of a Redu ply, one line each (seeds: one line per column), indented by `indent`.
pub fn trace_lines(trace: &Trace, indent: &str) -> String {
    let g = Geometry::two_rows(6);
    let mut out = String::new();
    // The seeds of the current column: (seed number, hole index).
    let mut group: Vec<(u32, usize)> = Vec::new();
    let mut seed = 0u32;
    let flush = |out: &mut String, group: &mut Vec<(u32, usize)>| {
        if !group.is_empty() {
            let parts: Vec<String> = group
                .iter()
                .map(|(k, i)| format!("#{k} {}", g.hole(*i)))
                .collect();
            let _ = writeln!(out, "{indent}  {}", parts.join("  "));
            group.clear();
        }
    };
    for e in &trace.events {
        match e {
            Event::Sow { hole } => {
                let Some(i) = g.index(*hole) else { continue };
                if group
                    .last()
                    .is_some_and(|&(_, j)| column(g, j) != column(g, i))
                {
                    flush(&mut out, &mut group);
                }
                seed += 1;
                group.push((seed, i));
            }
            Event::Lift {
                hole,
                seeds,
                dir,
                rule,
                ..
            } => {
                flush(&mut out, &mut group);
                seed = 0;
                if *rule == "R4" {
                    let _ = writeln!(
                        out,
                        "{indent}the lone seed of {hole} goes into the opposite hole ({rule})"
                    );
                    continue;
                }
                let how = match *rule {
                    "R6" => format!(
                        "sown {}: the first into the hole opposite the adjacent one, the second into the adjacent one",
                        dir_words(*dir)
                    ),
                    _ => format!("sown in zigzag {}", dir_words(*dir)),
                };
                let _ = writeln!(
                    out,
                    "{indent}{} lifted from {hole}, {how} ({rule})",
                    if *seeds == 1 {
                        "1 seed".to_owned()
                    } else {
                        format!("{seeds} seeds")
                    }
                );
            }
            Event::Gather {
                holes, seeds, rule, ..
            } => {
                flush(&mut out, &mut group);
                seed = 0;
                let names: Vec<String> = holes.iter().map(ToString::to_string).collect();
                let _ = writeln!(
                    out,
                    "{indent}{seeds} seeds lifted together, one from each of the singletons {} ({rule})",
                    names.join(" and ")
                );
            }
            Event::Capture {
                hole,
                seeds,
                player,
                rule,
            } => {
                flush(&mut out, &mut group);
                let _ = writeln!(
                    out,
                    "{indent}{player} captures {seeds} from {hole} ({rule})"
                );
            }
            Event::Note { rule, text } => {
                flush(&mut out, &mut group);
                let _ = writeln!(out, "{indent}{text} ({rule})");
            }
            Event::Mark { .. } | Event::Pass { .. } | Event::Next { .. } => {
                flush(&mut out, &mut group);
            }
        }
    }
    flush(&mut out, &mut group);
    out
}
