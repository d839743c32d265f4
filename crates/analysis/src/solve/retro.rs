//! Step 2 of a solve: the values of a pair of slices, every move out of it leading to a solved
//! slice (spec/analysis.md §3).
//!
//! Each board has two values for its mover: `best`, endless play counted as his best outcome, and
//! `worst`, as his worst. In a cycle the movers alternate, so the convention "endless play favours
//! player X" asks for `best` where X moves and `worst` where his opponent does: the pair is solved
//! as one graph of **nodes** (board, best) and (board, worst), the move from (p, best) leading to
//! (child, worst) and from (p, worst) to (child, best). Values are X's margins. A move out of the
//! pair has a known value (the seeds it captures plus its child's value), and each node keeps only
//! the best of them for its mover: a (p, best) node the largest, a (p, worst) node the smallest.
//! Then, threshold by threshold from the lowest exit value up, a (p, worst) node (X's opponent
//! moves) falls to a value as soon as one of its moves does, a (p, best) node only when **all**
//! have (a counter of unresolved moves), and what falls is passed to its parents in the pair, found
//! by unmaking moves ([`Shape::parents`]) instead of stored. A (p, best) node that never falls is
//! endless play X can force (+127); a (p, worst) node that never falls is endless play his
//! opponent cannot avoid (−127 for him).

use super::board::{Board, Shape, Step};
use super::catalog::Catalog;
use super::reach::place;
use super::{Bitmap, SolveError, SolvedSlice, vec_of};

/// The stored value of endless play (for the mover: +127 his best outcome, −127 his worst).
pub const ENDLESS: i8 = 127;
/// A node that has not fallen.
const OPEN: i8 = i8::MIN;
/// A (p, best) node with a move to endless play: it never falls.
const NEVER: u8 = u8::MAX;

/// Where the solved values of the slices before a pair are.
pub trait Solved {
    /// The slice at a place, if it has reachable boards and is solved.
    fn slice(&self, place: usize) -> Option<&SolvedSlice>;
}

impl Solved for Vec<Option<SolvedSlice>> {
    fn slice(&self, place: usize) -> Option<&SolvedSlice> {
        self.get(place).and_then(Option::as_ref)
    }
}

/// The working arrays of a pair, by local index (the slices' reachable boards one after the
/// other, each in index order).
struct Nodes {
    /// Fallen values of the (p, best) and (p, worst) nodes, in X's margin, or [`OPEN`].
    best: Vec<i8>,
    worst: Vec<i8>,
    /// Unresolved moves of each (p, best) node, or [`NEVER`].
    count: Vec<u8>,
    /// The best exit of each node for its mover, in X's margin: the largest for (p, best)
    /// (`i8::MIN`: none), the smallest for (p, worst) (`i8::MAX`: none).
    exit_best: Vec<i8>,
    exit_worst: Vec<i8>,
}

/// The reachable sets of the pair's slices, with the local index of each slice's first board.
struct Pair<'a> {
    cat: &'a Catalog,
    first: usize,
    sets: &'a [Bitmap],
    offsets: Vec<u64>,
}

impl Pair<'_> {
    /// Which slice of the pair a board is in, if it is in the pair.
    #[inline]
    fn member(&self, b: &Board) -> Option<usize> {
        let p = place(self.cat, b).ok()?;
        p.checked_sub(self.first).filter(|&m| m < self.sets.len())
    }

    /// The local index of a board, if it is a reachable board of the pair.
    #[inline]
    fn local(&self, b: &Board) -> Option<u32> {
        let m = self.member(b)?;
        let index = self.cat.layouts()[self.first + m].rank(b);
        let set = &self.sets[m];
        set.contains(index)
            .then(|| (self.offsets[m] + set.rank(index)) as u32)
    }
}

