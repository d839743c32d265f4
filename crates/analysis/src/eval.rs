//! Scores of single positions: the exact score of a finished round, and the estimate used where
//! a search stops before the round ends.

use rules_core::{Player, Position};

/// `totals[me] - totals[other]`.
fn margin(totals: [u32; 2], me: Player) -> i32 {
    let mine = i64::from(totals[me.index()]);
    let theirs = i64::from(totals[me.other().index()]);
    // Totals are at most a few hundred seeds: the difference fits.
    i32::try_from(mine - theirs).unwrap_or(0)
}

/// The final margin for the player to move when the round is over (by the game's scoring rule,
/// `Position::round_result`), or `None` while it goes on.
#[must_use]
pub fn final_margin(pos: &Position) -> Option<i32> {
    pos.round_result().map(|r| margin(r.totals, pos.to_move()))
}

/// The seeds each player has captured in this round (A, B), as the position string's `store=`.
#[must_use]
pub fn stores(pos: &Position) -> [u32; 2] {
    pos.view().stores()
}

/// An estimate of the margin for the player to move, where the search stops: the round scored as
/// if it ended now, every seed going to the player the game's end rule would give it
/// (`Position::provisional_totals`: the owner of its hole; an uugg's, U18, or under `creator` a
/// claim's, S16, to its creator). It is exact for Bechi (B13), Giuthi (G20) and Uugg (U17) when
/// the round ends with no move left; elsewhere it is only an estimate.
#[must_use]
pub fn estimate(pos: &Position) -> i32 {
    margin(pos.provisional_totals(), pos.to_move())
}
