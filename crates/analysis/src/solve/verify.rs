//! The check of solved values that trusts nothing but the rules (spec/analysis.md §4.1): what a
//! database or a solve's journal says is believed only where the moves prove it.
//!
//! A pair of slices is checked given the values of the pairs before it (themselves checked
//! first), in two passes:
//!
//! 1. **Consistency.** Every board's moves are made again (the solver's moves, held to the rules
//!    core by `tests/analysis/solve.rs`) and each child's stored values looked up: the board's
//!    `best` must be the best over its moves of the seeds captured less the child's `worst` (the
//!    turn passes: B12, B5), its `worst` the best of the seeds captured less the child's `best`,
//!    endless play (±127) turned round likewise, and a board whose round is over must hold its
//!    margin (B13). A move that leaves the pair must lead to a slice solved before it (the order
//!    of §3.2), and every child must be held.
//! 2. **Forcing.** Consistency alone allows wrong values where play can go round: two boards that
//!    lead to each other can claim any value that each other's claim supports. The values the
//!    solver computes are, of all consistent ones, those where a finite value is *forced*: the
//!    player it is bad for can make play leave the pair (or end the round) with it. So each
//!    finite value must be shown forced, as the solver's thresholds found it, without thresholds:
//!    a (board, best) node whose every move stays in the pair is forced once every child it
//!    leads to is; a (board, worst) node once one move gives its value by leaving the pair, or
//!    leads to a child forced at that value; the round's end is forced. What is forced is passed
//!    to its parents, found by unmaking moves. A finite value that is never forced is reported.
//!
//! Consistent and forced, every value of a pair is the one the retrograde analysis defines: the
//! argument is in spec/analysis.md §4.1.

use super::board::{Board, Shape, Step};
use super::catalog::Catalog;
use super::index::SliceId;
use super::reach::place;
use super::retro::{ENDLESS, Solved};
use super::{Bitmap, SolveError, vec_of};

/// What is wrong with one stored board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Its values are not what its moves give from its children's stored values.
    Inconsistent {
        /// `[best, worst]` as stored.
        stored: [i8; 2],
        /// `[best, worst]` as its moves give them.
        moves: [i8; 2],
    },
    /// Consistent, but no play forces the round to leave the pair with it: `best` and `worst`
    /// say which of the two values is not forced.
    Unforced {
        /// `[best, worst]` as stored.
        stored: [i8; 2],
        /// The first value (endless play the mover's best outcome) is not forced.
        best: bool,
        /// The second value (endless play his worst outcome) is not forced.
        worst: bool,
    },
    /// A move leads to a board the values do not hold.
    Missing {
        /// The child, from its own mover's side.
        child: Board,
    },
    /// A move leaves the pair for a slice not solved before it.
    Order {
        /// The child, from its own mover's side.
        child: Board,
    },
}

/// A board found wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Its slice.
    pub slice: SliceId,
    /// The board, from its mover's side.
    pub board: Board,
    /// What is wrong.
    pub fault: Fault,
}

/// What checking found, over one pair or many.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Boards checked.
    pub boards: u64,
    /// Their moves.
    pub moves: u64,
    /// Boards whose values are not what their moves give.
    pub inconsistent: u64,
    /// Boards with a finite value that nothing forces.
    pub unforced: u64,
    /// Moves to a board not held, or to a slice not solved before.
    pub missing: u64,
    /// The first findings, in solving order (at most the number asked for).
    pub first: Vec<Finding>,
}

impl Report {
    /// Whether nothing was found wrong.
    #[must_use]
    pub fn holds(&self) -> bool {
        self.inconsistent == 0 && self.unforced == 0 && self.missing == 0
    }

    /// Adds the counts and findings of `other` (kept up to `keep` findings in all).
    pub fn add(&mut self, other: Report, keep: usize) {
        self.boards += other.boards;
        self.moves += other.moves;
        self.inconsistent += other.inconsistent;
        self.unforced += other.unforced;
        self.missing += other.missing;
        let room = keep.saturating_sub(self.first.len());
        self.first.extend(other.first.into_iter().take(room));
    }
}

/// A stored value in words: `+4`, `endless`.
fn value_words(v: i8) -> String {
    match v {
        ENDLESS => "+endless".to_owned(),
        v if v == -ENDLESS => "-endless".to_owned(),
        v => format!("{v:+}"),
    }
}

