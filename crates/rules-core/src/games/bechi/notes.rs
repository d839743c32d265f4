//! What Bechi's traces note and why it refuses a move (bechi.md), typed; the English is their
//! `Display`.

use crate::geometry::Hole;
use crate::notes::common::{GameNote, GameRefusal, plural};
use crate::player::{Dir, Player};
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

impl GameRefusal for Refusal {}

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

/// Why a setup is not a Bechi position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupReason {
    /// B2: a mark (chosen or blocked) of the player who does not own the hole.
    MarkOfOwner {
        /// The hole.
        hole: Hole,
        /// Its owner, whose mark it must be.
        owner: Player,
    },
    /// B3: a blocked hole holding seeds.
    BlockedHoldsSeeds {
        /// The hole.
        hole: Hole,
        /// Its seeds.
        seeds: u32,
    },
    /// B3: a blocked hole marked chosen.
    BlockedChosen {
        /// The hole.
        hole: Hole,
    },
    /// B3: blocked holes in round 1.
    BlockedInRoundOne,
    /// B16: blocked holes in both rows.
    BlockedInBothRows,
    /// B15: every hole of a player blocked.
    AllBlocked {
        /// The player.
        player: Player,
    },
    /// B9: an odd store.
    OddStore {
        /// The player.
        player: Player,
        /// His store.
        seeds: u32,
    },
}

impl GameRefusal for SetupReason {}

impl fmt::Display for SetupReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupReason::MarkOfOwner { hole, owner } => write!(
                f,
                "the mark on {hole} belongs to the owner of the hole, {owner}"
            ),
            SetupReason::BlockedHoldsSeeds { hole, seeds } => write!(
                f,
                "blocked hole {hole} holds {seeds} seeds; a blocked hole holds none"
            ),
            SetupReason::BlockedChosen { hole } => write!(
                f,
                "blocked hole {hole} cannot have been chosen: it cannot be played"
            ),
            SetupReason::BlockedInRoundOne => {
                f.write_str("blocked holes exist only in rounds after the first")
            }
            SetupReason::BlockedInBothRows => f.write_str(
                "only the poorer player leaves holes unfilled, so blocked holes lie in one row",
            ),
            SetupReason::AllBlocked { player } => write!(
                f,
                "every hole of {player} is blocked: a player who cannot fill a hole has lost the match"
            ),
            SetupReason::OddStore { player, seeds } => write!(
                f,
                "{player}'s store holds {seeds}, but captures are always of even holes"
            ),
        }
    }
}

/// Why the next Bechi round cannot be set up with a decision (B16).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundReason {
    /// No holes chosen: the poorer player must choose the holes he fills.
    FillNeeded {
        /// The poorer player.
        player: Player,
        /// How many holes he fills.
        holes: u32,
    },
    /// A hole that is not one of the poorer player's.
    NotOwnHole {
        /// The hole.
        hole: Hole,
        /// The poorer player.
        player: Player,
    },
    /// A hole listed twice.
    Twice {
        /// The hole.
        hole: Hole,
    },
    /// Not as many holes as the poorer player's holdings fill.
    FillCount {
        /// The poorer player.
        player: Player,
        /// His holdings.
        seeds: u32,
        /// How many holes he fills.
        holes: u32,
        /// How many the decision lists.
        given: usize,
    },
}

impl GameRefusal for RoundReason {}

impl fmt::Display for RoundReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundReason::FillNeeded { player, holes } => write!(
                f,
                "{player} must choose the {holes} hole{} he fills",
                plural(*holes)
            ),
            RoundReason::NotOwnHole { hole, player } => {
                write!(f, "{hole} is not one of {player}'s holes")
            }
            RoundReason::Twice { hole } => write!(f, "{hole} is listed twice"),
            RoundReason::FillCount {
                player,
                seeds,
                holes,
                given,
            } => write!(
                f,
                "{player} holds {seeds} seeds and fills exactly {holes} hole{} with 6, not {given}",
                plural(*holes)
            ),
        }
    }
}
