//! What Giuthi's traces note and why it refuses a move (giuthi.md), typed; the English is their
//! `Display`.

use crate::geometry::Hole;
use crate::notes::common::{GameNote, GameRefusal};
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

impl GameRefusal for Refusal {}

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

/// Why a setup is not a Giuthi position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupReason {
    /// G24: both players keep a reserve.
    TwoReserves,
    /// G26: an opener named.
    NamesOpener,
}

impl GameRefusal for SetupReason {}

impl fmt::Display for SetupReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SetupReason::TwoReserves => {
                "only the richer player keeps a reserve; the poorer places all his seeds"
            }
            SetupReason::NamesOpener => {
                "a Giuthi position names no opener: the richer player opens later rounds"
            }
        })
    }
}

/// Why the next Giuthi round cannot be set up with a decision (G22-G24).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundReason {
    /// G22: the match is over, and a layout is given.
    MatchOver,
    /// G23: no layout given.
    LayoutNeeded {
        /// The poorer player.
        player: Player,
        /// His holdings.
        seeds: u32,
    },
    /// G23: a layout of another number of holes.
    LayoutLength {
        /// N.
        holes: u8,
        /// The holes the layout gives.
        given: usize,
    },
    /// G23: a hole of the layout receives no seed.
    EmptyHole {
        /// Its number, from 1.
        number: usize,
    },
    /// G24: the layout does not place all the poorer player's seeds.
    LayoutTotal {
        /// The poorer player.
        player: Player,
        /// His holdings.
        seeds: u32,
        /// What the layout places.
        placed: u64,
    },
}

impl GameRefusal for RoundReason {}

impl fmt::Display for RoundReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundReason::MatchOver => f.write_str("the match is over: no layout is made"),
            RoundReason::LayoutNeeded { player, seeds } => write!(
                f,
                "{player}, the poorer player, must lay out his {seeds} seeds"
            ),
            RoundReason::LayoutLength { holes, given } => write!(
                f,
                "a layout gives the seeds of all {holes} holes, not {given}"
            ),
            RoundReason::EmptyHole { number } => write!(
                f,
                "every hole receives at least one seed, and hole {number} receives none"
            ),
            RoundReason::LayoutTotal {
                player,
                seeds,
                placed,
            } => write!(
                f,
                "{player} places all his {seeds} seeds; the layout places {placed}"
            ),
        }
    }
}
