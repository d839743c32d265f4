//! Bound proofs (`mancala analyse --bounds`, spec/analysis.md §2): null-window searches that
//! each ask one question, "is the value at least `t`?", and prove the answer where they can.
//!
//! * **Tests.** A test is the search of the root with the window (`t - 1`, `t`). Its answer is a
//!   bound: at least its score when it reaches `t`, at most it when not. It is **proved** when
//!   every leaf that decided it was proved: the end of the round, a solved database or endgame
//!   table, or (only here) a position whose settled seeds already decide the question
//!   ([`super::settled::interval`]: Uugg with an uugg on the board, where every line ends). A
//!   proved bound needs only the leaves on one side of the question settled, which an exact
//!   value (every leaf of a full window) does not give.
//! * **Conventions.** Tests are searched with endless play counted as the root mover's worst
//!   outcome: a proved "at least" then holds whichever way endless play is counted. A proved "at
//!   most" holds under both when no line met endless play; otherwise the test is searched again
//!   with endless play his best outcome, and its "at most" is proved there or not at all. So a
//!   proved lower bound says the mover can make the round **end** with at least that margin, a
//!   proved upper bound that his opponent can make it end with at most that; the value is exact
//!   when they meet.
//! * **Order of tests.** Iterative deepening; at each depth, MTD(f) (Plaat et al., 1996) from
//!   the last depth's value: tests at the guess until a test reaching it and one falling short
//!   of one more meet, which gives the depth's estimate and tries to prove both bounds at it. Then,
//!   while the proved bounds are apart, one test on each side halfway between the estimate and
//!   the proved bound (or, while none is proved, the game's seeds: no margin is larger): a bound
//!   further from the estimate needs fewer leaves settled, and each one proved halves the gap.
//! * **The table** keeps every proved bound free of the path, for every later test and depth
//!   (an upper bound under a key of its own, so that the two sides of a question do not overwrite
//!   each other); estimates serve only their own depth, as in the search.
//! * **Threads** search each test together (helpers start the main thread's test and stop when
//!   it moves to the next), sharing the table and the marks of moves being searched (§11).

use super::node::{Score, Searcher};
use super::threads::{Phase, Shared};
use super::{MAX_DEPTH, SearchOptions, Unfinished};
use crate::table::{self, Table};
use crate::value::{Convention, ENDLESS, INFINITY};
use rules_core::{Move, Position};
use serde::Serialize;
use std::sync::Mutex;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The most tests of one MTD(f) round: its bounds meet long before, unless the table's proved
/// bounds and estimates of the depth disagree (then the last test's score is the estimate).
const MTD_TESTS: u32 = 24;

/// What a bound proof established about the value of a position for its player to move.
#[derive(Clone, Debug, Serialize)]
pub struct Bounds {
    /// Proved: he can make the round end with at least this margin, whichever way endless play
    /// is counted.
    pub lower: Option<i32>,
    /// Proved: his opponent can make the round end with at most this margin for him.
    pub upper: Option<i32>,
    /// The bounds meet: the value is exact (both conventions).
    pub exact: bool,
    /// The value at the last depth completed, leaves past it estimated (§2).
    pub estimate: Option<i32>,
    /// The last depth completed, in plies (0: none).
    pub depth: u32,
    /// The table's best move at the root, if it knows one.
    pub best: Option<Move>,
    /// Null-window tests completed.
    pub tests: u32,
    /// Whether a test met endless play (a repeated position, or an endgame table's leaf whose
    /// value depends on it).
    pub endless_met: bool,
    /// Positions visited, by every thread.
    pub nodes: u64,
    /// Threads that searched.
    pub threads: usize,
    /// Time taken.
    #[serde(rename = "seconds", serialize_with = "super::seconds")]
    pub elapsed: Duration,
}

/// One test: its number (from 1), depth, convention and the value asked about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Test {
    serial: u32,
    depth: u32,
    convention: Convention,
    beta: i32,
}

impl Test {
    /// The phase the helpers watch: a later test is never compatible with an earlier one.
    fn phase(self) -> Phase {
        Phase {
            depth: self.serial,
            convention: self.convention,
        }
    }
}

