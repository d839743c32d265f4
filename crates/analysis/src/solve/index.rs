//! Slices and the index of a board in its slice (spec/analysis.md §3).
//!
//! A **slice** is every board with the same seeds on the board, chosen marks and blocked holes
//! (relative to the mover), and the same answer to "does an unchosen open hole hold fewer than 6
//! seeds?" (never, from a round's set-up: such a hole only receives seeds, B9, B10). Its boards
//! are numbered without gaps: subtract the **floor** (6 from every unchosen open hole, unless the
//! slice is *low*; 0 otherwise) and rank what is left, f seeds in k open holes, among all such
//! compositions in colexicographic order: C(f + k − 1, k − 1) boards. A move inside a slice
//! captures nothing and marks no new hole; any other move leads to a slice with fewer seeds or more
//! marks, or from a low slice to the slice that is not low.

use super::board::{Board, FILL, Shape};

/// Rows of the binomial table: f + k − 1 ≤ 48 + 7.
const ROWS: usize = 64;

/// C(n, r) for n < 64, r ≤ 8 (16 columns, so that an index is masked rather than checked).
static BINOMIAL: [[u64; 16]; ROWS] = {
    let mut t = [[0u64; 16]; ROWS];
    let mut n = 0;
    while n < ROWS {
        t[n][0] = 1;
        let mut r = 1;
        while r <= 8 && r <= n {
            t[n][r] = t[n - 1][r - 1] + if r < n { t[n - 1][r] } else { 0 };
            r += 1;
        }
        n += 1;
    }
    t
};

/// C(n, r) for n < 64, r ≤ 8 (0 when r > n); callers keep n below 64 (at most 48 + 7).
#[inline]
fn binomial(n: usize, r: usize) -> u64 {
    BINOMIAL[n % ROWS][r % 16]
}

