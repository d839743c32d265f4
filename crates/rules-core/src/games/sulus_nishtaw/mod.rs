//! Sulus Nishtaw (`sulus-nishtaw.md`): the 3×6 board with an 18-hole cycle, territories that are
//! arcs of the cycle and shift between rounds, the prescribed opening of every round, relay sowing
//! through claimed holes, claims, taxes with repeat moves, and the variants V1 and V2.

use crate::game::{Game, Illegal, Sink};
use crate::games::common::{seed_bytes, totals_by_marks};
use crate::geometry::{Geometry, HoleSet};
use crate::marks::{Mark, MarkKind};
use crate::moves::Move;
use crate::notes::{Common, CommonRound, CommonSetup};
use crate::player::{Dir, Player};
use crate::round::{AfterRound, Decision, MatchResult, RoundError};
use crate::rule::Rule;
use crate::setup::{Problems, Setup, SetupError};
use crate::sowing::{Endless, LapEnd, SowingRules, cycle_key, lift, relay_sow};
use crate::trace::{CaptureKind, Event, LapKind, NoTrace, Tracer, emit};
use crate::view::View;

pub mod notes;
pub(crate) mod options;
mod perft;
mod prose;

use notes::{Note, Over, Refusal, SetupReason};
pub use options::{ClaimsScoreTo, SulusOptions};

/// The board (README §2.2): 1B..9B are indices 0..9, 1A..9A are 9..18; `+` is `+1 mod 18`.
const G: Geometry = Geometry::THREE_BY_SIX;
/// Holes on the board.
const LEN: usize = 18;
/// Seeds per hole at every set-up (S1, S18).
const START_SEEDS: u8 = 3;

/// A Sulus Nishtaw position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SulusNishtaw {
    /// Seeds by hole index.
    seeds: [u8; LEN],
    /// A's territory (S2); B's territory is every other hole. Both are arcs of the cycle (S3,
    /// S19).
    terr_a: HoleSet,
    /// Claimed holes by creator (A, B) (S2). A claim lies in the territory of its creator's
    /// opponent.
    claims: [HoleSet; 2],
    /// Seeds taken by taxes in this round (A, B) (S9).
    store: [u8; 2],
    to_move: Player,
    /// The opener of this round (S20).
    opener: Player,
    round: u16,
    /// The round's opening has not been played yet (S4, S6).
    opening: bool,
    opts: SulusOptions,
}

/// The territory of A given the number of holes B owns, by S19: the player with h ≤ 9 holes owns
/// his holes 1 … h, the other player every other hole.
fn territory_a(holes_b: usize) -> HoleSet {
    debug_assert!((1..LEN).contains(&holes_b));
    if holes_b >= 9 {
        // A owns 1A … (18−h)A: indices 9 .. 9 + (18 − h).
        HoleSet::range(9, 9 + (LEN - holes_b))
    } else {
        // B owns 1B … hB: indices 0 .. h.
        G.all().minus(HoleSet::range(0, holes_b))
    }
}

/// S18: t/3 rounded to the nearest whole number.
const fn holes_for(total: u32) -> u32 {
    total / 3 + if total % 3 == 2 { 1 } else { 0 }
}

impl SulusNishtaw {
    /// The territory of `p` (S2).
    #[inline]
    fn terr(&self, p: Player) -> HoleSet {
        match p {
            Player::A => self.terr_a,
            Player::B => G.all().minus(self.terr_a),
        }
    }

    /// The holes holding at least one seed.
    #[inline]
    fn occupied(&self) -> HoleSet {
        let mut s = HoleSet::EMPTY;
        for (i, &x) in self.seeds.iter().enumerate() {
            if x > 0 {
                s.insert(i);
            }
        }
        s
    }

    /// The holes of `p`'s territory that the opponent has not claimed.
    #[inline]
    fn unclaimed(&self, p: Player) -> HoleSet {
        self.terr(p).minus(self.claims[p.other().index()])
    }

    /// The first hole of `p`'s territory in cycle order (S3): the one whose predecessor is not his.
    fn first(&self, p: Player) -> usize {
        let t = self.terr(p);
        (0..LEN)
            .find(|&i| t.contains(i) && !t.contains((i + LEN - 1) % LEN))
            .expect("each territory is a proper arc")
    }

