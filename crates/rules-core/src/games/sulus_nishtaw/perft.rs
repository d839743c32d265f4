//! Sulus Nishtaw's perft path (spec/engine.md §3): the move sown untraced on the board as lanes,
//! in the order of the start holes' indices, and duplicates found by comparing only what a move
//! can change.
//!
//! Every start must still be sown: a start is a move only if its sowing ends (S12), and two
//! starts may end in one outcome (rules README §6.2). The opening and V1 (S13), which decides
//! between starts by whether other sowings end, take the plain path ([`Game::generate`]).

use super::{G, LEN, SulusNishtaw};
use crate::game::{Children, Game};
use crate::geometry::HoleSet;
use crate::perft::{Distinct, Perft};
use crate::player::{Dir, Player};
use crate::sowing::{Lanes, LapEnd, LapStart, cycle_key, relay_sow_lanes};

/// What a move changes in a position: the board, the claims, the stores and who moves next.
#[derive(Copy, Clone, PartialEq, Eq)]
struct Outcome {
    board: Lanes,
    claims: [HoleSet; 2],
    store: [u8; 2],
    to_move: Player,
}

/// The moves of one position: at most one per hole of the mover's territory (17).
type Outcomes = Distinct<Outcome, LEN>;

/// What every move of one position shares: the board as lanes and the sets the lap ends and the
/// captures depend on, made once per position.
struct Mover {
    board: Lanes,
    mine: HoleSet,
    theirs: HoleSet,
    claimed: HoleSet,
    opp_terr: HoleSet,
    key: u64,
}

impl SulusNishtaw {
    #[inline(always)]
    fn mover(&self) -> Mover {
        let me = self.to_move;
        let mine = self.claims[me.index()];
        let theirs = self.claims[me.other().index()];
        let claimed = mine.or(theirs);
        let opp_terr = self.terr(me.other());
        Mover {
            board: Lanes::load(&self.seeds),
            mine,
            theirs,
            claimed,
            opp_terr,
            key: cycle_key(3, claimed, opp_terr),
        }
    }

    /// The outcome of the move from hole index `i` (S7–S11) without a trace, as
    /// [`SulusNishtaw::sow`] makes it, or `None` if its sowing never ends (S12). `i` must be a
    /// start allowed by S7 and S14; `m` is [`SulusNishtaw::mover`].
    #[inline(always)]
    fn outcome(&self, m: &Mover, i: usize) -> Option<Outcome> {
        let me = self.to_move;
        let Mover {
            mine,
            theirs,
            claimed,
            opp_terr,
            key,
            ..
        } = *m;
        let mut o = Outcome {
            board: m.board,
            claims: self.claims,
            store: self.store,
            to_move: me.other(),
        };
        let hand = o.board.0[i];
        o.board.0[i] = 0;
        let start = LapStart {
            origin: i,
            dir: Dir::Ccw,
            hand,
        };
        // S8: a claimed hole, an empty one or a claim ends the lap (cases 1 to 4); case 5 relays.
        let sown = relay_sow_lanes::<LEN>(&mut o.board, G.len(), start, key, |s, h, _| {
            if claimed.contains(h) || s == 1 || (s == 4 && opp_terr.contains(h)) {
                LapEnd::Stop
            } else {
                LapEnd::Relay(Dir::Ccw)
            }
        })
        .ok()?;
        let h = sown.last;
        if mine.contains(h) {
            // S8.1: the turn ends.
        } else if theirs.contains(h) {
            // S8.2, S9, S10: tax, the last seed and one the hole held, and a repeat move.
            let take = o.board.0[h].min(2);
            o.board.0[h] -= take;
            o.store[me.index()] += take;
            o.to_move = me;
        } else if o.board.0[h] == 1 {
            // S8.3: the turn ends.
        } else {
            // S8.4: a claim.
            o.claims[me.index()].insert(h);
        }
        Some(o)
    }

    /// The move from hole index `i` without a trace, as [`SulusNishtaw::sow`] makes it.
    #[cfg(test)]
    fn sow_untraced(&self, i: usize) -> Option<SulusNishtaw> {
        self.outcome(&self.mover(), i).map(|o| self.child(&o))
    }

