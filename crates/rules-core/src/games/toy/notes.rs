//! What the toy game's traces note and why it refuses a move.

use crate::geometry::Hole;
use crate::notes::common::{GameNote, GameRefusal};
use std::fmt;

/// A note of a toy ply: the last seed made no pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// No capture: the last hole does not hold two.
    NoPair {
        /// The hole of the last seed.
        hole: Hole,
    },
}

impl GameNote for Note {}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::NoPair { hole } => write!(f, "{hole} does not hold two: no capture"),
        }
    }
}

/// Why the toy game refuses a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The start hole is empty or not the mover's.
    NotPlayable {
        /// The hole.
        hole: Hole,
    },
    /// Not a sowing from one hole in the direction of the game.
    NotASowing {
        /// The move as written.
        token: String,
    },
}

impl GameRefusal for Refusal {}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotPlayable { hole } => {
                write!(f, "{hole} is not a non-empty hole of the mover")
            }
            Refusal::NotASowing { token } => write!(f, "`{token}` is not a toy move"),
        }
    }
}

/// Why a setup is not a toy position: the toy game checks only what every game checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupReason {}

impl GameRefusal for SetupReason {}

impl fmt::Display for SetupReason {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

/// Why the toy game sets up no next round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundReason {
    /// Its one round is its match.
    MatchOver,
}

impl GameRefusal for RoundReason {}

impl fmt::Display for RoundReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundReason::MatchOver => f.write_str("the match is over"),
        }
    }
}
