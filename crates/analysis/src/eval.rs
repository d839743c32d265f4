//! Scores of single positions: the exact score of a finished round, and the estimate used where
//! a search stops before the round ends.

use rules_core::{ClaimsScoreTo, MarkKind, Player, Position, Variant};

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
    pos.to_setup().stores
}

/// An estimate of the margin for the player to move, where the search stops: the round scored as
/// if it ended now, every seed going to the player the game's end rule would give it. Each seed
/// on the board goes to the owner of its hole; an uugg's (U18) or, under `creator`, a claim's
/// (S16) to its creator. It is exact for Bechi (B13), Giuthi (G20) and Uugg (U17) when the
/// round ends with no move left; elsewhere it is only an estimate.
#[must_use]
pub fn estimate(pos: &Position) -> i32 {
    let s = pos.to_setup();
    let claims_to_creator = !matches!(
        s.variant,
        Variant::SulusNishtaw(o) if o.claims_score_to == ClaimsScoreTo::SideOwner
    );
    let mut totals = s.stores;
    for (i, &n) in s.seeds.iter().enumerate() {
        let to = match s.marks[i] {
            Some(m) if m.kind == MarkKind::Uugg => m.owner,
            Some(m) if m.kind == MarkKind::Claim && claims_to_creator => m.owner,
            _ => s.owner(i),
        };
        totals[to.index()] += n;
    }
    margin(totals, s.to_move)
}
