//! What Sulus Nishtaw's traces note and why it refuses a move (sulus-nishtaw.md), typed; the
//! English is their `Display`.

use crate::geometry::Hole;
use crate::marks::MarkKind;
use crate::notes::common::{GameNote, GameRefusal, plural};
use crate::player::Player;
use std::fmt;

/// A note of a Sulus Nishtaw ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// S5: the opening claims nothing; every lap ending in an occupied hole relays.
    Opening,
    /// S8: the last seed fell in an empty hole: the turn ends.
    Empty {
        /// The hole of the last seed.
        hole: Hole,
    },
    /// S8: the last seed fell in a hole the mover claimed: the turn ends without capture.
    OwnClaim {
        /// The hole.
        hole: Hole,
        /// The mover, its creator.
        player: Player,
    },
    /// S8, S9: the last seed fell in a hole the opponent claimed in the mover's territory: a
    /// tax follows.
    Taxed {
        /// The hole.
        hole: Hole,
        /// Who claimed it.
        claimer: Player,
        /// The mover, whose territory it lies in.
        mover: Player,
        /// Whether it was empty before the last seed.
        was_empty: bool,
    },
    /// S8: the last seed made 4 in an unclaimed hole of the opponent: the mover claims it.
    Claims {
        /// The hole.
        hole: Hole,
        /// The opponent, whose territory it lies in.
        owner: Player,
    },
    /// S15: a player has no seed in the unclaimed holes of his territory: the round is over.
    Starved {
        /// That player.
        player: Player,
    },
    /// S15: the player to move has no legal move: the round is over.
    NoMove {
        /// That player.
        player: Player,
    },
}

impl GameNote for Note {}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Opening => f.write_str(
                "no hole is claimed during the opening: every lap that ends in an occupied hole relays",
            ),
            Note::Empty { hole } => write!(
                f,
                "the last seed fell in {hole}, which was empty: the turn ends"
            ),
            Note::OwnClaim { hole, player } => write!(
                f,
                "the last seed fell in {hole}, a hole {player} claimed: the turn ends without capture"
            ),
            Note::Taxed {
                hole,
                claimer,
                mover,
                was_empty,
            } => write!(
                f,
                "the last seed fell in {hole}, a hole {claimer} claimed in {mover}'s territory{}",
                if *was_empty {
                    ", empty before the drop"
                } else {
                    ""
                }
            ),
            Note::Claims { hole, owner } => write!(
                f,
                "the last seed fell in {hole}, an unclaimed hole of {owner} that held 3 and now holds 4; a claim ends the turn"
            ),
            Note::Starved { player } => write!(
                f,
                "{player} has no seed in the unclaimed holes of his territory: the round is over"
            ),
            Note::NoMove { player } => write!(
                f,
                "{player} has no legal move, and there are no passes: the round is over"
            ),
        }
    }
}

/// Why Sulus Nishtaw refuses a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// S15: the round is over: a player is starved, or the player to move has no legal move.
    RoundOver(Over),
    /// S15: the game has no passes.
    NoPass,
    /// S4, S6: the round's opening has been played already.
    OpeningPlayed,
    /// S4, S6: the round begins with the opening.
    OpeningFirst,
    /// S12: the sowing of the opening never ends.
    EndlessOpening,
    /// S1: no such hole on the 3×6 board.
    NoSuchHole {
        /// The hole.
        hole: Hole,
    },
    /// S1: a sowing written clockwise.
    Clockwise,
    /// S7: a hole outside the mover's territory.
    NotInTerritory {
        /// The hole.
        hole: Hole,
        /// The mover.
        player: Player,
    },
    /// S7: a hole the opponent claimed.
    Claimed {
        /// The hole.
        hole: Hole,
        /// Who claimed it.
        by: Player,
    },
    /// S14: under V2, the own hole 1 with 3 seeds or fewer.
    V2 {
        /// The hole.
        hole: Hole,
        /// Its seeds.
        seeds: u32,
    },
    /// S13: under V1, a 3-seed hole while another start is available.
    V1 {
        /// The hole.
        hole: Hole,
        /// The mover.
        player: Player,
    },
}

/// Why a Sulus Nishtaw round is over (S15).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Over {
    /// A player has no seed in the unclaimed holes of his territory.
    Starved(Player),
    /// The player to move has no legal move.
    NoMove(Player),
}

