//! The checked position of any game: one enum over the games of the registry, in the manner of
//! shakmaty's `VariantPosition`, each arm a [`Game`]. Every method dispatches to the game once
//! ([`Position::game`]); perft and move generation then run inside the game.

use crate::game::{Game, Illegal, Sink, spelling};
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::notes::Refusal;
use crate::perft::{self, Perft, PerftOptions, TableError};
use crate::player::Player;
use crate::prose::walk::Prose;
use crate::round::{AfterRound, Decision, DecisionRequest, RoundError, RoundResult};
use crate::rule::Rule;
use crate::settled::Settled;
use crate::setup::{Setup, SetupError};
use crate::trace::{NoTrace, Trace};
use crate::variant::Variant;
use crate::view::View;
use std::fmt;

/// A move rejected by [`Position::play`], with the reason and the rule that forbids it. The
/// position it was played in is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayError {
    /// The rejected move.
    pub mv: Move,
    /// The rule that forbids it.
    pub rule: Rule,
    /// Why (its `Display` in plain English).
    pub reason: Refusal,
    /// What was traced before the refusal, when the trace was asked for: for a start whose
    /// sowing never ends (README §4), its first [`TRACED_LAPS`](crate::TRACED_LAPS) laps and a
    /// note with its period (spec/engine.md §4), whatever the period.
    pub trace: Trace,
}

/// How [`Position::play`] plays a move: what it records besides the position reached, and in
/// which validation mode (spec/notation.md §9). What it does not ask for costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlayOptions<'a> {
    /// Record what the ply does, step by step ([`Played::trace`]; on a refusal, what was
    /// traced before it, [`PlayError::trace`]).
    pub trace: bool,
    /// Find the move's canonical spelling ([`Played::canonical`], README §6.2); otherwise that
    /// is the move as given.
    pub canonical: bool,
    /// Lenient validation, for transcriptions of real games: besides every legal move, what a
    /// game lets players forget or claim (Redu R25, R26: a forgotten M1 capture `4B~`, a penalty
    /// claim `p4B`). Strict validation is the default; legal moves and perft never include
    /// these.
    pub lenient: bool,
    /// The position before the opponent's last ply and that ply: what a penalty claim answers
    /// (lenient validation).
    pub previous: Option<(&'a Position, &'a Move)>,
}

impl<'a> PlayOptions<'a> {
    /// The position reached and nothing else: what search and move generation need.
    pub const QUIET: PlayOptions<'static> = PlayOptions {
        trace: false,
        canonical: false,
        lenient: false,
        previous: None,
    };
    /// The position reached, the trace and the canonical spelling, strictly.
    pub const FULL: PlayOptions<'static> = PlayOptions {
        trace: true,
        canonical: true,
        lenient: false,
        previous: None,
    };

    /// The same, with the trace.
    #[must_use]
    pub const fn traced(self) -> PlayOptions<'a> {
        PlayOptions {
            trace: true,
            ..self
        }
    }

    /// The same, with the canonical spelling.
    #[must_use]
    pub const fn spelled(self) -> PlayOptions<'a> {
        PlayOptions {
            canonical: true,
            ..self
        }
    }

    /// The same in lenient validation, answering `previous` (the position before the
    /// opponent's last ply and that ply), if there was one.
    #[must_use]
    pub const fn lenient(self, previous: Option<(&'a Position, &'a Move)>) -> PlayOptions<'a> {
        PlayOptions {
            lenient: true,
            previous,
            ..self
        }
    }
}

impl PlayError {
    /// The rules the error cites, in the order its words name them: those its reason names,
    /// then the rule that forbids the move.
    pub fn cites(&self) -> impl Iterator<Item = Rule> + '_ {
        self.reason.cites().iter().copied().chain([self.rule])
    }
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
    /// The canonical spelling of the move played (README §6.2), when asked for
    /// ([`PlayOptions::canonical`]); the move as given otherwise.
    pub canonical: Move,
    /// What happened, step by step, when asked for ([`PlayOptions::trace`]); empty otherwise.
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

