//! `solve`: the exact value of every position reachable from given Bechi positions (spec/analysis.md
//! §3), by retrograde analysis.
//!
//! 1. **Reachable positions.** From the roots, every position reachable by legal moves, keyed by
//!    what the rest of the round depends on ([`crate::db::key`]): board, chosen marks, side to
//!    move. Each position's children and the seeds each move captures are kept.
//! 2. **Slices.** A move captures (fewer seeds on the board), marks a new hole (B2), or neither.
//!    Positions are grouped by (seeds on the board, chosen marks) and the slices solved smallest
//!    first: fewer seeds first, then more marks first, so every move leaving a slice leads to a
//!    solved one. Inside a slice no move captures, and play can cycle.
//! 3. **Inside a slice**, for each convention: endless play favours player X (A, then B). Values
//!    are X's margin for the rest of the round. A move leaving the slice has a known value (the
//!    seeds it captures plus its child's value); the slice's values are then found threshold by
//!    threshold, from the lowest such value up: a position of X's opponent falls to a value as
//!    soon as one of its moves does, a position of X's only when **all** its moves have (a
//!    counter of unresolved children per position). A position that never falls is endless play,
//!    which X can force or his opponent cannot avoid.

use crate::db::key::{self, board_seeds, parts};
use crate::db::{Database, ENDLESS_STORED};
use crate::eval::{final_margin, stores};
use rules_core::{Player, Position, Variant};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The figures of a solve.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Positions reachable from the roots (board, chosen marks, side to move).
    pub positions: usize,
    /// Moves between them.
    pub moves: usize,
    /// Positions where the round is over (B13).
    pub finished: usize,
    /// Slices (seeds on the board, chosen marks).
    pub slices: usize,
    /// The largest slice.
    pub largest_slice: usize,
    /// Positions whose two values differ (endless play matters).
    pub endless: usize,
    /// Time to enumerate the positions.
    pub enumerate: Duration,
    /// Time of the retrograde analysis.
    pub retrograde: Duration,
}

/// The reachable positions and their moves, as a graph over indices.
struct Graph {
    n: u8,
    keys: Vec<u64>,
    /// `children[offsets[i]..offsets[i + 1]]`: the children of position `i` with the seeds the
    /// move captures.
    offsets: Vec<u32>,
    children: Vec<(u32, u8)>,
    /// The rest-of-round margin for the player to move, where the round is over (B13).
    finished: Vec<Option<i8>>,
}

/// The error of a root that is not a Bechi position without blocked holes.
fn not_solvable(pos: &Position) -> String {
    format!(
        "solve covers Bechi positions without blocked holes; this is {} (round {})",
        pos.variant(),
        pos.to_setup().round
    )
}

fn enumerate(
    roots: &[Position],
    limit: usize,
    progress: &mut dyn FnMut(&str),
) -> Result<Graph, String> {
    let t = Instant::now();
    let first = roots.first().ok_or("no position to solve")?;
    let n = u8::try_from(key::holes(first.variant()).ok_or_else(|| not_solvable(first))?)
        .map_err(|e| e.to_string())?;
    let mut index: HashMap<u64, u32> = HashMap::new();
    let mut keys: Vec<u64> = Vec::new();
    for r in roots {
        let k = key::key(r)
            .filter(|_| r.variant() == first.variant())
            .ok_or_else(|| not_solvable(r))?;
        if let std::collections::hash_map::Entry::Vacant(e) = index.entry(k) {
            e.insert(u32::try_from(keys.len()).map_err(|e| e.to_string())?);
            keys.push(k);
        }
    }
    let mut g = Graph {
        n,
        keys: Vec::new(),
        offsets: vec![0],
        children: Vec::new(),
        finished: Vec::new(),
    };
    let mut i = 0;
    while i < keys.len() {
        let k = keys[i];
        let pos = key::position(k, n).map_err(|e| format!("key {k:#x}: {e}"))?;
        let seeds = board_seeds(k, usize::from(n));
        g.finished.push(final_margin(&pos).map(|m| {
            let s = stores(&pos);
            let me = pos.to_move().index();
            // The rest of the round: the final margin less what the stores already hold.
            (m - (s[me] as i32 - s[1 - me] as i32)) as i8
        }));
        for (_, child) in pos.legal_moves_with_positions() {
            let ck = key::key(&child).ok_or_else(|| not_solvable(&child))?;
            let next = u32::try_from(keys.len()).map_err(|e| e.to_string())?;
            let c = *index.entry(ck).or_insert_with(|| {
                keys.push(ck);
                next
            });
            let captured = seeds - board_seeds(ck, usize::from(n));
            g.children.push((c, captured as u8));
        }
        g.offsets.push(g.children.len() as u32);
        i += 1;
        if keys.len() > limit {
            return Err(format!(
                "more than {limit} positions: stopped after expanding {i} of the {} found, \
                 {} moves, in {:.1} s",
                keys.len(),
                g.children.len(),
                t.elapsed().as_secs_f64()
            ));
        }
        if i.is_multiple_of(1 << 20) {
            progress(&format!("{i} positions expanded, {} found", keys.len()));
        }
    }
    g.keys = keys;
    Ok(g)
}

/// The solve of one slice under one convention, with the counters of unresolved children.
struct Slice<'a> {
    g: &'a Graph,
    /// Endless play favours this player; values are his margins.
    x: Player,
    members: &'a [u32],
    /// Local index of a global position of the slice (`u32::MAX` outside).
    local: &'a mut [u32],
    /// Values so far, by global index (positions of solved slices are final).
    values: &'a mut [i8],
}