impl Finding {
    /// The board as a position string with B to move (its stores are immaterial: values are
    /// the margin of the rest of the round), or its bytes if it is no position.
    #[must_use]
    pub fn position(&self, shape: Shape) -> String {
        match shape.position(&self.board) {
            Ok(p) => notation::write_view(p.view()),
            Err(_) => format!("{:?}", self.board),
        }
    }

    /// The finding in words, the board given as a position string of `shape`.
    #[must_use]
    pub fn words(&self, shape: Shape) -> String {
        let at = format!("`{}`", self.position(shape));
        match &self.fault {
            Fault::Inconsistent { stored, moves } => format!(
                "{at} holds {} / {} (endless play the mover's best / worst outcome), but its \
                 moves give {} / {} from its children's values",
                value_words(stored[0]),
                value_words(stored[1]),
                value_words(moves[0]),
                value_words(moves[1]),
            ),
            Fault::Unforced {
                stored,
                best,
                worst,
            } => {
                let which = match (best, worst) {
                    (true, true) => format!(
                        "neither {} nor {}",
                        value_words(stored[0]),
                        value_words(stored[1])
                    ),
                    (true, false) => format!("{} (endless play his best)", value_words(stored[0])),
                    _ => format!("{} (endless play his worst)", value_words(stored[1])),
                };
                format!(
                    "{at}: its values agree with its moves, but {which} is forced: no play makes \
                     the round leave its slices with it (values that rest on a cycle)"
                )
            }
            Fault::Missing { child } => format!(
                "{at} has a move to a board the values do not hold ({child:?} from its mover's \
                 side)"
            ),
            Fault::Order { child } => format!(
                "{at} has a move to a slice not solved before its own ({child:?} from its \
                 mover's side): the order of the solve is broken"
            ),
        }
    }
}

/// Where a move leads, as the check sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A board of the pair, by its local index.
    Inside(u64),
    /// A board of a pair checked before, with its stored values.
    Out([i8; 2]),
    /// A board not held, or out of order.
    Wrong(Fault),
}

/// A pair of slices as the check reads it: its boards by local index, their stored values,
/// their moves and their parents inside the pair. [`check_pair`] reads a pair of a solve or a
/// database so; a test reads a small graph of its own.
pub trait PairGraph: Sync {
    /// A board, as the graph makes its moves and finds its parents.
    type Board: Copy;
    /// Boards of the pair.
    fn boards(&self) -> u64;
    /// Calls `f` with the local index and board of each board from `from` to `to`, in order.
    fn each(&self, from: u64, to: u64, f: &mut dyn FnMut(u64, Self::Board));
    /// The stored values of a board, `[best, worst]` for its mover.
    fn stored(&self, l: u64) -> [i8; 2];
    /// The moves of a board, each with the seeds it captures, appended to `out`; `Some(margin)`
    /// instead when the round is over there (B13).
    fn moves(&self, b: &Self::Board, out: &mut Vec<(Target, u8)>) -> Option<i8>;
    /// Calls `f` with every board of the pair with a move to `b` (once a move), by local index.
    fn parents(&self, b: &Self::Board, f: &mut dyn FnMut(u64, Self::Board));
    /// A finding about board `b`, of local index `l`.
    fn finding(&self, l: u64, b: &Self::Board, fault: Fault) -> Finding;
}

/// A (board, best) node forced, or with nothing to force (endless play, his best).
const DONE: u8 = u8::MAX;
/// A (board, worst) node not forced yet.
const PENDING: u8 = 0;
/// A (board, worst) node forced by a move out of the pair, not yet passed to its parents.
const BY_EXIT: u8 = 1;

/// The values a move gives its mover, `[best, worst]`, from the child's stored values (for the
/// child's mover, the opponent: B12, B5) and the seeds captured; endless play turned round.
fn through(captured: u8, child: [i8; 2]) -> [i8; 2] {
    let cap = captured as i8;
    [
        if child[1] == -ENDLESS {
            ENDLESS
        } else {
            cap - child[1]
        },
        if child[0] == ENDLESS {
            -ENDLESS
        } else {
            cap - child[0]
        },
    ]
}

/// What pass 1 found on one board.
struct Local {
    /// `[best, worst]` as the moves give them.
    moves: [i8; 2],
    /// The best `worst` a move out of the pair gives (`i8::MIN`: none).
    exit_worst: i8,
    /// Moves inside the pair.
    inside: u8,
    /// Moves in all.
    count: u8,
    /// A move to a board not held, or out of order.
    fault: Option<Fault>,
}

