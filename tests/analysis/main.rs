//! Tests of `crates/analysis`: values worked by hand, the search against an independent
//! retrograde solver of whole positions in every game, and the Bechi solver against the search.

mod agree;
mod hand;
mod hashed;
mod proof;
mod reference;
mod results;
mod solve;
mod support;
