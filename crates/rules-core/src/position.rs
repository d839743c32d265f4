//! The checked position of any game: one enum dispatching over the games, in the manner of
//! shakmaty's `VariantPosition`.

use crate::games::{
    bechi::Bechi, giuthi::Giuthi, redu::Redu, sulus_nishtaw::SulusNishtaw, uugg::Uugg,
};
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::options::Variant;
use crate::perft::{self, PerftOptions, TableError};
use crate::player::Player;
use crate::round::{AfterRound, Decision, DecisionRequest, RoundError, RoundResult};
use crate::setup::{Setup, SetupError};
use crate::trace::{NoTrace, Rule, Trace, Tracer};
use std::fmt;

/// Why a decision string is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    /// The rule that forbids it.
    pub rule: Rule,
    /// Why, in plain English.
    pub reason: String,
}

impl Illegal {
    pub(crate) fn new(rule: Rule, reason: impl Into<String>) -> Illegal {
        Illegal {
            rule,
            reason: reason.into(),
        }
    }
}

/// A move rejected by [`Position::play`], with the reason and the rule that forbids it. The
/// position it was played in is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayError {
    /// The rejected move.
    pub mv: Move,
    /// The rule that forbids it.
    pub rule: Rule,
    /// Why.
    pub reason: String,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "illegal move {}: {} ({})",
            self.mv, self.reason, self.rule
        )
    }
}

impl std::error::Error for PlayError {}

/// A legal ply and what it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The position after the ply.
    pub position: Position,
    /// The canonical spelling of the move played (README §6.2).
    pub canonical: Move,
    /// What happened, step by step.
    pub trace: Trace,
}

/// Whether the round goes on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// `to_move` has a ply to make (perhaps a forced pass).
    Ongoing {
        /// The player to move.
        to_move: Player,
    },
    /// The round is over; [`Position::round_result`] scores it.
    RoundOver,
}

/// Receives the children of a position: each distinct outcome once (README §6.2), with the move
/// that reaches it built only if the sink wants it.
pub(crate) trait Sink<P> {
    fn push(&mut self, mv: impl FnOnce() -> Move, child: P);
    /// Pushes a child the generator knows differs from every child pushed so far (Redu uses it
    /// to skip the search for duplicates on the perft path).
    #[inline]
    fn push_new(&mut self, mv: impl FnOnce() -> Move, child: P) {
        self.push(mv, child);
    }
    /// Whether the sink wants no more children: generators may stop between start holes.
    /// Only [`Spelling`] ever does, so the check costs nothing on the perft path.
    #[inline]
    fn done(&self) -> bool {
        false
    }
    /// The one outcome the sink looks for, if it looks for one: generators may skip what cannot
    /// reach it. Only [`Spelling`] has one.
    #[inline]
    fn target(&self) -> Option<&P> {
        None
    }
}

/// Collects distinct children, dropping an outcome already present.
pub(crate) struct Children<'a, P>(pub &'a mut Vec<P>);

impl<P: PartialEq> Sink<P> for Children<'_, P> {
    #[inline]
    fn push(&mut self, _: impl FnOnce() -> Move, child: P) {
        if !self.0.contains(&child) {
            self.0.push(child);
        }
    }

    #[inline]
    fn push_new(&mut self, _: impl FnOnce() -> Move, child: P) {
        self.0.push(child);
    }
}

/// Collects distinct children with their canonical moves: the first spelling generated for an
/// outcome is canonical, so generators yield spellings in canonical order.
pub(crate) struct MovesAndChildren<'a, P>(pub &'a mut Vec<(Move, P)>);

impl<P: PartialEq> Sink<P> for MovesAndChildren<'_, P> {
    fn push(&mut self, mv: impl FnOnce() -> Move, child: P) {
        if !self.0.iter().any(|(_, c)| *c == child) {
            self.0.push((mv(), child));
        }
    }
}

/// Finds the canonical spelling of one outcome: the move of the first child generated equal to
/// it, as [`MovesAndChildren`] would keep it, without building the other moves or a list.
pub(crate) struct Spelling<'a, P> {
    target: &'a P,
    found: Option<Move>,
}

impl<P: PartialEq> Sink<P> for Spelling<'_, P> {
    #[inline]
    fn push(&mut self, mv: impl FnOnce() -> Move, child: P) {
        if self.found.is_none() && child == *self.target {
            self.found = Some(mv());
        }
    }

    /// The first spelling is found: the later moves cannot be canonical.
    #[inline]
    fn done(&self) -> bool {
        self.found.is_some()
    }

    #[inline]
    fn target(&self) -> Option<&P> {
        Some(self.target)
    }
}

