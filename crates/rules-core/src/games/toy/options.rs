//! The toy game before any position: its name, no options, a 2×2 board with two seeds a hole.

use crate::geometry::Geometry;
use crate::moves::Tokens;
use crate::options::GameOptions;

/// The toy game's options: it has none.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ToyOptions;

impl GameOptions for ToyOptions {
    const NAME: &'static str = "toy";
    const TITLE: &'static str = "Toy";
    const DEFAULT: ToyOptions = ToyOptions;
    const KEYS: &'static [&'static str] = &[];
    const TOKENS: Tokens = Tokens {
        expected: "a start hole such as 1B",
        no_pass: None,
        ccw_only: None,
    };

    fn values(_: &str) -> &'static [&'static str] {
        &[]
    }

    fn value(&self, _: &str) -> Option<&'static str> {
        None
    }

    fn set(&mut self, _: &str, _: &str) {}

    fn geometry(&self) -> Geometry {
        Geometry::two_rows(2)
    }

    fn seeds_per_hole(&self) -> u32 {
        2
    }
}