    /// S15 (a): a player without a seed in the unclaimed holes of his territory.
    fn starved(&self) -> Option<Player> {
        let occupied = self.occupied();
        Player::BOTH
            .into_iter()
            .find(|&p| self.unclaimed(p).and(occupied).is_empty())
    }

    /// The holes the mover could start from but for V1: S7 and S14 (endless sowings, S12, not yet
    /// excluded).
    fn starts(&self) -> HoleSet {
        let me = self.to_move;
        // S7: an unclaimed hole of the mover's territory holding at least one seed.
        let mut cand = self.unclaimed(me).and(self.occupied());
        if self.opts.v2 {
            // S14: the own hole 1 only with more than 3 seeds.
            let one = hole_one(me);
            if self.seeds[one] <= 3 {
                cand.remove(one);
            }
        }
        cand
    }

    /// The opening (S4–S6), with its relays and S5 in force; `Err` if it never ended, which S6
    /// says cannot happen.
    fn open<T: Tracer>(&self, t: &mut T) -> Result<SulusNishtaw, Endless> {
        let me = self.to_move;
        let k = self.terr(me).len();
        let rule: Rule = if self.round == 1 { Rule::S4 } else { Rule::S6 };
        let mut c = *self;
        c.opening = false;
        emit(t, || Event::Note {
            rule: Rule::S5,
            note: Note::Opening.into(),
        });
        // One seed from each of the first k−1 holes of the territory, in cycle order, gathered in
        // one hand.
        let first = self.first(me);
        let mut i = first;
        for _ in 1..k {
            c.seeds[i] -= 1;
            i = G.step(i, Dir::Ccw);
        }
        if k > 1 {
            emit(t, || Event::Gather {
                holes: (0..k - 1).map(|n| G.hole((first + n) % LEN)).collect(),
                seeds: (k - 1) as u32,
                dir: Dir::Ccw,
                rule,
            });
        }
        // `i` is the last hole: the k−1 seeds go one per hole from it on.
        let mut at = i;
        for n in 0..k - 1 {
            if n > 0 {
                at = G.step(at, Dir::Ccw);
            }
            c.seeds[at] += 1;
            emit(t, || Event::Sow { hole: G.hole(at) });
        }
        // The whole content of the hole of the last of them (with k = 1, of the only hole) is
        // lifted and sown as normal laps: a relay of the gathered lap, or with k = 1 the first lap.
        let lap = if k > 1 {
            LapKind::Relay
        } else {
            LapKind::Start
        };
        let start = lift(&mut c.seeds, G, at, Dir::Ccw, lap, rule, t);
        // S5: no claim during the opening: only an empty hole (S8.3) ends a lap.
        let sown = relay_sow(
            &mut c.seeds,
            G,
            start,
            SowingRules {
                relay: Rule::S8,
                endless: Rule::S12,
            },
            cycle_key(2, HoleSet::EMPTY, HoleSet::EMPTY),
            |s, _, _| {
                if s == 1 {
                    LapEnd::Stop
                } else {
                    LapEnd::Relay(Dir::Ccw)
                }
            },
            t,
        )?;
        emit(t, || Event::Note {
            rule: Rule::S8,
            note: Note::Empty {
                hole: G.hole(sown.last),
            }
            .into(),
        });
        c.to_move = me.other();
        emit(t, || Event::Next {
            player: me.other(),
            repeat: false,
            rule: Rule::S8,
        });
        c.note_round_end(t);
        Ok(c)
    }

