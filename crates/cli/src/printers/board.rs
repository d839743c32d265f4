//! Boards drawn as the rules files draw them (rules README §2): rows from the top, each left to
//! right as B sees the board; on 2×N the top row is A's, NA down to 1A, the bottom row B's, 1B up
//! to NB. Hole names are printed above every row, and below the last.

use crate::outputs::style::{Paint, Style};
use rules_core::{MarkKind, Player, Position, View};
use std::fmt::Write as _;

/// A hole's seeds and its mark, as position strings write them.
fn cell(p: &View<'_>, i: usize) -> String {
    let mut s = p.seed(i).to_string();
    if let Some(m) = p.mark(i) {
        s.push(m.letter());
    }
    s
}

/// Holes in cycle order split into runs of consecutive holes of one row: `8A-9A,1B-9B`.
fn runs(g: rules_core::Geometry, holes: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut k = 0;
    while k < holes.len() {
        let mut j = k;
        while j + 1 < holes.len() && {
            let (a, b) = (g.hole(holes[j]), g.hole(holes[j + 1]));
            a.side == b.side && b.number == a.number + 1
        } {
            j += 1;
        }
        parts.push(if j == k {
            g.hole(holes[k]).to_string()
        } else {
            format!("{}-{}", g.hole(holes[k]), g.hole(holes[j]))
        });
        k = j + 1;
    }
    parts.join(",")
}

/// The holes `p` owns, in cycle order from the first of his territory (the one whose predecessor
/// is not his).
fn territory(s: &View<'_>, p: Player) -> Vec<usize> {
    let g = s.geometry();
    let n = g.len();
    let start = (0..n)
        .find(|&i| s.owner(i) == p && s.owner((i + n - 1) % n) != p)
        .unwrap_or(0);
    (0..n)
        .map(|k| (start + k) % n)
        .filter(|&i| s.owner(i) == p)
        .collect()
}

/// The board, stores and side to move, each line indented by `indent`. Where two neighbours of a
/// row belong to different players a `|` shows the boundary (the middle row of the 3×6 board, and
/// any row in later rounds of games whose territories move). On the 3×6 board, and whenever
/// territories are not the rows, a line says who owns which holes; claims are listed with their
/// creators. Each hole is in its owner's colour and the marks and hole names are set off when `style`
/// colours (a terminal).
pub fn draw(pos: &Position, indent: &str, style: Style) -> String {
    let s = pos.view();
    let g = s.geometry();
    let rows = g.diagram_rows();
    let width = (0..g.len())
        .map(|i| cell(&s, i).len().max(g.hole(i).to_string().len()))
        .max()
        .unwrap_or(2)
        + 2;
    // A cell right-aligned in `width`, with the boundary bar in its second column when its left
    // neighbour belongs to the other player (every cell has at least two columns of padding).
    let line = |row: &[usize], text: &dyn Fn(usize) -> String, paint: &dyn Fn(usize) -> Paint| {
        row.iter()
            .enumerate()
            .map(|(k, &i)| {
                let mut c = format!("{:>width$}", text(i));
                if k > 0 && s.owner(row[k - 1]) != s.owner(i) {
                    c.replace_range(1..2, "|");
                }
                if style.on {
                    // Colour the text, not the padding and the bar.
                    let t = c.trim_start().len();
                    let (pad, txt) = c.split_at(c.len() - t);
                    c = format!("{pad}{}", style.paint(paint(i), txt));
                }
                c
            })
            .collect::<String>()
    };
    let owner_paint = |i: usize| {
        if s.mark(i).is_some_and(|m| !m.kind.closes_hole()) {
            Paint::Mark
        } else if s.owner(i) == Player::A {
            Paint::A
        } else {
            Paint::B
        }
    };
    let names = |row: &Vec<usize>| line(row, &|i| g.hole(i).to_string(), &|_| Paint::Dim);
    let mut out = String::new();
    let last = rows.len() - 1;
    for (r, row) in rows.iter().enumerate() {
        let label = if r == 0 {
            "A:"
        } else if r == last {
            "B:"
        } else {
            "  "
        };
        if r != last || rows.len() == 1 {
            let _ = writeln!(out, "{indent}   {}", names(row));
        }
        let mut l = format!(
            "{indent}{label} {}",
            line(row, &|i| cell(&s, i), &owner_paint)
        );
        if r == 0 || r == last {
            let k = if r == 0 { 0 } else { 1 };
            let _ = write!(l, "    store {}", s.stores()[k]);
            if s.reserves()[k] > 0 {
                let _ = write!(l, ", reserve {}", s.reserves()[k]);
            }
        }
        let _ = writeln!(out, "{l}");
        if r == last {
            let _ = writeln!(out, "{indent}   {}", names(row));
        }
    }
    if g.is_three_rows() || !s.owners_are_rows() {
        let parts: Vec<String> = Player::BOTH
            .iter()
            .map(|&p| {
                let t = territory(&s, p);
                format!(
                    "{p} {} ({} hole{})",
                    runs(g, &t),
                    t.len(),
                    if t.len() == 1 { "" } else { "s" }
                )
            })
            .collect();
        let _ = writeln!(out, "{indent}territories: {}", parts.join("; "));
    }
    let claims: Vec<String> = Player::BOTH
        .iter()
        .filter_map(|&p| {
            let holes: Vec<String> = s
                .marked()
                .filter(|(_, m)| m.kind == MarkKind::Claim && m.owner == p)
                .map(|(i, _)| g.hole(i).to_string())
                .collect();
            (!holes.is_empty()).then(|| format!("{p} claimed {}", holes.join(",")))
        })
        .collect();
    if !claims.is_empty() {
        let _ = writeln!(out, "{indent}claims: {}", claims.join("; "));
    }
    out
}
