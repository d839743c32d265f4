//! Redu (`redu.md`): 2×6, the lone seed to the opposite hole, the two-seed zigzag, the zigzag of
//! three or more seeds with its choices (R10–R15), two singletons lifted together (R9), the
//! mover's automatic captures M1/M2, the opponent's optional rights O1/O2/O3 (R19–R24), and the
//! end when the player to move has no seed (R27).
//!
//! Moves are outcomes (rules README §6.2). The generator walks the procedure of R15 and branches
//! only at decisions that can change the outcome (see `zigzag.rs`), so it does not enumerate every
//! decision string; the few outcomes that different routes from one start still share are
//! removed by a check among that start's outcomes only (outcomes of different starts always
//! differ).

mod lenient;
pub(crate) mod letters;
pub(crate) mod moves;
pub mod notes;
pub(crate) mod options;
mod prose;
mod zigzag;

pub use moves::{FormError, Letter, Letters, ReduSow};
use notes::{Column, Note, Refusal, RoundReason, SetupReason};
pub use options::{Entry, ReduOptions};

use crate::game::{Game, Illegal, Sink};
use crate::games::common::seed_bytes;
use crate::geometry::{Geometry, Hole, HoleSet};
use crate::marks::{Right, RightKind};
use crate::moves::Move;
use crate::notes::{Common, CommonSetup};
use crate::perft::Perft;
use crate::player::{Dir, Player};
use crate::round::{AfterRound, Decision, MatchResult, RoundError, richer};
use crate::rule::Rule;
use crate::setup::{Problems, Setup, SetupError};
use crate::trace::{CaptureKind, Event, LapKind, NoTrace, Tracer, emit};
use crate::view::View;
use zigzag::{N, Need, Zig, base_of, first_column};

const GEO: Geometry = Geometry::two_rows(6);

/// The direction of a lap as a step along the columns: +1 counterclockwise, -1 clockwise.
fn sigma_of(dir: Dir) -> i8 {
    if dir == Dir::Ccw { 1 } else { -1 }
}

/// The direction the sowing `m` states, or `why` it needs one, by `rule`.
fn direction(m: &ReduSow, rule: Rule, why: Refusal) -> Result<Dir, Illegal> {
    m.dir.ok_or(Illegal::new(rule, why))
}

/// R25: only an M1 capture, made by a singleton, can be forgotten.
fn not_forgotten(m: &ReduSow) -> Result<(), Illegal> {
    if m.forgotten {
        return Err(Illegal::new(Rule::R25, Refusal::OnlyM1Forgotten));
    }
    Ok(())
}

/// Column `k` of `me`, named by its holes (redu.md §2), for the trace.
fn column(me: Player, k: i8) -> Column {
    let o = Redu::own(me, k);
    Column {
        number: k,
        own: GEO.hole(o),
        other: GEO.hole(11 - o),
    }
}

/// R14: the start column of the sowing `m` is skipped.
fn skipped_note(me: Player, m: &ReduSow) -> Event {
    Event::Note {
        rule: Rule::R14,
        note: Note::StartSkipped {
            column: column(me, m.start.number as i8),
        }
        .into(),
    }
}

/// A Redu position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Redu {
    /// Seeds by hole index (kB = k−1, kA = 5+k).
    seeds: [u8; 12],
    /// Seeds captured (A, B).
    store: [u8; 2],
    to_move: Player,
    /// The pending right of the player to move (R19, R20): its kind and hole index.
    right: Option<(RightKind, u8)>,
    /// `entry` = `alternate` (R11).
    alternate: bool,
    /// `o1-costs-turn` = `yes` (R22).
    o1_costs_turn: bool,
}

impl Redu {
    fn row(p: Player) -> HoleSet {
        GEO.row_set(p)
    }

    /// The hole index of own(j) of `p`.
    fn own(p: Player, j: i8) -> usize {
        usize::from(base_of(p)) + j as usize - 1
    }

    /// The mover's automatic capture (M1, R5; M2, R8): the seeds of hole `o` go to his store.
    fn capture_made<T: Tracer>(&mut self, o: usize, rule: Rule, t: &mut T) {
        let me = self.to_move;
        let taken = self.seeds[o];
        self.seeds[o] = 0;
        self.store[me.index()] += taken;
        emit(t, || Event::Capture {
            hole: GEO.hole(o),
            seeds: taken.into(),
            player: me,
            kind: CaptureKind::Made,
            rule,
        });
    }

    /// Ends a sowing ply of the mover: the opponent moves, holding `right` if any (R18, R19).
    fn finish<T: Tracer>(
        mut self,
        right: Option<(RightKind, usize)>,
        rule: Rule,
        t: &mut T,
    ) -> Redu {
        let me = self.to_move;
        self.to_move = me.other();
        self.right = right.map(|(k, i)| (k, i as u8));
        if let Some((kind, i)) = right {
            let o1_costs_turn = self.o1_costs_turn;
            emit(t, || Event::Note {
                rule: match kind {
                    RightKind::O1 => Rule::R5,
                    RightKind::O2 => Rule::R8,
                    RightKind::O3 => Rule::R17,
                },
                note: Note::Right {
                    kind,
                    holder: me.other(),
                    hole: GEO.hole(i),
                    o1_costs_turn,
                }
                .into(),
            });
        }
        if T::ON && self.is_over() {
            let you = self.to_move;
            emit(t, || Event::Note {
                rule: Rule::R27,
                note: Note::GameOver {
                    to_move: you,
                    taker: me,
                }
                .into(),
            });
        }
        emit(t, || Event::Next {
            player: me.other(),
            repeat: false,
            rule,
        });
        self
    }