/// What every game implements. The games live in [`crate::games`], one module each.
pub(crate) trait Rules:
    Copy + Eq + std::hash::Hash + Send + Sync + fmt::Debug + 'static
{
    /// The game and options.
    fn variant(&self) -> Variant;
    /// The player to move (after a round end: the player who would have moved).
    fn to_move(&self) -> Player;
    /// Every distinct outcome of the position, in canonical order of spelling; none when the round
    /// is over. A forced pass is an outcome.
    fn generate<S: Sink<Self>>(&self, sink: &mut S);
    /// The outcomes that may equal the outcome of `played`, a legal move here, in canonical
    /// order of spelling: what finding its canonical spelling must look through. By default
    /// every outcome; a game whose different starts never meet narrows it to the played start.
    fn generate_rivals<S: Sink<Self>>(&self, played: &Move, sink: &mut S) {
        let _ = played;
        self.generate(sink);
    }
    /// Plays a decision string, which need not be the canonical spelling.
    fn play_traced<T: Tracer>(&self, m: &Move, t: &mut T) -> Result<Self, Illegal>;
    /// The scoring, if the round is over.
    fn round_result(&self) -> Option<RoundResult>;
    /// What the next set-up needs, if the round is over.
    fn decision_request(&self) -> Result<DecisionRequest, RoundError>;
    /// The next round or the end of the match.
    fn after_round(&self, decision: &Decision) -> Result<AfterRound, RoundError>;
    /// The unchecked description of this position.
    fn to_setup(&self) -> Setup;
}

/// A legal position of one of the five games, with everything fixed for its round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Position {
    /// Bechi.
    Bechi(Bechi),
    /// Giuthi.
    Giuthi(Giuthi),
    /// Sulus Nishtaw.
    SulusNishtaw(SulusNishtaw),
    /// Uugg.
    Uugg(Uugg),
    /// Redu.
    Redu(Redu),
}

macro_rules! dispatch {
    ($self:expr, $p:ident => $e:expr) => {
        match $self {
            Position::Bechi($p) => $e,
            Position::Giuthi($p) => $e,
            Position::SulusNishtaw($p) => $e,
            Position::Uugg($p) => $e,
            Position::Redu($p) => $e,
        }
    };
}

impl Position {
    /// The start of a match: round 1 with `opener` to move.
    #[must_use]
    pub fn start(variant: Variant, opener: Player) -> Position {
        Position::from_setup(&Setup::start(variant, opener))
            .expect("the start position of every variant is legal")
    }

