//! perft (rules README §6.3): perft(0) = 1, perft(d) = Σ perft(d−1) over the distinct outcomes.
//!
//! Bulk counting at the last ply; copy-make with one child buffer per ply, allocated once per
//! search, so no node allocates. Threads split below the root (work items a few plies deep,
//! handed out dynamically), so the per-move counts of `divide` never depend on the thread count.

use crate::moves::Move;
use crate::position::{Children, MovesAndChildren, Rules};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// Counts with one buffer per remaining ply.
fn count<P: Rules>(pos: &P, depth: u32, bufs: &mut [Vec<P>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    buf.clear();
    pos.generate(&mut Children(buf));
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut total = 0;
    for child in buf.iter() {
        total += count(child, depth - 1, rest);
    }
    total
}

fn buffers<P>(depth: u32) -> Vec<Vec<P>> {
    (0..depth.max(1)).map(|_| Vec::with_capacity(32)).collect()
}

/// perft, single-threaded.
pub(crate) fn perft<P: Rules>(pos: &P, depth: u32) -> u64 {
    crate::sowing::memo::clear();
    count(pos, depth, &mut buffers(depth))
}

/// How many work items per thread to aim for when splitting below the root.
const ITEMS_PER_THREAD: usize = 64;

/// perft by first move, in canonical move order.
pub(crate) fn divide<P: Rules>(pos: &P, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    crate::sowing::memo::clear();
    let mut roots = Vec::new();
    pos.generate(&mut MovesAndChildren(&mut roots));
    if depth == 0 {
        return Vec::new();
    }
    let threads = threads.max(1);
    if threads == 1 {
        let mut bufs = buffers(depth);
        return roots
            .into_iter()
            .map(|(m, c)| (m, count(&c, depth - 1, &mut bufs)))
            .collect();
    }

    // Expand below the root until there is enough work to balance: (root index, position).
    let mut work: Vec<(usize, P)> = roots
        .iter()
        .enumerate()
        .map(|(i, (_, c))| (i, *c))
        .collect();
    let mut remaining = depth - 1;
    let mut buf = Vec::new();
    while work.len() < threads * ITEMS_PER_THREAD && remaining > 1 {
        let mut next = Vec::with_capacity(work.len() * 8);
        for (i, p) in &work {
            buf.clear();
            p.generate(&mut Children(&mut buf));
            next.extend(buf.iter().map(|c| (*i, *c)));
        }
        work = next;
        remaining -= 1;
    }

    let totals: Vec<AtomicU64> = roots.iter().map(|_| AtomicU64::new(0)).collect();
    let next_item = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads.min(work.len().max(1)) {
            s.spawn(|| {
                let mut bufs = buffers(remaining);
                loop {
                    let k = next_item.fetch_add(1, Ordering::Relaxed);
                    let Some((i, p)) = work.get(k) else { break };
                    let n = count(p, remaining, &mut bufs);
                    totals[*i].fetch_add(n, Ordering::Relaxed);
                }
            });
        }
    });
    roots
        .into_iter()
        .zip(totals)
        .map(|((m, _), t)| (m, t.into_inner()))
        .collect()
}