/// The main thread's state between tests.
struct Prover<'a, 's> {
    s: &'a mut Searcher<'s>,
    pos: &'a Position,
    current: &'a Mutex<Option<Test>>,
    serial: u32,
    tests: u32,
    lower: Option<i32>,
    upper: Option<i32>,
    endless_met: bool,
    /// The next widening tests' values, below and above the estimate ([`Prover::widen`]).
    targets: (Option<i32>, Option<i32>),
    /// The table's best move at the root after the last test, by its index.
    best: Option<usize>,
}

impl Prover<'_, '_> {
    fn exact(&self) -> bool {
        matches!((self.lower, self.upper), (Some(l), Some(u)) if l >= u)
    }

    /// Searches one test; `None` when a limit stopped it.
    fn test(&mut self, depth: u32, beta: i32, convention: Convention) -> Option<Score> {
        self.serial += 1;
        let t = Test {
            serial: self.serial,
            depth,
            convention,
            beta,
        };
        self.s.convention = convention;
        self.s.stamp = table::stamp(self.s.shared.epoch, depth);
        *self
            .current
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(t);
        self.s.shared.publish(t.phase());
        let r = self.s.node(self.pos, depth, beta - 1, beta);
        if self.s.stopped {
            return None;
        }
        self.tests += 1;
        if let Some(e) = self.s.shared.table.probe(table::hash(self.pos))
            && e.best != u8::MAX
        {
            self.best = Some(usize::from(e.best));
        }
        Some(r)
    }

    /// Whether the value is at least `t` at `depth`: the test's score (a bound at this depth),
    /// and the proved bounds it gives.
    fn ask(&mut self, depth: u32, t: i32) -> Option<Score> {
        let r = self.test(depth, t, Convention::EndlessWorst)?;
        self.endless_met |= r.tainted;
        if r.proved && r.v.abs() < ENDLESS {
            if r.v >= t {
                self.lower = Some(self.lower.map_or(r.v, |l| l.max(r.v)));
            } else if !r.tainted {
                self.upper = Some(self.upper.map_or(r.v, |u| u.min(r.v)));
            }
        }
        if r.proved && r.v < t && r.tainted {
            // Endless play was met: an "at most" holds for both conventions only where it is
            // his best outcome.
            let b = self.test(depth, t, Convention::EndlessBest)?;
            if b.proved && b.v < t && b.v.abs() < ENDLESS {
                self.upper = Some(self.upper.map_or(b.v, |u| u.min(b.v)));
            }
        }
        Some(r)
    }

    /// MTD(f) at `depth` from `guess`: the depth's value.
    fn mtd(&mut self, depth: u32, guess: i32) -> Option<i32> {
        let (mut lb, mut ub) = (-INFINITY, INFINITY);
        let mut g = guess;
        for _ in 0..MTD_TESTS {
            let beta = g.max(lb + 1);
            let r = self.ask(depth, beta)?;
            g = r.v;
            if r.v >= beta {
                lb = lb.max(r.v);
            } else {
                ub = ub.min(r.v);
            }
            if lb >= ub || self.exact() {
                break;
            }
        }
        Some(g)
    }

    /// One test on each side of `estimate` that the proved bounds leave open: at the side's
    /// target, halfway between the estimate and the bound proved (`±seeds`, no margin being
    /// larger, while none is). A test that proves nothing moves its side's target halfway out to
    /// the proved bound (an easier question for the next depth); one that proves a bound moves
    /// it back halfway to the estimate.
    fn widen(&mut self, depth: u32, estimate: i32, seeds: i32) -> Option<()> {
        if estimate.abs() >= ENDLESS {
            return Some(());
        }
        let l = self.lower.unwrap_or(-seeds).min(estimate);
        let below = self
            .targets
            .0
            .filter(|&t| t > l && t < estimate)
            .unwrap_or(l + (estimate - l + 1) / 2);
        if below > l && below < estimate && !self.exact() {
            self.ask(depth, below)?;
            let proved = self.lower.is_some_and(|p| p >= below);
            self.targets.0 = (!proved).then(|| l + (below - l + 1) / 2);
        }
        let u = self.upper.unwrap_or(seeds).max(estimate);
        let above = self
            .targets
            .1
            .filter(|&t| t < u && t > estimate)
            .unwrap_or(u - (u - estimate + 1) / 2);
        if above < u && above > estimate && !self.exact() {
            // "At most `above`" is "not at least `above + 1`".
            self.ask(depth, above + 1)?;
            let proved = self.upper.is_some_and(|p| p <= above);
            self.targets.1 = (!proved).then(|| u - (u - above + 1) / 2);
        }
        Some(())
    }
}

