//! Values in seeds (spec/analysis.md §1).
//!
//! The value of a position is the **final margin of its round for the player to move**: his round
//! total minus his opponent's, under the game's round end and scoring (B13, G20, S16, U18, R27),
//! when both play best. Rounds can be endless in some games (a line of play that repeats a
//! position for ever): such play has no score, so it is valued under two conventions, as the best
//! and as the worst outcome for the player to move at the root; a value is exact only when the
//! two agree.

use serde::Serialize;
use std::fmt;

/// The score of endless play in the search, for the player it favours: larger than any margin.
pub const ENDLESS: i32 = 10_000;
/// Beyond every score: the search window's infinity.
pub const INFINITY: i32 = 20_000;

/// How endless play is scored, for the player to move at the root of an analysis.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Convention {
    /// Endless play is the best outcome for the root's player to move.
    EndlessBest,
    /// Endless play is the worst outcome for the root's player to move.
    EndlessWorst,
}

impl Convention {
    /// Both conventions, the primary one first.
    pub const BOTH: [Convention; 2] = [Convention::EndlessBest, Convention::EndlessWorst];

    /// The score of endless play for the player to move at a node: `mover_is_root` says whether
    /// he is the root's player to move.
    #[must_use]
    pub fn endless_score(self, mover_is_root: bool) -> i32 {
        if mover_is_root == (self == Convention::EndlessBest) {
            ENDLESS
        } else {
            -ENDLESS
        }
    }
}

/// A value for the player to move: a margin in seeds, or endless play that he forces
/// (`Endless(true)`: it is scored as his best outcome) or suffers (`Endless(false)`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The final margin of the round in seeds.
    Seeds(i32),
    /// Endless play; `true` when it is the convention's best outcome for the player to move.
    Endless(bool),
}

impl Outcome {
    /// The outcome a search score stands for.
    #[must_use]
    pub fn from_score(score: i32) -> Outcome {
        if score >= ENDLESS {
            Outcome::Endless(true)
        } else if score <= -ENDLESS {
            Outcome::Endless(false)
        } else {
            Outcome::Seeds(score)
        }
    }

    /// The margin, if it is one.
    #[must_use]
    pub fn seeds(self) -> Option<i32> {
        match self {
            Outcome::Seeds(s) => Some(s),
            Outcome::Endless(_) => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// `+4`, `0`, `-2`; `endless` (scored as the best for the player to move) or `-endless`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Seeds(0) => f.write_str("0"),
            Outcome::Seeds(s) => write!(f, "{s:+}"),
            Outcome::Endless(true) => f.write_str("+endless"),
            Outcome::Endless(false) => f.write_str("-endless"),
        }
    }
}

impl Serialize for Outcome {
    /// A margin is a JSON integer; endless play the string `"+endless"` or `"-endless"`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            Outcome::Seeds(v) => s.serialize_i32(v),
            Outcome::Endless(_) => s.serialize_str(&self.to_string()),
        }
    }
}
