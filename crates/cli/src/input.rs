//! Inputs of validate, replay and convert: files or standard input, read one record at a time,
//! each record parsed and checked on its own.

use crate::cli::From;
use crate::exit::CliError;
use notation::{Checked, ChunkProblem, Origin, Problem, ProblemKind, Record, RecordReader};
use std::fs::File;
use std::io::{self, BufRead, BufReader};

/// The inputs named on the command line; none means standard input.
pub fn names(files: &[String]) -> Vec<String> {
    if files.is_empty() {
        vec!["-".to_owned()]
    } else {
        files.to_vec()
    }
}

/// The name shown for an input.
pub fn display(name: &str) -> &str {
    if name == "-" { "<stdin>" } else { name }
}

/// Opens an input.
pub fn open(name: &str) -> Result<Box<dyn BufRead>, String> {
    if name == "-" {
        return Ok(Box::new(BufReader::with_capacity(1 << 16, io::stdin())));
    }
    File::open(name)
        .map(|f| Box::new(BufReader::with_capacity(1 << 16, f)) as Box<dyn BufRead>)
        .map_err(|e| format!("{name}: {e}"))
}

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
    from: From,
    steps: bool,
    lenient: bool,
    mut f: impl FnMut(Unit) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let file = display(name).to_owned();
    let json = match from {
        From::Json => true,
        From::Notation => false,
        From::Auto => is_json(&mut *reader).map_err(|e| CliError::Io(format!("{file}: {e}")))?,
    };
    if json {
        return each_json(&file, reader, steps, lenient, f);
    }
    let chunks = RecordReader::new(reader);
    for chunk in chunks {
        let chunk = chunk.map_err(|e| CliError::Io(format!("{file}: {e}")))?;
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
                        unit.checked = notation::check_with(
                            &parsed.record,
                            Some(&parsed.spans),
                            steps,
                            lenient,
                        );
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

fn each_json(
    file: &str,
    reader: Box<dyn BufRead>,
    steps: bool,
    lenient: bool,
    mut f: impl FnMut(Unit) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let mut index = 0;
    for (n, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| CliError::Io(format!("{file}: {e}")))?;
        let line = if n == 0 {
            line.trim_start_matches('\u{feff}').to_owned()
        } else {
            line
        };
        if line.trim().is_empty() {
            continue;
        }
        index += 1;
        let mut unit = Unit {
            file: file.to_owned(),
            index,
            first_line: n + 1,
            text: None,
            record: None,
            checked: Checked::default(),
        };
        match serde_json::from_str::<Record>(&line) {
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
            Ok(record) => {
                unit.checked = notation::check_with(&record, None, steps, lenient);
                unit.record = Some(record);
            }
        }
        f(unit)?;
    }
    Ok(())
}
