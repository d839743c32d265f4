//! The streaming record reader (`spec/notation.md` §3.5): splits a byte stream into the text of
//! one record at a time, in bounded memory, whatever the size of the input.
//!
//! A record starts at a line beginning with `[` that follows movetext (or at the first line); the
//! movetext of a record never has a line beginning with `[` (a comment escapes it as `\[`). So a
//! bad record never swallows the next one: each chunk is parsed on its own
//! ([`crate::parse::parse_record`]).
//!
//! The reader strips a leading byte-order mark and turns CRLF into LF. A record longer than
//! [`MAX_RECORD`] bytes is skipped up to the next record and reported, never buffered: at most one
//! record and one line (each up to the limit) are held at a time.

use std::io::{self, BufRead};

/// The largest record read, in bytes (1 MiB): longer ones are reported and skipped.
pub const MAX_RECORD: usize = 1 << 20;

/// The text of one record, or why it could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// 1-based index of the record in its input.
    pub index: usize,
    /// 1-based line of the input where the record starts.
    pub first_line: usize,
    /// The record's text, LF line ends, no BOM. Empty when `problem` is set.
    pub text: String,
    /// The record could not be read as text.
    pub problem: Option<ChunkProblem>,
}

/// Why a record could not be read as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChunkProblem {
    /// The bytes are not UTF-8: the 1-based line and column (in bytes) of the first bad byte.
    Utf8 {
        /// Line in the input.
        line: usize,
        /// Byte column in that line, 1-based.
        column: usize,
    },
    /// The record is longer than [`MAX_RECORD`] bytes.
    TooLarge {
        /// The limit it exceeds, in bytes.
        limit: usize,
    },
}

/// Reads one line of `reader` into `buf` (without its line end, LF or CRLF), keeping at most
/// `cap` bytes and skipping the rest: a line never costs more memory than `cap`. `None` at the
/// end of the input, else whether the line was longer than `cap`.
///
/// # Errors
/// An I/O error of `reader`.
pub(crate) fn read_line_bounded(
    reader: &mut impl BufRead,
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

#[derive(Copy, Clone, PartialEq, Eq)]
enum State {
    /// Before any movetext: header lines and blank lines.
    Header,
    /// In the movetext: a line beginning with `[` starts the next record.
    Movetext,
}

/// Reads records one at a time from a buffered byte stream.
pub struct RecordReader<R> {
    inner: R,
    /// Lines consumed so far.
    line: usize,
    /// A line read ahead: the first line of the next record, with its line number.
    pending: Option<(Vec<u8>, usize, bool)>,
    index: usize,
    at_start: bool,
    done: bool,
    max: usize,
}

impl<R: BufRead> RecordReader<R> {
    /// A reader over `inner`.
    pub fn new(inner: R) -> RecordReader<R> {
        RecordReader::with_limit(inner, MAX_RECORD)
    }

    /// A reader that skips records longer than `max` bytes.
    pub fn with_limit(inner: R, max: usize) -> RecordReader<R> {
        RecordReader {
            inner,
            line: 0,
            pending: None,
            index: 0,
            at_start: true,
            done: false,
            max,
        }
    }

    /// Reads one line into `buf` (without its line end), keeping at most `cap` bytes. Returns
    /// `None` at the end of the input, else whether the line was longer than `cap`.
    fn read_line(&mut self, buf: &mut Vec<u8>, cap: usize) -> io::Result<Option<bool>> {
        let Some(over) = read_line_bounded(&mut self.inner, buf, cap)? else {
            return Ok(None);
        };
        self.line += 1;
        if self.at_start {
            self.at_start = false;
            if buf.starts_with(&[0xEF, 0xBB, 0xBF]) {
                buf.drain(..3);
            }
        }
        Ok(Some(over))
    }

    /// The next record, or `None` at the end of the input.
    ///
    /// # Errors
    /// An I/O error of the underlying reader.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        if self.done {
            return Ok(None);
        }
        let mut text: Vec<u8> = Vec::new();
        let mut first_line = 0;
        let mut state = State::Header;
        let mut too_large = false;
        let mut any_content = false;
        let mut line = Vec::new();
        loop {
            let (l, n, over) = if let Some(p) = self.pending.take() {
                p
            } else {
                // A line is kept up to the limit of a whole record, whatever this record holds
                // already: the line read ahead may be the first line of the next record, whose
                // size owes nothing to this one (issue 13).
                match self.read_line(&mut line, self.max.saturating_add(1))? {
                    None => {
                        self.done = true;
                        break;
                    }
                    Some(over) => (std::mem::take(&mut line), self.line, over),
                }
            };
            let blank = l.iter().all(u8::is_ascii_whitespace) && !over;
            let opens = l.first() == Some(&b'[');
            if opens && state == State::Movetext {
                self.pending = Some((l, n, over));
                break;
            }
            if !any_content && blank {
                continue; // blank lines between records belong to no record
            }
            if !any_content {
                first_line = n;
                any_content = true;
            }
            if !opens && !blank {
                state = State::Movetext;
            }
            if over || text.len() + l.len() + 1 > self.max {
                too_large = true;
                text.clear();
                text.shrink_to(0);
            }
            if !too_large {
                text.extend_from_slice(&l);
                text.push(b'\n');
            }
            line = l;
        }
        if !any_content {
            return Ok(None);
        }
        self.index += 1;
        let mut chunk = Chunk {
            index: self.index,
            first_line,
            text: String::new(),
            problem: None,
        };
        if too_large {
            chunk.problem = Some(ChunkProblem::TooLarge { limit: self.max });
            return Ok(Some(chunk));
        }
        match String::from_utf8(text) {
            Ok(s) => chunk.text = s,
            Err(e) => {
                let raw = e.as_bytes();
                let at = e.utf8_error().valid_up_to();
                let before = &raw[..at];
                let line = before.iter().filter(|&&b| b == b'\n').count();
                let col = at
                    - before
                        .iter()
                        .rposition(|&b| b == b'\n')
                        .map_or(0, |k| k + 1);
                chunk.problem = Some(ChunkProblem::Utf8 {
                    line: first_line + line,
                    column: col + 1,
                });
            }
        }
        Ok(Some(chunk))
    }
}

