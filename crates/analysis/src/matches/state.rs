//! Match states and set-ups, made through the round API of `rules-core` (B14–B17).
//!
//! Between two rounds, what the rest of a Bechi match depends on is each player's holdings and
//! who opens the next round: a [`MatchState`]. Its set-ups are the poorer player's choices of the
//! holes he fills (B16), each a round start. Nothing here re-implements a rule: the state is
//! written as a finished round of `rules-core` and [`Position::decision_request`] and
//! [`Position::after_round`] say what follows.

use rules_core::{
    AfterRound, Decision, DecisionRequest, Hole, MarkKind, Player, Position, Setup, Variant, View,
};
use serde::Serialize;
use std::fmt;

/// Seeds per filled hole (B1, B16): a player with fewer holdings cannot fill one (B15).
pub const FILL: u32 = 6;

/// Between two rounds of a Bechi match: each player's holdings (B14) and the opener of the next
/// round (B17). The start of the match is the state of equal holdings with the first opener.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct MatchState {
    /// Each player's holdings (A, B); they add up to the game's seeds.
    pub holdings: [u32; 2],
    /// The player who opens the next round.
    pub opener: Player,
}

impl fmt::Display for MatchState {
    /// `A 15 B 21, A opens`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "A {} B {}, {} opens",
            self.holdings[0], self.holdings[1], self.opener
        )
    }
}

/// What follows a round's end: the next match state, or the end of the match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Between {
    /// The match goes on from this state.
    Next(MatchState),
    /// The match is over (B15): this player won it.
    Over(Player),
}

/// One way to set up the round of a match state: the poorer player's decision (B16) and the
/// round start it gives.
#[derive(Clone, Debug)]
pub struct SetUp {
    /// The decision: [`Decision::Fill`] with the holes the poorer player fills, or
    /// [`Decision::None`] with equal holdings.
    pub decision: Decision,
    /// The start of the round, with its blocked holes (B3) and reserves (B14).
    pub start: Position,
}

impl SetUp {
    /// The holes filled, as `1B 3B`, or `all` when nobody chooses.
    #[must_use]
    pub fn words(&self) -> String {
        match &self.decision {
            Decision::Fill(holes) => holes
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            _ => "all".to_owned(),
        }
    }

    /// The reserves kept off the board at this set-up (A, B).
    #[must_use]
    pub fn reserves(&self) -> [u32; 2] {
        self.start.view().reserves()
    }

    /// The blocked holes (B3), as a bit set over hole indices.
    #[must_use]
    pub fn blocked(&self) -> u32 {
        blocked_bits(self.start.view())
    }
}

/// The blocked holes of a position (B3), bit `i` for hole index `i`.
pub(crate) fn blocked_bits(v: View<'_>) -> u32 {
    v.marked()
        .filter(|(_, m)| m.kind == MarkKind::Blocked)
        .fold(0, |acc, (i, _)| acc | 1 << i)
}

/// A round of `variant` that has just ended with `holdings`, opened by `previous_opener`: every
/// seed in a store, or one on the board for an odd holding (stores hold captures, always even:
/// B9), no player able to move (B13).
fn finished_round(
    variant: Variant,
    holdings: [u32; 2],
    previous_opener: Player,
) -> Result<Position, String> {
    let mut s = Setup::start(variant, previous_opener);
    let g = variant.geometry();
    s.seeds.iter_mut().for_each(|x| *x = 0);
    for p in Player::BOTH {
        let h = holdings[p.index()];
        s.stores[p.index()] = h - h % 2;
        if h % 2 == 1 {
            let i = g.index(Hole::new(1, p)).ok_or("the board has no hole 1")?;
            s.seeds[i] = 1;
        }
    }
    Position::from_setup(&s).map_err(|e| format!("holdings {holdings:?}: {e}"))
}

impl MatchState {
    /// The start of a match of `variant`: equal holdings, `opener` to open round 1 (B1).
    #[must_use]
    pub fn start(variant: Variant, opener: Player) -> MatchState {
        let half = variant.total_seeds() / 2;
        MatchState {
            holdings: [half, half],
            opener,
        }
    }

