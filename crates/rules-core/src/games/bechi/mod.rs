//! Bechi (`bechi.md`): 2×4 or 2×3, single lap starting in the start hole, the direction fixed by
//! the hole, even captures from chosen holes, blocked holes in later rounds.

use crate::game::{Game, Illegal, Sink};
use crate::games::common::{board_index, forced_pass, foreign_move, seed_bytes};
use crate::geometry::{Geometry, HoleSet};
use crate::marks::{Mark, MarkKind};
use crate::moves::Move;
use crate::notes::{Common, CommonRound, CommonSetup};
use crate::player::{Dir, Player};
use crate::round::{AfterRound, Decision, DecisionRequest, MatchResult, RoundError, richer};
use crate::rule::Rule;
use crate::setup::{Problems, Setup, SetupError};
use crate::sowing::{lift, sow_lap};
use crate::trace::{CaptureKind, Event, LapKind, Tracer, emit};
use crate::view::View;

pub mod notes;
pub(crate) mod options;
mod perft;
mod prose;

use notes::{Note, Refusal, RoundReason, SetupReason};
pub use options::BechiOptions;

/// Seeds per filled hole at every set-up (B1, B16).
const FILL: u32 = 6;

/// A Bechi position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bechi {
    /// Seeds by hole index (kB = k−1, kA = n+k−1); indices from 2n on are unused and 0.
    seeds: [u8; 8],
    /// Holes a move has started from in this round (B2).
    chosen: HoleSet,
    /// Holes left unfilled at this round's set-up (B3).
    blocked: HoleSet,
    /// Seeds captured in this round (A, B).
    store: [u8; 2],
    /// Surplus kept aside at this round's set-up (A, B) (B14, B16).
    reserve: [u8; 2],
    to_move: Player,
    /// The opener of this round (B17).
    opener: Player,
    round: u16,
    /// Holes per row: 4, or 3 under `holes` = 3.
    n: u8,
}

impl Bechi {
    fn geometry(&self) -> Geometry {
        Geometry::two_rows(self.n)
    }

    fn own(&self, p: Player) -> HoleSet {
        self.geometry().row_set(p)
    }

