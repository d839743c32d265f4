//! Uugg (`uugg.md`): 2×5, 2×6 or 2×7, counterclockwise relay sowing, uagga (a lap ending on 3 in
//! an opponent's hole makes it an uugg of the mover), the balla (a lone seed before the
//! opponent's uugg eats two), forced passes, and holes won and lost between rounds.
//!
//! Ownership is per hole (U21): in round 1 each player owns his row (U1); later rounds give each
//! player an arc of the cycle (U19, U20). An uugg is a mark with its creator; it stays in the hole,
//! whose owner does not change within the round.

use crate::game::{Game, Illegal, Sink};
use crate::games::common::{board_index, forced_pass, foreign_move, seed_bytes, totals_by_marks};
use crate::geometry::{Geometry, Hole, HoleSet};
use crate::marks::{Mark, MarkKind};
use crate::moves::Move;
use crate::notes::{Common, CommonRound, CommonSetup};
use crate::perft::Perft;
use crate::player::{Dir, Player};
use crate::round::{AfterRound, Decision, MatchResult, RoundError, richer};
use crate::rule::Rule;
use crate::settled::Settled;
use crate::setup::{Problems, Setup, SetupError};
use crate::sowing::{Endless, LapEnd, SowingRules, cycle_key, lift, relay_sow};
use crate::trace::{CaptureKind, Event, LapKind, NoTrace, Tracer, emit};
use crate::view::View;

pub mod notes;
pub(crate) mod options;
mod prose;

use notes::{Note, Refusal, SetupReason};
pub use options::{Balla, UuggOptions};

/// The largest board: 2×7 (U1).
const HOLES: usize = 14;

/// Seeds per hole at every set-up (U1, U19).
const FILL: u32 = 4;

/// A Uugg position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Uugg {
    /// Seeds by hole index (kB = k−1, kA = N+k−1); indices from 2N on are unused and 0.
    seeds: [u8; HOLES],
    /// The uuggs created by A and by B (U5.3, U8).
    uugg: [HoleSet; 2],
    /// The holes A owns in this round; B owns the others (U1, U21).
    own_a: HoleSet,
    /// Seeds eaten by balla in this round (A, B) (U9).
    store: [u8; 2],
    to_move: Player,
    /// The opener of this round (U23).
    opener: Player,
    round: u16,
    /// N, holes per row (option `holes`).
    n: u8,
    /// Option `balla` (U10).
    balla: Balla,
}

impl Uugg {
    fn geometry(&self) -> Geometry {
        Geometry::two_rows(self.n)
    }

    /// The holes `p` owns in this round (U21).
    #[inline]
    fn own(&self, p: Player) -> HoleSet {
        match p {
            Player::A => self.own_a,
            Player::B => self.geometry().all().minus(self.own_a),
        }
    }

    #[inline]
    fn uuggs(&self) -> HoleSet {
        self.uugg[0].or(self.uugg[1])
    }

    /// The holes `p` may start a move from: his non-empty holes that are not uuggs (U2, U3).
    #[inline]
    fn starts(&self, p: Player) -> HoleSet {
        let mut s = self.own(p).minus(self.uuggs());
        for i in s.iter() {
            if self.seeds[i] == 0 {
                s.remove(i);
            }
        }
        s
    }

    /// The hole from which a balla can eat from uugg `u`, made by `maker` (U9, U13): the hole
    /// before it counterclockwise, if it is not an uugg and `maker`'s opponent owns it.
    #[inline]
    fn balla_start(&self, u: usize, maker: Player) -> Option<usize> {
        let before = self.geometry().step(u, Dir::Cw);
        (self.own(maker.other()).contains(before) && !self.uuggs().contains(before))
            .then_some(before)
    }

    /// The holes from which `p` has a balla (U9): his own non-uugg holes with exactly one seed
    /// followed counterclockwise by an uugg of his opponent.
    #[inline]
    fn balla_holes(&self, p: Player) -> HoleSet {
        let mut out = HoleSet::EMPTY;
        for u in self.uugg[p.other().index()].iter() {
            if let Some(before) = self.balla_start(u, p.other())
                && self.seeds[before] == 1
            {
                out.insert(before);
            }
        }
        out
    }

