//! perft (rules README §6.3): perft(0) = 1, perft(d) = Σ perft(d−1) over the distinct outcomes.
//!
//! Bulk counting at the last ply; copy-make with one child buffer per ply, allocated once per
//! search, so no node allocates. Threads split below the root (work items a few plies deep,
//! handed out dynamically), so the per-move counts of `divide` never depend on the thread count.
//! An optional transposition table ([`Table`]) remembers the counts of positions already met,
//! with the whole position as its key, so it never changes a count.

use crate::moves::Move;
use crate::position::{Children, MovesAndChildren, Rules};
use std::hash::Hasher;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// How a perft is run: threads, transposition table, progress. The counts depend on none of it.
#[derive(Clone, Copy, Debug, Default)]
pub struct PerftOptions<'a> {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Bytes of transposition table, shared out among the threads; 0 for none.
    pub hash_bytes: usize,
    /// Where to report progress, for a progress line.
    pub progress: Option<&'a Progress>,
}

/// The progress of a perft: work items done out of the total (root moves with one thread,
/// positions a few plies below the root with more).
#[derive(Debug, Default)]
pub struct Progress {
    /// Items finished.
    pub done: AtomicU64,
    /// Items in all; 0 until the work is split.
    pub total: AtomicU64,
}

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

/// The shallowest remaining depth whose counts the table keeps: below, counting again costs
/// less than a probe.
const TABLE_FROM: u32 = 4;

/// [`count`] with a transposition table.
fn count_table<P: Rules>(pos: &P, depth: u32, bufs: &mut [Vec<P>], table: &mut Table<P>) -> u64 {
    if depth < TABLE_FROM {
        return count(pos, depth, bufs);
    }
    let slot = table.slot(pos, depth);
    if let Some(n) = table.get(slot, pos, depth) {
        return n;
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    buf.clear();
    pos.generate(&mut Children(buf));
    let mut total = 0;
    for child in buf.iter() {
        total += count_table(child, depth - 1, rest, table);
    }
    table.put(slot, *pos, depth, total);
    total
}

/// A transposition table for perft: a fixed array of slots, each holding a whole position, the
/// remaining depth and its count. A probe compares the whole position, so a count is reused
/// only for the very same position and depth: the table can forget (a new entry replaces the
/// one in its slot) but never be wrong.
struct Table<P> {
    slots: Vec<Option<Entry<P>>>,
    /// 64 − log2 of the number of slots: a slot is the top bits of the hash.
    shift: u32,
}

#[derive(Copy, Clone)]
struct Entry<P> {
    pos: P,
    depth: u32,
    count: u64,
}

impl<P: Rules> Table<P> {
    /// A table of at most `bytes` bytes (a power of two of slots), or `None` if that is not
    /// one slot.
    fn new(bytes: usize) -> Option<Table<P>> {
        let per = size_of::<Option<Entry<P>>>();
        let n = bytes / per;
        if n == 0 {
            return None;
        }
        let bits = n.ilog2();
        Some(Table {
            slots: vec![None; 1 << bits],
            shift: 64 - bits,
        })
    }

    #[inline]
    fn slot(&self, pos: &P, depth: u32) -> usize {
        let mut h = Fx(u64::from(depth));
        pos.hash(&mut h);
        h.0.checked_shr(self.shift).unwrap_or(0) as usize
    }

    #[inline]
    fn get(&self, slot: usize, pos: &P, depth: u32) -> Option<u64> {
        match &self.slots[slot] {
            Some(e) if e.depth == depth && e.pos == *pos => Some(e.count),
            _ => None,
        }
    }

    #[inline]
    fn put(&mut self, slot: usize, pos: P, depth: u32, count: u64) {
        self.slots[slot] = Some(Entry { pos, depth, count });
    }
}

/// The hasher of the table's slots (FxHash-like: a rotate, xor and multiply per word).
struct Fx(u64);

impl Fx {
    #[inline]
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for Fx {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut b = [0u8; 8];
            b[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(b));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// One searcher: its buffers and its table, if any.
struct Searcher<P> {
    bufs: Vec<Vec<P>>,
    table: Option<Table<P>>,
}

impl<P: Rules> Searcher<P> {
    fn new(depth: u32, hash_bytes: usize) -> Searcher<P> {
        Searcher {
            bufs: (0..depth.max(1)).map(|_| Vec::with_capacity(32)).collect(),
            table: Table::new(hash_bytes),
        }
    }

    fn count(&mut self, pos: &P, depth: u32) -> u64 {
        match &mut self.table {
            None => count(pos, depth, &mut self.bufs),
            Some(t) => count_table(pos, depth, &mut self.bufs, t),
        }
    }
}

/// perft, single-threaded.
pub(crate) fn perft<P: Rules>(pos: &P, depth: u32) -> u64 {
    crate::sowing::memo::clear();
    Searcher::new(depth, 0).count(pos, depth)
}

/// How many work items per thread to aim for when splitting below the root.
const ITEMS_PER_THREAD: usize = 64;

/// perft by first move, in canonical move order.
pub(crate) fn divide<P: Rules>(pos: &P, depth: u32, opts: &PerftOptions<'_>) -> Vec<(Move, u64)> {
    crate::sowing::memo::clear();
    let mut roots = Vec::new();
    pos.generate(&mut MovesAndChildren(&mut roots));
    if depth == 0 {
        return Vec::new();
    }
    let threads = opts.threads.max(1);
    let progress = |done: usize, total: usize| {
        if let Some(p) = opts.progress {
            p.total.store(total as u64, Ordering::Relaxed);
            p.done.store(done as u64, Ordering::Relaxed);
        }
    };
    if threads == 1 {
        let mut s = Searcher::new(depth, opts.hash_bytes);
        let n = roots.len();
        progress(0, n);
        return roots
            .into_iter()
            .enumerate()
            .map(|(k, (m, c))| {
                let count = s.count(&c, depth - 1);
                progress(k + 1, n);
                (m, count)
            })
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
    progress(0, work.len());

    let totals: Vec<AtomicU64> = roots.iter().map(|_| AtomicU64::new(0)).collect();
    let next_item = AtomicUsize::new(0);
    let workers = threads.min(work.len().max(1));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                let mut searcher = Searcher::new(remaining, opts.hash_bytes / workers);
                loop {
                    let k = next_item.fetch_add(1, Ordering::Relaxed);
                    let Some((i, p)) = work.get(k) else { break };
                    let n = searcher.count(p, remaining);
                    totals[*i].fetch_add(n, Ordering::Relaxed);
                    if let Some(p) = opts.progress {
                        p.done.fetch_add(1, Ordering::Relaxed);
                    }
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
