//! The transposition table of the search: slots indexed and checked by a 64-bit hash of the whole
//! position (board, stores, marks, side to move and everything fixed for the round), shared by
//! every thread of a search and kept between the positions of a batch.
//!
//! * **Lock-free.** A slot is two atomic words, the entry's data and the key xor the data: a
//!   reader takes the entry only when the two words give back its key, so an entry torn by two
//!   threads writing at once is never taken (it reads as another key, and misses).
//! * **Reserved whole, paged as it fills.** [`Table::new`] checks that the machine can give the
//!   whole size (address space, untouched) and fails with [`TableError`] otherwise; the slots in
//!   use start at 1 MB and double when a quarter of them hold entries, each entry moved to its
//!   slot in the doubled table. A short search touches little memory, whatever `--hash` says, and
//!   never spends time filling a table it will not use.

use rules_core::{Position, TableError};
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

/// The depth of an entry whose value was proved to the end of the round: good at any depth.
pub const PROVED: u16 = u16::MAX;

/// What an entry's value says about the position's value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// No value: the entry only keeps the best move (a value that depended on the path, through
    /// a repetition, is not kept).
    None,
    /// The exact value (at the entry's depth).
    Exact,
    /// A lower bound.
    Lower,
    /// An upper bound.
    Upper,
}

/// One slot.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: u64,
    pub value: i16,
    /// Plies searched below the position, or [`PROVED`].
    pub depth: u16,
    pub bound: Bound,
    /// Index of the best move in the position's list of legal moves, or `u8::MAX`.
    pub best: u8,
    /// The iteration that searched an estimate ([`stamp`]): an estimate serves only the
    /// iteration that made it, a proved value every one.
    pub stamp: u32,
}

/// Bits of an entry's stamp: 12 of the analysis, 10 of the depth.
const STAMP_BITS: u32 = 22;

/// The stamp of the iteration of depth `depth` of analysis `epoch` ([`Table::new_epoch`]).
///
/// Why estimates are not kept from one iteration to the next: an estimate of a position taken
/// from the table on another line joins lines that may together go round a cycle of positions
/// no single line repeats, and the estimate then never gives way to a proof however deep the
/// search goes (a Redu ending with a capture right that cycles searched to depth 1000 without
/// a proof). Within one iteration, every estimate rests on a line of that many plies that
/// repeats no position; once no such line is left, the root is proved.
#[must_use]
pub fn stamp(epoch: u32, depth: u32) -> u32 {
    (epoch << 10 | depth & 0x3ff) & ((1 << STAMP_BITS) - 1)
}

