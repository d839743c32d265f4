//! Sulus Nishtaw before any position (sulus-nishtaw.md §3): its name, its options
//! `claims-score-to`, `v1` and `v2`, the 3×6 board, its opening, and how its moves and claims are
//! written.

use crate::geometry::Geometry;
use crate::marks::MarkKind;
use crate::moves::Tokens;
use crate::options::GameOptions;
use crate::rule::Rule;

/// Who is credited with the contents of claimed holes at the end of a Sulus Nishtaw round (S16).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClaimsScoreTo {
    /// The player who claimed the hole (default).
    Creator,
    /// The owner of the territory the hole lies in.
    SideOwner,
}

/// Sulus Nishtaw's options (sulus-nishtaw.md §3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SulusOptions {
    /// `claims-score-to`: `creator` (default) or `side-owner`. S16.
    pub claims_score_to: ClaimsScoreTo,
    /// `v1`: no start from a 3-seed hole (S13). Default off.
    pub v1: bool,
    /// `v2`: hole 1 needs more than 3 seeds (S14). Default off.
    pub v2: bool,
}

fn on_off(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

impl GameOptions for SulusOptions {
    const NAME: &'static str = "sulus-nishtaw";
    const TITLE: &'static str = "Sulus Nishtaw";
    const DEFAULT: SulusOptions = SulusOptions {
        claims_score_to: ClaimsScoreTo::Creator,
        v1: false,
        v2: false,
    };
    const KEYS: &'static [&'static str] = &["claims-score-to", "v1", "v2"];
    const ALTERNATING_OPENERS: Option<Rule> = Some(Rule::S20);
    const OPENING: bool = true;
    const TOKENS: Tokens = Tokens {
        expected: "open or a start hole such as 6B",
        no_pass: Some(Rule::S15),
        ccw_only: Some(Rule::S1),
    };
    const MARKS: &'static [(char, MarkKind)] = &[('a', MarkKind::Claim), ('b', MarkKind::Claim)];
    const MARK_WORDS: &'static str = "a and b (claimed by A, by B)";

    fn values(key: &str) -> &'static [&'static str] {
        match key {
            "claims-score-to" => &["creator", "side-owner"],
            "v1" | "v2" => &["off", "on"],
            _ => &[],
        }
    }

    fn value(&self, key: &str) -> Option<&'static str> {
        match key {
            "claims-score-to" => Some(match self.claims_score_to {
                ClaimsScoreTo::Creator => "creator",
                ClaimsScoreTo::SideOwner => "side-owner",
            }),
            "v1" => Some(on_off(self.v1)),
            "v2" => Some(on_off(self.v2)),
            _ => None,
        }
    }

    fn set(&mut self, key: &str, value: &str) {
        match key {
            "claims-score-to" => {
                self.claims_score_to = if value == "creator" {
                    ClaimsScoreTo::Creator
                } else {
                    ClaimsScoreTo::SideOwner
                };
            }
            "v1" => self.v1 = value == "on",
            "v2" => self.v2 = value == "on",
            _ => {}
        }
    }

    /// The 3×6 board (S1).
    fn geometry(&self) -> Geometry {
        Geometry::THREE_BY_SIX
    }

    /// Three seeds in every hole (S1).
    fn seeds_per_hole(&self) -> u32 {
        3
    }
}
