//! Giuthi (`giuthi.md`): 2×N, a free direction, relay laps that turn round, captures from the
//! opposite holes after the opponent's row has been played, repeat moves, the poorer player's
//! layout and the richer player's copy between rounds.

use crate::game::{Game, Illegal, Sink};
use crate::games::common::{board_index, forced_pass, foreign_move, seed_bytes};
use crate::geometry::{Geometry, HoleSet, MAX_HOLES};
use crate::moves::Move;
use crate::notes::{Common, CommonSetup};
use crate::player::{Dir, Player};
use crate::round::{AfterRound, Decision, DecisionRequest, MatchResult, RoundError, richer};
use crate::rule::Rule;
use crate::setup::{Problems, Setup, SetupError};
use crate::sowing::{Endless, LapEnd, SowingRules, cycle_key, lift, relay_sow};
use crate::trace::{CaptureKind, Event, LapKind, NoTrace, Tracer, emit};
use crate::view::View;

pub mod notes;
pub(crate) mod options;
mod perft;
mod prose;

use notes::{Note, Refusal, RoundReason, SetupReason, Stop};
pub use options::GiuthiOptions;

/// A Giuthi position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Giuthi {
    /// Seeds by hole index (kB = k−1, kA = N+k−1); indices from 2N on are unused and 0.
    seeds: [u8; MAX_HOLES],
    /// Seeds captured in this round (A, B).
    store: [u8; 2],
    /// Seeds kept off the board at this round's set-up (A, B) (G21, G25).
    reserve: [u8; 2],
    to_move: Player,
    round: u16,
    /// N, holes per row (option `holes`).
    n: u8,
    /// Seeds per hole at the start of round 1 (option `seeds`).
    s: u8,
}

impl Giuthi {
    fn geometry(&self) -> Geometry {
        Geometry::two_rows(self.n)
    }

    fn own(&self, p: Player) -> HoleSet {
        self.geometry().row_set(p)
    }

    /// Sows from hole index `i` in `dir` with its relays and captures (G6–G18); `Err` if the sowing
    /// never ends (G10). `i` must be one of the mover's holes with at least 2 seeds.
    fn sow<T: Tracer>(&self, i: usize, dir: Dir, t: &mut T) -> Result<Giuthi, Endless> {
        let g = self.geometry();
        let me = self.to_move;
        let own = self.own(me);
        let mut c = *self;
        let start = lift(&mut c.seeds, g, i, dir, LapKind::Start, Rule::G6, t);
        // G8: a lap ending in a hole that held seeds is lifted and sown back the other way; G9: a
        // lap ending in an empty hole ends the sowing.
        let sown = relay_sow(
            &mut c.seeds,
            g,
            start,
            SowingRules {
                relay: Rule::G8,
                endless: Rule::G10,
            },
            cycle_key(1, HoleSet::EMPTY, HoleSet::EMPTY),
            |s, _, d| {
                if s == 1 {
                    LapEnd::Stop
                } else {
                    LapEnd::Relay(d.reversed())
                }
            },
            t,
        )?;
        let last = sown.last;
        let next_player = |c: &mut Giuthi, t: &mut T, repeat: bool, rule| {
            let p = if repeat { me } else { me.other() };
            c.to_move = p;
            emit(t, || Event::Next {
                player: p,
                repeat,
                rule,
            });
        };
        if !own.contains(last) {
            emit(t, || Event::Note {
                rule: Rule::G11,
                note: Note::OpponentsHole { hole: g.hole(last) }.into(),
            });
            next_player(&mut c, t, false, Rule::G11);
        } else if sown.touched.and(self.own(me.other())).is_empty() {
            emit(t, || Event::Note {
                rule: Rule::G13,
                note: Note::OwnRowOnly {
                    hole: g.hole(last),
                    player: me,
                }
                .into(),
            });
            next_player(&mut c, t, true, Rule::G13);
        } else {
            let o = g.len() - 1 - last;
            if c.seeds[o] == 0 {
                emit(t, || Event::Note {
                    rule: Rule::G16,
                    note: Note::OppositeEmpty {
                        hole: g.hole(last),
                        opposite: g.hole(o),
                    }
                    .into(),
                });
            } else {
                // G15: the opposite hole's seeds and the last seed itself.
                let taken = c.seeds[o];
                c.seeds[o] = 0;
                c.seeds[last] = 0;
                c.store[me.index()] += taken + 1;
                emit(t, || Event::Capture {
                    hole: g.hole(o),
                    seeds: taken.into(),
                    player: me,
                    kind: CaptureKind::Made,
                    rule: Rule::G15,
                });
                emit(t, || Event::Capture {
                    hole: g.hole(last),
                    seeds: 1,
                    player: me,
                    kind: CaptureKind::Made,
                    rule: Rule::G15,
                });
                // G17: on along the own row in the direction of the last lap, no wrap.
                let mut h = g.step(last, sown.dir);
                while own.contains(h) && c.seeds[h] == 0 && c.seeds[g.len() - 1 - h] > 0 {
                    let o = g.len() - 1 - h;
                    let taken = c.seeds[o];
                    c.seeds[o] = 0;
                    c.store[me.index()] += taken;
                    emit(t, || Event::Capture {
                        hole: g.hole(o),
                        seeds: taken.into(),
                        player: me,
                        kind: CaptureKind::Chain,
                        rule: Rule::G17,
                    });
                    h = g.step(h, sown.dir);
                }
                emit(t, || Event::Note {
                    rule: Rule::G17,
                    note: Note::CapturesStop(if !own.contains(h) {
                        Stop::RowEnd
                    } else if c.seeds[h] > 0 {
                        Stop::Occupied { hole: g.hole(h) }
                    } else {
                        Stop::OppositeEmpty {
                            hole: g.hole(h),
                            opposite: g.hole(g.len() - 1 - h),
                        }
                    })
                    .into(),
                });
            }
            next_player(&mut c, t, false, Rule::G18);
        }
        Ok(c)
    }

