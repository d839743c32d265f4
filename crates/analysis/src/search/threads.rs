//! The threads of one analysis: the main thread deepens and reports, helpers search the same
//! iteration beside it, and all share one transposition table (spec/analysis.md §11).
//!
//! **Simplified ABDADA** (Weill's ABDADA as Kerrigan simplified it): a thread about to search a
//! move other than the first of a node marks it in a small table of moves being searched; a
//! thread that finds the move marked puts it off to the end of the node's moves, by which time
//! the other thread has usually stored its result in the table. The threads so spread over a
//! node's moves instead of searching the same ones, which is what time to depth needs; and as
//! nothing is split or waited for, a thread never idles and the search is the sequential one
//! with another order of moves. A helper that finishes its iteration before the main thread
//! searches the next one; when the main thread moves to another iteration, every helper starts
//! it afresh with the main thread's order of the root moves, one already on it too: what the
//! helper searched is in the table, and a helper that went on in the order of the iteration
//! before spent itself on the move that was best there, with the full window, while the main
//! thread searched the new best move alone (spec/analysis.md §11).
//!
//! Every thread's values are the sequential search's: the table holds only scores that do not
//! depend on the path (one that depends on the convention is kept under a key of its own, by
//! the player endless play favours), each proved score is a fact of the game, and the
//! main thread alone reports. Estimates and the move chosen at a limit may vary from run to run
//! with more than one thread, as the order in which threads fill the table does.

use super::history::History;
use super::node::Searcher;
use super::root;
use super::{Analysis, Oracle, SearchOptions, Unfinished};
use crate::table::Table;
use crate::value::Convention;
use rules_core::{Interruptible, Position};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What every thread of an analysis watches, also from inside a long sowing.
#[derive(Default)]
pub(super) struct Signals {
    /// Stop every thread now: the main thread is done, or a limit was reached.
    pub stop: AtomicBool,
    /// The main thread's iteration ([`Phase`]), 0 before the first.
    pub phase: AtomicU64,
    /// The caller's stop ([`SearchOptions::stop`]).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Signals {
    /// Whether the caller asked the search to stop.
    pub fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

/// An iteration: its depth and the convention it searches under.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Phase {
    pub depth: u32,
    pub convention: Convention,
}

impl Phase {
    fn encode(self) -> u64 {
        u64::from(self.depth) << 1 | u64::from(self.convention == Convention::EndlessBest)
    }

    fn decode(x: u64) -> Option<Phase> {
        (x != 0).then_some(Phase {
            depth: (x >> 1) as u32,
            convention: if x & 1 == 1 {
                Convention::EndlessBest
            } else {
                Convention::EndlessWorst
            },
        })
    }
}

/// The state the threads of one analysis share.
pub(super) struct Shared<'a> {
    pub table: &'a Table,
    pub oracle: Option<&'a dyn Oracle>,
    pub signals: Arc<Signals>,
    /// Nodes visited by every thread (each adds its own every few nodes).
    pub nodes: AtomicU64,
    /// The moves being searched, with more than one thread.
    pub busy: Option<Busy>,
    pub deadline: Option<Instant>,
    pub node_limit: Option<u64>,
    /// The main thread's order of the root moves, best first after its last iteration.
    pub order: Mutex<Vec<usize>>,
    /// This analysis's epoch in the table's stamps ([`crate::table::stamp`]).
    pub epoch: u32,
    /// The history heuristic, one for every thread: they order moves alike.
    pub history: History,
    /// Threads searching.
    pub threads: usize,
}

impl<'a> Shared<'a> {
    /// What the `threads` threads of one analysis on `table` share, its limits counted from
    /// `start`.
    pub fn new(
        table: &'a Table,
        threads: usize,
        opts: &SearchOptions<'a>,
        start: Instant,
    ) -> Shared<'a> {
        Shared {
            table,
            oracle: opts.oracle,
            signals: Arc::new(Signals {
                cancel: opts.stop.cloned(),
                ..Signals::default()
            }),
            nodes: AtomicU64::new(0),
            busy: (threads > 1).then(Busy::new),
            deadline: opts.limits.time.map(|t| start + t),
            node_limit: opts.limits.nodes,
            order: Mutex::new(Vec::new()),
            epoch: table.new_epoch(),
            history: History::new(),
            threads,
        }
    }

    /// Runs `main` on this thread and `helper` on `threads - 1` threads beside it, and stops
    /// the helpers when `main` is done.
    pub fn run<T>(&self, threads: usize, helper: impl Fn() + Sync, main: impl FnOnce() -> T) -> T {
        std::thread::scope(|scope| {
            for _ in 1..threads {
                scope.spawn(&helper);
            }
            let result = main();
            self.signals.stop.store(true, Ordering::Relaxed);
            result
        })
    }

    /// The main thread's order of the root moves.
    pub fn root_order(&self) -> Vec<usize> {
        self.order
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// The main thread orders the root moves for its next iteration.
    pub fn set_root_order(&self, order: &[usize]) {
        if self.busy.is_some() {
            let mut o = self
                .order
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            o.clear();
            o.extend_from_slice(order);
        }
    }

    /// The main thread's iteration.
    pub fn phase(&self) -> Option<Phase> {
        Phase::decode(self.signals.phase.load(Ordering::Relaxed))
    }

    /// The main thread starts an iteration.
    pub fn publish(&self, p: Phase) {
        self.signals.phase.store(p.encode(), Ordering::Relaxed);
    }
}

