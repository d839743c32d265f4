//! What Giuthi's traces note and why it refuses a move (giuthi.md), typed; the English is their
//! `Display`.

use crate::geometry::Hole;
use crate::notes::common::GameNote;
use crate::player::Player;
use std::fmt;

/// A note of a Giuthi ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// G11: the last seed fell in an empty hole of the opponent: no capture.
    OpponentsHole {
        /// The hole of the last seed.
        hole: Hole,
    },
    /// G13: the last seed fell in an empty own hole and no seed of the move reached the
    /// opponent's row: no capture, the mover moves again.
    OwnRowOnly {
        /// The hole of the last seed.
        hole: Hole,
        /// The mover.
        player: Player,
    },
    /// G16: the hole facing the last seed's is empty: no capture.
    OppositeEmpty {
        /// The hole of the last seed.
        hole: Hole,
        /// The hole facing it.
        opposite: Hole,
    },
    /// G17: where the further captures stop.
    CapturesStop(Stop),
}

/// Why the captures of G17 stop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The own row ends.
    RowEnd,
    /// The next own hole holds seeds.
    Occupied {
        /// That hole.
        hole: Hole,
    },
    /// The hole facing the next own hole is empty.
    OppositeEmpty {
        /// The next own hole.
        hole: Hole,
        /// The hole facing it.
        opposite: Hole,
    },
}

impl GameNote for Note {}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::OpponentsHole { hole } => write!(
                f,
                "the last seed fell in {hole}, an empty hole of the opponent: no capture"
            ),
            Note::OwnRowOnly { hole, player } => write!(
                f,
                "the last seed fell in {hole}, an empty hole of {player}'s own, and no seed of this move fell in the opponent's row: no capture, {player} moves again"
            ),
            Note::OppositeEmpty { hole, opposite } => write!(
                f,
                "the last seed fell in {hole}, empty before, but the opposite hole {opposite} is empty: no capture"
            ),
            Note::CapturesStop(Stop::RowEnd) => {
                f.write_str("the captures stop at the end of the own row")
            }
            Note::CapturesStop(Stop::Occupied { hole }) => {
                write!(f, "the captures stop at {hole}, which holds seeds")
            }
            Note::CapturesStop(Stop::OppositeEmpty { hole, opposite }) => write!(
                f,
                "the captures stop at {hole}: the opposite hole {opposite} is empty"
            ),
        }
    }
}

/// Why Giuthi refuses a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// G19: neither player has a legal move.
    RoundOver,
    /// G4: the mover chooses the direction, and the move says none.
    NoDirection {
        /// The start hole.
        hole: Hole,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::RoundOver => f.write_str("the round is over: neither player has a legal move"),
            Refusal::NoDirection { hole } => write!(
                f,
                "the mover chooses the direction: write {hole}+ or {hole}-"
            ),
        }
    }
}
