//! What a position's value can still become, without searching it (spec/analysis.md §2,
//! bound proofs): the part of the final margin already settled, plus or minus the seeds that can
//! still change hands, where every line of play from the position is known to end. What is
//! settled, and whether play ends, is the game's own answer (`Position::settled`, with the
//! reasons of its rules: Uugg's uuggs, U9, U13, U18); this file only adds it up.
//!
//! Where play may go round for ever (Giuthi's and Sulus Nishtaw's repeat moves, Redu's rights,
//! an Uugg board without an uugg) there is no interval: endless play lies outside any interval
//! of margins (under the convention that counts it as a player's worst outcome, his value there
//! is below every margin), so a bound on the margins alone would prove what is false.

use rules_core::Position;

/// The final margin for the player to move lies in `[lo, hi]` whatever is played, and every
/// line of play ends; `None` when that is not known without a search.
///
/// The settled part is his store less his opponent's, with the seeds of the settled holes,
/// each for the player they count for. Each seed outside the settled holes (`F` of them) ends
/// with one player or the other: one seed of margin either way. A seed taken out of a settled
/// hole goes to the opponent of the player it counted for: two seeds of margin, for at most
/// `takeable` seeds in all. So the margin lies between the settled part less
/// `F + 2·min(T₁, takeable)` and the settled part plus `F + 2·min(T₂, takeable)`, `T₁` being the
/// seeds in his own settled holes that play can take from (his opponent takes them), `T₂` those
/// in his opponent's (he takes them).
#[must_use]
pub fn interval(pos: &Position) -> Option<(i32, i32)> {
    let settled = pos.settled();
    if !settled.ends {
        return None;
    }
    let v = pos.view();
    let me = v.to_move();
    let stores = v.stores();
    let mut part = i64::from(stores[me.index()]) - i64::from(stores[me.other().index()]);
    let mut outside = 0i64;
    // Seeds play can take: from the mover's settled holes, from his opponent's.
    let mut takeable = [0i64; 2];
    for (i, &seeds) in v.seeds().iter().enumerate() {
        let seeds = i64::from(seeds);
        match settled.owner(i) {
            Some(owner) => {
                part += if owner == me { seeds } else { -seeds };
                if settled.open.contains(i) {
                    takeable[usize::from(owner != me)] += seeds;
                }
            }
            None => outside += seeds,
        }
    }
    let most = i64::from(settled.takeable);
    let lo = i32::try_from(part - outside - 2 * takeable[0].min(most)).ok()?;
    let hi = i32::try_from(part + outside + 2 * takeable[1].min(most)).ok()?;
    Some((lo, hi))
}
