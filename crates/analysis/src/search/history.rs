//! The history heuristic: for each player and move, how much the move's cutoffs were worth (the
//! square of the plies left below each), so that moves of equal estimate are tried in the order
//! of the cutoffs they made elsewhere (spec/analysis.md §2, "Order of moves").
//!
//! One table serves every thread of an analysis: the threads then order a node's moves alike,
//! which the simplified ABDADA of `threads.rs` needs to share them out (its marks spread threads
//! that try a node's moves in the same order; a thread never looks for a mark on the move it
//! tries first). With a table a thread, the threads' orders drifted apart: two threads reached
//! a fixed depth of Uugg 2×5 with more nodes, and less evenly (spec/analysis.md §11). The counts are relaxed atomics, read
//! and written without a lock: a count lost when two threads add to it at once only orders moves
//! a little otherwise, never changes a value, and one thread counts exactly as before.
//!
//! A move's place in the table is a hash of its fields, made for the purpose: it is computed for
//! every child of every node ordered, so it must cost a few instructions. The standard library's
//! SipHash cost a sixth of all the search's instructions (spec/analysis.md §11).

use rules_core::{Move, Player};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU32, Ordering};

/// log2 of the places per player.
const BITS: u32 = 10;

/// A count above which every count is halved, so that none saturates and recent cutoffs weigh.
const HALVE_ABOVE: u32 = 1 << 28;

/// The history table of one analysis, shared by its threads.
pub(super) struct History {
    counts: Box<[AtomicU32]>,
}

impl History {
    pub fn new() -> History {
        History {
            counts: (0..2 << BITS).map(|_| AtomicU32::new(0)).collect(),
        }
    }

    /// The worth of `m`'s cutoffs when `mover` played it.
    pub fn get(&self, mover: Player, m: &Move) -> u32 {
        self.counts[place(mover, m)].load(Ordering::Relaxed)
    }

    /// `m`, played by `mover`, cut a node off with `depth` plies left below it. A load and a
    /// store rather than an atomic add (a locked instruction at every cutoff): another thread's
    /// count made in between may be lost, which orders moves a little otherwise and nothing else.
    pub fn cutoff(&self, mover: Player, m: &Move, depth: u32) {
        let h = &self.counts[place(mover, m)];
        let n = h.load(Ordering::Relaxed).saturating_add(depth * depth);
        h.store(n, Ordering::Relaxed);
        if n > HALVE_ABOVE {
            for x in &self.counts {
                x.store(x.load(Ordering::Relaxed) / 2, Ordering::Relaxed);
            }
        }
    }
}

/// A multiply-rotate hash of the few small fields `Move`'s derived `Hash` feeds it (a variant,
/// holes, directions): one multiply a field. Deterministic, as the search must be.
#[derive(Default)]
struct MoveHasher(u64);

/// An odd 64-bit constant with well-spread bits (the one `table.rs` uses for positions).
const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for MoveHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(K);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_isize(&mut self, n: isize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        // The last step is a multiply: its high bits depend on every field.
        self.0
    }
}

/// The place of `m` played by `mover`: the top bits of the move's hash, after the mover's.
fn place(mover: Player, m: &Move) -> usize {
    let mut h = MoveHasher::default();
    m.hash(&mut h);
    let place = (h.finish() >> (64 - BITS)) as usize;
    mover.index() << BITS | place
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::{Dir, Hole};

    /// The moves of a 2×10 board in both directions, and a pass, each played by both players.
    fn moves() -> Vec<Move> {
        let mut v = vec![Move::Pass, Move::Open];
        for side in [Player::A, Player::B] {
            for number in 1..=10 {
                let hole = Hole::new(number, side);
                v.push(Move::sow(hole));
                v.push(Move::sow_dir(hole, Dir::Cw));
                v.push(Move::sow_dir(hole, Dir::Ccw));
            }
        }
        v
    }

    #[test]
    fn places_are_the_movers_and_spread() {
        let ms = moves();
        for p in [Player::A, Player::B] {
            let mut seen: Vec<usize> = ms.iter().map(|m| place(p, m)).collect();
            assert!(seen.iter().all(|&x| x >> BITS == p.index()));
            seen.sort_unstable();
            seen.dedup();
            // 62 moves in 1024 places: a handful of collisions at most.
            assert!(seen.len() >= ms.len() - 4, "{} places", seen.len());
        }
    }

    #[test]
    fn a_cutoff_counts_for_its_mover_and_move_only() {
        let h = History::new();
        let m = Move::sow(Hole::new(3, Player::A));
        h.cutoff(Player::A, &m, 5);
        h.cutoff(Player::A, &m, 2);
        assert_eq!(h.get(Player::A, &m), 29);
        assert_eq!(h.get(Player::B, &m), 0);
        h.cutoff(Player::A, &m, 1 << 15);
        // 29 + 2^30 is above the ceiling: every count halved.
        assert_eq!(h.get(Player::A, &m), (29 + (1 << 30)) / 2);
    }
}
