//! A board as byte lanes, for untraced sowing: a lap is one add of a run of ones over the whole
//! board, three 64-bit words, whatever the number of seeds, instead of one step per seed
//! (spec/engine.md §3).
//!
//! A seed count is below 256 (at most 180 seeds in any game), so adding boards word by word never
//! carries from one hole into the next: a word add is eight hole adds. Plain integer arithmetic,
//! no target-specific code, no `unsafe`.

use crate::geometry::HoleSet;
use crate::player::Dir;

/// The most holes a board of lanes holds (every board of these games has at most 20).
pub(crate) const LANES: usize = 24;

/// Seed counts by hole index, one byte each; lanes from the board's length on stay 0.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lanes(pub(crate) [u8; LANES]);

/// Word `w` of lanes `x`: holes 8w..8w + 8, hole 8w in the low byte.
#[inline(always)]
fn word(x: &[u8; LANES], w: usize) -> u64 {
    u64::from_le_bytes(x[8 * w..8 * w + 8].try_into().expect("8 bytes"))
}

impl Lanes {
    /// The first `L` holes of `seeds`, the other lanes 0.
    #[inline(always)]
    pub(crate) fn load<const L: usize>(seeds: &[u8; L]) -> Lanes {
        const { assert!(L <= LANES) };
        let mut x = [0u8; LANES];
        x[..L].copy_from_slice(seeds);
        Lanes(x)
    }

    /// Writes the first `L` lanes back.
    #[inline(always)]
    pub(crate) fn store<const L: usize>(&self, seeds: &mut [u8; L]) {
        seeds.copy_from_slice(&self.0[..L]);
    }

    /// A 64-bit mix of the lanes, for telling outcomes apart ([`crate::perft::Distinct`]):
    /// equal lanes give equal fingerprints.
    #[inline(always)]
    pub(crate) fn fingerprint(&self) -> u64 {
        let [a, b, c] = [0, 1, 2].map(|w| word(&self.0, w));
        (a ^ b.rotate_left(21) ^ c.rotate_left(42)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Adds `add` word by word.
    #[inline(always)]
    fn add(&mut self, add: [u64; 3]) {
        for (w, a) in add.into_iter().enumerate() {
            let sum = word(&self.0, w) + a;
            self.0[8 * w..8 * w + 8].copy_from_slice(&sum.to_le_bytes());
        }
    }

    /// Sows one lap: `hand` seeds, one per hole from the hole after `pos` in `dir`, on the cycle
    /// of the first `runs.len` holes. Returns the hole of the last seed (`pos` when `hand` is 0),
    /// the holes that received a seed, as [`super::sow_lap`] does seed by seed, and the seeds in
    /// the last hole after the lap: read before the add (what it held, plus a seed per full turn
    /// and the last seed), so that the next lap need not wait for the add.
    #[inline(always)]
    pub(crate) fn lap(
        &mut self,
        runs: &Runs,
        pos: usize,
        dir: Dir,
        hand: u8,
    ) -> (usize, HoleSet, u8) {
        let len = runs.len;
        let hand = usize::from(hand);
        // Full turns: q more seeds in every hole, then a run of r.
        let (q, r) = if hand >= len {
            (hand / len, hand % len)
        } else {
            (0, hand)
        };
        let (from, last) = runs.after(pos, dir, r);
        let count = self.0[last] + q as u8 + u8::from(r > 0);
        let mut touched = 0;
        if q > 0 {
            let all = runs.all();
            self.add(all.add.map(|a| a * q as u64));
            touched = all.holes;
        }
        let run = runs.get(from, r);
        self.add(run.add);
        debug_assert_eq!(count, self.0[last]);
        (last, HoleSet(touched | run.holes), count)
    }
}

/// [`Lanes::lap`] on a board of at most 8 holes held in one word (hole 0 in the low byte):
/// the board after the lap and the hole of the last seed.
#[inline(always)]
pub(crate) fn lap_word(board: u64, runs: &Runs, pos: usize, dir: Dir, hand: u8) -> (u64, usize) {
    debug_assert!(runs.len <= 8);
    let len = runs.len;
    let mut r = usize::from(hand);
    let mut board = board;
    if r >= len {
        let q = r / len;
        r -= q * len;
        board += runs.all().add[0] * q as u64;
    }
    let (from, last) = runs.after(pos, dir, r);
    (board + runs.get(from, r).add[0], last)
}

/// A run of consecutive holes of the cycle: one seed for each, as lanes to add, and the holes.
#[derive(Copy, Clone, Debug)]
struct Run {
    add: [u64; 3],
    holes: u32,
}

/// The runs of one cycle length.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Runs {
    len: usize,
    /// Where the runs of this length begin in [`RUNS`].
    at: usize,
}

/// The board lengths: every even length from 6 (Bechi 2×3) to 20 (Giuthi 2×10).
const MIN_LEN: usize = 6;
const MAX_LEN: usize = 20;

/// Where the runs of length `len` begin in [`RUNS`]: after every shorter length's `len²` runs.
const fn offset(len: usize) -> usize {
    let mut at = 0;
    let mut l = MIN_LEN;
    while l < len {
        at += l * l;
        l += 2;
    }
    at
}

/// [`offset`] of every length.
const OFFSETS: [usize; MAX_LEN + 1] = {
    let mut o = [0; MAX_LEN + 1];
    let mut len = 0;
    while len <= MAX_LEN {
        o[len] = offset(len);
        len += 1;
    }
    o
};

/// Every run of every cycle length, by length, first hole and number of holes (less than the
/// length), made at compile time: 1520 runs of 32 bytes.
static RUNS: [Run; offset(MAX_LEN + 2)] = {
    let mut runs = [Run {
        add: [0; 3],
        holes: 0,
    }; offset(MAX_LEN + 2)];
    let mut len = MIN_LEN;
    while len <= MAX_LEN {
        let mut from = 0;
        while from < len {
            let mut r = 0;
            while r < len {
                let run = &mut runs[offset(len) + from * len + r];
                let mut k = 0;
                while k < r {
                    let i = (from + k) % len;
                    run.add[i / 8] += 1 << (8 * (i % 8));
                    run.holes |= 1 << i;
                    k += 1;
                }
                r += 1;
            }
            from += 1;
        }
        len += 2;
    }
    runs
};

impl Runs {
    /// The runs of a cycle of `len` holes: an even length from 6 to 20.
    #[inline(always)]
    pub(crate) fn of(len: usize) -> Runs {
        assert!(
            (MIN_LEN..=MAX_LEN).contains(&len) && len.is_multiple_of(2),
            "a board of 6 to 20 holes"
        );
        Runs {
            len,
            at: OFFSETS[len],
        }
    }

