//! Bechi before any position (bechi.md §3): its name, its option `holes`, its board and seeds,
//! and how its moves and marks are written.

use crate::geometry::Geometry;
use crate::marks::MarkKind;
use crate::moves::Tokens;
use crate::options::{GameOptions, number_value};
use crate::rule::Rule;

/// Bechi's options (bechi.md §3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BechiOptions {
    /// `holes`: 4 (2×4, default) or 3 (2×3). B1, B4.
    pub holes: u8,
}

impl GameOptions for BechiOptions {
    const NAME: &'static str = "bechi";
    const TITLE: &'static str = "Bechi";
    const DEFAULT: BechiOptions = BechiOptions { holes: 4 };
    const KEYS: &'static [&'static str] = &["holes"];
    const ALTERNATING_OPENERS: Option<Rule> = Some(Rule::B17);
    const TOKENS: Tokens = Tokens {
        expected: "a start hole such as 3B (2B+ or 2B- for the 2x3 middle hole) or pass",
        no_pass: None,
        ccw_only: None,
    };
    const MARKS: &'static [(char, MarkKind)] = &[('*', MarkKind::Chosen), ('x', MarkKind::Blocked)];
    const MARK_WORDS: &'static str = "* (chosen) and x (blocked)";

    fn values(key: &str) -> &'static [&'static str] {
        match key {
            "holes" => &["4", "3"],
            _ => &[],
        }
    }

    fn value(&self, key: &str) -> Option<&'static str> {
        number_value(Self::values(key), self.holes).filter(|_| key == "holes")
    }

    fn set(&mut self, key: &str, value: &str) {
        if key == "holes"
            && let Ok(n) = value.parse()
        {
            self.holes = n;
        }
    }

    fn geometry(&self) -> Geometry {
        Geometry::two_rows(self.holes)
    }

    /// Six seeds in every hole (B1).
    fn seeds_per_hole(&self) -> u32 {
        6
    }
}