/// [`Position`] and its arms from the registry's list.
macro_rules! position_type {
    ($($(#[cfg($cfg:meta)])? $(#[doc = $doc:expr])* $name:ident($module:ident, $ty:ident, $opts:ident)),* $(,)?) => {
        /// A legal position of one of the games, with everything fixed for its round.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Position {
            $($(#[cfg($cfg)])? $(#[doc = $doc])* $name(crate::games::$module::$ty),)*
        }

        $($(#[cfg($cfg)])?
        impl Registered for crate::games::$module::$ty {
            fn wrap(self) -> Position {
                Position::$name(self)
            }

            fn of(p: &Position) -> Option<&Self> {
                match p {
                    Position::$name(g) => Some(g),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        })*

        impl Position {
            /// The game inside, whatever it is.
            pub(crate) fn game(&self) -> &dyn DynGame {
                match self {
                    $($(#[cfg($cfg)])? Position::$name(g) => g,)*
                }
            }

            /// The position as it reads: its seeds, stores, owners and marks, and what else its
            /// game keeps, borrowed (no allocation). [`Position::to_setup`] makes the owned
            /// copy that editing needs.
            #[must_use]
            #[inline]
            pub fn view(&self) -> View<'_> {
                match self {
                    $($(#[cfg($cfg)])? Position::$name(g) => g.view(),)*
                }
            }

            /// Checks a setup and makes it a position.
            ///
            /// # Errors
            /// Every reason the setup is not a position of its game.
            pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
                match setup.variant {
                    $($(#[cfg($cfg)])? Variant::$name(o) => {
                        crate::games::$module::$ty::from_setup(o, setup).map(Position::$name)
                    })*
                }
            }
        }
    };
}
crate::games::registry!(position_type);

/// A game of the registry: what [`Position`] holds in one of its arms.
pub(crate) trait Registered: Game + Perft + Prose {
    /// The position of this game.
    fn wrap(self) -> Position;
    /// The game's position inside `p`, if `p` is of this game.
    fn of(p: &Position) -> Option<&Self>;
}

/// Room for the moves of most positions (two to sixteen here), so that a list rarely grows.
const LIKELY_MOVES: usize = 8;

/// [`MovesAndChildren`](crate::game::MovesAndChildren)'s outcomes, each child wrapped as a [`Position`] as it is kept (the same
/// moves in the same order), so that the list is not copied into another.
struct WrappedMovesAndChildren<'a>(&'a mut Vec<(Move, Position)>);

impl<G: Registered + PartialEq> Sink<G> for WrappedMovesAndChildren<'_> {
    fn push(&mut self, mv: impl FnOnce() -> Move, child: G) {
        if !self.0.iter().any(|(_, c)| G::of(c) == Some(&child)) {
            self.0.push((mv(), child.wrap()));
        }
    }
}

/// [`Game`] whatever the game: what every method of [`Position`] dispatches to.
pub(crate) trait DynGame: Send + Sync {
    fn variant(&self) -> Variant;
    fn to_move(&self) -> Player;
    fn legal_moves_with_positions(&self) -> Vec<(Move, Position)>;
    fn play(
        &self,
        mv: &Move,
        opts: &PlayOptions<'_>,
        trace: &mut Trace,
    ) -> Result<(Position, Option<Move>), Illegal>;
    fn is_lenient_only(&self, mv: &Move) -> bool;
    fn round_result(&self) -> Option<RoundResult>;
    fn next_round_notes(&self) -> Vec<(Rule, String)>;
    fn decision_request(&self) -> Result<DecisionRequest, RoundError>;
    fn after_round(&self, decision: &Decision) -> Result<AfterRound<Position>, RoundError>;
    fn round_totals(&self) -> [u32; 2];
    fn settled(&self) -> Settled;
    fn perft(&self, depth: u32) -> u128;
    fn perft_divide_with(
        &self,
        depth: u32,
        opts: &PerftOptions<'_>,
    ) -> Result<Vec<(Move, u128)>, TableError>;
    fn prose(&self) -> &dyn Prose;
}

impl<G: Registered> DynGame for G {
    fn variant(&self) -> Variant {
        self.options().into()
    }

    fn to_move(&self) -> Player {
        Game::to_move(self)
    }

    fn legal_moves_with_positions(&self) -> Vec<(Move, Position)> {
        // One list, made once: the search asks for one at every node it expands.
        let mut v = Vec::with_capacity(LIKELY_MOVES);
        self.generate(&mut WrappedMovesAndChildren(&mut v));
        v
    }

    fn play(
        &self,
        mv: &Move,
        opts: &PlayOptions<'_>,
        trace: &mut Trace,
    ) -> Result<(Position, Option<Move>), Illegal> {
        let previous = || opts.previous.and_then(|(p, m)| Some((G::of(p)?, m)));
        let child = match (opts.lenient, opts.trace) {
            (false, true) => Game::play(self, mv, trace)?,
            (false, false) => Game::play(self, mv, &mut NoTrace)?,
            (true, true) => Game::play_lenient(self, mv, previous(), trace)?,
            (true, false) => Game::play_lenient(self, mv, previous(), &mut NoTrace)?,
        };
        let spelled = opts
            .canonical
            .then(|| spelling(self, mv, &child).unwrap_or(*mv));
        Ok((child.wrap(), spelled))
    }

    fn is_lenient_only(&self, mv: &Move) -> bool {
        G::is_lenient_only(mv)
    }

    fn round_result(&self) -> Option<RoundResult> {
        Game::round_result(self)
    }

    fn next_round_notes(&self) -> Vec<(Rule, String)> {
        Game::next_round_notes(self)
    }

    fn decision_request(&self) -> Result<DecisionRequest, RoundError> {
        Game::decision_request(self)
    }

    fn after_round(&self, decision: &Decision) -> Result<AfterRound<Position>, RoundError> {
        Ok(match Game::after_round(self, decision)? {
            AfterRound::Next(g) => AfterRound::Next(g.wrap()),
            AfterRound::MatchOver(m) => AfterRound::MatchOver(m),
        })
    }

    fn round_totals(&self) -> [u32; 2] {
        Game::round_totals(self)
    }

    fn settled(&self) -> Settled {
        Game::settled(self)
    }

    fn perft(&self, depth: u32) -> u128 {
        perft::perft(self, depth)
    }

    fn perft_divide_with(
        &self,
        depth: u32,
        opts: &PerftOptions<'_>,
    ) -> Result<Vec<(Move, u128)>, TableError> {
        perft::divide(self, depth, opts)
    }

    fn prose(&self) -> &dyn Prose {
        self
    }
}

impl Position {
    /// The start of a match: round 1 with `opener` to move.
    #[must_use]
    pub fn start(variant: Variant, opener: Player) -> Position {
        Position::from_setup(&Setup::start(variant, opener))
            .expect("the start position of every variant is legal")
    }

    /// The unchecked description of this position, owned, to edit; `from_setup` gives it back.
    /// To read a position, [`Position::view`] borrows it without copying.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        self.view().to_setup()
    }

    /// The game and its options.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.game().variant()
    }

    /// The board.
    #[must_use]
    pub fn geometry(&self) -> Geometry {
        self.variant().geometry()
    }

    /// The player to move (or who would move, if the round is over).
    #[must_use]
    pub fn to_move(&self) -> Player {
        self.game().to_move()
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
        self.game().legal_moves_with_positions()
    }

    /// Plays a move given in any legal spelling, recording what `opts` asks for: the trace, the
    /// canonical spelling, in strict or lenient validation.
    ///
    /// # Errors
    /// The move is illegal here: the error names the rule that forbids it and why, with what
    /// was traced before the refusal when the trace was asked for.
    pub fn play(&self, mv: &Move, opts: PlayOptions<'_>) -> Result<Played, PlayError> {
        let mut trace = if opts.trace {
            Trace::with_capacity()
        } else {
            Trace::default()
        };
        match self.game().play(mv, &opts, &mut trace) {
            Ok((position, canonical)) => Ok(Played {
                position,
                canonical: canonical.unwrap_or(*mv),
                trace,
            }),
            Err(e) => Err(PlayError {
                mv: *mv,
                rule: e.rule,
                reason: e.reason,
                trace,
            }),
        }
    }

    /// Whether `mv` is a move only lenient validation accepts in this game (Redu R25, R26: a
    /// forgotten M1 capture `4B~`, a penalty claim `p4B`).
    #[must_use]
    pub fn is_lenient_only(&self, mv: &Move) -> bool {
        self.game().is_lenient_only(mv)
    }

    /// The scoring of the round, if it is over.
    #[must_use]
    pub fn round_result(&self) -> Option<RoundResult> {
        self.game().round_result()
    }

    /// How the finished round sets up the next one, rule by rule, where the game says (Uugg:
    /// U19, U20, U23): one `(rule, text)` per step, for replays. Empty otherwise.
    #[must_use]
    pub fn next_round_notes(&self) -> Vec<(Rule, String)> {
        self.game().next_round_notes()
    }

    /// What the set-up of the next round needs from a player.
    ///
    /// # Errors
    /// The round is not over.
    pub fn decision_request(&self) -> Result<DecisionRequest, RoundError> {
        self.game().decision_request()
    }

    /// The next round, set up with `decision`, or the end of the match.
    ///
    /// # Errors
    /// The round is not over, or the decision breaks a set-up rule.
    pub fn after_round(&self, decision: &Decision) -> Result<AfterRound<Position>, RoundError> {
        self.game().after_round(decision)
    }

    /// The round scored as if it ended now (A, B): each seed on the board goes to the player the
    /// game's end rule would give it (the owner of its hole; an uugg's to its creator, U18; a
    /// claim's to its creator under `claims-score-to=creator`, S16), with the stores. What a
    /// search that stops before the round ends estimates.
    #[must_use]
    pub fn provisional_totals(&self) -> [u32; 2] {
        self.game().round_totals()
    }

    /// What the position has settled of its round's score whatever is played (the stores, and
    /// Uugg's uuggs, U18), and whether every line of play from it ends: what a bound on its
    /// final margin and an endgame table count on (spec/analysis.md §2, §12.1).
    #[must_use]
    pub fn settled(&self) -> Settled {
        self.game().settled()
    }

    /// perft (README §6.3): the number of move paths of length `depth`, single-threaded. Counted
    /// in `u128`: within the depth limit, some positions have more than 2^64 paths.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u128 {
        self.game().perft(depth)
    }

    /// perft split by the first move, computed with `threads` threads. The counts do not depend on
    /// the number of threads.
    #[must_use]
    pub fn perft_divide(&self, depth: u32, threads: usize) -> Vec<(Move, u128)> {
        let opts = PerftOptions {
            threads,
            ..PerftOptions::default()
        };
        self.perft_divide_with(depth, &opts)
            .expect("no transposition table is asked for")
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
        self.game().perft_divide_with(depth, opts)
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
