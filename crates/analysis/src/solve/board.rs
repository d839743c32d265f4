//! The solver's board: a Bechi position as the rest of its round sees it, from the mover's side
//! (spec/analysis.md §3).
//!
//! The rest of a Bechi round depends only on the board, the chosen marks (B2), the blocked holes
//! (B3) and the side to move: not on the stores, the reserves, the round or the opener (B4–B13).
//! The board is kept **relative to the mover**: index `k − 1` is the mover's hole k and `n + k − 1`
//! his opponent's hole k, in the order of a counterclockwise lap (the rule book's index order when
//! B is to move). Turning the board round (A's row for B's) maps every rule onto itself: a hole's
//! direction depends only on its number (B4), sowing, captures and chains only on the lap (B6–B11)
//! and the end of the round is symmetric (B13). So a position with A to move has the value of the
//! same board with the rows swapped and B to move: one record serves both.
//!
//! The moves here are the rules core's (`Position::legal_moves_with_positions`), made again on a
//! few bytes because the solver makes billions of them; `tests/analysis/solve.rs` holds them to
//! the rules core on random positions of both boards, blocked holes included.

use rules_core::{BechiOptions, GameKind, Mark, MarkKind, Player, Position, Setup, Variant};

/// The game the solver, its databases and the match solver cover: Bechi, whose boards are few
/// enough to list and whose rounds always end (spec/analysis.md §3).
pub const GAME: GameKind = GameKind::Bechi;

/// Seeds per hole at a round's set-up (B1, B16): a hole no move has started from holds at least
/// this many, since it can only receive seeds (B9, B10 take only from chosen holes).
pub const FILL: u8 = 6;

/// A board of 2 × n holes, relative to the mover.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    /// Seeds by relative index (indices from 2n on are 0).
    pub seeds: [u8; 8],
    /// Chosen holes (B2), bit i for relative index i.
    pub chosen: u8,
    /// Blocked holes (B3), bit i for relative index i.
    pub blocked: u8,
}

/// The width of the board: 2×3 or 2×4 (B1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    n: u8,
}

/// The directions a move may take (B4): counterclockwise (`+`, the lap's order) or clockwise.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Way {
    /// Counterclockwise, `+`: index + 1.
    Ccw,
    /// Clockwise, `−`: index − 1.
    Cw,
}

/// What a position leads to: the end of the round, or its moves.
#[derive(Clone, Debug)]
pub enum Step {
    /// The round is over (B13): the mover's margin from here, the seeds on his side less those
    /// on his opponent's.
    Over(i8),
    /// The moves: each child (relative to its own mover, the opponent: B12) with the seeds the
    /// move captured. A forced pass (B5) is one child, the same board turned round, capturing 0.
    Moves(Children),
}

/// At most four moves: four holes on 2×4; on 2×3 two holes and the middle one both ways.
#[derive(Clone, Debug, Default)]
pub struct Children {
    items: [(Board, u8); 4],
    len: u8,
    passed: bool,
}

impl Children {
    fn push(&mut self, child: Board, captured: u8) {
        self.items[usize::from(self.len)] = (child, captured);
        self.len += 1;
    }

    /// The children and the seeds each move captured.
    #[must_use]
    pub fn as_slice(&self) -> &[(Board, u8)] {
        &self.items[..usize::from(self.len)]
    }

    /// Whether the only move is a forced pass (B5).
    #[must_use]
    pub fn passed(&self) -> bool {
        self.passed
    }
}

impl Shape {
    /// A board of two rows of `n` holes (3 or 4).
    ///
    /// # Errors
    /// Another width.
    pub fn new(n: u8) -> Result<Shape, String> {
        if n == 3 || n == 4 {
            Ok(Shape { n })
        } else {
            Err(format!("Bechi has rows of 3 or 4 holes, not {n}"))
        }
    }