    /// A move from hole index `i` (S7–S11), which must be a start allowed by S7, S13 and S14;
    /// `Err` if the sowing never ends (S12).
    fn sow<T: Tracer>(&self, i: usize, t: &mut T) -> Result<SulusNishtaw, Endless> {
        let me = self.to_move;
        let opp = me.other();
        let mine = self.claims[me.index()];
        let theirs = self.claims[opp.index()];
        let opp_terr = self.terr(opp);
        let mut c = *self;
        let start = lift(&mut c.seeds, G, i, Dir::Ccw, LapKind::Start, Rule::S7, t);
        // S8: the first case that applies ends the lap; case 5 relays.
        let sown = relay_sow(
            &mut c.seeds,
            G,
            start,
            SowingRules {
                relay: Rule::S8,
                endless: Rule::S12,
            },
            // What the lap ends depend on besides the board: the claims and the territories.
            cycle_key(3, mine.or(theirs), opp_terr),
            |s, h, _| {
                let claimed = mine.contains(h) || theirs.contains(h);
                if claimed || s == 1 || (opp_terr.contains(h) && s == 4) {
                    LapEnd::Stop
                } else {
                    LapEnd::Relay(Dir::Ccw)
                }
            },
            t,
        )?;
        let h = sown.last;
        let hole = G.hole(h);
        let next = |c: &mut SulusNishtaw, t: &mut T, repeat: bool, rule: Rule| {
            let p = if repeat { me } else { opp };
            c.to_move = p;
            emit(t, || Event::Next {
                player: p,
                repeat,
                rule,
            });
        };
        if mine.contains(h) {
            // S8.1
            emit(t, || Event::Note {
                rule: Rule::S8,
                note: Note::OwnClaim { hole, player: me }.into(),
            });
            next(&mut c, t, false, Rule::S8);
        } else if theirs.contains(h) {
            // S8.2, S9: the last seed and one seed the hole held, if it held any.
            let take = c.seeds[h].min(2);
            emit(t, || Event::Note {
                rule: Rule::S8,
                note: Note::Taxed {
                    hole,
                    claimer: opp,
                    mover: me,
                    was_empty: take == 1,
                }
                .into(),
            });
            c.seeds[h] -= take;
            c.store[me.index()] += take;
            emit(t, || Event::Capture {
                hole,
                seeds: take.into(),
                player: me,
                kind: CaptureKind::Tax,
                rule: Rule::S9,
            });
            next(&mut c, t, true, Rule::S10);
        } else if c.seeds[h] == 1 {
            // S8.3
            emit(t, || Event::Note {
                rule: Rule::S8,
                note: Note::Empty { hole }.into(),
            });
            next(&mut c, t, false, Rule::S8);
        } else {
            // S8.4: an unclaimed hole of the opponent that held 3 now holds 4.
            c.claims[me.index()].insert(h);
            emit(t, || Event::Mark {
                hole,
                mark: Mark {
                    kind: MarkKind::Claim,
                    owner: me,
                },
                rule: Rule::S8,
            });
            emit(t, || Event::Note {
                rule: Rule::S8,
                note: Note::Claims { hole, owner: opp }.into(),
            });
            next(&mut c, t, false, Rule::S8);
        }
        c.note_round_end(t);
        Ok(c)
    }

    /// Says in the trace why the round is over after a ply (S15), if it is.
    fn note_round_end<T: Tracer>(&self, t: &mut T) {
        if !T::ON {
            return;
        }
        if let Some(p) = self.starved() {
            emit(t, || Event::Note {
                rule: Rule::S15,
                note: Note::Starved { player: p }.into(),
            });
        } else if !self.has_move() {
            emit(t, || Event::Note {
                rule: Rule::S15,
                note: Note::NoMove {
                    player: self.to_move,
                }
                .into(),
            });
        }
    }

