//! The database file, format 2 (spec/analysis.md §4): the header, the tables, the blocks, and
//! every check made on them.
//!
//! ```text
//! mancala-db 2
//! game bechi
//! slices S
//! blocks K
//! positions P
//! block 65536
//! record best:i8 worst:i8
//! check fnv1a64 0123456789abcdef
//! <empty line>
//! slice table: S × 16 bytes    seeds:u8 chosen:u8 blocked:u8 low:u8 0:u32le positions:u64le
//! block table: K × 16 bytes    positions:u32le 0:u32le check:u64le
//! blocks
//! ```
//!
//! Slices are listed in solving order, each once. A slice of `size` boards (§3) is cut into
//! `ceil(size / 65536)` blocks of 65 536 boards, K in all; a block with reachable boards stores the
//! bits of its boards (`ceil(len / 64)` little-endian u64 words, bit i of word j for board 64 j + i)
//! and then two bytes for each reachable board in index order; a block without stores nothing.
//! The `check` line's FNV-1a covers every header byte before it and both tables; each block's
//! check, in the block table, covers its bytes. So every byte of the file is under a check, and
//! the header's check is made before anything the header says is interpreted beyond the sizes of
//! the tables, which are bounded by the file's length.

use crate::solve::board::Shape;
use crate::solve::index::{Layout, SliceId};
use rules_core::Variant;
use std::io::Read;

/// The format this module reads and writes.
pub const VERSION: u32 = 2;

/// Boards per block.
pub const BLOCK: u64 = 1 << 16;

/// Bytes of a slice or block table entry.
pub const ENTRY: usize = 16;

/// The longest header the reader accepts, in bytes.
pub const MAX_HEADER: usize = 512;

/// The record layout line.
pub const RECORD: &str = "record best:i8 worst:i8";

pub use crate::solve::check::{Fnv, check_values};

/// What the header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game line's text after `game ` (read by [`Header::game`] once the check holds).
    pub game: String,
    /// Slices in the slice table.
    pub slices: u64,
    /// Blocks in the block table.
    pub blocks: u64,
    /// Positions (reachable boards) in all.
    pub positions: u64,
    /// The check of the header and tables.
    pub check: u64,
    /// Its bytes up to the `check` line (what the check covers with the tables).
    pub covered: Vec<u8>,
    /// Its length in bytes, the empty line included.
    pub len: u64,
}

impl Header {
    /// The game and its board.
    ///
    /// # Errors
    /// An unknown game, a game solve does not cover, a name not in its canonical form.
    pub fn game(&self) -> Result<(Variant, Shape), String> {
        let text = &self.game;
        let variant = parse_variant(text)
            .ok_or_else(|| format!("the header names an unknown game: `{text}`"))?;
        let shape = Shape::of(variant).ok_or_else(|| {
            format!("the header names {variant}; databases are of Bechi (solve covers only Bechi)")
        })?;
        if variant.to_string() != *text {
            return Err(format!(
                "the header's game line is `{text}`, not in its canonical form `{variant}`"
            ));
        }
        Ok((variant, shape))
    }
}

/// The header's lines before the `check` line.
#[must_use]
pub fn header_text(variant: Variant, slices: u64, blocks: u64, positions: u64) -> String {
    format!(
        "mancala-db {VERSION}\ngame {variant}\nslices {slices}\nblocks {blocks}\npositions \
         {positions}\nblock {BLOCK}\n{RECORD}\n"
    )
}

/// Reads one header line of at most `MAX_HEADER - used` bytes, without its newline.
fn line(input: &mut impl Read, used: &mut Vec<u8>, what: &str) -> Result<String, String> {
    let start = used.len();
    let mut byte = [0u8; 1];
    loop {
        if used.len() >= MAX_HEADER {
            return Err(format!(
                "no database header: more than {MAX_HEADER} bytes without the {what} line ending"
            ));
        }
        match input.read(&mut byte) {
            Ok(0) => {
                return Err(format!(
                    "the file ends inside its header, at the {what} line ({} bytes)",
                    used.len()
                ));
            }
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(format!("reading the header ({what} line): {e}")),
        }
        used.push(byte[0]);
        if byte[0] == b'\n' {
            break;
        }
        if byte[0] == 0 || (byte[0] < b' ' && byte[0] != b'\t') || byte[0] > b'~' {
            return Err(format!(
                "not a mancala database: byte {} of the header is {:#04x}, not text",
                used.len() - 1,
                byte[0]
            ));
        }
    }
    Ok(String::from_utf8_lossy(&used[start..used.len() - 1]).into_owned())
}

/// `bechi holes=3` and the like.
fn parse_variant(s: &str) -> Option<Variant> {
    let mut words = s.split_whitespace();
    let mut v = Variant::default_for(words.next()?.parse().ok()?);
    for kv in words {
        v.set_option_str(kv).ok()?;
    }
    Some(v)
}

/// A `NAME NUMBER` line.
fn number(l: &str, name: &str) -> Result<u64, String> {
    l.strip_prefix(name)
        .and_then(|r| r.strip_prefix(' '))
        .filter(|d| !d.is_empty() && d.len() <= 20 && d.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|d| d.parse().ok())
        .ok_or_else(|| format!("the header's {name} line is `{l}`, not `{name} NUMBER`"))
}

/// The most slices a database of `shape` can list: every hole chosen, blocked or neither, each
/// number of seeds up to the game's, low or not (a bound, not the exact count).
#[must_use]
pub fn max_slices(shape: Shape) -> u64 {
    3u64.pow(shape.holes() as u32) * (u64::from(shape.total_seeds()) / 2 + 1) * 2
}

