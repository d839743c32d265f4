//! The mancala game notation (`spec/notation.md`): position strings, move tokens, records with
//! checkable annotations, a streaming reader, the canonical printer and the JSON form.
//!
//! * [`Records`] is the path from bytes to checked records: any byte stream, text or JSON lines
//!   (told apart by its first byte), read one record at a time in bounded memory, each record
//!   parsed and checked; every problem, unreadable bytes and records too large included, is a
//!   typed [`Problem`] located in its record. `mancala validate`, `replay` and `convert` read
//!   exactly this.
//! * Its parts: [`RecordReader`] splits a byte stream into one record's text at a time;
//!   [`parse_record`] reads that text (nom, linear time, no panics) into a [`Record`] with the
//!   [`Spans`] of its parts, [`read_json`] a JSON line; [`check_with`] replays a record with the
//!   rules core, checks every ply, round boundary, annotation and the result, and gives the
//!   canonical record, which [`print_record`] writes.
//! * A [`Record`] is also its JSON form (serde): `mancala convert` goes both ways.
//! * A position is also its JSON form ([`position_to_json`], [`position_from_json`]).
//!
//! Validate a file of records as `mancala validate` does, one record at a time, with its report:
//!
//! ```
//! use notation::{CheckOptions, Format, Records};
//!
//! let file = "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3B 2. 1A *\n\n\
//!             [Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 1A *\n";
//! let mut report = String::new();
//! let mut rules = Vec::new();
//! for entry in Records::new(file.as_bytes(), Format::Auto, CheckOptions::default()) {
//!     let entry = entry.expect("no I/O error reading a string");
//!     for problem in &entry.checked.problems {
//!         report.push_str(&entry.origin("games.mgn").render(problem));
//!         rules.push(problem.rule);
//!     }
//! }
//! // The first record is valid; in the second B plays from A's hole 1A, which B4 forbids.
//! assert_eq!(rules, [Some(rules_core::Rule::B4)]);
//! assert!(report.starts_with(
//!     "error[illegal-move]: illegal move 1A: 1A is not one of B's holes (B4); legal here: 1B 2B 3B 4B\n"
//! ));
//! assert!(report.contains(" --> games.mgn:11:4 (record 2, ply 1, token `1A`)\n"));
//! ```

mod annotation;
mod assessed;
mod assessment;
mod check;
mod form;
pub mod hints;
mod json;
mod parse;
mod position;
mod position_json;
mod printer;
mod problem;
pub mod reader;
mod record;
mod records;
mod render;
mod spans;
mod syntax;
pub mod text;

pub use annotation::{ANNOTATION_KEYS, Annotation, Lap};
pub use assessed::{Assessed, PlayerSummary, assessments, summary, variation_lines};
pub use assessment::{Eval, Judged, MISSED_WIN, Score, Sign};
pub use check::{
    CheckOptions, Checked, Respelled, SideLine, Step, Walked, check, check_with, match_end, spells,
};
pub use json::{FromJson, read_json};
pub use parse::{Parsed, parse_record};
pub use position::{PositionError, parse_position, write_position, write_view};
pub use position_json::{POSITION_SCHEMA, position_from_json, position_to_json, view_to_json};
pub use printer::{WIDTH, escape_comment, escape_tag, print_record, round_marker};
pub use problem::{Cause, Problem, ProblemKind};
pub use reader::{Chunk, ChunkProblem, RecordReader};
pub use record::{
    Item, KNOWN_TAGS, MAX_RECORD_PLIES, MAX_VARIATION_DEPTH, Outcome, Record, STANDARD_VERSION,
    VARIATIONS_VERSION, VERSION, has_variations_version, squeeze,
};
pub use records::{Entry, Format, Records};
pub use render::{FindingJson, Location, Origin, locate, see};
pub use spans::Spans;