    /// The shape of a variant, if the solver covers it ([`GAME`]).
    #[must_use]
    pub fn of(variant: Variant) -> Option<Shape> {
        match variant {
            Variant::Bechi(o) => Shape::new(o.holes).ok(),
            _ => None,
        }
    }

    /// Holes per row.
    #[must_use]
    pub fn n(self) -> usize {
        usize::from(self.n)
    }

    /// Holes on the board.
    #[must_use]
    pub fn holes(self) -> usize {
        2 * usize::from(self.n)
    }

    /// The variant.
    #[must_use]
    pub fn variant(self) -> Variant {
        Variant::Bechi(BechiOptions { holes: self.n })
    }

    /// Seeds in the game (B1): 6 a hole.
    #[must_use]
    pub fn total_seeds(self) -> u8 {
        FILL * 2 * self.n
    }

    /// The mover's row as a mask.
    #[must_use]
    pub fn mover_row(self) -> u8 {
        (1u8 << self.n) - 1
    }

    /// A mask with its rows swapped.
    #[must_use]
    pub fn swap_mask(self, m: u8) -> u8 {
        let row = self.mover_row();
        ((m & row) << self.n) | ((m >> self.n) & row)
    }

    /// The directions of the mover's hole number `k` (1-based, B4): holes 1 and 2 clockwise, 3
    /// and 4 counterclockwise; the middle hole of 2×3 either way, `+` first.
    #[must_use]
    pub fn ways(self, k: usize) -> &'static [Way] {
        match (self.n, k) {
            (3, 2) => &[Way::Ccw, Way::Cw],
            (_, 1 | 2) => &[Way::Cw],
            _ => &[Way::Ccw],
        }
    }

    /// The board turned round: the opponent's row becomes the mover's.
    #[must_use]
    pub fn turned(self, b: &Board) -> Board {
        let n = self.n();
        let len = self.holes();
        let mut seeds = [0u8; 8];
        for (j, s) in seeds.iter_mut().enumerate().take(len) {
            *s = b.seeds[(j + n) % len];
        }
        Board {
            seeds,
            chosen: self.swap_mask(b.chosen),
            blocked: self.swap_mask(b.blocked),
        }
    }

    /// The next hole after `i` in direction `way` that is not blocked (B7, B11).
    #[inline]
    fn next(self, b: &Board, i: usize, way: Way) -> usize {
        let len = self.holes();
        let mut j = i;
        loop {
            j = match way {
                Way::Ccw if j + 1 == len => 0,
                Way::Ccw => j + 1,
                Way::Cw if j == 0 => len - 1,
                Way::Cw => j - 1,
            };
            if b.blocked & (1 << j) == 0 {
                return j;
            }
        }
    }

    /// Holes that are not blocked.
    fn open(self, b: &Board) -> u32 {
        self.holes() as u32 - b.blocked.count_ones()
    }

    /// Whether the mover of `b` has a move (B4): one of his holes holds 2 seeds or more
    /// (blocked holes hold none).
    #[must_use]
    pub fn can_move(self, b: &Board) -> bool {
        b.seeds[..self.n()].iter().any(|&s| s >= 2)
    }

    /// Whether the mover's opponent would have a move.
    #[must_use]
    pub fn opponent_can_move(self, b: &Board) -> bool {
        b.seeds[self.n()..self.holes()].iter().any(|&s| s >= 2)
    }

    /// The mover's margin for the rest of the round if it ended now (B13): his side less his
    /// opponent's.
    #[must_use]
    pub fn side_margin(self, b: &Board) -> i8 {
        let n = self.n();
        let mine: u32 = b.seeds[..n].iter().map(|&s| u32::from(s)).sum();
        let theirs: u32 = b.seeds[n..self.holes()].iter().map(|&s| u32::from(s)).sum();
        // At most 48 seeds on a side.
        (mine as i32 - theirs as i32) as i8
    }

    /// The move from the mover's hole index `i` in `way` (B6–B12), on the mover's board: the
    /// board after it, still from the mover's side, and the seeds captured.
    #[must_use]
    pub fn sow(self, b: &Board, i: usize, way: Way) -> (Board, u8) {
        let mut c = *b;
        let hand = u32::from(c.seeds[i]);
        // B2: the start hole is chosen as the move begins; B6: the first seed goes back into it.
        c.chosen |= 1 << i;
        c.seeds[i] = 1;
        // B6–B8: the other seeds one per open hole in turn, the start hole again on each lap.
        let open = self.open(b);
        let rest = hand - 1;
        let laps = (rest / open) as u8;
        if laps > 0 {
            for j in 0..self.holes() {
                if c.blocked & (1 << j) == 0 {
                    c.seeds[j] += laps;
                }
            }
        }
        let mut last = i;
        for _ in 0..rest % open {
            last = self.next(&c, last, way);
            c.seeds[last] += 1;
        }
        // B9: an even count in a chosen hole is taken; B10: the chain goes on along the sowing
        // while holes hold an even number, 2 or more, and are chosen.
        let mut captured = 0u8;
        if c.seeds[last].is_multiple_of(2) && c.chosen & (1 << last) != 0 {
            let mut h = last;
            loop {
                captured += c.seeds[h];
                c.seeds[h] = 0;
                h = self.next(&c, h, way);
                let s = c.seeds[h];
                if !(s >= 2 && s.is_multiple_of(2) && c.chosen & (1 << h) != 0) {
                    break;
                }
            }
        }
        (c, captured)
    }

    /// The end of the round, or every move with its child (turned round to the child's mover,
    /// B12) and the seeds it captures, one per start hole and direction (B4, B5, B13).
    #[must_use]
    pub fn step(self, b: &Board) -> Step {
        let mut out = Children::default();
        for i in 0..self.n() {
            if b.seeds[i] < 2 {
                continue;
            }
            for &way in self.ways(i + 1) {
                let (c, captured) = self.sow(b, i, way);
                out.push(self.turned(&c), captured);
            }
        }
        if out.len > 0 {
            return Step::Moves(out);
        }
        if self.opponent_can_move(b) {
            // B5: no move, but the round goes on: a forced pass.
            out.push(self.turned(b), 0);
            out.passed = true;
            return Step::Moves(out);
        }
        Step::Over(self.side_margin(b))
    }

    /// Every parent of `child` by a move that captures nothing and marks no new hole (a move
    /// inside a slice, §3), or by a forced pass, once per such move: each parent from its own
    /// mover's side. Parents whose board is not reachable are included; the caller filters.
    ///
    /// A move from hole i with a hand of h seeds leaves i with 1 + laps seeds, laps = ⌊(h − 1) /
    /// open⌋ (B6, B8), every other open hole with laps more, and the r = (h − 1) mod open holes
    /// after i one more still. So i's count after the move gives the laps, and the parents from i
    /// are found by walking r from 0 along the sowing, taking a seed back from each hole passed,
    /// until a hole has none to give.
    pub fn parents(self, child: &Board, mut emit: impl FnMut(Board)) {
        // The parent's mover is the child's opponent: the board as it stood after the move.
        let after = self.turned(child);
        let open = self.open(&after);
        let len = self.holes();
        let fewest = (0..len)
            .filter(|&j| after.blocked & (1 << j) == 0)
            .map(|j| after.seeds[j])
            .min()
            .unwrap_or(0);
        for i in 0..self.n() {
            if after.chosen & (1 << i) == 0 || after.blocked & (1 << i) != 0 || after.seeds[i] == 0
            {
                continue;
            }
            let laps = after.seeds[i] - 1;
            // Every open hole received the laps: each must hold them (i holds laps + 1).
            if fewest < laps {
                continue;
            }
            let mut base = after;
            if laps > 0 {
                for j in 0..len {
                    if base.blocked & (1 << j) == 0 {
                        base.seeds[j] -= laps;
                    }
                }
            }
            for &way in self.ways(i + 1) {
                let mut p = base;
                let mut last = i;
                for r in 0..open {
                    if r > 0 {
                        last = self.next(&after, last, way);
                        if p.seeds[last] == 0 {
                            break;
                        }
                        p.seeds[last] -= 1;
                    }
                    let hand = u32::from(laps) * open + 1 + r;
                    // B4: a hand of 2 or more; B9: the last hole odd or not chosen, no capture.
                    if hand < 2
                        || (after.seeds[last].is_multiple_of(2) && after.chosen & (1 << last) != 0)
                    {
                        continue;
                    }
                    let mut q = p;
                    // At most 48 seeds: the hand fits.
                    q.seeds[i] = hand as u8;
                    emit(q);
                }
            }
        }
        // B5: a forced pass by a mover with no move, the round going on.
        if !self.can_move(&after) && self.can_move(child) {
            emit(after);
        }
    }

    /// The board of a Bechi position of this shape, from its mover's side, with the mover's
    /// margin so far (captures in this round: his store less his opponent's). `None` for another
    /// game or width.
    #[must_use]
    pub fn board_of(self, pos: &Position) -> Option<(Board, i32)> {
        if Shape::of(pos.variant()) != Some(self) {
            return None;
        }
        let s = pos.view();
        let mut b = Board::default();
        for i in 0..self.holes() {
            b.seeds[i] = *s.seeds().get(i)?;
            match s.mark(i) {
                Some(m) if m.kind == MarkKind::Chosen => b.chosen |= 1 << i,
                Some(m) if m.kind == MarkKind::Blocked => b.blocked |= 1 << i,
                Some(_) => return None,
                None => {}
            }
        }
        let me = s.to_move().index();
        let stores = s.stores();
        let so_far = i64::from(stores[me]) - i64::from(stores[1 - me]);
        let b = if s.to_move() == Player::A {
            self.turned(&b)
        } else {
            b
        };
        Some((b, i32::try_from(so_far).ok()?))
    }

    /// A position with this board and B to move (the board's own orientation), the seeds off
    /// the board in the stores so that the game's total holds: round 1 when no hole is blocked,
    /// otherwise round 2 with the surplus of B16 in the reserves.
    ///
    /// # Errors
    /// The board is not a Bechi position (an odd number of seeds off the board, too many seeds).
    pub fn position(self, b: &Board) -> Result<Position, rules_core::SetupError> {
        let variant = self.variant();
        let mut s = Setup::start(variant, Player::B);
        let len = self.holes();
        for i in 0..len {
            s.seeds[i] = u32::from(b.seeds[i]);
            let owner = if i < self.n() { Player::B } else { Player::A };
            s.marks[i] = if b.chosen & (1 << i) != 0 {
                Some(Mark {
                    kind: MarkKind::Chosen,
                    owner,
                })
            } else if b.blocked & (1 << i) != 0 {
                Some(Mark {
                    kind: MarkKind::Blocked,
                    owner,
                })
            } else {
                None
            };
        }
        let on_board: u32 = s.seeds.iter().sum();
        let off = u32::from(self.total_seeds()).saturating_sub(on_board);
        if b.blocked == 0 {
            s.stores = [off, 0];
        } else {
            // A later round (B3, B16): the poorer player (the one with blocked holes) keeps
            // fewer than 6 seeds over, the rest were captured this round.
            s.round = 2;
            let poorer = if b.blocked & self.mover_row() != 0 {
                Player::B
            } else {
                Player::A
            };
            let spare = off % 12;
            s.reserves[poorer.index()] = spare.min(4);
            s.reserves[poorer.other().index()] = spare - spare.min(4);
            s.stores = [off - spare, 0];
        }
        s.opener = Some(Player::B);
        Position::from_setup(&s)
    }
}
