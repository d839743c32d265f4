//! Inputs of validate, replay and convert: files or standard input, read one record at a time,
//! each record parsed and checked on its own.

use crate::cli::FromFormat;
use crate::exit::{CliError, io_message};
use notation::{
    CheckOptions, Checked, ChunkProblem, Origin, Problem, ProblemKind, Record, RecordReader,
};
use std::fs::File;
use std::io::{self, BufRead, BufReader};

/// The inputs named on the command line, a folder standing for the record files under it
/// (`folders`); none means standard input.
pub fn names(files: &[String]) -> Vec<String> {
    if files.is_empty() {
        vec!["-".to_owned()]
    } else {
        crate::folders::expand(files)
    }
}

/// The name shown for an input.
pub fn display(name: &str) -> &str {
    if name == "-" { "<stdin>" } else { name }
}

/// [`open`] for a command that reads many files and goes on past one it cannot open: the error
/// is reported on stderr and `failed` set, so that the run ends with status 2 (I/O error) after
/// reading the others.
pub fn open_or_report(name: &str, failed: &mut bool) -> Option<Box<dyn BufRead>> {
    match open(name) {
        Ok(reader) => Some(reader),
        Err(e) => {
            crate::diag::error(&e);
            *failed = true;
            None
        }
    }
}

/// Opens an input.
pub fn open(name: &str) -> Result<Box<dyn BufRead>, String> {
    if name == "-" {
        return Ok(Box::new(BufReader::with_capacity(1 << 16, io::stdin())));
    }
    File::open(name)
        .map(|f| Box::new(BufReader::with_capacity(1 << 16, f)) as Box<dyn BufRead>)
        .map_err(|e| format!("cannot read {name}: {}", io_message(&e)))
}

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

fn is_json(reader: &mut dyn BufRead) -> io::Result<bool> {
    let buf = reader.fill_buf()?;
    let buf = buf.strip_prefix(&[0xEF, 0xBB, 0xBF][..]).unwrap_or(buf);
    Ok(buf
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'{'))
}

/// Reads every record of one input and hands each, checked, to `f`.
pub fn each_record(
    name: &str,
    mut reader: Box<dyn BufRead>,
    from: FromFormat,
    opts: CheckOptions,
    mut f: impl FnMut(Unit) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let file = display(name).to_owned();
    let json = match from {
        FromFormat::Json => true,
        FromFormat::Notation => false,
        FromFormat::Auto => is_json(&mut *reader)
            .map_err(|e| CliError::Io(format!("cannot read {file}: {}", io_message(&e))))?,
    };
    if json {
        return each_json(&file, reader, opts, f);
    }
    let chunks = RecordReader::new(reader);
    for chunk in chunks {
        let chunk =
            chunk.map_err(|e| CliError::Io(format!("cannot read {file}: {}", io_message(&e))))?;
        let mut unit = Unit {
            file: file.clone(),
            index: chunk.index,
            first_line: chunk.first_line,
            text: None,
            record: None,
            checked: Checked::default(),
        };
        match chunk.problem {
            Some(ChunkProblem::Utf8 { line, column }) => {
                let mut p = Problem::new(
                    ProblemKind::Encoding,
                    None,
                    format!(
                        "expected UTF-8 text, found a byte that is not UTF-8 (line {line}, byte {column} of the line): the record cannot be read (spec/notation.md §2.1)"
                    ),
                );
                p.at = Some((line, column));
                unit.checked.problems.push(p);
            }
            Some(ChunkProblem::TooLarge { limit }) => {
                unit.checked.problems.push(Problem::new(
                    ProblemKind::TooLarge,
                    None,
                    format!(
                        "expected a record of at most {limit} bytes, found a longer one: it was skipped up to the next record (spec/notation.md §3.5)"
                    ),
                ));
            }
            None => {
                match notation::parse_record(&chunk.text) {
                    Err(problems) => unit.checked.problems = problems,
                    Ok(parsed) => {
                        unit.checked =
                            notation::check_with(&parsed.record, Some(&parsed.spans), opts);
                        unit.record = Some(parsed.record);
                    }
                }
                unit.text = Some(chunk.text);
            }
        }
        f(unit)?;
    }
    Ok(())
}