    /// R4, R5: the lone seed of own hole index `s` into the opposite hole. `forgotten`: lenient
    /// R25, the M1 capture is not made.
    fn singleton<T: Tracer>(&self, s: usize, forgotten: bool, t: &mut T) -> Redu {
        let me = self.to_move;
        let mut c = *self;
        let o = 11 - s;
        emit(t, || Event::Lift {
            hole: GEO.hole(s),
            seeds: 1,
            dir: Dir::Ccw, // a lone seed has no direction (R4); the event needs one
            lap: LapKind::Start,
            rule: Rule::R4,
        });
        let before = c.seeds[o];
        c.seeds[s] = 0;
        c.seeds[o] += 1;
        emit(t, || Event::Sow { hole: GEO.hole(o) });
        match before {
            0 => c.finish(Some((RightKind::O1, o)), Rule::R5, t),
            1 | 2 if !forgotten => {
                emit(t, || Event::Note {
                    rule: Rule::R5,
                    note: Note::Landed {
                        hole: GEO.hole(o),
                        held: before.into(),
                        pair: false,
                        captor: Some(me),
                    }
                    .into(),
                });
                c.capture_made(o, Rule::R5, t);
                c.finish(None, Rule::R5, t)
            }
            1 | 2 => {
                emit(t, || Event::Note {
                    rule: Rule::R25,
                    note: Note::Forgotten {
                        hole: GEO.hole(o),
                        held: before.into(),
                    }
                    .into(),
                });
                c.finish(None, Rule::R25, t)
            }
            _ => {
                emit(t, || Event::Note {
                    rule: Rule::R5,
                    note: Note::Landed {
                        hole: GEO.hole(o),
                        held: before.into(),
                        pair: false,
                        captor: None,
                    }
                    .into(),
                });
                c.finish(None, Rule::R5, t)
            }
        }
    }

    /// R6–R8: two seeds from own column `c0` (already lifted from the board, `lifted` holes
    /// emptied by the caller) in direction `sigma`.
    fn two<T: Tracer>(&self, c0: i8, sigma: i8, t: &mut T) -> Redu {
        let me = self.to_move;
        let mut c = *self;
        let k = first_column(c0, sigma);
        let own = Self::own(me, k);
        let opp = 11 - own;
        let before = c.seeds[opp];
        c.seeds[opp] += 1;
        emit(t, || Event::Sow {
            hole: GEO.hole(opp),
        });
        c.seeds[own] += 1;
        emit(t, || Event::Sow {
            hole: GEO.hole(own),
        });
        match before {
            0 => c.finish(Some((RightKind::O2, opp)), Rule::R8, t),
            1 | 2 => {
                emit(t, || Event::Note {
                    rule: Rule::R8,
                    note: Note::Landed {
                        hole: GEO.hole(opp),
                        held: before.into(),
                        pair: true,
                        captor: Some(me),
                    }
                    .into(),
                });
                c.capture_made(opp, Rule::R8, t);
                c.finish(None, Rule::R8, t)
            }
            _ => {
                emit(t, || Event::Note {
                    rule: Rule::R8,
                    note: Note::Landed {
                        hole: GEO.hole(opp),
                        held: before.into(),
                        pair: true,
                        captor: None,
                    }
                    .into(),
                });
                c.finish(None, Rule::R8, t)
            }
        }
    }

    /// R12: whether the special start is allowed from column `c0` in direction `sigma`.
    fn special_allowed(&self, c0: i8, sigma: i8) -> bool {
        let k = first_column(c0, sigma);
        let own = Self::own(self.to_move, k);
        self.seeds[own] == 0 && self.seeds[11 - own] == 0
    }

    /// The position once a zigzag is done (R16: no capture by the mover; R17: O3).
    fn after_zig<T: Tracer>(&self, z: &Zig, t: &mut T) -> Redu {
        let mut c = *self;
        c.seeds = z.board;
        c.finish(z.o3.map(|i| (RightKind::O3, usize::from(i))), Rule::R18, t)
    }

