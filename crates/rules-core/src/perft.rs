//! perft (rules README §6.3): perft(0) = 1, perft(d) = Σ perft(d−1) over the distinct outcomes.
//!
//! Bulk counting at the last ply; copy-make with one child buffer per ply, allocated once per
//! search, so no node allocates. Threads split below the root (work items a few plies deep,
//! handed out dynamically), so the per-move counts of `divide` never depend on the thread count.
//! Counts are `u128`: some positions pass 2^64 paths within the depth limit (a Redu ending at
//! depth 34). An optional transposition table ([`Table`]), shared by the threads, remembers the
//! counts of positions already met, with the whole position as its key, so it never changes a
//! count.

use crate::game::{Children, Game, MovesAndChildren};
use crate::moves::Move;
use std::collections::HashMap;
use std::fmt;
use std::hash::Hasher;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// How a perft is run: threads, transposition table, progress, a way to stop it. The counts
/// depend on none of it (unless it is stopped).
#[derive(Clone, Copy, Debug, Default)]
pub struct PerftOptions<'a> {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Bytes of transposition table, one table shared by the threads; 0 for none. Its pages are
    /// allocated as they are first written, so a short count uses little of it.
    pub hash_bytes: usize,
    /// Where to report progress, for a progress line.
    pub progress: Option<&'a Progress>,
    /// Set by the caller (from another thread) to stop the count early, as a user's interrupt
    /// does: every thread gives up within a few plies' work, and the counts returned are then
    /// wrong, to be thrown away by the caller that set it.
    pub stop: Option<&'a AtomicBool>,
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

/// The transposition table asked for cannot be allocated: the machine (or a limit set on the
/// process) cannot give that much memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableError {
    /// The size asked for, in bytes.
    pub bytes: usize,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot allocate a transposition table of {} bytes: not enough memory",
            self.bytes
        )
    }
}

impl std::error::Error for TableError {}

/// `a + b`, or [`COUNT_MAX`] past it: a count that reaches it means "at least that many".
#[inline]
fn sat_add(a: u128, b: u128) -> u128 {
    a.saturating_add(b)
}

/// The largest count perft gives: 2^128 − 1, read as "at least 2^128 − 1". No search of these
/// games within the depth limit comes near it (2^64 is passed by a Redu ending at depth 34).
pub const COUNT_MAX: u128 = u128::MAX;

/// What perft asks of a game: the distinct children of a position, and their number. The
/// defaults make them with [`Game::generate`]; a game may make them by a faster path of its own
/// (untraced, in any order) and count them without making them all (spec/engine.md §3). Its
/// tests compare both with `generate` on random positions, and debug builds check the count of
/// every node of every perft against `generate`.
pub(crate) trait Perft: Game {
    /// Appends the distinct children of the position to `out`, in any order.
    #[inline]
    fn children(&self, out: &mut Vec<Self>) {
        self.generate(&mut Children(out));
    }

    /// The number of distinct children; `scratch` is a buffer the count may use.
    #[inline]
    fn count_children(&self, scratch: &mut Vec<Self>) -> usize {
        scratch.clear();
        self.children(scratch);
        scratch.len()
    }

    /// perft(2): the number of distinct children of the distinct children; `bufs` holds at least
    /// two buffers.
    #[inline]
    fn count_two_plies(&self, bufs: &mut [Vec<Self>]) -> u128 {
        count_two_plies(self, bufs)
    }
}

/// [`Perft::count_two_plies`] by [`Perft::children`] and [`Perft::count_children`].
pub(crate) fn count_two_plies<P: Perft>(pos: &P, bufs: &mut [Vec<P>]) -> u128 {
    let (buf, rest) = bufs.split_first_mut().expect("two buffers");
    buf.clear();
    pos.children(buf);
    let scratch = rest.first_mut().expect("two buffers");
    buf.iter().map(|c| c.count_children(scratch) as u128).sum()
}

/// The distinct values among at most `N` (a move's outcomes), told apart first by six bits of a
/// fingerprint: a value whose bucket is empty is new without a comparison, and only values of
/// one bucket are compared whole. Equal values must have equal fingerprints.
pub(crate) struct Distinct<T, const N: usize> {
    items: [Option<T>; N],
    buckets: [u8; N],
    len: usize,
    /// The buckets holding a value, one bit each.
    seen: u64,
}

impl<T: Copy + PartialEq, const N: usize> Distinct<T, N> {
    #[inline(always)]
    pub(crate) fn new() -> Self {
        Distinct {
            items: [None; N],
            buckets: [0; N],
            len: 0,
            seen: 0,
        }
    }