    /// The mover's holes in canonical order (`engine.md` §2): his own row's holes 1..N, then the
    /// other row's holes 1..N; on the cycle, counterclockwise from hole 1 of his row.
    #[inline]
    fn canonical_order(&self, p: Player) -> impl Iterator<Item = usize> {
        let len = 2 * usize::from(self.n);
        let base = match p {
            Player::B => 0,
            Player::A => usize::from(self.n),
        };
        (0..len).map(move |k| (base + k) % len)
    }

    /// Sows from hole index `i` with its relays (U2–U7); `Err` if the sowing never ends (U15). `i`
    /// must be a non-empty non-uugg hole of the mover.
    fn sow<T: Tracer>(&self, i: usize, t: &mut T) -> Result<Uugg, Endless> {
        let g = self.geometry();
        let me = self.to_move;
        let uuggs = self.uuggs();
        // U5.3, U21: uagga needs a hole the opponent owns that is not an uugg.
        let theirs = self.own(me.other()).minus(uuggs);
        let mut c = *self;
        let start = lift(&mut c.seeds, g, i, Dir::Ccw, LapKind::Start, Rule::U2, t);
        // U5: an uugg, then an empty hole, then 3 -> 4 in an opponent's hole end the turn; any
        // other hole is relayed, in the same direction.
        let sown = relay_sow(
            &mut c.seeds,
            g,
            start,
            SowingRules {
                relay: Rule::U5,
                endless: Rule::U15,
            },
            // What the lap ends depend on besides the board: the uuggs and the opponent's holes.
            cycle_key(4, uuggs, theirs),
            |s, h, _| {
                if uuggs.contains(h) || s == 1 || (s == 4 && theirs.contains(h)) {
                    LapEnd::Stop
                } else {
                    LapEnd::Relay(Dir::Ccw)
                }
            },
            t,
        )?;
        let (last, relays) = (sown.last, sown.relays);
        if uuggs.contains(last) {
            emit(t, || Event::Note {
                rule: Rule::U6,
                note: Note::InUugg {
                    hole: g.hole(last),
                    creator: if self.uugg[me.index()].contains(last) {
                        me
                    } else {
                        me.other()
                    },
                    mover: me,
                }
                .into(),
            });
        } else if c.seeds[last] == 1 {
            emit(t, || Event::Note {
                rule: Rule::U5,
                note: Note::Empty { hole: g.hole(last) }.into(),
            });
        } else {
            // U5.3, U7: uagga.
            c.uugg[me.index()].insert(last);
            emit(t, || Event::Note {
                rule: if relays == 0 { Rule::U5 } else { Rule::U7 },
                note: Note::Uagga {
                    hole: g.hole(last),
                    lap: relays + 1,
                    owner: me.other(),
                    creator: me,
                }
                .into(),
            });
            emit(t, || Event::Mark {
                hole: g.hole(last),
                mark: Mark {
                    kind: MarkKind::Uugg,
                    owner: me,
                },
                rule: Rule::U5,
            });
        }
        c.to_move = me.other();
        emit(t, || Event::Next {
            player: me.other(),
            repeat: false,
            rule: Rule::U5,
        });
        Ok(c)
    }

    /// The balla from hole index `p` (U9, U11, U12). `p` must be one of the mover's balla holes.
    fn balla<T: Tracer>(&self, p: usize, t: &mut T) -> Uugg {
        let g = self.geometry();
        let me = self.to_move;
        let u = g.step(p, Dir::Ccw);
        let mut c = *self;
        c.seeds[p] = 0;
        // U12: an empty uugg gives no second seed.
        let second = u8::from(c.seeds[u] > 0);
        c.seeds[u] -= second;
        c.store[me.index()] += 1 + second;
        emit(t, || Event::Lift {
            hole: g.hole(p),
            seeds: 1,
            dir: Dir::Ccw,
            lap: LapKind::Start,
            rule: Rule::U9,
        });
        emit(t, || Event::Sow { hole: g.hole(u) });
        emit(t, || Event::Note {
            rule: if second == 1 { Rule::U9 } else { Rule::U12 },
            note: Note::Balla {
                from: g.hole(p),
                uugg: g.hole(u),
                creator: me.other(),
                eater: me,
                second: second == 1,
            }
            .into(),
        });
        emit(t, || Event::Capture {
            hole: g.hole(u),
            seeds: 1 + u32::from(second),
            player: me,
            kind: CaptureKind::Made,
            rule: if second == 1 { Rule::U9 } else { Rule::U12 },
        });
        emit(t, || Event::Note {
            rule: Rule::U11,
            note: Note::BallaTurn { player: me }.into(),
        });
        c.to_move = me.other();
        emit(t, || Event::Next {
            player: me.other(),
            repeat: false,
            rule: Rule::U11,
        });
        c
    }