impl Slice<'_> {
    fn solve(&mut self) {
        let m = self.members.len();
        let maximiser: Vec<bool> = self
            .members
            .iter()
            .map(|&p| parts(self.g.keys[p as usize], usize::from(self.g.n)).to_move == self.x)
            .collect();
        let mut counter = vec![0u32; m];
        let mut exits: Vec<(i32, u32)> = Vec::new();
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); m];
        for (l, &p) in self.members.iter().enumerate() {
            let p = p as usize;
            let sign = if maximiser[l] { 1 } else { -1 };
            if let Some(f) = self.g.finished[p] {
                exits.push((sign * i32::from(f), l as u32));
                counter[l] = 1;
                continue;
            }
            let kids = &self.g.children[self.g.offsets[p] as usize..self.g.offsets[p + 1] as usize];
            counter[l] = kids.len() as u32;
            for &(c, captured) in kids {
                let lc = self.local[c as usize];
                if lc != u32::MAX {
                    preds[lc as usize].push(l as u32);
                } else {
                    let v = self.values[c as usize];
                    if v != ENDLESS_STORED {
                        exits.push((sign * i32::from(captured) + i32::from(v), l as u32));
                    }
                }
            }
        }
        exits.sort_unstable();
        let mut value: Vec<Option<i32>> = vec![None; m];
        let mut queue: Vec<u32> = Vec::new();
        let mut e = 0;
        while e < exits.len() {
            let w = exits[e].0;
            while e < exits.len() && exits[e].0 == w {
                fall(
                    exits[e].1,
                    w,
                    &maximiser,
                    &mut counter,
                    &mut value,
                    &mut queue,
                );
                e += 1;
            }
            while let Some(q) = queue.pop() {
                for &p in &preds[q as usize] {
                    fall(p, w, &maximiser, &mut counter, &mut value, &mut queue);
                }
            }
        }
        for (l, &p) in self.members.iter().enumerate() {
            self.values[p as usize] = value[l].map_or(ENDLESS_STORED, |v| v as i8);
        }
    }
}

/// One more move of local position `q` is known to lead to value `w` or less (from X's side):
/// X's opponent takes it at once, X only when it was his last.
fn fall(
    q: u32,
    w: i32,
    maximiser: &[bool],
    counter: &mut [u32],
    value: &mut [Option<i32>],
    queue: &mut Vec<u32>,
) {
    let q_ = q as usize;
    if value[q_].is_some() {
        return;
    }
    if maximiser[q_] {
        counter[q_] -= 1;
        if counter[q_] > 0 {
            return;
        }
    }
    value[q_] = Some(w);
    queue.push(q);
}

/// The slices in solving order: fewer seeds first, then more chosen marks first.
fn slices(g: &Graph) -> Vec<Vec<u32>> {
    let n = usize::from(g.n);
    let slice_key = |k: u64| {
        let p = parts(k, n);
        (
            p.seeds.iter().sum::<u32>(),
            std::cmp::Reverse(p.chosen.count_ones()),
            p.chosen,
        )
    };
    let mut order: Vec<u32> = (0..g.keys.len() as u32).collect();
    order.sort_by_key(|&i| slice_key(g.keys[i as usize]));
    order
        .chunk_by(|&a, &b| slice_key(g.keys[a as usize]) == slice_key(g.keys[b as usize]))
        .map(<[u32]>::to_vec)
        .collect()
}

/// Solves every position reachable from `roots` (Bechi positions without blocked holes, of one
/// variant), refusing to hold more than `limit` positions. `progress` receives a line now and
/// then.
///
/// # Errors
/// A root that is not such a position; more than `limit` positions (saying how far it went).
pub fn solve(
    roots: &[Position],
    limit: usize,
    progress: &mut dyn FnMut(&str),
) -> Result<(Database, Stats), String> {
    let t0 = Instant::now();
    let g = enumerate(roots, limit, progress)?;
    let mut stats = Stats {
        positions: g.keys.len(),
        moves: g.children.len(),
        finished: g.finished.iter().filter(|f| f.is_some()).count(),
        enumerate: t0.elapsed(),
        ..Stats::default()
    };
    progress(&format!(
        "{} positions, {} moves ({:.1} s); retrograde analysis",
        stats.positions,
        stats.moves,
        stats.enumerate.as_secs_f64()
    ));
    let t1 = Instant::now();
    let all = slices(&g);
    stats.slices = all.len();
    stats.largest_slice = all.iter().map(Vec::len).max().unwrap_or(0);
    let mut local = vec![u32::MAX; g.keys.len()];
    let mut by_player = [vec![0i8; g.keys.len()], vec![0i8; g.keys.len()]];
    for members in &all {
        for (l, &p) in members.iter().enumerate() {
            local[p as usize] = l as u32;
        }
        for x in [Player::A, Player::B] {
            Slice {
                g: &g,
                x,
                members,
                local: &mut local,
                values: &mut by_player[x.index()],
            }
            .solve();
        }
        for &p in members {
            local[p as usize] = u32::MAX;
        }
    }
    stats.retrograde = t1.elapsed();
    let mut records: Vec<(u64, [i8; 2])> = g
        .keys
        .iter()
        .enumerate()
        .map(|(i, &k)| {
            let mover = parts(k, usize::from(g.n)).to_move;
            let best = by_player[mover.index()][i];
            let theirs = by_player[mover.other().index()][i];
            (k, [best, -theirs])
        })
        .collect();
    records.sort_unstable_by_key(|r| r.0);
    stats.endless = records.iter().filter(|r| r.1[0] != r.1[1]).count();
    let variant = key::position(records[0].0, g.n)
        .map(|p| p.variant())
        .unwrap_or(Variant::Bechi(rules_core::BechiOptions { holes: g.n }));
    Ok((
        Database {
            variant,
            keys: records.iter().map(|r| r.0).collect(),
            values: records.iter().map(|r| r.1).collect(),
        },
        stats,
    ))
}