/// Pass 1 on one board: what its moves give from its children's stored values.
fn local_check<G: PairGraph>(g: &G, b: &G::Board, moves: &mut Vec<(Target, u8)>) -> Local {
    let mut out = Local {
        moves: [i8::MIN; 2],
        exit_worst: i8::MIN,
        inside: 0,
        count: 0,
        fault: None,
    };
    moves.clear();
    if let Some(v) = g.moves(b, moves) {
        out.moves = [v, v];
        out.exit_worst = v;
        return out;
    }
    for (target, captured) in moves.drain(..) {
        out.count = out.count.saturating_add(1);
        let child = match target {
            Target::Inside(c) => {
                out.inside = out.inside.saturating_add(1);
                g.stored(c)
            }
            Target::Out(v) => {
                out.exit_worst = out.exit_worst.max(through(captured, v)[1]);
                v
            }
            Target::Wrong(f) => {
                out.fault = Some(f);
                continue;
            }
        };
        let [best, worst] = through(captured, child);
        out.moves = [out.moves[0].max(best), out.moves[1].max(worst)];
    }
    out
}

/// The states of one run of boards, from local index `from`, for pass 1 to set.
struct Run<'a> {
    from: u64,
    best: &'a mut [u8],
    worst: &'a mut [u8],
}

/// Pass 1 over one run of boards: their states set, findings and counts returned.
fn pass_one<G: PairGraph>(g: &G, run: Run<'_>, keep: usize) -> Report {
    let mut report = Report::default();
    let mut moves = Vec::new();
    let to = run.from + run.best.len() as u64;
    g.each(run.from, to, &mut |l, b| {
        let k = (l - run.from) as usize;
        let stored = g.stored(l);
        let found = local_check(g, &b, &mut moves);
        report.boards += 1;
        report.moves += u64::from(found.count);
        run.best[k] = if stored[0] == ENDLESS {
            DONE
        } else {
            found.inside
        };
        run.worst[k] = if stored[1] == -ENDLESS {
            DONE
        } else if found.exit_worst == stored[1] {
            BY_EXIT
        } else {
            PENDING
        };
        let fault = if let Some(f) = found.fault {
            report.missing += 1;
            Some(f)
        } else if found.moves != stored {
            report.inconsistent += 1;
            Some(Fault::Inconsistent {
                stored,
                moves: found.moves,
            })
        } else {
            None
        };
        if let Some(fault) = fault {
            // A board found wrong is taken as forced: its parents are not reported for it.
            run.best[k] = 0;
            run.worst[k] = BY_EXIT;
            if report.first.len() < keep {
                report.first.push(g.finding(l, &b, fault));
            }
        }
    });
    report
}

/// Checks every board of `g` (spec/analysis.md §4.1): consistent, and forced; on `threads`
/// threads, keeping the first `keep` findings (in order of local index, those of pass 1 first).
///
/// # Errors
/// Out of memory.
pub fn check<G: PairGraph>(g: &G, threads: usize, keep: usize) -> Result<Report, SolveError> {
    let n = usize::try_from(g.boards())
        .map_err(|_| SolveError::Internal(format!("a pair of {} boards", g.boards())))?;
    let mut best = vec_of(n, 0u8, "check states")?;
    let mut worst = vec_of(n, 0u8, "check states")?;
    let mut report = first_pass(g, &mut best, &mut worst, threads, keep);
    forcing(g, &mut best, &mut worst);
    let open = |k: usize| best[k] != DONE || worst[k] != DONE;
    if !(0..n).any(open) {
        return Ok(report);
    }
    g.each(0, n as u64, &mut |l, b| {
        let k = l as usize;
        let (b_open, w_open) = (best[k] != DONE, worst[k] != DONE);
        if !(b_open || w_open) {
            return;
        }
        report.unforced += 1;
        if report.first.len() < keep {
            let fault = Fault::Unforced {
                stored: g.stored(l),
                best: b_open,
                worst: w_open,
            };
            report.first.push(g.finding(l, &b, fault));
        }
    });
    Ok(report)
}

/// Boards a run of pass 1 takes at once.
const RUN: usize = 1 << 14;