    /// What follows a round that ended with `holdings`, the next round opened by `opener`: the
    /// match state, or the end of the match (B15), as `rules-core` decides it.
    ///
    /// # Errors
    /// The holdings do not add up to the game's seeds, or the variant is not Bechi's.
    pub fn after(variant: Variant, holdings: [u32; 2], opener: Player) -> Result<Between, String> {
        let end = finished_round(variant, holdings, opener.other())?;
        if let DecisionRequest::Fill { .. } = end.decision_request().map_err(|e| e.to_string())? {
            return Ok(Between::Next(MatchState { holdings, opener }));
        }
        match end
            .after_round(&Decision::None)
            .map_err(|e| e.to_string())?
        {
            AfterRound::MatchOver(r) => r
                .winner
                .map(Between::Over)
                .ok_or_else(|| format!("a match without a winner: {}", r.reason)),
            AfterRound::Next(_) => Ok(Between::Next(MatchState { holdings, opener })),
        }
    }

    /// The player who chooses the set-up (the poorer, B16), if anyone does.
    ///
    /// # Errors
    /// As [`MatchState::set_ups`].
    pub fn chooser(&self, variant: Variant) -> Result<Option<Player>, String> {
        let end = finished_round(variant, self.holdings, self.opener.other())?;
        match end.decision_request().map_err(|e| e.to_string())? {
            DecisionRequest::Fill { player, .. } => Ok(Some(player)),
            _ => Ok(None),
        }
    }

    /// Every set-up of the next round, in a fixed order: with equal holdings the one set-up;
    /// otherwise one per choice of the holes the poorer player fills (B16), the sets in
    /// lexicographic order of hole numbers.
    ///
    /// # Errors
    /// The state is not one of a match of `variant` that goes on.
    pub fn set_ups(&self, variant: Variant) -> Result<Vec<SetUp>, String> {
        let end = finished_round(variant, self.holdings, self.opener.other())?;
        let decisions = match end.decision_request().map_err(|e| e.to_string())? {
            DecisionRequest::None => vec![Decision::None],
            DecisionRequest::Fill { player, holes } => {
                let n = variant.geometry().per_side() as u8;
                subsets(n, holes as u8)
                    .into_iter()
                    .map(|set| {
                        Decision::Fill(set.into_iter().map(|k| Hole::new(k, player)).collect())
                    })
                    .collect()
            }
            DecisionRequest::Layout { .. } => return Err("not a Bechi match".to_owned()),
        };
        decisions
            .into_iter()
            .map(|decision| match end.after_round(&decision) {
                Ok(AfterRound::Next(start)) => Ok(SetUp { decision, start }),
                Ok(AfterRound::MatchOver(r)) => {
                    Err(format!("{self}: the match is over: {}", r.reason))
                }
                Err(e) => Err(format!("{self}: {e}")),
            })
            .collect()
    }

    /// Every state of a match of `variant` that goes on: holdings of at least 6 each (B15), either
    /// player to open; ordered by A's holdings, then A opening first.
    #[must_use]
    pub fn all(variant: Variant) -> Vec<MatchState> {
        let total = variant.total_seeds();
        (FILL..=total.saturating_sub(FILL))
            .flat_map(|a| {
                Player::BOTH.map(|opener| MatchState {
                    holdings: [a, total - a],
                    opener,
                })
            })
            .collect()
    }

    /// The same state with the players' roles swapped: the board is symmetric under the swap of
    /// rows (hole kA for kB), so its value is this one's with the players swapped.
    #[must_use]
    pub fn swapped(&self) -> MatchState {
        MatchState {
            holdings: [self.holdings[1], self.holdings[0]],
            opener: self.opener.other(),
        }
    }
}

/// The `k`-element subsets of hole numbers `1..=n`, each ascending, in lexicographic order.
fn subsets(n: u8, k: u8) -> Vec<Vec<u8>> {
    fn go(from: u8, n: u8, k: u8, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if cur.len() == usize::from(k) {
            out.push(cur.clone());
            return;
        }
        for x in from..=n {
            cur.push(x);
            go(x + 1, n, k, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(1, n, k, &mut Vec::new(), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_in_order() {
        assert_eq!(subsets(3, 2), vec![vec![1, 2], vec![1, 3], vec![2, 3]]);
        assert_eq!(subsets(4, 1).len(), 4);
        assert_eq!(subsets(4, 2).len(), 6);
    }
}
