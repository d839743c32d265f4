//! Inputs of validate, replay and convert: files or standard input, read one record at a time,
//! each record parsed and checked on its own.

use crate::cli::FromFormat;
use crate::outputs::exit::{CliError, io_message};
use notation::{CheckOptions, Entry, Format, Origin, Records};
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

/// One record of an input, read and checked: the pipeline's [`Entry`] and what it lacks, the
/// name of the input it was read from (for messages, and the origin of its problems).
pub struct Unit {
    /// The input's display name.
    pub file: String,
    /// The record as the pipeline gives it.
    pub entry: Entry,
}

/// A record's fields are the entry's: `u.checked`, `u.index`, `u.valid()`.
impl std::ops::Deref for Unit {
    type Target = Entry;

    fn deref(&self) -> &Entry {
        &self.entry
    }
}

impl Unit {
    /// Where its problems are: the entry's origin in its input.
    pub fn origin(&self) -> Origin<'_> {
        self.entry.origin(&self.file)
    }

    /// The input's name as a terminal shows it (`notation::text::for_terminal`).
    pub fn shown_file(&self) -> std::borrow::Cow<'_, str> {
        notation::text::for_terminal(&self.file)
    }
}

/// The records of one input, each read and checked, named after the input; a failure to read
/// the input part way is an I/O error (`CliError::Io`), after which nothing more is read.
fn units(
    name: &str,
    reader: Box<dyn BufRead>,
    from: FromFormat,
    opts: CheckOptions,
) -> impl Iterator<Item = Result<Unit, CliError>> {
    let file = display(name).to_owned();
    let format = match from {
        FromFormat::Auto => Format::Auto,
        FromFormat::Notation => Format::Notation,
        FromFormat::Json => Format::Json,
    };
    Records::new(reader, format, opts).map(move |entry| match entry {
        Ok(entry) => Ok(Unit {
            file: file.clone(),
            entry,
        }),
        Err(e) => Err(CliError::Io(format!(
            "cannot read {file}: {}",
            io_message(&e)
        ))),
    })
}

/// Reads every record of one input and hands each, checked, to `f`: for a command that reads
/// one input (`explain`, `replay --html`, `replay --svg` file by file). A failure to read it part
/// way is an I/O error; [`each_record_of`] reads the inputs of a command line and goes on past it.
pub fn each_record(
    name: &str,
    reader: Box<dyn BufRead>,
    from: FromFormat,
    opts: CheckOptions,
    mut f: impl FnMut(Unit) -> Result<(), CliError>,
) -> Result<(), CliError> {
    for unit in units(name, reader, from, opts) {
        f(unit?)?;
    }
    Ok(())
}

/// The one loop of the commands that read the record FILEs of their command line (`validate`,
/// `convert`, `replay`, `annotate`, `collection`): every record of every input (folders expanded,
/// none meaning standard input), one input after the other, checked with `opts` and handed to
/// `f`. An input that cannot be opened, or whose reading fails part way, is reported on stderr
/// and the next one read; the answer is whether any was, so that the run ends with status 2 after
/// reading the others. An error of `f` (writing its output) ends the loop.
pub fn each_record_of(
    files: &[PathBuf],
    from: FromFormat,
    opts: CheckOptions,
    mut f: impl FnMut(Unit) -> Result<(), CliError>,
) -> Result<bool, CliError> {
    let mut failed = false;
    for input in names(files) {
        let Some(reader) = open_or_report(&input, &mut failed) else {
            continue;
        };
        for unit in units(input.name(), reader, from, opts) {
            match unit {
                Ok(u) => f(u)?,
                Err(e) => {
                    crate::outputs::diag::error(&e);
                    failed = true;
                    break;
                }
            }
        }
    }
    Ok(failed)
}