/// A bound proof of `pos` with `threads` threads on `table` (see the module's text).
pub(super) fn prove(
    table: &Table,
    threads: usize,
    pos: &Position,
    opts: &SearchOptions<'_>,
) -> Result<Bounds, Unfinished> {
    let start = Instant::now();
    let shared = Shared::new(table, threads, opts, start);
    let current = Mutex::new(None);
    let result = shared.run(
        threads,
        || helper(&shared, pos, &current),
        || {
            let mut main = Searcher::new(&shared, pos.to_move());
            main.settle = true;
            let result = deepen(&mut main, pos, opts, &current);
            main.flush();
            result
        },
    );
    let nodes = shared.nodes.load(Ordering::Relaxed);
    let elapsed = start.elapsed();
    match result {
        Some(b) => Ok(Bounds {
            nodes,
            threads,
            elapsed,
            ..b
        }),
        None => Err(Unfinished {
            nodes,
            elapsed,
            at_root: true,
        }),
    }
}

/// Deepens until the bounds meet, a limit or the depth limit; `None` when the root's moves were
/// not known.
fn deepen(
    s: &mut Searcher<'_>,
    pos: &Position,
    opts: &SearchOptions<'_>,
    current: &Mutex<Option<Test>>,
) -> Option<Bounds> {
    let mut b = Bounds {
        lower: None,
        upper: None,
        exact: false,
        estimate: None,
        depth: 0,
        best: None,
        tests: 0,
        endless_met: false,
        nodes: 0,
        threads: 1,
        elapsed: Duration::ZERO,
    };
    match s.final_margin(pos) {
        Err(()) => return None,
        Ok(Some(m)) => {
            return Some(Bounds {
                lower: Some(m),
                upper: Some(m),
                exact: true,
                estimate: Some(m),
                ..b
            });
        }
        Ok(None) => {}
    }
    let children = s.moves(pos)?;
    let max_depth = opts.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut p = Prover {
        s,
        pos,
        current,
        serial: 0,
        tests: 0,
        lower: None,
        upper: None,
        endless_met: false,
        targets: (None, None),
        best: None,
    };
    let mut guess = crate::eval::estimate(pos);
    // No margin is larger than every seed of the game.
    let seeds = i32::try_from(pos.variant().total_seeds()).unwrap_or(i32::MAX / 4);
    for depth in 1..=max_depth {
        let Some(f) = p.mtd(depth, guess) else {
            break;
        };
        if p.widen(depth, f, seeds).is_none() {
            break;
        }
        guess = f;
        b.estimate = Some(f);
        b.depth = depth;
        if p.exact() {
            break;
        }
    }
    b.best = p.best.and_then(|i| children.get(i)).map(|(m, _)| *m);
    b.lower = p.lower;
    b.upper = p.upper;
    b.exact = p.exact();
    if b.exact {
        b.estimate = p.lower;
    }
    b.tests = p.tests;
    b.endless_met = p.endless_met;
    Some(b)
}

/// A helper: searches the main thread's test, until told to stop.
fn helper(shared: &Shared<'_>, pos: &Position, current: &Mutex<Option<Test>>) {
    let mut s = Searcher::new(shared, pos.to_move());
    s.settle = true;
    let mut done: Option<Test> = None;
    while !shared.signals.stop.load(Ordering::Relaxed) {
        let t = *current
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let Some(t) = t.filter(|t| Some(*t) != done) else {
            std::thread::sleep(Duration::from_micros(50));
            continue;
        };
        s.stopped = false;
        s.helper = Some(t.phase());
        s.convention = t.convention;
        s.stamp = table::stamp(shared.epoch, t.depth);
        s.node(pos, t.depth, t.beta - 1, t.beta);
        done = Some(t);
    }
    s.flush();
}
