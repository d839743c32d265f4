//! Players and sowing directions (rules README §2, §2.3).

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two players. A owns the top row, B the bottom row (rules README §2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Player {
    /// The player of the top row.
    A,
    /// The player of the bottom row; B sits at the bottom of every diagram.
    B,
}

impl Player {
    /// Both players, A first: the order of every per-player pair in this crate.
    pub const BOTH: [Player; 2] = [Player::A, Player::B];

    /// The other player.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }

    /// Index into per-player pairs: A is 0, B is 1.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::A => 0,
            Player::B => 1,
        }
    }

    /// The letter that names the player and his row: `A` or `B`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Player::A => 'A',
            Player::B => 'B',
        }
    }

    /// Parses `A` or `B` (either case).
    #[must_use]
    pub fn from_letter(c: char) -> Option<Player> {
        match c {
            'A' | 'a' => Some(Player::A),
            'B' | 'b' => Some(Player::B),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A sowing direction (rules README §2.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Dir {
    /// `+`, counterclockwise: along every row towards that row's higher numbers.
    #[cfg_attr(feature = "serde", serde(rename = "+"))]
    Ccw,
    /// `-`, clockwise: the reverse.
    #[cfg_attr(feature = "serde", serde(rename = "-"))]
    Cw,
}

impl Dir {
    /// `+` then `-`: the canonical order of directions.
    pub const BOTH: [Dir; 2] = [Dir::Ccw, Dir::Cw];

    /// The opposite direction.
    #[inline]
    #[must_use]
    pub const fn reversed(self) -> Dir {
        match self {
            Dir::Ccw => Dir::Cw,
            Dir::Cw => Dir::Ccw,
        }
    }

    /// `+` or `-`.
    #[must_use]
    pub const fn sign(self) -> char {
        match self {
            Dir::Ccw => '+',
            Dir::Cw => '-',
        }
    }

    /// Parses `+` or `-`; the typographic minus `−` is accepted too.
    #[must_use]
    pub fn from_sign(c: char) -> Option<Dir> {
        match c {
            '+' => Some(Dir::Ccw),
            '-' | '−' => Some(Dir::Cw),
            _ => None,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.sign())
    }
}
