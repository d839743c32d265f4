//! Marks on holes and Redu's capture rights: the per-hole state that position strings write
//! besides the seeds (rules README §3, "mark"; `spec/notation.md` §4.1), and that traces and
//! set-ups share.

use crate::geometry::Hole;
use crate::player::Player;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// The kinds of per-hole mark (rules README §3, "mark").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum MarkKind {
    /// Bechi: a move has been started from this hole in this round (B2). Its owner is the hole's
    /// owner, who chose it.
    Chosen,
    /// Bechi: a hole the poorer player left unfilled at the round's set-up (B3, B16). Its owner is
    /// the hole's owner.
    Blocked,
    /// Sulus Nishtaw: a claimed hole; its owner is the creator (S2).
    Claim,
    /// Uugg: an uugg; its owner is the creator (U5, U8).
    Uugg,
}

impl MarkKind {
    /// Every kind of mark.
    pub const ALL: [MarkKind; 4] = [
        MarkKind::Chosen,
        MarkKind::Blocked,
        MarkKind::Claim,
        MarkKind::Uugg,
    ];

    /// Its name, as JSON forms, the replay page and the Python package write it: `chosen`,
    /// `blocked`, `claim`, `uugg`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            MarkKind::Chosen => "chosen",
            MarkKind::Blocked => "blocked",
            MarkKind::Claim => "claim",
            MarkKind::Uugg => "uugg",
        }
    }

    /// Whether the mark belongs to the player who made it, and is written with his letter (a
    /// claim, S2; an uugg, U5, U8), rather than to the owner of its hole (a chosen hole, B2; a
    /// blocked one, B3).
    #[must_use]
    pub const fn has_maker(self) -> bool {
        matches!(self, MarkKind::Claim | MarkKind::Uugg)
    }

    /// Whether the mark closes its hole for the round (a blocked hole, B3: nothing is sown into
    /// it or started from it): shown as a hole out of play rather than a mark on one.
    #[must_use]
    pub const fn closes_hole(self) -> bool {
        matches!(self, MarkKind::Blocked)
    }
}

/// A mark with the player it belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Mark {
    /// What the mark is.
    pub kind: MarkKind,
    /// Whose it is.
    pub owner: Player,
}

impl Mark {
    /// Its character in position strings (`spec/notation.md` §4.1): `*` for a chosen hole, `x`
    /// for a blocked one, the maker's letter in lower case for a claim or an uugg.
    #[must_use]
    pub const fn letter(self) -> char {
        match self.kind {
            MarkKind::Chosen => '*',
            MarkKind::Blocked => 'x',
            MarkKind::Claim | MarkKind::Uugg => match self.owner {
                Player::A => 'a',
                Player::B => 'b',
            },
        }
    }
}

/// The mark in words, as a report names it: `chosen`, `blocked`, `claim by A`, `uugg of B`.
impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MarkKind::Chosen | MarkKind::Blocked => f.write_str(self.kind.name()),
            MarkKind::Claim => write!(f, "claim by {}", self.owner),
            MarkKind::Uugg => write!(f, "uugg of {}", self.owner),
        }
    }
}

/// Redu's optional capture rights (R19).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum RightKind {
    /// After a lone seed fell into an empty hole (R5).
    O1,
    /// After a two-seed sowing's first seed fell into an empty hole (R8, R9).
    O2,
    /// After the antepenultimate seed of a longer sowing fell into an empty hole (R17).
    O3,
}

/// A pending Redu right: its holder is the owner of `hole`, the player to move (R19, R20).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Right {
    /// O1, O2 or O3.
    pub kind: RightKind,
    /// The hole in the holder's row holding the seed the right concerns.
    pub hole: Hole,
}

impl fmt::Display for RightKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RightKind::O1 => "O1",
            RightKind::O2 => "O2",
            RightKind::O3 => "O3",
        })
    }
}

impl std::str::FromStr for RightKind {
    type Err = ();
    fn from_str(s: &str) -> Result<RightKind, ()> {
        match s {
            "O1" => Ok(RightKind::O1),
            "O2" => Ok(RightKind::O2),
            "O3" => Ok(RightKind::O3),
            _ => Err(()),
        }
    }
}

/// A right as position strings and the `right` annotation write it: `O3:4A`
/// (`spec/notation.md` §4.1, §6.2).
impl fmt::Display for Right {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.kind, self.hole)
    }
}

/// Reads `O3:4A` (white space around either part is allowed); `Err` when it is not a right.
impl std::str::FromStr for Right {
    type Err = ();
    fn from_str(s: &str) -> Result<Right, ()> {
        let (k, h) = s.split_once(':').ok_or(())?;
        Ok(Right {
            kind: k.trim().parse()?,
            hole: h.trim().parse().map_err(|_| ())?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameKind, Geometry};

    /// Each game's mark characters (its `MARKS`, which position strings read) are the letters
    /// its marks write, with the owner `has_maker` says.
    #[test]
    fn every_mark_character_is_the_letter_of_its_mark() {
        for game in GameKind::ALL {
            let g: Geometry = crate::Variant::default_for(game).geometry();
            for c in ['*', 'x', 'a', 'b'] {
                let Ok(kind) = game.mark(c) else { continue };
                let owner = if kind.has_maker() {
                    Player::from_letter(c).expect("a maker's letter")
                } else {
                    g.row(0)
                };
                assert_eq!(Mark { kind, owner }.letter(), c, "{game} {kind:?}");
            }
        }
        let names: Vec<&str> = MarkKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(names, ["chosen", "blocked", "claim", "uugg"]);
    }

    /// `name` is the name serde writes.
    #[cfg(feature = "serde")]
    #[test]
    fn names_are_the_serialized_names() {
        for k in MarkKind::ALL {
            assert_eq!(
                serde_json::to_string(&k).expect("serializes"),
                format!("\"{}\"", k.name())
            );
        }
    }
}