    /// Whether `p` has a legal move (U2, U9, U15): a balla, or a start whose sowing ends.
    fn can_move(&self, p: Player) -> bool {
        if !self.balla_holes(p).is_empty() {
            return true;
        }
        let mut probe = *self;
        probe.to_move = p;
        self.starts(p)
            .iter()
            .any(|i| probe.sow(i, &mut NoTrace).is_ok())
    }

    /// Whether no seed is left outside the uuggs (U16): what ends a round that is over, if
    /// not that neither player can move (U17).
    fn all_in_uuggs(&self) -> bool {
        let g = self.geometry();
        g.all()
            .minus(self.uuggs())
            .iter()
            .all(|i| self.seeds[i] == 0)
    }

    /// Plays a decision string in a round that is not over (U2, U3, U9–U15): the position after
    /// it, or why it is illegal.
    fn play_move<T: Tracer>(&self, m: &Move, t: &mut T) -> Result<Uugg, Illegal> {
        let g = self.geometry();
        let me = self.to_move;
        match *m {
            Move::Pass => {
                forced_pass(self.can_move(me), me, Rule::U14, t)?;
                Ok(self.passed())
            }
            Move::Open | Move::ReduSow(_) | Move::ReduCapture { .. } | Move::ReduPenalty { .. } => {
                Err(foreign_move(m, "Uugg", Rule::U2, "a start hole"))
            }
            Move::Sow { hole, dir } => {
                let i = board_index(g, hole, Rule::U1)?;
                if dir == Some(Dir::Cw) {
                    return Err(Illegal::new(Rule::U2, Refusal::Clockwise { hole }));
                }
                if self.uuggs().contains(i) {
                    return Err(Illegal::new(Rule::U3, Refusal::FromUugg { hole }));
                }
                if !self.own(me).contains(i) {
                    return Err(Illegal::new(
                        Rule::U2,
                        Common::NotOwnHole { hole, player: me },
                    ));
                }
                if self.seeds[i] == 0 {
                    return Err(Illegal::new(Rule::U2, Common::Empty { hole }));
                }
                let ballas = self.balla_holes(me);
                if ballas.contains(i) {
                    return Ok(self.balla(i, t));
                }
                if self.balla == Balla::Compulsory && !ballas.is_empty() {
                    return Err(Illegal::new(
                        Rule::U10,
                        Refusal::BallaCompulsory {
                            player: me,
                            ballas: ballas.iter().map(|b| g.hole(b)).collect(),
                        },
                    ));
                }
                self.sow(i, t).map_err(|Endless { .. }| {
                    Illegal::new(Rule::U15, Common::Endless { hole, dir: None })
                })
            }
        }
    }

    fn passed(&self) -> Uugg {
        let mut c = *self;
        c.to_move = self.to_move.other();
        c
    }

    /// The next round's ownership from the round scores `s` (U19, U20): the holes A owns. Both
    /// scores must be at least 3 (U22).
    fn next_owners(&self, s: [u32; 2]) -> HoleSet {
        let g = self.geometry();
        let Some(high) = richer(s) else {
            // U20: equal scores, each player owns his row.
            return g.row_set(Player::A);
        };
        let low = high.other();
        // U19: ⌊S/4⌋ holes, one more for a remainder of 3.
        let holes = |x: u32| x / FILL + u32::from(x % FILL == 3);
        let n = self.n;
        // U20: the higher scorer's holes N..1, then the other's N..1.
        let order = (1..=n)
            .rev()
            .map(|k| Hole::new(k, high))
            .chain((1..=n).rev().map(|k| Hole::new(k, low)))
            .map(|h| g.index(h).expect("k is at most N"));
        let mut high_set = HoleSet::EMPTY;
        let mut order = order.enumerate();
        let high_holes = holes(s[high.index()]) as usize;
        for (k, i) in order.by_ref() {
            if k < high_holes {
                high_set.insert(i);
            } else {
                // U19: with remainders 2 and 2, the next hole keeps its owner.
                if s[high.index()] % FILL == 2 && self.own(high).contains(i) {
                    high_set.insert(i);
                }
                break;
            }
        }
        debug_assert_eq!(
            high_holes + holes(s[low.index()]) as usize + usize::from(s[high.index()] % FILL == 2),
            g.len()
        );
        match high {
            Player::A => high_set,
            Player::B => g.all().minus(high_set),
        }
    }

