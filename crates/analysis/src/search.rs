//! `analyse`: iterative-deepening principal-variation search (negamax, alpha-beta with null
//! windows) with a transposition table, over the legal moves of `rules-core`
//! (spec/analysis.md §2).
//!
//! * A score is the final margin for the player to move ([`crate::value`]); where a line stops
//!   before the round ends, [`crate::eval::estimate`] stands in and the score is not proved.
//! * A node is **proved** when every leaf below it that decided its score was the end of the
//!   round, a solved database or a repetition: a proved root value is exact.
//! * A position that repeats one on the path from the root is endless play, scored by the
//!   [`Convention`]. Scores that depend on the path that way are never stored in the table; a
//!   root that met one is searched again under the other convention, and its value is exact
//!   only when both agree.

use crate::eval::{estimate, final_margin};
use crate::table::{self, Bound, Entry, PROVED, Table};
use crate::value::{Convention, INFINITY, Outcome};
use rules_core::{Move, Player, Position};
use serde::Serialize;
use std::time::{Duration, Instant};

/// The deepest iteration: far beyond any round's length on a line that does not repeat.
pub const MAX_DEPTH: u32 = 1000;

/// When to stop deepening. The first iteration (depth 1) always completes.
#[derive(Copy, Clone, Debug, Default)]
pub struct Limits {
    /// The last depth to search, in plies.
    pub depth: Option<u32>,
    /// Time for the whole analysis.
    pub time: Option<Duration>,
    /// Positions to visit, at most (roughly: the limit is checked every 1024).
    pub nodes: Option<u64>,
}

/// Exact values a solved database knows: for the player to move, the final margin with endless
/// play scored as his best outcome and as his worst (`±ENDLESS` for endless play).
pub trait Oracle {
    /// The position's values, if the database holds it.
    fn probe(&self, pos: &Position) -> Option<[i32; 2]>;
}

/// How to analyse.
#[derive(Copy, Clone)]
pub struct SearchOptions<'a> {
    pub limits: Limits,
    /// How many best moves to give lines for (`--multipv`).
    pub multipv: usize,
    /// The transposition table's size.
    pub hash_bytes: usize,
    /// A solved database to consult.
    pub oracle: Option<&'a dyn Oracle>,
}

impl Default for SearchOptions<'_> {
    fn default() -> Self {
        SearchOptions {
            limits: Limits::default(),
            multipv: 1,
            hash_bytes: 16 << 20,
            oracle: None,
        }
    }
}

/// One line of play from the root, best first.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    /// The moves, from the root's player to move; the first is the move the line is about.
    pub moves: Vec<Move>,
    /// The root's value after the first move, endless play scored as the best outcome for the
    /// root's player to move.
    pub value: Outcome,
    /// The same with endless play scored as his worst outcome; equal to `value` when no
    /// endless play was met.
    pub worst: Outcome,
    /// Whether both values are proved and equal.
    pub exact: bool,
}

/// The result of an analysis.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The best lines (at most `multipv`), best first; empty when the round is over.
    pub lines: Vec<Line>,
    /// The position's value, endless play scored as the best outcome for the player to move.
    pub value: Outcome,
    /// The same, endless play scored as his worst outcome.
    pub worst: Outcome,
    /// Whether the value is exact: proved, and the same under both conventions.
    pub exact: bool,
    /// Whether the values under both conventions are proved (they may differ).
    pub proved: bool,
    /// Whether a line met endless play (a repeated position).
    pub endless_met: bool,
    /// The depth of the last iteration completed, in plies.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Time taken.
    #[serde(serialize_with = "seconds")]
    pub elapsed: Duration,
}

fn seconds<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

impl Analysis {
    /// Positions visited per second.
    #[must_use]
    pub fn nodes_per_second(&self) -> f64 {
        let t = self.elapsed.as_secs_f64();
        if t > 0.0 { self.nodes as f64 / t } else { 0.0 }
    }
}

#[derive(Copy, Clone, Debug)]
struct Score {
    v: i32,
    proved: bool,
    /// The score depends on the path (a repetition below) or on the convention.
    tainted: bool,
}

impl std::ops::Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score { v: -self.v, ..self }
    }
}

/// A root move's score in one iteration.
#[derive(Copy, Clone, Debug)]
struct RootScore {
    index: usize,
    score: Score,
}

struct Searcher<'a> {
    table: Table,
    oracle: Option<&'a dyn Oracle>,
    root_mover: Player,
    convention: Convention,
    /// The positions from the root to the current node, with their hashes.
    path: Vec<(u64, Position)>,
    nodes: u64,
    stopped: bool,
    limits_on: bool,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
}

