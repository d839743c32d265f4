//! Uugg before any position (uugg.md §3): its name, its options `holes` and `balla`, its board
//! and seeds, and how its moves and uuggs are written.

use crate::geometry::Geometry;
use crate::marks::MarkKind;
use crate::moves::Tokens;
use crate::options::{GameOptions, number_value};
use crate::rule::Rule;
use crate::settled::TableKey;

/// Whether a Uugg balla must be played when one is available (U10).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Balla {
    /// A balla, when available, is the only legal kind of move (default).
    Compulsory,
    /// A balla is one legal move among the others.
    Optional,
}

/// Uugg's options (uugg.md §3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct UuggOptions {
    /// `holes`: N, 5, 6 (default) or 7. U1.
    pub holes: u8,
    /// `balla`: `compulsory` (default) or `optional`. U10.
    pub balla: Balla,
}

impl GameOptions for UuggOptions {
    const NAME: &'static str = "uugg";
    const TITLE: &'static str = "Uugg";
    const DEFAULT: UuggOptions = UuggOptions {
        holes: 6,
        balla: Balla::Compulsory,
    };
    const KEYS: &'static [&'static str] = &["holes", "balla"];
    const TABLE_KEY: Option<TableKey> = Some(TableKey::SeedsMarksOwners);
    const ALTERNATING_OPENERS: Option<Rule> = Some(Rule::U23);
    const TOKENS: Tokens = Tokens {
        expected: "a start hole such as 3B, or pass",
        no_pass: None,
        ccw_only: Some(Rule::U2),
    };
    const MARKS: &'static [(char, MarkKind)] = &[('a', MarkKind::Uugg), ('b', MarkKind::Uugg)];
    const MARK_WORDS: &'static str = "a and b (uugg of A, of B)";

    fn values(key: &str) -> &'static [&'static str] {
        match key {
            "holes" => &["5", "6", "7"],
            "balla" => &["compulsory", "optional"],
            _ => &[],
        }
    }

    fn value(&self, key: &str) -> Option<&'static str> {
        match key {
            "holes" => number_value(Self::values(key), self.holes),
            "balla" => Some(match self.balla {
                Balla::Compulsory => "compulsory",
                Balla::Optional => "optional",
            }),
            _ => None,
        }
    }

    fn set(&mut self, key: &str, value: &str) {
        match key {
            "holes" => {
                if let Ok(n) = value.parse() {
                    self.holes = n;
                }
            }
            "balla" => {
                self.balla = if value == "compulsory" {
                    Balla::Compulsory
                } else {
                    Balla::Optional
                };
            }
            _ => {}
        }
    }

    fn geometry(&self) -> Geometry {
        Geometry::two_rows(self.holes)
    }

    /// Four seeds in every hole (U1).
    fn seeds_per_hole(&self) -> u32 {
        4
    }
}
