//! Bytes to checked records, one at a time, in bounded memory: what `mancala validate` reads
//! (notation or JSON lines, detected by the first character; a record over 1 MiB or not UTF-8
//! is one invalid record and reading goes on), which is the library's `notation::Records`.

use notation::{CheckOptions, Format, Problem, Record, Records};
use std::io::{self, BufRead};

/// An input's bytes.
pub type Input = Box<dyn BufRead + Send>;

/// One record of an input, read and checked.
pub type Unit = notation::Entry;

/// The records of one input.
pub struct Units(Records<Input>);

impl Units {
    /// Reads `input`; `json` says its form, `None` detects it.
    pub fn new(input: Input, json: Option<bool>, lenient: bool) -> io::Result<Units> {
        let format = match json {
            Some(true) => Format::Json,
            Some(false) => Format::Notation,
            None => Format::Auto,
        };
        let opts = CheckOptions {
            lenient,
            ..CheckOptions::default()
        };
        Ok(Units(Records::new(input, format, opts)))
    }

    /// The next record, checked; `None` at the end.
    pub fn next_unit(&mut self) -> io::Result<Option<Unit>> {
        self.0.next().transpose()
    }
}

/// The record in canonical form, when it is valid (checked again, with the canonical record).
pub fn canonical(record: &Record, lenient: bool) -> Result<Record, Vec<Problem>> {
    let checked = notation::check_with(
        record,
        None,
        CheckOptions {
            steps: false,
            canonical: true,
            lenient,
        },
    );
    match checked.canonical {
        Some(c) if checked.problems.is_empty() => Ok(c),
        _ => Err(checked.problems),
    }
}