    /// Whether `p` has a legal move (G4, G10): a hole with at least 2 seeds and a direction whose
    /// sowing ends.
    fn can_move(&self, p: Player) -> bool {
        let mut probe = *self;
        probe.to_move = p;
        self.own(p).iter().any(|i| {
            self.seeds[i] >= 2
                && Dir::BOTH
                    .iter()
                    .any(|&d| probe.sow(i, d, &mut NoTrace).is_ok())
        })
    }

    fn passed(&self) -> Giuthi {
        let mut c = *self;
        c.to_move = self.to_move.other();
        c
    }

    /// G21: round total plus reserve.
    fn holdings(&self) -> [u32; 2] {
        let (t, r) = (self.round_totals(), self.reserves());
        [t[0] + r[0], t[1] + r[1]]
    }

    /// The match ends after this round (G22), and how.
    fn match_end(&self) -> Option<MatchResult> {
        let h = self.holdings();
        match richer(h) {
            None => Some(MatchResult {
                winner: None,
                rule: Rule::G22,
                reason: format!("equal holdings, {} each: the match is drawn", h[0]),
            }),
            Some(r) => {
                let p = r.other();
                (h[p.index()] <= u32::from(self.n)).then(|| MatchResult {
                    winner: Some(r),
                    rule: Rule::G22,
                    reason: format!(
                        "{p} holds {} seed{}, no more than N = {}, and cannot lay out a playable round",
                        h[p.index()],
                        crate::notes::common::plural(h[p.index()]),
                        self.n
                    ),
                })
            }
        }
    }

    /// Plays a decision string in a round that is not over (G4–G18).
    fn play_move<T: Tracer>(&self, m: &Move, t: &mut T) -> Result<Giuthi, Illegal> {
        let g = self.geometry();
        let me = self.to_move;
        match *m {
            Move::Pass => {
                forced_pass(self.can_move(me), me, Rule::G5, t)?;
                Ok(self.passed())
            }
            Move::Open | Move::ReduSow(_) | Move::ReduCapture { .. } | Move::ReduPenalty { .. } => {
                Err(foreign_move(
                    m,
                    "Giuthi",
                    Rule::G4,
                    "a hole and a direction",
                ))
            }
            Move::Sow { hole, dir } => {
                let i = board_index(g, hole, Rule::G1)?;
                if hole.side != me {
                    return Err(Illegal::new(
                        Rule::G4,
                        Common::NotOwnHole { hole, player: me },
                    ));
                }
                if self.seeds[i] < 2 {
                    return Err(Illegal::new(
                        Rule::G4,
                        Common::TooFewSeeds {
                            hole,
                            seeds: self.seeds[i].into(),
                        },
                    ));
                }
                let Some(d) = dir else {
                    return Err(Illegal::new(Rule::G4, Refusal::NoDirection { hole }));
                };
                self.sow(i, d, t).map_err(|Endless { .. }| {
                    Illegal::new(Rule::G10, Common::Endless { hole, dir: Some(d) })
                })
            }
        }
    }
}

impl Game for Giuthi {
    type Options = GiuthiOptions;
    const ROUND_END: Rule = Rule::G19;
    const SCORING: Rule = Rule::G20;

    /// Checks a setup (G1, G2, G21, G24, G25) and makes it a position.
    fn from_setup(
        GiuthiOptions {
            holes: n,
            seeds: per_hole,
        }: GiuthiOptions,
        s: &Setup,
    ) -> Result<Giuthi, SetupError> {
        let mut pr = Problems::start(s)?;
        let g = s.geometry();
        if let Some(o) = &s.owners {
            pr.check(
                o.iter().enumerate().all(|(i, p)| *p == g.row(i)),
                Some(Rule::G2),
                || CommonSetup::OwnRows { game: "Giuthi" },
            );
        }
        for (i, m) in s.marked() {
            pr.push(
                None,
                CommonSetup::NoMarks {
                    game: "Giuthi",
                    kind: m.kind,
                    hole: g.hole(i),
                },
            );
        }
        if s.round == 1 {
            pr.check(s.reserves == [0, 0], Some(Rule::G25), || {
                CommonSetup::ReservesInRoundOne
            });
        } else {
            pr.check(
                s.reserves[0] == 0 || s.reserves[1] == 0,
                Some(Rule::G24),
                || SetupReason::TwoReserves,
            );
        }
        pr.check(s.opener.is_none(), Some(Rule::G26), || {
            SetupReason::NamesOpener
        });
        pr.unused_fields(s, "Giuthi", false, false);
        pr.finish()?;
        let seeds: [u8; MAX_HOLES] = seed_bytes(&s.seeds);
        Ok(Giuthi {
            seeds,
            store: s.stores.map(|x| x as u8),
            reserve: s.reserves.map(|x| x as u8),
            to_move: s.to_move,
            round: s.round as u16,
            n,
            s: per_hole,
        })
    }