    /// The directions a hole sows in (B4): holes 1 and 2 clockwise, 3 and 4 counterclockwise; on
    /// 2×3 the middle hole 2 either way, `+` first.
    fn dirs(&self, number: u8) -> &'static [Dir] {
        match (self.n, number) {
            (3, 2) => &[Dir::Ccw, Dir::Cw],
            (_, 1 | 2) => &[Dir::Cw],
            _ => &[Dir::Ccw],
        }
    }

    fn is_middle(&self, number: u8) -> bool {
        self.n == 3 && number == 2
    }

    /// The next hole in `dir` that is not blocked (B7, B11). The start hole is never blocked, so
    /// this ends.
    #[inline]
    fn next_open(&self, mut i: usize, dir: Dir) -> usize {
        let g = self.geometry();
        loop {
            i = g.step(i, dir);
            if !self.blocked.contains(i) {
                return i;
            }
        }
    }

    /// Whether `p` has a legal move (B4): an own hole with at least 2 seeds. Blocked holes are
    /// always empty.
    fn can_move(&self, p: Player) -> bool {
        self.own(p).iter().any(|i| self.seeds[i] >= 2)
    }

    /// Sows from hole index `i` in `dir` with its captures (B6–B12). The move must be legal.
    fn sow<T: Tracer>(&self, i: usize, dir: Dir, t: &mut T) -> Bechi {
        let g = self.geometry();
        let me = self.to_move;
        let mut c = *self;
        let n = lift(&mut c.seeds, g, i, dir, LapKind::Start, Rule::B6, t).hand;
        if !c.chosen.contains(i) {
            c.chosen.insert(i);
            emit(t, || Event::Mark {
                hole: g.hole(i),
                mark: Mark {
                    kind: MarkKind::Chosen,
                    owner: me,
                },
                rule: Rule::B2,
            });
        }
        // B6: the first seed goes back into the start hole; B7/B8: blocked holes are skipped.
        let mut pos = i;
        c.seeds[pos] += 1;
        emit(t, || Event::Sow { hole: g.hole(pos) });
        if !T::ON && c.blocked.is_empty() {
            // The same drops in bulk when no hole is blocked (round 1, and later rounds where
            // every hole was filled): the other n − 1 seeds one per hole after the start hole.
            pos = sow_lap(&mut c.seeds, g.len(), i, dir, n - 1).0;
        } else {
            for _ in 1..n {
                pos = c.next_open(pos, dir);
                c.seeds[pos] += 1;
                emit(t, || Event::Sow { hole: g.hole(pos) });
            }
        }
        // B9: an even count in a chosen hole is captured; B10: the chain follows the sowing.
        let last = pos;
        if !c.seeds[last].is_multiple_of(2) {
            emit(t, || Event::Note {
                rule: Rule::B9,
                note: Note::Odd {
                    hole: g.hole(last),
                    seeds: c.seeds[last].into(),
                }
                .into(),
            });
        } else if !c.chosen.contains(last) {
            emit(t, || Event::Note {
                rule: Rule::B9,
                note: Note::NotChosen { hole: g.hole(last) }.into(),
            });
        } else {
            let mut h = last;
            loop {
                let seeds = c.seeds[h];
                c.seeds[h] = 0;
                c.store[me.index()] += seeds;
                let (kind, rule) = if h == last {
                    (CaptureKind::Made, Rule::B9)
                } else {
                    (CaptureKind::Chain, Rule::B10)
                };
                emit(t, || Event::Capture {
                    hole: g.hole(h),
                    seeds: seeds.into(),
                    player: me,
                    kind,
                    rule,
                });
                h = c.next_open(h, dir);
                let s = c.seeds[h];
                if s >= 2 && s.is_multiple_of(2) && c.chosen.contains(h) {
                    continue;
                }
                emit(t, || Event::Note {
                    rule: Rule::B10,
                    note: Note::ChainStops {
                        hole: g.hole(h),
                        seeds: (s == 0 || !s.is_multiple_of(2)).then_some(s.into()),
                    }
                    .into(),
                });
                break;
            }
        }
        c.to_move = me.other();
        emit(t, || Event::Next {
            player: me.other(),
            repeat: false,
            rule: Rule::B12,
        });
        c
    }

    fn passed(&self) -> Bechi {
        let mut c = *self;
        c.to_move = self.to_move.other();
        c
    }

    /// B14: each player's round total and reserve.
    fn holdings(&self) -> [u32; 2] {
        let (t, r) = (self.round_totals(), self.reserves());
        [t[0] + r[0], t[1] + r[1]]
    }
}

impl Game for Bechi {
    type Options = BechiOptions;
    const ROUND_END: Rule = Rule::B13;
    const SCORING: Rule = Rule::B13;

    /// Checks a setup (B1–B3, B13–B16) and makes it a position.
    fn from_setup(BechiOptions { holes: n }: BechiOptions, s: &Setup) -> Result<Bechi, SetupError> {
        let mut pr = Problems::start(s)?;
        let g = s.geometry();
        if let Some(o) = &s.owners {
            pr.check(
                o.iter().enumerate().all(|(i, p)| *p == g.row(i)),
                Some(Rule::B1),
                || CommonSetup::OwnRows { game: "Bechi" },
            );
        }
        let mut chosen = HoleSet::EMPTY;
        let mut blocked = HoleSet::EMPTY;
        for (i, m) in s.marked() {
            let hole = g.hole(i);
            match m.kind {
                MarkKind::Chosen => chosen.insert(i),
                MarkKind::Blocked => blocked.insert(i),
                MarkKind::Claim | MarkKind::Uugg => {
                    pr.push(
                        None,
                        CommonSetup::MarkKindUnknown {
                            game: "Bechi",
                            kind: m.kind,
                            hole,
                        },
                    );
                    continue;
                }
            }
            pr.check(m.owner == g.row(i), Some(Rule::B2), || {
                SetupReason::MarkOfOwner {
                    hole,
                    owner: g.row(i),
                }
            });
        }
        for i in blocked.iter() {
            let hole = g.hole(i);
            pr.check(s.seeds[i] == 0, Some(Rule::B3), || {
                SetupReason::BlockedHoldsSeeds {
                    hole,
                    seeds: s.seeds[i],
                }
            });
            pr.check(!chosen.contains(i), Some(Rule::B3), || {
                SetupReason::BlockedChosen { hole }
            });
        }
        if !blocked.is_empty() {
            pr.check(s.round > 1, Some(Rule::B3), || {
                SetupReason::BlockedInRoundOne
            });
            let rows: Vec<Player> = Player::BOTH
                .into_iter()
                .filter(|p| !blocked.and(g.row_set(*p)).is_empty())
                .collect();
            pr.check(rows.len() <= 1, Some(Rule::B16), || {
                SetupReason::BlockedInBothRows
            });
            for p in rows {
                pr.check(
                    blocked.and(g.row_set(p)).len() < usize::from(n),
                    Some(Rule::B15),
                    || SetupReason::AllBlocked { player: p },
                );
            }
        }
        for p in Player::BOTH {
            pr.check(
                s.stores[p.index()].is_multiple_of(2),
                Some(Rule::B9),
                || SetupReason::OddStore {
                    player: p,
                    seeds: s.stores[p.index()],
                },
            );
        }
        if s.round == 1 {
            pr.check(s.reserves == [0, 0], Some(Rule::B16), || {
                CommonSetup::ReservesInRoundOne
            });
        }
        pr.check(s.opener.is_some(), Some(Rule::B17), || {
            CommonSetup::OpenerRequired
        });
        pr.unused_fields(s, "Bechi", false, false);
        pr.finish()?;
        let seeds: [u8; 8] = seed_bytes(&s.seeds);
        Ok(Bechi {
            seeds,
            chosen,
            blocked,
            store: s.stores.map(|x| x as u8),
            reserve: s.reserves.map(|x| x as u8),
            to_move: s.to_move,
            opener: s.opener.unwrap_or(s.to_move),
            round: s.round as u16,
            n,
        })
    }

