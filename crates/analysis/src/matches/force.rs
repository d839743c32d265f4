//! Whether a player can force a round to end with A's round total in a given set, every line
//! ending: a memoised AND/OR search over the round (spec/analysis.md §10.3).
//!
//! At a node of the forcing player one move must succeed (OR), at his opponent's every move must
//! (AND); a round end succeeds when A's total (`Position::round_result`, B13) is in the set. A
//! position that repeats one on the current line is endless play, which counts as a failure (a
//! match that never ends is not a win), and such a failure depends on the line that led to it:
//! it is never memoised. Proved and refuted nodes are memoised for the whole search: neither
//! depends on the line. From the root, the search proves a strategy exactly when one exists
//! (the forcing player's winning positions have a strategy along which no position repeats).

use crate::eval::estimate;
use crate::table::PositionHasher;
use rules_core::{Player, Position};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// What the search knows of a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum State {
    /// On the current line, not settled yet.
    Open,
    /// Proved, the n-th position proved: every move a proof follows from it leads to a position
    /// proved earlier (or to a round end), so a line along the proof always ends.
    Proved(u64),
    Refuted,
}

/// The result of searching one position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Verdict {
    Proved,
    Refuted,
    /// Refuted on this line only: a repetition of a position on the line below.
    Endless,
}

/// One forcing search.
pub(crate) struct Forcing {
    /// The player who forces.
    x: Player,
    /// Bit `t`: A's round total `t` is a success.
    targets: u64,
    /// Seeds sown at the round's start, for the estimate of A's total.
    sown: i32,
    memo: HashMap<Position, State, BuildHasherDefault<PositionHasher>>,
    /// Positions searched (memo hits and round ends included).
    pub visited: u64,
    /// Stop past this many positions in the memo.
    limit: usize,
    /// Positions proved so far.
    proved: u64,
}

/// The search stopped: the memo outgrew its limit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct TooBig;

impl Forcing {
    /// A search for `x` of round ends with A's total in `targets`, in a round that sowed `sown`
    /// seeds; it gives up past `limit` positions.
    pub fn new(x: Player, targets: u64, sown: u32, limit: usize) -> Forcing {
        Forcing {
            x,
            targets,
            sown: sown as i32,
            memo: HashMap::default(),
            visited: 0,
            limit,
            proved: 0,
        }
    }

    /// Positions held in the memo.
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    /// Whether `x` can force the round from `start` to end in the targets, every line ending.
    pub fn forces(&mut self, start: &Position) -> Result<bool, TooBig> {
        Ok(self.search(start)? == Verdict::Proved)
    }

    /// When `pos` was proved: 0 for a round end in the targets, n for the n-th position proved;
    /// `None` if it is not proved (yet). A proved position's proof moves lead to smaller numbers.
    pub fn proved_order(&self, pos: &Position) -> Option<u64> {
        if let Some(r) = pos.round_result() {
            let hit = r.totals[0] < 64 && self.targets >> r.totals[0] & 1 == 1;
            return hit.then_some(0);
        }
        match self.memo.get(pos)? {
            State::Proved(n) => Some(*n),
            _ => None,
        }
    }

    fn known(&self, pos: &Position) -> Option<Verdict> {
        if let Some(r) = pos.round_result() {
            let hit = r.totals[0] < 64 && self.targets >> r.totals[0] & 1 == 1;
            return Some(if hit {
                Verdict::Proved
            } else {
                Verdict::Refuted
            });
        }
        match self.memo.get(pos)? {
            State::Open => Some(Verdict::Endless),
            State::Proved(_) => Some(Verdict::Proved),
            State::Refuted => Some(Verdict::Refuted),
        }
    }

    /// How far the estimate of A's final total after a move is from the targets: the moves
    /// nearest first for the forcing player, farthest first for his opponent.
    fn order(&self, pos: &Position, children: &[Position]) -> Vec<usize> {
        let mut order: Vec<usize> = (0..children.len()).collect();
        if children.len() < 2 {
            return order;
        }
        let keys: Vec<i32> = children
            .iter()
            .map(|c| {
                let e = estimate(c);
                let margin_a = if c.to_move() == Player::A { e } else { -e };
                let total_a = (self.sown + margin_a).div_euclid(2);
                let distance = (0..64)
                    .filter(|t| self.targets >> t & 1 == 1)
                    .map(|t| (t - total_a).abs())
                    .min()
                    .unwrap_or(i32::MAX);
                if pos.to_move() == self.x {
                    distance
                } else {
                    -distance
                }
            })
            .collect();
        order.sort_by_key(|&i| keys[i]);
        order
    }

    fn search(&mut self, pos: &Position) -> Result<Verdict, TooBig> {
        self.visited += 1;
        if let Some(v) = self.known(pos) {
            return Ok(v);
        }
        if self.memo.len() >= self.limit {
            return Err(TooBig);
        }
        self.memo.insert(*pos, State::Open);
        let children: Vec<Position> = pos
            .legal_moves_with_positions()
            .into_iter()
            .map(|(_, c)| c)
            .collect();
        let or = pos.to_move() == self.x;
        let verdict = self.settle(pos, &children, or)?;
        match verdict {
            Verdict::Proved => {
                self.proved += 1;
                self.memo.insert(*pos, State::Proved(self.proved))
            }
            Verdict::Refuted => self.memo.insert(*pos, State::Refuted),
            // Depends on the line: forgotten, so that another line searches it again.
            Verdict::Endless => self.memo.remove(pos),
        };
        Ok(verdict)
    }

    /// The verdict of a node from its children.
    fn settle(
        &mut self,
        pos: &Position,
        children: &[Position],
        or: bool,
    ) -> Result<Verdict, TooBig> {
        // A child settled already decides an OR node if proved, an AND node if refuted.
        for c in children {
            match (or, self.known(c)) {
                (true, Some(Verdict::Proved)) => return Ok(Verdict::Proved),
                (false, Some(Verdict::Refuted)) => return Ok(Verdict::Refuted),
                _ => {}
            }
        }
        let mut endless = false;
        for i in self.order(pos, children) {
            match (or, self.search(&children[i])?) {
                (true, Verdict::Proved) => return Ok(Verdict::Proved),
                (false, Verdict::Refuted) => return Ok(Verdict::Refuted),
                (_, Verdict::Endless) => endless = true,
                _ => {}
            }
        }
        Ok(match (or, endless) {
            (_, true) => Verdict::Endless,
            (true, false) => Verdict::Refuted,
            (false, false) => Verdict::Proved,
        })
    }
}
