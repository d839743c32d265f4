//! The contract of a game: what every game of `games/` implements ([`Game`]), with the round
//! lifecycle the games share as default code, and the receivers of a position's outcomes
//! ([`Sink`]).

use crate::moves::Move;
use crate::notes::{CommonRound, Refusal};
use crate::options::GameOptions;
use crate::player::Player;
use crate::round::{AfterRound, Decision, DecisionRequest, RoundError, RoundResult, richer};
use crate::rule::Rule;
use crate::settled::Settled;
use crate::setup::{Setup, SetupError};
use crate::trace::Tracer;
use crate::variant::Variant;
use crate::view::View;
use std::fmt::Debug;
use std::hash::Hash;

/// Why a move is illegal in a game: the rule that forbids it, and why (its `Display` in plain
/// English).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    /// The rule that forbids it.
    pub rule: Rule,
    /// Why.
    pub reason: Refusal,
}

impl Illegal {
    pub(crate) fn new(rule: Rule, reason: impl Into<Refusal>) -> Illegal {
        Illegal {
            rule,
            reason: reason.into(),
        }
    }
}

/// A legal position of one game, with everything fixed for its round: the contract every game
/// of `games/` fulfils, and what [`crate::Position`] dispatches to. A game says what is its own
/// (its set-up, its moves and plies, when its round is over and how it scores, how the next
/// round is set up); the round lifecycle that all games share (scoring a finished round,
/// refusing a set-up before the round is over) is default code here.
pub trait Game: Copy + Eq + Hash + Send + Sync + Debug + 'static {
    /// The game's options: its name, board, tokens and marks ([`GameOptions`]).
    type Options: GameOptions + Into<Variant>;

    /// The rule that ends rounds, cited when a set-up is asked for before the round is over
    /// (B13, G19, S15, U16, R27).
    const ROUND_END: Rule;
    /// Why a set-up cannot be made before the round is over, in the game's words
    /// ([`crate::notes::CommonRound::NotOver`]).
    const NOT_OVER: &'static str = "the round is not over: a player can still move";
    /// The rule that scores a finished round (B13, G20, S16, U18, R27).
    const SCORING: Rule;

    /// Checks a setup of the game with `options` and makes it a position.
    ///
    /// # Errors
    /// Every reason the setup is not a position of the game.
    fn from_setup(options: Self::Options, setup: &Setup) -> Result<Self, SetupError>;
    /// The position as it reads: its seeds, stores, owners and marks, and what else the game
    /// keeps, borrowed from its fields.
    fn view(&self) -> View<'_>;
    /// The unchecked description of this position; `from_setup` gives it back.
    fn to_setup(&self) -> Setup {
        self.view().to_setup()
    }
    /// The game's options.
    fn options(&self) -> Self::Options;
    /// The player to move (after a round end: the player who would have moved).
    fn to_move(&self) -> Player;

    /// Every distinct outcome of the position, in canonical order of spelling; none when the
    /// round is over. A forced pass is an outcome.
    fn generate<S: Sink<Self>>(&self, sink: &mut S);
    /// The outcomes that may equal the outcome of `played`, a legal move here, in canonical
    /// order of spelling: what finding its canonical spelling must look through. By default
    /// every outcome; a game whose different starts never meet narrows it to the played start.
    fn generate_rivals<S: Sink<Self>>(&self, played: &Move, sink: &mut S) {
        let _ = played;
        self.generate(sink);
    }
    /// Plays a decision string, which need not be the canonical spelling, telling `t` what
    /// happens.
    ///
    /// # Errors
    /// The move is illegal here, with the rule that forbids it.
    fn play<T: Tracer>(&self, m: &Move, t: &mut T) -> Result<Self, Illegal>;
    /// Plays a move in lenient validation, for transcriptions of real games: besides every
    /// legal move, what the game lets players forget or claim (Redu R25, R26). `previous` is the
    /// position before the opponent's last ply and that ply. By default, strict play.
    ///
    /// # Errors
    /// As [`Game::play`].
    fn play_lenient<T: Tracer>(
        &self,
        m: &Move,
        previous: Option<(&Self, &Move)>,
        t: &mut T,
    ) -> Result<Self, Illegal> {
        let _ = previous;
        self.play(m, t)
    }
    /// Whether `m` is a move only lenient validation accepts (Redu's `4B~`, `p4B`).
    fn is_lenient_only(m: &Move) -> bool {
        let _ = m;
        false
    }

    /// Whether the round is over.
    fn is_over(&self) -> bool;
    /// Each player's round total (A, B) by the game's scoring rule, counting as if the round
    /// were over: every seed on the board goes to the player the game's end rule would give it.
    /// What scores a finished round, and what a search that stops before the round ends
    /// estimates. By default each player's store and the seeds of the holes he owns.
    #[inline]
    fn round_totals(&self) -> [u32; 2] {
        let v = self.view();
        let mut totals = v.stores();
        for (i, &n) in v.seeds().iter().enumerate() {
            totals[v.owner(i).index()] += u32::from(n);
        }
        totals
    }
    /// What the position has settled of its round's score whatever is played, for bounds and
    /// endgame tables: nothing but the stores by default.
    fn settled(&self) -> Settled {
        Settled::NOTHING
    }
    /// Seeds kept off the board at this round's set-up (A, B): Bechi's surplus (B16), Giuthi's
    /// reserve (G25). None by default.
    fn reserves(&self) -> [u32; 2] {
        [0, 0]
    }
    /// The scoring, if the round is over: the totals, and the holdings (totals and reserves)
    /// that decide the next set-up.
    fn round_result(&self) -> Option<RoundResult> {
        if !self.is_over() {
            return None;
        }
        let totals = self.round_totals();
        let r = self.reserves();
        let holdings = [totals[0] + r[0], totals[1] + r[1]];
        Some(RoundResult {
            totals,
            holdings,
            winner: richer(holdings),
            rule: Self::SCORING,
        })
    }
    /// What the set-up of the next round needs from a player.
    ///
    /// # Errors
    /// The round is not over.
    fn decision_request(&self) -> Result<DecisionRequest, RoundError> {
        if !self.is_over() {
            return Err(RoundError::new(
                Self::ROUND_END,
                CommonRound::NotOver {
                    words: Self::NOT_OVER,
                },
            ));
        }
        Ok(self.decision_needed())
    }
    /// What the set-up of the next round needs, once the round is over: nothing by default.
    fn decision_needed(&self) -> DecisionRequest {
        DecisionRequest::None
    }
    /// The next round, set up with `decision`, or the end of the match.
    ///
    /// # Errors
    /// The round is not over, the decision breaks a set-up rule, or the round that ended is the
    /// last a position holds ([`crate::MAX_ROUND`]) and the match goes on.
    fn after_round(&self, decision: &Decision) -> Result<AfterRound<Self>, RoundError> {
        if !self.is_over() {
            return Err(RoundError::new(
                Self::ROUND_END,
                CommonRound::NotOver {
                    words: Self::NOT_OVER,
                },
            ));
        }
        let next = self.next_round(decision)?;
        if let AfterRound::Next(g) = &next
            && g.to_setup().round > crate::MAX_ROUND
        {
            return Err(RoundError::new(
                Self::ROUND_END,
                CommonRound::PastLastRound {
                    round: self.to_setup().round,
                },
            ));
        }
        Ok(next)
    }
    /// The next round or the end of the match, once the round is over.
    ///
    /// # Errors
    /// The decision breaks a set-up rule.
    fn next_round(&self, decision: &Decision) -> Result<AfterRound<Self>, RoundError>;
    /// How the finished round sets up the next one, rule by rule, where the game says it in
    /// words (Uugg: U19, U20, U23): one `(rule, text)` per step. Empty by default.
    fn next_round_notes(&self) -> Vec<(Rule, String)> {
        Vec::new()
    }
}