impl Searcher<'_> {
    fn check_limits(&mut self) {
        if !self.limits_on {
            return;
        }
        if self.node_limit.is_some_and(|n| self.nodes >= n)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.stopped = true;
        }
    }

    /// The score of a position the search does not expand: the end of the round, a repetition,
    /// the oracle.
    fn leaf(&self, pos: &Position, key: u64) -> Option<Score> {
        if let Some(m) = final_margin(pos) {
            return Some(Score {
                v: m,
                proved: true,
                tainted: false,
            });
        }
        let mover_is_root = pos.to_move() == self.root_mover;
        if self.path.iter().any(|(k, p)| *k == key && p == pos) {
            return Some(Score {
                v: self.convention.endless_score(mover_is_root),
                proved: true,
                tainted: true,
            });
        }
        let values = self.oracle?.probe(pos)?;
        let best_for_mover = mover_is_root == (self.convention == Convention::EndlessBest);
        Some(Score {
            v: if best_for_mover { values[0] } else { values[1] },
            proved: true,
            tainted: values[0] != values[1],
        })
    }

    /// The moves in the order to search them: the table's best move, then by the estimate
    /// after the move (best for the mover first).
    fn order(pos: &Position, children: &[(Move, Position)], best: u8, depth: u32) -> Vec<usize> {
        let mut order: Vec<usize> = (0..children.len()).collect();
        if depth >= 2 {
            // A child's estimate is for its player to move, who is the mover again after a
            // repeat move.
            let keys: Vec<i32> = children
                .iter()
                .map(|(_, c)| {
                    let e = estimate(c);
                    if c.to_move() == pos.to_move() { -e } else { e }
                })
                .collect();
            order.sort_by_key(|&i| keys[i]);
        }
        if let Some(pos) = order.iter().position(|&i| i == usize::from(best)) {
            let b = order.remove(pos);
            order.insert(0, b);
        }
        order
    }

    /// The score of `child` for the player to move in `pos`, in the window (`alpha`, `beta`):
    /// negated when the turn passes, as it is when the mover moves again (a repeat move: G13,
    /// S10).
    fn child(
        &mut self,
        pos: &Position,
        child: &Position,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Score {
        if child.to_move() == pos.to_move() {
            self.node(child, depth, alpha, beta)
        } else {
            -self.node(child, depth, -beta, -alpha)
        }
    }

    fn node(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32) -> Score {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) {
            self.check_limits();
        }
        let key = table::hash(pos);
        if self.stopped {
            return Score {
                v: 0,
                proved: false,
                tainted: true,
            };
        }
        if let Some(s) = self.leaf(pos, key) {
            return s;
        }
        if depth == 0 {
            return Score {
                v: estimate(pos),
                proved: false,
                tainted: false,
            };
        }
        let mut best_move = u8::MAX;
        if let Some(e) = self.table.probe(key) {
            best_move = e.best;
            if e.bound != Bound::None && (e.depth == PROVED || u32::from(e.depth) >= depth) {
                let s = Score {
                    v: i32::from(e.value),
                    proved: e.depth == PROVED,
                    tainted: false,
                };
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s.v >= beta,
                    Bound::Upper => s.v <= alpha,
                    Bound::None => false,
                };
                if usable {
                    return s;
                }
            }
        }
        let children = pos.legal_moves_with_positions();
        let order = Self::order(pos, &children, best_move, depth);
        self.path.push((key, *pos));
        let alpha0 = alpha;
        let mut best = Score {
            v: -INFINITY,
            proved: true,
            tainted: false,
        };
        let mut best_index = 0;
        for (n, &i) in order.iter().enumerate() {
            let child = &children[i].1;
            let mut s = if n == 0 {
                self.child(pos, child, depth - 1, alpha, beta)
            } else {
                self.child(pos, child, depth - 1, alpha, alpha + 1)
            };
            if n > 0 && s.v > alpha && s.v < beta && !self.stopped {
                s = self.child(pos, child, depth - 1, alpha, beta);
            }
            best.proved &= s.proved;
            best.tainted |= s.tainted;
            if s.v > best.v {
                best.v = s.v;
                best_index = i;
            }
            alpha = alpha.max(s.v);
            if alpha >= beta {
                break;
            }
        }
        self.path.pop();
        if self.stopped {
            best.tainted = true;
            return best;
        }
        let bound = if best.tainted {
            Bound::None
        } else if best.v <= alpha0 {
            Bound::Upper
        } else if best.v >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(Entry {
            key,
            value: i16::try_from(best.v).unwrap_or(0),
            depth: if best.proved {
                PROVED
            } else {
                u16::try_from(depth).unwrap_or(PROVED - 1)
            },
            bound,
            best: u8::try_from(best_index).unwrap_or(u8::MAX),
        });
        best
    }

    /// One iteration at the root: every move, the first `full` of `order` with a full window and
    /// the others with a null window at the `full`-th best score so far (re-searched when they
    /// beat it). `None` when a limit stopped it.
    fn root(
        &mut self,
        root: &Position,
        children: &[(Move, Position)],
        order: &[usize],
        depth: u32,
        full: usize,
    ) -> Option<Vec<RootScore>> {
        self.path.push((table::hash(root), *root));
        let mut scores: Vec<RootScore> = Vec::with_capacity(order.len());
        for &i in order {
            let child = &children[i].1;
            let score = if scores.len() < full {
                self.child(root, child, depth - 1, -INFINITY, INFINITY)
            } else {
                let mut vs: Vec<i32> = scores.iter().map(|r| r.score.v).collect();
                vs.sort_unstable_by(|a, b| b.cmp(a));
                let alpha = vs[full - 1];
                let s = self.child(root, child, depth - 1, alpha, alpha + 1);
                if s.v > alpha && !self.stopped {
                    self.child(root, child, depth - 1, alpha, INFINITY)
                } else {
                    s
                }
            };
            if self.stopped {
                break;
            }
            scores.push(RootScore { index: i, score });
        }
        self.path.pop();
        if self.stopped {
            return None;
        }
        // Best first; equal scores keep the search order (the previous iteration's).
        scores.sort_by_key(|r| std::cmp::Reverse(r.score.v));
        Some(scores)
    }

    /// The line from `child` on, following the table's best moves while they stay off the path.
    fn principal_line(&self, first: Move, child: &Position, depth: u32) -> Vec<Move> {
        let mut line = vec![first];
        let mut seen = vec![table::hash(child)];
        let mut pos = *child;
        while line.len() < depth as usize {
            let Some(e) = self.table.probe(table::hash(&pos)) else {
                break;
            };
            let moves = pos.legal_moves_with_positions();
            let Some((m, next)) = moves.get(usize::from(e.best)) else {
                break;
            };
            let h = table::hash(next);
            if seen.contains(&h) {
                break;
            }
            seen.push(h);
            line.push(*m);
            pos = *next;
        }
        line
    }
}