    fn options(&self) -> GiuthiOptions {
        GiuthiOptions {
            holes: self.n,
            seeds: self.s,
        }
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn generate<S: Sink<Self>>(&self, sink: &mut S) {
        let g = self.geometry();
        let mut any = false;
        for i in self.own(self.to_move).iter() {
            if sink.done() {
                return;
            }
            if self.seeds[i] < 2 {
                continue;
            }
            for d in Dir::BOTH {
                if let Ok(child) = self.sow(i, d, &mut NoTrace) {
                    sink.push(|| Move::sow_dir(g.hole(i), d), child);
                    any = true;
                }
            }
        }
        // G5: no legal move, but the round goes on (G19): a forced pass.
        if !any && self.can_move(self.to_move.other()) {
            sink.push(|| Move::Pass, self.passed());
        }
    }

    fn play<T: Tracer>(&self, m: &Move, t: &mut T) -> Result<Giuthi, Illegal> {
        // G19 first: when the round is over, every move is refused for that reason. A legal
        // sowing shows the mover has a move, so the end of the round (a sowing of every hole
        // of both players) is looked at only for a pass or a refused move.
        let over = || Illegal::new(Rule::G19, Refusal::RoundOver);
        if *m == Move::Pass && self.is_over() {
            return Err(over());
        }
        self.play_move(m, t)
            .map_err(|e| if self.is_over() { over() } else { e })
    }

    /// G19: the round ends when neither player has a legal move.
    fn is_over(&self) -> bool {
        !self.can_move(self.to_move) && !self.can_move(self.to_move.other())
    }

    /// G21, G25: the richer player's reserve.
    fn reserves(&self) -> [u32; 2] {
        self.reserve.map(u32::from)
    }

    #[inline]
    fn view(&self) -> View<'_> {
        View::new(self.options(), &self.seeds, self.store, self.to_move)
            .with_round(self.round, None)
            .with_reserves(self.reserve)
    }

    fn decision_needed(&self) -> DecisionRequest {
        if self.match_end().is_some() {
            return DecisionRequest::None;
        }
        let h = self.holdings();
        let poorer = richer(h).expect("equal holdings end the match").other();
        DecisionRequest::Layout {
            player: poorer,
            seeds: h[poorer.index()],
            holes: self.n.into(),
        }
    }

    fn next_round(&self, decision: &Decision) -> Result<AfterRound<Giuthi>, RoundError> {
        if let Some(end) = self.match_end() {
            if *decision != Decision::None {
                return Err(RoundError::new(Rule::G22, RoundReason::MatchOver));
            }
            return Ok(AfterRound::MatchOver(end));
        }
        let g = self.geometry();
        let h = self.holdings();
        let r = richer(h).expect("equal holdings end the match");
        let poorer = r.other();
        let Decision::Layout(layout) = decision else {
            return Err(RoundError::new(
                Rule::G23,
                RoundReason::LayoutNeeded {
                    player: poorer,
                    seeds: h[poorer.index()],
                },
            ));
        };
        if layout.len() != usize::from(self.n) {
            return Err(RoundError::new(
                Rule::G23,
                RoundReason::LayoutLength {
                    holes: self.n,
                    given: layout.len(),
                },
            ));
        }
        if let Some(k) = layout.iter().position(|&x| x == 0) {
            return Err(RoundError::new(
                Rule::G23,
                RoundReason::EmptyHole { number: k + 1 },
            ));
        }
        let sum: u64 = layout.iter().map(|&x| u64::from(x)).sum();
        if sum != u64::from(h[poorer.index()]) {
            return Err(RoundError::new(
                Rule::G24,
                RoundReason::LayoutTotal {
                    player: poorer,
                    seeds: h[poorer.index()],
                    placed: sum,
                },
            ));
        }
        let mut next = *self;
        next.seeds = [0; MAX_HOLES];
        for (k, &x) in layout.iter().enumerate() {
            let number = (k + 1) as u8;
            // G25: the richer player's hole k gets the poorer player's hole k.
            for p in Player::BOTH {
                let i = g
                    .index(crate::Hole::new(number, p))
                    .expect("k is at most N");
                next.seeds[i] = x as u8;
            }
        }
        next.store = [0, 0];
        next.reserve[poorer.index()] = 0;
        next.reserve[r.index()] = (h[r.index()] as u64 - sum) as u8;
        next.round = self.round.saturating_add(1);
        next.to_move = r; // G26
        Ok(AfterRound::Next(next))
    }
}