    /// The start holes of the mover in canonical order: his territory in cycle order from its
    /// first hole (S3), as `spec/engine.md` §2 orders Sulus Nishtaw moves.
    fn ordered_starts(&self, starts: HoleSet) -> impl Iterator<Item = usize> + '_ {
        let first = self.first(self.to_move);
        (0..LEN)
            .map(move |k| (first + k) % LEN)
            .filter(move |&i| starts.contains(i))
    }

    /// The holes of `set` holding exactly 3 seeds (S13).
    fn threes(&self, set: HoleSet) -> HoleSet {
        let mut t = HoleSet::EMPTY;
        for i in set.iter() {
            if self.seeds[i] == 3 {
                t.insert(i);
            }
        }
        t
    }

    /// S13: whether a start other than from a 3-seed hole is available (S7, S14, and its sowing
    /// ends, S12), so that V1 refuses the 3-seed holes.
    fn v1_refuses_threes(&self) -> bool {
        let starts = self.starts();
        starts
            .minus(self.threes(starts))
            .iter()
            .any(|i| self.sow(i, &mut NoTrace).is_ok())
    }

    /// Whether the player to move has a legal ply. V1 never takes the last legal start away.
    fn has_move(&self) -> bool {
        if self.opening {
            return self.open(&mut NoTrace).is_ok();
        }
        self.starts()
            .iter()
            .any(|i| self.sow(i, &mut NoTrace).is_ok())
    }

    /// Why the round is over (S15), if it is.
    fn over_reason(&self) -> Option<Over> {
        if let Some(p) = self.starved() {
            return Some(Over::Starved(p));
        }
        (!self.has_move()).then_some(Over::NoMove(self.to_move))
    }

    /// S21: the match ends after this round, and how.
    fn match_end(&self) -> Option<MatchResult> {
        let t = self.round_totals();
        Player::BOTH
            .into_iter()
            .find(|p| t[p.index()] <= 1)
            .map(|p| MatchResult {
                winner: Some(p.other()),
                rule: Rule::S21,
                reason: format!(
                    "{p}'s round total is {}: S18 would give him no hole, and {} wins the match",
                    t[p.index()],
                    p.other()
                ),
            })
    }

    /// Plays a decision string in a round that is not over (S4–S14).
    fn play_move<T: Tracer>(&self, m: &Move, t: &mut T) -> Result<SulusNishtaw, Illegal> {
        let me = self.to_move;
        let opening_rule: Rule = if self.round == 1 { Rule::S4 } else { Rule::S6 };
        match *m {
            Move::Pass => Err(Illegal::new(Rule::S15, Refusal::NoPass)),
            Move::ReduSow(_) | Move::ReduCapture { .. } | Move::ReduPenalty { .. } => {
                Err(Illegal::new(
                    Rule::S7,
                    Common::ReduToken {
                        token: m.to_string(),
                        game: "Sulus Nishtaw",
                    },
                ))
            }
            Move::Open => {
                if !self.opening {
                    return Err(Illegal::new(opening_rule, Refusal::OpeningPlayed));
                }
                self.open(t)
                    .map_err(|Endless { .. }| Illegal::new(Rule::S12, Refusal::EndlessOpening))
            }
            Move::Sow { hole, dir } => {
                if self.opening {
                    return Err(Illegal::new(opening_rule, Refusal::OpeningFirst));
                }
                let Some(i) = G.index(hole) else {
                    return Err(Illegal::new(Rule::S1, Refusal::NoSuchHole { hole }));
                };
                if dir == Some(Dir::Cw) {
                    return Err(Illegal::new(Rule::S1, Refusal::Clockwise));
                }
                if !self.terr(me).contains(i) {
                    return Err(Illegal::new(
                        Rule::S7,
                        Refusal::NotInTerritory { hole, player: me },
                    ));
                }
                if self.claims[me.other().index()].contains(i) {
                    return Err(Illegal::new(
                        Rule::S7,
                        Refusal::Claimed {
                            hole,
                            by: me.other(),
                        },
                    ));
                }
                if self.seeds[i] == 0 {
                    return Err(Illegal::new(Rule::S7, Common::Empty { hole }));
                }
                if !self.starts().contains(i) {
                    // Only S14 removes an occupied, unclaimed hole of the territory.
                    return Err(Illegal::new(
                        Rule::S14,
                        Refusal::V2 {
                            hole,
                            seeds: self.seeds[i].into(),
                        },
                    ));
                }
                if self.opts.v1 && self.seeds[i] == 3 && self.v1_refuses_threes() {
                    return Err(Illegal::new(Rule::S13, Refusal::V1 { hole, player: me }));
                }
                self.sow(i, t).map_err(|Endless { .. }| {
                    Illegal::new(Rule::S12, Common::Endless { hole, dir: None })
                })
            }
        }
    }
}

/// The index of the own hole 1 of `p`: 1B or 1A (S14). It is always in `p`'s territory (S19).
const fn hole_one(p: Player) -> usize {
    match p {
        Player::B => 0,
        Player::A => 9,
    }
}

impl Game for SulusNishtaw {
    type Options = SulusOptions;
    const ROUND_END: Rule = Rule::S15;
    const NOT_OVER: &'static str = "the round is not over: the player to move can still sow";
    const SCORING: Rule = Rule::S16;

