//! One thread's search below the root: negamax alpha-beta with null windows, the table, the
//! leaves, and the limits checked as nodes are visited.

use super::threads::{Busy, Shared};
use crate::eval::{estimate, final_margin};
use crate::table::{self, Bound, Entry, PROVED};
use crate::value::{Convention, ENDLESS, INFINITY};
use rules_core::{Interruptible, Move, Player, Position};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// A position's score for its player to move.
#[derive(Copy, Clone, Debug)]
pub(super) struct Score {
    pub v: i32,
    pub proved: bool,
    /// The score depends on the path (a repetition below) or on the convention.
    pub tainted: bool,
    /// It depends on the path: a repetition below decided it. A score that depends on the
    /// convention alone (an endgame table's leaf whose two values differ) is kept in the table
    /// under the convention's key ([`Searcher::convention_key`]); one that depends on the path
    /// is never kept.
    pub path: bool,
}

impl std::ops::Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score { v: -self.v, ..self }
    }
}

/// What a stopped node returns: never stored, never reported.
pub(super) const STOPPED: Score = Score {
    v: 0,
    proved: false,
    tainted: true,
    path: true,
};

/// Nodes between two looks at the clock and the shared node count.
const POLL_NODES: u64 = 16;
/// Entries written into empty slots between two reports to the table.
const FILLS: u64 = 256;
/// The fewest plies left below a node for threads to share out its moves (below, a move is
/// cheaper to search twice than to mark).
const SHARE_DEPTH: u32 = 3;

/// One thread's searcher.
pub(super) struct Searcher<'s> {
    pub shared: &'s Shared<'s>,
    pub root_mover: Player,
    pub convention: Convention,
    /// The positions from the root to the current node, with their hashes.
    pub path: Vec<(u64, Position)>,
    /// Nodes this thread visited.
    pub nodes: u64,
    /// Nodes not yet added to the shared count.
    unflushed: u64,
    /// The shared count when this thread last added to it.
    seen: u64,
    fills: u64,
    /// This thread's search is to stop: a limit, the stop signal, a cut move generation, or
    /// (a helper) the main thread moved on.
    pub stopped: bool,
    /// A helper's: the main thread's iteration when the helper began its own; the helper
    /// stops when the main thread moves on from it (then starts the main thread's new one).
    pub helper: Option<super::threads::Phase>,
    /// The stamp of the iteration searched ([`table::stamp`]): estimates of the table serve
    /// only their own iteration.
    pub stamp: u32,
    /// Bound proofs (`bounds.rs`): positions whose value the settled seeds already bound
    /// ([`super::settled::interval`]) are proved leaves when the bound decides the window, and
    /// proved upper bounds are kept apart from the other entries of their position.
    pub settle: bool,
    interrupt: Interruptible,
}

/// Marks a key as that of a score depending on the convention, by the player whose best
/// outcome endless play is (A, B): odd constants, far from each other and from 0.
const CONVENTION_SALT: [u64; 2] = [0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f];

/// Marks the key of a proved upper bound in a bound proof: kept apart from the position's proved
/// lower bound, so that the tests on either side of the value do not overwrite each other's.
const UPPER_SALT: u64 = 0x2545_f491_4f6c_dd1d;

/// The key of `key`'s proved upper bound (bound proofs).
fn upper_key(key: u64) -> u64 {
    (key ^ UPPER_SALT).max(1)
}

