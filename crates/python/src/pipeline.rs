//! Bytes to checked records, one at a time, in bounded memory: what `mancala validate` reads
//! (notation or JSON lines, detected by the first character; a record over 1 MiB or not UTF-8
//! is one invalid record and reading goes on). The only place the package cuts and checks
//! records: when `notation::Records` offers this pipeline in the library, this module becomes a
//! call to it.

use notation::{CheckOptions, Checked, ChunkProblem, Problem, ProblemKind, Record, RecordReader};
use std::io::{self, BufRead};

/// An input's bytes.
pub type Input = Box<dyn BufRead + Send>;

/// One record of an input, read and checked.
pub struct Unit {
    /// The record's index in its input, from 1.
    pub index: usize,
    /// The line where it starts.
    pub first_line: usize,
    /// Its text (notation, or the JSON line), when it is text.
    pub text: Option<String>,
    /// The record, when it reads.
    pub record: Option<Record>,
    /// What checking found.
    pub checked: Checked,
}

enum Form {
    Notation(RecordReader<Input>),
    Json {
        input: Input,
        line: usize,
        index: usize,
    },
}

/// The records of one input.
pub struct Units {
    form: Form,
    opts: CheckOptions,
}

/// Whether an input holds JSON lines: its first character that is not white space is `{`.
fn is_json(input: &mut Input) -> io::Result<bool> {
    let buf = input.fill_buf()?;
    let buf = buf.strip_prefix(&[0xEF, 0xBB, 0xBF][..]).unwrap_or(buf);
    Ok(buf
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'{'))
}

impl Units {
    /// Reads `input`; `json` says its form, `None` detects it.
    pub fn new(mut input: Input, json: Option<bool>, lenient: bool) -> io::Result<Units> {
        let json = match json {
            Some(j) => j,
            None => is_json(&mut input)?,
        };
        let form = if json {
            Form::Json {
                input,
                line: 0,
                index: 0,
            }
        } else {
            Form::Notation(RecordReader::new(input))
        };
        Ok(Units {
            form,
            opts: CheckOptions {
                steps: false,
                canonical: false,
                lenient,
            },
        })
    }

    /// The next record, checked; `None` at the end.
    pub fn next_unit(&mut self) -> io::Result<Option<Unit>> {
        let opts = self.opts;
        match &mut self.form {
            Form::Notation(reader) => reader.next().transpose().map(|c| c.map(|c| chunk(c, opts))),
            Form::Json { input, line, index } => json_line(input, line, index, opts),
        }
    }
}

fn unit(index: usize, first_line: usize) -> Unit {
    Unit {
        index,
        first_line,
        text: None,
        record: None,
        checked: Checked::default(),
    }
}

fn encoding(line: usize, column: usize) -> Problem {
    let mut p = Problem::new(
        ProblemKind::Encoding,
        None,
        format!(
            "expected UTF-8 text, found a byte that is not UTF-8 (line {line}, byte {column} of the line): the record cannot be read (spec/notation.md §2.1)"
        ),
    );
    p.at = Some((line, column));
    p
}

fn chunk(c: notation::Chunk, opts: CheckOptions) -> Unit {
    let mut u = unit(c.index, c.first_line);
    match c.problem {
        Some(ChunkProblem::Utf8 { line, column }) => u.checked.problems.push(encoding(line, column)),
        Some(ChunkProblem::TooLarge { limit }) => u.checked.problems.push(Problem::new(
            ProblemKind::TooLarge,
            None,
            format!(
                "expected a record of at most {limit} bytes, found a longer one: it was skipped up to the next record (spec/notation.md §3.5)"
            ),
        )),
        None => {
            match notation::parse_record(&c.text) {
                Err(problems) => u.checked.problems = problems,
                Ok(parsed) => {
                    u.checked = notation::check_with(&parsed.record, Some(&parsed.spans), opts);
                    u.record = Some(parsed.record);
                }
            }
            u.text = Some(c.text);
        }
    }
    u
}

/// Reads a line into `buf` keeping at most `cap` bytes; `None` at the end, else whether it was
/// longer.
fn bounded_line(input: &mut Input, buf: &mut Vec<u8>, cap: usize) -> io::Result<Option<bool>> {
    buf.clear();
    let (mut any, mut over) = (false, false);
    loop {
        let avail = match input.fill_buf() {
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
        input.consume(used);
        if end {
            break;
        }
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(any.then_some(over))
}

fn json_line(
    input: &mut Input,
    line: &mut usize,
    index: &mut usize,
    opts: CheckOptions,
) -> io::Result<Option<Unit>> {
    let limit = notation::reader::MAX_RECORD;
    let mut raw = Vec::new();
    loop {
        let Some(over) = bounded_line(input, &mut raw, limit + 1)? else {
            return Ok(None);
        };
        *line += 1;
        if *line == 1 && raw.starts_with(&[0xEF, 0xBB, 0xBF]) {
            raw.drain(..3);
        }
        if over || !raw.iter().all(u8::is_ascii_whitespace) {
            break;
        }
    }
    *index += 1;
    let mut u = unit(*index, *line);
    if raw.len() > limit {
        u.checked.problems.push(Problem::new(
            ProblemKind::TooLarge,
            None,
            format!(
                "expected a JSON record line of at most {limit} bytes, found a longer one: it was skipped up to the next line (spec/notation.md §3.5, §7)"
            ),
        ));
        return Ok(Some(u));
    }
    let text = match String::from_utf8(raw) {
        Ok(t) => t,
        Err(e) => {
            let column = e.utf8_error().valid_up_to() + 1;
            u.checked.problems.push(encoding(*line, column));
            return Ok(Some(u));
        }
    };
    match notation::read_json(&text) {
        Err(e) => {
            let at = text
                .char_indices()
                .nth(e.column().saturating_sub(1))
                .map_or(text.len(), |(k, _)| k);
            u.checked.problems.push(Problem::new(
                ProblemKind::Syntax,
                Some(at..at + 1),
                format!("not a JSON record (spec/notation.md §7): {e}"),
            ));
            u.text = Some(text);
        }
        Ok(read) => {
            if read.problems.is_empty() {
                u.checked = notation::check_with(&read.record, None, opts);
            } else {
                u.checked.problems = read.problems;
            }
            u.record = Some(read.record);
        }
    }
    Ok(Some(u))
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