    /// Checks a setup (S1–S3, S4–S6, S9, S16, S18–S20) and makes it a position.
    fn from_setup(opts: SulusOptions, s: &Setup) -> Result<SulusNishtaw, SetupError> {
        let mut pr = Problems::start(s)?;
        // Territories: rows, or the shape S19 gives (the smaller territory is its owner's holes
        // 1 … h, the other player owns the rest).
        let mut terr_a = G.row_set(Player::A);
        if let Some(o) = &s.owners {
            let mut a = HoleSet::EMPTY;
            for (i, p) in o.iter().enumerate() {
                if *p == Player::A {
                    a.insert(i);
                }
            }
            let holes_b = LEN - a.len();
            if (1..LEN).contains(&holes_b) && a == territory_a(holes_b) {
                terr_a = a;
            } else {
                pr.push(Some(Rule::S19), SetupReason::Territories);
            }
        }
        if s.round == 1 {
            pr.check(terr_a == G.row_set(Player::A), Some(Rule::S1), || {
                SetupReason::RoundOneRows
            });
        }
        let mut claims = [HoleSet::EMPTY; 2];
        for (i, m) in s.marked() {
            let hole = G.hole(i);
            if m.kind != MarkKind::Claim {
                pr.push(None, SetupReason::NotAClaim { kind: m.kind, hole });
                continue;
            }
            let owner = if terr_a.contains(i) {
                Player::A
            } else {
                Player::B
            };
            if m.owner == owner {
                pr.push(Some(Rule::S2), SetupReason::OwnClaim { hole, owner });
            }
            claims[m.owner.index()].insert(i);
        }
        pr.check(s.reserves == [0, 0], Some(Rule::S18), || {
            SetupReason::Reserves
        });
        for p in Player::BOTH {
            pr.check(
                s.stores[p.index()] == 0 || !claims[p.other().index()].is_empty(),
                Some(Rule::S9),
                || SetupReason::TaxWithoutClaim {
                    player: p,
                    seeds: s.stores[p.index()],
                },
            );
        }
        pr.check(s.opener.is_some(), Some(Rule::S20), || {
            CommonSetup::OpenerRequired
        });
        if s.opening_pending {
            let fresh = s.seeds.iter().all(|&x| x == u32::from(START_SEEDS))
                && claims == [HoleSet::EMPTY; 2]
                && s.stores == [0, 0];
            pr.check(fresh, Some(Rule::S6), || SetupReason::NotFresh);
            if let Some(o) = s.opener {
                pr.check(s.to_move == o, Some(Rule::S6), || {
                    SetupReason::OpeningByOpener { opener: o }
                });
            }
        }
        pr.unused_fields(s, "Sulus Nishtaw", true, false);
        pr.finish()?;
        let seeds: [u8; LEN] = seed_bytes(&s.seeds);
        Ok(SulusNishtaw {
            seeds,
            terr_a,
            claims,
            store: s.stores.map(|x| x as u8),
            to_move: s.to_move,
            opener: s.opener.unwrap_or(s.to_move),
            round: s.round as u16,
            opening: s.opening_pending,
            opts,
        })
    }

    fn options(&self) -> SulusOptions {
        self.opts
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn generate<S: Sink<Self>>(&self, sink: &mut S) {
        if self.starved().is_some() {
            return; // S15 (a)
        }
        if self.opening {
            // S4, S6: the opening is the only legal ply at the start of a round.
            if let Ok(c) = self.open(&mut NoTrace) {
                sink.push(|| Move::Open, c);
            }
            return;
        }
        let starts = self.starts();
        if !self.opts.v1 {
            for i in self.ordered_starts(starts) {
                if sink.done() {
                    return;
                }
                if let Ok(c) = self.sow(i, &mut NoTrace) {
                    sink.push(|| Move::sow(G.hole(i)), c);
                }
            }
            return;
        }
        // S13: the 3-seed holes only if no other start (S7, S14) has a sowing that ends (S12).
        let threes = self.threes(starts);
        let mut any = false;
        for i in self.ordered_starts(starts.minus(threes)) {
            if sink.done() {
                return;
            }
            if let Ok(c) = self.sow(i, &mut NoTrace) {
                sink.push(|| Move::sow(G.hole(i)), c);
                any = true;
            }
        }
        if !any {
            for i in self.ordered_starts(threes) {
                if sink.done() {
                    return;
                }
                if let Ok(c) = self.sow(i, &mut NoTrace) {
                    sink.push(|| Move::sow(G.hole(i)), c);
                }
            }
        }
    }

    fn play<T: Tracer>(&self, m: &Move, t: &mut T) -> Result<SulusNishtaw, Illegal> {
        // S15 first: when the round is over, every move is refused for that reason. A legal
        // ply shows the mover has one, so whether he has a legal move (a sowing of every start)
        // is looked at only for a refused move; a starved player (S15 a) is cheap to see.
        let over = || {
            self.over_reason()
                .map(|why| Illegal::new(Rule::S15, Refusal::RoundOver(why)))
        };
        if self.starved().is_some()
            && let Some(e) = over()
        {
            return Err(e);
        }
        self.play_move(m, t).map_err(|e| over().unwrap_or(e))
    }

    /// S15: the round is over.
    fn is_over(&self) -> bool {
        self.starved().is_some() || !self.has_move()
    }

    #[inline]
    fn view(&self) -> View<'_> {
        View::new(self.options(), &self.seeds, self.store, self.to_move)
            .with_round(self.round, Some(self.opener))
            .with_owners(self.terr_a)
            .with_marks(MarkKind::Claim, self.claims)
            .with_opening(self.opening)
    }