impl<R: BufRead> Iterator for RecordReader<R> {
    type Item = io::Result<Chunk>;
    fn next(&mut self) -> Option<io::Result<Chunk>> {
        self.next_chunk().transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(s: &[u8], max: usize) -> Vec<Chunk> {
        RecordReader::with_limit(s, max)
            .collect::<io::Result<Vec<_>>>()
            .unwrap()
    }

    #[test]
    fn splits_at_headers_after_movetext() {
        let input =
            b"\xEF\xBB\xBF[A \"1\"]\r\n[B \"2\"]\r\n\r\n1. 3B *\r\n\r\n[A \"3\"]\n\n2B\n*\n\n\n";
        let c = chunks(input, 1000);
        assert_eq!(c.len(), 2);
        assert_eq!(c[0].text, "[A \"1\"]\n[B \"2\"]\n\n1. 3B *\n\n");
        assert_eq!((c[0].index, c[0].first_line), (1, 1));
        assert_eq!(c[1].text, "[A \"3\"]\n\n2B\n*\n\n\n");
        assert_eq!((c[1].index, c[1].first_line), (2, 6));
    }

    /// The limit is per record: a record just under it does not make the next one too large.
    #[test]
    fn the_limit_counts_each_record_alone() {
        let first = format!("[A \"1\"]\n{}\n", "x".repeat(90));
        let second = "[A \"2\"]\n*\n";
        assert!(first.len() <= 100 && first.len() + second.len() > 100);
        let c = chunks(format!("{first}{second}").as_bytes(), 100);
        assert_eq!(c.len(), 2);
        assert_eq!(
            (c[0].problem.clone(), c[0].text.as_str()),
            (None, first.as_str())
        );
        assert_eq!((c[1].problem.clone(), c[1].text.as_str()), (None, second));
    }

    #[test]
    fn long_records_and_bad_bytes_are_reported_and_skipped() {
        let mut input = b"[A \"1\"]\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 5000));
        input.extend_from_slice(b"\n[A \"2\"]\nok \xFF\n[A \"3\"]\n*\n");
        let c = chunks(&input, 100);
        assert_eq!(c.len(), 3);
        assert_eq!(c[0].problem, Some(ChunkProblem::TooLarge { limit: 100 }));
        assert_eq!(
            c[1].problem,
            Some(ChunkProblem::Utf8 { line: 4, column: 4 })
        );
        assert_eq!(c[2].text, "[A \"3\"]\n*\n");
        assert_eq!(c[2].first_line, 5);
    }
}
