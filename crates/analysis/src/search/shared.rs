//! What the threads of one analysis share ([`Shared`]): the table, the signals that stop them
//! and name the main thread's iteration ([`Phase`]), the limits, the root order, the history
//! heuristic, and the marks of the moves being searched ([`Busy`], simplified ABDADA: see
//! `threads.rs`). Below the searcher (`node.rs`), the root (`root.rs`) and the threads
//! (`threads.rs`), which all read it.

use super::history::History;
use super::{Oracle, SearchOptions};
use crate::table::Table;
use crate::value::Convention;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
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
    /// Where idle helpers wait for the main thread's next iteration or the stop, woken when
    /// either comes. (They slept 50 µs at a time: 255 helpers waking 5 million times a second
    /// starved the main thread on 2 cores, and `--threads 256 --time 1s` took 4.5 s.)
    wake: Mutex<()>,
    woken: Condvar,
}

/// The longest an idle helper sleeps before it looks again (it is woken before, as a rule).
const IDLE: Duration = Duration::from_millis(20);

impl Signals {
    /// Whether the caller asked the search to stop.
    pub fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Stops every thread, and wakes those that wait.
    pub fn halt(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wake_all();
    }

    fn wake_all(&self) {
        let _held = self
            .wake
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        self.woken.notify_all();
    }

    /// Waits while `still` holds and nothing stops the analysis; past `deadline`, stops every
    /// thread (an idle helper keeps the time limit as a searching thread does).
    pub fn idle(&self, deadline: Option<Instant>, still: impl Fn() -> bool) {
        let mut held = self
            .wake
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        while still() && !self.stop.load(Ordering::Relaxed) {
            let now = Instant::now();
            let wait = match deadline {
                Some(d) if now >= d => {
                    drop(held);
                    self.halt();
                    return;
                }
                Some(d) => (d - now).min(IDLE),
                None => IDLE,
            };
            held = self
                .woken
                .wait_timeout(held, wait)
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .0;
        }
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
    /// the helpers when `main` is done; returns what `main` returned and the threads that
    /// searched. Helpers are started within the time limit: none once it has passed, and one
    /// the system will not start leaves the search to the others.
    pub fn run<T>(
        &self,
        threads: usize,
        helper: impl Fn() + Sync,
        main: impl FnOnce() -> T,
    ) -> (T, usize) {
        std::thread::scope(|scope| {
            let mut started = 1;
            for _ in 1..threads {
                if self.deadline.is_some_and(|d| Instant::now() >= d) {
                    break;
                }
                if std::thread::Builder::new()
                    .spawn_scoped(scope, &helper)
                    .is_ok()
                {
                    started += 1;
                }
            }
            let result = main();
            self.signals.halt();
            (result, started)
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
        self.signals.wake_all();
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
