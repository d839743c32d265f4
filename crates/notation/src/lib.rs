//! The mancala game notation (`spec/notation.md`): position strings now; records, move tokens and
//! annotations as the standard grows.

mod moves;
mod position;
pub mod suite;
mod syntax;

pub use moves::{TokenError, expected_tokens, parse_move};
pub use position::{PositionError, parse_position, write_position};
