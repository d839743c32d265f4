//! The `mancala` command, end to end: the corpus under snapshots (validate, replay, convert), round
//! trips through the canonical form and JSON, the rule-book annotations, the spec's examples, exit
//! codes, standard input and broken pipes.

mod analysis;
#[cfg(target_os = "linux")]
mod browser;
mod collections;
mod corpus;
mod database;
mod docs;
#[cfg(target_os = "linux")]
mod endless;
mod fuzz_regressions;
mod hardening;
mod history;
mod html;
mod json_forms;
mod limits;
mod matches;
mod newcomer;
mod options;
mod outputs;
mod perft;
mod proofs;
mod redu_notation;
mod roundtrip;
mod rules;
mod scripting;
mod search_limits;
mod serve;
mod serve_browser;
mod spec_examples;
mod spelling;
mod sulus_nishtaw_notation;
mod support;
mod tool;
#[cfg(target_os = "linux")]
mod webdriver;