/// Reads one line of `reader` into `buf` (without its line end), keeping at most `cap` bytes and
/// skipping the rest. `None` at the end of the input, else whether the line was longer than `cap`.
fn read_line_bounded(
    reader: &mut dyn BufRead,
    buf: &mut Vec<u8>,
    cap: usize,
) -> io::Result<Option<bool>> {
    buf.clear();
    let (mut any, mut over) = (false, false);
    loop {
        let avail = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            break;
        }
        any = true;
        let (part, used, end) = match avail.iter().position(|&b| b == b'\n') {
            Some(k) => (&avail[..k], k + 1, true),
            None => (avail, avail.len(), false),
        };
        let room = cap.saturating_sub(buf.len());
        over |= part.len() > room;
        buf.extend_from_slice(&part[..part.len().min(room)]);
        reader.consume(used);
        if end {
            break;
        }
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(any.then_some(over))
}

/// JSON lines: one record per line. Each line is read in bounded memory (at most
/// [`notation::reader::MAX_RECORD`] bytes, like a record of notation); a line that is too long or
/// not UTF-8 is one invalid record, and the next lines are read normally.
fn each_json(
    file: &str,
    mut reader: Box<dyn BufRead>,
    opts: CheckOptions,
    mut f: impl FnMut(Unit) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let limit = notation::reader::MAX_RECORD;
    let mut index = 0;
    let mut n = 0;
    let mut raw = Vec::new();
    loop {
        let over = match read_line_bounded(&mut *reader, &mut raw, limit + 1) {
            Ok(None) => break,
            Ok(Some(over)) => over,
            Err(e) => {
                return Err(CliError::Io(format!(
                    "cannot read {file}: {}",
                    io_message(&e)
                )));
            }
        };
        n += 1;
        if n == 1 && raw.starts_with(&[0xEF, 0xBB, 0xBF]) {
            raw.drain(..3);
        }
        if !over && raw.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        index += 1;
        let mut unit = Unit {
            file: file.to_owned(),
            index,
            first_line: n,
            text: None,
            record: None,
            checked: Checked::default(),
        };
        if over || raw.len() > limit {
            unit.checked.problems.push(Problem::new(
                ProblemKind::TooLarge,
                None,
                format!(
                    "expected a JSON record line of at most {limit} bytes, found a longer one: it was skipped up to the next line (spec/notation.md §3.5, §7)"
                ),
            ));
            f(unit)?;
            continue;
        }
        let line = match std::str::from_utf8(&raw) {
            Ok(line) => line.to_owned(),
            Err(e) => {
                let column = e.valid_up_to() + 1;
                let mut p = Problem::new(
                    ProblemKind::Encoding,
                    None,
                    format!(
                        "expected UTF-8 text, found a byte that is not UTF-8 (line {n}, byte {column} of the line): the record cannot be read (spec/notation.md §2.1)"
                    ),
                );
                p.at = Some((n, column));
                unit.checked.problems.push(p);
                f(unit)?;
                continue;
            }
        };
        match notation::read_json(&line) {
            Err(e) => {
                let at = line
                    .char_indices()
                    .nth(e.column().saturating_sub(1))
                    .map_or(line.len(), |(k, _)| k);
                unit.checked.problems.push(Problem::new(
                    ProblemKind::Syntax,
                    Some(at..at + 1),
                    format!("not a JSON record (spec/notation.md §7): {e}"),
                ));
                unit.text = Some(line);
            }
            Ok(read) => {
                if read.problems.is_empty() {
                    unit.checked = notation::check_with(&read.record, None, opts);
                } else {
                    unit.checked.problems = read.problems;
                }
                unit.record = Some(read.record);
            }
        }
        f(unit)?;
    }
    Ok(())
}
