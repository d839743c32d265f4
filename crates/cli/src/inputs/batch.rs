//! `-` as the POSITION of `show`, `moves` and `play`: one input per line of standard input, each
//! answered in order, in one process.
//!
//! The answer to a line is flushed before the next line is read whenever that read would wait, so
//! that a coprocess can drive the command line by line (write a line, read its answer); when the
//! input is already there (a file, a fast pipe) answers are written in large blocks. A bad line
//! gets its error in the output stream, in its place, and the run goes on; the exit status is 1 if
//! any line was invalid, 2 if any was a usage error (an option its game does not take).
//!
//! Lines are read in bounded memory (issue 23): a line longer than [`MAX_LINE`] bytes is one bad
//! line, skipped to its end without being kept (`cat /dev/zero | mancala moves -` runs in a few
//! MB for ever); a line that is not UTF-8 is one bad line naming the first bad byte; a byte-order
//! mark at the start of a line is dropped (a file saved by an editor that writes one).

use crate::outputs::exit::{CliError, Verdict};
use std::io::{BufReader, Read, Write};

/// The longest line read, in bytes (1 MiB, as a record or a JSON record line): far longer than
/// any position string with its moves.
pub const MAX_LINE: usize = notation::reader::MAX_RECORD;

/// The byte-order mark, in UTF-8.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// How one line went.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Answered.
    Answered,
    /// Invalid input (exit 1).
    Invalid,
    /// A usage error (exit 2).
    Usage,
}

/// A line that could not be read as text: reported in its place, as invalid input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadLine {
    /// Longer than the limit: skipped up to its end.
    TooLong {
        /// The limit, in bytes.
        limit: usize,
    },
    /// Not UTF-8.
    NotUtf8 {
        /// The 1-based byte of the line where UTF-8 breaks.
        byte: usize,
        /// That byte.
        value: u8,
    },
}

impl BadLine {
    /// The kind of error, as JSON names it (the record reader's kinds: spec/notation.md §11).
    pub fn kind(&self) -> &'static str {
        let kind = match self {
            BadLine::TooLong { .. } => notation::ProblemKind::TooLarge,
            BadLine::NotUtf8 { .. } => notation::ProblemKind::Encoding,
        };
        kind.name()
    }

    /// What is wrong, in the user's terms.
    pub fn message(&self) -> String {
        match self {
            BadLine::TooLong { limit } => format!(
                "expected a line of at most {limit} bytes (a position and its moves), found a longer one: it was skipped up to its end"
            ),
            BadLine::NotUtf8 { byte, value } => format!(
                "expected UTF-8 text, found byte {byte} of the line (0x{value:02X}), which is not UTF-8: the line cannot be read (spec/notation.md §2.1)"
            ),
        }
    }
}

/// The text of a line read from `bytes` (without its line end), or why it is not text. A
/// byte-order mark at its start is dropped.
pub fn line_text(bytes: &[u8], over: bool) -> Result<&str, BadLine> {
    if over {
        return Err(BadLine::TooLong { limit: MAX_LINE });
    }
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        BadLine::NotUtf8 {
            byte: at + 1,
            value: bytes[at],
        }
    })
}

/// Reads `input` line by line and writes each line's answer with `answer(line, number, out)`
/// into `out`; a line that is not text comes as `Err`.
///
/// # Errors
/// Reading the input or writing the output failed.
pub fn run<R: Read, W: Write>(
    input: R,
    out: &mut W,
    answer: impl FnMut(Result<&str, BadLine>, usize, &mut W) -> Result<Outcome, CliError>,
) -> Result<Verdict, CliError> {
    run_with_limit(input, out, MAX_LINE, answer)
}

/// [`run`] with lines of at most `limit` bytes (the fuzz target uses a small one).
///
/// # Errors
/// As [`run`].
pub fn run_with_limit<R: Read, W: Write>(
    input: R,
    out: &mut W,
    limit: usize,
    mut answer: impl FnMut(Result<&str, BadLine>, usize, &mut W) -> Result<Outcome, CliError>,
) -> Result<Verdict, CliError> {
    let mut input = BufReader::with_capacity(1 << 16, input);
    let mut verdict = Verdict::Valid;
    let mut bytes = Vec::new();
    for number in 1.. {
        // The next line is not all there yet: what was answered goes out before we wait.
        if !input.buffer().contains(&b'\n') {
            out.flush()?;
        }
        let read = notation::reader::read_line(&mut input, &mut bytes, limit).map_err(|e| {
            CliError::Io(format!(
                "cannot read standard input: {}",
                crate::outputs::exit::io_message(&e)
            ))
        })?;
        let Some(over) = read else {
            break;
        };
        let line = match line_text(&bytes, over) {
            Err(BadLine::TooLong { .. }) => Err(BadLine::TooLong { limit }),
            other => other,
        };
        match answer(line, number, out)? {
            Outcome::Answered => {}
            Outcome::Invalid if verdict == Verdict::Valid => verdict = Verdict::Invalid,
            Outcome::Invalid => {}
            Outcome::Usage => verdict = Verdict::Failed,
        }
    }
    out.flush()?;
    Ok(verdict)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(input: &[u8], limit: usize) -> (String, Verdict) {
        let mut out = Vec::new();
        let v = run_with_limit(input, &mut out, limit, |line, n, out| {
            match &line {
                Ok(line) => writeln!(out, "{n}:{line}")?,
                Err(bad) => writeln!(out, "{n}!{}", bad.kind())?,
            }
            Ok(match line {
                Ok("bad") | Err(_) => Outcome::Invalid,
                Ok("usage") => Outcome::Usage,
                Ok(_) => Outcome::Answered,
            })
        })
        .unwrap();
        (String::from_utf8(out).unwrap(), v)
    }

    #[test]
    fn every_line_is_answered_in_order_and_the_worst_outcome_wins() {
        let (out, v) = answers(b"a\nbad\nc\r\nusage\n", 100);
        assert_eq!(out, "1:a\n2:bad\n3:c\n4:usage\n");
        assert_eq!(v, Verdict::Failed);
    }

    #[test]
    fn long_lines_and_bad_bytes_are_one_bad_line_each_and_the_run_goes_on() {
        let mut input = b"ab\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 1000));
        input.extend(b"\n\xEF\xBB\xBFbom\nx\xFFy\nlast");
        let (out, v) = answers(&input, 10);
        assert_eq!(out, "1:ab\n2!too-large\n3:bom\n4!encoding\n5:last\n");
        assert_eq!(v, Verdict::Invalid);
        // A line of exactly the limit is read.
        assert_eq!(answers(b"0123456789\n", 10).0, "1:0123456789\n");
    }

    #[test]
    fn a_bad_byte_is_named_by_its_place_in_the_line() {
        assert_eq!(
            line_text(b"bechi \xC3(", false),
            Err(BadLine::NotUtf8 {
                byte: 7,
                value: 0xC3
            })
        );
        assert_eq!(line_text(b"\xEF\xBB\xBFbechi", false), Ok("bechi"));
        let m = BadLine::NotUtf8 {
            byte: 7,
            value: 0xC3,
        }
        .message();
        assert!(m.contains("byte 7 of the line (0xC3)"), "{m}");
    }
}