    fn next_round(&self, decision: &Decision) -> Result<AfterRound<SulusNishtaw>, RoundError> {
        if *decision != Decision::None {
            return Err(RoundError::new(
                Rule::S18,
                CommonRound::NoDecision {
                    because: "the territories follow from the round totals",
                },
            ));
        }
        if let Some(end) = self.match_end() {
            return Ok(AfterRound::MatchOver(end));
        }
        let t = self.round_totals();
        let holes_b = holes_for(t[Player::B.index()]) as usize;
        debug_assert_eq!(holes_b + holes_for(t[Player::A.index()]) as usize, LEN);
        let opener = self.opener.other(); // S20
        let next = SulusNishtaw {
            seeds: [START_SEEDS; LEN],
            terr_a: territory_a(holes_b), // S18, S19
            claims: [HoleSet::EMPTY; 2],
            store: [0, 0],
            to_move: opener,
            opener,
            round: self.round.saturating_add(1),
            opening: true,
            opts: self.opts,
        };
        Ok(AfterRound::Next(next))
    }

    /// S16: taxes, claimed holes as `claims-score-to` credits them, and the unclaimed holes of
    /// the own territory. A claim's seeds go to its creator under `claims-score-to=creator`;
    /// every other seed to the owner of its hole (under `side-owner`, a claim's too: a claim
    /// lies in the territory of its creator's opponent, S2).
    fn round_totals(&self) -> [u32; 2] {
        let to_creator = self.opts.claims_score_to == ClaimsScoreTo::Creator;
        let claims = if to_creator {
            self.claims
        } else {
            [HoleSet::EMPTY; 2]
        };
        totals_by_marks(self.store, &self.seeds, LEN, claims, self.terr_a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn territories_follow_s18_and_s19() {
        assert_eq!(holes_for(33), 11);
        assert_eq!(holes_for(21), 7);
        assert_eq!(holes_for(28), 9);
        assert_eq!(holes_for(26), 9);
        assert_eq!(holes_for(38), 13);
        assert_eq!(holes_for(39), 13);
        assert_eq!(holes_for(2), 1);
        assert_eq!(territory_a(9), G.row_set(Player::A));
        // B with 11 holes owns 8A, 9A and his own nine.
        let b = G.all().minus(territory_a(11));
        let names: Vec<String> = b.iter().map(|i| G.hole(i).to_string()).collect();
        assert_eq!(
            names,
            [
                "1B", "2B", "3B", "4B", "5B", "6B", "7B", "8B", "9B", "8A", "9A"
            ]
        );
        // A with 11 holes owns 8B, 9B and his own nine.
        let a = territory_a(7);
        let names: Vec<String> = a.iter().map(|i| G.hole(i).to_string()).collect();
        assert_eq!(
            names,
            [
                "8B", "9B", "1A", "2A", "3A", "4A", "5A", "6A", "7A", "8A", "9A"
            ]
        );
        for h in 1..LEN {
            assert_eq!(territory_a(h).len(), LEN - h);
        }
    }
}