    /// The `r` holes after `pos` in `dir` (`r` < len), as the run of `r` holes from the first
    /// hole in cycle order, and the last of them in `dir` (`pos` when `r` is 0).
    #[inline(always)]
    fn after(&self, pos: usize, dir: Dir, r: usize) -> (usize, usize) {
        let len = self.len;
        match dir {
            Dir::Ccw => (
                if pos + 1 == len { 0 } else { pos + 1 },
                if pos + r >= len {
                    pos + r - len
                } else {
                    pos + r
                },
            ),
            Dir::Cw => {
                let last = if pos >= r { pos - r } else { pos + len - r };
                (last, last)
            }
        }
    }

    /// One seed in every hole: a full turn, as the run of len − 1 holes from hole 1 and hole 0.
    #[inline(always)]
    fn all(&self) -> Run {
        let mut all = *self.get(1, self.len - 1);
        all.add[0] += 1;
        all.holes |= 1;
        all
    }

    #[inline(always)]
    fn get(&self, from: usize, r: usize) -> &'static Run {
        &RUNS[self.at + from * self.len + r]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;

    /// A lap of lanes is the lap of [`super::super::sow_lap`], seed by seed: board, last hole and
    /// touched holes, on every board length of the games, from every hole, both ways, for
    /// hands up to three turns; and so is a lap of one word on boards of up to 8 holes.
    #[test]
    fn a_lap_of_lanes_is_sown_seed_by_seed() {
        for len in [6usize, 8, 10, 12, 14, 16, 18, 20] {
            let g = Geometry::two_rows((len / 2) as u8);
            let runs = Runs::of(len);
            for pos in 0..len {
                for dir in Dir::BOTH {
                    for hand in 0..=(3 * len as u8 + 2) {
                        let start: [u8; 20] =
                            std::array::from_fn(|i| if i < len { (i * 7 % 5) as u8 } else { 0 });
                        let mut a = start;
                        let (mut p, mut t) = (pos, HoleSet::EMPTY);
                        for _ in 0..hand {
                            p = g.step(p, dir);
                            a[p] += 1;
                            t.insert(p);
                        }
                        let mut b = Lanes::load(&start);
                        let (q, u, n) = b.lap(&runs, pos, dir, hand);
                        assert_eq!(n, b.0[q]);
                        let mut back = [0u8; 20];
                        b.store(&mut back);
                        assert_eq!(
                            (a, p, t),
                            (back, q, u),
                            "len {len} pos {pos} {dir:?} hand {hand}"
                        );
                        assert!(b.0[20..].iter().all(|&x| x == 0));
                        if len <= 8 {
                            let word = u64::from_le_bytes(start[..8].try_into().unwrap());
                            let (w, q) = lap_word(word, &runs, pos, dir, hand);
                            assert_eq!((w.to_le_bytes(), q), (a[..8].try_into().unwrap(), p));
                        }
                    }
                }
            }
        }
    }
}
