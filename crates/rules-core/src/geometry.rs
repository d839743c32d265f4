//! Boards, hole names and the sowing cycle (rules README §2).
//!
//! Every board is a cycle of `2·P` holes, where P is the number of holes each player owns in round 1:
//! P = N on a 2×N board and P = 9 on the 3×6 board of Sulus Nishtaw. Holes are stored by index:
//! `kB` is index `k−1` and `kA` is index `P+k−1`, so `+` (counterclockwise) is `+1 mod 2P` on every
//! board (README §2.1, §2.2).

use crate::player::{Dir, Player};
use nom::character::complete::{digit1, one_of};
use nom::combinator::recognize;
use nom::{IResult, Parser};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The largest number of holes of any board: 2×10 (Giuthi).
pub const MAX_HOLES: usize = 20;

/// A physical hole name, as the rules write it: `4B`, `7A`. A name always denotes the same hole, in
/// every round (README §2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole {
    /// The row letter: whose numbering the name uses (not necessarily the current owner).
    pub side: Player,
    /// 1-based number from that player's left.
    pub number: u8,
}

impl Hole {
    /// The hole `number` + `side`, e.g. `Hole::new(4, Player::B)` is `4B`.
    #[must_use]
    pub const fn new(number: u8, side: Player) -> Hole {
        Hole { side, number }
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number, self.side.letter())
    }
}

/// The error of parsing a hole name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseHoleError;

impl fmt::Display for ParseHoleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected a hole name such as 4B or 10A")
    }
}

impl std::error::Error for ParseHoleError {}

impl FromStr for Hole {
    type Err = ParseHoleError;
    fn from_str(s: &str) -> Result<Hole, ParseHoleError> {
        // The last character is the row letter; it may be any character, of any width, in a
        // name that is not a hole's (found by fuzzing: `˾` once split inside a character).
        let last = s.chars().next_back().ok_or(ParseHoleError)?;
        let side = Player::from_letter(last).ok_or(ParseHoleError)?;
        let digits = &s[..s.len() - last.len_utf8()];
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseHoleError);
        }
        let number: u8 = digits.parse().map_err(|_| ParseHoleError)?;
        if number == 0 {
            return Err(ParseHoleError);
        }
        Ok(Hole { side, number })
    }
}

/// A hole name: a number and the letter of its row.
pub(crate) fn hole(i: &str) -> IResult<&str, Hole> {
    let (rest, text) = recognize((digit1, one_of("AB"))).parse(i)?;
    match text.parse::<Hole>() {
        Ok(h) => Ok((rest, h)),
        Err(_) => Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Verify,
        ))),
    }
}

#[cfg(feature = "serde")]
impl Serialize for Hole {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for Hole {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Hole, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The shape of a board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    per_side: u8,
    three_rows: bool,
}

impl Geometry {
    /// A 2×N board (README §2.1).
    #[must_use]
    pub const fn two_rows(n: u8) -> Geometry {
        Geometry {
            per_side: n,
            three_rows: false,
        }
    }

    /// The 3×6 board of Sulus Nishtaw, 9 holes per player in round 1 (README §2.2).
    pub const THREE_BY_SIX: Geometry = Geometry {
        per_side: 9,
        three_rows: true,
    };

    /// P: holes per player in round 1 (N on 2×N, 9 on 3×6); hole numbers run 1..=P.
    #[inline]
    #[must_use]
    pub const fn per_side(self) -> usize {
        self.per_side as usize
    }

    /// The length of the sowing cycle: every hole of the board.
    #[allow(clippy::len_without_is_empty)] // a board is never empty
    #[inline]
    #[must_use]
    pub const fn len(self) -> usize {
        2 * self.per_side as usize
    }

    /// Whether this is the 3×6 board.
    #[must_use]
    pub const fn is_three_rows(self) -> bool {
        self.three_rows
    }

    /// The index of a hole, or `None` if the name does not exist on this board.
    #[must_use]
    pub fn index(self, h: Hole) -> Option<usize> {
        let k = h.number as usize;
        if k == 0 || k > self.per_side() {
            return None;
        }
        Some(match h.side {
            Player::B => k - 1,
            Player::A => self.per_side() + k - 1,
        })
    }

    /// The name of the hole at `index`.
    #[must_use]
    pub fn hole(self, index: usize) -> Hole {
        let p = self.per_side();
        debug_assert!(index < 2 * p);
        if index < p {
            Hole::new((index + 1) as u8, Player::B)
        } else {
            Hole::new((index - p + 1) as u8, Player::A)
        }
    }

    /// The row letter of the hole at `index`: its owner in round 1.
    #[inline]
    #[must_use]
    pub fn row(self, index: usize) -> Player {
        if index < self.per_side() {
            Player::B
        } else {
            Player::A
        }
    }

    /// The holes of `player`'s row (his round-1 territory).
    #[must_use]
    pub fn row_set(self, player: Player) -> HoleSet {
        let p = self.per_side();
        let low = HoleSet::range(0, p);
        match player {
            Player::B => low,
            Player::A => HoleSet(low.0 << p),
        }
    }

    /// Every hole of the board.
    #[must_use]
    pub fn all(self) -> HoleSet {
        HoleSet::range(0, self.len())
    }