    /// Every outcome of the zigzag from own column `c0` with `n` ≥ 3 seeds, in canonical order
    /// (σ `+` first, without the special start first, then `d` before `h` and `w` before `b`).
    /// `self` has the start hole already emptied.
    fn zig_moves<S: Sink<Redu>>(&self, c0: i8, n: u8, prefix: Option<Hole>, sink: &mut S) {
        /// Outcomes of one start remembered for the duplicate check; past this many the sink's
        /// own check takes over.
        const SEEN: usize = 64;
        let me = self.to_move;
        let start = GEO.hole(Self::own(me, c0));
        let mut seen = [0u128; SEEN];
        let mut count = 0usize;
        for dir in Dir::BOTH {
            let sigma = if dir == Dir::Ccw { 1 } else { -1 };
            for special in [false, true] {
                if special && !self.special_allowed(c0, sigma) {
                    continue;
                }
                let z = Zig::new(
                    self.seeds,
                    base_of(me),
                    c0,
                    n,
                    sigma,
                    special,
                    self.alternate,
                    &mut NoTrace,
                );
                self.walk(
                    z,
                    &mut |pos: &Redu, z: &Zig, sink: &mut S| {
                        let child = pos.after_zig(z, &mut NoTrace);
                        // Outcomes of different starts always differ (a start hole is emptied,
                        // and no other start empties it); within one start different routes can
                        // meet, so they are checked here, among this start's outcomes only.
                        let key = child.key();
                        if seen[..count.min(SEEN)].contains(&key) {
                            return;
                        }
                        let fresh = count < SEEN;
                        if fresh {
                            seen[count] = key;
                        }
                        count += 1;
                        let mv = || {
                            Move::ReduSow(ReduSow {
                                capture: prefix,
                                dir: Some(dir),
                                special,
                                letters: z.letters.shortest(),
                                ..ReduSow::new(start)
                            })
                        };
                        if fresh {
                            sink.push_new(mv, child);
                        } else {
                            sink.push(mv, child);
                        }
                    },
                    sink,
                );
            }
        }
    }

    /// The board and the right, packed: what distinguishes the outcomes of one start.
    #[inline]
    fn key(&self) -> u128 {
        let mut b = [0u8; 16];
        b[..12].copy_from_slice(&self.seeds);
        if let Some((k, i)) = self.right {
            b[12] = 1 + k as u8;
            b[13] = i;
        }
        u128::from_le_bytes(b)
    }

    /// Depth-first through the decisions of a zigzag that can change its outcome.
    fn walk<S: Sink<Redu>, F: FnMut(&Redu, &Zig, &mut S)>(
        &self,
        mut z: Zig,
        f: &mut F,
        sink: &mut S,
    ) {
        loop {
            // A zigzag only adds seeds (R16): a route with a hole already fuller than the
            // outcome looked for cannot reach it.
            if sink.target().is_some_and(|t| !z.may_reach(&t.seeds)) {
                return;
            }
            match z.need() {
                Need::Done => {
                    f(self, &z, sink);
                    return;
                }
                Need::Entry { relevant, .. } => {
                    if relevant {
                        let mut a = z;
                        a.entry(false, &mut NoTrace);
                        self.walk(a, f, sink);
                        z.entry(true, &mut NoTrace);
                    } else {
                        z.entry(false, &mut NoTrace);
                    }
                }
                Need::End { .. } => {
                    let mut a = z;
                    a.end(false);
                    self.walk(a, f, sink);
                    z.end(true);
                }
            }
        }
    }

    /// Every sowing of the player to move from this board, in canonical order, each move with
    /// the O1 capture `prefix` if given.
    fn sowings<S: Sink<Redu>>(&self, prefix: Option<Hole>, sink: &mut S) {
        for j in 1..=N {
            if sink.done() {
                return;
            }
            self.sowings_from(j, prefix, sink);
        }
    }

    /// The sowings of the player to move from his hole `j`, in canonical order: the hole's own
    /// sowing and, for a singleton, the two singletons it starts with the next hole (R9).
    fn sowings_from<S: Sink<Redu>>(&self, j: i8, prefix: Option<Hole>, sink: &mut S) {
        let me = self.to_move;
        let s = Self::own(me, j);
        let n = self.seeds[s];
        let hole = GEO.hole(s);
        let mv = |m: ReduSow| {
            Move::ReduSow(ReduSow {
                capture: prefix,
                ..m
            })
        };
        match n {
            0 => {}
            1 => {
                sink.push_new(
                    || mv(ReduSow::new(hole)),
                    self.singleton(s, false, &mut NoTrace),
                );
                // R9: with the next hole, in both directions.
                if j < N && self.seeds[s + 1] == 1 {
                    let second = Some(GEO.hole(s + 1));
                    for dir in Dir::BOTH {
                        let (from, sigma) = if dir == Dir::Ccw { (j + 1, 1) } else { (j, -1) };
                        let mut c = *self;
                        c.seeds[s] = 0;
                        c.seeds[s + 1] = 0;
                        sink.push_new(
                            || {
                                mv(ReduSow {
                                    second,
                                    dir: Some(dir),
                                    ..ReduSow::new(hole)
                                })
                            },
                            c.two(from, sigma, &mut NoTrace),
                        );
                    }
                }
            }
            2 => {
                let mut c = *self;
                c.seeds[s] = 0;
                for dir in Dir::BOTH {
                    let sigma = if dir == Dir::Ccw { 1 } else { -1 };
                    sink.push_new(
                        || {
                            mv(ReduSow {
                                dir: Some(dir),
                                ..ReduSow::new(hole)
                            })
                        },
                        c.two(j, sigma, &mut NoTrace),
                    );
                }
            }
            _ => {
                let mut c = *self;
                c.seeds[s] = 0;
                c.zig_moves(j, n, prefix, sink);
            }
        }
    }

