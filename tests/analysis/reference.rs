//! An independent exact solver for small positions of any game: every position reachable from a
//! root (whole positions, stores included, so a move's captures are in its child's score), then
//! the values found threshold by threshold over the whole graph. It shares nothing with the
//! crate's search or its Bechi solver but `rules-core`.

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
    pub fn of(&self, p: &Position) -> [Outcome; 2] {
        let i = self.index[p];
        let me = p.to_move();
        let best = self.values[me.index()][i].map_or(Outcome::Endless(true), Outcome::Seeds);
        let worst = self.values[me.other().index()][i]
            .map_or(Outcome::Endless(false), |v| Outcome::Seeds(-v));
        [best, worst]
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
