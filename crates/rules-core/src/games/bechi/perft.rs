//! Bechi's perft path (spec/engine.md §3): untraced sowing as one add over the board, and the
//! last ply counted without making children wherever no two moves can meet in one outcome.
//!
//! **Which moves can meet.** Let i ≠ j be two legal start holes of the mover (B4) and k the number
//! of holes that are not blocked (B3). The move from i leaves its start hole with
//! a(i) = 1 + ⌊(n − 1)/k⌋ seeds before captures, n = its seeds (B6: the first seed back into the
//! start hole; B7, B8: one per open hole after it, the start hole again on each full turn), and
//! 1 ≤ a(i) < n since n ≥ 2 and k ≥ 2 (B15 leaves a hole of each row open). If the two moves
//! give one outcome (rules README §6.2):
//! * their chosen marks agree (B2): C ∪ {i} = C ∪ {j}, so i and j were both chosen already;
//! * hole i holds the same in both. The move from j does not lift i, so there it holds n or more,
//!   or 0 if captured; the move from i leaves a(i) < n, or 0 if captured. So the move from i
//!   captures its own start hole, which B9 and B10 allow only for an even count: a(i) is even.
//!
//! A start hole that was chosen and whose a(i) is even is a **suspect**; so are both directions of
//! the 2×3 middle hole, the one start with two moves. Only suspects' moves can share an outcome.
//! With fewer than two suspect moves every move is its own outcome, and the last ply is the
//! number of moves; otherwise only the suspects' children are made and compared (98.6% of the
//! parents of Bechi's depth-15 leaves need none). Debug builds check every count against
//! [`crate::Game::generate`], and the tests below compare both on random positions.

use super::Bechi;
use crate::geometry::HoleSet;
use crate::perft::Perft;
use crate::player::{Dir, Player};
use crate::sowing::{Runs, lap_word};

/// The moves of one position, one per start hole and direction: at most 4 holes, and 3 moves on
/// 2×3.
struct Starts {
    moves: [(usize, Dir); 4],
    len: usize,
    /// Whether each move's start is a suspect (module comment).
    suspect: [bool; 4],
    suspects: usize,
}

/// For each number of open holes k (2 to 8), the hole counts n (up to 48, every seed of the
/// game) for which a(i) = 1 + ⌊(n − 1)/k⌋ is even, as bits: so that no division is made.
const EVEN_KEPT: [u64; 9] = {
    let mut t = [0u64; 9];
    let mut k = 2;
    while k <= 8 {
        let mut n = 2;
        while n <= 48 {
            if (1 + (n - 1) / k) % 2 == 0 {
                t[k] |= 1 << n;
            }
            n += 1;
        }
        k += 1;
    }
    t
};

/// A move's outcome on 2×4 with no blocked hole, as far as the count of the next ply needs it:
/// the board as one word (hole index k in byte k) and the chosen marks.
#[derive(Copy, Clone)]
struct Sown {
    board: u64,
    chosen: HoleSet,
    captured: u8,
}

