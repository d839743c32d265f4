//! Redu in words (redu.md R3-R27): the lone seed (R4), the two-seed sowing (R6, R7), the zigzag
//! (R10, R14, R15), the two singletons sown together (R9); and the steps of a ply seed by seed,
//! one line per column the seeds fall in, so that a zigzag can be read pair by pair, with the
//! rules core's notes between the columns (far ends R13, wraps and bounces R13, R14, the skipped
//! start column R14, the special start R12), then the captures (M1, M2) and the rights (O1-O3,
//! R20-R24).

use super::Redu;
use crate::geometry::{Geometry, Hole};
use crate::marks::RightKind;
use crate::player::Dir;
use crate::prose::walk::{LapStart, Prose, Walk, all_seeds, dir_words};
use crate::rule::Rule;
use crate::setup::Setup;
use crate::trace::{Event, Trace};
use std::fmt::Write as _;

impl Prose for Redu {
    /// A lone seed (R4), two seeds (R6), or three or more in zigzag (R15).
    fn first_lap(&self, w: &Walk<'_>, l: &LapStart) -> String {
        let (mover, hole, rule) = (w.mover, l.hole, w.cite(l.rule));
        match l.seeds {
            1 => format!(
                "{mover} lifts the lone seed of {hole}; a single seed goes into the opposite hole ({rule})."
            ),
            2 => format!(
                "{mover} lifts the 2 seeds of {hole} and sows them {}: the first into the hole opposite the adjacent one, the second into the adjacent one ({rule}, {}).",
                dir_words(l.dir),
                w.cite(Rule::R7)
            ),
            _ => format!(
                "{mover} lifts {} of {hole} and sows them in zigzag {}, column by column: in each column the entry hole, then the other one; the start column is never sown again ({}, {rule}).",
                all_seeds(l.seeds),
                dir_words(l.dir),
                w.cite_all(&[Rule::R10, Rule::R14])
            ),
        }
    }

    fn gather(&self, w: &Walk<'_>, holes: &[Hole], _: u32, dir: Dir, rule: Rule) -> String {
        let names: Vec<String> = holes.iter().map(ToString::to_string).collect();
        format!(
            "{} lifts the two singletons {} together and sows their 2 seeds {} as a 2-seed sowing from {} ({}, {}).",
            w.mover,
            names.join(" and "),
            dir_words(dir),
            names.last().map_or("", String::as_str),
            w.cite(rule),
            w.cite(Rule::R6)
        )
    }

    fn steps(&self, trace: &Trace, indent: &str) -> Option<String> {
        Some(steps(trace, indent))
    }

    /// The pending right of the player to move (R19-R23).
    fn pending(&self, s: &Setup) -> Option<(String, &'static [Rule])> {
        let r = s.right?;
        let rules: &'static [Rule] = match r.kind {
            RightKind::O1 => &[Rule::R5, Rule::R20, Rule::R22],
            RightKind::O2 => &[Rule::R8, Rule::R20, Rule::R23],
            RightKind::O3 => &[Rule::R17, Rule::R20, Rule::R23],
        };
        let ids: Vec<&str> = rules.iter().map(|r| r.id()).collect();
        Some((
            format!(
                "right {}: {} may take the seed in {} at the start of this turn ({})",
                r.kind,
                s.to_move,
                r.hole,
                ids.join(", ")
            ),
            rules,
        ))
    }
}

/// The column of a hole index on the 2×6 board: the hole and the one facing it.
fn column(g: Geometry, i: usize) -> usize {
    g.opposite(i).map_or(i, |o| i.min(o))
}

/// The line of a lap's start: a lone seed (R4), two seeds (R6), a zigzag (R15).
fn lap_line(hole: Hole, seeds: u32, dir: Dir, rule: Rule) -> String {
    if seeds == 1 {
        return format!("the lone seed of {hole} goes into the opposite hole ({rule})");
    }
    let how = if seeds == 2 {
        format!(
            "sown {}: the first into the hole opposite the adjacent one, the second into the adjacent one",
            dir_words(dir)
        )
    } else {
        format!("sown in zigzag {}", dir_words(dir))
    };
    format!(
        "{} lifted from {hole}, {how} ({rule})",
        if seeds == 1 {
            "1 seed".to_owned()
        } else {
            format!("{seeds} seeds")
        }
    )
}

/// The steps of a Redu ply, one line each (seeds: one line per column), indented by `indent`.
fn steps(trace: &Trace, indent: &str) -> String {
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
        if let Event::Sow { hole } = e {
            let Some(i) = g.index(*hole) else { continue };
            if group
                .last()
                .is_some_and(|&(_, j)| column(g, j) != column(g, i))
            {
                flush(&mut out, &mut group);
            }
            seed += 1;
            group.push((seed, i));
            continue;
        }
        flush(&mut out, &mut group);
        let line = match e {
            Event::Lift {
                hole,
                seeds,
                dir,
                rule,
                ..
            } => {
                seed = 0;
                lap_line(*hole, *seeds, *dir, *rule)
            }
            Event::Gather {
                holes, seeds, rule, ..
            } => {
                seed = 0;
                let names: Vec<String> = holes.iter().map(ToString::to_string).collect();
                format!(
                    "{seeds} seeds lifted together, one from each of the singletons {} ({rule})",
                    names.join(" and ")
                )
            }
            Event::Capture {
                hole,
                seeds,
                player,
                rule,
                ..
            } => format!("{player} captures {seeds} from {hole} ({rule})"),
            Event::Note { rule, note } => format!("{note} ({rule})"),
            Event::Sow { .. } | Event::Mark { .. } | Event::Pass { .. } | Event::Next { .. } => {
                continue;
            }
        };
        let _ = writeln!(out, "{indent}{line}");
    }
    flush(&mut out, &mut group);
    out
}
