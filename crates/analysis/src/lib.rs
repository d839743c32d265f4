//! Analysis of mancala positions through the public API of `rules-core` (spec/analysis.md).
//!
//! * [`value`]: what a value is, the final margin of the round in seeds for the player to move,
//!   and the two conventions for endless play.
//! * [`search`]: iterative-deepening principal-variation search with a transposition table,
//!   for every game and option: [`search::analyse`].
//! * [`solve`]: retrograde analysis of every position reachable in a Bechi round without blocked
//!   holes (2×3, 2×4), slice by slice; [`db`]: the database file it writes, which the search
//!   can consult as an oracle.

pub mod annotate;
pub mod db;
pub mod eval;
pub mod proof;
pub mod search;
pub mod solve;
mod table;
pub mod value;
pub mod variation;

pub use search::{Analysis, Limits, Line, SearchOptions, analyse};
pub use value::{Convention, Outcome};
