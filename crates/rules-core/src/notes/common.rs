//! The notes and refusals every game shares ([`Endless`], [`Common`]), what a game's own notes
//! are ([`GameNote`]), and the words they share.

use crate::geometry::Hole;
use crate::player::{Dir, Player};
use std::fmt;

/// "1 seed", "3 seeds".
pub(crate) fn seeds(n: u32) -> Seeds {
    Seeds(n)
}

/// [`seeds`], written where it is used.
pub(crate) struct Seeds(u32);

impl fmt::Display for Seeds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 1 {
            f.write_str("1 seed")
        } else {
            write!(f, "{} seeds", self.0)
        }
    }
}

/// "" for one, "s" for any other number.
pub(crate) const fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A start whose sowing never ends (rules README §4: G10, S12, U15): its period, and where its
/// first lap began. The last event of the trace of such a start.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Endless {
    /// The period: after this many laps the sowing is back where its first lap began.
    pub laps: u64,
    /// The seeds of the first lap.
    pub seeds: u32,
    /// The hole the first lap was lifted from.
    pub from: Hole,
    /// The laps the trace shows, when it shows fewer than the period.
    pub shown: Option<u64>,
}

impl fmt::Display for Endless {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let laps = self.laps;
        write!(
            f,
            "the sowing never ends: after {laps} lap{} it is back where its first lap began, {} from {} on the same board, and goes round again for ever",
            if laps == 1 { "" } else { "s" },
            seeds(self.seeds),
            self.from
        )?;
        if let Some(shown) = self.shown {
            write!(f, " (the first {shown} laps are shown)")?;
        }
        Ok(())
    }
}

/// What a game's notes are (each game's `notes.rs`): a sentence, and what the checks ask of them.
pub trait GameNote: fmt::Display + Clone + fmt::Debug + Eq + Send + Sync + 'static {
    /// Whether the note says what decides the right a ply gives (Redu: where the lone seed or
    /// seed #1 fell, R5, R8; the right given, R17): the rule a wrong `right` annotation cites.
    fn decides_right(&self) -> bool {
        false
    }
}

/// Why a move is refused in words every game uses; each game's own reasons are its arm of
/// [`crate::notes::Refusal`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Common {
    /// A pass when the mover has a legal move (B5, G5, U14).
    PassWithMove {
        /// The mover.
        player: Player,
    },
    /// A hole the board does not have.
    NoSuchHole {
        /// The hole.
        hole: Hole,
        /// Holes per row of the 2×N board.
        per_side: usize,
    },
    /// The opening in a game that has none.
    NoOpening {
        /// The game's title.
        game: &'static str,
        /// What a move of the game is.
        a_move_is: &'static str,
    },
    /// A Redu token in another game.
    ReduToken {
        /// The token.
        token: String,
        /// The game's title.
        game: &'static str,
    },
    /// A start hole that is not the mover's.
    NotOwnHole {
        /// The hole.
        hole: Hole,
        /// The mover.
        player: Player,
    },
    /// A start hole with fewer seeds than a move needs: 2 (B4, G4).
    TooFewSeeds {
        /// The hole.
        hole: Hole,
        /// Its seeds.
        seeds: u32,
    },
    /// An empty start hole.
    Empty {
        /// The hole.
        hole: Hole,
    },
    /// A start whose sowing never ends (G10, S12, U15): its hole and the direction written, if
    /// one was.
    Endless {
        /// The start hole.
        hole: Hole,
        /// The direction, where the mover chooses it.
        dir: Option<Dir>,
    },
}

impl fmt::Display for Common {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Common::PassWithMove { player } => write!(
                f,
                "{player} has a legal move, and a player passes only when he has none"
            ),
            Common::NoSuchHole { hole, per_side } => {
                write!(f, "there is no hole {hole} on a 2×{per_side} board")
            }
            Common::NoOpening { game, a_move_is } => {
                write!(f, "{game} has no opening: a move is {a_move_is}")
            }
            Common::ReduToken { token, game } => {
                write!(f, "`{token}` is a Redu move, not a {game} move")
            }
            Common::NotOwnHole { hole, player } => {
                write!(f, "{hole} is not one of {player}'s holes")
            }
            Common::TooFewSeeds { hole, seeds } => write!(
                f,
                "{hole} holds {seeds} seed{}; a move needs at least 2",
                plural(*seeds)
            ),
            Common::Empty { hole } => write!(f, "{hole} is empty"),
            Common::Endless { hole, dir: None } => {
                write!(f, "the sowing from {hole} never ends")
            }
            Common::Endless { hole, dir: Some(d) } => {
                write!(f, "the sowing from {hole}{d} never ends")
            }
        }
    }
}