    /// U22: a player whose score is 2 or less cannot fill a hole and loses.
    fn match_end(&self, s: [u32; 2]) -> Option<MatchResult> {
        Player::BOTH
            .into_iter()
            .find(|p| s[p.index()] <= 2)
            .map(|p| MatchResult {
                winner: Some(p.other()),
                rule: Rule::U22,
                reason: format!(
                    "{p} scored {} seed{}, too few to fill a hole",
                    s[p.index()],
                    if s[p.index()] == 1 { "" } else { "s" }
                ),
            })
    }
}

/// Whether A's holes `own_a` are a territory the fill order of U20 gives: one player owns his whole
/// row, and the other owns his holes 1..m for some m ≥ 1 (U19: a player who plays on has at least
/// one hole, U22), the first player owning the rest of that row.
fn territories_from_fill_order(g: Geometry, own_a: HoleSet) -> bool {
    let n = g.per_side() as u8;
    let prefix = |p: Player| {
        let owned: Vec<bool> = (1..=n)
            .map(|k| {
                let i = g.index(Hole::new(k, p)).expect("k is at most N");
                own_a.contains(i) == (p == Player::A)
            })
            .collect();
        owned[0] && owned.windows(2).all(|w| w[0] || !w[1])
    };
    let whole = |p: Player| {
        let row = g.row_set(p);
        match p {
            Player::A => own_a.and(row) == row,
            Player::B => own_a.and(row).is_empty(),
        }
    };
    (whole(Player::A) && prefix(Player::B)) || (whole(Player::B) && prefix(Player::A))
}

impl Game for Uugg {
    type Options = UuggOptions;
    const ROUND_END: Rule = Rule::U16;
    const SCORING: Rule = Rule::U18;

    /// Checks a setup (U1, U5, U8, U9, U19–U21, U23) and makes it a position.
    fn from_setup(
        UuggOptions { holes: n, balla }: UuggOptions,
        s: &Setup,
    ) -> Result<Uugg, SetupError> {
        let mut pr = Problems::start(s)?;
        let g = s.geometry();
        let mut own_a = HoleSet::EMPTY;
        for i in 0..g.len() {
            if s.owner(i) == Player::A {
                own_a.insert(i);
            }
        }
        if s.round == 1 {
            pr.check(own_a == g.row_set(Player::A), Some(Rule::U1), || {
                SetupReason::RoundOneRows
            });
        } else {
            pr.check(
                territories_from_fill_order(g, own_a),
                Some(Rule::U20),
                || SetupReason::FillOrder,
            );
        }
        let mut uugg = [HoleSet::EMPTY; 2];
        for (i, m) in s.marked() {
            let hole = g.hole(i);
            if m.kind != MarkKind::Uugg {
                pr.push(
                    None,
                    CommonSetup::MarkKindUnknown {
                        game: "Uugg",
                        kind: m.kind,
                        hole,
                    },
                );
                continue;
            }
            uugg[m.owner.index()].insert(i);
            pr.check(s.owner(i) != m.owner, Some(Rule::U5), || {
                SetupReason::OwnUugg {
                    hole,
                    owner: m.owner,
                }
            });
        }
        for p in Player::BOTH {
            pr.check(
                s.stores[p.index()] == 0 || !uugg[p.other().index()].is_empty(),
                Some(Rule::U9),
                || SetupReason::EatenWithoutUugg {
                    player: p,
                    seeds: s.stores[p.index()],
                },
            );
        }
        pr.check(s.reserves == [0, 0], Some(Rule::U19), || {
            SetupReason::Reserves
        });
        pr.check(s.opener.is_some(), Some(Rule::U23), || {
            CommonSetup::OpenerRequired
        });
        pr.unused_fields(s, "Uugg", false, false);
        pr.finish()?;
        let seeds: [u8; HOLES] = seed_bytes(&s.seeds);
        Ok(Uugg {
            seeds,
            uugg,
            own_a,
            store: s.stores.map(|x| x as u8),
            to_move: s.to_move,
            opener: s.opener.unwrap_or(s.to_move),
            round: s.round as u16,
            n,
            balla,
        })
    }

