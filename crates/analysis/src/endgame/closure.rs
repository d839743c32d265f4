//! Solving everything reachable from one position that the table does not hold yet (spec/analysis.md
//! §12.2): the positions of its level reachable without leaving it are listed with their moves,
//! what they lead to below solved first, then the level by retrograde analysis
//! ([`super::retro`]).

use super::key::{Keying, Known};
use super::retro::{self, Level};
use super::{ENDLESS_BEST, ENDLESS_WORST, KeyHasher, Values};
use crate::eval::final_margin;
use rules_core::Position;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::time::Instant;

/// Positions listed between two looks at the clock.
pub const CLOCK_EVERY: u32 = 256;

/// Where a move leads: a position of this closure, or one whose values are known.
#[derive(Copy, Clone)]
enum Child {
    Here(u32),
    Known(Values),
}

/// A move of a listed position.
#[derive(Copy, Clone)]
struct Edge {
    child: Child,
    /// What the move settles for the mover: the child's baseline for the mover less his own.
    offset: i16,
    /// The mover moves again (a repeat move, G13).
    same: bool,
}

/// A listed position.
struct Node {
    key: u128,
    /// The board value when the round is over there.
    over: Option<i16>,
    /// Its moves: `edges[first..first + count]`.
    first: u32,
    count: u32,
}

/// Why a closure was given up.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GiveUp {
    /// More positions in one level than the limit.
    TooMany,
    /// A value out of the table's range, or a move that keeps the level but settles seeds: a
    /// game this keying does not fit.
    Unfit,
    /// The time limit came first (the analysis's `--time`): the level being listed is not kept
    /// (the lower levels solved meanwhile are).
    Time,
}

/// Where solved values are kept: the table.
pub trait Store {
    /// The values of `key`, if solved.
    fn get(&self, key: u128) -> Option<Values>;
    /// Keeps solved values.
    fn put(&self, solved: Vec<(u128, Values)>);
}