    /// The O1 capture of R22 (or any right's capture): one seed from the right's hole.
    fn take_right<T: Tracer>(&self, t: &mut T) -> Redu {
        let (kind, i) = self.right.expect("a pending right");
        let me = self.to_move;
        let mut c = *self;
        c.right = None;
        c.seeds[usize::from(i)] -= 1;
        c.store[me.index()] += 1;
        emit(t, || Event::Capture {
            hole: GEO.hole(usize::from(i)),
            seeds: 1,
            player: me,
            kind: CaptureKind::Made,
            rule: match kind {
                RightKind::O1 => Rule::R22,
                _ => Rule::R23,
            },
        });
        c
    }

    /// Whether the pending right's capture is a ply of its own (R23, R22 under `yes`, R24), or
    /// the prefix of a sowing (R22).
    fn capture_is_ply(&self) -> Option<bool> {
        let (kind, _) = self.right?;
        Some(match kind {
            RightKind::O2 | RightKind::O3 => true,
            RightKind::O1 => self.o1_costs_turn || self.take_right(&mut NoTrace).is_over(),
        })
    }

    /// The capture ply: R23 (the sower moves again), R22 under `yes`, R24 (the game ends).
    fn capture_ply<T: Tracer>(&self, t: &mut T) -> Redu {
        let me = self.to_move;
        let mut c = self.take_right(t);
        if c.is_over() && self.right.is_some_and(|(k, _)| k == RightKind::O1) && !self.o1_costs_turn
        {
            // R24: the capturer has nothing left to sow: the game ends (R27).
            emit(t, || Event::Note {
                rule: Rule::R24,
                note: Note::RowEmptied { player: me }.into(),
            });
            return c;
        }
        c.to_move = me.other();
        emit(t, || Event::Next {
            player: me.other(),
            repeat: false,
            rule: Rule::R23,
        });
        c
    }

    /// Plays a sowing token, strictly or leniently (R25).
    fn play_sow<T: Tracer>(&self, m: &ReduSow, lenient: bool, t: &mut T) -> Result<Redu, Illegal> {
        let me = self.to_move;
        let pos = self.use_or_lapse_right(m, t)?;
        let Some(s) = GEO.index(m.start) else {
            return Err(Illegal::new(
                Rule::R1,
                Common::NoSuchHole {
                    hole: m.start,
                    per_side: 6,
                },
            ));
        };
        if m.start.side != me {
            return Err(Illegal::new(
                Rule::R3,
                Common::NotOwnHole {
                    hole: m.start,
                    player: me,
                },
            ));
        }
        let n = pos.seeds[s];
        if n == 0 {
            return Err(Illegal::new(Rule::R3, Common::Empty { hole: m.start }));
        }
        if m.forgotten && !lenient {
            return Err(Illegal::new(Rule::R25, Refusal::ForgottenNeedsLenient));
        }
        if m.second.is_some() {
            return self.sow_singletons(pos, m, s, t);
        }
        if let Some(x) = m.seeds
            && x != n
        {
            return Err(Illegal::new(
                Rule::R3,
                Refusal::SeedCount {
                    start: m.start,
                    stated: x.into(),
                    held: n.into(),
                },
            ));
        }
        match n {
            1 => self.sow_one(pos, m, s, t),
            2 => self.sow_two(pos, m, s, t),
            _ => self.sow_zigzag(pos, m, s, t),
        }
    }

    /// The O1 capture a sowing token starts with (R19, R22, R24), or the lapse of the right the
    /// mover does not use (R20): the position the sowing starts from.
    fn use_or_lapse_right<T: Tracer>(&self, m: &ReduSow, t: &mut T) -> Result<Redu, Illegal> {
        let me = self.to_move;
        let mut pos = *self;
        pos.right = None; // R20: a right not used now lapses
        let Some(h) = m.capture else {
            if let Some((kind, i)) = self.right {
                emit(t, || Event::Note {
                    rule: Rule::R20,
                    note: Note::Lapses {
                        player: me,
                        kind,
                        hole: GEO.hole(usize::from(i)),
                    }
                    .into(),
                });
            }
            return Ok(pos);
        };
        match self.right {
            Some((RightKind::O1, i)) if GEO.index(h) == Some(usize::from(i)) => {
                if self.o1_costs_turn {
                    return Err(Illegal::new(Rule::R22, Refusal::O1Alone { hole: h }));
                }
                emit(t, || Event::Note {
                    rule: Rule::R22,
                    note: Note::UsesO1 {
                        player: me,
                        hole: h,
                    }
                    .into(),
                });
                pos = self.take_right(t);
                if pos.is_over() {
                    return Err(Illegal::new(
                        Rule::R24,
                        Refusal::CaptureAlone {
                            player: me,
                            hole: h,
                        },
                    ));
                }
                Ok(pos)
            }
            Some((kind, i)) => {
                let at = GEO.hole(usize::from(i));
                Err(if kind == RightKind::O1 {
                    Illegal::new(
                        Rule::R19,
                        Refusal::RightElsewhere {
                            player: me,
                            at,
                            written: h,
                        },
                    )
                } else {
                    Illegal::new(Rule::R23, Refusal::CaptureIsTurn { kind, at })
                })
            }
            None => Err(Illegal::new(
                Rule::R20,
                Refusal::NoRight {
                    player: me,
                    hole: h,
                },
            )),
        }
    }

