//! Giuthi in words (giuthi.md): the chosen direction (G6), the relay of a lap ending in a
//! non-empty hole (G8), the capture of the opposite hole (G12, G15) and of the next one (G17),
//! the forced pass (G5).

use super::Giuthi;
use crate::prose::walk::{LapStart, Prose, Taking, Walk, all_seeds, dir_words, goes_on};
use crate::rule::Rule;
use crate::trace::CaptureKind;

impl Prose for Giuthi {
    fn first_lap(&self, w: &Walk<'_>, l: &LapStart) -> String {
        format!(
            "{} lifts {} of {}, an own hole with at least 2 seeds ({}), and sows them {}, the direction he chose, one per hole from the next hole ({}).",
            w.mover,
            all_seeds(l.seeds),
            l.hole,
            w.cite(Rule::G4),
            dir_words(l.dir),
            w.cite(l.rule)
        )
    }

    fn relay(&self, w: &Walk<'_>, _: usize, _: u32, l: &LapStart) -> String {
        format!(
            "not empty, {}",
            goes_on(w, l, "in the opposite direction, ")
        )
    }

    fn capture(&self, w: &mut Walk<'_>, c: &Taking) -> String {
        let (hole, n, player, rule) = (c.hole, c.seeds, c.player, w.cite(c.rule));
        if c.kind == CaptureKind::Chain {
            let own =
                w.g.opposite(c.i)
                    .map_or_else(String::new, |o| w.g.hole(o).to_string());
            return format!(
                "The next hole of {player}'s row in the direction of the last lap, {own}, is empty and its opposite {hole} holds {n}: {player} captures them too ({rule})."
            );
        }
        if w.last.is_some_and(|(j, _)| j == c.i) {
            return format!("{player} also takes the last seed, in {hole} ({rule}).");
        }
        let lead = if w.capture_explained {
            String::new()
        } else {
            w.capture_explained = true;
            let (j, _) = w.last.unwrap_or((c.i, 0));
            format!(
                "The last seed fell in {}, an own hole that was empty before it, and {} of this move fell in the opponent's row ({}): ",
                w.g.hole(j),
                if w.sown_in_opponents_row {
                    "a seed"
                } else {
                    "no seed"
                },
                w.cite(Rule::G12)
            )
        };
        format!(
            "{lead}the opposite hole {hole} holds {n}, so {player} captures {} ({rule}).",
            if n == 1 { "it" } else { "them" }
        )
    }

    fn pass_why(&self, w: &Walk<'_>) -> String {
        format!(
            ": none of his holes holds 2 seeds or more, or every start of his never ends ({})",
            w.cite_all(&[Rule::G4, Rule::G10])
        )
    }
}
