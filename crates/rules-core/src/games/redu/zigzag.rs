//! The zigzag of three or more seeds (redu.md R7, R10–R17), as the procedure of R15: a small
//! state machine that stops at every decision point, so that `play` can read the decisions of a
//! move token and the generator can branch only where a decision changes the outcome.

use super::letters::{Letter, Letters};
use crate::geometry::Geometry;
use crate::player::Player;
use crate::trace::{Event, Tracer, emit};

/// Holes per row.
pub(super) const N: i8 = 6;

/// What the procedure needs next.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Need {
    /// The entry row of column `k` (R11, R15 step 3).
    Entry {
        /// Whether the mover chooses (`entry` = `free`, or the first column under `alternate`
        /// without the special start). A forced entry is `d`.
        choice: bool,
        /// Whether the choice can change the outcome (used by the generator; see `relevant`).
        relevant: bool,
    },
    /// Wrap or bounce (R13 at a far end, step 4; R14 after skipping the start column, step 5).
    End {
        /// True for step 5 (the start column was skipped and the path left the board).
        skip: bool,
    },
    /// The hand is empty.
    Done,
}

/// A zigzag in progress. Columns are numbered from the mover's side (redu.md §2): column j is his
/// hole j, `own(j)`, and the opponent's hole facing it, `opp(j)`.
#[derive(Copy, Clone, Debug)]
pub(super) struct Zig {
    /// The board (indices as in `Geometry`).
    pub board: [u8; 12],
    /// Seeds still in hand.
    pub hand: u8,
    /// Seeds lifted.
    n: u8,
    /// Seeds dropped so far.
    dropped: u8,
    /// Index of own(1): 0 for B, 6 for A.
    base: u8,
    /// The start column.
    c0: i8,
    /// The current column.
    k: i8,
    /// The travel direction: +1 or −1.
    sigma: i8,
    /// Whether the previous seed fell in the opponent's row (the start hole counts as the
    /// previous seed of the first column, so `d` there is the text's "opposite of the adjacent").
    prev_opp: bool,
    /// Whether the next entry is the mover's choice.
    next_choice: bool,
    /// `entry` = `alternate`.
    alternate: bool,
    /// The O3 hole (R17), if seed #n−2 fell into an empty opponent's hole.
    pub o3: Option<u8>,
    /// The next step.
    need: Need,
    /// Every decision taken, in order (entries and ends).
    pub letters: Letters,
}

impl Zig {
    /// Whether the zigzag can still end on `board`: no hole holds more seeds than there, as
    /// seeds are only added (R16: no capture during it).
    pub(super) fn may_reach(&self, board: &[u8; 12]) -> bool {
        self.board.iter().zip(board).all(|(now, end)| now <= end)
    }

    /// R15 steps 1–2: `n` ≥ 3 seeds lifted from own hole `c0` of the mover whose own(1) has index
    /// `base`, direction `sigma`, special start `special` (R12; the caller checks its condition).
    #[allow(clippy::too_many_arguments)] // the inputs of R15, named
    pub(super) fn new<T: Tracer>(
        board: [u8; 12],
        base: u8,
        c0: i8,
        n: u8,
        sigma: i8,
        special: bool,
        alternate: bool,
        t: &mut T,
    ) -> Zig {
        let mut z = Zig {
            board,
            hand: n,
            n,
            dropped: 0,
            base,
            c0,
            k: first_column(c0, sigma),
            sigma,
            prev_opp: false,
            next_choice: true,
            alternate,
            o3: None,
            need: Need::Done,
            letters: Letters::EMPTY,
        };
        if special {
            // R12: seed #1 into the hole opposite the start hole.
            z.drop(z.opp(c0), t);
            z.prev_opp = true;
            z.next_choice = !alternate;
        }
        z.set_entry();
        z
    }

    #[inline]
    pub(super) fn own(&self, j: i8) -> usize {
        usize::from(self.base) + j as usize - 1
    }

    #[inline]
    pub(super) fn opp(&self, j: i8) -> usize {
        11 - self.own(j)
    }

    #[inline]
    fn off(k: i8) -> bool {
        !(1..=N).contains(&k)
    }

    #[inline]
    fn far(&self) -> bool {
        Self::off(self.k + self.sigma)
    }

    /// What the procedure needs next.
    #[inline]
    pub(super) fn need(&self) -> Need {
        self.need
    }

