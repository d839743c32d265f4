//! Lenient validation (redu.md R25, R26): forgotten M1 captures and penalty claims, which records
//! of real games may contain. They are not moves of the game: the generator and perft never make
//! them, and strict validation rejects them.

use super::notes::{Note, Refusal};
use super::{GEO, Redu};
use crate::game::{Game, Illegal};
use crate::geometry::Hole;
use crate::moves::Move;
use crate::notes::Common;
use crate::rule::Rule;
use crate::trace::{CaptureKind, Event, Tracer, emit};

impl Redu {
    /// The singletons of the player to move that would make an M1 capture (R5): own holes with
    /// one seed facing a hole with 1 or 2.
    fn m1_singletons(&self) -> impl Iterator<Item = usize> + '_ {
        Self::row(self.to_move)
            .iter()
            .filter(|&i| self.seeds[i] == 1 && matches!(self.seeds[11 - i], 1 | 2))
    }

    /// R26: the player to move of `after` claims the penalty on the opponent's singleton `claim`,
    /// the opponent having played `x_move` from `before` to reach `after`.
    pub(crate) fn penalty<T: Tracer>(
        before: &Redu,
        x_move: &Move,
        after: &Redu,
        claim: Hole,
        t: &mut T,
    ) -> Result<Redu, Illegal> {
        let x = before.to_move;
        let y = x.other();
        if after.to_move != y || after.is_over() {
            return Err(Illegal::new(
                Rule::R26,
                Refusal::PenaltyWhen {
                    claimer: y,
                    player: x,
                },
            ));
        }
        match before.play_mode(x_move, true, &mut crate::trace::NoTrace) {
            Ok(p) if p == *after => {}
            _ => {
                return Err(Illegal::new(
                    Rule::R26,
                    Refusal::PenaltyPly {
                        player: x,
                        ply: x_move.to_string(),
                    },
                ));
            }
        }
        let Some(s) = GEO.index(claim).filter(|_| claim.side == x) else {
            return Err(Illegal::new(
                Rule::R26,
                Common::NotOwnHole {
                    hole: claim,
                    player: x,
                },
            ));
        };
        let claimable: Vec<usize> = before.m1_singletons().collect();
        if !claimable.contains(&s) {
            return Err(Illegal::new(
                Rule::R26,
                Refusal::PenaltyNoCapture { player: x, claim },
            ));
        }
        if let Move::ReduSow(m) = x_move
            && m.second.is_none()
            && GEO.index(m.start).is_some_and(|i| claimable.contains(&i))
        {
            return Err(Illegal::new(
                Rule::R26,
                Refusal::PenaltyPlayed {
                    player: x,
                    start: m.start,
                },
            ));
        }
        // X's move is cancelled (its right is void); the singleton is played from the position
        // before it and its seeds go to Y, who then plays his turn.
        let mut c = *before;
        c.right = None;
        let o = 11 - s;
        let held = c.seeds[o];
        let taken = held + 1;
        c.seeds[s] = 0;
        c.seeds[o] = 0;
        c.store[y.index()] += taken;
        c.to_move = y;
        emit(t, || Event::Note {
            rule: Rule::R26,
            note: Note::Penalty {
                claimer: y,
                player: x,
                claim,
                cancelled: x_move.to_string(),
                right: after
                    .right
                    .map(|(kind, i)| (kind, GEO.hole(usize::from(i)))),
                into: GEO.hole(o),
                held: held.into(),
                taken: taken.into(),
            }
            .into(),
        });
        emit(t, || Event::Capture {
            hole: GEO.hole(o),
            seeds: taken.into(),
            player: y,
            kind: CaptureKind::Made,
            rule: Rule::R26,
        });
        emit(t, || Event::Next {
            player: y,
            repeat: false,
            rule: Rule::R26,
        });
        Ok(c)
    }
}
