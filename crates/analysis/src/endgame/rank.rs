//! A perfect numbering of boards by their seeds (spec/analysis.md §12.5): every way of putting
//! at most K seeds into H holes gets a number below `C(K + H, H)`, boards of fewer seeds first,
//! as Romein and Bal numbered the slices of awari. A board of `s` seeds is a row of `s` seeds
//! and `H - 1` bars between the holes; the bars' places, a combination of `H - 1` of `s + H - 1`
//! places, are numbered by the combinatorial number system.

/// Numbers the boards of `holes` holes with at most `seeds` seeds.
#[derive(Clone, Debug)]
pub struct Ranking {
    holes: usize,
    seeds: u32,
    /// `binom[n * (holes + 1) + k]` = C(n, k) for n up to `seeds + holes`, k up to `holes`
    /// (one block of memory: the numbering reads it for every hole of every board).
    binom: Vec<u64>,
}

impl Ranking {
    /// The numbering of boards of `holes` holes (at least 1) with at most `seeds` seeds.
    #[must_use]
    pub fn new(holes: usize, seeds: u32) -> Ranking {
        let holes = holes.max(1);
        let top = seeds as usize + holes;
        let w = holes + 1;
        let mut binom = vec![0u64; (top + 1) * w];
        for n in 0..=top {
            binom[n * w] = 1;
            for k in 1..=holes.min(n) {
                binom[n * w + k] =
                    binom[(n - 1) * w + k - 1].saturating_add(binom[(n - 1) * w + k]);
            }
        }
        Ranking {
            holes,
            seeds,
            binom,
        }
    }

    /// C(n, k), for n up to K + H and k up to H.
    fn c(&self, n: usize, k: usize) -> u64 {
        self.binom[n * (self.holes + 1) + k]
    }

    /// The holes of a board.
    #[must_use]
    pub fn holes(&self) -> usize {
        self.holes
    }

    /// The most seeds of a board numbered.
    #[must_use]
    pub fn seeds(&self) -> u32 {
        self.seeds
    }

    /// Boards of at most `seeds` seeds (`C(seeds + H, H)`): the first number of the boards of
    /// `seeds + 1`.
    #[must_use]
    pub fn below(&self, seeds: u32) -> u64 {
        self.c(seeds as usize + self.holes, self.holes)
    }

    /// The first number of the boards of exactly `seeds` seeds.
    #[must_use]
    pub fn level_start(&self, seeds: u32) -> u64 {
        if seeds == 0 { 0 } else { self.below(seeds - 1) }
    }

    /// Boards of exactly `seeds` seeds (`C(seeds + H - 1, H - 1)`).
    #[must_use]
    pub fn level_size(&self, seeds: u32) -> u64 {
        self.c(seeds as usize + self.holes - 1, self.holes - 1)
    }

    /// Every board numbered: `C(K + H, H)`.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.below(self.seeds)
    }

    /// Whether no board is numbered (never: the empty board is).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The number of `board` among the boards of its own seeds, from 0.
    #[must_use]
    pub fn rank_in_level(&self, board: &[u8]) -> u64 {
        // Bar k (between holes k and k + 1) stands after the seeds of holes 0..=k and the k
        // bars before it.
        let mut r = 0;
        let mut place = 0usize;
        for (k, &h) in board[..self.holes - 1].iter().enumerate() {
            place += usize::from(h);
            r += self.c(place + k, k + 1);
        }
        r
    }

    /// The number of `board` (its holes in order), `None` when it has more seeds than numbered
    /// or another count of holes.
    #[must_use]
    pub fn rank(&self, board: &[u8]) -> Option<u64> {
        if board.len() != self.holes {
            return None;
        }
        let sum: u32 = board.iter().map(|&h| u32::from(h)).sum();
        (sum <= self.seeds).then(|| self.level_start(sum) + self.rank_in_level(board))
    }

    /// The board of number `r` among those of `sum` seeds, into `board` (of [`Ranking::holes`]
    /// holes).
    pub fn unrank_in_level(&self, mut r: u64, sum: u32, board: &mut [u8]) {
        let h = self.holes;
        // The bars' places, from the last: the largest place c with C(c, k + 1) <= r.
        let mut next = sum as usize + h - 1;
        let mut after = sum as usize + h - 1;
        for k in (0..h - 1).rev() {
            let mut c = next - 1;
            while self.c(c, k + 1) > r {
                c -= 1;
            }
            r -= self.c(c, k + 1);
            // Hole k + 1 holds the places between this bar and the next.
            board[k + 1] = u8::try_from(after - c - 1).unwrap_or(u8::MAX);
            after = c;
            next = c;
        }
        board[0] = u8::try_from(after).unwrap_or(u8::MAX);
    }

    /// The board of number `r` into `board`, and its seeds; `None` when `r` is not below
    /// [`Ranking::len`].
    pub fn unrank(&self, r: u64, board: &mut [u8]) -> Option<u32> {
        if r >= self.len() || board.len() != self.holes {
            return None;
        }
        let mut s = 0;
        while self.below(s) <= r {
            s += 1;
        }
        self.unrank_in_level(r - self.level_start(s), s, board);
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::Ranking;

    /// Every board of at most 6 seeds in 5 holes, and of at most 4 in 10 (Giuthi 2×5), comes
    /// back from its number; the numbers are 0..C(K + H, H), in order of seeds.
    #[test]
    fn the_numbering_is_a_bijection() {
        for (holes, seeds, count) in [(5, 6, 462), (10, 4, 1001), (1, 3, 4)] {
            let r = Ranking::new(holes, seeds);
            assert_eq!(r.len(), count);
            let mut seen = vec![false; count as usize];
            let mut b = vec![0u8; holes];
            let mut last = 0;
            for n in 0..r.len() {
                let s = r.unrank(n, &mut b).unwrap();
                assert_eq!(b.iter().map(|&x| u32::from(x)).sum::<u32>(), s);
                assert!(s >= last);
                last = s;
                assert_eq!(r.rank(&b), Some(n));
                assert!(!seen[n as usize]);
                seen[n as usize] = true;
            }
            assert_eq!(r.unrank(count, &mut b), None);
        }
        let r = Ranking::new(5, 6);
        assert_eq!(r.rank(&[7, 0, 0, 0, 0]), None);
        assert_eq!(r.rank(&[1, 0, 0, 0]), None);
        assert_eq!((r.level_start(2), r.level_size(2)), (6, 15));
    }
}
