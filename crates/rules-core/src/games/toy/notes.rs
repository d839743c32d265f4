//! What the toy game's traces note and why it refuses a move.

use crate::geometry::Hole;
use crate::notes::common::GameNote;
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