/// Receives the outcomes of a position: each distinct outcome once (rules README §6.2), with
/// the move that reaches it built only if the sink wants it.
pub trait Sink<P> {
    /// Receives an outcome and the move that reaches it.
    fn push(&mut self, mv: impl FnOnce() -> Move, child: P);
    /// Receives an outcome the generator knows differs from every one pushed so far (Redu uses
    /// it to skip the search for duplicates on the perft path).
    #[inline]
    fn push_new(&mut self, mv: impl FnOnce() -> Move, child: P) {
        self.push(mv, child);
    }
    /// Whether the sink wants no more outcomes: generators may stop between start holes.
    #[inline]
    fn done(&self) -> bool {
        false
    }
    /// The one outcome the sink looks for, if it looks for one: generators may skip what cannot
    /// reach it.
    #[inline]
    fn target(&self) -> Option<&P> {
        None
    }
}

/// Collects distinct outcomes, dropping one already present.
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

/// Collects distinct outcomes with their canonical moves: the first spelling generated for an
/// outcome is canonical, so generators yield spellings in canonical order.
pub(crate) struct MovesAndChildren<'a, P>(pub &'a mut Vec<(Move, P)>);

impl<P: PartialEq> Sink<P> for MovesAndChildren<'_, P> {
    fn push(&mut self, mv: impl FnOnce() -> Move, child: P) {
        if !self.0.iter().any(|(_, c)| *c == child) {
            self.0.push((mv(), child));
        }
    }
}

/// Finds the canonical spelling of one outcome: the move of the first outcome generated equal to
/// it, as [`MovesAndChildren`] would keep it, without building the other moves or a list.
pub(crate) struct Spelling<'a, P> {
    pub(crate) target: &'a P,
    pub(crate) found: Option<Move>,
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

/// The canonical spelling of `played`, a legal move from `pos` to `child`: the first spelling
/// generated of that outcome (README §6.2), found without listing every move, among the
/// outcomes that may equal it ([`Game::generate_rivals`]).
pub(crate) fn spelling<G: Game>(pos: &G, played: &Move, child: &G) -> Option<Move> {
    let mut s = Spelling {
        target: child,
        found: None,
    };
    pos.generate_rivals(played, &mut s);
    // The narrowed search finds what the search through every outcome finds.
    debug_assert_eq!(s.found, {
        let mut all = Spelling {
            target: child,
            found: None,
        };
        pos.generate(&mut all);
        all.found
    });
    s.found
}
