//! Inputs of validate, replay and convert: files or standard input, read one record at a time,
//! each record parsed and checked on its own.

use crate::cli::FromFormat;
use crate::outputs::exit::{CliError, io_message};
use notation::{CheckOptions, Checked, Entry, Format, Origin, Record, Records};
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal};
use std::path::PathBuf;

pub use crate::inputs::path::Input;

/// The inputs named on the command line, a folder standing for the record files under it
/// (`folders`); none means standard input.
pub fn names(files: &[PathBuf]) -> Vec<Input> {
    if files.is_empty() {
        vec![Input::stdin()]
    } else {
        crate::inputs::folders::expand(files)
    }
}

/// The name shown for an input.
pub fn display(name: &str) -> &str {
    if name == "-" { "<stdin>" } else { name }
}

/// [`open`] for a command that reads many files and goes on past one it cannot open: the error
/// is reported on stderr and `failed` set, so that the run ends with status 2 (I/O error) after
/// reading the others.
pub fn open_or_report(input: &Input, failed: &mut bool) -> Option<Box<dyn BufRead>> {
    match open(input) {
        Ok(reader) => Some(reader),
        Err(e) => {
            crate::outputs::diag::error(&e);
            *failed = true;
            None
        }
    }
}

/// Opens an input. Standard input at a terminal is read as any other, after a note on stderr
/// that says so (issue 37.5: `mancala validate` with no file waited without a word); in a pipe,
/// nothing is said.
pub fn open(input: &Input) -> Result<Box<dyn BufRead>, String> {
    if let Some(why) = input.refusal() {
        return Err(format!("cannot read {}: {why}", input.name()));
    }
    if input.path().as_os_str() == "-" {
        let stdin = io::stdin();
        if stdin.is_terminal() {
            crate::outputs::diag::note(AT_A_TERMINAL);
        }
        return Ok(Box::new(BufReader::with_capacity(1 << 16, stdin)));
    }
    File::open(input.path())
        .map(|f| Box::new(BufReader::with_capacity(1 << 16, f)) as Box<dyn BufRead>)
        .map_err(|e| format!("cannot read {}: {}", input.name(), io_message(&e)))
}

/// The note for records read from a terminal.
const AT_A_TERMINAL: &str = "reading records from standard input, the terminal: type or paste them, then Ctrl-D on a line of its own to end (or give a FILE)";

/// `validate`: the problems only.
pub const CHECK_ONLY: CheckOptions = CheckOptions {
    steps: false,
    canonical: false,
    lenient: false,
};
/// `convert`: the canonical record.
pub const CANONICAL: CheckOptions = CheckOptions {
    steps: false,
    canonical: true,
    lenient: false,
};
/// `replay`: every step, with canonical tokens.
pub const REPLAY: CheckOptions = CheckOptions {
    steps: true,
    canonical: true,
    lenient: false,
};

/// One record of an input, read and checked.
pub struct Unit {
    /// The input's display name.
    pub file: String,
    /// The record's index in its input, from 1.
    pub index: usize,
    /// The line where it starts.
    pub first_line: usize,
    /// Its text, when read from notation (or the JSON line).
    pub text: Option<String>,
    /// The record, when it could be read.
    pub record: Option<Record>,
    /// What checking found; parse problems included.
    pub checked: Checked,
}

impl Unit {
    /// The record `entry` of the input shown as `file`.
    pub fn new(file: &str, entry: Entry) -> Unit {
        Unit {
            file: file.to_owned(),
            index: entry.index,
            first_line: entry.first_line,
            text: entry.text,
            record: entry.record,
            checked: entry.checked,
        }
    }

    pub fn origin(&self) -> Origin<'_> {
        Origin {
            file: &self.file,
            record: self.index,
            first_line: self.first_line,
            text: self.text.as_deref(),
        }
    }

    /// The input's name as a terminal shows it (`notation::text::for_terminal`).
    pub fn shown_file(&self) -> std::borrow::Cow<'_, str> {
        notation::text::for_terminal(&self.file)
    }

    pub fn valid(&self) -> bool {
        self.checked.problems.is_empty()
    }
}

/// Reads every record of one input and hands each, checked, to `f`.
pub fn each_record(
    name: &str,
    reader: Box<dyn BufRead>,
    from: FromFormat,
    opts: CheckOptions,
    mut f: impl FnMut(Unit) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let file = display(name).to_owned();
    let format = match from {
        FromFormat::Auto => Format::Auto,
        FromFormat::Notation => Format::Notation,
        FromFormat::Json => Format::Json,
    };
    for entry in Records::new(reader, format, opts) {
        let entry =
            entry.map_err(|e| CliError::Io(format!("cannot read {file}: {}", io_message(&e))))?;
        f(Unit::new(&file, entry))?;
    }
    Ok(())
}
