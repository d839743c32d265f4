//! Giuthi before any position (giuthi.md §3): its name, its options `holes` and `seeds`, its
//! board, and how its moves are written.

use crate::geometry::Geometry;
use crate::moves::Tokens;
use crate::options::{GameOptions, number_value};
use crate::settled::TableKey;

/// Giuthi's options (giuthi.md §3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GiuthiOptions {
    /// `holes`: N, 5..=10, default 8. G1.
    pub holes: u8,
    /// `seeds`: seeds per hole at the start of round 1, 4..=9, default 6. G1.
    pub seeds: u8,
}

impl GameOptions for GiuthiOptions {
    const NAME: &'static str = "giuthi";
    const TITLE: &'static str = "Giuthi";
    const DEFAULT: GiuthiOptions = GiuthiOptions { holes: 8, seeds: 6 };
    const KEYS: &'static [&'static str] = &["holes", "seeds"];
    const TABLE_KEY: Option<TableKey> = Some(TableKey::Seeds);
    const TOKENS: Tokens = Tokens {
        expected: "a start hole and direction such as 2B- or 7A+, or pass",
        no_pass: None,
        ccw_only: None,
    };

    fn values(key: &str) -> &'static [&'static str] {
        match key {
            "holes" => &["5", "6", "7", "8", "9", "10"],
            "seeds" => &["4", "5", "6", "7", "8", "9"],
            _ => &[],
        }
    }

    fn value(&self, key: &str) -> Option<&'static str> {
        match key {
            "holes" => number_value(Self::values(key), self.holes),
            "seeds" => number_value(Self::values(key), self.seeds),
            _ => None,
        }
    }

    fn set(&mut self, key: &str, value: &str) {
        let Ok(n) = value.parse() else { return };
        match key {
            "holes" => self.holes = n,
            "seeds" => self.seeds = n,
            _ => {}
        }
    }

    fn geometry(&self) -> Geometry {
        Geometry::two_rows(self.holes)
    }

    fn seeds_per_hole(&self) -> u32 {
        u32::from(self.seeds)
    }
}
