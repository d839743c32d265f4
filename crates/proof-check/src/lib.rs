//! The checker of proof files (spec/analysis.md §8), written apart from the program that makes
//! them: it depends on the rules (`rules-core`) and the position strings (`notation`) only, and
//! shares no code with the search.
//!
//! A proof file claims that a value `v` is exact for the player to move at a root position. The
//! checker reads every node, replays every move it follows with the rules, and verifies:
//!
//! * every node's position is a legal position of the file's game, written canonically, and its
//!   claim one the position allows: its bound within the seeds of the round, and not beyond
//!   every end of the round from there (`margins.rs`, `claim.rs`);
//! * where the round is over, no move is followed and the round's margin (B13, G20, S16, U18,
//!   R27, as `Position::round_result` scores it) keeps the node's claim;
//! * a node claiming **at least** `b` for its player to move follows one legal move, to a node
//!   whose claim gives at least `b`; a node claiming **at most** `b` follows every legal move,
//!   each to a node whose claim gives at most `b` (the claim of a child is turned round when the
//!   turn passes);
//! * a move leads to the node of the position the rules make, and always to a later node: the
//!   graph is closed and acyclic, so every line of both strategies reaches the end of the round
//!   and the proof holds under both conventions for endless play;
//! * the two roots are the root position claiming at least and at most `v`; every node is
//!   reached from them and written once, numbered as the writer numbers them; the body's
//!   checksum is the header's;
//! * the file is the one text of its proof: every number in its one spelling (`number.rs`), the
//!   `game` line canonical, single spaces, nothing after the last node.
//!
//! ```
//! let file = "mancala-proof 1\ngame bechi holes=3\nroot bechi 1,0,1/0,1,1* B store=20,12 opener=B\n\
//!             value -8\nnodes 2\nlower 0\nupper 1\nchecksum fnv1a64 ";
//! let body = "0 >=-8 bechi 1,0,1/0,1,1* B store=20,12 opener=B ;\n\
//!             1 <=-8 bechi 1,0,1/0,1,1* B store=20,12 opener=B ;\n";
//! let text = format!("{file}{:016x}\n\n{body}", proof_check::fnv1a64(body.as_bytes()));
//! let report = proof_check::check(&mut text.as_bytes()).unwrap();
//! assert_eq!((report.value, report.nodes, report.depth), (-8, 2, 0));
//! ```

// No step of the checker may overflow: a bound that wraps proves anything (issue 34: a claim of
// `>=-2147483648` turned round into `<=-2147483648`). Counts saturate, bounds are read within
// their round's seeds (`claim.rs`).
#![deny(clippy::arithmetic_side_effects, clippy::cast_possible_truncation)]
#![deny(clippy::cast_possible_wrap, clippy::cast_sign_loss)]

mod claim;
mod header;
mod margins;
mod node;
mod number;
mod verify;

use std::fmt;
use std::io::{BufRead, Read};

/// The longest line a proof file may hold, end included: a node's line is a position string and
/// its moves, a few hundred bytes; a longer line (`/dev/zero`, a file that is not a proof) is
/// refused when it reaches this length, never held whole (issue 23: lines in bounded memory).
pub const MAX_LINE: u64 = 1 << 20;

pub use header::VERSION;
pub use margins::Margins;

/// What a checked proof establishes, and its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The game and its options, as the header's `game` line.
    pub game: String,
    /// The root position, canonical.
    pub root: String,
    /// The exact value proved for the root's player to move.
    pub value: i32,
    /// Nodes.
    pub nodes: usize,
    /// Moves followed.
    pub edges: usize,
    /// Nodes where the round is over.
    pub leaves: usize,
    /// The longest line of either strategy, in plies.
    pub depth: usize,
    /// Bytes read.
    pub bytes: u64,
}