    fn options(&self) -> UuggOptions {
        UuggOptions {
            holes: self.n,
            balla: self.balla,
        }
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn generate<S: Sink<Self>>(&self, sink: &mut S) {
        let g = self.geometry();
        let me = self.to_move;
        let starts = self.starts(me);
        let ballas = self.balla_holes(me);
        // U10: a compulsory balla leaves no other move.
        let only_ballas = !ballas.is_empty() && self.balla == Balla::Compulsory;
        let mut any = false;
        for i in self.canonical_order(me) {
            if sink.done() {
                return;
            }
            if !starts.contains(i) {
                continue;
            }
            if ballas.contains(i) {
                sink.push(|| Move::sow(g.hole(i)), self.balla(i, &mut NoTrace));
                any = true;
            } else if !only_ballas && let Ok(child) = self.sow(i, &mut NoTrace) {
                sink.push(|| Move::sow(g.hole(i)), child);
                any = true;
            }
        }
        // U14: no legal move, but the round goes on (U17): a forced pass.
        if !any && self.can_move(me.other()) {
            sink.push(|| Move::Pass, self.passed());
        }
    }

    fn play<T: Tracer>(&self, m: &Move, t: &mut T) -> Result<Uugg, Illegal> {
        // U16, U17 first: when the round is over, every move is refused for that reason. A
        // legal sowing or balla shows the mover has a move, so the end of the round (a sowing of
        // every start of both players) is looked at only for a pass or a refused move.
        let over = || {
            if self.all_in_uuggs() {
                Illegal::new(Rule::U16, Refusal::AllInUuggs)
            } else {
                Illegal::new(Rule::U17, Refusal::NoMove)
            }
        };
        if *m == Move::Pass && self.is_over() {
            return Err(over());
        }
        let child = self
            .play_move(m, t)
            .map_err(|e| if self.is_over() { over() } else { e })?;
        // The trace says when the ply ends the round (U16, U17); perft never asks.
        if T::ON && child.is_over() {
            emit(t, || {
                if child.all_in_uuggs() {
                    Event::Note {
                        rule: Rule::U16,
                        note: Note::AllInUuggs.into(),
                    }
                } else {
                    Event::Note {
                        rule: Rule::U17,
                        note: Note::NoMove.into(),
                    }
                }
            });
        }
        Ok(child)
    }

    /// U16 (no seed outside the uuggs) or U17 (neither player can move).
    fn is_over(&self) -> bool {
        !self.can_move(self.to_move) && !self.can_move(self.to_move.other())
    }

    #[inline]
    fn view(&self) -> View<'_> {
        View::new(self.options(), &self.seeds, self.store, self.to_move)
            .with_round(self.round, Some(self.opener))
            .with_owners(self.own_a)
            .with_marks(MarkKind::Uugg, self.uugg)
    }

    /// An uugg's seeds count for its maker whatever is played (U18). They leave it only by a
    /// balla (U6, U9), one seed at a time, to the eater's store, and each balla also eats the
    /// eater's single seed from outside the uuggs: at most as many seeds can leave the uuggs as
    /// there are outside them. A balla reaches an uugg only from the hole before it
    /// (`balla_start`, U9, U13), so an uugg whose preceding hole is an uugg or its
    /// maker's own never gives a seed back: uuggs are never undone (U3) and owners do not
    /// change within a round (U21).
    ///
    /// **Every line ends** once the board holds an uugg: sowing moves seeds only forward
    /// (counterclockwise, U2) and never skips an uugg (U3), so a move either drops a seed into
    /// an uugg, makes one (U5: an uagga) or eats by balla, and the seeds outside the uuggs become
    /// fewer, or it moves every seed it lifts nearer to the first uugg ahead of it: the seeds
    /// outside the uuggs, then the sum of their distances to the next uugg, fall at every move,
    /// and no position comes back. Without an uugg, seeds can go round the board, and positions
    /// can repeat.
    fn settled(&self) -> Settled {
        let uuggs = self.uuggs();
        let mut open = HoleSet::EMPTY;
        for p in Player::BOTH {
            for u in self.uugg[p.index()].iter() {
                if self.balla_start(u, p).is_some() {
                    open.insert(u);
                }
            }
        }
        let outside = self
            .geometry()
            .all()
            .minus(uuggs)
            .iter()
            .map(|i| u32::from(self.seeds[i]))
            .sum();
        Settled {
            holes: self.uugg,
            open,
            takeable: outside,
            ends: !uuggs.is_empty(),
        }
    }

