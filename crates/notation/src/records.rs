//! From bytes to checked records (`spec/notation.md` §3.5, §7, §9): [`Records`] reads any byte
//! stream, text or JSON lines (told apart by the first byte that is not white space), one record
//! at a time in bounded memory, and parses and checks each; every problem, the unreadable bytes
//! and the records too large to read included, is a typed [`Problem`] located in its record.
//! What `mancala validate`, `replay` and `convert` read is this, and nothing else.

use crate::check::{CheckOptions, Checked, check_with};
use crate::json::{nesting_problem, read_json};
use crate::parse::parse_record;
use crate::problem::{Problem, ProblemKind};
use crate::reader::{Chunk, ChunkProblem, MAX_RECORD, RecordReader, read_line_start, skip_line};
use crate::record::Record;
use crate::render::Origin;
use std::io::{self, BufRead};

/// How the input is written.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Whichever the first byte that is not white space says: `{` for JSON lines, anything else
    /// for the notation (a leading byte-order mark is skipped).
    #[default]
    Auto,
    /// The notation (§3).
    Notation,
    /// JSON lines, one record per line (§7).
    Json,
}

/// One record of an input, read and checked.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Its place in its input, from 1.
    pub index: usize,
    /// The line of the input where it starts.
    pub first_line: usize,
    /// Its text, when it could be read as text (the record's, or the JSON line's).
    pub text: Option<String>,
    /// The record, when it could be read.
    pub record: Option<Record>,
    /// What checking found, the problems of reading included; no problem when it is valid.
    pub checked: Checked,
}

impl Entry {
    fn new(index: usize, first_line: usize) -> Entry {
        Entry {
            index,
            first_line,
            text: None,
            record: None,
            checked: Checked::default(),
        }
    }

    /// Whether the record is valid.
    #[must_use]
    pub fn valid(&self) -> bool {
        self.checked.problems.is_empty()
    }

    /// Where its problems are, for rendering them (`file:line:column` with a caret, or JSON):
    /// `file` is the input's name as shown.
    #[must_use]
    pub fn origin<'a>(&'a self, file: &'a str) -> Origin<'a> {
        Origin {
            file,
            record: self.index,
            first_line: self.first_line,
            text: self.text.as_deref(),
        }
    }
}

/// The records of a byte stream, each read and checked: an iterator of [`Entry`]s. An I/O
/// error of the stream ends it, as the iterator's last item.
pub struct Records<R> {
    input: Input<R>,
    opts: CheckOptions,
}

enum Input<R> {
    /// Not yet known: the first bytes tell.
    Unread(R),
    Notation(RecordReader<R>),
    Json(JsonLines<R>),
    Done,
}

impl<R: BufRead> Records<R> {
    /// The records of `input`, written as `format` says, checked as `opts` says.
    pub fn new(input: R, format: Format, opts: CheckOptions) -> Records<R> {
        let input = match format {
            Format::Auto => Input::Unread(input),
            Format::Notation => Input::Notation(RecordReader::new(input)),
            Format::Json => Input::Json(JsonLines::new(input)),
        };
        Records { input, opts }
    }

    fn next_entry(&mut self) -> io::Result<Option<Entry>> {
        if let Input::Unread(_) = self.input {
            let Input::Unread(mut r) = std::mem::replace(&mut self.input, Input::Done) else {
                return Ok(None);
            };
            self.input = if starts_json(&mut r)? {
                Input::Json(JsonLines::new(r))
            } else {
                Input::Notation(RecordReader::new(r))
            };
        }
        match &mut self.input {
            Input::Notation(reader) => Ok(reader.next_chunk()?.map(|c| text_entry(c, self.opts))),
            Input::Json(lines) => Ok(lines.next_line()?.map(|l| json_entry(l, self.opts))),
            Input::Unread(_) | Input::Done => Ok(None),
        }
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = io::Result<Entry>;

    fn next(&mut self) -> Option<io::Result<Entry>> {
        match self.next_entry() {
            Ok(e) => e.map(Ok),
            Err(e) => {
                self.input = Input::Done;
                Some(Err(e))
            }
        }
    }
}

/// Whether the stream holds JSON lines: its first byte that is not white space, after a
/// byte-order mark, is `{`.
fn starts_json(reader: &mut impl BufRead) -> io::Result<bool> {
    let buf = reader.fill_buf()?;
    let buf = buf.strip_prefix(&[0xEF, 0xBB, 0xBF][..]).unwrap_or(buf);
    Ok(buf
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'{'))
}