    /// Adds `x`, of fingerprint `fp`, unless an equal value is there; whether it was added.
    #[inline(always)]
    pub(crate) fn insert(&mut self, x: T, fp: u64) -> bool {
        let bucket = (fp >> 58) as u8;
        let bit = 1u64 << bucket;
        if self.seen & bit != 0
            && self.buckets[..self.len]
                .iter()
                .zip(&self.items)
                .any(|(&b, y)| b == bucket && *y == Some(x))
        {
            return false;
        }
        self.seen |= bit;
        self.items[self.len] = Some(x);
        self.buckets[self.len] = bucket;
        self.len += 1;
        true
    }

    /// How many distinct values.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The distinct values, in the order they were first added.
    #[inline(always)]
    pub(crate) fn iter(&self) -> impl Iterator<Item = &T> {
        self.items[..self.len].iter().flatten()
    }
}

/// The children of `pos` by [`Game::generate`], for the checks of debug builds and tests.
pub(crate) fn generated<P: Game>(pos: &P) -> Vec<P> {
    let mut v = Vec::new();
    pos.generate(&mut Children(&mut v));
    v
}

/// The caller's stop flag ([`PerftOptions::stop`]), looked at in every node with more than
/// [`UNWATCHED`] plies left: a load of a line no one writes until the end.
#[derive(Copy, Clone)]
struct Stop<'a>(Option<&'a AtomicBool>);

