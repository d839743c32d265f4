//! Analysis of mancala positions through the public API of `rules-core` (spec/analysis.md).
//!
//! * [`value`]: what a value is, the final margin of the round in seeds for the player to move,
//!   and the two conventions for endless play.
//! * [`search`]: iterative-deepening principal-variation search with a transposition table
//!   shared by its threads, for every game and option: [`search::analyse`], or an [`Engine`]
//!   that keeps its table from one position to the next; [`Engine::analyse_after`] analyses a
//!   position of a game, the positions played before it being repetitions, of which
//!   [`history::repeatable`] picks those play can come back to.
//! * [`solve`]: retrograde analysis of every position reachable from given Bechi positions (the
//!   whole first round of 2×3 and 2×4), slice by slice over indexed boards; [`db`]: the database
//!   file it writes, which the search consults as an oracle.
//! * [`matches`](mod@matches): the whole Bechi match (B13–B17) solved, every state between two rounds, by
//!   attractors over every position of every round start or by searches of the round starts.
//! * [`strength`]: strength measured (`cargo xtask match`, not the match above): the search
//!   against itself at two limits, or against a random mover, over seeded openings with colours
//!   swapped, the score with its error bar, and the games that repeat a position three times.

pub mod annotate;
pub mod db;
pub mod endgame;
pub mod eval;
pub mod history;
pub mod matches;
pub mod proof;
pub mod search;
pub mod solve;
pub mod strength;
mod table;
pub mod value;
pub mod variation;

pub use search::{
    Analysis, Bounds, Engine, Limits, Line, Progress, SearchError, SearchOptions, Unfinished,
    analyse,
};
pub use value::{Convention, Outcome};