impl GameRefusal for Refusal {}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::RoundOver(Over::Starved(p)) => write!(
                f,
                "the round is over: {p} has no seed in the unclaimed holes of his territory"
            ),
            Refusal::RoundOver(Over::NoMove(p)) => {
                write!(f, "the round is over: {p} has no legal move")
            }
            Refusal::NoPass => f.write_str("Sulus Nishtaw has no passes: the player to move sows"),
            Refusal::OpeningPlayed => f.write_str(
                "the opening is played once, as the first ply of the round; it has been played",
            ),
            Refusal::OpeningFirst => f.write_str(
                "the round begins with the opening (open), the only legal ply at its start",
            ),
            Refusal::EndlessOpening => f.write_str("the sowing of the opening never ends"),
            Refusal::NoSuchHole { hole } => {
                write!(f, "there is no hole {hole} on the 3×6 board")
            }
            Refusal::Clockwise => f.write_str("Sulus Nishtaw sows counterclockwise only"),
            Refusal::NotInTerritory { hole, player } => {
                write!(f, "{hole} is not in {player}'s territory")
            }
            Refusal::Claimed { hole, by } => write!(
                f,
                "{hole} is a hole claimed by {by}, and no move starts from a claimed hole"
            ),
            Refusal::V2 { hole, seeds } => write!(
                f,
                "{hole} holds {seeds} seed{}; under V2 a move starts from it only with more than 3",
                plural(*seeds)
            ),
            Refusal::V1 { hole, player } => write!(
                f,
                "{hole} holds 3 seeds; under V1 a move starts from a 3-seed hole only when every hole {player} could otherwise start from holds 3"
            ),
        }
    }
}

/// Why a setup is not a Sulus Nishtaw position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupReason {
    /// S19: territories that annexing holes cannot make.
    Territories,
    /// S1: territories other than the rows in round 1.
    RoundOneRows,
    /// A mark other than a claim.
    NotAClaim {
        /// The kind.
        kind: MarkKind,
        /// The marked hole.
        hole: Hole,
    },
    /// S2: a claim in the claimer's own territory.
    OwnClaim {
        /// The hole.
        hole: Hole,
        /// The claimer, who owns it.
        owner: Player,
    },
    /// S18: a reserve.
    Reserves,
    /// S9: taxes taken without a hole claimed by the opponent.
    TaxWithoutClaim {
        /// The player who took them.
        player: Player,
        /// His store.
        seeds: u32,
    },
    /// S6: the opening pending on a board that is not fresh.
    NotFresh,
    /// S6: the opening pending, and the opener not to move.
    OpeningByOpener {
        /// The round's opener.
        opener: Player,
    },
}

impl GameRefusal for SetupReason {}

impl fmt::Display for SetupReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupReason::Territories => f.write_str(
                "territories must be as S19 annexes holes: the player with h ≤ 9 holes owns his holes 1 to h, the other player every other hole",
            ),
            SetupReason::RoundOneRows => {
                f.write_str("in round 1 each player owns his own nine holes")
            }
            SetupReason::NotAClaim { kind, hole } => write!(
                f,
                "Sulus Nishtaw has no {kind:?} marks (hole {hole}); its marks are claims"
            ),
            SetupReason::OwnClaim { hole, owner } => write!(
                f,
                "{hole} lies in {owner}'s territory and cannot be claimed by {owner}: a claim arises only in the opponent's territory"
            ),
            SetupReason::Reserves => f.write_str(
                "Sulus Nishtaw keeps no reserves: every hole starts a round with 3 seeds",
            ),
            SetupReason::TaxWithoutClaim { player, seeds } => write!(
                f,
                "{player} has taken {seeds} seeds in taxes, but {} has claimed no hole: taxes come only from holes the opponent claimed",
                player.other()
            ),
            SetupReason::NotFresh => f.write_str(
                "before the opening every hole holds 3 seeds, with no claims and no taxes taken",
            ),
            SetupReason::OpeningByOpener { opener } => {
                write!(f, "the opening is played by the round's opener, {opener}")
            }
        }
    }
}

/// Why the next Sulus Nishtaw round cannot be set up with a decision: it needs none, so it has
/// no reasons of its own (S18 is [`crate::notes::CommonRound::NoDecision`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundReason {}

impl GameRefusal for RoundReason {}

impl fmt::Display for RoundReason {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}
