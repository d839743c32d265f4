//! What a position's value can still become, without searching it (spec/analysis.md §2,
//! bound proofs): the part of the final margin already settled, plus or minus the seeds that can
//! still change hands, where every line of play from the position is known to end.
//!
//! Only Uugg with an uugg on the board is covered. Elsewhere play may go round for ever (Giuthi's
//! and Sulus Nishtaw's repeat moves, Redu's rights, an Uugg board without an uugg), and endless
//! play lies outside any interval of margins: under the convention that counts it as a player's
//! worst outcome, his value there is below every margin, so a bound on the margins alone would
//! prove what is false.

use rules_core::{GameKind, MarkKind, Position, Setup};

/// The final margin for the player to move lies in `[lo, hi]` whatever is played, and every
/// line of play ends; `None` when that is not known without a search.
///
/// **Uugg** (U2–U18). A player's round score is what he ate plus the seeds in the uuggs he made
/// (U18): the **settled** part is the eaten seeds (a store never gives seeds back) and the seeds
/// in the uuggs, counted for their makers. What can still change:
///
/// * each seed outside the uuggs (`L` of them) ends eaten, in an uugg or in a row (U17): it moves
///   the margin by one seed either way;
/// * a seed in an uugg leaves it only by a balla (U6, U9), to the other player's store: two
///   seeds of margin. Each balla also eats a seed from outside the uuggs (the mover's single
///   seed), so at most `L` ballas are left, and an uugg that no balla can reach (U13: its
///   preceding hole is an uugg, or is its maker's own) never gives a seed back.
///
/// So, for the player to move, the margin lies between the settled part less `L + 2·min(E₁, L)`
/// and the settled part plus `L + 2·min(E₂, L)`, `E₁` being the seeds in his own uuggs that a
/// balla can reach (his opponent eats them), `E₂` those in his opponent's (he eats them).
///
/// **Every line ends** once the board holds an uugg: sowing moves seeds only forward
/// (counterclockwise, U2) and never skips an uugg (U3), so a move either drops a seed into an
/// uugg, makes one (U5: an uagga) or eats by balla, and the seeds outside the uuggs become fewer,
/// or it moves every seed it lifts nearer to the first uugg ahead of it: the seeds outside the
/// uuggs, then the sum of their distances to the next uugg, fall at every move (uuggs are never
/// undone, U3), and no position comes back. Without an uugg, seeds can go round the board, and
/// positions can repeat.
#[must_use]
pub fn interval(pos: &Position) -> Option<(i32, i32)> {
    if pos.variant().kind() != GameKind::Uugg {
        return None;
    }
    let s = pos.to_setup();
    uugg_interval(&s)
}

/// [`interval`] of an Uugg setup.
fn uugg_interval(s: &Setup) -> Option<(i32, i32)> {
    let me = s.to_move;
    let len = s.seeds.len();
    let is_uugg = |i: usize| s.mark(i).is_some_and(|m| m.kind == MarkKind::Uugg);
    let mut settled = i64::from(s.stores[me.index()]) - i64::from(s.stores[me.other().index()]);
    let (mut outside, mut uuggs) = (0i64, 0);
    // Seeds a balla can reach: in the mover's uuggs, in his opponent's.
    let mut eatable = [0i64; 2];
    for (i, &seeds) in s.seeds.iter().enumerate() {
        match s.mark(i) {
            Some(m) if m.kind == MarkKind::Uugg => {
                uuggs += 1;
                let sign = if m.owner == me { 1 } else { -1 };
                settled += sign * i64::from(seeds);
                // U9, U13: a balla comes from the hole before the uugg, a hole (not an uugg)
                // that the uugg's maker's opponent owns.
                let before = (i + len - 1) % len;
                if !is_uugg(before) && s.owner(before) != m.owner {
                    eatable[usize::from(m.owner != me)] += i64::from(seeds);
                }
            }
            _ => outside += i64::from(seeds),
        }
    }
    if uuggs == 0 {
        return None;
    }
    let lo = i32::try_from(settled - outside - 2 * eatable[0].min(outside)).ok()?;
    let hi = i32::try_from(settled + outside + 2 * eatable[1].min(outside)).ok()?;
    Some((lo, hi))
}