    /// R9: two consecutive singletons, from `s` and `m.second`, sown as one 2-seed sowing.
    fn sow_singletons<T: Tracer>(
        &self,
        pos: Redu,
        m: &ReduSow,
        s: usize,
        t: &mut T,
    ) -> Result<Redu, Illegal> {
        let me = self.to_move;
        let j = m.start.number as i8;
        let Some(second) = m.second else {
            return Err(Illegal::new(Rule::R9, Refusal::NoSecondHole));
        };
        let Some(s2) = GEO.index(second).filter(|_| second.side == me) else {
            return Err(Illegal::new(
                Rule::R9,
                Common::NotOwnHole {
                    hole: second,
                    player: me,
                },
            ));
        };
        let (lo, hi) = (j.min(second.number as i8), j.max(second.number as i8));
        if hi != lo + 1 {
            return Err(Illegal::new(
                Rule::R9,
                Refusal::NotConsecutive {
                    start: m.start,
                    second,
                    ends: (lo, hi) == (1, N),
                },
            ));
        }
        if pos.seeds[s] != 1 || pos.seeds[s2] != 1 {
            return Err(Illegal::new(
                Rule::R9,
                Refusal::NotSingletons {
                    start: m.start,
                    second,
                },
            ));
        }
        let dir = direction(
            m,
            Rule::R9,
            Refusal::NoDirection {
                start: m.start,
                second: Some(second),
                seeds: 2,
            },
        )?;
        self.no_zig_letters(m, Rule::R9)?;
        if m.seeds.is_some_and(|x| x != 2) || m.forgotten {
            return Err(Illegal::new(Rule::R9, Refusal::SingletonsSowTwo));
        }
        let sigma = sigma_of(dir);
        let mut c = pos;
        c.seeds[s] = 0;
        c.seeds[s2] = 0;
        let from = if sigma > 0 { hi } else { lo };
        emit(t, || Event::Gather {
            holes: vec![GEO.hole(Self::own(me, lo)), GEO.hole(Self::own(me, hi))],
            seeds: 2,
            dir,
            rule: Rule::R9,
        });
        emit(t, || Event::Note {
            rule: Rule::R9,
            note: Note::Singletons {
                from: GEO.hole(Self::own(me, from)),
                sigma,
            }
            .into(),
        });
        Ok(c.two(from, sigma, t))
    }

    /// R4: a lone seed, into the opposite hole.
    fn sow_one<T: Tracer>(
        &self,
        pos: Redu,
        m: &ReduSow,
        s: usize,
        t: &mut T,
    ) -> Result<Redu, Illegal> {
        if m.dir.is_some() {
            return Err(Illegal::new(
                Rule::R4,
                Refusal::LoneSeedDirection { start: m.start },
            ));
        }
        self.no_zig_letters(m, Rule::R4)?;
        let o = 11 - s;
        if m.forgotten && !matches!(pos.seeds[o], 1 | 2) {
            return Err(Illegal::new(
                Rule::R25,
                Refusal::NothingToForget { start: m.start },
            ));
        }
        Ok(pos.singleton(s, m.forgotten, t))
    }

    /// R6, R7: two seeds, the first into the hole opposite the adjacent one.
    fn sow_two<T: Tracer>(
        &self,
        pos: Redu,
        m: &ReduSow,
        s: usize,
        t: &mut T,
    ) -> Result<Redu, Illegal> {
        let dir = direction(
            m,
            Rule::R6,
            Refusal::NoDirection {
                start: m.start,
                second: None,
                seeds: 2,
            },
        )?;
        self.no_zig_letters(m, Rule::R6)?;
        not_forgotten(m)?;
        let mut c = pos;
        c.seeds[s] = 0;
        emit(t, || Event::Lift {
            hole: m.start,
            seeds: 2,
            dir,
            lap: LapKind::Start,
            rule: Rule::R6,
        });
        Ok(c.two(m.start.number as i8, sigma_of(dir), t))
    }

