//! Tests of `crates/analysis`: values worked by hand, the search against an independent
//! retrograde solver of whole positions in every game, the Bechi solver against the search, and
//! the Bechi match.

mod agree;
mod hand;
mod matches;
mod proof;
mod reference;
mod results;
mod solve;
mod support;
