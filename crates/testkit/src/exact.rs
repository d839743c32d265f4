//! An independent exact solver for small positions of any game: every position reachable from a
//! root (whole positions, stores included, so a move's captures are in its child's score), then
//! the values found threshold by threshold over the whole graph. It shares nothing with the
//! search of `analysis` or its Bechi solver but `rules-core` (and the margin of a finished
//! round, `analysis::eval::final_margin`).
//!
//! A value here is what a player can make sure of on lines that all end: `of(p)` gives, for the
//! player to move at `p`, the least margin his opponent can hold him to while every line reaches
//! the end of the round (endless play counted as his best outcome) and the most he can make sure
//! of while every line does (counted as his worst). The claims of a proof (spec/analysis.md
//! §8.1) mean exactly these: `<= b` holds when the first is at most `b`, `>= b` when the second is
//! at least `b`.

use analysis::eval::final_margin;
use analysis::value::Outcome;
use rules_core::{Player, Position};
use std::collections::HashMap;

/// Values of every position reachable from a root, for its player to move.
pub struct Reference {
    index: HashMap<Position, usize>,
    /// By favoured player (A, B): that player's margin, `None` for endless play.
    values: [Vec<Option<i32>>; 2],
}

impl Reference {
    /// Solves everything reachable from `root`; `None` past `limit` positions.
    pub fn solve(root: &Position, limit: usize) -> Option<Reference> {
        let mut index: HashMap<Position, usize> = HashMap::new();
        let mut positions = vec![*root];
        index.insert(*root, 0);
        let mut children: Vec<Vec<usize>> = Vec::new();
        let mut i = 0;
        while i < positions.len() {
            let p = positions[i];
            let mut kids = Vec::new();
            for (_, c) in p.legal_moves_with_positions() {
                let next = positions.len();
                let j = *index.entry(c).or_insert_with(|| {
                    positions.push(c);
                    next
                });
                kids.push(j);
            }
            if positions.len() > limit {
                return None;
            }
            children.push(kids);
            i += 1;
        }
        let values = [
            favouring(&positions, &children, Player::A),
            favouring(&positions, &children, Player::B),
        ];
        Some(Reference { index, values })
    }

    /// The value of `p` for its player to move: endless play his best outcome, and his worst.
    ///
    /// # Panics
    /// `p` is not reachable from the root.
    pub fn of(&self, p: &Position) -> [Outcome; 2] {
        self.get(p).expect("a position reachable from the root")
    }

    /// [`Reference::of`], or `None` where `p` is not reachable from the root.
    pub fn get(&self, p: &Position) -> Option<[Outcome; 2]> {
        let i = *self.index.get(p)?;
        let me = p.to_move();
        let best = self.values[me.index()][i].map_or(Outcome::Endless(true), Outcome::Seeds);
        let worst = self.values[me.other().index()][i]
            .map_or(Outcome::Endless(false), |v| Outcome::Seeds(-v));
        Some([best, worst])
    }

    /// Every position reachable from the root, in no particular order.
    pub fn positions(&self) -> impl Iterator<Item = &Position> {
        self.index.keys()
    }

    /// How many positions are reachable from the root, itself included.
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// Whether no position is reachable: never, the root is.
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }
}

/// Player `f`'s margins when endless play favours him: a position of his falls to a value when
/// all its moves lead to that value or less, one of his opponent's as soon as one move does.
fn favouring(positions: &[Position], children: &[Vec<usize>], f: Player) -> Vec<Option<i32>> {
    let n = positions.len();
    let mut parents = vec![Vec::new(); n];
    for (p, kids) in children.iter().enumerate() {
        for &c in kids {
            parents[c].push(p);
        }
    }
    let mine: Vec<bool> = positions.iter().map(|p| p.to_move() == f).collect();
    let mut left: Vec<usize> = children.iter().map(Vec::len).collect();
    let mut ends: Vec<(i32, usize)> = Vec::new();
    for (i, p) in positions.iter().enumerate() {
        if let Some(m) = final_margin(p) {
            ends.push((if mine[i] { m } else { -m }, i));
            left[i] = 1;
        }
    }
    ends.sort_unstable();
    let mut value: Vec<Option<i32>> = vec![None; n];
    let mut fall = |x: usize, w: i32, value: &mut Vec<Option<i32>>, stack: &mut Vec<usize>| {
        if value[x].is_some() {
            return;
        }
        if mine[x] {
            left[x] -= 1;
            if left[x] > 0 {
                return;
            }
        }
        value[x] = Some(w);
        stack.push(x);
    };
    let mut stack = Vec::new();
    for &(w, e) in &ends {
        fall(e, w, &mut value, &mut stack);
        while let Some(x) = stack.pop() {
            for &p in &parents[x] {
                fall(p, w, &mut value, &mut stack);
            }
        }
    }
    value
}
