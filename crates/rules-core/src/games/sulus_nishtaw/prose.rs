//! Sulus Nishtaw in words (sulus-nishtaw.md): the lap from an unclaimed hole (S7), the relay
//! from an occupied unclaimed hole, no claim during the opening (S5) nor on one's own side (S8),
//! the tax (S9) with the repeat move it gives (S10).

use super::SulusNishtaw;
use super::notes::Note;
use crate::prose::walk::{
    LapStart, Prose, Taking, Walk, all_seeds, default_capture, default_first_lap, dir_words,
    goes_on, seeds_word,
};
use crate::round::Decision;
use crate::rule::Rule;
use crate::trace::{CaptureKind, Event};

/// Whether the ply is the round's opening (S4, S6): its note says no hole is claimed during it
/// (S5).
fn opening(w: &Walk<'_>) -> bool {
    w.trace.events.iter().any(|e| {
        matches!(
            e,
            Event::Note {
                note: crate::notes::Note::SulusNishtaw(Note::Opening),
                ..
            }
        )
    })
}

impl Prose for SulusNishtaw {
    fn first_lap(&self, w: &Walk<'_>, l: &LapStart) -> String {
        if opening(w) {
            return default_first_lap(w, l);
        }
        format!(
            "{} lifts {} of {}, an unclaimed hole of his territory ({}), and sows them {}, one per hole from the next hole of the cycle ({}, {}).",
            w.mover,
            all_seeds(l.seeds),
            l.hole,
            w.cite(l.rule),
            dir_words(l.dir),
            l.rule,
            w.cite(Rule::S11)
        )
    }

    fn relay(&self, w: &Walk<'_>, i: usize, held: u32, l: &LapStart) -> String {
        let opening = opening(w);
        let own = w.setup.owner(i) == w.mover;
        let why = if !own && held == 3 && opening {
            format!(
                "; it is the opponent's and held 3, but no hole is claimed during the opening ({})",
                w.cite(Rule::S5)
            )
        } else if own && held == 3 {
            format!(
                "; it is the mover's own, so going from 3 to 4 claims nothing ({})",
                w.cite(Rule::S8)
            )
        } else {
            String::new()
        };
        format!("it is occupied and not claimed{why}, {}", goes_on(w, l, ""))
    }

    fn capture(&self, w: &mut Walk<'_>, c: &Taking) -> String {
        if c.kind != CaptureKind::Tax {
            return default_capture(w, c);
        }
        format!(
            "Tax: {} takes {} from {}, the last seed{} ({}).",
            c.player,
            seeds_word(c.seeds),
            c.hole,
            if c.seeds > 1 {
                " and one seed the hole held"
            } else {
                " alone, as the hole was empty before it"
            },
            w.cite(c.rule)
        )
    }

    fn set_up_words(&self, decision: &Decision) -> Option<&'static str> {
        (*decision == Decision::None).then_some(
            "no set-up decision; the territories follow from the round totals by S18 and S19",
        )
    }
}
