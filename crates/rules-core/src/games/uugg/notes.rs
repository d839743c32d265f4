//! What Uugg's traces note and why it refuses a move (uugg.md), typed; the English is their
//! `Display`.

use crate::geometry::Hole;
use crate::notes::common::{GameNote, GameRefusal};
use crate::player::Player;
use crate::rule::Rule;
use std::fmt;

/// A note of a Uugg ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// U6: the last seed fell in an uugg: it stays there and the turn ends.
    InUugg {
        /// The uugg.
        hole: Hole,
        /// Its creator.
        creator: Player,
        /// The mover.
        mover: Player,
    },
    /// U5: the last seed fell in an empty hole: the turn ends.
    Empty {
        /// The hole of the last seed.
        hole: Hole,
    },
    /// U5, U7: uagga: the last seed made 4 in a hole of the opponent, which becomes the mover's
    /// uugg.
    Uagga {
        /// The hole.
        hole: Hole,
        /// The lap of the last seed, from 1 (a later lap is a relay, U7).
        lap: u64,
        /// The opponent, who owns the hole.
        owner: Player,
        /// The mover, the uugg's creator.
        creator: Player,
    },
    /// U9, U12: a balla: the lone seed goes into the opponent's uugg and comes out with one
    /// more seed of it, or alone from an empty uugg.
    Balla {
        /// The hole of the lone seed.
        from: Hole,
        /// The uugg.
        uugg: Hole,
        /// Its creator.
        creator: Player,
        /// The mover, who eats.
        eater: Player,
        /// Whether the uugg gave a second seed (not when empty, U12).
        second: bool,
    },
    /// U11: the balla is the mover's whole turn.
    BallaTurn {
        /// The mover.
        player: Player,
    },
    /// U16: no seed is left outside the uuggs: the round is over.
    AllInUuggs,
    /// U17: neither player has a legal move: the round is over.
    NoMove,
}

impl GameNote for Note {
    /// The rules the words of a note name besides its own rule: an uugg of the opponent eats
    /// nothing unless by a balla (U13).
    fn cites(&self) -> &'static [Rule] {
        match self {
            Note::InUugg { creator, mover, .. } if creator != mover => &[Rule::U13],
            _ => &[],
        }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::InUugg {
                hole,
                creator,
                mover,
            } if creator == mover => write!(
                f,
                "the last seed fell in {hole}, an uugg of {mover}'s own: it stays there and the turn ends"
            ),
            Note::InUugg { hole, creator, .. } => write!(
                f,
                "the last seed fell in {hole}, an uugg of {creator}: it stays there, nothing is eaten (only a balla eats, U13), and the turn ends"
            ),
            Note::Empty { hole } => write!(
                f,
                "the last seed fell in {hole}, which was empty: the turn ends"
            ),
            Note::Uagga {
                hole,
                lap,
                owner,
                creator,
            } => {
                f.write_str("uagga")?;
                if *lap == 1 {
                    f.write_str(" on the first lap")?;
                } else {
                    write!(f, " on lap {lap}, a relay")?;
                }
                write!(
                    f,
                    ": the last seed fell in {hole}, a hole of {owner} that held 3 (4 now); it becomes an uugg of {creator}, its 4 seeds stay, and the turn ends"
                )
            }
            Note::Balla {
                from,
                uugg,
                creator,
                eater,
                second: true,
            } => write!(
                f,
                "balla: the lone seed of {from} goes into {creator}'s uugg {uugg} and comes out again with one more seed of the uugg; {eater} eats both"
            ),
            Note::Balla {
                from,
                uugg,
                creator,
                eater,
                second: false,
            } => write!(
                f,
                "balla on an empty uugg: the lone seed of {from} goes into {creator}'s uugg {uugg}, which holds no other seed, and comes out alone; {eater} eats it"
            ),
            Note::BallaTurn { player } => {
                write!(f, "the balla is {player}'s whole turn: he does not sow")
            }
            Note::AllInUuggs => f.write_str("no seed is left outside the uuggs: the round is over"),
            Note::NoMove => f.write_str("neither player has a legal move: the round is over"),
        }
    }
}

/// Why Uugg refuses a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// U16: no seed is left outside the uuggs.
    AllInUuggs,
    /// U17: neither player has a legal move.
    NoMove,
    /// U2: a sowing written clockwise.
    Clockwise {
        /// The start hole.
        hole: Hole,
    },
    /// U3: an uugg is never a start hole.
    FromUugg {
        /// The uugg.
        hole: Hole,
    },
    /// U10: the mover has a balla, which is compulsory.
    BallaCompulsory {
        /// The mover.
        player: Player,
        /// His balla holes.
        ballas: Vec<Hole>,
    },
}

impl GameRefusal for Refusal {}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::AllInUuggs => {
                f.write_str("the round is over: no seed is left outside the uuggs")
            }
            Refusal::NoMove => f.write_str("the round is over: neither player has a legal move"),
            Refusal::Clockwise { hole } => {
                write!(f, "Uugg sows counterclockwise only: write {hole}")
            }
            Refusal::FromUugg { hole } => {
                write!(f, "{hole} is an uugg, which is never a start hole")
            }
            Refusal::BallaCompulsory { player, ballas } => {
                let list: Vec<String> = ballas.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "{player} has a balla ({}) and must play it: the balla is compulsory",
                    list.join(", ")
                )
            }
        }
    }
}

/// Why a setup is not a Uugg position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupReason {
    /// U1: territories other than the rows in round 1.
    RoundOneRows,
    /// U20: an ownership the fill order cannot give.
    FillOrder,
    /// U5: an uugg in a hole of its creator.
    OwnUugg {
        /// The hole.
        hole: Hole,
        /// The creator, who owns it.
        owner: Player,
    },
    /// U9: seeds eaten without an uugg of the opponent to eat from.
    EatenWithoutUugg {
        /// The player who ate them.
        player: Player,
        /// His store.
        seeds: u32,
    },
    /// U19: a reserve.
    Reserves,
}

impl GameRefusal for SetupReason {}

impl fmt::Display for SetupReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupReason::RoundOneRows => f.write_str("in round 1 each player owns his own row"),
            SetupReason::FillOrder => f.write_str(
                "this ownership cannot come from the fill order: one player owns his whole row and the other his holes 1 to m (m at least 1), the rest of his row going to the first",
            ),
            SetupReason::OwnUugg { hole, owner } => write!(
                f,
                "{hole} is an uugg of {owner}, who owns the hole; an uugg is made in a hole of the opponent"
            ),
            SetupReason::EatenWithoutUugg { player, seeds } => write!(
                f,
                "{player} has eaten {seeds}, but {} has no uugg to eat from",
                player.other()
            ),
            SetupReason::Reserves => f.write_str(
                "Uugg keeps no seeds off the board: every hole of a set-up holds 4",
            ),
        }
    }
}

/// Why the next Uugg round cannot be set up with a decision: it needs none, so it has no
/// reasons of its own (U19 is [`crate::notes::CommonRound::NoDecision`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundReason {}

impl GameRefusal for RoundReason {}

impl fmt::Display for RoundReason {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}
