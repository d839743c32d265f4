//! Progress (issue 27, item 5): among root moves of the best value `v` (with endless play
//! counted as the worst outcome for the player to move), the best move is one after which he
//! can force the round to end with a margin of at least `v` in the fewest plies.
//!
//! Why this ends every won round: let `D` be that number of plies from a position. The chosen
//! move leads to a position of `D − 1`, and whatever the opponent answers, to one of at most
//! `D − 2` (or, when the answer gives up value, to a better `v`, which can only happen finitely
//! often). A player who follows the best moves so never comes back to a position he has been
//! in, and the round ends with at least `v`. Without this rule, a move back to an earlier
//! position is as good as any other of value `v` (the win is still there), and a player can go
//! round in circles for ever, as issue 27 saw in a Giuthi ending where the opponent could only
//! pass.
//!
//! `D` is found by iterative deepening of an AND-OR search (the mover needs one move that
//! forces it, every answer of the opponent must), where a repetition of a position on the line
//! fails: a shortest forcing line never repeats a position. Successes are remembered; failures
//! only when no repetition decided them (those depend on the line).
//!
//! When `v` is proved and a line of the search met endless play, the search runs once the
//! value is, over the moves proved to have it (where no line met a repetition, there is no
//! cycle in sight to keep the player from).
//! When it is an estimate and the mover could go round in circles after the best move (with
//! endless play counted as his best outcome, it is his value after it), the search runs after
//! each iteration, as deep as the iteration, over the moves estimated at `v`: a move that forces the end with at least `v` is then proved as good as any estimate,
//! and the player takes the proved gain rather than the endless play the estimates cannot tell
//! from it.

use super::Progress;
use super::iteration::Iteration;
use super::node::Searcher;
use crate::table;
use crate::value::ENDLESS;
use rules_core::{Move, Player, Position};
use std::collections::HashMap;

/// Positions the search remembers, at most: past this, it forgets them all.
const MEMO_MAX: usize = 1 << 20;

/// The search for the fewest plies to force the end with a margin of at least `v`, kept from
/// one iteration to the next.
pub(super) struct Finisher {
    root_mover: Player,
    v: i32,
    /// The plies searched so far (every `k` up to this failed for every candidate).
    searched: u32,
    /// For each position met: the fewest plies known to force it, and the most known not to.
    memo: HashMap<Position, (u32, u32)>,
    /// The candidates at the last search.
    candidates: usize,
    /// The forcing move and its plies, once found.
    found: Option<(usize, u32)>,
    /// The searcher's node count past which this search gives up for now.
    give_up_at: u64,
}

impl Finisher {
    pub fn new(root: &Position) -> Finisher {
        Finisher {
            root_mover: root.to_move(),
            v: i32::MIN,
            searched: 0,
            memo: HashMap::new(),
            candidates: 0,
            found: None,
            give_up_at: u64::MAX,
        }
    }

    /// After an iteration whose best value is an estimate: if the mover could go round in
    /// circles after the best move, looks for a move of the best value that forces the end with at least it, as many
    /// plies deep as the iteration searched, in at most `budget` nodes (the iteration's own: the
    /// look costs at most as much again as the search, and what it learnt serves the next).
    pub fn after(
        &mut self,
        s: &mut Searcher<'_>,
        root: &Position,
        children: &[(Move, Position)],
        it: &Iteration,
        budget: u64,
    ) {
        let Some(top) = it.primary.first() else {
            return;
        };
        let v = top.score.v;
        // The mover could go round in circles after the best move: endless play is his best
        // outcome after it when it counts as his best.
        let open = it
            .secondary
            .as_ref()
            .and_then(|b| b.iter().find(|r| r.index == top.index))
            .is_some_and(|b| b.score.v >= ENDLESS);
        if !open || v.abs() >= ENDLESS || top.score.proved {
            return;
        }
        if v != self.v {
            *self = Finisher {
                v,
                ..Finisher::new(root)
            };
        }
        if self.found.is_some() {
            return;
        }
        let candidates: Vec<usize> = it
            .primary
            .iter()
            .filter(|r| r.score.v == v)
            .map(|r| r.index)
            .collect();
        self.candidates = candidates.len();
        self.give_up_at = s.nodes.saturating_add(budget);
        self.found = self.fewest(s, root, children, &candidates, it.depth);
        self.give_up_at = u64::MAX;
    }

