//! Redu before any position (redu.md §3): its name, its options `entry` and `o1-costs-turn`,
//! the 2×6 board, and its move tokens, which are its own (`moves.rs`).

use super::moves::{EXPECTED, ReduToken, parse_token};
use crate::geometry::Geometry;
use crate::moves::Tokens;
use crate::moves::{Move, TokenError};
use crate::options::GameOptions;

/// How a Redu zigzag chooses the entry row of each column (R11).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// The mover chooses the entry hole at every column (default).
    Free,
    /// The entry alternates rows; the mover chooses only at the first column.
    Alternate,
}

/// Redu's options (redu.md §3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReduOptions {
    /// `entry`: `free` (default) or `alternate`. R11, R12, R15.
    pub entry: Entry,
    /// `o1-costs-turn`: `no` (default) or `yes`. R22.
    pub o1_costs_turn: bool,
}

impl GameOptions for ReduOptions {
    const NAME: &'static str = "redu";
    const TITLE: &'static str = "Redu";
    const DEFAULT: ReduOptions = ReduOptions {
        entry: Entry::Free,
        o1_costs_turn: false,
    };
    const KEYS: &'static [&'static str] = &["entry", "o1-costs-turn"];
    const RIGHTS: bool = true;
    const TOKENS: Tokens = Tokens {
        expected: EXPECTED,
        no_pass: None,
        ccw_only: None,
    };

    fn values(key: &str) -> &'static [&'static str] {
        match key {
            "entry" => &["free", "alternate"],
            "o1-costs-turn" => &["no", "yes"],
            _ => &[],
        }
    }

    fn value(&self, key: &str) -> Option<&'static str> {
        match key {
            "entry" => Some(match self.entry {
                Entry::Free => "free",
                Entry::Alternate => "alternate",
            }),
            "o1-costs-turn" => Some(if self.o1_costs_turn { "yes" } else { "no" }),
            _ => None,
        }
    }

    fn set(&mut self, key: &str, value: &str) {
        match key {
            "entry" => {
                self.entry = if value == "free" {
                    Entry::Free
                } else {
                    Entry::Alternate
                };
            }
            "o1-costs-turn" => self.o1_costs_turn = value == "yes",
            _ => {}
        }
    }

    /// The 2×6 board (R1).
    fn geometry(&self) -> Geometry {
        Geometry::two_rows(6)
    }

    /// Four seeds in every hole (R1).
    fn seeds_per_hole(&self) -> u32 {
        4
    }

    fn parse_move(token: &str) -> Option<Result<Move, TokenError>> {
        let read = parse_token(token).map_err(|e| TokenError {
            token: token.to_owned(),
            message: e.message,
            rules: e.rules.to_vec(),
        });
        Some(read.map(|t| match t {
            ReduToken::Capture(hole) => Move::ReduCapture { hole },
            ReduToken::Penalty(hole) => Move::ReduPenalty { hole },
            ReduToken::Sow(s) => Move::ReduSow(s),
        }))
    }
}
