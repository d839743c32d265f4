//! The graph of one round of a Bechi match: every position reachable from a round start, with
//! its moves, and A's round total where the round is over.
//!
//! Where the round's end decides the match, the final **totals** matter, not only the rest of
//! the round's margin: so a node is a position of the round **with A's store** (B's follows
//! from the seeds). It is built in two steps. First the **boards** (seeds, chosen marks, side
//! to move: what the rest of the round depends on, B4–B13) with `rules-core`: each board's moves,
//! the seeds each move adds to A's store, and where the round is over the seeds B13 credits A
//! with. Then the nodes, pairs of a board and A's store, reached from the start by adding up those
//! captures: a board is played once however many stores it is met with. What is fixed for the
//! round (blocked holes, reserves, opener, round number) is left out: set-ups that differ only
//! in reserves share one graph.

use rules_core::{MarkKind, Player, Position, View};
use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};

/// Bits of seeds per hole (a hole holds at most 48 seeds).
const SEED_BITS: u32 = 6;

/// Not a finished round.
pub(crate) const ONGOING: u8 = u8::MAX;

/// A multiply-xorshift hasher for integer keys: keys are not adversarial, and the maps are the
/// build's main cost.
#[derive(Default)]
pub(crate) struct IntHasher(u64);

impl Hasher for IntHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn finish(&self) -> u64 {
        let z = self.0;
        let z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z ^ (z >> 31)
    }
}

type IntMap<V> = HashMap<u64, V, BuildHasherDefault<IntHasher>>;

/// The key of a board: seeds by hole index (6 bits each), then the chosen marks (one bit per hole
/// index), then the side to move (1 bit, 1 for B): at most 48 + 8 + 1 bits on 2×4.
fn board_key(s: View<'_>) -> u64 {
    let len = s.seeds().len() as u32;
    let mut k = 0u64;
    for (i, &x) in s.seeds().iter().enumerate() {
        k |= u64::from(x) << (SEED_BITS * i as u32);
    }
    for (i, m) in s.marked() {
        if m.kind == MarkKind::Chosen {
            k |= 1 << (SEED_BITS * len + i as u32);
        }
    }
    k | u64::from(s.to_move() == Player::B) << (SEED_BITS * len + len)
}

/// The boards of a round: the rest of the round, without stores.
struct Boards {
    to_move: Vec<Player>,
    /// `moves[offsets[b]..offsets[b + 1]]`: each move's board and the seeds it adds to A's store.
    offsets: Vec<u32>,
    moves: Vec<(u32, u8)>,
    /// Where the round is over, the seeds on the board B13 credits A with; else [`ONGOING`].
    end_a: Vec<u8>,
}

impl Boards {
    fn build(start: &Position, limit: usize) -> Result<Boards, String> {
        let mut index: IntMap<u32> = IntMap::default();
        index.insert(board_key(start.view()), 0);
        let mut queue: VecDeque<Position> = VecDeque::from([*start]);
        let mut b = Boards {
            to_move: Vec::new(),
            offsets: vec![0],
            moves: Vec::new(),
            end_a: Vec::new(),
        };
        while let Some(pos) = queue.pop_front() {
            let s = pos.view();
            let store_a = s.stores()[0];
            b.to_move.push(s.to_move());
            b.end_a.push(match pos.round_result() {
                Some(r) => u8::try_from(r.totals[0] - store_a).map_err(|e| e.to_string())?,
                None => ONGOING,
            });
            let mut kids: Vec<(u32, u8)> = Vec::new();
            for (_, child) in pos.legal_moves_with_positions() {
                let cs = child.view();
                let next = index.len() as u32;
                let c = *index.entry(board_key(cs)).or_insert_with(|| {
                    queue.push_back(child);
                    next
                });
                let gain = u8::try_from(cs.stores()[0] - store_a).map_err(|e| e.to_string())?;
                kids.push((c, gain));
            }
            // Distinct outcomes are distinct boards (rules README §6.2).
            kids.sort_unstable();
            kids.dedup();
            b.moves.extend_from_slice(&kids);
            b.offsets.push(b.moves.len() as u32);
            if index.len() > limit {
                return Err(format!(
                    "a round start has more than {limit} boards: stopped after expanding {} of the \
                     {} found",
                    b.to_move.len(),
                    index.len()
                ));
            }
        }
        Ok(b)
    }
}

/// The reachable positions of one round, stores included, and their moves, over node indices.
pub(crate) struct RoundGraph {
    /// The round's seeds: on the board and in the stores at the graph's start. Both players'
    /// round totals add up to it (B13).
    pub round_seeds: u32,
    /// Boards (positions without stores) in the round.
    pub boards: usize,
    /// The start's node.
    pub start: u32,
    /// The player to move at each node.
    pub to_move: Vec<Player>,
    /// `children[offsets[i]..offsets[i + 1]]`: the nodes the moves of node `i` lead to (a forced
    /// pass included, B5).
    offsets: Vec<u32>,
    children: Vec<u32>,
    /// The same edges reversed.
    pred_offsets: Vec<u32>,
    preds: Vec<u32>,
    /// A's round total (B13: his store and the seeds on his side) where the round is over, else
    /// [`ONGOING`].
    pub total_a: Vec<u8>,
    /// The finished nodes by A's round total.
    pub by_total: Vec<Vec<u32>>,
}