impl<'s> Searcher<'s> {
    pub fn new(shared: &'s Shared<'s>, root_mover: Player) -> Searcher<'s> {
        let signals = shared.signals.clone();
        let deadline = shared.deadline;
        let interrupt = Interruptible::new(move || {
            signals.stop.load(Ordering::Relaxed)
                || signals.cancelled()
                || deadline.is_some_and(|d| Instant::now() >= d)
        });
        Searcher {
            shared,
            root_mover,
            convention: Convention::EndlessWorst,
            path: Vec::new(),
            nodes: 0,
            unflushed: 0,
            seen: 0,
            fills: 0,
            stopped: false,
            helper: None,
            stamp: 0,
            settle: false,
            interrupt,
        }
    }

    /// The positions of the game before the root, first on the path: a line that comes back to
    /// one of them repeats a position, as one that comes back to the path does.
    pub fn after(&mut self, history: &[Position]) {
        self.path
            .extend(history.iter().map(|p| (table::hash(p), *p)));
    }

    /// Adds what this thread counted to the shared counts.
    pub fn flush(&mut self) {
        self.seen = self
            .shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed)
            + self.unflushed;
        self.unflushed = 0;
        self.shared.table.filled(self.fills);
        self.fills = 0;
    }

    /// Stops this thread's search, and every thread's when it is the main one.
    fn stop(&mut self) {
        self.stopped = true;
        if self.helper.is_none() {
            self.shared.signals.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Counts a node about to be visited; whether the search is to stop instead.
    pub fn tick(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.shared.signals.stop.load(Ordering::Relaxed) {
            self.stopped = true;
            return true;
        }
        if self
            .shared
            .node_limit
            .is_some_and(|n| self.seen + self.unflushed >= n)
        {
            self.flush();
            if self.shared.node_limit.is_some_and(|n| self.seen >= n) {
                self.stop();
                return true;
            }
        }
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= POLL_NODES {
            self.flush();
            if self.shared.deadline.is_some_and(|d| Instant::now() >= d)
                || self.shared.signals.cancelled()
            {
                self.stop();
            } else if let Some(main) = self.helper
                && self.shared.phase() != Some(main)
            {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Whether a rules-core call since the last look was cut short: then the search stops.
    pub fn cut(&mut self) -> bool {
        if self.interrupt.interrupted() {
            self.stop();
        }
        self.stopped
    }

    /// Whether a rules-core call since the last look was cut short, without stopping the
    /// search (its result is to be thrown away).
    pub fn interrupted(&self) -> bool {
        self.interrupt.interrupted()
    }

    /// The legal moves, or `None` if their generation was cut short.
    pub fn moves(&mut self, pos: &Position) -> Option<Vec<(Move, Position)>> {
        let moves = pos.legal_moves_with_positions();
        (!self.cut()).then_some(moves)
    }

    /// The round's final margin, if it is over (`Err` if the question was cut short).
    pub fn final_margin(&mut self, pos: &Position) -> Result<Option<i32>, ()> {
        let m = final_margin(pos);
        if self.cut() { Err(()) } else { Ok(m) }
    }

    /// The score of a position the search does not expand: the end of the round, a repetition,
    /// the oracle.
    fn leaf(&mut self, pos: &Position, key: u64) -> Option<Score> {
        match self.final_margin(pos) {
            Err(()) => return Some(STOPPED),
            Ok(Some(m)) => {
                return Some(Score {
                    v: m,
                    proved: true,
                    tainted: false,
                    path: false,
                });
            }
            Ok(None) => {}
        }
        let mover_is_root = pos.to_move() == self.root_mover;
        if self.path.iter().any(|(k, p)| *k == key && p == pos) {
            return Some(Score {
                v: self.convention.endless_score(mover_is_root),
                proved: true,
                tainted: true,
                path: true,
            });
        }
        let values = self.shared.oracle?.probe(pos)?;
        let best_for_mover = mover_is_root == (self.convention == Convention::EndlessBest);
        Some(Score {
            v: if best_for_mover { values[0] } else { values[1] },
            proved: true,
            tainted: values[0] != values[1],
            path: false,
        })
    }

    /// The moves in the order to search them: the table's best move, then by the estimate
    /// after the move (best for the mover first: the moves that gain seeds), moves of equal
    /// estimate by their history (the cutoffs they made elsewhere).
    pub fn order(
        &self,
        pos: &Position,
        children: &[(Move, Position)],
        best: u8,
        depth: u32,
    ) -> Vec<usize> {
        let mut order: Vec<usize> = if depth >= 2 {
            let mover = pos.to_move();
            // A child's estimate is for its player to move, who is the mover again after a
            // repeat move. Each key ends with its move's index: sorted, they give the order of a
            // stable sort by estimate and history, in one list.
            let mut keyed: Vec<(i32, std::cmp::Reverse<u32>, usize)> = children
                .iter()
                .enumerate()
                .map(|(i, (m, c))| {
                    let e = estimate(c);
                    let h = self.shared.history.get(mover, m);
                    (
                        if c.to_move() == mover { -e } else { e },
                        std::cmp::Reverse(h),
                        i,
                    )
                })
                .collect();
            keyed.sort_unstable();
            // Collected in place: no second list.
            keyed.into_iter().map(|(_, _, i)| i).collect()
        } else {
            (0..children.len()).collect()
        };
        if let Some(pos) = order.iter().position(|&i| i == usize::from(best)) {
            order[..=pos].rotate_right(1);
        }
        order
    }

    /// The score of `child` for the player to move in `pos`, in the window (`alpha`, `beta`):
    /// negated when the turn passes, as it is when the mover moves again (a repeat move: G13,
    /// S10).
    pub fn child(
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

    /// A move after the first: a null window at `alpha`, searched again with the full window
    /// when it beats it.
    pub fn scout(
        &mut self,
        pos: &Position,
        child: &Position,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Score {
        let s = self.child(pos, child, depth, alpha, alpha + 1);
        if s.v > alpha && s.v < beta && !self.stopped {
            self.child(pos, child, depth, alpha, beta)
        } else {
            s
        }
    }

    /// The table's word on a node: a score it settles, or the best move to try first. An
    /// estimate settles a score only in the iteration that made it ([`table::stamp`]).
    fn probe(&self, key: u64, depth: u32, alpha: i32, beta: i32) -> (Option<Score>, u8) {
        let (settled, best) = self.probe_bounds(key, depth, alpha, beta);
        if settled.is_some() || self.shared.oracle.is_none() {
            return (settled, best);
        }
        // Below an endgame table, a score may depend on the convention alone: kept apart.
        let (settled, other) = self.probe_bounds(self.convention_key(key), depth, alpha, beta);
        let settled = settled.map(|s| Score { tainted: true, ..s });
        (settled, if best == u8::MAX { other } else { best })
    }

    /// [`Searcher::probe_key`], and in a bound proof the proved upper bound kept apart.
    fn probe_bounds(&self, key: u64, depth: u32, alpha: i32, beta: i32) -> (Option<Score>, u8) {
        let (settled, best) = self.probe_key(key, depth, alpha, beta);
        if settled.is_some() || !self.settle {
            return (settled, best);
        }
        let (upper, _) = self.probe_key(upper_key(key), depth, alpha, beta);
        (upper.filter(|s| s.proved), best)
    }

    /// In a bound proof, the score of a position whose settled seeds bound its value tightly
    /// enough to decide the window (`settled.rs`): a proved lower bound at or above `beta`, a
    /// proved upper bound at or below `alpha`, or the value itself.
    fn settled(pos: &Position, alpha: i32, beta: i32) -> Option<Score> {
        let (lo, hi) = super::settled::interval(pos)?;
        let v = if lo >= beta || lo == hi {
            lo
        } else if hi <= alpha {
            hi
        } else {
            return None;
        };
        Some(Score {
            v,
            proved: true,
            tainted: false,
            path: false,
        })
    }

    /// The key under which a score that depends on the convention (and not on the path) is
    /// kept: the position's key marked with the player whose best outcome endless play is
    /// (not the root's mover, so that a batch's analyses from either side share it).
    pub fn convention_key(&self, key: u64) -> u64 {
        let favoured = if self.convention == Convention::EndlessBest {
            self.root_mover
        } else {
            self.root_mover.other()
        };
        (key ^ CONVENTION_SALT[favoured.index()]).max(1)
    }

    /// [`Searcher::probe`] of one key.
    fn probe_key(&self, key: u64, depth: u32, alpha: i32, beta: i32) -> (Option<Score>, u8) {
        let Some(e) = self.shared.table.probe(key).filter(|e| e.key == key) else {
            return (None, u8::MAX);
        };
        if e.bound == Bound::None
            || (e.depth != PROVED && (u32::from(e.depth) < depth || e.stamp != self.stamp))
        {
            return (None, e.best);
        }
        let s = Score {
            v: i32::from(e.value),
            proved: e.depth == PROVED,
            tainted: false,
            path: false,
        };
        let usable = match e.bound {
            Bound::Exact => true,
            Bound::Lower => s.v >= beta,
            Bound::Upper => s.v <= alpha,
            Bound::None => false,
        };
        (usable.then_some(s), e.best)
    }

    pub fn node(&mut self, pos: &Position, depth: u32, alpha: i32, beta: i32) -> Score {
        // No score lies beyond endless play: a window outside it is settled without a search,
        // and a move that reaches its edge ends the node's search.
        let (alpha, beta) = (alpha.max(-ENDLESS), beta.min(ENDLESS));
        if alpha >= beta {
            return Score {
                v: if beta <= -ENDLESS { -ENDLESS } else { ENDLESS },
                proved: true,
                tainted: false,
                path: false,
            };
        }
        if self.tick() {
            return STOPPED;
        }
        let key = table::hash(pos);
        if let Some(s) = self.leaf(pos, key) {
            return s;
        }
        if self.settle
            && let Some(s) = Self::settled(pos, alpha, beta)
        {
            return s;
        }
        if depth == 0 {
            return Score {
                v: estimate(pos),
                proved: false,
                tainted: false,
                path: false,
            };
        }
        let (settled, best_move) = self.probe(key, depth, alpha, beta);
        if let Some(s) = settled {
            return s;
        }
        let Some(children) = self.moves(pos) else {
            return STOPPED;
        };
        let order = self.order(pos, &children, best_move, depth);
        self.path.push((key, *pos));
        let node = Node {
            pos,
            key,
            children: &children,
            depth,
        };
        let scan = self.moves_of(&node, &order, alpha, beta);
        self.path.pop();
        let best = scan.best;
        let best_index = scan.best_index;
        if self.stopped {
            return STOPPED;
        }
        if best.v >= beta {
            // A cutoff: the move is worth trying early elsewhere.
            self.shared
                .history
                .cutoff(pos.to_move(), &children[best_index].0, depth);
        }
        let bound = if best.path {
            Bound::None
        } else if best.v <= alpha {
            Bound::Upper
        } else if best.v >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let entry = Entry {
            key,
            value: i16::try_from(best.v).unwrap_or(0),
            depth: if best.proved {
                PROVED
            } else {
                u16::try_from(depth).unwrap_or(PROVED - 1)
            },
            bound,
            best: u8::try_from(best_index).unwrap_or(u8::MAX),
            stamp: self.stamp,
        };
        // A score that depends on the convention alone goes under the convention's key; the
        // position's own keeps its best move.
        let filled = if self.settle && best.proved && bound == Bound::Upper {
            self.store_upper(entry, best)
        } else if best.tainted && !best.path {
            let kept = self.shared.table.store(Entry {
                key: self.convention_key(key),
                ..entry
            });
            self.shared.table.store(Entry {
                bound: Bound::None,
                ..entry
            }) | kept
        } else {
            self.shared.table.store(entry)
        };
        if filled {
            self.fills += 1;
            if self.fills >= FILLS {
                self.flush();
            }
        }
        best
    }

    /// A bound proof's proved upper bound: under its own key (the convention's when it depends
    /// on it), the position's slot keeping the best move without displacing a proved value.
    fn store_upper(&self, entry: Entry, best: Score) -> bool {
        let base = if best.tainted {
            self.convention_key(entry.key)
        } else {
            entry.key
        };
        let kept = self.shared.table.store(Entry {
            key: upper_key(base),
            ..entry
        });
        self.shared.table.store(Entry {
            bound: Bound::None,
            depth: 0,
            ..entry
        }) | kept
    }

    /// The moves of a node in `order`, the first with the full window, the others with a null
    /// one; with threads, a move another thread is searching is put off to the end.
    fn moves_of(&mut self, n: &Node<'_>, order: &[usize], alpha: i32, beta: i32) -> Scan {
        let mut scan = Scan {
            alpha,
            beta,
            best: Score {
                v: -INFINITY,
                proved: true,
                tainted: false,
                path: false,
            },
            best_index: 0,
            searched: 0,
        };
        let shared = self.shared;
        let busy = shared.busy.as_ref().filter(|_| n.depth >= SHARE_DEPTH);
        let mut put_off: Vec<usize> = Vec::new();
        for &i in order {
            let child = &n.children[i].1;
            let s = match busy {
                Some(b) if scan.searched > 0 => {
                    let mark = Busy::key(n.key, i);
                    if b.taken(mark) {
                        put_off.push(i);
                        continue;
                    }
                    b.take(mark);
                    let s = self.scout(n.pos, child, n.depth - 1, scan.alpha, scan.beta);
                    b.give_back(mark);
                    s
                }
                _ if scan.searched == 0 => {
                    self.child(n.pos, child, n.depth - 1, scan.alpha, scan.beta)
                }
                _ => self.scout(n.pos, child, n.depth - 1, scan.alpha, scan.beta),
            };
            if scan.add(s, i) || self.stopped {
                return scan;
            }
        }
        for i in put_off {
            let child = &n.children[i].1;
            let s = self.scout(n.pos, child, n.depth - 1, scan.alpha, scan.beta);
            if scan.add(s, i) || self.stopped {
                break;
            }
        }
        scan
    }
}

/// A node being expanded.
struct Node<'a> {
    pos: &'a Position,
    key: u64,
    children: &'a [(Move, Position)],
    depth: u32,
}

/// The moves of a node searched so far.
pub(super) struct Scan {
    pub alpha: i32,
    pub beta: i32,
    pub best: Score,
    pub best_index: usize,
    pub searched: usize,
}

impl Scan {
    /// Takes the score of move `i`; whether it cuts the node off.
    ///
    /// A cutoff makes the node's score this move's: a lower bound, proved (and free of the
    /// path) when this move's score is, whatever the moves before it were (they only bound the
    /// node from below by less). Without a cutoff the score is the best of all the moves, an
    /// upper bound or exact, proved only when every move's is.
    pub fn add(&mut self, s: Score, i: usize) -> bool {
        self.searched += 1;
        if s.v >= self.beta {
            self.best = s;
            self.best_index = i;
            self.alpha = s.v;
            return true;
        }
        self.best.proved &= s.proved;
        self.best.tainted |= s.tainted;
        self.best.path |= s.path;
        if s.v > self.best.v {
            self.best.v = s.v;
            self.best_index = i;
        }
        self.alpha = self.alpha.max(s.v);
        self.alpha >= self.beta
    }
}