/// Why a proof is refused: the line of the file and the node, where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    /// The line of the file (from 1), or 0 when the fault is not on one line.
    pub line: usize,
    /// The node at fault.
    pub node: Option<usize>,
    /// What is wrong.
    pub message: String,
    /// The kind of the read error, when the input could not be read (a fault of the input's
    /// source, not of the proof: a folder, a device error).
    pub io: Option<std::io::ErrorKind>,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.node) {
            (0, None) => f.write_str(&self.message),
            (0, Some(n)) => write!(f, "node {n}: {}", self.message),
            (l, None) => write!(f, "line {l}: {}", self.message),
            (l, Some(n)) => write!(f, "line {l}: node {n}: {}", self.message),
        }
    }
}

impl std::error::Error for CheckError {}

impl CheckError {
    fn at(line: usize, node: Option<usize>, message: impl Into<String>) -> CheckError {
        CheckError {
            line,
            node,
            message: message.into(),
            io: None,
        }
    }
}

/// FNV-1a, 64 bits: the checksum of a proof's body.
#[must_use]
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h = Fnv::default();
    h.update(bytes);
    h.0
}

/// FNV-1a, 64 bits, fed piece by piece.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Reads and checks a proof file.
///
/// # Errors
/// The first fault found, naming its line and node: a malformed or unreadable file, a step the
/// rules or the bounds do not allow, a file cut short, a checksum that differs. The nodes are
/// checked before the checksum, so that a changed node is named even when the checksum was
/// written again.
pub fn check(input: &mut impl BufRead) -> Result<Report, CheckError> {
    let mut lines = Lines {
        input,
        number: 0,
        bytes: 0,
        buf: Vec::new(),
    };
    let header = header::read(&mut lines)?;
    let mut sum = Fnv::default();
    let nodes = node::read_all(&mut lines, &header, &mut sum)?;
    let mut report = verify::verify(&header, &nodes)?;
    if sum.0 != header.checksum {
        return Err(CheckError::at(
            0,
            None,
            format!(
                "checksum: the body's fnv1a64 is {:016x}, the header says {:016x} (every node \
                 checks: the file was changed after it was written)",
                sum.0, header.checksum
            ),
        ));
    }
    report.bytes = lines.bytes;
    Ok(report)
}

/// The file's lines, counted.
struct Lines<'a, R> {
    input: &'a mut R,
    /// The number of the last line read.
    number: usize,
    bytes: u64,
    buf: Vec<u8>,
}

impl<R: BufRead> Lines<'_, R> {
    /// The next line's number and bytes with its end (`\n`), or `None` at the end of the file.
    fn next_raw(&mut self) -> Result<Option<(usize, &[u8])>, CheckError> {
        self.buf.clear();
        let n = (&mut *self.input)
            .take(MAX_LINE)
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| CheckError {
                io: Some(e.kind()),
                ..CheckError::at(
                    self.number.saturating_add(1),
                    None,
                    format!("cannot read: {e}"),
                )
            })?;
        if n == 0 {
            return Ok(None);
        }
        let n = u64::try_from(n).unwrap_or(u64::MAX);
        if n >= MAX_LINE && !self.buf.ends_with(b"\n") {
            return Err(CheckError::at(
                self.number.saturating_add(1),
                None,
                format!("the line is longer than {MAX_LINE} bytes: no line of a proof file is"),
            ));
        }
        self.number = self.number.saturating_add(1);
        self.bytes = self.bytes.saturating_add(n);
        Ok(Some((self.number, &self.buf)))
    }
}

/// The text of a raw line without its end; a line that does not end, or is not UTF-8, is an
/// error.
fn text(raw: &[u8], line: usize, node: Option<usize>) -> Result<&str, CheckError> {
    let body = raw.strip_suffix(b"\n").ok_or_else(|| {
        CheckError::at(line, node, "the line does not end: the file is cut short")
    })?;
    std::str::from_utf8(body).map_err(|_| CheckError::at(line, node, "not UTF-8"))
}