/// Analyses `pos`: its value and its best lines, deepening until the value is proved or a limit
/// is reached.
#[must_use]
pub fn analyse(pos: &Position, opts: &SearchOptions<'_>) -> Analysis {
    let start = Instant::now();
    if let Some(m) = final_margin(pos) {
        return Analysis {
            lines: Vec::new(),
            value: Outcome::Seeds(m),
            worst: Outcome::Seeds(m),
            exact: true,
            proved: true,
            endless_met: false,
            depth: 0,
            nodes: 1,
            elapsed: start.elapsed(),
        };
    }
    let mut s = Searcher {
        table: Table::new(opts.hash_bytes),
        oracle: opts.oracle,
        root_mover: pos.to_move(),
        convention: Convention::EndlessBest,
        path: Vec::new(),
        nodes: 0,
        stopped: false,
        limits_on: false,
        deadline: opts.limits.time.map(|t| start + t),
        node_limit: opts.limits.nodes,
    };
    let children = pos.legal_moves_with_positions();
    let multipv = opts.multipv.clamp(1, children.len());
    let max_depth = opts.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut order: Vec<usize> = (0..children.len()).collect();
    let mut done: Option<(u32, Vec<RootScore>, Option<Vec<RootScore>>)> = None;
    for depth in 1..=max_depth {
        s.limits_on = depth > 1;
        s.convention = Convention::EndlessBest;
        let Some(best) = s.root(pos, &children, &order, depth, multipv) else {
            break;
        };
        let worst = if best.iter().any(|r| r.score.tainted) {
            s.convention = Convention::EndlessWorst;
            let all: Vec<usize> = best.iter().map(|r| r.index).collect();
            match s.root(pos, &children, &all, depth, all.len()) {
                Some(w) => Some(w),
                None => break,
            }
        } else {
            None
        };
        order = best.iter().map(|r| r.index).collect();
        let proved = best.iter().all(|r| r.score.proved)
            && worst
                .as_ref()
                .is_none_or(|w| w.iter().all(|r| r.score.proved));
        done = Some((depth, best, worst));
        if proved {
            break;
        }
    }
    let (depth, best, worst) = done.expect("the first iteration always completes");
    report(
        &s,
        &children,
        depth,
        &best,
        worst.as_deref(),
        multipv,
        start,
    )
}

/// The analysis of the last completed iteration.
fn report(
    s: &Searcher<'_>,
    children: &[(Move, Position)],
    depth: u32,
    best: &[RootScore],
    worst: Option<&[RootScore]>,
    multipv: usize,
    start: Instant,
) -> Analysis {
    let worst_of = |index: usize| -> Score {
        worst
            .and_then(|w| w.iter().find(|r| r.index == index))
            .map_or_else(
                || best.iter().find(|r| r.index == index).map(|r| r.score),
                |r| Some(r.score),
            )
            .expect("every root move has a score")
    };
    let lines: Vec<Line> = best
        .iter()
        .take(multipv)
        .map(|r| {
            let w = worst_of(r.index);
            let (m, child) = &children[r.index];
            Line {
                moves: s.principal_line(*m, child, depth),
                value: Outcome::from_score(r.score.v),
                worst: Outcome::from_score(w.v),
                exact: r.score.proved && w.proved && r.score.v == w.v,
            }
        })
        .collect();
    let worst_value = worst.map_or(best[0].score.v, |w| w[0].score.v);
    let proved = best.iter().all(|r| r.score.proved)
        && worst.is_none_or(|w| w.iter().all(|r| r.score.proved));
    Analysis {
        value: Outcome::from_score(best[0].score.v),
        worst: Outcome::from_score(worst_value),
        exact: proved && best[0].score.v == worst_value,
        proved,
        endless_met: worst.is_some(),
        lines,
        depth,
        nodes: s.nodes,
        elapsed: start.elapsed(),
    }
}