    /// Checks a setup and makes it a position.
    ///
    /// # Errors
    /// Every reason the setup is not a position of its game.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        // Each game gets its own options.
        match setup.variant {
            Variant::Bechi(o) => Bechi::from_setup(o, setup).map(Position::Bechi),
            Variant::Giuthi(o) => Giuthi::from_setup(o, setup).map(Position::Giuthi),
            Variant::SulusNishtaw(o) => {
                SulusNishtaw::from_setup(o, setup).map(Position::SulusNishtaw)
            }
            Variant::Uugg(o) => Uugg::from_setup(o, setup).map(Position::Uugg),
            Variant::Redu(o) => Redu::from_setup(o, setup).map(Position::Redu),
        }
    }

    /// The unchecked description of this position; `from_setup` gives it back.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        dispatch!(self, p => p.to_setup())
    }

    /// The game and its options.
    #[must_use]
    pub fn variant(&self) -> Variant {
        dispatch!(self, p => p.variant())
    }

    /// The board.
    #[must_use]
    pub fn geometry(&self) -> Geometry {
        self.variant().geometry()
    }

    /// The player to move (or who would move, if the round is over).
    #[must_use]
    pub fn to_move(&self) -> Player {
        dispatch!(self, p => p.to_move())
    }

    /// Whether the round goes on.
    #[must_use]
    pub fn status(&self) -> Status {
        if self.round_result().is_some() {
            Status::RoundOver
        } else {
            Status::Ongoing {
                to_move: self.to_move(),
            }
        }
    }

    /// Every legal move, one per distinct outcome, in canonical spelling and canonical order.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        self.legal_moves_with_positions()
            .into_iter()
            .map(|(m, _)| m)
            .collect()
    }

    /// Every legal move with the position it leads to.
    #[must_use]
    pub fn legal_moves_with_positions(&self) -> Vec<(Move, Position)> {
        fn collect<P: Rules>(p: &P, wrap: impl Fn(P) -> Position) -> Vec<(Move, Position)> {
            let mut v = Vec::new();
            p.generate(&mut MovesAndChildren(&mut v));
            v.into_iter().map(|(m, c)| (m, wrap(c))).collect()
        }
        match self {
            Position::Bechi(p) => collect(p, Position::Bechi),
            Position::Giuthi(p) => collect(p, Position::Giuthi),
            Position::SulusNishtaw(p) => collect(p, Position::SulusNishtaw),
            Position::Uugg(p) => collect(p, Position::Uugg),
            Position::Redu(p) => collect(p, Position::Redu),
        }
    }

    /// The canonical spelling of `played`, a legal move from here to `child`: the first spelling
    /// generated of that outcome (README §6.2), found without listing every move, among the
    /// outcomes that may equal it ([`Rules::generate_rivals`]).
    fn spelling(&self, played: &Move, child: &Position) -> Option<Move> {
        fn find<P: Rules>(p: &P, played: &Move, target: &P) -> Option<Move> {
            let mut s = Spelling {
                target,
                found: None,
            };
            p.generate_rivals(played, &mut s);
            // The narrowed search finds what the search through every outcome finds.
            debug_assert_eq!(s.found, {
                let mut all = Spelling {
                    target,
                    found: None,
                };
                p.generate(&mut all);
                all.found
            });
            s.found
        }
        match (self, child) {
            (Position::Bechi(p), Position::Bechi(c)) => find(p, played, c),
            (Position::Giuthi(p), Position::Giuthi(c)) => find(p, played, c),
            (Position::SulusNishtaw(p), Position::SulusNishtaw(c)) => find(p, played, c),
            (Position::Uugg(p), Position::Uugg(c)) => find(p, played, c),
            (Position::Redu(p), Position::Redu(c)) => find(p, played, c),
            _ => None,
        }
    }

    /// Plays a move given in any legal spelling.
    ///
    /// # Errors
    /// The move is illegal here: the error names the rule that forbids it.
    pub fn play(&self, mv: &Move) -> Result<Played, PlayError> {
        let mut trace = Trace::with_capacity();
        let position = self.play_inner(mv, &mut trace)?;
        let canonical = self.spelling(mv, &position).unwrap_or(*mv);
        Ok(Played {
            position,
            canonical,
            trace,
        })
    }

    /// Plays a move given in any legal spelling and finds its canonical spelling, without a
    /// trace: what validation needs for most plies.
    ///
    /// # Errors
    /// As [`Position::play`].
    pub fn play_spelled(&self, mv: &Move) -> Result<(Position, Move), PlayError> {
        let position = self.play_inner(mv, &mut NoTrace)?;
        Ok((position, self.spelling(mv, &position).unwrap_or(*mv)))
    }

    /// Plays a move with its trace, without finding its canonical spelling.
    ///
    /// # Errors
    /// As [`Position::play`].
    pub fn play_traced(&self, mv: &Move) -> Result<(Position, Trace), PlayError> {
        let mut trace = Trace::with_capacity();
        let position = self.play_inner(mv, &mut trace)?;
        Ok((position, trace))
    }

    /// Plays a move with its trace, and keeps the trace when the move is refused. A start whose
    /// sowing never ends (README §4) is traced for at most its first
    /// [`TRACED_LAPS`](crate::TRACED_LAPS) laps, then a note gives its period (spec/engine.md
    /// §4): the trace's size does not depend on the period.
    ///
    /// # Errors
    /// As [`Position::play`], with what was traced before the refusal.
    pub fn play_attempt(&self, mv: &Move) -> Result<(Position, Trace), (PlayError, Trace)> {
        let mut trace = Trace::with_capacity();
        match self.play_inner(mv, &mut trace) {
            Ok(position) => Ok((position, trace)),
            Err(e) => Err((e, trace)),
        }
    }

    /// Plays a move without recording a trace or finding its canonical spelling.
    ///
    /// # Errors
    /// As [`Position::play`].
    pub fn play_quiet(&self, mv: &Move) -> Result<Position, PlayError> {
        self.play_inner(mv, &mut NoTrace)
    }

    fn play_inner<T: Tracer>(&self, mv: &Move, t: &mut T) -> Result<Position, PlayError> {
        let err = |e: Illegal| PlayError {
            mv: *mv,
            rule: e.rule,
            reason: e.reason,
        };
        Ok(match self {
            Position::Bechi(p) => Position::Bechi(p.play_traced(mv, t).map_err(err)?),
            Position::Giuthi(p) => Position::Giuthi(p.play_traced(mv, t).map_err(err)?),
            Position::SulusNishtaw(p) => Position::SulusNishtaw(p.play_traced(mv, t).map_err(err)?),
            Position::Uugg(p) => Position::Uugg(p.play_traced(mv, t).map_err(err)?),
            Position::Redu(p) => Position::Redu(p.play_traced(mv, t).map_err(err)?),
        })
    }

    /// Plays a move in lenient validation, for transcribing real games (Redu R25, R26): besides
    /// every legal move it accepts a forgotten M1 capture (`4B~`) and a penalty claim (`p4B`).
    /// A penalty claim needs `previous`: the position before the opponent's last ply and that
    /// ply. In the other games lenient validation is [`Position::play`]. Strict validation
    /// (`play`) is the default, and `legal_moves` and perft never include these marks.
    ///
    /// # Errors
    /// As [`Position::play`]; a penalty claim without `previous`, or one the rules do not allow.
    pub fn play_lenient(
        &self,
        mv: &Move,
        previous: Option<(&Position, &Move)>,
    ) -> Result<Played, PlayError> {
        let Position::Redu(p) = self else {
            return self.play(mv);
        };
        let err = |e: Illegal| PlayError {
            mv: *mv,
            rule: e.rule,
            reason: e.reason,
        };
        let mut trace = Trace::default();
        let next = match (mv, previous) {
            (Move::ReduPenalty { hole }, Some((Position::Redu(before), x_move))) => {
                Redu::penalty(before, x_move, p, *hole, &mut trace).map_err(err)?
            }
            _ => p.play_mode(mv, true, &mut trace).map_err(err)?,
        };
        let position = Position::Redu(next);
        let canonical = self.spelling(mv, &position).unwrap_or(*mv);
        Ok(Played {
            position,
            canonical,
            trace,
        })
    }

    /// The scoring of the round, if it is over.
    #[must_use]
    pub fn round_result(&self) -> Option<RoundResult> {
        dispatch!(self, p => p.round_result())
    }

    /// How the finished round sets up the next one, rule by rule, where the game says (Uugg:
    /// U19, U20, U23): one `(rule, text)` per step, for replays. Empty otherwise.
    #[must_use]
    pub fn next_round_notes(&self) -> Vec<(Rule, String)> {
        match self {
            Position::Uugg(u) => u.next_round_notes(),
            _ => Vec::new(),
        }
    }

    /// What the set-up of the next round needs from a player.
    ///
    /// # Errors
    /// The round is not over.
    pub fn decision_request(&self) -> Result<DecisionRequest, RoundError> {
        dispatch!(self, p => p.decision_request())
    }

    /// The next round, set up with `decision`, or the end of the match.
    ///
    /// # Errors
    /// The round is not over, or the decision breaks a set-up rule.
    pub fn after_round(&self, decision: &Decision) -> Result<AfterRound, RoundError> {
        dispatch!(self, p => p.after_round(decision))
    }

    /// perft (README §6.3): the number of move paths of length `depth`, single-threaded. Counted
    /// in `u128`: within the depth limit, some positions have more than 2^64 paths.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u128 {
        dispatch!(self, p => perft::perft(p, depth))
    }

    /// perft split by the first move, computed with `threads` threads. The counts do not depend on
    /// the number of threads.
    #[must_use]
    pub fn perft_divide(&self, depth: u32, threads: usize) -> Vec<(Move, u128)> {
        dispatch!(self, p => perft::divide_plain(p, depth, threads))
    }

    /// perft split by the first move, with threads, a transposition table and a progress
    /// report as `opts` says. The counts depend on none of them.
    ///
    /// # Errors
    /// The transposition table of `opts.hash_bytes` cannot be allocated.
    pub fn perft_divide_with(
        &self,
        depth: u32,
        opts: &PerftOptions<'_>,
    ) -> Result<Vec<(Move, u128)>, TableError> {
        dispatch!(self, p => perft::divide(p, depth, opts))
    }

    /// A copy with a different player to move; used by tests and tools that explore positions.
    ///
    /// # Errors
    /// The position with the other player to move is not legal.
    pub fn with_to_move(&self, player: Player) -> Result<Position, SetupError> {
        let mut s = self.to_setup();
        s.to_move = player;
        Position::from_setup(&s)
    }
}