    /// The current column.
    pub(super) fn column(&self) -> i8 {
        self.k
    }

    /// The current direction.
    pub(super) fn sigma(&self) -> i8 {
        self.sigma
    }

    fn set_entry(&mut self) {
        // The entry changes the outcome when the column receives a single seed (a far end or the
        // last seed: its hole is the choice), or when it holds seed #n−2 (hand 3: the entry seed;
        // hand 4: the other seed) and the opponent's hole there is empty, so that the order
        // decides whether the opponent receives O3 (R17). Otherwise both rows give the same board
        // and the same right.
        // Under `alternate` the one choice (the first entry) fixes every later row: it is always
        // explored.
        let relevant = if self.alternate || self.far() || self.hand == 1 {
            true
        } else {
            (self.hand == 3 || self.hand == 4) && self.board[self.opp(self.k)] == 0
        };
        self.need = Need::Entry {
            choice: self.next_choice,
            relevant: self.next_choice && relevant,
        };
    }

    /// Drops one seed into `i`; R17 notes seed #n−2 falling into an empty opponent's hole.
    #[inline]
    fn drop<T: Tracer>(&mut self, i: usize, t: &mut T) {
        self.dropped += 1;
        let theirs = (i < 6) != (self.base == 0);
        if self.dropped + 2 == self.n && theirs && self.board[i] == 0 {
            self.o3 = Some(i as u8);
        }
        self.board[i] += 1;
        self.hand -= 1;
        emit(t, || Event::Sow {
            hole: Geometry::two_rows(6).hole(i),
        });
    }

    /// R15 step 3 (and 4): the entry seed of the current column in the same row as the previous
    /// seed (`same`, letter `h`) or the other row (letter `d`).
    pub(super) fn entry<T: Tracer>(&mut self, same: bool, t: &mut T) {
        debug_assert!(matches!(self.need, Need::Entry { .. }));
        let room = self.letters.push(if same { Letter::H } else { Letter::D });
        debug_assert!(room, "a zigzag of 48 seeds takes fewer than 64 decisions");
        let opp_row = if same { self.prev_opp } else { !self.prev_opp };
        let (first, other) = if opp_row {
            (self.opp(self.k), self.own(self.k))
        } else {
            (self.own(self.k), self.opp(self.k))
        };
        self.drop(first, t);
        self.prev_opp = opp_row;
        self.next_choice = !self.alternate;
        if self.hand == 0 {
            self.need = Need::Done;
            return;
        }
        if self.far() {
            // R13: the other hole of a far-end column is not sown.
            self.need = Need::End { skip: false };
            return;
        }
        self.drop(other, t);
        self.prev_opp = !opp_row;
        if self.hand == 0 {
            self.need = Need::Done;
            return;
        }
        self.k += self.sigma;
        self.skip_start();
    }

    /// R15 step 5 (R14): the start column is skipped; leaving the board there is a w/b choice.
    fn skip_start(&mut self) {
        while self.k == self.c0 {
            self.k += self.sigma;
        }
        if Self::off(self.k) {
            self.need = Need::End { skip: true };
        } else {
            self.set_entry();
        }
    }

    /// R13/R14: wrap (`w`) or bounce (`b`).
    pub(super) fn end(&mut self, bounce: bool) {
        let Need::End { skip } = self.need else {
            unreachable!("end() only at a w/b decision")
        };
        self.letters
            .push(if bounce { Letter::B } else { Letter::W });
        let other_end = if self.sigma > 0 { 1 } else { N };
        if skip {
            // Step 5.
            if bounce {
                self.sigma = -self.sigma;
                self.k = self.c0 + self.sigma;
            } else {
                self.k = other_end;
            }
            self.set_entry();
        } else {
            // Step 4.
            if bounce {
                self.sigma = -self.sigma;
                self.k += self.sigma;
            } else {
                self.k = other_end;
            }
            self.skip_start();
        }
    }
}

/// R7: the first column from `c0` in direction `sigma`, cyclic at the ends.
#[inline]
pub(super) fn first_column(c0: i8, sigma: i8) -> i8 {
    let k = c0 + sigma;
    if k < 1 {
        N
    } else if k > N {
        1
    } else {
        k
    }
}

/// Index of own(1) for `p`.
#[inline]
pub(super) fn base_of(p: Player) -> u8 {
    match p {
        Player::B => 0,
        Player::A => 6,
    }
}
