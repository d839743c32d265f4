//! A node's claim on the final margin of the round for its player to move (spec/analysis.md
//! §8.1), read only where the position lets it be true (§8.4).
//!
//! A claim is bounded when it is read: its bound lies within the seeds of its round, which a
//! position's string holds to a few thousand, so turning it round (`-b`) and comparing two
//! bounds never leave `i32`. A claim that no end of the round can make true, or whose bound lies
//! beyond every margin of the round (`>=-2147483648`, whose negation `i32` cannot hold), is
//! refused where it is read.

use crate::margins::Margins;
use crate::number;
use std::fmt;

/// A claim, for the node's player to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Claim {
    /// His final margin is at least this (`>=b`).
    AtLeast(i32),
    /// His final margin is at most this (`<=b`).
    AtMost(i32),
}

impl fmt::Display for Claim {
    /// `>=-4`, `<=4`: as the file spells it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::AtLeast(v) => write!(f, ">={v}"),
            Claim::AtMost(v) => write!(f, "<={v}"),
        }
    }
}

impl Claim {
    /// The claim a word of the file makes at a position with `margins`, or why it is refused:
    /// not a claim in its one spelling, beyond the seeds of the round, or one that no end of the
    /// round from here can keep.
    pub(crate) fn read(word: &str, margins: &Margins) -> Result<Claim, String> {
        let bad = || {
            format!(
                "expected a claim, `>=` or `<=` and a number in its one spelling (`>=-4`, \
                 `<=4`, `>=0`: no `+`, no leading zero, no `-0`), found `{word}`"
            )
        };
        let (at_least, digits) = if let Some(d) = word.strip_prefix(">=") {
            (true, d)
        } else if let Some(d) = word.strip_prefix("<=") {
            (false, d)
        } else {
            return Err(bad());
        };
        let b = number::signed(digits).ok_or_else(bad)?;
        let me = margins.mover;
        let seeds = margins.round_seeds();
        let says = if at_least { "at least" } else { "at most" };
        if b < seeds.saturating_neg() || b > seeds {
            return Err(format!(
                "claims {says} {b} for {me}, beyond every margin of the round: its {seeds} seeds \
                 (both stores and the board) allow none below -{seeds} or above {seeds}"
            ));
        }
        if at_least && b > margins.highest() {
            return Err(format!(
                "claims at least {b} for {me}, more than any end of the round from here gives \
                 him: {margins}"
            ));
        }
        if !at_least && b < margins.lowest() {
            return Err(format!(
                "claims at most {b} for {me}, less than any end of the round from here gives \
                 him: {margins}"
            ));
        }
        // Within ±seeds, which the position strings hold far below `i32::MAX`.
        let b = i32::try_from(b).map_err(|_| bad())?;
        Ok(if at_least {
            Claim::AtLeast(b)
        } else {
            Claim::AtMost(b)
        })
    }

    /// The same claim seen by the other player: `>= c` for one is `<= -c` for the other.
    /// Exact for every claim [`Claim::read`] makes; were a bound ever `i32::MIN`, it would
    /// become `i32::MAX`, a claim weaker than the true one, never a stronger.
    pub(crate) fn turned(self) -> Claim {
        match self {
            Claim::AtLeast(v) => Claim::AtMost(v.saturating_neg()),
            Claim::AtMost(v) => Claim::AtLeast(v.saturating_neg()),
        }
    }

    /// Whether this claim implies `wanted`: the same direction, and at least as strong.
    pub(crate) fn implies(self, wanted: Claim) -> bool {
        match (self, wanted) {
            (Claim::AtLeast(g), Claim::AtLeast(w)) => g >= w,
            (Claim::AtMost(g), Claim::AtMost(w)) => g <= w,
            _ => false,
        }
    }

    /// Whether a round that ended with `margin` for the node's player to move keeps the claim.
    pub(crate) fn kept_by(self, margin: i64) -> bool {
        match self {
            Claim::AtLeast(b) => margin >= i64::from(b),
            Claim::AtMost(b) => margin <= i64::from(b),
        }
    }

    /// What it says, in words: `at least -4`.
    pub(crate) fn words(self) -> String {
        match self {
            Claim::AtLeast(v) => format!("at least {v}"),
            Claim::AtMost(v) => format!("at most {v}"),
        }
    }
}