/// For each board, the set of A's stores it is reached with (bit `s` for a store of `s`): the
/// start's store, and along every move the store plus the seeds it adds, to a fixed point.
fn reachable_stores(boards: &Boards, store0: u32) -> Result<Vec<u64>, String> {
    if store0 >= 64 {
        return Err(format!("A's store of {store0} is beyond this solver"));
    }
    let mut sets = vec![0u64; boards.to_move.len()];
    sets[0] = 1 << store0;
    let mut work = vec![0u32];
    let mut queued = vec![false; sets.len()];
    queued[0] = true;
    while let Some(b) = work.pop() {
        queued[b as usize] = false;
        let set = sets[b as usize];
        for &(c, gain) in &boards.moves
            [boards.offsets[b as usize] as usize..boards.offsets[b as usize + 1] as usize]
        {
            let shifted = set << gain;
            if shifted >> gain != set {
                return Err("a store of 64 seeds or more is beyond this solver".to_owned());
            }
            let old = sets[c as usize];
            if old | shifted != old {
                sets[c as usize] = old | shifted;
                if !std::mem::replace(&mut queued[c as usize], true) {
                    work.push(c);
                }
            }
        }
    }
    Ok(sets)
}

impl RoundGraph {
    /// Every position reachable from `start`. Stops with an error past `limit` boards or
    /// positions.
    pub fn build(start: &Position, limit: usize) -> Result<RoundGraph, String> {
        let s0 = start.view();
        let round_seeds = s0.on_board() + s0.stores()[0] + s0.stores()[1];
        let boards = Boards::build(start, limit)?;
        let stores = reachable_stores(&boards, s0.stores()[0])?;
        // Node (b, s) is number `base[b]` plus the rank of `s` among b's stores: nodes in order
        // of board, then store, with no map.
        let mut base = Vec::with_capacity(stores.len() + 1);
        base.push(0u32);
        for set in &stores {
            let next = u64::from(*base.last().unwrap_or(&0)) + u64::from(set.count_ones());
            if next > limit as u64 {
                return Err(format!(
                    "a round start has more than {limit} positions (stores included)"
                ));
            }
            base.push(next as u32);
        }
        let node = |b: u32, s: u32| {
            base[b as usize] + (stores[b as usize] & ((1u64 << s) - 1)).count_ones()
        };
        let len = *base.last().unwrap_or(&0) as usize;
        let mut g = RoundGraph {
            round_seeds,
            boards: stores.len(),
            start: node(0, s0.stores()[0]),
            to_move: Vec::with_capacity(len),
            offsets: Vec::with_capacity(len + 1),
            children: Vec::new(),
            pred_offsets: Vec::new(),
            preds: Vec::new(),
            total_a: Vec::with_capacity(len),
            by_total: vec![Vec::new(); round_seeds as usize + 1],
        };
        g.offsets.push(0);
        for (b, &set) in stores.iter().enumerate() {
            let moves = &boards.moves[boards.offsets[b] as usize..boards.offsets[b + 1] as usize];
            let end = boards.end_a[b];
            let mut rest = set;
            while rest != 0 {
                let s = rest.trailing_zeros();
                rest &= rest - 1;
                let i = g.to_move.len() as u32;
                g.to_move.push(boards.to_move[b]);
                if end == ONGOING {
                    g.total_a.push(ONGOING);
                } else {
                    let t = s + u32::from(end);
                    g.by_total
                        .get_mut(t as usize)
                        .ok_or_else(|| {
                            format!("A's round total {t} exceeds the round's {round_seeds} seeds")
                        })?
                        .push(i);
                    g.total_a.push(t as u8);
                }
                g.children
                    .extend(moves.iter().map(|&(c, gain)| node(c, s + u32::from(gain))));
                g.offsets.push(g.children.len() as u32);
            }
        }
        g.reverse();
        Ok(g)
    }

    /// Positions in the graph.
    pub fn len(&self) -> usize {
        self.to_move.len()
    }

    /// Moves in the graph.
    pub fn moves(&self) -> usize {
        self.children.len()
    }

    /// The children of node `i`.
    pub fn children(&self, i: u32) -> &[u32] {
        &self.children[self.offsets[i as usize] as usize..self.offsets[i as usize + 1] as usize]
    }

    /// The nodes with a move to node `i`.
    pub fn preds(&self, i: u32) -> &[u32] {
        &self.preds
            [self.pred_offsets[i as usize] as usize..self.pred_offsets[i as usize + 1] as usize]
    }

    /// Builds the predecessor lists from the children.
    fn reverse(&mut self) {
        let n = self.len();
        let mut start = vec![0u32; n + 1];
        for &c in &self.children {
            start[c as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        self.preds = vec![0; self.children.len()];
        for p in 0..n as u32 {
            for &c in &self.children
                [self.offsets[p as usize] as usize..self.offsets[p as usize + 1] as usize]
            {
                self.preds[fill[c as usize] as usize] = p;
                fill[c as usize] += 1;
            }
        }
        self.pred_offsets = start;
    }
}