/// The moves being searched, by a hash of (position, move): a fixed array of marks, each the
/// key of the move its thread is searching. Two moves may share a mark's place; then one is
/// not put off when it could have been, or is put off for nothing: never an error, as a put-off
/// move is still searched.
pub(super) struct Busy {
    marks: Box<[AtomicU64]>,
}

/// log2 of the places for marks.
const BUSY_BITS: u32 = 15;

impl Busy {
    fn new() -> Busy {
        Busy {
            marks: (0..1 << BUSY_BITS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// The mark of move `i` of the position of hash `key` (never 0).
    pub fn key(key: u64, i: usize) -> u64 {
        (key ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)).max(1)
    }

    fn place(&self, mark: u64) -> &AtomicU64 {
        &self.marks[(mark >> (64 - BUSY_BITS)) as usize]
    }

    /// Whether another thread is searching the move.
    pub fn taken(&self, mark: u64) -> bool {
        self.place(mark).load(Ordering::Relaxed) == mark
    }

    /// This thread searches the move.
    pub fn take(&self, mark: u64) {
        self.place(mark).store(mark, Ordering::Relaxed);
    }

    /// This thread is done with the move.
    pub fn give_back(&self, mark: u64) {
        let _ = self
            .place(mark)
            .compare_exchange(mark, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// One analysis with `threads` threads on `table`, of `pos` reached through `history` (the
/// positions before it in its game, each a repetition when a line comes back to it).
pub(super) fn analyse(
    table: &Table,
    threads: usize,
    pos: &Position,
    history: &[Position],
    opts: &SearchOptions<'_>,
) -> Result<Analysis, Unfinished> {
    let start = Instant::now();
    let shared = Shared::new(table, threads, opts, start);
    let result = shared.run(
        threads,
        || helper(&shared, pos, history, opts),
        || {
            let mut main = Searcher::new(&shared, pos.to_move());
            main.after(history);
            let result = root::deepen(&mut main, pos, opts, start);
            main.flush();
            result
        },
    );
    let nodes = shared.nodes.load(Ordering::Relaxed);
    let elapsed = start.elapsed();
    match result {
        Ok(mut a) => {
            a.nodes = nodes;
            a.threads = threads;
            a.elapsed = elapsed;
            Ok(a)
        }
        Err(at_root) => Err(Unfinished {
            nodes,
            elapsed,
            at_root,
        }),
    }
}

/// A helper thread: searches the main thread's iteration, or the next ones while the main
/// thread is still on it, until told to stop.
fn helper(shared: &Shared<'_>, pos: &Position, history: &[Position], opts: &SearchOptions<'_>) {
    // The root's moves: the main thread waits for none of this.
    let children = {
        let guard = Interruptible::new({
            let signals = shared.signals.clone();
            move || signals.stop.load(Ordering::Relaxed) || signals.cancelled()
        });
        let c = pos.legal_moves_with_positions();
        if guard.interrupted() {
            return;
        }
        c
    };
    let windows = root::Windows::of(opts, &children);
    let mut s = Searcher::new(shared, pos.to_move());
    s.after(history);
    // The iteration after the main thread's, once the helper has finished the main thread's
    // first: (the main thread's, the next).
    let mut ahead: Option<(Phase, Phase)> = None;
    while !shared.signals.stop.load(Ordering::Relaxed) {
        let Some(main) = shared.phase() else {
            std::thread::sleep(Duration::from_micros(50));
            continue;
        };
        let p = match ahead {
            Some((from, next)) if from == main => next,
            _ => main,
        };
        s.stopped = false;
        // The helper stops as soon as the main thread moves on from `main`.
        s.helper = Some(main);
        s.convention = p.convention;
        s.stamp = crate::table::stamp(shared.epoch, p.depth);
        let mut order = shared.root_order();
        if order.len() != children.len() {
            order = (0..children.len()).collect();
        }
        let done = root::iteration(&mut s, pos, &children, &order, p.depth, &windows);
        if done.is_none() {
            // Moved on by the main thread (or stopped): start its iteration, in its order.
            ahead = None;
        } else if p == main {
            ahead = Some((
                main,
                Phase {
                    depth: p.depth + 1,
                    ..p
                },
            ));
        } else {
            // Done with the iteration after the main thread's: further ahead would search what
            // it may never need. Wait for it to move on.
            s.flush();
            while shared.phase() == Some(main) && !shared.signals.stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_micros(100));
            }
        }
    }
    s.flush();
}
