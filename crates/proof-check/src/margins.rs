//! What the round can still end with at a position (spec/analysis.md §8.4): the final margins
//! for its player to move that the rules leave possible, from the position alone.
//!
//! A round's total for a player is his store and the seeds the end of the round gives him from
//! the board (B13, G20, S16, U18, R27: every seed on the board goes to one player or the other).
//! Within a round no move takes a seed out of a store or out of play (seeds are sown, captured
//! into a store, or stay on the board; reserves are kept off the board from the set-up, B16,
//! G25). So from a position where the player to move has `mine` in his store, his opponent
//! `theirs` and the board holds `board` seeds, every end of the round gives him a margin between
//! `mine - theirs - board` (every seed on the board goes to his opponent) and
//! `mine - theirs + board` (every one to him), and no margin of the round, at any position, lies
//! beyond the round's seeds `mine + theirs + board` either way.

use rules_core::{Player, Setup};
use std::fmt;

/// The final margins a position can still end its round with, for its player to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Margins {
    /// The player to move.
    pub mover: Player,
    /// His store.
    pub mine: i64,
    /// His opponent's store.
    pub theirs: i64,
    /// The seeds on the board.
    pub board: i64,
}

impl Margins {
    /// The margins of `setup`'s position.
    #[must_use]
    pub fn of(setup: &Setup) -> Margins {
        let me = setup.to_move.index();
        let store = |p: usize| setup.stores.get(p).map_or(0, |&s| i64::from(s));
        Margins {
            mover: setup.to_move,
            mine: store(me),
            theirs: store(1usize.saturating_sub(me)),
            board: setup
                .seeds
                .iter()
                .fold(0i64, |sum, &n| sum.saturating_add(i64::from(n))),
        }
    }

    /// The lowest final margin: every seed on the board to his opponent.
    #[must_use]
    pub fn lowest(&self) -> i64 {
        self.mine
            .saturating_sub(self.theirs)
            .saturating_sub(self.board)
    }

    /// The highest final margin: every seed on the board to him.
    #[must_use]
    pub fn highest(&self) -> i64 {
        self.mine
            .saturating_sub(self.theirs)
            .saturating_add(self.board)
    }

    /// Every seed of the round: both stores and the board. No margin of the round is beyond it
    /// either way, at this position or any other of the round.
    #[must_use]
    pub fn round_seeds(&self) -> i64 {
        self.mine
            .saturating_add(self.theirs)
            .saturating_add(self.board)
    }
}

impl fmt::Display for Margins {
    /// `B's store 10, A's 20, 6 seeds on the board, so B's final margin is between -16 and -4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let me = self.mover;
        write!(
            f,
            "{me}'s store {}, {}'s {}, {} on the board, so {me}'s final margin is between {} and \
             {}",
            self.mine,
            me.other(),
            self.theirs,
            seeds(self.board),
            self.lowest(),
            self.highest()
        )
    }
}

/// `1 seed`, `6 seeds`.
fn seeds(n: i64) -> String {
    if n == 1 {
        "1 seed".to_owned()
    } else {
        format!("{n} seeds")
    }
}
