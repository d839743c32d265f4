//! Round ends, scoring, the set-up of the next round and the end of the match.

use crate::geometry::Hole;
use crate::notes::RoundReason;
use crate::player::Player;
use crate::rule::Rule;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// The scoring of a finished round.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct RoundResult {
    /// Each player's round total (A, B), by the game's scoring rule (B13, G20, S16, U18, R27).
    pub totals: [u32; 2],
    /// Each player's holdings (A, B): the round total plus the reserve kept off the board at the
    /// round's set-up (B14, G21). They decide the next set-up and always add up to the match total.
    pub holdings: [u32; 2],
    /// The player with the larger holdings; `None` when they are equal.
    pub winner: Option<Player>,
    /// The scoring rule.
    pub rule: Rule,
}

/// The decision a player makes between rounds: a set-up, not a ply (README §6.1).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(tag = "kind", content = "value", rename_all = "kebab-case")
)]
pub enum Decision {
    /// No decision: the next set-up follows from the totals (Sulus Nishtaw, Uugg; Bechi and Giuthi
    /// when the holdings are equal), or the match is over.
    None,
    /// Bechi: the holes the poorer player fills with 6 seeds (B16).
    Fill(Vec<Hole>),
    /// Giuthi: the poorer player's seeds in his holes 1..=N (G23).
    Layout(Vec<u32>),
}

/// What the next set-up needs from a player.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "kebab-case"))]
pub enum DecisionRequest {
    /// Nothing to decide.
    None,
    /// Bechi: `player` chooses `holes` of his holes to fill (B16).
    Fill {
        /// The poorer player.
        player: Player,
        /// How many holes he fills.
        holes: u32,
    },
    /// Giuthi: `player` lays out `seeds` seeds in his `holes` holes, at least one in each (G23).
    Layout {
        /// The poorer player.
        player: Player,
        /// His holdings, all of which he lays out (G24).
        seeds: u32,
        /// N.
        holes: u32,
    },
}

/// How a match ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct MatchResult {
    /// The winner; `None` for a draw.
    pub winner: Option<Player>,
    /// The rule that ends the match.
    pub rule: Rule,
    /// Why, in plain English.
    pub reason: String,
}

/// What follows a finished round: the next round's start position (a [`crate::Position`], or
/// one game's position for [`crate::Game::after_round`]), or the end of the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AfterRound<P> {
    /// The start of the next round.
    Next(P),
    /// The match is over.
    MatchOver(MatchResult),
}

/// A round transition that cannot be made: the round is not over, or the decision breaks a rule.
/// The rule and why, typed; its `Display` is the reason in words followed by the rule
/// (`reason (G23)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundError {
    /// The rule broken.
    pub rule: Rule,
    /// Why.
    pub reason: RoundReason,
}

impl RoundError {
    pub(crate) fn new(rule: Rule, reason: impl Into<RoundReason>) -> RoundError {
        RoundError {
            rule,
            reason: reason.into(),
        }
    }

    /// The rules the error cites, in the order its words name them: those its reason names,
    /// then its rule.
    pub fn cites(&self) -> impl Iterator<Item = Rule> + '_ {
        self.reason.cites().iter().copied().chain([self.rule])
    }
}

impl fmt::Display for RoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.reason, self.rule)
    }
}

impl std::error::Error for RoundError {}

/// The winner by holdings.
pub(crate) fn richer(holdings: [u32; 2]) -> Option<Player> {
    match holdings[0].cmp(&holdings[1]) {
        std::cmp::Ordering::Greater => Some(Player::A),
        std::cmp::Ordering::Less => Some(Player::B),
        std::cmp::Ordering::Equal => None,
    }
}
