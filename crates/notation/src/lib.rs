//! The mancala game notation (`spec/notation.md`): position strings, move tokens, records with
//! checkable annotations, a streaming reader, the canonical printer and the JSON form.
//!
//! * [`RecordReader`] splits any byte stream into one record's text at a time, in bounded memory;
//!   [`parse_record`] reads that text (nom, linear time, no panics) into a [`Record`] with the
//!   [`Spans`] of its parts.
//! * [`check`] replays a record with the rules core, checks every ply, round boundary, annotation
//!   and the result, and gives the canonical record; [`print_record`] writes it.
//! * A [`Record`] is also its JSON form (serde): `mancala convert` goes both ways.

mod annotation;
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
pub use check::{
    CheckOptions, Checked, Respelled, Step, check, check_with, is_lenient_only, match_end,
};
pub use json::{FromJson, read_json};
pub use parse::{Parsed, Spans, parse_record};
pub use position::{PositionError, parse_position, write_position};
pub use position_json::{POSITION_SCHEMA, position_from_json, position_to_json};
pub use printer::{WIDTH, escape_comment, escape_tag, print_record, round_marker};
pub use problem::{Problem, ProblemKind};
pub use reader::{Chunk, ChunkProblem, RecordReader};
pub use record::{Item, KNOWN_TAGS, Outcome, Record, VERSION, squeeze};
pub use render::{FindingJson, Location, Origin, locate, see};
