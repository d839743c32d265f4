//! The decision letters of a Redu zigzag (`spec/notation.md` §5.5; R11, R13, R14): [`Letter`]
//! and the sequence a token writes, [`Letters`]. Below the tokens (`moves.rs`) and the zigzag
//! (`zigzag.rs`), which both read them.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// One decision letter of a zigzag (R11, R13, R14).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Letter {
    /// Entry in the row other than that of the previous seed: the zigzag goes on. At the first
    /// column this is the text's "opposite of the adjacent" start.
    D,
    /// Entry in the same row as the previous seed. At the first column: "the adjacent".
    H,
    /// Wrap: continue at the other end of the board in the same direction.
    W,
    /// Bounce: reverse the direction.
    B,
}

impl Letter {
    /// The letter as written.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Letter::D => 'd',
            Letter::H => 'h',
            Letter::W => 'w',
            Letter::B => 'b',
        }
    }

    /// Reads a letter.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Letter> {
        match c {
            'd' => Some(Letter::D),
            'h' => Some(Letter::H),
            'w' => Some(Letter::W),
            'b' => Some(Letter::B),
            _ => None,
        }
    }

    const fn code(self) -> u32 {
        match self {
            Letter::D => 0,
            Letter::H => 1,
            Letter::W => 2,
            Letter::B => 3,
        }
    }

    const fn from_code(c: u32) -> Letter {
        match c & 3 {
            0 => Letter::D,
            1 => Letter::H,
            2 => Letter::W,
            _ => Letter::B,
        }
    }

    /// Whether this letter answers an entry (`d`, `h`) rather than an end (`w`, `b`).
    #[must_use]
    pub const fn is_entry(self) -> bool {
        matches!(self, Letter::D | Letter::H)
    }
}

/// A sequence of at most [`Letters::MAX`] decision letters, packed (the move stays `Copy`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Letters {
    bits: [u32; 4],
    len: u8,
}

impl Letters {
    /// No letter.
    pub const EMPTY: Letters = Letters {
        bits: [0; 4],
        len: 0,
    };
    /// The most letters a token holds; a zigzag of 48 seeds needs fewer.
    pub const MAX: usize = 64;

    /// Appends a letter; returns false when full.
    pub fn push(&mut self, l: Letter) -> bool {
        let i = usize::from(self.len);
        if i >= Self::MAX {
            return false;
        }
        self.bits[i / 16] |= l.code() << (2 * (i % 16));
        self.len += 1;
        true
    }

    /// The number of letters.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is no letter.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The letter at `i`.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<Letter> {
        (i < self.len()).then(|| Letter::from_code(self.bits[i / 16] >> (2 * (i % 16))))
    }

    /// The letters in order.
    pub fn iter(&self) -> impl Iterator<Item = Letter> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }

    /// The shortest spelling of the same decisions: an omitted entry is read as `d`, so every run
    /// of `d` followed by `w`, `b` or the end is dropped (spec/notation.md §5, Redu).
    #[must_use]
    pub fn shortest(&self) -> Letters {
        // From the end: a `d` is dropped while only `d`s stand between it and a `w`, a `b` or
        // the end. Marks the kept letters in a bit set, then copies them in order.
        let mut keep = 0u64; // Letters::MAX is 64
        let mut dropping = true;
        for i in (0..self.len()).rev() {
            match self.get(i) {
                Some(Letter::D) if dropping => {}
                Some(Letter::W | Letter::B) => {
                    keep |= 1 << i;
                    dropping = true;
                }
                _ => {
                    keep |= 1 << i;
                    dropping = false;
                }
            }
        }
        let mut out = Letters::EMPTY;
        for i in 0..self.len() {
            if keep >> i & 1 != 0
                && let Some(l) = self.get(i)
            {
                out.push(l);
            }
        }
        out
    }
}

impl fmt::Display for Letters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for l in self.iter() {
            write!(f, "{}", l.char())?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Letters {
    type Err = String;
    fn from_str(s: &str) -> Result<Letters, String> {
        let mut out = Letters::EMPTY;
        for c in s.chars() {
            let l = Letter::from_char(c).ok_or_else(|| format!("`{c}` is not d, h, w or b"))?;
            if !out.push(l) {
                return Err(format!("more than {} decision letters", Letters::MAX));
            }
        }
        Ok(out)
    }
}

#[cfg(feature = "serde")]
impl Serialize for Letters {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for Letters {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Letters, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