    /// The position after a move of outcome `o`.
    #[inline]
    fn child(&self, o: &Outcome) -> SulusNishtaw {
        let mut c = *self;
        o.board.store(&mut c.seeds);
        c.claims = o.claims;
        c.store = o.store;
        c.to_move = o.to_move;
        c
    }

    /// Every move's outcome (S7, S14, S12), the distinct ones once; none if the round is over
    /// by S15 (a).
    #[inline(always)]
    fn outcomes(&self) -> Outcomes {
        let mut seen = Outcomes::new();
        if self.starved().is_some() {
            return seen;
        }
        let m = self.mover();
        for i in self.starts().iter() {
            if let Some(o) = self.outcome(&m, i) {
                seen.insert(o, o.board.fingerprint());
            }
        }
        seen
    }

    /// Whether the perft path applies: a normal move, and no V1 (module comment).
    #[inline]
    fn plain_only(&self) -> bool {
        self.opening || self.opts.v1
    }
}

impl Perft for SulusNishtaw {
    fn children(&self, out: &mut Vec<SulusNishtaw>) {
        if self.plain_only() {
            self.generate(&mut Children(out));
            return;
        }
        let first = out.len();
        out.extend(self.outcomes().iter().map(|o| self.child(o)));
        debug_assert_eq!(out.len() - first, crate::perft::generated(self).len());
    }

    /// The distinct outcomes, without making the children.
    fn count_children(&self, scratch: &mut Vec<SulusNishtaw>) -> usize {
        if self.plain_only() {
            scratch.clear();
            self.children(scratch);
            return scratch.len();
        }
        let n = self.outcomes().len();
        debug_assert_eq!(n, crate::perft::generated(self).len());
        n
    }
}

#[cfg(test)]
mod tests {
    use super::super::options::{ClaimsScoreTo, SulusOptions};
    use super::*;
    use crate::trace::NoTrace;
    use proptest::prelude::*;

    /// A Sulus Nishtaw position after the opening, with any seeds (54 in all, as S1 has it, or
    /// fewer after taxes), territories (S19) and claims, each in the territory of its creator's
    /// opponent (S2): not every one is reachable, but the rules apply to each.
    fn position() -> impl Strategy<Value = SulusNishtaw> {
        (
            prop::array::uniform18(0u8..7),
            1usize..18,
            any::<u32>(),
            any::<u32>(),
            any::<bool>(),
        )
            .prop_map(|(seeds, holes_b, ca, cb, a)| {
                let terr_a = super::super::territory_a(holes_b);
                let terr_b = G.all().minus(terr_a);
                SulusNishtaw {
                    seeds,
                    terr_a,
                    // A claims in B's territory and B in A's, a few holes each.
                    claims: [
                        HoleSet(ca & cb.rotate_left(7) & terr_b.0),
                        HoleSet(cb & ca.rotate_left(11) & terr_a.0),
                    ],
                    store: [0, 0],
                    to_move: if a { Player::A } else { Player::B },
                    opener: Player::B,
                    round: 1,
                    opening: false,
                    opts: SulusOptions {
                        claims_score_to: ClaimsScoreTo::Creator,
                        v1: false,
                        v2: false,
                    },
                }
            })
    }

    proptest! {
        /// The untraced move is the plain one, and the perft path's children are `generate`'s,
        /// as a set.
        #[test]
        fn perft_path_is_generate(p in position()) {
            for i in p.starts().iter() {
                prop_assert_eq!(p.sow_untraced(i), p.sow(i, &mut NoTrace).ok());
            }
            let mut want = Vec::new();
            p.generate(&mut Children(&mut want));
            let mut got = Vec::new();
            p.children(&mut got);
            prop_assert_eq!(got.len(), want.len());
            prop_assert!(got.iter().all(|c| want.contains(c)));
            prop_assert_eq!(p.count_children(&mut Vec::new()), want.len());
        }
    }
}