/// The most slices of any game a database can hold (Bechi 2×4's bound).
#[must_use]
pub fn max_slices_any() -> u64 {
    Shape::new(4).map_or(0, max_slices)
}

/// Reads and checks the header: at most [`MAX_HEADER`] bytes whatever the input.
///
/// # Errors
/// What is wrong, in words.
pub fn read_header(input: &mut impl Read) -> Result<Header, String> {
    let mut used = Vec::new();
    let magic = line(input, &mut used, "first")?;
    if magic != format!("mancala-db {VERSION}") {
        let hint = if magic.starts_with("mancala-db ") {
            format!(
                " (format {} is not read by this version: solve again to write format \
                 {VERSION})",
                magic.trim_start_matches("mancala-db ")
            )
        } else {
            String::new()
        };
        return Err(format!(
            "not a mancala database of format {VERSION}: the first line is `{magic}`{hint}"
        ));
    }
    let game = line(input, &mut used, "game")?;
    let game = game
        .strip_prefix("game ")
        .ok_or_else(|| format!("the header's second line is `{game}`, not `game ...`"))?
        .to_owned();
    let slices = number(&line(input, &mut used, "slices")?, "slices")?;
    if slices > max_slices_any() {
        return Err(format!(
            "the header claims {slices} slices; a database has at most {}",
            max_slices_any()
        ));
    }
    let blocks = number(&line(input, &mut used, "blocks")?, "blocks")?;
    let positions = number(&line(input, &mut used, "positions")?, "positions")?;
    let block = number(&line(input, &mut used, "block")?, "block")?;
    if block != BLOCK {
        return Err(format!(
            "the header's block is {block} boards; format {VERSION} has {BLOCK}"
        ));
    }
    let record = line(input, &mut used, "record")?;
    if record != RECORD {
        return Err(format!(
            "unknown record layout `{record}` (expected `{RECORD}`)"
        ));
    }
    let covered = used.clone();
    let sum = line(input, &mut used, "check")?;
    let check = sum
        // tidy: not a message: the header's check line is a format (`check fnv1a64 HEX16`)
        .strip_prefix("check fnv1a64 ")
        .filter(|h| h.len() == 16 && h.bytes().all(|b| b.is_ascii_hexdigit()))
        .and_then(|h| u64::from_str_radix(h, 16).ok())
        .ok_or_else(|| format!("the header's check line is `{sum}`, not `check fnv1a64 HEX16`"))?;
    if sum != format!("check fnv1a64 {check:016x}") {
        return Err(format!(
            "the header's check line is `{sum}`, not in lower-case hex"
        ));
    }
    if !line(input, &mut used, "empty")?.is_empty() {
        return Err("the header does not end with an empty line".to_owned());
    }
    Ok(Header {
        game,
        slices,
        blocks,
        positions,
        check,
        covered,
        len: used.len() as u64,
    })
}

/// A slice table entry, checked against the game: its slice, its numbering, its reachable count.
///
/// # Errors
/// An entry that no database of this shape could hold.
pub fn slice_entry(shape: Shape, k: u64, e: &[u8]) -> Result<(Layout, u64), String> {
    let id = SliceId::from_bytes(shape, [e[0], e[1], e[2], e[3]]).ok_or_else(|| {
        format!(
            "slice {k} of the table is not a slice of {}",
            shape.variant()
        )
    })?;
    let layout = Layout::new(shape, id).ok_or_else(|| format!("slice {k}: no such slice"))?;
    if e[4..8] != [0; 4] {
        return Err(format!("slice {k}: reserved bytes are not zero"));
    }
    let positions = u64::from_le_bytes(e[8..16].try_into().map_err(|_| "short entry")?);
    if positions == 0 || positions > layout.size {
        return Err(format!(
            "slice {k} ({} seeds) claims {positions} reachable boards; it has {} boards",
            id.seeds, layout.size
        ));
    }
    Ok((layout, positions))
}

/// A slice entry's bytes.
#[must_use]
pub fn slice_bytes(id: SliceId, positions: u64) -> [u8; ENTRY] {
    let mut e = [0u8; ENTRY];
    e[..4].copy_from_slice(&id.to_bytes());
    e[8..].copy_from_slice(&positions.to_le_bytes());
    e
}

/// A block entry's bytes.
#[must_use]
pub fn block_bytes(positions: u32, check: u64) -> [u8; ENTRY] {
    let mut e = [0u8; ENTRY];
    e[..4].copy_from_slice(&positions.to_le_bytes());
    e[8..].copy_from_slice(&check.to_le_bytes());
    e
}

/// A block entry: its reachable boards and check.
///
/// # Errors
/// Reserved bytes not zero, or more boards than the block holds.
pub fn block_entry(k: u64, e: &[u8], len: u64) -> Result<(u32, u64), String> {
    let positions = u32::from_le_bytes(e[..4].try_into().map_err(|_| "short entry")?);
    if e[4..8] != [0; 4] {
        return Err(format!("block {k}: reserved bytes are not zero"));
    }
    if u64::from(positions) > len {
        return Err(format!(
            "block {k} claims {positions} reachable boards; it has {len} boards"
        ));
    }
    let check = u64::from_le_bytes(e[8..16].try_into().map_err(|_| "short entry")?);
    Ok((positions, check))
}

/// The boards in block `b` of a slice of `size` boards.
#[must_use]
pub fn block_len(size: u64, b: u64) -> u64 {
    (size - b * BLOCK).min(BLOCK)
}

/// The bytes of a block with `positions` reachable boards among `len`.
#[must_use]
pub fn block_data_len(len: u64, positions: u32) -> u64 {
    if positions == 0 {
        0
    } else {
        len.div_ceil(64) * 8 + 2 * u64::from(positions)
    }
}
