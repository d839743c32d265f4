//! What Bechi's traces note and why it refuses a move (bechi.md), typed; the English is their
//! `Display`.

use crate::geometry::Hole;
use crate::notes::common::GameNote;
use crate::player::Dir;
use std::fmt;

/// A note of a Bechi ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// B9: the last seed made an odd number: no capture.
    Odd {
        /// The hole of the last seed.
        hole: Hole,
        /// What it holds now.
        seeds: u32,
    },
    /// B9: the last hole holds an even number but was not chosen: no capture.
    NotChosen {
        /// The hole of the last seed.
        hole: Hole,
    },
    /// B10: where the chain of captures stops, and why.
    ChainStops {
        /// The first hole not captured.
        hole: Hole,
        /// What it holds (an odd number, or none), or `None` when it was not chosen.
        seeds: Option<u32>,
    },
}

impl GameNote for Note {}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Odd { hole, seeds } => write!(
                f,
                "the last seed fell in {hole}, which now holds {seeds}, an odd number: no capture"
            ),
            Note::NotChosen { hole } => write!(
                f,
                "the last seed fell in {hole}, which holds an even number but has not been chosen this round: no capture"
            ),
            Note::ChainStops { hole, seeds } => {
                write!(f, "the chain stops at {hole}: ")?;
                match seeds {
                    Some(0) => f.write_str("it is empty"),
                    Some(s) => write!(f, "it holds {s}, an odd number"),
                    None => f.write_str("it has not been chosen this round"),
                }
            }
        }
    }
}

/// Why Bechi refuses a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// B13: neither player can move.
    RoundOver,
    /// B3: a hole left unfilled at the round's set-up.
    Blocked {
        /// The hole.
        hole: Hole,
    },
    /// B4: the 2×3 middle hole sows either way, and the move says neither.
    NoDirection {
        /// The middle hole.
        hole: Hole,
    },
    /// B4: a direction the hole does not sow in.
    WrongDirection {
        /// The hole.
        hole: Hole,
        /// The direction it sows in.
        sows: Dir,
        /// The direction written.
        written: Dir,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::RoundOver => f.write_str("the round is over: neither player can move"),
            Refusal::Blocked { hole } => write!(
                f,
                "{hole} was left unfilled at this round's set-up and cannot be played"
            ),
            Refusal::NoDirection { hole } => write!(
                f,
                "the middle hole {hole} sows either way: write {hole}+ or {hole}-"
            ),
            Refusal::WrongDirection {
                hole,
                sows,
                written,
            } => write!(
                f,
                "{hole} sows {}, not {written}",
                match sows {
                    Dir::Cw => "clockwise (-)",
                    Dir::Ccw => "counterclockwise (+)",
                }
            ),
        }
    }
}
