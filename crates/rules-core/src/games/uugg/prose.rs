//! Uugg in words (uugg.md): the lap from a hole that is no uugg (U2), the balla's lone seed (U9,
//! U12), the relay and why a hole becomes no uugg (U7), the forced pass (U14).

use super::Uugg;
use crate::marks::{Mark, MarkKind};
use crate::player::Dir;
use crate::prose::walk::{LapStart, Prose, Walk, all_seeds, dir_words, goes_on};
use crate::rule::Rule;

/// Whether a first lap is a balla (U9): a lone seed of the mover's, and the next hole
/// counterclockwise an uugg of his opponent; such a start is always the balla.
fn balla(w: &Walk<'_>, l: &LapStart) -> bool {
    let next = w.g.index(l.hole).map(|i| w.g.step(i, Dir::Ccw));
    let theirs = Mark {
        kind: MarkKind::Uugg,
        owner: w.mover.other(),
    };
    l.seeds == 1 && next.is_some_and(|n| w.marks[n] == Some(theirs))
}

impl Prose for Uugg {
    fn first_lap(&self, w: &Walk<'_>, l: &LapStart) -> String {
        let (mover, hole, rule) = (w.mover, l.hole, w.cite(l.rule));
        if balla(w, l) {
            return format!("{mover} lifts the lone seed of {hole} for a balla ({rule}).");
        }
        format!(
            "{mover} lifts {} of {hole}, a hole of his that is not an uugg ({rule}), and sows them {}, one per hole from the next hole ({rule}, {}).",
            all_seeds(l.seeds),
            dir_words(l.dir),
            w.cite(Rule::U4)
        )
    }

    fn relay(&self, w: &Walk<'_>, i: usize, held: u32, l: &LapStart) -> String {
        let own = w.setup.owner(i) == w.mover;
        let why = if own && held == 3 {
            format!(
                ", and it is the mover's own, so going from 3 to 4 makes no uugg ({})",
                w.cite(Rule::U7)
            )
        } else if !own {
            format!(", and it held {held}, not 3, so it is no uagga")
        } else {
            String::new()
        };
        format!(
            "it is not an uugg, it was not empty{why}, {}",
            goes_on(w, l, "")
        )
    }

    fn pass_why(&self, w: &Walk<'_>) -> String {
        format!(
            ": every hole of his is empty or an uugg, or every start of his never ends ({})",
            w.cite_all(&[Rule::U2, Rule::U15])
        )
    }
}
