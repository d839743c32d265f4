//! The search behind a proof: for one bound on the root player's margin, an AND/OR search of
//! the positions reachable from the root, memoised by position, that finds a strategy for the
//! **prover** (the player the bound favours) reaching the end of the round on every line.
//!
//! * At a position of the prover one move must keep the bound (OR); at his opponent's every move
//!   must (AND).
//! * A position that repeats one on the current line is endless play. A proof holds under both
//!   conventions only if every line ends (spec/analysis.md §8.2), so endless play counts against
//!   the prover. Such a failure depends on the line that led to it: it is never memoised.
//! * Moves are tried in the order most likely to settle the node: at an OR node the prover's
//!   best estimate first, at an AND node his opponent's.

use crate::eval::{estimate, final_margin};
use crate::table::PositionHasher;
use rules_core::{Player, Position};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// The bound a half of a proof establishes, on the final margin of the root's player to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Goal {
    /// The root's player to move.
    pub root_mover: Player,
    /// The margin bound, for the root's player to move.
    pub value: i32,
    /// `true`: his margin is at most `value` (his opponent proves it); `false`: at least (he
    /// proves it).
    pub at_most: bool,
}

impl Goal {
    /// The player who chooses one move per node.
    pub fn prover(self) -> Player {
        if self.at_most {
            self.root_mover.other()
        } else {
            self.root_mover
        }
    }

    /// Whether a round that ends with `margin` for `pos`'s player to move keeps the bound.
    pub fn holds(self, pos: &Position, margin: i32) -> bool {
        let root_margin = if pos.to_move() == self.root_mover {
            margin
        } else {
            -margin
        };
        if self.at_most {
            root_margin <= self.value
        } else {
            root_margin >= self.value
        }
    }
}

/// What the search knows of a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum State {
    /// On the current line, not settled yet.
    Open,
    /// The bound holds: at an OR node through the move of this index, at an AND node
    /// ([`ALL`]) through every move.
    Proved(u32),
    /// The bound fails whatever the line that led here.
    Refuted,
}

/// The choice of an AND node: every move.
pub(crate) const ALL: u32 = u32::MAX;

/// The result of searching one position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Proved,
    Refuted,
    /// Refuted on this line only: endless play below (a repetition of a position on the line).
    Endless,
}

pub(crate) type Memo = HashMap<Position, State, Build>;

/// The AND/OR search of one goal.
pub(crate) struct Prover {
    pub goal: Goal,
    pub memo: Memo,
    /// Positions searched (memo hits and round ends included).
    pub visited: u64,
}

impl Prover {
    pub fn new(goal: Goal) -> Prover {
        Prover {
            goal,
            memo: Memo::default(),
            visited: 0,
        }
    }

    /// Whether the round is over at `pos`, and if so whether it keeps the bound.
    fn end(&self, pos: &Position) -> Option<bool> {
        final_margin(pos).map(|m| self.goal.holds(pos, m))
    }

    /// A verdict known without searching `pos`: the end of the round, or the memo.
    fn known(&self, pos: &Position) -> Option<Verdict> {
        if let Some(holds) = self.end(pos) {
            return Some(if holds {
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

    /// The children's indices, most promising first for the player who moves at `pos`: the
    /// prover's best estimate first at his nodes, his worst at his opponent's.
    fn order(&self, pos: &Position, children: &[(rules_core::Move, Position)]) -> Vec<usize> {
        if children.len() < 2 {
            return (0..children.len()).collect();
        }
        let prover = self.goal.prover();
        let keys: Vec<i32> = children
            .iter()
            .map(|(_, c)| {
                // The estimate is for the child's player to move; seen from the prover.
                let e = estimate(c);
                let for_prover = if c.to_move() == prover { e } else { -e };
                if pos.to_move() == prover {
                    -for_prover
                } else {
                    for_prover
                }
            })
            .collect();
        let mut order: Vec<usize> = (0..children.len()).collect();
        order.sort_by_key(|&i| keys[i]);
        order
    }

    /// Searches `pos`: whether the goal's bound holds there with every line ending.
    pub fn search(&mut self, pos: &Position) -> Verdict {
        self.visited += 1;
        if let Some(v) = self.known(pos) {
            return v;
        }
        self.memo.insert(*pos, State::Open);
        let children = pos.legal_moves_with_positions();
        let or = pos.to_move() == self.goal.prover();
        let (verdict, choice) = self.settle(pos, &children, or);
        match verdict {
            Verdict::Proved => self.memo.insert(*pos, State::Proved(choice)),
            Verdict::Refuted => self.memo.insert(*pos, State::Refuted),
            // Depends on the line: forgotten, so that another line searches it again.
            Verdict::Endless => self.memo.remove(pos),
        };
        verdict
    }

    /// The verdict of a node from its children, and the move chosen at an OR node.
    fn settle(
        &mut self,
        pos: &Position,
        children: &[(rules_core::Move, Position)],
        or: bool,
    ) -> (Verdict, u32) {
        let index = |i: usize| u32::try_from(i).unwrap_or(ALL);
        // A child settled already decides an OR node if proved, an AND node if refuted.
        for (i, (_, c)) in children.iter().enumerate() {
            match (or, self.known(c)) {
                (true, Some(Verdict::Proved)) => return (Verdict::Proved, index(i)),
                (false, Some(Verdict::Refuted)) => return (Verdict::Refuted, ALL),
                _ => {}
            }
        }
        let mut endless = false;
        for i in self.order(pos, children) {
            match (or, self.search(&children[i].1)) {
                (true, Verdict::Proved) => return (Verdict::Proved, index(i)),
                (false, Verdict::Refuted) => return (Verdict::Refuted, ALL),
                (false, Verdict::Endless) => return (Verdict::Endless, ALL),
                (true, Verdict::Endless) => endless = true,
                _ => {}
            }
        }
        match (or, endless) {
            (false, _) => (Verdict::Proved, ALL),
            (true, true) => (Verdict::Endless, ALL),
            (true, false) => (Verdict::Refuted, ALL),
        }
    }
}

/// The hasher of the search's maps.
pub(crate) type Build = BuildHasherDefault<PositionHasher>;