/// Pass 1 on `threads` threads, runs of [`RUN`] boards taken in turn; findings in order.
fn first_pass<G: PairGraph>(
    g: &G,
    best: &mut [u8],
    worst: &mut [u8],
    threads: usize,
    keep: usize,
) -> Report {
    let runs: Vec<Run<'_>> = best
        .chunks_mut(RUN)
        .zip(worst.chunks_mut(RUN))
        .enumerate()
        .map(|(k, (b, w))| Run {
            from: (k * RUN) as u64,
            best: b,
            worst: w,
        })
        .collect();
    let total = runs.len();
    let queue = std::sync::Mutex::new(runs.into_iter());
    let worker = || {
        let mut done: Vec<(u64, Report)> = Vec::new();
        loop {
            let next = queue
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .next();
            let Some(run) = next else { return done };
            let from = run.from;
            done.push((from, pass_one(g, run, keep)));
        }
    };
    let threads = threads.clamp(1, total.max(1));
    let mut parts: Vec<(u64, Report)> = std::thread::scope(|s| {
        // A thread the system will not start (a memory limit) leaves its share to the others.
        let handles: Vec<_> = (1..threads)
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(s, worker).ok())
            .collect();
        let mut all = worker();
        for h in handles {
            // A worker panics only on a bug: its runs are then counted below as not checked.
            if let Ok(part) = h.join() {
                all.extend(part);
            }
        }
        all
    });
    parts.sort_by_key(|(from, _)| *from);
    let mut report = Report::default();
    for (_, part) in parts {
        report.add(part, keep);
    }
    // Boards a failed thread took count as wrong, never as checked.
    report.missing += (best.len() as u64).saturating_sub(report.boards);
    report
}

/// A node: its local index (bits 0–62) and whether it is the (board, worst) node (bit 63).
const WORST: u64 = 1 << 63;

/// Pass 2: what is forced, passed from child to parent until nothing more is. A (board, best)
/// node is forced once every move it has inside the pair leads to a forced (child, worst) node
/// (its moves out of the pair give at most its value, by consistency); a (board, worst) node
/// once a move gives its value by leaving the pair, or leads to a forced (child, best) node
/// that gives it.
fn forcing<G: PairGraph>(g: &G, best: &mut [u8], worst: &mut [u8]) {
    let mut stack: Vec<(u64, G::Board)> = Vec::new();
    g.each(0, best.len() as u64, &mut |l, b| {
        let k = l as usize;
        if best[k] == 0 {
            best[k] = DONE;
            stack.push((l, b));
        }
        if worst[k] == BY_EXIT {
            worst[k] = DONE;
            stack.push((l | WORST, b));
        }
        while let Some((node, board)) = stack.pop() {
            let value = g.stored(node & !WORST);
            g.parents(&board, &mut |lp, p| {
                let k = lp as usize;
                if node & WORST != 0 {
                    // (child, worst) forced: one more move of the parent's (p, best) node is.
                    if best[k] != DONE {
                        best[k] = best[k].saturating_sub(1);
                        if best[k] == 0 {
                            best[k] = DONE;
                            stack.push((lp, p));
                        }
                    }
                } else if worst[k] == PENDING && through(0, value)[1] >= g.stored(lp)[1] {
                    // (child, best) forced at what the parent's mover makes by the move (a move
                    // inside a pair captures nothing): the parent's (p, worst) node is forced.
                    worst[k] = DONE;
                    stack.push((lp | WORST, p));
                }
            });
        }
    });
}

/// The pair being checked: its slices' reachable boards and stored values, by local index (the
/// slices' boards one after the other, each in index order).
struct View<'a> {
    cat: &'a Catalog,
    first: usize,
    sets: &'a [Bitmap],
    values: &'a [Vec<[i8; 2]>],
    offsets: Vec<u64>,
    total: u64,
    solved: &'a (dyn Solved + Sync),
}

