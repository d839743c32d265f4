//! The transposition table of the search: a fixed array of slots, indexed and checked by a
//! 64-bit hash of the whole position (board, stores, marks, side to move and everything fixed
//! for the round).

use rules_core::Position;
use std::hash::{Hash, Hasher};

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
#[derive(Copy, Clone, Debug)]
pub struct Entry {
    pub key: u64,
    pub value: i16,
    /// Plies searched below the position, or [`PROVED`].
    pub depth: u16,
    pub bound: Bound,
    /// Index of the best move in the position's list of legal moves, or `u8::MAX`.
    pub best: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    value: 0,
    depth: 0,
    bound: Bound::None,
    best: u8::MAX,
};

/// A fast 64-bit hash of a position: a multiply-rotate over the words `Hash` feeds it, then a
/// final mix so that the low bits (the slot index) depend on every input bit.
#[derive(Default)]
struct PositionHasher(u64);

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

pub struct Table {
    slots: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of at most `bytes` bytes (a power of two of slots, at least 1024).
    pub fn new(bytes: usize) -> Table {
        let wanted = (bytes / size_of::<Entry>()).max(1024);
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Table {
            slots: vec![EMPTY; len],
            mask: len - 1,
        }
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.slots[(key as usize) & self.mask];
        (e.key == key).then_some(e)
    }

    /// Keeps `e` unless its slot holds a deeper entry of the same position.
    pub fn store(&mut self, e: Entry) {
        let slot = &mut self.slots[(e.key as usize) & self.mask];
        if slot.key != e.key || slot.depth <= e.depth || slot.bound == Bound::None {
            *slot = e;
        }
    }
}
