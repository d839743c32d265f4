//! Boards drawn as the rules files draw them (rules README §2): rows from the top, each left to
//! right as B sees the board; on 2×N the top row is A's, NA down to 1A, the bottom row B's, 1B up
//! to NB. Hole names are printed above every row, and below the last.

use rules_core::{Event, MarkKind, Position, Trace};
use std::fmt::Write as _;

fn cell(p: &rules_core::Setup, i: usize) -> String {
    let mut s = p.seeds[i].to_string();
    if let Some(m) = p.mark(i) {
        s.push(match m.kind {
            MarkKind::Chosen => '*',
            MarkKind::Blocked => 'x',
            MarkKind::Claim | MarkKind::Uugg => m.owner.letter().to_ascii_lowercase(),
        });
    }
    s
}

/// The board, stores and side to move, each line indented by `indent`.
pub fn draw(pos: &Position, indent: &str) -> String {
    let s = pos.to_setup();
    let g = s.geometry();
    let rows = g.diagram_rows();
    let width = (0..g.len())
        .map(|i| cell(&s, i).len().max(g.hole(i).to_string().len()))
        .max()
        .unwrap_or(2)
        + 2;
    let line = |cells: Vec<String>| -> String {
        cells
            .iter()
            .map(|c| format!("{c:>width$}"))
            .collect::<String>()
    };
    let names = |row: &Vec<usize>| line(row.iter().map(|&i| g.hole(i).to_string()).collect());
    let mut out = String::new();
    let last = rows.len() - 1;
    for (r, row) in rows.iter().enumerate() {
        let label = if r == 0 {
            "A"
        } else if r == last {
            "B"
        } else {
            " "
        };
        if r != last || rows.len() == 1 {
            let _ = writeln!(out, "{indent}   {}", names(row));
        }
        let mut l = format!(
            "{indent}{label}: {}",
            line(row.iter().map(|&i| cell(&s, i)).collect())
        );
        if r == 0 || r == last {
            let k = if r == 0 { 0 } else { 1 };
            let _ = write!(l, "    store {}", s.stores[k]);
            if s.reserves[k] > 0 {
                let _ = write!(l, ", reserve {}", s.reserves[k]);
            }
        }
        let _ = writeln!(out, "{l}");
        if r == last {
            let _ = writeln!(out, "{indent}   {}", names(row));
        }
    }
    out
}

/// The steps of a ply, one line each.
pub fn trace_lines(trace: &Trace, indent: &str) -> String {
    let mut out = String::new();
    let mut lap = 0;
    let mut sown: Vec<String> = Vec::new();
    let flush = |out: &mut String, sown: &mut Vec<String>| {
        if !sown.is_empty() {
            let _ = writeln!(out, "{indent}  sown: {}", sown.join(" "));
            sown.clear();
        }
    };
    for e in &trace.events {
        match e {
            Event::Sow { hole } => sown.push(hole.to_string()),
            Event::Lift {
                hole,
                seeds,
                dir,
                relay,
                rule,
            } => {
                flush(&mut out, &mut sown);
                lap += 1;
                let _ = writeln!(
                    out,
                    "{indent}lap {lap}{}: {seeds} lifted from {hole}, sown {} ({rule})",
                    if *relay { " (relay)" } else { "" },
                    match dir {
                        rules_core::Dir::Ccw => "counterclockwise (+)",
                        rules_core::Dir::Cw => "clockwise (-)",
                    }
                );
            }
            Event::Capture {
                hole,
                seeds,
                player,
                rule,
            } => {
                flush(&mut out, &mut sown);
                let _ = writeln!(
                    out,
                    "{indent}{player} captures {seeds} from {hole} ({rule})"
                );
            }
            Event::Mark { hole, mark, rule } => {
                flush(&mut out, &mut sown);
                let _ = writeln!(
                    out,
                    "{indent}{hole} is marked {} ({rule})",
                    format!("{:?}", mark.kind).to_lowercase()
                );
            }
            Event::Note { rule, text } => {
                flush(&mut out, &mut sown);
                let _ = writeln!(out, "{indent}{text} ({rule})");
            }
            Event::Pass { player, rule } => {
                flush(&mut out, &mut sown);
                let _ = writeln!(
                    out,
                    "{indent}{player} has no legal move and passes ({rule})"
                );
            }
            Event::Next {
                player,
                repeat,
                rule,
            } => {
                flush(&mut out, &mut sown);
                if *repeat {
                    let _ = writeln!(out, "{indent}{player} moves again ({rule})");
                }
            }
        }
    }
    flush(&mut out, &mut sown);
    out
}