    fn options(&self) -> BechiOptions {
        BechiOptions { holes: self.n }
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn generate<S: Sink<Self>>(&self, sink: &mut S) {
        let g = self.geometry();
        let me = self.to_move;
        let mut any = false;
        for i in self.own(me).iter() {
            if sink.done() {
                return;
            }
            if self.seeds[i] < 2 {
                continue;
            }
            let hole = g.hole(i);
            let middle = self.is_middle(hole.number);
            for &d in self.dirs(hole.number) {
                let child = self.sow(i, d, &mut crate::trace::NoTrace);
                sink.push(
                    || Move::Sow {
                        hole,
                        dir: middle.then_some(d),
                    },
                    child,
                );
                any = true;
            }
        }
        // B5: no legal move, but the round goes on (B13): a forced pass.
        if !any && self.can_move(me.other()) {
            sink.push(|| Move::Pass, self.passed());
        }
    }

    fn play<T: Tracer>(&self, m: &Move, t: &mut T) -> Result<Bechi, Illegal> {
        let g = self.geometry();
        let me = self.to_move;
        if self.is_over() {
            return Err(Illegal::new(Rule::B13, Refusal::RoundOver));
        }
        match *m {
            Move::Pass => {
                forced_pass(self.can_move(me), me, Rule::B5, t)?;
                Ok(self.passed())
            }
            Move::Open | Move::ReduSow(_) | Move::ReduCapture { .. } | Move::ReduPenalty { .. } => {
                Err(foreign_move(m, "Bechi", Rule::B4, "a start hole"))
            }
            Move::Sow { hole, dir } => {
                let i = board_index(g, hole, Rule::B1)?;
                if hole.side != me {
                    return Err(Illegal::new(
                        Rule::B4,
                        Common::NotOwnHole { hole, player: me },
                    ));
                }
                if self.blocked.contains(i) {
                    return Err(Illegal::new(Rule::B3, Refusal::Blocked { hole }));
                }
                if self.seeds[i] < 2 {
                    return Err(Illegal::new(
                        Rule::B4,
                        Common::TooFewSeeds {
                            hole,
                            seeds: self.seeds[i].into(),
                        },
                    ));
                }
                let allowed = self.dirs(hole.number);
                let d = match dir {
                    None if allowed.len() == 1 => allowed[0],
                    None => {
                        return Err(Illegal::new(Rule::B4, Refusal::NoDirection { hole }));
                    }
                    Some(d) if allowed.contains(&d) => d,
                    Some(d) => {
                        return Err(Illegal::new(
                            Rule::B4,
                            Refusal::WrongDirection {
                                hole,
                                sows: allowed[0],
                                written: d,
                            },
                        ));
                    }
                };
                Ok(self.sow(i, d, t))
            }
        }
    }

    /// The round is over when neither player can move (B13).
    fn is_over(&self) -> bool {
        !self.can_move(Player::A) && !self.can_move(Player::B)
    }

    fn reserves(&self) -> [u32; 2] {
        self.reserve.map(u32::from)
    }

    /// The chosen and blocked marks are their holes' owners' (B2, B3).
    #[inline]
    fn view(&self) -> View<'_> {
        View::new(self.options(), &self.seeds, self.store, self.to_move)
            .with_round(self.round, Some(self.opener))
            .with_reserves(self.reserve)
            .with_marks_of_owners(MarkKind::Chosen, self.chosen)
            .with_marks_of_owners(MarkKind::Blocked, self.blocked)
    }

