//! Target `batch` (issue 23): streams of arbitrary bytes and lengths through the batch reader of
//! `moves -`, `play -` and `show -` (`mancala::testing::batch`), under a memory cap.
//!
//! The input is a line limit (1 to 64 bytes, so that over-long lines are cheap to make) and a
//! list of runs, each a byte repeated up to 4 MB times: a stream of up to 32 MB made as it is
//! read, never held. Every line must come out once, in order, as a model read apart from the
//! reader (run by run) says: its text (a byte-order mark at its start dropped, a CR before its
//! LF), or too long, or not UTF-8 at the byte the model finds; no line handed on is longer than
//! the limit. Each line of text is also cut as `play -` cuts it and read as a position.
//!
//! The memory cap: the fuzz target (`fuzz/fuzz_targets/batch.rs`) resets the process's peak
//! resident memory before each input ([`reset_peak_kb`]) and fails if a run raised it by more
//! than [`BATCH_MEMORY_KB`]: the reader's 64 KB buffer and a line of at most 64 bytes stay far
//! below, a reader that kept a long line would pass it. (`cargo test` runs the checks without the
//! cap, since its threads share one process; `tests/cli/outputs.rs` caps the binary.)

use mancala::testing::Verdict;
use mancala::testing::batch::{BadLine, Outcome};
use std::io::Read;

/// The most bytes a stream holds.
const MAX_STREAM: u64 = 32 << 20;

/// How much a batch run may raise the peak resident memory, in kB: 8 MB, a quarter of the
/// longest stream.
pub const BATCH_MEMORY_KB: u64 = 8 << 10;

/// A line of `/proc/self/status`, in kB.
fn status_kb(key: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// Resets the process's peak resident memory to what it holds now (Linux: `/proc/self/clear_refs`)
/// and returns that, in kB; `None` where it cannot be reset.
pub fn reset_peak_kb() -> Option<u64> {
    std::fs::write("/proc/self/clear_refs", "5").ok()?;
    status_kb("VmHWM:")
}

/// The process's peak resident memory since the last [`reset_peak_kb`], in kB.
pub fn peak_kb() -> Option<u64> {
    status_kb("VmHWM:")
}

/// The runs of bytes an input spells: (byte, count).
fn runs(data: &[u8]) -> Vec<(u8, u64)> {
    let mut total = 0u64;
    data.chunks_exact(2)
        .map(|pair| {
            let (byte, n) = (pair[0], pair[1]);
            // Mostly short runs; from 0xF0 up, long ones (256 KB to 4 MB), but for line ends:
            // millions of empty lines would test nothing more, slowly.
            let count = if n >= 0xF0 && byte != b'\n' {
                u64::from(n - 0xEF) << 18
            } else {
                u64::from(n % 8) + 1
            };
            (byte, count)
        })
        .map_while(|(b, c)| {
            total += c;
            (total <= MAX_STREAM).then_some((b, c))
        })
        .collect()
}

/// The stream the runs make, produced as it is read.
struct Stream {
    runs: Vec<(u8, u64)>,
    at: usize,
    left: u64,
}

impl Stream {
    fn new(runs: Vec<(u8, u64)>) -> Stream {
        let left = runs.first().map_or(0, |r| r.1);
        Stream { runs, at: 0, left }
    }
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut n = 0;
        while n < buf.len() {
            while self.left == 0 {
                self.at += 1;
                match self.runs.get(self.at) {
                    Some(r) => self.left = r.1,
                    None => return Ok(n),
                }
            }
            let byte = self.runs[self.at].0;
            let take = (buf.len() - n).min(usize::try_from(self.left).unwrap_or(usize::MAX));
            buf[n..n + take].fill(byte);
            n += take;
            self.left -= take as u64;
        }
        Ok(n)
    }
}

/// What a line should come out as.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    Text(String),
    TooLong,
    NotUtf8 { byte: usize, value: u8 },
}

/// The model: the lines of the stream, a run at a time, keeping at most `limit + 1` bytes.
struct Model {
    runs: Vec<(u8, u64)>,
    at: usize,
    /// What is left of run `at`.
    left: u64,
    limit: usize,
}

impl Model {
    fn new(runs: Vec<(u8, u64)>, limit: usize) -> Model {
        let left = runs.first().map_or(0, |r| r.1);
        Model {
            runs,
            at: 0,
            left,
            limit,
        }
    }

    fn next_line(&mut self) -> Option<Line> {
        let mut kept: Vec<u8> = Vec::new();
        let mut len = 0u64;
        let mut any = false;
        loop {
            while self.left == 0 {
                self.at += 1;
                match self.runs.get(self.at) {
                    Some(r) => self.left = r.1,
                    None if any => return Some(self.finish(&mut kept, len)),
                    None => return None,
                }
            }
            let byte = self.runs[self.at].0;
            any = true;
            if byte == b'\n' {
                self.left -= 1;
                return Some(self.finish(&mut kept, len));
            }
            // The whole rest of the run belongs to this line.
            let n = self.left;
            self.left = 0;
            len += n;
            let room = (self.limit + 1).saturating_sub(kept.len());
            let take = usize::try_from(n).unwrap_or(usize::MAX).min(room);
            kept.extend(std::iter::repeat_n(byte, take));
        }
    }

    fn finish(&self, kept: &mut Vec<u8>, len: u64) -> Line {
        if len > self.limit as u64 {
            return Line::TooLong;
        }
        if kept.last() == Some(&b'\r') {
            kept.pop();
        }
        let text = kept.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(kept);
        match std::str::from_utf8(text) {
            Ok(s) => Line::Text(s.to_owned()),
            Err(e) => Line::NotUtf8 {
                byte: e.valid_up_to() + 1,
                value: text[e.valid_up_to()],
            },
        }
    }
}

/// Target `batch` (see the module's documentation).
pub fn batch(data: &[u8]) {
    let Some((&l, rest)) = data.split_first() else {
        return;
    };
    let limit = 1 + usize::from(l % 64);
    let runs = runs(rest);
    let mut model = Model::new(runs.clone(), limit);
    let given = mancala::testing::position::Given::default();
    let mut bad = false;
    let mut lines = 0usize;
    let mut out = std::io::sink();
    let verdict = mancala::testing::batch::run_with_limit(
        Stream::new(runs),
        &mut out,
        limit,
        |line, n, _| {
            lines += 1;
            assert_eq!(n, lines, "line numbers count from 1 without a gap");
            let want = model.next_line();
            let got = match &line {
                Ok(text) => {
                    assert!(
                        text.len() <= limit,
                        "line {n}: {} bytes over {limit}",
                        text.len()
                    );
                    Line::Text((*text).to_owned())
                }
                Err(BadLine::TooLong { limit: l }) => {
                    assert_eq!(*l, limit);
                    Line::TooLong
                }
                Err(BadLine::NotUtf8 { byte, value }) => Line::NotUtf8 {
                    byte: *byte,
                    value: *value,
                },
            };
            assert_eq!(Some(&got), want.as_ref(), "line {n}");
            Ok(match line {
                Ok(text) => {
                    let (position, _moves) = mancala::testing::position::split_play_line(text);
                    let _ = mancala::testing::position::read(position, &given);
                    Outcome::Answered
                }
                Err(e) => {
                    assert!(!e.message().is_empty());
                    bad = true;
                    Outcome::Invalid
                }
            })
        },
    )
    .expect("a stream in memory cannot fail");
    assert_eq!(
        model.next_line(),
        None,
        "the reader stopped before the model"
    );
    assert_eq!(verdict == Verdict::Invalid, bad);
}