/// Solves the pair of slices at places `first..first + sets.len()`, whose reachable sets are
/// `sets` (with rank directories); returns each slice's values in index order of its reachable
/// boards, `[best, worst]` for the mover.
///
/// # Errors
/// Out of memory; an internal inconsistency (a child not solved, a reachable child missing).
pub fn solve_pair(
    cat: &Catalog,
    first: usize,
    sets: &[Bitmap],
    solved: &(dyn Solved + Sync),
    threads: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<Vec<[i8; 2]>>, SolveError> {
    let mut offsets = Vec::with_capacity(sets.len());
    let mut total = 0u64;
    for s in sets {
        offsets.push(total);
        total += s.count();
    }
    let n = usize::try_from(total)
        .ok()
        .filter(|&n| n < 1 << 31 && sets.iter().all(|s| s.len() < 1 << 31))
        .ok_or_else(|| SolveError::Internal(format!("a pair of {total} boards")))?;
    let pair = Pair {
        cat,
        first,
        sets,
        offsets,
    };
    let mut nodes = Nodes {
        best: vec_of(n, OPEN, "pair values")?,
        worst: vec_of(n, OPEN, "pair values")?,
        count: vec_of(n, 0u8, "pair counters")?,
        exit_best: vec_of(n, i8::MIN, "pair exits")?,
        exit_worst: vec_of(n, i8::MAX, "pair exits")?,
    };
    exits(&pair, solved, &mut nodes, threads, progress)?;
    thresholds(&pair, &mut nodes)?;
    let mut out = Vec::with_capacity(sets.len());
    for (m, s) in sets.iter().enumerate() {
        let from = pair.offsets[m] as usize;
        let len = s.count() as usize;
        let mut v = vec_of(len, [0i8; 2], "slice values")?;
        for (k, x) in v.iter_mut().enumerate() {
            let b = nodes.best[from + k];
            let w = nodes.worst[from + k];
            *x = [
                if b == OPEN { ENDLESS } else { b },
                if w == OPEN { -ENDLESS } else { -w },
            ];
        }
        out.push(v);
    }
    Ok(out)
}

/// The value of a reachable board of a solved slice.
fn solved_value(
    cat: &Catalog,
    solved: &(dyn Solved + Sync),
    b: &Board,
) -> Result<[i8; 2], SolveError> {
    let p = place(cat, b)?;
    let missing = || {
        SolveError::Internal(format!(
            "a move leads to a board not solved: {b:?} in {:?}",
            cat.layouts()[p].id
        ))
    };
    let s = solved.slice(p).ok_or_else(missing)?;
    let index = cat.layouts()[p].rank(b);
    if !s.set.contains(index) {
        return Err(missing());
    }
    Ok(s.values[s.set.rank(index) as usize])
}

/// The exits of one board: `(exit_best, exit_worst, count)` (see [`Nodes`]).
fn board_exits(
    pair: &Pair<'_>,
    solved: &(dyn Solved + Sync),
    b: &Board,
) -> Result<(i8, i8, u8), SolveError> {
    let shape: Shape = pair.cat.shape();
    match shape.step(b) {
        Step::Over(v) => Ok((v, -v, 1)),
        Step::Moves(children) => {
            let (mut inside, mut best, mut worst, mut endless) = (0u8, i8::MIN, i8::MAX, false);
            for (c, captured) in children.as_slice() {
                // A child of a reachable board is reachable: no need to look.
                if pair.member(c).is_some() {
                    inside += 1;
                    continue;
                }
                let [cb, cw] = solved_value(pair.cat, solved, c)?;
                let cap = *captured as i8;
                // X moves at (p, best): the move is worth cap − (the child's worst).
                if cw == -ENDLESS {
                    endless = true;
                } else {
                    best = best.max(cap - cw);
                }
                // X's opponent moves at (p, worst): in X's margin, the child's best − cap.
                if cb != ENDLESS {
                    worst = worst.min(cb - cap);
                }
            }
            let count = if endless {
                NEVER
            } else {
                inside + u8::from(best != i8::MIN)
            };
            Ok((best, worst, count))
        }
    }
}

/// The arrays of a run of local indices, to fill.
struct Run<'a> {
    exit_best: &'a mut [i8],
    exit_worst: &'a mut [i8],
    count: &'a mut [u8],
}