/// Solves `root` and everything reachable from it that `store` lacks, and puts it there: the
/// positions of `root`'s level reachable without leaving it (its component) are listed, each
/// position of a lower level they lead to solved first the same way (so that only one
/// component of each level is held at once), then the component by retrograde analysis.
/// Returns the positions solved. Past `deadline`, it gives up (listing looks at the clock every
/// [`CLOCK_EVERY`] positions).
///
/// # Errors
/// More than `limit` positions in one component, a position that breaks the table's premises,
/// or the deadline.
pub fn solve(
    keying: Keying,
    root: &Position,
    store: &dyn Store,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<usize, GiveUp> {
    let (nodes, edges, below) = list(keying, root, store, limit, deadline)?;
    let solved = solve_level(&nodes, &edges)?;
    let count = solved.len();
    store.put(nodes.iter().map(|n| n.key).zip(solved).collect());
    Ok(count + below)
}

/// Lists the component of `root` with its moves, solving what its moves lead to below its
/// level; returns the nodes, the moves and how many positions those lower solves found.
fn list(
    keying: Keying,
    root: &Position,
    store: &dyn Store,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<(Vec<Node>, Vec<Edge>, usize), GiveUp> {
    let mut index: HashMap<u128, u32, BuildHasherDefault<KeyHasher>> = HashMap::default();
    let mut nodes: Vec<Node> = Vec::new();
    let mut edges: Vec<Edge> = Vec::new();
    let mut below = 0;
    let first = keying.known(root).ok_or(GiveUp::Unfit)?;
    index.insert(first.key, 0);
    nodes.push(node(first));
    let mut stack: Vec<(u32, Position, i32)> = vec![(0, *root, first.baseline)];
    while let Some((i, pos, baseline)) = stack.pop() {
        if i % CLOCK_EVERY == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(GiveUp::Time);
        }
        let n = &mut nodes[i as usize];
        n.first = u32::try_from(edges.len()).map_err(|_| GiveUp::TooMany)?;
        if let Some(m) = final_margin(&pos) {
            n.over = Some(i16::try_from(m - baseline).map_err(|_| GiveUp::Unfit)?);
            continue;
        }
        let mut count = 0;
        for (_, child) in pos.legal_moves_with_positions() {
            let k = keying.known(&child).ok_or(GiveUp::Unfit)?;
            let same = child.to_move() == pos.to_move();
            let offset = if same {
                k.baseline - baseline
            } else {
                -k.baseline - baseline
            };
            let target = if k.level < first.level {
                let v = match store.get(k.key) {
                    Some(v) => v,
                    None => {
                        below += solve(keying, &child, store, limit, deadline)?;
                        store.get(k.key).ok_or(GiveUp::Unfit)?
                    }
                };
                Child::Known(v)
            } else if k.level > first.level {
                return Err(GiveUp::Unfit);
            } else if let Some(&j) = index.get(&k.key) {
                Child::Here(j)
            } else if let Some(v) = store.get(k.key) {
                Child::Known(v)
            } else {
                let j = u32::try_from(nodes.len()).map_err(|_| GiveUp::TooMany)?;
                if nodes.len() >= limit {
                    return Err(GiveUp::TooMany);
                }
                index.insert(k.key, j);
                nodes.push(node(k));
                stack.push((j, child, k.baseline));
                Child::Here(j)
            };
            edges.push(Edge {
                child: target,
                offset: i16::try_from(offset).map_err(|_| GiveUp::Unfit)?,
                same,
            });
            count += 1;
        }
        nodes[i as usize].count = count;
    }
    Ok((nodes, edges, below))
}

fn node(k: Known) -> Node {
    Node {
        key: k.key,
        over: None,
        first: 0,
        count: 0,
    }
}

/// The largest board value the table holds (an `i8`, beside the two marks of endless play).
pub(super) const RANGE: i16 = 120;

/// X's value of a child under convention `c` (0: endless play the mover's worst), from its
/// values for its own mover ([best, worst] convention for him).
pub(super) fn x_value(v: Values, c: usize) -> i16 {
    // Endless play is X's worst under both: the child's mover's worst under his W
    // convention, his best (so X's worst) under B.
    match c {
        0 if v[1] == ENDLESS_WORST => retro::ENDLESS,
        0 => i16::from(v[1]),
        _ if v[0] == ENDLESS_BEST => retro::ENDLESS,
        _ => -i16::from(v[0]),
    }
}

/// Solves one component: every node and move of `nodes` and `edges`, moves out of it leading
/// to known values.
fn solve_level(nodes: &[Node], edges: &[Edge]) -> Result<Vec<Values>, GiveUp> {
    let n = 2 * nodes.len();
    let mut exit: Vec<i16> = (0..n).map(Level::no_exit).collect();
    let mut inside = vec![0u32; n];
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    for (p, node) in nodes.iter().enumerate() {
        if let Some(v) = node.over {
            exit[2 * p] = v;
            exit[2 * p + 1] = -v;
            continue;
        }
        let from = node.first as usize;
        for e in &edges[from..from + node.count as usize] {
            for c in 0..2 {
                let d = 2 * p + c;
                // The child's convention: the same for the same mover, the other when the turn
                // passes.
                let t = if e.same { c } else { 1 - c };
                let sign = if c == 0 { 1 } else { -1 };
                match e.child {
                    Child::Here(j) => {
                        if e.offset != 0 {
                            return Err(GiveUp::Unfit);
                        }
                        pairs.push((d as u32, 2 * j + t as u32));
                        inside[d] += 1;
                    }
                    Child::Known(v) => {
                        let x = x_value(v, t);
                        let x = if x == retro::ENDLESS {
                            x
                        } else {
                            sign * e.offset + x
                        };
                        if x != retro::ENDLESS && x.abs() > RANGE {
                            return Err(GiveUp::Unfit);
                        }
                        exit[d] = if c == 0 {
                            exit[d].max(x)
                        } else {
                            exit[d].min(x)
                        };
                    }
                }
            }
        }
    }
    let level = Level {
        exit,
        inside,
        starts: starts(n, &pairs),
        parents: parents(n, &pairs),
    };
    let x = level.solve(RANGE);
    Ok((0..nodes.len())
        .map(|p| values_of(x[2 * p], x[2 * p + 1]))
        .collect())
}

/// A position's [`Values`] from X's values of its two nodes (`worst`: endless play the mover's
/// worst, X the mover; `best`: his best, X his opponent).
pub(super) fn values_of(worst: i16, best: i16) -> Values {
    [
        if best == retro::ENDLESS {
            ENDLESS_BEST
        } else {
            -best as i8
        },
        if worst == retro::ENDLESS {
            ENDLESS_WORST
        } else {
            worst as i8
        },
    ]
}

/// Where each node's parents start in [`parents`] (and the end, last).
fn starts(n: usize, pairs: &[(u32, u32)]) -> Vec<u32> {
    let mut starts = vec![0u32; n + 1];
    for &(_, e) in pairs {
        starts[e as usize + 1] += 1;
    }
    for d in 0..n {
        starts[d + 1] += starts[d];
    }
    starts
}

/// The parents of every node, grouped by node (a counting sort of the moves by child).
fn parents(n: usize, pairs: &[(u32, u32)]) -> Vec<u32> {
    let mut at = starts(n, pairs);
    let mut out = vec![0u32; pairs.len()];
    for &(d, e) in pairs {
        out[at[e as usize] as usize] = d;
        at[e as usize] += 1;
    }
    out
}
