//! A sixth game for the tests alone: a tiny game that plugs into the engine through its folder
//! and its lines of the registry, and nothing else, so that a test can hold the guide's list of
//! what a sixth game touches true. 2×2, two seeds a hole; a move sows all the seeds of one of
//! the mover's holes counterclockwise, one a hole from the next; a last seed that makes two in
//! the opponent's row captures them; the round, and the match, end when the player to move has
//! no seed, each player then counting his store and his row. It has no rule book: it cites
//! Bechi's B13 for its end and scoring, B4 for its moves.

use crate::game::{Game, Illegal, Sink};
use crate::games::common::seed_bytes;
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::perft::Perft;
use crate::player::{Dir, Player};
use crate::prose::walk::Prose;
use crate::round::{AfterRound, Decision, MatchResult, RoundError, richer};
use crate::rule::Rule;
use crate::setup::{Problems, Setup, SetupError};
use crate::sowing::lift;
use crate::trace::{CaptureKind, Event, LapKind, Tracer, emit};
use crate::view::View;

pub mod notes;
pub(crate) mod options;

use notes::{Note, Refusal};
pub use options::ToyOptions;

/// A position of the toy game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Toy {
    seeds: [u8; 4],
    store: [u8; 2],
    to_move: Player,
}

const G: Geometry = Geometry::two_rows(2);

impl Toy {
    fn movable(&self, i: usize) -> bool {
        G.row(i) == self.to_move && self.seeds[i] > 0
    }

    fn sow<T: Tracer>(&self, i: usize, t: &mut T) -> Toy {
        let me = self.to_move;
        let mut c = *self;
        let n = lift(&mut c.seeds, G, i, Dir::Ccw, LapKind::Start, Rule::B4, t).hand;
        let mut pos = i;
        for _ in 0..n {
            pos = G.step(pos, Dir::Ccw);
            c.seeds[pos] += 1;
            emit(t, || Event::Sow { hole: G.hole(pos) });
        }
        if G.row(pos) != me && c.seeds[pos] == 2 {
            c.seeds[pos] = 0;
            c.store[me.index()] += 2;
            emit(t, || Event::Capture {
                hole: G.hole(pos),
                seeds: 2,
                player: me,
                kind: CaptureKind::Made,
                rule: Rule::B13,
            });
        } else {
            emit(t, || Event::Note {
                rule: Rule::B13,
                note: Note::NoPair { hole: G.hole(pos) }.into(),
            });
        }
        c.to_move = me.other();
        emit(t, || Event::Next {
            player: me.other(),
            repeat: false,
            rule: Rule::B13,
        });
        c
    }
}

impl Game for Toy {
    type Options = ToyOptions;
    const ROUND_END: Rule = Rule::B13;
    const SCORING: Rule = Rule::B13;

    fn from_setup(_: ToyOptions, s: &Setup) -> Result<Toy, SetupError> {
        let mut pr = Problems::start(s)?;
        pr.unused_fields(s, "Toy", false, false);
        pr.finish()?;
        let seeds: [u8; 4] = seed_bytes(&s.seeds);
        Ok(Toy {
            seeds,
            store: s.stores.map(|x| x as u8),
            to_move: s.to_move,
        })
    }

    fn view(&self) -> View<'_> {
        View::new(ToyOptions, &self.seeds, self.store, self.to_move)
    }

    fn options(&self) -> ToyOptions {
        ToyOptions
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn generate<S: Sink<Self>>(&self, sink: &mut S) {
        for i in G.row_set(self.to_move).iter() {
            if self.movable(i) {
                sink.push(
                    || Move::sow(G.hole(i)),
                    self.sow(i, &mut crate::trace::NoTrace),
                );
            }
        }
    }

    fn play<T: Tracer>(&self, m: &Move, t: &mut T) -> Result<Toy, Illegal> {
        let Move::Sow { hole, dir: None } = *m else {
            return Err(Illegal::new(
                Rule::B4,
                Refusal::NotASowing {
                    token: m.to_string(),
                },
            ));
        };
        match G.index(hole) {
            Some(i) if self.movable(i) => Ok(self.sow(i, t)),
            _ => Err(Illegal::new(Rule::B4, Refusal::NotPlayable { hole })),
        }
    }

    fn is_over(&self) -> bool {
        G.row_set(self.to_move).iter().all(|i| self.seeds[i] == 0)
    }

    fn next_round(&self, decision: &Decision) -> Result<AfterRound<Toy>, RoundError> {
        if *decision != Decision::None {
            return Err(RoundError::new(Rule::B13, notes::RoundReason::MatchOver));
        }
        Ok(AfterRound::MatchOver(MatchResult {
            winner: richer(self.round_totals()),
            rule: Rule::B13,
            reason: "the toy game has one round".to_owned(),
        }))
    }
}

