//! The mancala game notation (`spec/notation.md`): position strings, move tokens, records with
//! checkable annotations, a streaming reader, the canonical printer and the JSON form.
//!
//! * [`RecordReader`] splits any byte stream into one record's text at a time, in bounded memory;
//!   [`parse_record`] reads that text (nom, linear time, no panics) into a [`Record`] with the
//!   [`Spans`] of its parts.
//! * [`check`] replays a record with the rules core, checks every ply, round boundary, annotation
//!   and the result, and gives the canonical record; [`print_record`] writes it.
//! * A [`Record`] is also its JSON form (serde): `mancala convert` goes both ways.
//! * A position is also its JSON form ([`position_to_json`], [`position_from_json`]).
//!
//! Read a file of records, one at a time, and validate each:
//!
//! ```
//! use notation::{RecordReader, check, parse_record};
//!
//! let file = "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3B 2. 1A *\n\n\
//!             [Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 1A *\n";
//! let mut verdicts = Vec::new();
//! for chunk in RecordReader::new(file.as_bytes()) {
//!     let chunk = chunk.expect("readable");
//!     let parsed = parse_record(&chunk.text).expect("well-formed");
//!     let checked = check(&parsed.record, Some(&parsed.spans), false);
//!     verdicts.push(checked.problems.iter().map(|p| p.rule.clone()).collect::<Vec<_>>());
//! }
//! // The first is valid; in the second B plays from A's hole 1A, which B4 forbids.
//! assert!(verdicts[0].is_empty());
//! assert_eq!(verdicts[1], [Some("B4")]);
//! ```

mod annotation;
mod assessed;
mod assessment;
pub mod check;
mod form;
mod json;
mod parse;
mod position;
mod position_json;
mod printer;
mod problem;
pub mod reader;
mod record;
mod render;
mod syntax;
pub mod text;

pub use annotation::{ANNOTATION_KEYS, Annotation, Lap};
pub use assessed::{Assessed, PlayerSummary, assessments, summary, variation_lines};
pub use assessment::{Eval, Judged, MISSED_WIN, Score, Sign};
pub use check::{
    CheckOptions, Checked, Respelled, SideLine, Step, Walked, check, check_with, is_lenient_only,
    match_end, spells,
};
pub use json::{FromJson, read_json};
pub use parse::{Parsed, Spans, parse_record};
pub use position::{PositionError, parse_position, write_position};
pub use position_json::{POSITION_SCHEMA, position_from_json, position_to_json};
pub use printer::{WIDTH, escape_comment, escape_tag, print_record, round_marker};
pub use problem::{Problem, ProblemKind};
pub use reader::{Chunk, ChunkProblem, RecordReader};
pub use record::{
    Item, KNOWN_TAGS, MAX_VARIATION_DEPTH, Outcome, Record, VARIATIONS_VERSION, VERSION,
    has_variations_version, squeeze,
};
pub use render::{FindingJson, Location, Origin, locate, see};