    /// R10-R15: three seeds or more, in zigzag, following the token's decisions.
    fn sow_zigzag<T: Tracer>(
        &self,
        pos: Redu,
        m: &ReduSow,
        s: usize,
        t: &mut T,
    ) -> Result<Redu, Illegal> {
        let me = self.to_move;
        let (j, n) = (m.start.number as i8, pos.seeds[s]);
        let dir = direction(
            m,
            Rule::R15,
            Refusal::NoDirection {
                start: m.start,
                second: None,
                seeds: n.into(),
            },
        )?;
        let sigma = sigma_of(dir);
        not_forgotten(m)?;
        if m.special && !pos.special_allowed(j, sigma) {
            let k = first_column(j, sigma);
            return Err(Illegal::new(
                Rule::R12,
                Refusal::SpecialStart {
                    start: m.start,
                    column: (GEO.hole(Self::own(me, k)), GEO.hole(11 - Self::own(me, k))),
                },
            ));
        }
        let mut c = pos;
        c.seeds[s] = 0;
        emit(t, || Event::Lift {
            hole: m.start,
            seeds: n.into(),
            dir,
            lap: LapKind::Start,
            rule: Rule::R15,
        });
        if m.special {
            emit(t, || Event::Note {
                rule: Rule::R12,
                note: Note::SpecialStart {
                    column: column(me, first_column(j, sigma)),
                    opposite: GEO.hole(11 - s),
                }
                .into(),
            });
        }
        let mut z = Zig::new(
            c.seeds,
            base_of(me),
            j,
            n,
            sigma,
            m.special,
            self.alternate,
            t,
        );
        let mut at = 0;
        loop {
            match z.need() {
                Need::Done => break,
                Need::Entry { choice, .. } => {
                    self.zig_entry(&mut z, m, &mut at, choice, t)?;
                }
                Need::End { skip } => {
                    self.zig_end(&mut z, m, &mut at, skip, t)?;
                }
            }
        }
        if at < m.letters.len() {
            return Err(Illegal::new(
                Rule::R15,
                Refusal::DecisionsLeft {
                    left: m.letters.iter().skip(at).map(Letter::char).collect(),
                },
            ));
        }
        Ok(c.after_zig(&z, t))
    }

