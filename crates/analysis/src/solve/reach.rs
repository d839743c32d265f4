//! Step 1 of a solve: which boards are reachable from the roots, as one bit per board of each
//! slice (spec/analysis.md §3).
//!
//! The pairs of slices are visited in the reverse of solving order (more seeds first, then fewer
//! marks), so that every move out of a pair leads to one visited later: when a pair's turn comes,
//! every board reaching it from outside has been seen. Inside the pair, boards are expanded until
//! no new one appears.

use super::board::{Board, Step};
use super::catalog::Catalog;
use super::index::SliceId;
use super::{Bitmap, Phase, Progress, SolveError};
use std::time::Instant;

/// The reachable boards of each slice (in the catalog's order; `None`: none reachable), and the
/// counts of the enumeration.
#[derive(Debug, Default)]
pub struct Reached {
    /// One set per slice of the catalog.
    pub sets: Vec<Option<Bitmap>>,
    /// Reachable boards.
    pub positions: u64,
    /// Moves between them (a forced pass is a move).
    pub moves: u64,
    /// Boards where the round is over.
    pub finished: u64,
}

/// Finds every board reachable from `roots`.
///
/// # Errors
/// Out of memory, a root outside the catalog, more than `limit` boards.
pub fn reach(
    cat: &Catalog,
    roots: &[Board],
    limit: Option<u64>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Reached, SolveError> {
    let t0 = Instant::now();
    let shape = cat.shape();
    let mut r = Reached {
        sets: (0..cat.layouts().len()).map(|_| None).collect(),
        ..Reached::default()
    };
    for b in roots {
        let id = SliceId::of(shape, b);
        let i = cat
            .find(id)
            .ok_or_else(|| SolveError::Input(format!("not a position the solver covers: {b:?}")))?;
        let l = &cat.layouts()[i];
        set_in(&mut r.sets, i, l.size, l.rank(b))?;
    }
    let pairs: Vec<_> = cat.pairs().collect();
    let total = pairs.len();
    for (done, pair) in pairs.into_iter().rev().enumerate() {
        if pair.clone().all(|i| r.sets[i].is_none()) {
            continue;
        }
        let first = pair.start;
        let mut members: Vec<Bitmap> = Vec::new();
        for i in pair.clone() {
            let set = match r.sets[i].take() {
                Some(s) => s,
                None => Bitmap::new(cat.layouts()[i].size, "reachable boards")?,
            };
            members.push(set);
        }
        expand_pair(cat, first, &mut members, &mut r)?;
        let mut found = 0;
        for (k, set) in members.into_iter().enumerate() {
            let n = set.count();
            found += n;
            r.sets[first + k] = (n > 0).then_some(set);
        }
        r.positions += found;
        if let Some(limit) = limit.filter(|&l| r.positions > l) {
            return Err(SolveError::Limit(format!(
                "more than {limit} position{}: stopped after finding {} reachable in {} of {total} \
                 pairs of slices (from the most seeds down), {} moves, in {:.1} s",
                if limit == 1 { "" } else { "s" },
                r.positions,
                done + 1,
                r.moves,
                t0.elapsed().as_secs_f64()
            )));
        }
        progress(&Progress {
            phase: Phase::Reach,
            slice: cat.layouts()[first].id,
            slice_positions: found,
            pairs_done: done + 1,
            pairs: total,
            positions_done: r.positions,
            positions: None,
            elapsed: t0.elapsed(),
            pair_finished: true,
        });
    }
    Ok(r)
}

/// Adds board `index` to slice `i`'s set, making the set if it is the first.
fn set_in(sets: &mut [Option<Bitmap>], i: usize, size: u64, index: u64) -> Result<(), SolveError> {
    let set = match &mut sets[i] {
        Some(s) => s,
        slot => slot.insert(Bitmap::new(size, "reachable boards")?),
    };
    set.insert(index);
    Ok(())
}

/// Expands the pair whose slices start at place `first` until no new board appears.
fn expand_pair(
    cat: &Catalog,
    first: usize,
    members: &mut [Bitmap],
    r: &mut Reached,
) -> Result<(), SolveError> {
    let shape = cat.shape();
    let mut expanded: Vec<Bitmap> = members
        .iter()
        .map(|m| Bitmap::new(m.len(), "expanded boards"))
        .collect::<Result<_, _>>()?;
    loop {
        let mut any = false;
        for m in 0..members.len() {
            let layout = cat.layouts()[first + m];
            for w in 0..members[m].words().len() {
                loop {
                    let todo = members[m].words()[w] & !expanded[m].words()[w];
                    if todo == 0 {
                        break;
                    }
                    let bit = todo.trailing_zeros();
                    expanded[m].words_mut()[w] |= 1 << bit;
                    any = true;
                    let board = layout.unrank(w as u64 * 64 + u64::from(bit));
                    match shape.step(&board) {
                        Step::Over(_) => r.finished += 1,
                        Step::Moves(children) => {
                            for (c, _) in children.as_slice() {
                                r.moves += 1;
                                let ci = place(cat, c)?;
                                let l = &cat.layouts()[ci];
                                if ci >= first && ci < first + members.len() {
                                    members[ci - first].insert(l.rank(c));
                                } else if ci < first {
                                    set_in(&mut r.sets, ci, l.size, l.rank(c))?;
                                } else {
                                    return Err(SolveError::Internal(format!(
                                        "a move from slice {:?} leads to slice {:?}, solved \
                                         before it",
                                        layout.id, l.id
                                    )));
                                }
                            }
                        }
                    }
                }
            }
        }
        if !any {
            return Ok(());
        }
    }
}

/// The place of a board's slice.
#[inline]
pub(super) fn place(cat: &Catalog, b: &Board) -> Result<usize, SolveError> {
    let id = SliceId::of(cat.shape(), b);
    cat.find(id)
        .ok_or_else(|| SolveError::Internal(format!("a board outside the catalog: {b:?}")))
}