/// The legal start holes of `mover` (B4) and the suspects among them (module comment) on a 2×4
/// board with no blocked hole, every hole at once: `board` holds a hole per byte, each count
/// below 128 (48 seeds in all), so that adding a constant to every byte never carries into the
/// next.
#[inline]
fn starts_in_word(board: u64, chosen: HoleSet, mover: Player) -> (HoleSet, HoleSet) {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let row = match mover {
        Player::B => 0x0000_0000_ffff_ffff,
        Player::A => 0xffff_ffff_0000_0000,
    };
    // x + 126 reaches 128 exactly when x ≥ 2: the legal starts (B4).
    let legal = (board + 0x7e7e_7e7e_7e7e_7e7e) & HIGH & row;
    // a(i) = 1 + ⌊(x − 1)/8⌋ is even when bit 3 of x − 1 is set, and x + 127 is x − 1 + 128.
    let even = ((board + 0x7f7f_7f7f_7f7f_7f7f) << 4) & HIGH;
    // The high bit of byte k becomes bit k.
    let holes = |m: u64| ((m >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
    (
        HoleSet(holes(legal)),
        HoleSet(holes(legal & even) & chosen.0),
    )
}

/// B4 on 2×4: the direction of the start hole index `i` of the row beginning at `first`.
#[inline(always)]
fn dir_2x4(i: usize, first: usize) -> Dir {
    if i - first < 2 { Dir::Cw } else { Dir::Ccw }
}

impl Bechi {
    /// Whether the fast paths of one word apply: 2×4 and no blocked hole (round 1, and later
    /// rounds in which every hole was filled).
    #[inline(always)]
    fn in_word(&self) -> bool {
        self.n == 4 && self.blocked.is_empty()
    }

    /// The index of the mover's hole 1 (B1).
    #[inline(always)]
    fn row_start(&self) -> usize {
        match self.to_move {
            Player::B => 0,
            Player::A => usize::from(self.n),
        }
    }

    /// The mover's moves (B4), each with whether its start is a suspect.
    #[inline]
    fn starts(&self) -> Starts {
        let n = usize::from(self.n);
        let first = self.row_start();
        let even_kept = EVEN_KEPT[2 * n - self.blocked.len()];
        let mut s = Starts {
            moves: [(0, Dir::Ccw); 4],
            len: 0,
            suspect: [false; 4],
            suspects: 0,
        };
        for i in first..first + n {
            if self.seeds[i] < 2 {
                continue;
            }
            let dirs = self.dirs((i - first + 1) as u8);
            let suspect =
                dirs.len() == 2 || (self.chosen.contains(i) && even_kept >> self.seeds[i] & 1 != 0);
            for &d in dirs {
                s.moves[s.len] = (i, d);
                s.suspect[s.len] = suspect;
                s.len += 1;
                s.suspects += usize::from(suspect);
            }
        }
        s
    }

    /// The number of the mover's moves (B4) and of his suspect moves.
    #[inline]
    fn count_starts(&self) -> (usize, usize) {
        if self.in_word() {
            let board = u64::from_le_bytes(self.seeds);
            let (legal, suspects) = starts_in_word(board, self.chosen, self.to_move);
            return (legal.len(), suspects.len());
        }
        let s = self.starts();
        (s.len, s.suspects)
    }

    /// The move from hole index `i` in `dir` on 2×4 with no blocked hole (B6–B10): the lap as one
    /// add to the board as a word.
    #[inline]
    fn sow_word(&self, i: usize, dir: Dir) -> Sown {
        debug_assert!(self.in_word());
        const LEN: usize = 8;
        let step = |i: usize, dir: Dir| match dir {
            Dir::Ccw => (i + 1) % LEN,
            Dir::Cw => (i + LEN - 1) % LEN,
        };
        let hand = self.seeds[i];
        let mut chosen = self.chosen;
        chosen.insert(i);
        // B6: the lap starts in the start hole itself, that is after the hole before it.
        let lifted = u64::from_le_bytes(self.seeds) & !(0xff << (8 * i));
        let (board, last) = lap_word(lifted, &Runs::of(LEN), step(i, dir.reversed()), dir, hand);
        // B9, B10: an even count in a chosen hole is captured, and the chain follows the sowing.
        let mut seeds = board.to_le_bytes();
        let mut captured = 0;
        let mut h = last;
        while seeds[h] > 0 && seeds[h].is_multiple_of(2) && chosen.contains(h) {
            captured += seeds[h];
            seeds[h] = 0;
            h = step(h, dir);
        }
        Sown {
            board: u64::from_le_bytes(seeds),
            chosen,
            captured,
        }
    }

    /// The move from hole index `i` in `dir` without a trace (B6–B12).
    #[inline]
    fn sow_untraced(&self, i: usize, dir: Dir) -> Bechi {
        if !self.in_word() {
            return self.sow(i, dir, &mut crate::trace::NoTrace);
        }
        let sown = self.sow_word(i, dir);
        let mut c = *self;
        c.seeds = sown.board.to_le_bytes();
        c.chosen = sown.chosen;
        c.store[self.to_move.index()] += sown.captured;
        c.to_move = self.to_move.other();
        c
    }
}

impl Perft for Bechi {
    fn children(&self, out: &mut Vec<Bechi>) {
        let s = self.starts();
        if s.len == 0 {
            // B5: no legal move, but the round goes on (B13): a forced pass.
            if self.can_move(self.to_move.other()) {
                out.push(self.passed());
            }
            return;
        }
        let first = out.len();
        let mut suspects = [0usize; 4];
        let mut n = 0;
        for (k, &(i, d)) in s.moves[..s.len].iter().enumerate() {
            let child = self.sow_untraced(i, d);
            if s.suspect[k] && s.suspects > 1 {
                if suspects[..n].iter().any(|&x| out[first + x] == child) {
                    continue;
                }
                suspects[n] = out.len() - first;
                n += 1;
            }
            out.push(child);
        }
        debug_assert_eq!(out.len() - first, crate::perft::generated(self).len());
    }

    fn count_children(&self, scratch: &mut Vec<Bechi>) -> usize {
        let (moves, suspects) = self.count_starts();
        let count = if moves == 0 {
            usize::from(self.can_move(self.to_move.other()))
        } else if suspects < 2 {
            moves
        } else {
            // Only the suspects' children can meet: make them and count the distinct ones.
            let s = self.starts();
            scratch.clear();
            for (k, &(i, d)) in s.moves[..s.len].iter().enumerate() {
                if s.suspect[k] {
                    let child = self.sow_untraced(i, d);
                    if !scratch.contains(&child) {
                        scratch.push(child);
                    }
                }
            }
            s.len - s.suspects + scratch.len()
        };
        debug_assert_eq!(count, crate::perft::generated(self).len());
        count
    }

    /// The last two plies at once on 2×4 with no blocked hole, when no two moves here can meet:
    /// each child is sown as a word and its moves counted from it, without making it, unless
    /// the child has suspects or no move (then it is made and counted as any other).
    fn count_two_plies(&self, bufs: &mut [Vec<Bechi>]) -> u128 {
        if !self.in_word() {
            return crate::perft::count_two_plies(self, bufs);
        }
        let (legal, suspects) =
            starts_in_word(u64::from_le_bytes(self.seeds), self.chosen, self.to_move);
        if legal.is_empty() || suspects.len() > 1 {
            return crate::perft::count_two_plies(self, bufs);
        }
        let first = self.row_start();
        let mut total = 0;
        for i in legal.iter() {
            let d = dir_2x4(i, first);
            let sown = self.sow_word(i, d);
            let (moves, suspects) = starts_in_word(sown.board, sown.chosen, self.to_move.other());
            total += if !moves.is_empty() && suspects.len() < 2 {
                moves.len()
            } else {
                self.sow_untraced(i, d).count_children(&mut bufs[0])
            } as u128;
        }
        debug_assert_eq!(total, crate::perft::count_two_plies(self, bufs));
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Children, Game};
    use proptest::prelude::*;

    /// A Bechi position of round 1 or 2 (blocked holes in one row), with any seeds, chosen
    /// marks and player to move: not every one is reachable, but the rules apply to each.
    fn position() -> impl Strategy<Value = Bechi> {
        (
            prop_oneof![Just(4u8), Just(3u8)],
            prop::array::uniform8(0u8..14),
            any::<u8>(),
            0u8..3,
            any::<bool>(),
        )
            .prop_map(|(n, seeds, chosen, blocked, a)| {
                let len = 2 * usize::from(n);
                let mut b = Bechi {
                    seeds: [0; 8],
                    chosen: HoleSet(u32::from(chosen) & ((1 << len) - 1)),
                    blocked: HoleSet::EMPTY,
                    store: [0, 0],
                    reserve: [0, 0],
                    to_move: if a { Player::A } else { Player::B },
                    opener: Player::B,
                    round: 1,
                    n,
                };
                b.seeds[..len].copy_from_slice(&seeds[..len]);
                // Up to two blocked holes of A's row, empty and not chosen (B3).
                for k in 0..usize::from(blocked) {
                    let i = usize::from(n) + 2 * k % usize::from(n);
                    b.blocked.insert(i);
                    b.chosen.remove(i);
                    b.seeds[i] = 0;
                    b.round = 2;
                }
                b
            })
    }

    proptest! {
        /// The perft path's children are `generate`'s, as a set, and its count is their number.
        #[test]
        fn perft_path_is_generate(b in position()) {
            let mut want = Vec::new();
            b.generate(&mut Children(&mut want));
            let mut got = Vec::new();
            b.children(&mut got);
            prop_assert_eq!(got.len(), want.len());
            prop_assert!(got.iter().all(|c| want.contains(c)));
            prop_assert_eq!(b.count_children(&mut Vec::new()), want.len());
        }
    }
}