    /// A column's entry (R10, R11): the hole the token's letter `at` chooses (`d` or nothing:
    /// the row other than the previous seed's; `h`: the same, under entry=alternate only); then
    /// the notes of what follows (a far end's unsown hole R13, the skipped start column R14).
    fn zig_entry<T: Tracer>(
        &self,
        z: &mut Zig,
        m: &ReduSow,
        at: &mut usize,
        choice: bool,
        t: &mut T,
    ) -> Result<(), Illegal> {
        let me = self.to_move;
        let same = match m.letters.get(*at) {
            Some(Letter::D) => {
                *at += 1;
                false
            }
            Some(Letter::H) => {
                if !choice {
                    return Err(Illegal::new(
                        Rule::R11,
                        Refusal::AlternateEntry { column: z.column() },
                    ));
                }
                *at += 1;
                true
            }
            _ => false,
        };
        let (k0, b0) = (z.column(), z.board);
        z.entry(same, t);
        if T::ON {
            match z.need() {
                Need::End { skip: false } => {
                    // R13: the other hole of a far-end column is not sown.
                    let o = Self::own(me, k0);
                    let other = if z.board[o] == b0[o] { o } else { 11 - o };
                    let hand = z.hand;
                    emit(t, || Event::Note {
                        rule: Rule::R13,
                        note: Note::FarEnd {
                            column: column(me, k0),
                            hand,
                            skipped: GEO.hole(other),
                        }
                        .into(),
                    });
                }
                Need::End { skip: true } => emit(t, || skipped_note(me, m)),
                Need::Entry { .. } if z.column() != k0 + z.sigma() => {
                    emit(t, || skipped_note(me, m));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// A far end (R13) or the start column skipped off the board (R14): the token's letter `at`
    /// wraps (`w`) or bounces (`b`).
    fn zig_end<T: Tracer>(
        &self,
        z: &mut Zig,
        m: &ReduSow,
        at: &mut usize,
        skip: bool,
        t: &mut T,
    ) -> Result<(), Illegal> {
        let me = self.to_move;
        let bounce = match m.letters.get(*at) {
            Some(Letter::W) => false,
            Some(Letter::B) => true,
            _ => {
                let k = z.column();
                return Err(Illegal::new(
                    if skip { Rule::R14 } else { Rule::R13 },
                    Refusal::WrapOrBounce {
                        hand: z.hand,
                        at: (!skip).then(|| {
                            (
                                k,
                                GEO.hole(Self::own(me, k)),
                                GEO.hole(11 - Self::own(me, k)),
                            )
                        }),
                    },
                ));
            }
        };
        *at += 1;
        let (k0, s0) = (z.column(), z.sigma());
        z.end(bounce);
        emit(t, || Event::Note {
            rule: if skip { Rule::R14 } else { Rule::R13 },
            note: Note::PathEnd {
                skip,
                bounce,
                column: k0,
                sigma: s0,
            }
            .into(),
        });
        if T::ON && !skip {
            // R14 after a wrap or a bounce: the start column is skipped.
            let expect = if bounce {
                k0 - s0
            } else if s0 > 0 {
                1
            } else {
                N
            };
            if z.column() != expect || matches!(z.need(), Need::End { .. }) {
                emit(t, || skipped_note(me, m));
            }
        }
        Ok(())
    }

    fn no_zig_letters(&self, m: &ReduSow, rule: Rule) -> Result<(), Illegal> {
        if m.special || !m.letters.is_empty() {
            return Err(Illegal::new(rule, Refusal::NotAZigzag { start: m.start }));
        }
        Ok(())
    }

    fn play_capture<T: Tracer>(&self, hole: Hole, t: &mut T) -> Result<Redu, Illegal> {
        let me = self.to_move;
        let Some((kind, i)) = self.right else {
            return Err(Illegal::new(
                Rule::R20,
                Refusal::NoRight { player: me, hole },
            ));
        };
        let at = GEO.hole(usize::from(i));
        if at != hole {
            return Err(Illegal::new(
                Rule::R19,
                Refusal::RightElsewhere {
                    player: me,
                    at,
                    written: hole,
                },
            ));
        }
        if self.capture_is_ply() == Some(false) {
            return Err(Illegal::new(Rule::R22, Refusal::O1WithSowing { hole }));
        }
        debug_assert!(self.right.is_some_and(|r| r.0 == kind));
        let you = me.other();
        let r24 = kind == RightKind::O1 && !self.o1_costs_turn;
        emit(t, || Event::Note {
            rule: match kind {
                RightKind::O1 => Rule::R22,
                _ => Rule::R23,
            },
            note: Note::UsesRight {
                player: me,
                kind,
                hole,
                ends_game: r24,
            }
            .into(),
        });
        let next = self.capture_ply(t);
        if T::ON && !r24 && next.is_over() {
            emit(t, || Event::Note {
                rule: Rule::R27,
                note: Note::GameOver {
                    to_move: you,
                    taker: me,
                }
                .into(),
            });
        }
        Ok(next)
    }

    /// Plays a ply, strictly or leniently (R25). Penalty claims are handled in [`lenient`].
    pub(crate) fn play_mode<T: Tracer>(
        &self,
        m: &Move,
        lenient: bool,
        t: &mut T,
    ) -> Result<Redu, Illegal> {
        let me = self.to_move;
        if self.is_over() {
            return Err(Illegal::new(Rule::R27, Refusal::GameOver { player: me }));
        }
        match m {
            Move::ReduSow(s) => self.play_sow(s, lenient, t),
            Move::ReduCapture { hole } => self.play_capture(*hole, t),
            Move::ReduPenalty { .. } => {
                Err(Illegal::new(Rule::R26, Refusal::PenaltyClaim { lenient }))
            }
            Move::Pass => Err(Illegal::new(Rule::R30, Refusal::NoPass)),
            Move::Open => Err(Illegal::new(Rule::R3, Refusal::NoOpening)),
            Move::Sow { hole, dir } => Err(Illegal::new(
                Rule::R3,
                Refusal::NotAReduToken {
                    hole: *hole,
                    dir: *dir,
                },
            )),
        }
    }
}

impl Game for Redu {
    type Options = ReduOptions;
    const ROUND_END: Rule = Rule::R27;
    const NOT_OVER: &'static str = "the game is not over: the player to move can sow";
    const SCORING: Rule = Rule::R27;

    /// Checks a setup (R1, R19, R20, R27) and makes it a position.
    fn from_setup(
        ReduOptions {
            entry,
            o1_costs_turn,
        }: ReduOptions,
        s: &Setup,
    ) -> Result<Redu, SetupError> {
        let mut pr = Problems::start(s)?;
        if let Some(o) = &s.owners {
            pr.check(
                o.iter().enumerate().all(|(i, p)| *p == GEO.row(i)),
                Some(Rule::R1),
                || CommonSetup::OwnRows { game: "Redu" },
            );
        }
        for (i, m) in s.marked() {
            pr.push(
                None,
                CommonSetup::NoMarks {
                    game: "Redu",
                    kind: m.kind,
                    hole: GEO.hole(i),
                },
            );
        }
        pr.check(s.reserves == [0, 0], Some(Rule::R1), || {
            SetupReason::Reserves
        });
        pr.check(s.round == 1, None, || SetupReason::SingleRound);
        pr.check(s.opener.is_none(), None, || SetupReason::NamesOpener);
        pr.check(!s.opening_pending, None, || CommonSetup::NoOpening {
            game: "Redu",
        });
        let mut right = None;
        if let Some(Right { kind, hole }) = s.right {
            match GEO.index(hole) {
                None => pr.push(Some(Rule::R19), SetupReason::RightNoHole { hole }),
                Some(i) => {
                    pr.check(hole.side == s.to_move, Some(Rule::R19), || {
                        SetupReason::RightNotHolders {
                            hole,
                            holder: s.to_move,
                        }
                    });
                    let x = s.seeds[i];
                    match kind {
                        RightKind::O1 | RightKind::O2 => {
                            let rule = if kind == RightKind::O1 {
                                Rule::R5
                            } else {
                                Rule::R8
                            };
                            pr.check(x == 1, Some(rule), || SetupReason::RightNotOneSeed {
                                kind,
                                hole,
                                seeds: x,
                            });
                        }
                        RightKind::O3 => {
                            pr.check(x >= 1, Some(Rule::R19a), || SetupReason::O3Empty { hole });
                        }
                    }
                    right = Some((kind, i as u8));
                }
            }
        }
        pr.finish()?;
        let seeds: [u8; 12] = seed_bytes(&s.seeds);
        Ok(Redu {
            seeds,
            store: s.stores.map(|x| x as u8),
            to_move: s.to_move,
            right,
            alternate: entry == Entry::Alternate,
            o1_costs_turn,
        })
    }

    fn options(&self) -> ReduOptions {
        ReduOptions {
            entry: if self.alternate {
                Entry::Alternate
            } else {
                Entry::Free
            },
            o1_costs_turn: self.o1_costs_turn,
        }
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn generate<S: Sink<Self>>(&self, sink: &mut S) {
        if self.is_over() {
            return;
        }
        // Declining a right needs no ply (R21): the plain sowings first.
        let mut plain = *self;
        plain.right = None;
        plain.sowings(None, sink);
        if let Some((_, i)) = self.right
            && !sink.done()
        {
            let hole = GEO.hole(usize::from(i));
            if self.capture_is_ply() == Some(true) {
                sink.push_new(
                    || Move::ReduCapture { hole },
                    self.capture_ply(&mut NoTrace),
                );
            } else {
                // R22: O1 is free: capture, then sow on the board as it stands.
                self.take_right(&mut NoTrace).sowings(Some(hole), sink);
            }
        }
    }

    /// Outcomes of different starts never meet (a start empties its hole, and no other start
    /// empties it; the O1 capture changes the store): the generator pushes them as new for that
    /// reason. So the rivals of a sowing are the sowings of its start, with its prefix, and a
    /// capture ply is its own only rival. Lenient-only marks reach outcomes no move reaches:
    /// for them every outcome is looked through.
    fn generate_rivals<S: Sink<Self>>(&self, played: &Move, sink: &mut S) {
        match played {
            Move::ReduSow(m) if !m.forgotten && !self.is_over() => {
                let j = m
                    .second
                    .map_or(m.start.number, |h| h.number.min(m.start.number));
                let Ok(j) = i8::try_from(j) else { return };
                match (m.capture, self.right) {
                    (None, _) => Redu {
                        right: None,
                        ..*self
                    }
                    .sowings_from(j, None, sink),
                    (Some(_), Some((_, i))) if self.capture_is_ply() == Some(false) => self
                        .take_right(&mut NoTrace)
                        .sowings_from(j, Some(GEO.hole(usize::from(i))), sink),
                    _ => {}
                }
            }
            Move::ReduCapture { .. } => {
                if let Some((_, i)) = self.right
                    && self.capture_is_ply() == Some(true)
                {
                    let hole = GEO.hole(usize::from(i));
                    sink.push_new(
                        || Move::ReduCapture { hole },
                        self.capture_ply(&mut NoTrace),
                    );
                }
            }
            _ => self.generate(sink),
        }
    }

    fn play<T: Tracer>(&self, m: &Move, t: &mut T) -> Result<Redu, Illegal> {
        self.play_mode(m, false, t)
    }

    fn play_lenient<T: Tracer>(
        &self,
        m: &Move,
        previous: Option<(&Redu, &Move)>,
        t: &mut T,
    ) -> Result<Redu, Illegal> {
        match (m, previous) {
            (Move::ReduPenalty { hole }, Some((before, x_move))) => {
                Redu::penalty(before, x_move, self, *hole, t)
            }
            _ => self.play_mode(m, true, t),
        }
    }

    /// R25, R26: a forgotten M1 capture (`4B~`) or a penalty claim (`p4B`).
    fn is_lenient_only(m: &Move) -> bool {
        matches!(m, Move::ReduPenalty { .. }) || matches!(m, Move::ReduSow(s) if s.forgotten)
    }

    /// R27: the player to move has no seed in his row.
    fn is_over(&self) -> bool {
        let b = usize::from(base_of(self.to_move));
        self.seeds[b..b + 6].iter().all(|&x| x == 0)
    }

    #[inline]
    fn view(&self) -> View<'_> {
        View::new(self.options(), &self.seeds, self.store, self.to_move).with_right(self.right.map(
            |(kind, i)| Right {
                kind,
                hole: GEO.hole(usize::from(i)),
            },
        ))
    }

    fn next_round(&self, decision: &Decision) -> Result<AfterRound<Redu>, RoundError> {
        if *decision != Decision::None {
            return Err(RoundError::new(Rule::R28, RoundReason::OneRound));
        }
        let [a, b] = self.round_totals();
        Ok(AfterRound::MatchOver(match richer([a, b]) {
            Some(w) => MatchResult {
                winner: Some(w),
                rule: Rule::R28,
                reason: format!("{w} captured more seeds: A {a}, B {b}"),
            },
            None => MatchResult {
                winner: None,
                rule: Rule::R29,
                reason: format!("both players captured {a} seeds: a draw"),
            },
        }))
    }
}

impl Perft for Redu {}
