//! Tests of the rules core: the rule books' worked examples, perft suites checked against an
//! independent reference implementation, random complete matches, and setup checks.

mod bechi_examples;
mod giuthi_examples;
mod matches;
mod perft_suites;
mod properties;
mod redu_corpus;
mod redu_examples;
mod redu_matches;
mod setups;
mod sulus_nishtaw_examples;
mod support;
mod uugg_corpus;
mod uugg_examples;
mod uugg_matches;

use testkit::reference;
