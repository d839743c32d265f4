//! Tests of `crates/analysis`: values worked by hand, the search against an independent
//! retrograde solver of whole positions in every game (with one thread and with two), the
//! limits, the progress of a player who follows the best moves, the Bechi solver against the
//! search, the Bechi match,
//! strength matches (their interval arithmetic and tiny matches), and the toy sixth game of
//! rules-core analysed by the shared code alone.

mod agree;
mod bounds;
mod endgame;
mod forgery;
mod hand;
mod hashed;
mod indexed;
mod limits;
mod matches;
mod progress;
mod proof;
mod reference;
mod results;
mod solve;
mod strength;
mod support;
mod threads;
mod toy;