impl Entry {
    /// The data word: value, depth, bound and best move.
    fn data(&self) -> u64 {
        let bound = match self.bound {
            Bound::None => 0u64,
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        u64::from(self.value as u16)
            | u64::from(self.depth) << 16
            | bound << 32
            | u64::from(self.best) << 34
            | u64::from(self.stamp & ((1 << STAMP_BITS) - 1)) << 42
    }

    fn from_data(key: u64, d: u64) -> Entry {
        Entry {
            key,
            value: (d & 0xffff) as u16 as i16,
            depth: (d >> 16 & 0xffff) as u16,
            bound: match d >> 32 & 3 {
                0 => Bound::None,
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            best: (d >> 34 & 0xff) as u8,
            stamp: (d >> 42) as u32,
        }
    }
}

/// A fast 64-bit hash of a position: a multiply-rotate over the words `Hash` feeds it, then a
/// final mix so that the low bits (the slot index) depend on every input bit. The one hasher of
/// positions: the table's slots, and the maps of the forcing searches (`matches/force.rs`,
/// `proof/prover.rs`; positions are not adversarial there, and the map is the search's main
/// cost).
#[derive(Default)]
pub(crate) struct PositionHasher(u64);

impl Hasher for PositionHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        // splitmix64's finaliser.
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The hash of a position (never 0, which marks an empty slot).
#[must_use]
pub fn hash(pos: &Position) -> u64 {
    let mut h = PositionHasher::default();
    pos.hash(&mut h);
    h.finish().max(1)
}

/// Bytes of one slot: two words.
pub const SLOT_BYTES: usize = 16;
/// log2 of the slots in use at first (1 MB).
const FIRST_BITS: u32 = 16;
/// log2 of the fewest slots a table has.
const MIN_BITS: u32 = 10;

/// A page of slots: `2 × slots` words, slot `i` at `2i` (key xor data) and `2i + 1` (data).
type Page = Box<[AtomicU64]>;

/// The shared transposition table.
pub struct Table {
    /// Pages of `1 << page_bits` slots, allocated as the slots in use reach them.
    pages: Vec<OnceLock<Page>>,
    page_bits: u32,
    /// log2 of all the slots the table may use.
    max_bits: AtomicU32,
    /// log2 of the slots in use: a key's slot is its low `bits` bits.
    bits: AtomicU32,
    /// Entries written into empty slots, counted by [`Table::filled`].
    fills: AtomicU64,
    /// One thread at a time doubles the slots in use.
    growing: AtomicBool,
    /// Analyses begun on this table ([`Table::new_epoch`]).
    epochs: AtomicU32,
}

impl Table {
    /// A table of at most `bytes` bytes (a power of two of slots, at least 1024).
    ///
    /// # Errors
    /// The machine (or a limit set on the process) cannot give that much memory: checked by
    /// reserving it whole, untouched, and giving it back.
    pub fn new(bytes: usize) -> Result<Table, TableError> {
        let wanted = (bytes / SLOT_BYTES).max(1 << MIN_BITS);
        let max_bits = wanted.ilog2();
        let slots = 1usize << max_bits;
        let mut whole: Vec<u64> = Vec::new();
        whole
            .try_reserve_exact(2 * slots)
            .map_err(|_| TableError { bytes })?;
        drop(whole);
        // At most 65 536 pages, so that the page list stays small.
        let page_bits = (max_bits.saturating_sub(16)).max(MIN_BITS).min(max_bits);
        let mut pages = Vec::new();
        pages
            .try_reserve_exact(slots >> page_bits)
            .map_err(|_| TableError { bytes })?;
        pages.resize_with(slots >> page_bits, OnceLock::new);
        let first = FIRST_BITS.max(page_bits).min(max_bits);
        let table = Table {
            pages,
            page_bits,
            max_bits: AtomicU32::new(max_bits),
            bits: AtomicU32::new(first),
            fills: AtomicU64::new(0),
            growing: AtomicBool::new(false),
            epochs: AtomicU32::new(0),
        };
        if !table.allocate(0, 1 << first) {
            return Err(TableError { bytes });
        }
        Ok(table)
    }

    /// Allocates the pages of slots `from..to`; false if the machine refuses one.
    fn allocate(&self, from: usize, to: usize) -> bool {
        let words = 2usize << self.page_bits;
        (from >> self.page_bits..to >> self.page_bits).all(|p| {
            let page = self.pages[p].get_or_init(|| {
                let mut v: Vec<AtomicU64> = Vec::new();
                if v.try_reserve_exact(words).is_err() {
                    return Box::new([]);
                }
                v.resize_with(words, || AtomicU64::new(0));
                v.into_boxed_slice()
            });
            !page.is_empty()
        })
    }

    /// The two words of slot `i`.
    #[inline]
    fn slot(&self, i: usize) -> Option<(&AtomicU64, &AtomicU64)> {
        let page = self.pages.get(i >> self.page_bits)?.get()?;
        let at = 2 * (i & ((1 << self.page_bits) - 1));
        Some((page.get(at)?, page.get(at + 1)?))
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (key as usize) & ((1usize << self.bits.load(Ordering::Relaxed)) - 1)
    }

    /// The entry of `key`, if its slot holds one.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let (a, b) = self.slot(self.index(key))?;
        let d = b.load(Ordering::Relaxed);
        let k = a.load(Ordering::Relaxed) ^ d;
        (k == key).then(|| Entry::from_data(key, d))
    }

    /// A new analysis on this table: the epoch of its stamps ([`stamp`]). After 4 096 analyses
    /// an epoch comes back; an estimate of that old analysis may then serve again (it only
    /// delays a proof).
    pub fn new_epoch(&self) -> u32 {
        self.epochs.fetch_add(1, Ordering::Relaxed).wrapping_add(1) & 0xfff
    }

    /// Keeps `e` unless its slot holds a proved value of the same position, or a deeper
    /// estimate of the same iteration. Returns whether the slot was empty (the caller counts
    /// these and reports them with [`Table::filled`]).
    #[inline]
    pub fn store(&self, e: Entry) -> bool {
        let Some((a, b)) = self.slot(self.index(e.key)) else {
            return false;
        };
        let d = b.load(Ordering::Relaxed);
        let k = a.load(Ordering::Relaxed) ^ d;
        if k == e.key {
            let old = Entry::from_data(k, d);
            if old.depth > e.depth
                && old.bound != Bound::None
                && (old.depth == PROVED || old.stamp == e.stamp)
            {
                return false;
            }
        }
        let data = e.data();
        b.store(data, Ordering::Relaxed);
        a.store(e.key ^ data, Ordering::Relaxed);
        k == 0
    }

    /// `n` more entries were written into empty slots: past a quarter of the slots in use, they
    /// double.
    pub fn filled(&self, n: u64) {
        let fills = self.fills.fetch_add(n, Ordering::Relaxed) + n;
        let bits = self.bits.load(Ordering::Relaxed);
        if fills < (1u64 << bits) / 4 || bits >= self.max_bits.load(Ordering::Relaxed) {
            return;
        }
        if self
            .growing
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            return;
        }
        // Another thread may have doubled it meanwhile.
        if self.bits.load(Ordering::Relaxed) == bits {
            self.double(bits);
        }
        self.growing.store(false, Ordering::Release);
    }