impl View<'_> {
    /// The slice of the pair a local index is in, and the rank in it.
    fn split(&self, l: u64) -> (usize, u64) {
        let m = self.offsets.partition_point(|&o| o <= l) - 1;
        (m, l - self.offsets[m])
    }

    /// The local index of a board, if it is in one of the pair's slices (`Err` if not), and
    /// held (`Ok(None)` if not).
    fn local(&self, b: &Board, p: usize) -> Result<Option<u64>, ()> {
        let m = p.checked_sub(self.first).filter(|&m| m < self.sets.len());
        let Some(m) = m else { return Err(()) };
        let index = self.cat.layouts()[p].rank(b);
        let set = &self.sets[m];
        Ok(set
            .contains(index)
            .then(|| self.offsets[m] + set.rank(index)))
    }

    /// Where a move to `c` leads.
    fn target(&self, c: &Board) -> Target {
        let Ok(p) = place(self.cat, c) else {
            return Target::Wrong(Fault::Missing { child: *c });
        };
        match self.local(c, p) {
            Ok(Some(l)) => Target::Inside(l),
            Ok(None) => Target::Wrong(Fault::Missing { child: *c }),
            Err(()) if p < self.first => {
                let held = self.solved.slice(p).and_then(|s| {
                    let index = self.cat.layouts()[p].rank(c);
                    s.set
                        .contains(index)
                        .then(|| s.values[s.set.rank(index) as usize])
                });
                held.map_or(Target::Wrong(Fault::Missing { child: *c }), Target::Out)
            }
            Err(()) => Target::Wrong(Fault::Order { child: *c }),
        }
    }
}

impl PairGraph for View<'_> {
    type Board = Board;

    fn boards(&self) -> u64 {
        self.total
    }

    fn each(&self, from: u64, to: u64, f: &mut dyn FnMut(u64, Board)) {
        let mut l = from;
        while l < to {
            // The slice's boards from rank r: the first by its rank, the next by the next bit.
            let (m, r) = self.split(l);
            let set = &self.sets[m];
            let layout = self.cat.layouts()[self.first + m];
            let end = to.min(self.offsets[m] + (self.values[m].len() as u64));
            let mut index = set.select(r);
            while l < end {
                let Some(i) = index else { return };
                f(l, layout.unrank(i));
                l += 1;
                index = set.next_one(i + 1);
            }
        }
    }

    fn stored(&self, l: u64) -> [i8; 2] {
        let (m, r) = self.split(l);
        self.values[m][r as usize]
    }

    fn moves(&self, b: &Board, out: &mut Vec<(Target, u8)>) -> Option<i8> {
        match self.cat.shape().step(b) {
            Step::Over(v) => Some(v),
            Step::Moves(children) => {
                out.extend(
                    children
                        .as_slice()
                        .iter()
                        .map(|(c, captured)| (self.target(c), *captured)),
                );
                None
            }
        }
    }

    fn parents(&self, b: &Board, f: &mut dyn FnMut(u64, Board)) {
        let shape: Shape = self.cat.shape();
        shape.parents(b, |p| {
            if let Ok(Some(lp)) = place(self.cat, &p).map_or(Err(()), |at| self.local(&p, at)) {
                f(lp, p);
            }
        });
    }

    fn finding(&self, l: u64, b: &Board, fault: Fault) -> Finding {
        let (m, _) = self.split(l);
        Finding {
            slice: self.cat.layouts()[self.first + m].id,
            board: *b,
            fault,
        }
    }
}

