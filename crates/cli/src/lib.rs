//! `mancala`: validate, replay, convert and count games of five mancala games. The command is
//! `main.rs`; its parts live here, as a library, so that the fuzz targets (`fuzz/`) and the tests
//! reach the writers of its output (the SVG pictures, the text for people) as they are.
//!
//! Exit status (every command): 0 when everything given is valid, 1 when some input is invalid
//! (a record, or a `--position`), 2 for a usage or I/O error, 101 for an internal error (a bug).
//! Data goes to stdout, diagnostics to stderr (`diag`, never `eprintln!`, which panics when
//! stderr is closed); a closed stdout ends the program quietly, with status 0.
#![deny(clippy::print_stderr, clippy::print_stdout)]

pub mod cli;
pub mod commands;
pub mod inputs;
pub mod outputs;
pub mod printers;
