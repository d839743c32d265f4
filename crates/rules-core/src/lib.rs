//! The rules of five mancala games, exactly as `rules/` rules them: Bechi, Giuthi, Sulus Nishtaw,
//! Uugg and Redu.
//!
//! * [`Setup`] is an unchecked description of a position; [`Position::from_setup`] checks it and
//!   names every reason it is not a position of its game.
//! * [`Position`] is one enum over the games. [`Position::legal_moves`] gives each distinct outcome
//!   once, in its canonical spelling (rules README §6.2); [`Position::play`] accepts any legal
//!   spelling, returns the canonical one with a [`Trace`] of what happened, and rejects an illegal
//!   move with the rule that forbids it.
//! * Rounds end and are scored by [`Position::round_result`]; [`Position::after_round`] sets up the
//!   next round from a player's [`Decision`], or ends the match.
//! * [`Position::perft`] and [`Position::perft_divide`] count move paths (README §6.3).

mod games;
mod geometry;
mod moves;
mod options;
mod perft;
mod player;
mod position;
pub mod prose;
mod round;
mod setup;
mod sowing;
mod trace;

pub use games::{
    bechi::Bechi, giuthi::Giuthi, redu::Redu, sulus_nishtaw::SulusNishtaw, uugg::Uugg,
};
pub use geometry::{Geometry, Hole, HoleSet, MAX_HOLES, ParseHoleError};
pub use moves::{Letter, Letters, Move, ReduSow, TokenError};
pub use options::{
    Balla, BechiOptions, ClaimsScoreTo, Entry, GameKind, GiuthiOptions, OptionError, ReduOptions,
    StatedOptions, SulusOptions, UnknownGame, UuggOptions, Variant,
};
pub use perft::{COUNT_MAX, PerftOptions, Progress, TableError};
pub use player::{Dir, Player};
pub use position::{PlayError, Played, Position, Status};
pub use round::{AfterRound, Decision, DecisionRequest, MatchResult, RoundError, RoundResult};
pub use setup::{Mark, MarkKind, Right, RightKind, Setup, SetupError, SetupProblem};
pub use sowing::TRACED_LAPS;
pub use trace::{Event, NoTrace, Rule, Trace, Tracer};
