//! What a position has settled of its round's score whatever is played ([`Settled`]), and what a
//! game's endgame tables know its positions by ([`TableKey`]): the facts of a game's rules that
//! an analysis's bounds and endgame tables count on (spec/analysis.md §2, §12.1), answered by
//! each game, so that the analysis holds no game's rules.

use crate::geometry::HoleSet;

/// What a position has settled of its round's final score, whatever is played. The stores are
/// settled in every game (a store never gives seeds back); a game may also have holes whose seeds
/// already count for one player at the round's end (Uugg's uuggs, U18), from which play can take
/// seeds only to that player's opponent.
///
/// So, for the player to move, the final margin lies between the settled part (the stores and
/// the settled holes, each for its player) less `F + 2·min(T₁, takeable)` and the settled part
/// plus `F + 2·min(T₂, takeable)`, where `F` is the seeds outside the settled holes (each ends
/// with one player or the other: one seed of margin either way), and `T₁`, `T₂` the seeds in
/// the mover's and his opponent's [`open`](Settled::open) holes (a seed taken out of one goes
/// to the other player: two seeds of margin) — when every line of play [`ends`](Settled::ends).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Settled {
    /// The settled holes whose seeds count for A, and for B.
    pub holes: [HoleSet; 2],
    /// The settled holes play can still take seeds out of; the others keep theirs to the end.
    pub open: HoleSet,
    /// The most seeds play can still take out of the settled holes, all together.
    pub takeable: u32,
    /// Whether every line of play from the position ends: no position can come back.
    pub ends: bool,
}

impl Settled {
    /// Nothing settled but the stores, and play that may go on for ever.
    pub const NOTHING: Settled = Settled {
        holes: [HoleSet::EMPTY; 2],
        open: HoleSet::EMPTY,
        takeable: 0,
        ends: false,
    };

    /// The player the seeds of the hole at `index` count for, if they are settled.
    #[must_use]
    pub fn owner(&self, index: usize) -> Option<crate::Player> {
        crate::Player::BOTH
            .into_iter()
            .find(|p| self.holes[p.index()].contains(index))
    }
}

/// What an endgame table knows a game's positions by (spec/analysis.md §12.1), for the games
/// whose final margin is the part already [`Settled`] plus a value of the board that depends on
/// the key alone, and whose seeds in play play never raises.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TableKey {
    /// The seeds of each hole, seen from the player to move, and nothing else: every player
    /// owns his row, no hole is marked, and every seed on the board is in play (Giuthi, G20).
    /// Every board can be listed, so a table can hold all of them.
    Seeds,
    /// The seeds, the mark and the owner of each hole, seen from the player to move (Uugg: the
    /// uuggs and who made them, and the territories, U18, U21).
    SeedsMarksOwners,
}
