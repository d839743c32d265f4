//! Giuthi's perft path (spec/engine.md §3): each move sown untraced on the board as lanes (a lap
//! is one add), the last ply counted on outcomes without making the children.
//!
//! Every start must still be sown: a start is a move only if its sowing ends (G10), and only the
//! outcomes tell duplicates apart (rules README §6.2). Outcomes are told apart by a fingerprint
//! first ([`Distinct`]), so that a move with a new fingerprint costs no comparison.

use super::Giuthi;
use crate::geometry::HoleSet;
use crate::geometry::MAX_HOLES;
use crate::perft::{Distinct, Perft};
use crate::player::{Dir, Player};
use crate::sowing::{Lanes, LapEnd, LapStart, cycle_key, relay_sow_lanes};

/// What a move changes in a position: the board, the stores and who moves next.
#[derive(Copy, Clone, PartialEq, Eq)]
struct Outcome {
    board: Lanes,
    store: [u8; 2],
    to_move: Player,
}

/// The moves of one position: at most one per hole of the mover's row (10) and direction.
type Outcomes = Distinct<Outcome, { MAX_HOLES }>;

impl Giuthi {
    /// The outcome of the move from hole index `i` in `dir` (G6–G18) without a trace, as
    /// [`Giuthi::sow`] makes it, or `None` if its sowing never ends (G10). `i` must be one of the
    /// mover's holes with at least 2 seeds.
    #[inline(always)]
    fn outcome(&self, board: &Lanes, i: usize, dir: Dir, own: HoleSet) -> Option<Outcome> {
        let len = 2 * usize::from(self.n);
        let me = self.to_move;
        let mut o = Outcome {
            board: *board,
            store: self.store,
            to_move: me.other(),
        };
        let hand = o.board.0[i];
        o.board.0[i] = 0;
        let start = LapStart {
            origin: i,
            dir,
            hand,
        };
        // G8, G9: a lap ending in a hole that held seeds is sown back the other way.
        let sown = relay_sow_lanes::<MAX_HOLES>(
            &mut o.board,
            len,
            start,
            cycle_key(1, HoleSet::EMPTY, HoleSet::EMPTY),
            |s, _, d| {
                if s == 1 {
                    LapEnd::Stop
                } else {
                    LapEnd::Relay(d.reversed())
                }
            },
        )
        .ok()?;
        let last = sown.last;
        let b = &mut o.board.0;
        if !own.contains(last) {
            // G11: no capture.
        } else if sown.touched.minus(own).is_empty() {
            // G13: the opponent's row not played, a repeat move.
            o.to_move = me;
        } else if b[len - 1 - last] > 0 {
            // G15: the opposite hole's seeds and the last seed itself.
            let mut taken = b[len - 1 - last] + 1;
            b[len - 1 - last] = 0;
            b[last] = 0;
            // G17: on along the own row in the direction of the last lap, no wrap.
            let mut h = last;
            loop {
                h = match sown.dir {
                    Dir::Ccw => h + 1,
                    Dir::Cw => h.wrapping_sub(1),
                };
                if h >= len || !own.contains(h) || b[h] != 0 || b[len - 1 - h] == 0 {
                    break;
                }
                taken += b[len - 1 - h];
                b[len - 1 - h] = 0;
            }
            o.store[me.index()] += taken;
        }
        // G16: an empty opposite hole, no capture; G18: the turn passes.
        Some(o)
    }

    /// Every move's outcome, the distinct ones once.
    #[inline(always)]
    fn outcomes(&self) -> Outcomes {
        let board = Lanes::load(&self.seeds);
        let own = self.own(self.to_move);
        let mut seen = Outcomes::new();
        for i in own.iter() {
            if board.0[i] < 2 {
                continue;
            }
            for d in Dir::BOTH {
                if let Some(o) = self.outcome(&board, i, d, own) {
                    seen.insert(o, o.board.fingerprint());
                }
            }
        }
        seen
    }

    fn child(&self, o: &Outcome) -> Giuthi {
        let mut c = *self;
        o.board.store(&mut c.seeds);
        c.store = o.store;
        c.to_move = o.to_move;
        c
    }
}

impl Perft for Giuthi {
    fn children(&self, out: &mut Vec<Giuthi>) {
        let first = out.len();
        let seen = self.outcomes();
        if seen.len() == 0 {
            // G5: no legal move; a pass if the opponent can move.
            if self.can_move(self.to_move.other()) {
                out.push(self.passed());
            }
        }
        out.extend(seen.iter().map(|o| self.child(o)));
        debug_assert_eq!(out.len() - first, crate::perft::generated(self).len());
    }

    fn count_children(&self, _: &mut Vec<Giuthi>) -> usize {
        let n = match self.outcomes().len() {
            0 => usize::from(self.can_move(self.to_move.other())),
            n => n,
        };
        debug_assert_eq!(n, crate::perft::generated(self).len());
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Children, Game};
    use crate::trace::NoTrace;
    use proptest::prelude::*;

    /// A Giuthi position on 2×N, N from 3 to 10, with any seeds (few, so that holes run empty
    /// and captures happen) and either player to move: not every one is reachable, but the rules
    /// apply to each.
    fn position() -> impl Strategy<Value = Giuthi> {
        (
            3u8..=10,
            prop::array::uniform20(0u8..9),
            any::<bool>(),
            0u8..40,
        )
            .prop_map(|(n, seeds, a, store)| {
                let len = 2 * usize::from(n);
                let mut g = Giuthi {
                    seeds: [0; MAX_HOLES],
                    store: [store, 0],
                    reserve: [0, 0],
                    to_move: if a { Player::A } else { Player::B },
                    round: 1,
                    n,
                    s: 4,
                };
                g.seeds[..len].copy_from_slice(&seeds[..len]);
                g
            })
    }

    proptest! {
        /// Each untraced move is the plain one, and the perft path's children are `generate`'s,
        /// as a set.
        #[test]
        fn perft_path_is_generate(g in position()) {
            let board = Lanes::load(&g.seeds);
            let own = g.own(g.to_move);
            for i in own.iter().filter(|&i| g.seeds[i] >= 2) {
                for d in Dir::BOTH {
                    let fast = g.outcome(&board, i, d, own).map(|o| g.child(&o));
                    prop_assert_eq!(fast, g.sow(i, d, &mut NoTrace).ok());
                }
            }
            let mut want = Vec::new();
            g.generate(&mut Children(&mut want));
            let mut got = Vec::new();
            g.children(&mut got);
            prop_assert_eq!(got.len(), want.len());
            prop_assert!(got.iter().all(|c| want.contains(c)));
            prop_assert_eq!(g.count_children(&mut Vec::new()), want.len());
        }
    }
}