impl Perft for Toy {}

impl Prose for Toy {}

/// The toy game played through the engine's public entry points alone (`Position`, `Variant`,
/// `GameKind`, the prose): what it reaches proves that a game plugs in by its folder and its
/// lines of the registry, as docs/guide/architecture.md, "A sixth game touches", says. The expected values are
/// worked by hand from the rules in the module's comment (holes 1B, 2B, 1A, 2A are indices
/// 0..=3; `+` goes 1B, 2B, 1A, 2A, 1B).
#[cfg(test)]
mod tests {
    use crate::notes::Refusal as AnyRefusal;
    use crate::{
        AfterRound, Decision, GameKind, Move, PlayOptions, Player, Position, Rule, Setup, Variant,
    };

    fn toy() -> Variant {
        Variant::default_for("toy".parse::<GameKind>().expect("the registry names it"))
    }

    #[test]
    fn the_toy_game_is_a_game_of_the_registry() {
        let kind = toy().kind();
        assert_eq!((kind.name(), kind.title()), ("toy", "Toy"));
        assert_eq!(GameKind::ALL.last(), Some(&kind));
        assert_eq!(toy().total_seeds(), 8);
    }

    #[test]
    fn moves_perft_and_refusals_go_through_position() {
        let start = Position::start(toy(), Player::B);
        let moves: Vec<String> = start
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(moves, ["1B", "2B"]);
        // 1B sows its 2 seeds into 2B and 1A: 0,3 / 3,2, and 1A holds 3, no pair.
        let mv = Move::parse(kind(), "1B").expect("a toy token");
        let played = start.play(&mv, PlayOptions::FULL).expect("legal");
        assert_eq!(played.position.to_setup().seeds, [0, 3, 3, 2]);
        assert_eq!(played.position.to_move(), Player::A);
        // Each position of the first three plies has two moves (worked out in the module doc).
        assert_eq!((start.perft(1), start.perft(2), start.perft(3)), (2, 4, 8));
        // A's hole is not B's to sow: refused with the rule and the toy's own reason.
        let err = start
            .play(&Move::parse(kind(), "1A").unwrap(), PlayOptions::FULL)
            .unwrap_err();
        assert_eq!(err.rule, Rule::B4);
        assert!(matches!(err.reason, AnyRefusal::Toy(_)));
        assert_eq!(
            err.reason.to_string(),
            "1A is not a non-empty hole of the mover"
        );
        // The shared prose reads its plies without a word of its own.
        let steps = crate::prose::steps(&played.position, &played.trace, "");
        assert!(!steps.is_empty());
    }

    fn kind() -> GameKind {
        toy().kind()
    }

    #[test]
    fn a_pair_is_captured_and_the_round_scored_by_the_default_lifecycle() {
        let mut s = Setup::start(toy(), Player::B);
        s.seeds = vec![0, 1, 1, 0];
        s.stores = [3, 3];
        let pos = Position::from_setup(&s).expect("8 seeds in all");
        assert_eq!(pos.round_result(), None);
        assert!(pos.after_round(&Decision::None).is_err());
        // 2B's seed makes 1A two: B captures them, and A, to move, has no seed.
        let played = pos
            .play(&Move::parse(kind(), "2B").unwrap(), PlayOptions::FULL)
            .expect("legal");
        assert_eq!(played.trace.captured(), [0, 2]);
        let r = played.position.round_result().expect("A has no seed");
        assert_eq!(
            (r.totals, r.winner, r.rule),
            ([3, 5], Some(Player::B), Rule::B13)
        );
        let Ok(AfterRound::MatchOver(m)) = played.position.after_round(&Decision::None) else {
            panic!("one round ends the toy match");
        };
        assert_eq!(m.winner, Some(Player::B));
    }
}