    fn decision_needed(&self) -> DecisionRequest {
        let h = self.holdings();
        if h[0] < FILL || h[1] < FILL {
            return DecisionRequest::None;
        }
        match richer(h) {
            None => DecisionRequest::None,
            Some(r) => {
                let poorer = r.other();
                DecisionRequest::Fill {
                    player: poorer,
                    holes: h[poorer.index()] / FILL,
                }
            }
        }
    }

    fn next_round(&self, decision: &Decision) -> Result<AfterRound<Bechi>, RoundError> {
        let g = self.geometry();
        let h = self.holdings();
        let n = u32::from(self.n);
        let no_decision = |why: &'static str| {
            if *decision == Decision::None {
                Ok(())
            } else {
                Err(RoundError::new(
                    Rule::B16,
                    CommonRound::NoDecision { because: why },
                ))
            }
        };
        // B15: a player who cannot fill a hole loses the match.
        for p in Player::BOTH {
            if h[p.index()] < FILL {
                no_decision("the match is over")?;
                return Ok(AfterRound::MatchOver(MatchResult {
                    winner: Some(p.other()),
                    rule: Rule::B15,
                    reason: format!(
                        "{p} holds {} seed{}, fewer than 6, and cannot fill a hole",
                        h[p.index()],
                        crate::notes::common::plural(h[p.index()])
                    ),
                }));
            }
        }
        let mut next = *self;
        next.store = [0, 0];
        next.chosen = HoleSet::EMPTY;
        next.blocked = HoleSet::EMPTY;
        next.round = self.round.saturating_add(1);
        next.opener = self.opener.other(); // B17
        next.to_move = next.opener;
        for i in 0..g.len() {
            next.seeds[i] = FILL as u8;
        }
        match richer(h) {
            None => {
                no_decision("with equal holdings both players fill all their holes")?;
                for p in Player::BOTH {
                    next.reserve[p.index()] = (h[p.index()] - FILL * n) as u8;
                }
            }
            Some(r) => {
                let poorer = r.other();
                let fill = h[poorer.index()] / FILL;
                let Decision::Fill(holes) = decision else {
                    return Err(RoundError::new(
                        Rule::B16,
                        RoundReason::FillNeeded {
                            player: poorer,
                            holes: fill,
                        },
                    ));
                };
                let mut filled = HoleSet::EMPTY;
                for hole in holes {
                    let i = g
                        .index(*hole)
                        .filter(|_| hole.side == poorer)
                        .ok_or_else(|| {
                            RoundError::new(
                                Rule::B16,
                                RoundReason::NotOwnHole {
                                    hole: *hole,
                                    player: poorer,
                                },
                            )
                        })?;
                    if filled.contains(i) {
                        return Err(RoundError::new(
                            Rule::B16,
                            RoundReason::Twice { hole: *hole },
                        ));
                    }
                    filled.insert(i);
                }
                if filled.len() as u32 != fill {
                    return Err(RoundError::new(
                        Rule::B16,
                        RoundReason::FillCount {
                            player: poorer,
                            seeds: h[poorer.index()],
                            holes: fill,
                            given: filled.len(),
                        },
                    ));
                }
                for i in self.own(poorer).iter() {
                    if !filled.contains(i) {
                        next.seeds[i] = 0;
                        next.blocked.insert(i);
                    }
                }
                next.reserve[r.index()] = (h[r.index()] - FILL * n) as u8;
                next.reserve[poorer.index()] = (h[poorer.index()] - FILL * fill) as u8;
            }
        }
        Ok(AfterRound::Next(next))
    }
}
