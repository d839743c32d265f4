//! `mancala`: validate, replay, convert and count games of five mancala games. The command is
//! `main.rs`; its parts live here, as a library, so that the fuzz targets (`fuzz/`) and the tests
//! reach the writers of its output (the SVG pictures, the text for people) as they are.
//!
//! Exit status (every command): 0 when everything given is valid, 1 when some input is invalid
//! (a record, or a `--position`), 2 for a usage or I/O error, 101 for an internal error (a bug).
//! Data goes to stdout, diagnostics to stderr (`diag`, never `eprintln!`, which panics when
//! stderr is closed); a closed stdout ends the program quietly, with status 0.
#![deny(clippy::print_stderr, clippy::print_stdout)]

pub mod analyse_cmd;
pub mod annotate_cmd;
pub(crate) mod atomic;
pub mod batch;
pub mod board;
pub mod check_proof_cmd;
pub mod cli;
pub mod collection;
pub mod convert;
pub mod diag;
pub mod endgame_table;
pub mod exit;
pub mod explain;
pub mod files;
pub mod folders;
pub mod game_args;
pub mod generate;
pub mod html;
pub mod input;
pub mod input_path;
pub mod match_cmd;
pub mod option_args;
pub mod output;
pub mod perft;
pub mod pictures;
pub mod played;
pub mod position_cmd;
pub mod position_input;
pub mod proof_out;
pub mod replay;
pub mod rules_cmd;
pub mod serve_cmd;
pub mod skeleton;
pub mod solve_cmd;
pub mod solve_verify;
pub mod style;
pub use diagram as svg;
pub mod validate;
