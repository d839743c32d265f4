//! The notes and refusals every game shares ([`Endless`], [`Common`], [`CommonSetup`],
//! [`CommonRound`]), what a game's own notes and refusals are ([`GameNote`], [`GameRefusal`]),
//! and the words they share.

use crate::geometry::Hole;
use crate::marks::MarkKind;
use crate::player::{Dir, Player};
use crate::rule::Rule;
use crate::variant::{GameKind, Variant};
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

    /// The rules the note's words name besides the rule of its event, in their order (a Uugg
    /// note says "only a balla eats, U13"): what the line showing it cites. None by default.
    fn cites(&self) -> &'static [Rule] {
        &[]
    }
}

/// What a game's refusals are (each game's `notes.rs`: why it refuses a move, a set-up, a next
/// round): a reason in words, and the rules those words name besides the rule of the error.
pub trait GameRefusal: fmt::Display + Clone + fmt::Debug + Eq + Send + Sync + 'static {
    /// The rules the reason's words name, in the order they name them (Redu's `NoPass`, refused
    /// by R30, says why by R27): what a message citing the reason cites besides the error's rule.
    /// None by default.
    fn cites(&self) -> &'static [Rule] {
        &[]
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

impl GameRefusal for Common {}

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

/// Why a setup is not a position, in words every game uses; each game's own reasons are its arm
/// of [`crate::notes::SetupReason`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommonSetup {
    /// The seeds list a number of holes the board does not have.
    HoleCount {
        /// The game.
        game: GameKind,
        /// Holes on its board.
        holes: usize,
        /// Holes the position gives.
        given: usize,
    },
    /// The ownership lists a number of holes the board does not have.
    OwnerCount {
        /// Holes the ownership lists.
        given: usize,
        /// Holes on the board.
        holes: usize,
    },
    /// The marks list a number of holes the board does not have.
    MarkCount {
        /// Holes the marks list.
        given: usize,
        /// Holes on the board.
        holes: usize,
    },
    /// Board, stores and reserves do not add up to the game's seeds.
    SeedTotal {
        /// The game and its options.
        variant: Variant,
        /// Seeds in all.
        total: u64,
        /// Seeds on the board.
        on_board: u64,
        /// The stores (A, B).
        stores: [u32; 2],
        /// The reserves (A, B).
        reserves: [u32; 2],
        /// The game's seeds.
        expected: u64,
    },
    /// Round 0.
    RoundZero,
    /// A round number past [`crate::limits::MAX_ROUND`].
    RoundTooLarge {
        /// The round number.
        round: u32,
    },
    /// The opening is pending in a game that has none.
    NoOpening {
        /// The game's title.
        game: &'static str,
    },
    /// A capture right in a game that has none.
    NoRights {
        /// The game's title.
        game: &'static str,
    },
    /// A mark of a kind the game does not have.
    MarkKindUnknown {
        /// The game's title.
        game: &'static str,
        /// The kind.
        kind: MarkKind,
        /// The marked hole.
        hole: Hole,
    },
    /// A mark in a game that has no marks.
    NoMarks {
        /// The game's title.
        game: &'static str,
        /// The kind.
        kind: MarkKind,
        /// The marked hole.
        hole: Hole,
    },
    /// An ownership other than each player's own row, in a game whose ownership never changes
    /// (B1, G2, R1).
    OwnRows {
        /// The game's title.
        game: &'static str,
    },
    /// Reserves in round 1 (B16, G25).
    ReservesInRoundOne,
    /// No opener, where the opener alternates from round to round (B17, S20, U23).
    OpenerRequired,
}

impl GameRefusal for CommonSetup {}

impl fmt::Display for CommonSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommonSetup::HoleCount { game, holes, given } => write!(
                f,
                "{} has {holes} holes, the position gives {given}",
                game.title()
            ),
            CommonSetup::OwnerCount { given, holes } => {
                write!(f, "ownership lists {given} holes, the board has {holes}")
            }
            CommonSetup::MarkCount { given, holes } => {
                write!(f, "marks list {given} holes, the board has {holes}")
            }
            CommonSetup::SeedTotal {
                variant,
                total,
                on_board,
                stores,
                reserves,
                expected,
            } => write!(
                f,
                "seed total is {total} (board {on_board}, stores {} and {}, reserves {} and {}), {variant} has {expected}",
                stores[0], stores[1], reserves[0], reserves[1]
            ),
            CommonSetup::RoundZero => f.write_str("round numbers start at 1"),
            CommonSetup::RoundTooLarge { round } => write!(
                f,
                "round {round} is past the limit: round numbers are at most {}",
                crate::limits::MAX_ROUND
            ),
            CommonSetup::NoOpening { game } => write!(f, "{game} has no opening"),
            CommonSetup::NoRights { game } => write!(f, "{game} has no capture rights"),
            CommonSetup::MarkKindUnknown { game, kind, hole } => {
                write!(f, "{game} has no {kind:?} marks (hole {hole})")
            }
            CommonSetup::NoMarks { game, kind, hole } => {
                write!(f, "{game} has no marks ({kind:?} on {hole})")
            }
            CommonSetup::OwnRows { game } => write!(f, "in {game} each player owns his own row"),
            CommonSetup::ReservesInRoundOne => {
                f.write_str("reserves arise only at the set-up of a later round")
            }
            CommonSetup::OpenerRequired => f.write_str(
                "the opener of the round is required: the next round's opener alternates",
            ),
        }
    }
}

/// Why the next round cannot be set up, in words every game uses; each game's own reasons are
/// its arm of [`crate::notes::RoundReason`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommonRound {
    /// The round is not over (B13, G19, S15, U16, R27).
    NotOver {
        /// The sentence, in the game's words ([`crate::Game::NOT_OVER`]).
        words: &'static str,
    },
    /// The round that ended is the last a position holds ([`crate::limits::MAX_ROUND`]): the
    /// match would go on past it.
    PastLastRound {
        /// The round that ended.
        round: u32,
    },
    /// A decision given where the next round needs none (B16, S18, U19).
    NoDecision {
        /// Why none is made.
        because: &'static str,
    },
}

impl GameRefusal for CommonRound {}

impl fmt::Display for CommonRound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommonRound::NotOver { words } => f.write_str(words),
            CommonRound::PastLastRound { round } => write!(
                f,
                "round {round} is the last round a position holds (round numbers are at most {}): the match cannot be followed past it",
                crate::limits::MAX_ROUND
            ),
            CommonRound::NoDecision { because } => {
                write!(f, "no set-up decision is made: {because}")
            }
        }
    }
}