impl Stop<'_> {
    #[inline]
    fn now(self) -> bool {
        self.0.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// The plies below a look at the stop flag: the counts of so few plies are left to [`count`],
/// whose code a flag does not touch (a few thousand positions, a million at the most in Redu's
/// widest, between two looks).
const UNWATCHED: u32 = 3;

/// Counts with one buffer per remaining ply.
fn count<P: Perft>(pos: &P, depth: u32, bufs: &mut [Vec<P>]) -> u128 {
    if depth == 0 {
        return 1;
    }
    if depth == 2 {
        return pos.count_two_plies(bufs);
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    if depth == 1 {
        return pos.count_children(buf) as u128;
    }
    buf.clear();
    pos.children(buf);
    let mut total = 0;
    for child in buf.iter() {
        total = sat_add(total, count(child, depth - 1, rest));
    }
    total
}

/// [`count`] that looks at `stop` above [`UNWATCHED`] plies: 0 once it says so.
fn count_watched<P: Perft>(pos: &P, depth: u32, bufs: &mut [Vec<P>], stop: Stop<'_>) -> u128 {
    if depth <= UNWATCHED {
        return count(pos, depth, bufs);
    }
    if stop.now() {
        return 0;
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    buf.clear();
    pos.children(buf);
    let mut total = 0;
    for child in buf.iter() {
        total = sat_add(total, count_watched(child, depth - 1, rest, stop));
    }
    total
}

/// The shallowest remaining depth whose counts the table keeps: below, counting again costs
/// less than a probe.
const TABLE_FROM: u32 = 4;

/// [`count`] with a transposition table.
fn count_table<P: Perft>(
    pos: &P,
    depth: u32,
    bufs: &mut [Vec<P>],
    table: &Table<P>,
    stop: Stop<'_>,
) -> u128 {
    if depth < TABLE_FROM {
        return count(pos, depth, bufs);
    }
    if stop.now() {
        // Not stored: the count of a stopped search is wrong.
        return 0;
    }
    let slot = table.slot(pos, depth);
    if let Some(n) = table.get(slot, pos, depth) {
        return n;
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    buf.clear();
    pos.children(buf);
    let mut total = 0;
    for child in buf.iter() {
        total = sat_add(total, count_table(child, depth - 1, rest, table, stop));
    }
    if stop.now() {
        return 0;
    }
    table.put(slot, *pos, depth, total);
    total
}

/// A transposition table for perft: a fixed array of slots, each holding a whole position, the
/// remaining depth and its count. A probe compares the whole position, so a count is reused
/// only for the very same position and depth: the table can forget (a new entry replaces the
/// one in its slot) but never be wrong.
///
/// One table serves every thread, so that what one thread counted another reuses. The slots lie
/// in pages, each behind its own lock and allocated when first written: a count that stores
/// little touches little memory (no seconds spent filling gigabytes before a short count), and a
/// page the machine cannot give stays empty (its probes miss; counts are unchanged).
struct Table<P> {
    pages: Vec<Mutex<Vec<Option<Entry<P>>>>>,
    /// log2 of the slots of a page.
    page_bits: u32,
    /// 64 − log2 of the number of slots: a slot is the top bits of the hash.
    shift: u32,
}

#[derive(Copy, Clone)]
struct Entry<P> {
    pos: P,
    depth: u32,
    /// A `u64`: counts that do not fit are not kept (the few positions next to the root of a
    /// count past 2^64), so that entries stay as small as the position allows.
    count: u64,
}

/// The slots of a page: at least this many, and at most 1/65 536 of the table, so that the page
/// list stays small.
const PAGE_SLOTS: usize = 1 << 12;

impl<P: Game> Table<P> {
    /// A table of at most `bytes` bytes (a power of two of slots), or `None` if that is not
    /// one slot.
    ///
    /// # Errors
    /// The memory cannot be had: checked by reserving it whole (address space only, untouched),
    /// then giving it back; pages are allocated as they are written.
    fn new(bytes: usize) -> Result<Option<Table<P>>, TableError> {
        let per = size_of::<Option<Entry<P>>>();
        let n = bytes / per;
        if n == 0 {
            return Ok(None);
        }
        let bits = n.ilog2();
        let slots = 1usize << bits;
        let mut whole: Vec<Option<Entry<P>>> = Vec::new();
        whole
            .try_reserve_exact(slots)
            .map_err(|_| TableError { bytes })?;
        drop(whole);
        let page_slots = PAGE_SLOTS.max(slots >> 16).min(slots);
        let page_bits = page_slots.ilog2();
        let mut pages = Vec::new();
        pages
            .try_reserve_exact(slots / page_slots)
            .map_err(|_| TableError { bytes })?;
        pages.extend((0..slots / page_slots).map(|_| Mutex::new(Vec::new())));
        Ok(Some(Table {
            pages,
            page_bits,
            shift: 64 - bits,
        }))
    }

    #[inline]
    fn slot(&self, pos: &P, depth: u32) -> usize {
        let mut h = Fx(u64::from(depth));
        pos.hash(&mut h);
        h.0.checked_shr(self.shift).unwrap_or(0) as usize
    }

    fn page(&self, slot: usize) -> std::sync::MutexGuard<'_, Vec<Option<Entry<P>>>> {
        self.pages[slot >> self.page_bits]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    #[inline]
    fn get(&self, slot: usize, pos: &P, depth: u32) -> Option<u128> {
        let page = self.page(slot);
        match page.get(slot & ((1 << self.page_bits) - 1)) {
            Some(Some(e)) if e.depth == depth && e.pos == *pos => Some(e.count.into()),
            _ => None,
        }
    }

    #[inline]
    fn put(&self, slot: usize, pos: P, depth: u32, count: u128) {
        let Ok(count) = u64::try_from(count) else {
            return;
        };
        let mut page = self.page(slot);
        if page.is_empty() {
            let n = 1 << self.page_bits;
            if page.try_reserve_exact(n).is_err() {
                return;
            }
            page.resize(n, None);
        }
        page[slot & ((1 << self.page_bits) - 1)] = Some(Entry { pos, depth, count });
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

/// One searcher: its buffers, the shared table if any, and the caller's stop flag.
struct Searcher<'t, P> {
    bufs: Vec<Vec<P>>,
    table: Option<&'t Table<P>>,
    stop: Stop<'t>,
}

impl<'t, P: Perft> Searcher<'t, P> {
    fn new(depth: u32, table: Option<&'t Table<P>>, stop: Stop<'t>) -> Searcher<'t, P> {
        Searcher {
            bufs: (0..depth.max(1)).map(|_| Vec::with_capacity(32)).collect(),
            table,
            stop,
        }
    }

    fn count(&mut self, pos: &P, depth: u32) -> u128 {
        match (self.table, self.stop.0) {
            (None, None) => count(pos, depth, &mut self.bufs),
            (None, Some(_)) => count_watched(pos, depth, &mut self.bufs, self.stop),
            (Some(t), _) => count_table(pos, depth, &mut self.bufs, t, self.stop),
        }
    }
}

/// The memory of endless cycles for one search (spec/engine.md §4): empty at its start, with
/// the bound of a search, and given back at its end.
struct CycleMemory;

impl CycleMemory {
    fn start() -> CycleMemory {
        crate::sowing::memo::start_search();
        CycleMemory
    }
}

impl Drop for CycleMemory {
    fn drop(&mut self) {
        crate::sowing::memo::end_search();
    }
}

/// perft, single-threaded.
pub(crate) fn perft<P: Perft>(pos: &P, depth: u32) -> u128 {
    let _memory = CycleMemory::start();
    Searcher::new(depth, None, Stop(None)).count(pos, depth)
}

/// How many work items per thread to aim for when splitting below the root.
const ITEMS_PER_THREAD: usize = 64;

/// perft by first move, in canonical move order, as `opts` says.
///
/// # Errors
/// The transposition table asked for cannot be allocated.
pub(crate) fn divide<P: Perft>(
    pos: &P,
    depth: u32,
    opts: &PerftOptions<'_>,
) -> Result<Vec<(Move, u128)>, TableError> {
    let table = Table::new(opts.hash_bytes)?;
    Ok(divide_with(pos, depth, opts, table.as_ref()))
}

fn divide_with<P: Perft>(
    pos: &P,
    depth: u32,
    opts: &PerftOptions<'_>,
    table: Option<&Table<P>>,
) -> Vec<(Move, u128)> {
    let _memory = CycleMemory::start();
    let mut roots = Vec::new();
    pos.generate(&mut MovesAndChildren(&mut roots));
    if depth == 0 {
        return Vec::new();
    }
    let threads = opts.threads.max(1);
    let stop = Stop(opts.stop);
    let progress = |done: usize, total: usize| {
        if let Some(p) = opts.progress {
            p.total.store(total as u64, Ordering::Relaxed);
            p.done.store(done as u64, Ordering::Relaxed);
        }
    };
    if threads == 1 {
        let mut s = Searcher::new(depth, table, stop);
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
            p.children(&mut buf);
            next.extend(buf.iter().map(|c| (*i, *c)));
        }
        work = next;
        remaining -= 1;
    }
    // With a table, a position met by several paths is one item, counted once (transpositions
    // are what the table is for); each path adds its count to its root move.
    let (items, paths) = if table.is_some() {
        distinct(&work)
    } else {
        (
            work.iter().map(|(_, p)| *p).collect(),
            work.iter().enumerate().map(|(k, (i, _))| (*i, k)).collect(),
        )
    };
    progress(0, items.len());

    let next_item = AtomicUsize::new(0);
    let workers = threads.min(items.len().max(1));
    let mut counts = vec![0u128; items.len()];
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                s.spawn(|| {
                    let mut searcher = Searcher::new(remaining, table, stop);
                    let mut done = Vec::new();
                    while !stop.now() {
                        let k = next_item.fetch_add(1, Ordering::Relaxed);
                        let Some(p) = items.get(k) else { break };
                        done.push((k, searcher.count(p, remaining)));
                        if let Some(p) = opts.progress {
                            p.done.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                    done
                })
            })
            .collect();
        for h in handles {
            for (k, n) in h.join().expect("a perft worker panicked") {
                counts[k] = n;
            }
        }
    });
    let mut totals = vec![0u128; roots.len()];
    for (root, item) in paths {
        totals[root] = sat_add(totals[root], counts[item]);
    }
    roots
        .into_iter()
        .zip(totals)
        .map(|((m, _), t)| (m, t))
        .collect()
}

/// The distinct positions of `work`, in order of first appearance, and for each path (root index,
/// position) the root and the index of its position among them.
fn distinct<P: Game>(work: &[(usize, P)]) -> (Vec<P>, Vec<(usize, usize)>) {
    let mut index: HashMap<P, usize> = HashMap::with_capacity(work.len());
    let mut items = Vec::new();
    let paths = work
        .iter()
        .map(|(root, p)| {
            let k = *index.entry(*p).or_insert_with(|| {
                items.push(*p);
                items.len() - 1
            });
            (*root, k)
        })
        .collect();
    (items, paths)
}

#[cfg(test)]
mod tests {
    use crate::{GameKind, PerftOptions, Player, Position, Variant};
    use std::sync::atomic::{AtomicBool, Ordering};

    fn bechi() -> Position {
        Position::start(Variant::default_for(GameKind::Bechi), Player::B)
    }

    /// A count told to stop gives up: perft 40 of Bechi's start (far beyond a lifetime) returns,
    /// with one thread and two, with a table and without. Its counts are to be thrown away.
    #[test]
    fn a_count_told_to_stop_returns() {
        let pos = bechi();
        let stop = AtomicBool::new(true);
        for (threads, hash_bytes) in [(1, 0), (2, 0), (1, 1 << 16), (2, 1 << 16)] {
            let opts = PerftOptions {
                threads,
                hash_bytes,
                progress: None,
                stop: Some(&stop),
            };
            let counts = pos.perft_divide_with(40, &opts).unwrap();
            assert_eq!(counts.len(), 4, "every root move, {threads} threads");
        }
        // Told while it counts, from another thread, as Python's Ctrl-C does.
        let stop = AtomicBool::new(false);
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(20));
                stop.store(true, Ordering::Relaxed);
            });
            let opts = PerftOptions {
                threads: 1,
                stop: Some(&stop),
                ..PerftOptions::default()
            };
            assert_eq!(pos.perft_divide_with(40, &opts).unwrap().len(), 4);
        });
    }

    /// A flag that is never set changes no count.
    #[test]
    fn a_flag_never_set_changes_nothing() {
        let pos = bechi();
        let stop = AtomicBool::new(false);
        for threads in [1, 2] {
            let opts = PerftOptions {
                threads,
                hash_bytes: 1 << 16,
                stop: Some(&stop),
                ..PerftOptions::default()
            };
            assert_eq!(
                pos.perft_divide_with(6, &opts).unwrap(),
                pos.perft_divide(6, 1)
            );
        }
    }
}