/// The problem of bytes that are not UTF-8, at `line` and byte `column` of the input.
fn not_utf8(line: usize, column: usize) -> Problem {
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

/// A record of the notation read, parsed and checked.
fn text_entry(chunk: Chunk, opts: CheckOptions) -> Entry {
    let mut e = Entry::new(chunk.index, chunk.first_line);
    match chunk.problem {
        Some(ChunkProblem::Utf8 { line, column }) => {
            e.checked.problems.push(not_utf8(line, column));
        }
        Some(ChunkProblem::TooLarge { limit }) => {
            e.checked.problems.push(Problem::new(
                ProblemKind::TooLarge,
                None,
                format!(
                    "expected a record of at most {limit} bytes, found a longer one: it was skipped up to the next record (spec/notation.md §3.5)"
                ),
            ));
        }
        None => {
            match parse_record(&chunk.text) {
                Err(problems) => e.checked.problems = problems,
                Ok(parsed) => {
                    e.checked = check_with(&parsed.record, Some(&parsed.spans), opts);
                    e.record = Some(parsed.record);
                }
            }
            e.text = Some(chunk.text);
        }
    }
    e
}

/// A line of JSON lines that is a record, or why it cannot be read.
struct JsonLine {
    index: usize,
    line: usize,
    read: Result<String, Problem>,
}

/// A JSON record line read, parsed and checked.
fn json_entry(l: JsonLine, opts: CheckOptions) -> Entry {
    let mut e = Entry::new(l.index, l.line);
    let line = match l.read {
        Ok(line) => line,
        Err(p) => {
            e.checked.problems.push(p);
            return e;
        }
    };
    // Variations nested too deep are refused as the text reader refuses them, before serde's
    // own recursion limit would answer.
    if let Some(p) = nesting_problem(&line) {
        e.checked.problems.push(p);
        e.text = Some(line);
        return e;
    }
    match read_json(&line) {
        Err(err) => {
            let at = line
                .char_indices()
                .nth(err.column().saturating_sub(1))
                .map_or(line.len(), |(k, _)| k);
            e.checked.problems.push(Problem::new(
                ProblemKind::Syntax,
                Some(at..at + 1),
                format!("not a JSON record (spec/notation.md §7): {err}"),
            ));
            e.text = Some(line);
        }
        Ok(read) => {
            if read.problems.is_empty() {
                e.checked = check_with(&read.record, None, opts);
            } else {
                e.checked.problems = read.problems;
            }
            e.record = Some(read.record);
        }
    }
    e
}

/// JSON lines: one record per line, each read in bounded memory (at most [`MAX_RECORD`] bytes,
/// like a record of the notation); a line that is too long or not UTF-8 is one unreadable
/// record, and the next lines are read normally. Blank lines are no records.
struct JsonLines<R> {
    inner: R,
    raw: Vec<u8>,
    /// Lines read.
    line: usize,
    /// Records met.
    index: usize,
    /// The last line was too long and given as soon as it passed the limit: its rest is
    /// skipped before the next one (an endless line gives its record).
    rest: bool,
}

impl<R: BufRead> JsonLines<R> {
    fn new(inner: R) -> JsonLines<R> {
        JsonLines {
            inner,
            raw: Vec::new(),
            line: 0,
            index: 0,
            rest: false,
        }
    }

    fn next_line(&mut self) -> io::Result<Option<JsonLine>> {
        loop {
            if self.rest {
                skip_line(&mut self.inner)?;
                self.rest = false;
            }
            let Some(over) = read_line_start(&mut self.inner, &mut self.raw, MAX_RECORD + 1)?
            else {
                return Ok(None);
            };
            self.rest = over;
            self.line += 1;
            if self.line == 1 && self.raw.starts_with(&[0xEF, 0xBB, 0xBF]) {
                self.raw.drain(..3);
            }
            if !over && self.raw.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            self.index += 1;
            let read = if over || self.raw.len() > MAX_RECORD {
                Err(Problem::new(
                    ProblemKind::TooLarge,
                    None,
                    format!(
                        "expected a JSON record line of at most {MAX_RECORD} bytes, found a longer one: it was skipped up to the next line (spec/notation.md §3.5, §7)"
                    ),
                ))
            } else {
                match std::str::from_utf8(&self.raw) {
                    Ok(line) => Ok(line.to_owned()),
                    Err(e) => Err(not_utf8(self.line, e.valid_up_to() + 1)),
                }
            };
            return Ok(Some(JsonLine {
                index: self.index,
                line: self.line,
                read,
            }));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MAX_VARIATION_DEPTH;

    const OK: &str = "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3B *\n";

    fn entries(input: &[u8]) -> Vec<Entry> {
        Records::new(input, Format::Auto, CheckOptions::default())
            .collect::<io::Result<Vec<_>>>()
            .unwrap()
    }

    fn kinds(e: &Entry) -> Vec<ProblemKind> {
        e.checked.problems.iter().map(|p| p.kind).collect()
    }

    /// Bytes that are not UTF-8 make one record unreadable, located by line and byte; the
    /// records around it are read and checked.
    #[test]
    fn notation_with_a_bad_record_between_good_ones() {
        let mut input = OK.as_bytes().to_vec();
        input.extend_from_slice(b"\n[Notation \"1.0\"]\n[Game \"bechi\"]\n\n1. 3B \xFF *\n\n");
        input.extend_from_slice(OK.as_bytes());
        let e = entries(&input);
        assert_eq!(e.len(), 3);
        assert!(e[0].valid() && e[2].valid());
        assert_eq!(kinds(&e[1]), [ProblemKind::Encoding]);
        assert_eq!(e[1].checked.problems[0].at, Some((10, 7)));
        assert_eq!((e[1].index, e[1].first_line, e[2].first_line), (2, 7, 12));
        assert!(e[1].record.is_none() && e[1].text.is_none());
    }

    /// JSON lines are told from the notation by their first byte, past a byte-order mark and
    /// white space; blank lines are no records; a line that is no JSON record is a syntax
    /// problem located in it, and the next line is read.
    /// An input without end (`/dev/zero`) gives its first record, too large, in either form
    /// (issue 34, item 4).
    #[test]
    fn an_endless_input_gives_its_first_record() {
        for format in [Format::Auto, Format::Notation, Format::Json] {
            let input = io::BufReader::new(io::repeat(0));
            let mut records = Records::new(input, format, CheckOptions::default());
            let first = records.next().unwrap().unwrap();
            assert_eq!(kinds(&first), [ProblemKind::TooLarge]);
        }
        // A JSON line without end after a good one: the good one, then the endless one.
        let head = "{}\n{\"game\": \"";
        let input = io::BufReader::new(io::Read::chain(head.as_bytes(), io::repeat(b'x')));
        let mut records = Records::new(input, Format::Json, CheckOptions::default());
        let first = records.next().unwrap().unwrap();
        assert_ne!(kinds(&first), [ProblemKind::TooLarge]);
        let second = records.next().unwrap().unwrap();
        assert_eq!(kinds(&second), [ProblemKind::TooLarge]);
    }

    #[test]
    fn json_lines_are_detected_and_read_line_by_line() {
        let ok = r#"{"notation":"1.0","game":"bechi","opener":"B","movetext":[{"kind":"ply","move":"3B"}],"result":"*"}"#;
        let input = format!("\u{feff}\n{ok}\n\n{{\"notation\":\n{ok}\n");
        let e = entries(input.as_bytes());
        assert_eq!(e.len(), 3);
        assert!(e[0].valid() && e[2].valid());
        assert_eq!(
            (e[0].first_line, e[1].first_line, e[2].first_line),
            (2, 4, 5)
        );
        assert_eq!(kinds(&e[1]), [ProblemKind::Syntax]);
        assert!(e[1].checked.problems[0].span.is_some());
        assert_eq!(e[1].text.as_deref(), Some("{\"notation\":"));
        // Read as the notation, the same bytes are no record at all.
        let forced = Records::new(input.as_bytes(), Format::Notation, CheckOptions::default())
            .collect::<io::Result<Vec<_>>>()
            .unwrap();
        assert!(forced.iter().all(|e| !e.valid()));
    }

    /// A record longer than the limit is reported and skipped without being kept.
    #[test]
    fn too_large_records_are_reported_and_skipped() {
        let big = format!("[Notation \"1.0\"]\n{{{}}}\n*\n", "x".repeat(MAX_RECORD));
        let e = entries(format!("{big}\n{OK}").as_bytes());
        assert_eq!(e.len(), 2);
        assert_eq!(kinds(&e[0]), [ProblemKind::TooLarge]);
        assert!(e[1].valid());
        let json = format!("{{\"notation\":\"{}\"}}\n{{}}\n", "x".repeat(MAX_RECORD));
        let e = entries(json.as_bytes());
        assert_eq!(kinds(&e[0]), [ProblemKind::TooLarge]);
        assert_eq!((e[1].index, e[1].first_line), (2, 2));
    }

    /// What checking is asked for is what is made.
    #[test]
    fn check_options_reach_every_record() {
        let opts = CheckOptions {
            steps: true,
            canonical: true,
            lenient: false,
        };
        let e = Records::new(OK.as_bytes(), Format::Notation, opts)
            .next()
            .unwrap()
            .unwrap();
        assert!(e.checked.canonical.is_some());
        assert_eq!(e.checked.steps.len(), 2);
        assert_eq!(e.origin("f.mgn").file, "f.mgn");
    }

    /// A JSON record of `n` variations nested in one another, each of one ply (2B instead of
    /// 3B, from the start), and `sides` one-ply variations of its own ply.
    fn nested_json(n: usize, sides: usize) -> String {
        let mut v = r#"{"kind":"ply","move":"2B"}"#.to_owned();
        for _ in 0..n {
            v = format!(r#"{{"kind":"ply","move":"2B"}},{{"kind":"variation","movetext":[{v}]}}"#);
        }
        let side = r#",{"kind":"variation","movetext":[{"kind":"ply","move":"2B"}]}"#;
        format!(
            r#"{{"notation":"1.1","game":"bechi","opener":"B","movetext":[{{"kind":"ply","move":"3B"}},{{"kind":"variation","movetext":[{v}]}}{}],"result":"*"}}"#,
            side.repeat(sides)
        )
    }

    /// Variations nested too deep in JSON get the nesting message of the text reader, with its
    /// limit, however deep they go (issue 34: past about 60, serde's "recursion limit exceeded").
    #[test]
    fn json_variations_too_deep_get_the_nesting_message() {
        let e = entries(nested_json(MAX_VARIATION_DEPTH - 1, 0).as_bytes());
        assert!(e[0].valid(), "{:?}", e[0].checked.problems);
        for n in [MAX_VARIATION_DEPTH, 60, 70, 500] {
            let e = entries(nested_json(n, 0).as_bytes());
            assert_eq!(kinds(&e[0]), [ProblemKind::Syntax], "{n}");
            assert_eq!(
                e[0].checked.problems[0].message,
                "a variation nested 33 deep: variations nest at most 32 deep (spec/notation.md §6.4)",
                "{n}"
            );
        }
        // A `movetext` in a string, or a key that only ends so, is no variation.
        let e = entries(
            nested_json(2, 0)
                .replace(r#""game""#, r#""event":"\"movetext\":[[[[","game""#)
                .as_bytes(),
        );
        assert!(e[0].valid(), "{:?}", e[0].checked.problems);
    }

    /// A JSON record holds at most `MAX_RECORD_PLIES` plies as a record of text does, refused
    /// before it is checked.
    #[test]
    fn json_records_hold_at_most_max_record_plies() {
        let line = |plies: usize| {
            let ply = r#"{"kind":"ply","move":"2B"}"#;
            format!(
                r#"{{"notation":"1.0","game":"bechi","opener":"B","movetext":[{}],"result":"*"}}"#,
                vec![ply; plies].join(",")
            )
        };
        let e = entries(line(crate::MAX_RECORD_PLIES).as_bytes());
        assert_eq!(kinds(&e[0]), [ProblemKind::IllegalMove]);
        let e = entries(line(crate::MAX_RECORD_PLIES + 1).as_bytes());
        assert_eq!(kinds(&e[0]), [ProblemKind::TooLarge]);
        assert!(
            e[0].checked.problems[0]
                .message
                .starts_with("more than 20000 plies")
        );
    }
}