    /// The next hole in direction `dir` (README §2.1: `+` is `+1 mod 2P`).
    #[inline]
    #[must_use]
    pub fn step(self, index: usize, dir: Dir) -> usize {
        let len = self.len();
        match dir {
            Dir::Ccw => {
                if index + 1 == len {
                    0
                } else {
                    index + 1
                }
            }
            Dir::Cw => {
                if index == 0 {
                    len - 1
                } else {
                    index - 1
                }
            }
        }
    }

    /// The hole facing `index` on a 2×N board (README §2.1: kB faces (N+1−k)A); `None` on 3×6,
    /// which has no opposite holes.
    #[inline]
    #[must_use]
    pub fn opposite(self, index: usize) -> Option<usize> {
        if self.three_rows {
            None
        } else {
            Some(self.len() - 1 - index)
        }
    }

    /// The rows of a diagram, top to bottom, each listing hole indices left to right as B sees the
    /// board (README §2.1, §2.2).
    #[must_use]
    pub fn diagram_rows(self) -> Vec<Vec<usize>> {
        let p = self.per_side();
        if self.three_rows {
            // top: 6A..1A; middle: 7A 8A 9A 9B 8B 7B; bottom: 1B..6B.
            let top = (1..=6).rev().map(|k| p + k - 1).collect();
            let middle = vec![p + 6, p + 7, p + 8, 8, 7, 6];
            let bottom = (0..6).collect();
            vec![top, middle, bottom]
        } else {
            let top = (p..2 * p).rev().collect();
            let bottom = (0..p).collect();
            vec![top, bottom]
        }
    }
}

/// A set of hole indices.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HoleSet(pub u32);

impl HoleSet {
    /// The empty set.
    pub const EMPTY: HoleSet = HoleSet(0);

    /// The indices `from..to`.
    #[must_use]
    pub const fn range(from: usize, to: usize) -> HoleSet {
        if to <= from {
            return HoleSet(0);
        }
        let width = to - from;
        let bits = if width >= 32 {
            u32::MAX
        } else {
            (1u32 << width) - 1
        };
        HoleSet(bits << from)
    }

    /// The set holding only `index`.
    #[inline]
    #[must_use]
    pub const fn single(index: usize) -> HoleSet {
        HoleSet(1 << index)
    }

    /// Whether `index` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, index: usize) -> bool {
        self.0 >> index & 1 != 0
    }

    /// Adds `index`.
    #[inline]
    pub fn insert(&mut self, index: usize) {
        self.0 |= 1 << index;
    }

    /// Removes `index`.
    #[inline]
    pub fn remove(&mut self, index: usize) {
        self.0 &= !(1 << index);
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of holes in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The indices in increasing order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(i)
            }
        })
    }

    /// Set intersection.
    #[must_use]
    pub const fn and(self, other: HoleSet) -> HoleSet {
        HoleSet(self.0 & other.0)
    }

    /// Set union.
    #[must_use]
    pub const fn or(self, other: HoleSet) -> HoleSet {
        HoleSet(self.0 | other.0)
    }

    /// Set difference.
    #[must_use]
    pub const fn minus(self, other: HoleSet) -> HoleSet {
        HoleSet(self.0 & !other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_indices_follow_readme_2_1() {
        let g = Geometry::two_rows(6);
        assert_eq!(g.index("1B".parse().unwrap()), Some(0));
        assert_eq!(g.index("6B".parse().unwrap()), Some(5));
        assert_eq!(g.index("1A".parse().unwrap()), Some(6));
        assert_eq!(g.index("7A".parse().unwrap()), None);
        // kB faces (N+1-k)A: 1B-6A, 4B-3A.
        assert_eq!(g.hole(g.opposite(0).unwrap()).to_string(), "6A");
        assert_eq!(g.hole(g.opposite(3).unwrap()).to_string(), "3A");
        // The cycle: 6B -> 1A, 6A -> 1B.
        assert_eq!(g.hole(g.step(5, Dir::Ccw)).to_string(), "1A");
        assert_eq!(g.hole(g.step(11, Dir::Ccw)).to_string(), "1B");
        assert_eq!(g.hole(g.step(0, Dir::Cw)).to_string(), "6A");
    }

    #[test]
    fn three_by_six_cycle_follows_readme_2_2() {
        let g = Geometry::THREE_BY_SIX;
        let mut i = 0;
        let mut names = vec![];
        for _ in 0..18 {
            names.push(g.hole(i).to_string());
            i = g.step(i, Dir::Ccw);
        }
        assert_eq!(
            names.join(" "),
            "1B 2B 3B 4B 5B 6B 7B 8B 9B 1A 2A 3A 4A 5A 6A 7A 8A 9A"
        );
        assert_eq!(i, 0);
        assert_eq!(g.opposite(3), None);
        let rows: Vec<String> = g
            .diagram_rows()
            .iter()
            .map(|r| {
                r.iter()
                    .map(|&i| g.hole(i).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(
            rows,
            [
                "6A 5A 4A 3A 2A 1A",
                "7A 8A 9A 9B 8B 7B",
                "1B 2B 3B 4B 5B 6B"
            ]
        );
    }

    #[test]
    fn hole_names_parse_strictly() {
        assert_eq!("10A".parse::<Hole>(), Ok(Hole::new(10, Player::A)));
        assert!("0B".parse::<Hole>().is_err());
        assert!("B".parse::<Hole>().is_err());
        assert!("4C".parse::<Hole>().is_err());
        assert!("123A".parse::<Hole>().is_err());
        assert!("".parse::<Hole>().is_err());
    }
}
