//! Bechi in words (bechi.md): the start hole's direction (B4, B6), the captures of chosen holes
//! holding an even number (B9, B10), the forced pass (B5).

use super::Bechi;
use crate::marks::MarkKind;
use crate::prose::walk::{LapStart, Prose, Taking, Walk, all_seeds, dir_words, seeds_word};
use crate::rule::Rule;
use crate::trace::CaptureKind;

impl Prose for Bechi {
    fn first_lap(&self, w: &Walk<'_>, l: &LapStart) -> String {
        let (mover, hole, k) = (w.mover, l.hole, l.hole.number);
        let per_side = w.g.per_side();
        let side = if per_side == 3 && k == 2 {
            "the middle hole of the 2x3 board, which sows in the direction the mover chooses"
                .to_owned()
        } else if k <= 2 {
            format!("{mover}'s hole {k}, a left-hand hole: holes 1 and 2 sow clockwise")
        } else {
            format!(
                "{mover}'s hole {k}, a right-hand hole: holes {} sow counterclockwise",
                if per_side == 3 { "3" } else { "3 and 4" }
            )
        };
        let blocked = w
            .marks
            .iter()
            .any(|m| m.is_some_and(|m| m.kind == MarkKind::Blocked));
        format!(
            "{mover} lifts {} of {hole}. {hole} is {side} ({}), so the seeds go {}. The first seed goes back into {hole} itself, then one into each following hole ({}){}.",
            all_seeds(l.seeds),
            w.cite(Rule::B4),
            dir_words(l.dir),
            w.cite(l.rule),
            if blocked {
                format!("; blocked holes are skipped ({})", w.cite(Rule::B7))
            } else {
                String::new()
            }
        )
    }

    fn capture(&self, w: &mut Walk<'_>, c: &Taking) -> String {
        let (hole, n, player, rule) = (c.hole, c.seeds, c.player, w.cite(c.rule));
        if c.kind == CaptureKind::Chain {
            format!(
                "The next hole in the direction of the sowing, {hole}, holds {n}, an even number of at least 2, and is chosen: {player} captures it too ({rule})."
            )
        } else {
            format!(
                "The last seed fell in {hole}, which now holds {n}, an even number, and is chosen ({}): {player} captures its {} ({rule}).",
                w.cite(Rule::B2),
                seeds_word(n)
            )
        }
    }

    fn pass_why(&self, w: &Walk<'_>) -> String {
        format!(
            ": none of his holes holds 2 seeds or more ({})",
            w.cite(Rule::B4)
        )
    }
}