    /// At the end: puts the forcing move first if there is one for the final best value `v`,
    /// and says how it was chosen. When `v` is proved, searches now among the moves proved to
    /// have it.
    pub fn choose(
        mut self,
        s: &mut Searcher<'_>,
        root: &Position,
        children: &[(Move, Position)],
        it: &mut Iteration,
    ) -> Option<Progress> {
        let top = it.primary.first()?;
        let v = top.score.v;
        if v.abs() >= ENDLESS {
            return None;
        }
        if top.score.proved {
            // Where no line met a repetition (of its own or of the game's history), no move of
            // the value leads into a cycle the search could see, and the count (which can cost
            // far more than the proof: 100 million nodes at the Bechi 2x4 start, against 2
            // million for the value) would only order moves that all end the round.
            if s.stopped || it.secondary.is_none() {
                return None;
            }
            let tied = tied(s, root, children, it, v);
            if tied.len() < 2 {
                return None;
            }
            self = Finisher {
                v,
                ..Finisher::new(root)
            };
            self.candidates = tied.len();
            self.found = self.fewest(s, root, children, &tied, super::MAX_DEPTH);
        } else if self.v != v || (self.found.is_none() && self.candidates < 2) {
            return None;
        }
        let plies = match self.found {
            Some((i, plies)) => {
                let at = it.primary.iter().position(|r| r.index == i)?;
                let r = it.primary.remove(at);
                it.primary.insert(0, r);
                Some(plies)
            }
            None => None,
        };
        Some(Progress {
            tied: self.candidates,
            plies,
        })
    }

    /// The first of `candidates` (in order) that forces the end in the fewest plies, at most
    /// `max`, and that number; `None` when none does, or the limits or the budget cut the search
    /// short (the plies searched whole are kept, and the next search goes on from there).
    fn fewest(
        &mut self,
        s: &mut Searcher<'_>,
        root: &Position,
        children: &[(Move, Position)],
        candidates: &[usize],
        max: u32,
    ) -> Option<(usize, u32)> {
        s.path.push((table::hash(root), *root));
        let mut found = None;
        'deepen: for k in self.searched + 1..=max {
            for &i in candidates {
                match self.forces(s, &children[i].1, k - 1) {
                    None => break 'deepen,
                    Some((true, _)) => {
                        found = Some((i, k));
                        break 'deepen;
                    }
                    Some((false, _)) => {}
                }
            }
            self.searched = k;
        }
        s.path.pop();
        found
    }

    /// Whether the root's player can force the end with at least `v` from `pos` within `k`
    /// plies, and whether a repetition decided a failure; `None` when the search stopped.
    fn forces(&mut self, s: &mut Searcher<'_>, pos: &Position, k: u32) -> Option<(bool, bool)> {
        if s.nodes >= self.give_up_at || s.tick() {
            return None;
        }
        let mine = pos.to_move() == self.root_mover;
        if let Some(m) = s.final_margin(pos).ok()? {
            return Some((if mine { m } else { -m } >= self.v, false));
        }
        if k == 0 {
            return Some((false, false));
        }
        let key = table::hash(pos);
        if s.path.iter().any(|(h, p)| *h == key && p == pos) {
            return Some((false, true));
        }
        if let Some(&(yes, no)) = self.memo.get(pos) {
            if yes <= k {
                return Some((true, false));
            }
            if no >= k {
                return Some((false, false));
            }
        }
        let children = s.moves(pos)?;
        s.path.push((key, *pos));
        // The mover needs one child that forces it; the opponent's every child must.
        let mut result = !mine;
        let mut repeated = false;
        for (_, c) in &children {
            let Some((r, t)) = self.forces(s, c, k - 1) else {
                s.path.pop();
                return None;
            };
            if r == mine {
                result = mine;
                // A failing answer of the opponent decides alone.
                repeated = !mine && t;
                break;
            }
            repeated |= t;
        }
        s.path.pop();
        if self.memo.len() >= MEMO_MAX {
            self.memo.clear();
        }
        let e = self.memo.entry(*pos).or_insert((u32::MAX, 0));
        if result {
            e.0 = e.0.min(k);
        } else if !repeated {
            e.1 = e.1.max(k);
        }
        Some((result, repeated && !result))
    }
}

/// The root moves whose value is `v`, proved: those searched with the full window, and those
/// with only a bound of `v` once a window just below `v` shows they reach it.
fn tied(
    s: &mut Searcher<'_>,
    root: &Position,
    children: &[(Move, Position)],
    it: &Iteration,
    v: i32,
) -> Vec<usize> {
    let mut tied = Vec::new();
    s.path.push((table::hash(root), *root));
    for r in &it.primary {
        if r.score.v != v {
            continue;
        }
        if r.full {
            if r.score.proved {
                tied.push(r.index);
            }
            continue;
        }
        let x = s.child(root, &children[r.index].1, it.depth - 1, v - 1, v);
        if s.stopped {
            break;
        }
        if x.v >= v && x.proved {
            tied.push(r.index);
        }
    }
    s.path.pop();
    tied
}