/// Counts each (p, best) node's moves and keeps each node's best exit, on `threads` threads:
/// each slice's words are cut in runs, taken in turn by the threads, each run filling its own part
/// of the arrays. `progress` hears the boards done after each run of the calling thread.
fn exits(
    pair: &Pair<'_>,
    solved: &(dyn Solved + Sync),
    nodes: &mut Nodes,
    threads: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<(), SolveError> {
    let mut rest = Run {
        exit_best: &mut nodes.exit_best,
        exit_worst: &mut nodes.exit_worst,
        count: &mut nodes.count,
    };
    // Runs of at most 2^22 words (2^28 boards), cut so that each thread has work.
    let mut runs: Vec<(usize, std::ops::Range<usize>, Run<'_>)> = Vec::new();
    for (m, set) in pair.sets.iter().enumerate() {
        let words = set.words().len();
        let step = words.div_ceil(threads.max(1) * 8).clamp(1, 1 << 22);
        let mut w = 0;
        while w < words {
            let end = (w + step).min(words);
            let n: usize = set.words()[w..end]
                .iter()
                .map(|x| x.count_ones() as usize)
                .sum();
            let (a, b) = std::mem::take(&mut rest.exit_best).split_at_mut(n);
            let (c, d) = std::mem::take(&mut rest.exit_worst).split_at_mut(n);
            let (e, f) = std::mem::take(&mut rest.count).split_at_mut(n);
            runs.push((
                m,
                w..end,
                Run {
                    exit_best: a,
                    exit_worst: c,
                    count: e,
                },
            ));
            rest = Run {
                exit_best: b,
                exit_worst: d,
                count: f,
            };
            w = end;
        }
    }
    let total = runs.len();
    let runs = std::sync::Mutex::new(runs.into_iter());
    let done = std::sync::atomic::AtomicU64::new(0);
    let worker = |report: &mut dyn FnMut(u64)| -> Result<(), SolveError> {
        loop {
            let next = runs
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .next();
            let Some((m, words, run)) = next else {
                return Ok(());
            };
            let layout = pair.cat.layouts()[pair.first + m];
            let set = &pair.sets[m];
            let mut k = 0;
            for w in words {
                let mut x = set.words()[w];
                while x != 0 {
                    let index = w as u64 * 64 + u64::from(x.trailing_zeros());
                    x &= x - 1;
                    let (b, wo, c) = board_exits(pair, solved, &layout.unrank(index))?;
                    run.exit_best[k] = b;
                    run.exit_worst[k] = wo;
                    run.count[k] = c;
                    k += 1;
                }
            }
            let d = done.fetch_add(k as u64, std::sync::atomic::Ordering::Relaxed);
            report(d + k as u64);
        }
    };
    let threads = threads.clamp(1, total.max(1));
    std::thread::scope(|s| {
        // A thread the system will not start (a memory limit) leaves its share to the others.
        let handles: Vec<_> = (1..threads)
            .filter_map(|_| {
                std::thread::Builder::new()
                    .spawn_scoped(s, || worker(&mut |_| {}))
                    .ok()
            })
            .collect();
        let mine = worker(progress);
        let mut result = mine;
        for h in handles {
            let r = h
                .join()
                .unwrap_or_else(|_| Err(SolveError::Internal("a solving thread panicked".into())));
            if result.is_ok() {
                result = r;
            }
        }
        result
    })
}

/// A fallen node: its local index (bits 0–30) and whether it is the (p, worst) node (bit 31). In
/// the stack it goes with its board, so that its parents are found without making it again.
const WORST: u64 = 1 << 31;

/// Lets the nodes fall, threshold by threshold.
fn thresholds(pair: &Pair<'_>, nodes: &mut Nodes) -> Result<(), SolveError> {
    let shape = pair.cat.shape();
    let mut seen = [false; 256];
    for &e in &nodes.exit_best {
        seen[(i16::from(e) + 128) as usize] = true;
    }
    for &e in &nodes.exit_worst {
        seen[(i16::from(e) + 128) as usize] = true;
    }
    let mut stack: Vec<(u64, Board)> = Vec::new();
    for w in -127i16..127 {
        if !seen[(w + 128) as usize] {
            continue;
        }
        let w = w as i8;
        let mut p = 0u64;
        for (m, set) in pair.sets.iter().enumerate() {
            let layout = pair.cat.layouts()[pair.first + m];
            for index in set.ones() {
                let l = p as usize;
                for node in [p, p | WORST] {
                    let exit = if node & WORST == 0 {
                        nodes.exit_best[l]
                    } else {
                        nodes.exit_worst[l]
                    };
                    if exit == w && fall(nodes, node, w) {
                        stack.push((node, layout.unrank(index)));
                        drain(pair, shape, nodes, w, &mut stack);
                    }
                }
                p += 1;
            }
        }
    }
    Ok(())
}

/// One more move of `node` is known to be worth `w` or less to X: a (p, worst) node takes it at
/// once, a (p, best) node only when it was the last. Whether the node fell now.
#[inline]
fn fall(nodes: &mut Nodes, node: u64, w: i8) -> bool {
    let p = (node & (WORST - 1)) as usize;
    if node & WORST != 0 {
        if nodes.worst[p] == OPEN {
            nodes.worst[p] = w;
            return true;
        }
        return false;
    }
    if nodes.best[p] != OPEN || nodes.count[p] == NEVER {
        return false;
    }
    nodes.count[p] -= 1;
    if nodes.count[p] == 0 {
        nodes.best[p] = w;
        return true;
    }
    false
}

/// Passes every fallen node to its parents in the pair.
fn drain(pair: &Pair<'_>, shape: Shape, nodes: &mut Nodes, w: i8, stack: &mut Vec<(u64, Board)>) {
    while let Some((node, child)) = stack.pop() {
        // (child, worst) fell: its parents' (p, best) nodes; (child, best): their (p, worst).
        let parent_kind = if node & WORST != 0 { 0 } else { WORST };
        shape.parents(&child, |p| {
            if let Some(l) = pair.local(&p) {
                let parent = u64::from(l) | parent_kind;
                if fall(nodes, parent, w) {
                    stack.push((parent, p));
                }
            }
        });
    }
}

/// Stored values as search scores, adding the margin so far (stores) to finite ones.
#[must_use]
pub fn scores(v: [i8; 2], so_far: i32) -> [i32; 2] {
    v.map(|x| match x {
        ENDLESS => crate::value::ENDLESS,
        x if x == -ENDLESS => -crate::value::ENDLESS,
        x => i32::from(x) + so_far,
    })
}
