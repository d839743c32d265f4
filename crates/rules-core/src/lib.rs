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
//! * [`Position::view`] reads a position (its seeds, stores, owners and marks) without copying
//!   it; [`Position::settled`] and [`Variant::table_key`] say what a game has settled for an
//!   analysis's bounds and endgame tables.
//!
//! Play moves from the start of a game, then count perft:
//!
//! ```
//! use rules_core::{GameKind, Move, PlayOptions, Player, Position, Variant};
//!
//! // Bechi with its default options (2x4 holes, six seeds each), B opening.
//! let mut pos = Position::start(Variant::default_for(GameKind::Bechi), Player::B);
//! assert_eq!(pos.legal_moves().len(), 4);
//! for token in ["3B", "1A"] {
//!     let mv = Move::parse(GameKind::Bechi, token).expect("a Bechi move token");
//!     let played = pos.play(&mv, PlayOptions::FULL).expect("a legal move");
//!     assert!(played.trace.captured().iter().all(|&c| c == 0));
//!     pos = played.position;
//! }
//! assert_eq!(pos.to_move(), Player::B);
//! // An illegal move names the rule that forbids it: 1A is not one of B's holes (B4).
//! let err = pos.play(&Move::parse(GameKind::Bechi, "1A").unwrap(), PlayOptions::FULL).unwrap_err();
//! assert_eq!(err.rule, rules_core::Rule::B4);
//! // perft(1) is the number of legal moves; perft counts every path to its depth.
//! assert_eq!(pos.perft(1), pos.legal_moves().len() as u128);
//! assert!(pos.perft(3) > pos.perft(2));
//! ```

mod game;
pub mod games;
mod geometry;
pub mod interrupt;
mod limits;
mod marks;
mod moves;
pub mod notes;
mod options;
mod perft;
mod player;
mod position;
pub mod prose;
mod round;
mod rule;
mod settled;
mod setup;
mod sowing;
pub mod suggest;
mod trace;
mod variant;
mod view;

pub use game::{Game, Illegal, Sink};
pub use games::bechi::{Bechi, BechiOptions};
pub use games::giuthi::{Giuthi, GiuthiOptions};
pub use games::redu::{Entry, Redu, ReduOptions};
pub use games::sulus_nishtaw::{ClaimsScoreTo, SulusNishtaw, SulusOptions};
pub use games::uugg::{Balla, Uugg, UuggOptions};
pub use geometry::{Geometry, Hole, HoleSet, MAX_HOLES, ParseHoleError};
pub use interrupt::{Interruptible, Uncut};
pub use limits::MAX_ROUND;
pub use marks::{Mark, MarkKind, Right, RightKind};
pub use moves::{FormError, Letter, Letters, Move, ReduSow, TokenError, Tokens};
pub use options::GameOptions;
pub use perft::{COUNT_MAX, PerftOptions, Progress, TableError};
pub use player::{Dir, Player};
pub use position::{PlayError, PlayOptions, Played, Position, Status};
pub use round::{AfterRound, Decision, DecisionRequest, MatchResult, RoundError, RoundResult};
pub use rule::{Rule, UnknownRule};
pub use settled::{Settled, TableKey};
pub use setup::{Setup, SetupError, SetupProblem};
pub use sowing::TRACED_LAPS;
pub use trace::{CaptureKind, Event, LapKind, NoTrace, Trace, Tracer};
pub use variant::{GameKind, OptionError, StatedOptions, UnknownGame, Variant};
pub use view::View;