    fn next_round(&self, decision: &Decision) -> Result<AfterRound<Uugg>, RoundError> {
        if *decision != Decision::None {
            return Err(RoundError::new(
                Rule::U19,
                CommonRound::NoDecision {
                    because: "the scores decide the next round's holes",
                },
            ));
        }
        let s = self.round_totals();
        if let Some(end) = self.match_end(s) {
            return Ok(AfterRound::MatchOver(end));
        }
        let g = self.geometry();
        let mut next = *self;
        next.seeds = [0; HOLES];
        for i in 0..g.len() {
            next.seeds[i] = FILL as u8;
        }
        next.own_a = self.next_owners(s);
        next.uugg = [HoleSet::EMPTY; 2];
        next.store = [0, 0];
        next.round = self.round.saturating_add(1);
        next.opener = self.opener.other(); // U23
        next.to_move = next.opener;
        Ok(AfterRound::Next(next))
    }

    /// How the next round is set up from this finished round, rule by rule (U19, U20, U23), for
    /// replays: one `(rule, text)` per step. Empty when the round is not over or the match ends
    /// (U22).
    fn next_round_notes(&self) -> Vec<(Rule, String)> {
        if !self.is_over() {
            return Vec::new();
        }
        let s = self.round_totals();
        if self.match_end(s).is_some() {
            return Vec::new();
        }
        let g = self.geometry();
        let plural = |n: u32| format!("{n} hole{}", if n == 1 { "" } else { "s" });
        let score = |p: Player| {
            let x = s[p.index()];
            let (q, r) = (x / FILL, x % FILL);
            let sum = if r == 0 {
                format!("{x} = {q}×4")
            } else {
                format!("{x} = {q}×4 + {r}")
            };
            let what = match r {
                0 => plural(q),
                1 => format!(
                    "{}; his 1 seed over completes {}'s last hole",
                    plural(q),
                    p.other()
                ),
                2 => format!("{}; his 2 seeds over do not count", plural(q)),
                _ => format!(
                    "{}: three count as four, the last hole completed with a seed of {}'s",
                    plural(q + 1),
                    p.other()
                ),
            };
            format!("{p} scored {sum}: {what}")
        };
        let mut notes = vec![(
            Rule::U19,
            format!("{}; {}", score(Player::A), score(Player::B)),
        )];
        let next_a = self.next_owners(s);
        let owner = |i: usize| {
            if next_a.contains(i) {
                Player::A
            } else {
                Player::B
            }
        };
        match richer(s) {
            None => notes.push((
                Rule::U20,
                "equal scores: each player owns his own row".to_owned(),
            )),
            Some(high) => {
                let n = self.n;
                let order: Vec<usize> = (1..=n)
                    .rev()
                    .map(|k| Hole::new(k, high))
                    .chain((1..=n).rev().map(|k| Hole::new(k, high.other())))
                    .map(|h| g.index(h).expect("k is at most N"))
                    .collect();
                let names = |v: &[usize]| {
                    v.iter()
                        .map(|&i| g.hole(i).to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                let filled =
                    (s[high.index()] / FILL + u32::from(s[high.index()] % FILL == 3)) as usize;
                let mut text = format!(
                    "{high}, the higher scorer, fills {}",
                    names(&order[..filled])
                );
                let mut rest = filled;
                if s[high.index()] % FILL == 2 {
                    let i = order[filled];
                    text.push_str(&format!(
                        "; the next hole, {}, takes the 2 + 2 seeds over and keeps its owner, {}",
                        g.hole(i),
                        owner(i)
                    ));
                    rest += 1;
                }
                text.push_str(&format!(
                    "; {} gets the rest: {}",
                    high.other(),
                    names(&order[rest..])
                ));
                notes.push((Rule::U20, text));
            }
        }
        notes.push((
            Rule::U23,
            format!(
                "{} opened round {}, so {} opens round {}",
                self.opener,
                self.round,
                self.opener.other(),
                u32::from(self.round) + 1
            ),
        ));
        notes
    }

    /// U18 (with U17): seeds eaten, plus the seeds in the uuggs he created, plus the seeds left
    /// in his non-uugg holes (none when the round ends by U16): an uugg's seeds go to its
    /// creator, the others to the owner of their hole.
    fn round_totals(&self) -> [u32; 2] {
        totals_by_marks(
            self.store,
            &self.seeds,
            self.geometry().len(),
            self.uugg,
            self.own_a,
        )
    }
}

impl Perft for Uugg {}