    /// From `1 << bits` slots in use to twice as many: each entry whose key has bit `bits` set
    /// moves up to its new slot. Threads keep probing and storing meanwhile: an entry they
    /// write into a slot already passed may be left where no probe looks, which a table may
    /// always do (it only forgets).
    fn double(&self, bits: u32) {
        let half = 1usize << bits;
        if !self.allocate(half, 2 * half) {
            // The machine gives no more: stay at this size.
            self.max_bits.store(bits, Ordering::Relaxed);
            return;
        }
        for i in 0..half {
            let (Some((a, b)), Some((a2, b2))) = (self.slot(i), self.slot(i + half)) else {
                continue;
            };
            let d = b.load(Ordering::Relaxed);
            let x = a.load(Ordering::Relaxed);
            if (x ^ d) as usize & half != 0 {
                b2.store(d, Ordering::Relaxed);
                a2.store(x, Ordering::Relaxed);
                b.store(0, Ordering::Relaxed);
                a.store(0, Ordering::Relaxed);
            }
        }
        self.bits.store(bits + 1, Ordering::Release);
    }

    /// Empties the table (`--clear-hash`), giving back all but its first pages.
    pub fn clear(&mut self) {
        let first = FIRST_BITS
            .max(self.page_bits)
            .min(self.max_bits.load(Ordering::Relaxed));
        for (p, page) in self.pages.iter_mut().enumerate() {
            if p < (1 << first) >> self.page_bits {
                if let Some(words) = page.get_mut() {
                    for w in words.iter_mut() {
                        *w.get_mut() = 0;
                    }
                }
            } else {
                page.take();
            }
        }
        *self.bits.get_mut() = first;
        *self.fills.get_mut() = 0;
    }

    /// Bytes of slots in use now.
    #[must_use]
    pub fn bytes_in_use(&self) -> usize {
        SLOT_BYTES << self.bits.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: u16) -> Entry {
        Entry {
            key,
            value: -(key as i16 & 0x7ff),
            depth,
            bound: Bound::Lower,
            best: (key % 7) as u8,
            stamp: stamp(3, 9),
        }
    }

    #[test]
    fn entries_come_back_whole() {
        let t = Table::new(1 << 20).unwrap();
        let e = Entry {
            key: 0xdead_beef_1234,
            value: -300,
            depth: PROVED,
            bound: Bound::Upper,
            best: 200,
            stamp: stamp(0xfff, 1000),
        };
        assert!(t.store(e));
        assert_eq!(t.probe(e.key), Some(e));
        assert_eq!(
            t.probe(e.key ^ (1 << 40)),
            None,
            "another key of the same slot"
        );
        // An estimate does not replace a proved value of the same position.
        assert!(!t.store(Entry { depth: 3, ..e }));
        assert_eq!(t.probe(e.key), Some(e));
    }

    /// A deeper estimate is kept against a shallower one of its own iteration, not against one
    /// of another: an estimate serves only its iteration.
    #[test]
    fn an_estimate_gives_way_to_the_next_iteration() {
        let t = Table::new(1 << 20).unwrap();
        let deep = Entry {
            stamp: stamp(1, 7),
            ..entry(99, 7)
        };
        assert!(t.store(deep));
        assert!(!t.store(Entry { depth: 2, ..deep }));
        assert_eq!(t.probe(99), Some(deep));
        let next = Entry {
            depth: 2,
            stamp: stamp(1, 8),
            ..deep
        };
        assert!(!t.store(next));
        assert_eq!(t.probe(99), Some(next));
        assert_eq!(t.new_epoch(), 1);
        assert_eq!(t.new_epoch(), 2);
        assert_ne!(stamp(1, 8), stamp(2, 8));
        assert_ne!(stamp(1, 8), stamp(1, 9));
    }

    /// Doubling keeps every entry it can: with keys that never share a slot, all of them.
    #[test]
    fn doubling_moves_entries_to_their_new_slots() {
        let t = Table::new(64 << 20).unwrap();
        let first = t.bytes_in_use();
        let n = 1u64 << 17;
        // Keys 1..n: distinct low bits, so no two share a slot at any size from 2^17 up.
        let mut filled = 0;
        for key in 1..=n {
            if t.store(entry(key, 5)) {
                filled += 1;
            }
            if filled == 256 {
                t.filled(filled);
                filled = 0;
            }
        }
        t.filled(filled);
        assert!(t.bytes_in_use() >= 4 * first, "{}", t.bytes_in_use());
        // Each doubling moved the keys whose new bit is set: one thread, nothing lost.
        let found = (1..=n).filter(|&k| t.probe(k) == Some(entry(k, 5))).count();
        assert_eq!(found as u64, n);
    }

    #[test]
    fn a_size_the_machine_cannot_give_is_an_error() {
        let e = Table::new(1 << 60).err();
        assert_eq!(e, Some(TableError { bytes: 1 << 60 }));
    }

    #[test]
    fn clearing_forgets_everything() {
        let mut t = Table::new(1 << 20).unwrap();
        t.store(entry(42, 1));
        t.clear();
        assert_eq!(t.probe(42), None);
    }
}