/// Each byte 0x80 where the mask has its bit: the byte lanes of a board's holes.
static LANES: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut m = 0;
    while m < 256 {
        let mut i = 0;
        while i < 8 {
            if m & (1 << i) != 0 {
                t[m] |= 0x80 << (8 * i);
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// A slice: seeds on the board, chosen and blocked holes (relative to the mover), and whether an
/// unchosen open hole holds fewer than 6 seeds (`low`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SliceId {
    /// Seeds on the board.
    pub seeds: u8,
    /// Chosen holes, by relative index.
    pub chosen: u8,
    /// Blocked holes, by relative index.
    pub blocked: u8,
    /// Whether an unchosen open hole holds fewer than 6 seeds.
    pub low: bool,
}

impl SliceId {
    /// The slice of a board.
    #[must_use]
    pub fn of(shape: Shape, b: &Board) -> SliceId {
        // The eight holes as the bytes of a word (those past 2n hold 0): at most 48 seeds in all
        // and in each, so neither the sum of the bytes nor adding 0x7a to each carries. A byte
        // plus 0x7a reaches 0x80 exactly when it holds 6 or more (FILL).
        let x = u64::from_le_bytes(b.seeds);
        let seeds = (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8;
        let full = x + 0x7a7a_7a7a_7a7a_7a7a;
        let unchosen = !(b.chosen | b.blocked) & ((1u16 << shape.holes()) - 1) as u8;
        let low = !full & LANES[usize::from(unchosen)] != 0;
        SliceId {
            seeds,
            chosen: b.chosen,
            blocked: b.blocked,
            low,
        }
    }

    /// The slice with the rows swapped: where its boards' moves inside a slice lead (B12).
    #[must_use]
    pub fn swapped(self, shape: Shape) -> SliceId {
        SliceId {
            chosen: shape.swap_mask(self.chosen),
            blocked: shape.swap_mask(self.blocked),
            ..self
        }
    }

    /// The order in which slices are solved: fewer seeds first, then more chosen holes, then
    /// the slice that is not low; a slice and its swapped twin are adjacent (the pair's key is
    /// the same, and the member with the smaller masks comes first).
    #[must_use]
    pub fn solve_order(self, shape: Shape) -> (u8, u8, bool, (u8, u8), (u8, u8)) {
        let own = (self.chosen, self.blocked);
        let other = self.swapped(shape);
        let twin = (other.chosen, other.blocked);
        (
            self.seeds,
            8 - self.chosen.count_ones() as u8,
            self.low,
            own.min(twin),
            own,
        )
    }

    /// Packs the slice in four bytes (the database's slice table, §4).
    #[must_use]
    pub fn to_bytes(self) -> [u8; 4] {
        [self.seeds, self.chosen, self.blocked, u8::from(self.low)]
    }

    /// The slice of four bytes, if they describe one of a game of this shape (see
    /// [`Layout::new`]).
    #[must_use]
    pub fn from_bytes(shape: Shape, b: [u8; 4]) -> Option<SliceId> {
        let id = SliceId {
            seeds: b[0],
            chosen: b[1],
            blocked: b[2],
            low: match b[3] {
                0 => false,
                1 => true,
                _ => return None,
            },
        };
        Layout::new(shape, id).map(|_| id)
    }
}

/// How the boards of a slice are numbered.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The slice.
    pub id: SliceId,
    /// The open holes, by relative index.
    holes: [u8; 8],
    /// The floor of each open hole: 6 if it is unchosen and the slice not low, else 0.
    floor: [u8; 8],
    /// Open holes.
    k: usize,
    /// Seeds above the floors.
    free: usize,
    /// Boards in the slice.
    pub size: u64,
}

impl Layout {
    /// The numbering of a slice, if it can hold a position of a game of this shape: an even
    /// number of seeds, at most the game's (B1, B9: captures take even counts); masks on the
    /// board; no hole both chosen and blocked (B3); blocked holes in one row, never a whole row
    /// (B15, B16); room for the floors; a low slice with an unchosen open hole.
    #[must_use]
    pub fn new(shape: Shape, id: SliceId) -> Option<Layout> {
        let len = shape.holes();
        let all = ((1u32 << len) - 1) as u8;
        let row = shape.mover_row();
        let blocked_rows = [id.blocked & row, id.blocked & !row & all];
        let ok = id.seeds.is_multiple_of(2)
            && id.seeds <= shape.total_seeds()
            && id.chosen & !all == 0
            && id.blocked & !all == 0
            && id.chosen & id.blocked == 0
            && (blocked_rows[0] == 0 || blocked_rows[1] == 0)
            && blocked_rows[0] != row
            && blocked_rows[1] != all & !row;
        if !ok {
            return None;
        }
        let mut l = Layout {
            id,
            holes: [0; 8],
            floor: [0; 8],
            k: 0,
            free: 0,
            size: 0,
        };
        let mut floors = 0usize;
        for i in 0..len {
            if id.blocked & (1 << i) != 0 {
                continue;
            }
            l.holes[l.k] = i as u8;
            if id.chosen & (1 << i) == 0 && !id.low {
                l.floor[l.k] = FILL;
                floors += usize::from(FILL);
            }
            l.k += 1;
        }
        let unchosen = l.k - id.chosen.count_ones() as usize;
        if id.low && unchosen == 0 {
            return None;
        }
        l.free = usize::from(id.seeds).checked_sub(floors)?;
        l.size = binomial(l.free + l.k - 1, l.k - 1);
        Some(l)
    }

    /// The index of a board of this slice, in `0..size`.
    #[inline]
    #[must_use]
    pub fn rank(&self, b: &Board) -> u64 {
        let mut r = 0u64;
        let mut c = 0usize;
        for j in 0..self.k - 1 {
            c += usize::from(b.seeds[usize::from(self.holes[j])] - self.floor[j]);
            r += binomial(c + j, j + 1);
        }
        r
    }

    /// The board of an index in `0..size`.
    #[must_use]
    pub fn unrank(&self, mut r: u64) -> Board {
        let mut b = Board {
            seeds: [0; 8],
            chosen: self.id.chosen,
            blocked: self.id.blocked,
        };
        // The bar positions c_0 < … < c_{k−2} of the composition, from the last: each the largest
        // c with C(c, j + 1) ≤ what is left of the rank.
        let mut top = self.free + self.k - 1;
        let mut after = top;
        for j in (0..self.k - 1).rev() {
            let mut c = top - 1;
            while binomial(c, j + 1) > r {
                c -= 1;
            }
            r -= binomial(c, j + 1);
            // Part j + 1 lies between bar j and bar j + 1.
            let part = after - c - 1;
            let h = usize::from(self.holes[j + 1]);
            b.seeds[h] = part as u8 + self.floor[j + 1];
            after = c;
            top = c;
        }
        b.seeds[usize::from(self.holes[0])] = after as u8 + self.floor[0];
        b
    }
}
