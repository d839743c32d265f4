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

#[derive(Copy, Clone, PartialEq, Eq)]
enum State {
    /// Before any movetext: header lines and blank lines.
    Header,
    /// In the movetext: a line beginning with `[` starts the next record.
    Movetext,
}

/// Reads one line of `reader` into `buf`, without its line end (LF or CRLF), keeping at most
/// `cap` bytes of it and consuming the rest unkept: memory stays bounded by `cap` and the
/// reader's buffer whatever the line's length (a stream with no line end at all, such as
/// `/dev/zero`, is read for ever in that memory). Returns `None` at the end of the input, else
/// whether the line was longer than `cap` (then `buf` holds its first `cap` bytes).
///
/// # Errors
/// An I/O error of `reader` (an interrupted read is retried).
pub fn read_line(
    reader: &mut (impl BufRead + ?Sized),
    buf: &mut Vec<u8>,
    cap: usize,
) -> io::Result<Option<bool>> {
    let read = read_line_start(reader, buf, cap)?;
    if read == Some(true) {
        skip_line(reader)?;
    }
    Ok(read)
}

/// [`read_line`] that stops once the line is longer than `cap`: then `buf` holds its first
/// `cap` bytes, `Some(true)` says so, and the rest of the line is left unread, for
/// [`skip_line`]. So a line without end (`/dev/zero`) is known too long when it reaches the
/// limit, rather than never.
///
/// # Errors
/// An I/O error of `reader` (an interrupted read is retried).
pub fn read_line_start(
    reader: &mut (impl BufRead + ?Sized),
    buf: &mut Vec<u8>,
    cap: usize,
) -> io::Result<Option<bool>> {
    buf.clear();
    let mut any = false;
    loop {
        let avail = available(reader)?;
        if avail.is_empty() {
            break;
        }
        any = true;
        // memchr: a line end is found a word at a time, so a long line costs little.
        let (part, used, end) = match memchr::memchr(b'\n', avail) {
            Some(k) => (&avail[..k], k + 1, true),
            None => (avail, avail.len(), false),
        };
        let room = cap.saturating_sub(buf.len());
        if part.len() > room {
            // The line is too long: keep what fits, leave the rest (its end included) unread.
            buf.extend_from_slice(&part[..room]);
            reader.consume(room);
            return Ok(Some(true));
        }
        buf.extend_from_slice(part);
        reader.consume(used);
        if end {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(false))
}

/// The bytes `reader` holds, read if it holds none (empty at the end of the input); a read the
/// system interrupted is tried again. The end of the input is read once: a terminal's Ctrl-D
/// is one empty read, and a second read would wait for more typing.
fn available<R: BufRead + ?Sized>(reader: &mut R) -> io::Result<&[u8]> {
    let end = loop {
        match reader.fill_buf() {
            Ok(held) => break held.is_empty(),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    };
    if end {
        return Ok(&[]);
    }
    // Filled above and not empty: this returns what it holds without reading.
    reader.fill_buf()
}

/// Reads the rest of a line up to its end, keeping none of it (for ever on `/dev/zero`).
///
/// # Errors
/// An I/O error of `reader` (an interrupted read is retried).
pub fn skip_line(reader: &mut (impl BufRead + ?Sized)) -> io::Result<()> {
    loop {
        let avail = available(reader)?;
        if avail.is_empty() {
            return Ok(());
        }
        match memchr::memchr(b'\n', avail) {
            Some(k) => {
                reader.consume(k + 1);
                return Ok(());
            }
            None => {
                let n = avail.len();
                reader.consume(n);
            }
        }
    }
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
    /// The last line read was cut at the limit: its rest is unread, and skipped before the
    /// next line is read.
    line_rest: bool,
    /// The record last given was too large and given as soon as it passed the limit: the rest
    /// of it is skipped before the next record, from this state.
    skipping: Option<State>,
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
            line_rest: false,
            skipping: None,
        }
    }

    /// Reads one line into `buf` (without its line end), keeping at most `cap` bytes. Returns
    /// `None` at the end of the input, else whether the line was longer than `cap`.
    fn read_line(&mut self, buf: &mut Vec<u8>, cap: usize) -> io::Result<Option<bool>> {
        if self.line_rest {
            skip_line(&mut self.inner)?;
            self.line_rest = false;
        }
        let Some(over) = read_line_start(&mut self.inner, buf, cap)? else {
            return Ok(None);
        };
        self.line_rest = over;
        self.line += 1;
        if self.at_start {
            self.at_start = false;
            if buf.starts_with(&[0xEF, 0xBB, 0xBF]) {
                buf.drain(..3);
            }
        }
        Ok(Some(over))
    }

    /// Skips the rest of a record given as too large, from `state`, keeping none of it: up to
    /// the line that opens the next record (read ahead) or the end of the input.
    fn skip_record(&mut self, mut state: State) -> io::Result<()> {
        let mut line = Vec::new();
        loop {
            let Some(over) = self.read_line(&mut line, self.max.saturating_add(1))? else {
                self.done = true;
                return Ok(());
            };
            let blank = !over && line.iter().all(u8::is_ascii_whitespace);
            let opens = line.first() == Some(&b'[');
            if opens && state == State::Movetext {
                self.pending = Some((line, self.line, over));
                return Ok(());
            }
            if !opens && !blank {
                state = State::Movetext;
            }
        }
    }

    /// The next record, or `None` at the end of the input. A record longer than the limit is
    /// given (as [`ChunkProblem::TooLarge`]) as soon as it passes the limit, and the rest of it
    /// skipped when the next one is asked for: an input with no end gives its first record.
    ///
    /// # Errors
    /// An I/O error of the underlying reader.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        if let Some(state) = self.skipping.take() {
            self.skip_record(state)?;
        }
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
                // Given now, its rest skipped before the next record.
                too_large = true;
                self.skipping = Some(state);
                break;
            }
            text.extend_from_slice(&l);
            text.push(b'\n');
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

    /// A terminal: Ctrl-D is one empty read, after which more can be typed.
    struct Terminal {
        reads: Vec<&'static [u8]>,
    }

    impl io::Read for Terminal {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            // A read after the end would wait for more typing: here it fails the test.
            if self.reads.is_empty() {
                return Err(io::Error::other(
                    "read again after the end: a terminal waits here",
                ));
            }
            let next = self.reads.remove(0);
            out[..next.len()].copy_from_slice(next);
            Ok(next.len())
        }
    }

    /// The end of the input ends the reading at once: a second read after Ctrl-D waited for
    /// more typing (`mancala validate` at a terminal hung after Ctrl-D).
    #[test]
    fn the_end_of_the_input_is_read_once() {
        let term = io::BufReader::new(Terminal {
            reads: vec![b"[A \"1\"]\n\n*\n", b""],
        });
        let c: Vec<Chunk> = RecordReader::new(term)
            .collect::<io::Result<Vec<_>>>()
            .unwrap();
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].text, "[A \"1\"]\n\n*\n");
        let mut line = Vec::new();
        let mut term = io::BufReader::new(Terminal { reads: vec![b""] });
        assert_eq!(read_line(&mut term, &mut line, 100).unwrap(), None);
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

    /// An input without end (`/dev/zero`, or a line that never ends) gives its record, too
    /// large, when it passes the limit, rather than never (issue 34, item 4).
    #[test]
    fn an_endless_input_gives_its_record_at_the_limit() {
        let mut zeros = RecordReader::with_limit(io::BufReader::new(io::repeat(0)), 100);
        let c = zeros.next_chunk().unwrap().unwrap();
        assert_eq!((c.index, c.first_line), (1, 1));
        assert_eq!(c.problem, Some(ChunkProblem::TooLarge { limit: 100 }));
        let head = io::Read::chain(&b"\n[A \"1\"]\n\n1. 3B "[..], io::repeat(b'x'));
        let mut endless = RecordReader::with_limit(io::BufReader::new(head), 100);
        let c = endless.next_chunk().unwrap().unwrap();
        assert_eq!((c.index, c.first_line), (1, 2));
        assert_eq!(c.problem, Some(ChunkProblem::TooLarge { limit: 100 }));
    }

    /// A record given as too large at the limit is skipped, the rest of its long line included,
    /// up to the next record, which is read whole, as are those after it, with their line
    /// numbers: a long header line (the record's header goes on after it) and a long movetext
    /// line.
    #[test]
    fn the_rest_of_a_record_given_early_is_skipped() {
        let mut input = b"[A \"1\"]\n[B \"".to_vec();
        input.extend(std::iter::repeat_n(b'x', 300));
        input.extend_from_slice(b"\"]\n[C \"1\"]\n1. 3B *\n[A \"2\"]\n*\n[A \"3\"]\n");
        input.extend(std::iter::repeat_n(b'y', 5000));
        input.extend_from_slice(b"\nmore\n[A \"4\"]\n*\n");
        let c = chunks(&input, 100);
        let seen: Vec<_> = c
            .iter()
            .map(|c| (c.first_line, c.problem.is_some(), c.text.as_str()))
            .collect();
        assert_eq!(
            seen,
            [
                (1, true, ""),
                (5, false, "[A \"2\"]\n*\n"),
                (7, true, ""),
                (10, false, "[A \"4\"]\n*\n"),
            ]
        );
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