/// Checks the values of the pair of slices at places `first..first + sets.len()` of `cat`: the
/// reachable boards `sets` (with rank directories) and their stored values `values` (in index
/// order), against the slices solved before it in `solved`, on `threads` threads. Keeps the
/// first `keep` findings.
///
/// # Errors
/// Out of memory; sets and values that do not match.
pub fn check_pair(
    cat: &Catalog,
    first: usize,
    sets: &[Bitmap],
    values: &[Vec<[i8; 2]>],
    solved: &(dyn Solved + Sync),
    threads: usize,
    keep: usize,
) -> Result<Report, SolveError> {
    let mut offsets = Vec::with_capacity(sets.len());
    let mut total = 0u64;
    for (s, v) in sets.iter().zip(values) {
        let count = s.count();
        if count != v.len() as u64 || sets.len() != values.len() {
            return Err(SolveError::Internal(format!(
                "a slice of {count} boards with {} values",
                v.len()
            )));
        }
        offsets.push(total);
        total += count;
    }
    let view = View {
        cat,
        first,
        sets,
        values,
        offsets,
        total,
        solved,
    };
    check(&view, threads, keep)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small graph: each board's moves (inside by index, or out with the child's values),
    /// the seeds each captures, and its stored values.
    struct Toy {
        moves: Vec<Vec<(Target, u8)>>,
        stored: Vec<[i8; 2]>,
    }

    impl PairGraph for Toy {
        type Board = u64;

        fn boards(&self) -> u64 {
            self.stored.len() as u64
        }

        fn each(&self, from: u64, to: u64, f: &mut dyn FnMut(u64, u64)) {
            for l in from..to {
                f(l, l);
            }
        }

        fn stored(&self, l: u64) -> [i8; 2] {
            self.stored[l as usize]
        }

        fn moves(&self, l: &u64, out: &mut Vec<(Target, u8)>) -> Option<i8> {
            out.extend(self.moves[*l as usize].iter().cloned());
            None
        }

        fn parents(&self, l: &u64, f: &mut dyn FnMut(u64, u64)) {
            for (p, moves) in self.moves.iter().enumerate() {
                for (t, _) in moves {
                    if *t == Target::Inside(*l) {
                        f(p as u64, p as u64);
                    }
                }
            }
        }

        fn finding(&self, _: u64, _: &u64, fault: Fault) -> Finding {
            Finding {
                slice: SliceId {
                    seeds: 0,
                    chosen: 0,
                    blocked: 0,
                    low: false,
                },
                board: Board::default(),
                fault,
            }
        }
    }

    /// Two boards that lead to each other, p (0) and q (1), each also with a move out of the
    /// pair: p's gives its mover +2, q's gives its mover −4 (+4 to p's). Counted as p's mover's
    /// best outcome, endless play makes p worth +4 (q's mover leaves, with −4, rather than play
    /// for ever); as his worst, +2 (p's mover leaves at once). So p is +4 / +2 and q −2 / −4.
    fn cycle(stored: [[i8; 2]; 2]) -> Toy {
        Toy {
            moves: vec![
                vec![(Target::Out([-2, -2]), 0), (Target::Inside(1), 0)],
                vec![(Target::Out([4, 4]), 0), (Target::Inside(0), 0)],
            ],
            stored: stored.to_vec(),
        }
    }

    #[test]
    fn the_solver_values_are_consistent_and_forced() {
        let r = check(&cycle([[4, 2], [-2, -4]]), 2, 10).unwrap();
        assert!(r.holds(), "{r:?}");
        assert_eq!((r.boards, r.moves), (2, 4));
    }

    /// Consistency alone is not enough where play can go round: +3 for p's mover and −3 for
    /// q's are consistent with every move (each board's value is the other's, turned round,
    /// and beats its way out), with either convention, and wrong. Neither is forced: the
    /// moves out give +2 and −4, and the values rest on the cycle alone.
    #[test]
    fn values_that_rest_on_a_cycle_are_not_forced() {
        let r = check(&cycle([[3, 3], [-3, -3]]), 1, 10).unwrap();
        assert_eq!((r.inconsistent, r.unforced, r.missing), (0, 2, 0), "{r:?}");
        assert!(matches!(
            r.first[0].fault,
            Fault::Unforced {
                stored: [3, 3],
                best: true,
                worst: true
            }
        ));
        // Where consistency fails, it says so first.
        let r = check(&cycle([[6, 2], [-2, -4]]), 1, 10).unwrap();
        assert_eq!(r.inconsistent, 1, "{r:?}");
        assert_eq!(
            r.first[0].fault,
            Fault::Inconsistent {
                stored: [6, 2],
                moves: [4, 2]
            }
        );
    }

    /// A cycle with no way out: endless play, each side's best and worst outcome (±127). Any
    /// finite value is consistent there (0 is), and none is forced.
    #[test]
    fn endless_play_is_checked_too() {
        let ring = |v: [i8; 2]| Toy {
            moves: vec![vec![(Target::Inside(1), 0)], vec![(Target::Inside(0), 0)]],
            stored: vec![v, v],
        };
        assert!(check(&ring([ENDLESS, -ENDLESS]), 1, 10).unwrap().holds());
        let r = check(&ring([0, 0]), 1, 10).unwrap();
        assert_eq!((r.inconsistent, r.unforced), (0, 2), "{r:?}");
        // A move to a board not held is reported as such.
        let lost = Toy {
            moves: vec![vec![(
                Target::Wrong(Fault::Missing {
                    child: Board::default(),
                }),
                0,
            )]],
            stored: vec![[0, 0]],
        };
        assert_eq!(check(&lost, 1, 10).unwrap().missing, 1);
    }
}
