//! The database file of solved positions (spec/analysis.md §4, [`format`](mod@format)) and its use as the
//! search's [`Oracle`].
//!
//! Opening a database reads and checks its header and tables only (a few megabytes for Bechi 2×4);
//! a block of 65 536 boards is read, checked and range-checked the first time a lookup needs it,
//! and kept in a small cache. A lookup is then a rank in the block: microseconds, not a search.
//! Nothing the file says is believed before it is checked: counts against the game and against
//! the file's real length before anything is allocated, every byte against its check, every value
//! against its slice's range.

pub mod format;
pub mod verify;

use crate::search::Oracle;
use crate::solve::board::{Board, Shape};
use crate::solve::index::{Layout, SliceId};
use crate::solve::{Solution, SolvedSlice};
use format::{
    BLOCK, ENTRY, Fnv, Header, block_bytes, block_data_len, block_entry, block_len, check_values,
    header_text, read_header, slice_bytes, slice_entry,
};
use rules_core::{Position, Variant};
use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError};

pub use crate::solve::retro::scores;

/// Where a database's bytes are: a file, or memory.
pub trait Source: Send + Sync {
    /// Fills `buf` from `offset`.
    ///
    /// # Errors
    /// The bytes cannot be read (the file is shorter, an I/O error).
    fn read_at(&self, buf: &mut [u8], offset: u64) -> std::io::Result<()>;
}

impl Source for Vec<u8> {
    fn read_at(&self, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
        let start = usize::try_from(offset).map_err(std::io::Error::other)?;
        let bytes = start
            .checked_add(buf.len())
            .and_then(|end| self.get(start..end))
            .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::UnexpectedEof))?;
        buf.copy_from_slice(bytes);
        Ok(())
    }
}

#[cfg(unix)]
impl Source for std::fs::File {
    fn read_at(&self, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
        std::os::unix::fs::FileExt::read_exact_at(self, buf, offset)
    }
}

#[cfg(not(unix))]
impl Source for Mutex<std::fs::File> {
    fn read_at(&self, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
        use std::io::{Read, Seek, SeekFrom};
        let mut f = self.lock().unwrap_or_else(PoisonError::into_inner);
        f.seek(SeekFrom::Start(offset))?;
        f.read_exact(buf)
    }
}

#[cfg(unix)]
fn file_source(file: std::fs::File) -> Box<dyn Source> {
    Box::new(file)
}

#[cfg(not(unix))]
fn file_source(file: std::fs::File) -> Box<dyn Source> {
    Box::new(Mutex::new(file))
}

/// A slice of the file: its numbering, reachable boards, and first block.
#[derive(Clone, Debug)]
struct Slice {
    layout: Layout,
    positions: u64,
    first_block: usize,
}

/// A block's place and check.
#[derive(Clone, Copy, Debug)]
struct BlockEntry {
    positions: u32,
    check: u64,
    offset: u64,
    len: u64,
}

/// A block read and checked.
struct Block {
    words: Vec<u64>,
    /// Set bits before each word.
    before: Vec<u32>,
    values: Vec<[i8; 2]>,
}

/// Blocks kept, at most this many bytes of them.
const CACHE_BYTES: usize = 64 << 20;

#[derive(Default)]
struct Cache {
    blocks: HashMap<usize, Arc<Block>>,
    bytes: usize,
}

/// A database opened for lookups.
pub struct Database {
    variant: Variant,
    shape: Shape,
    source: Box<dyn Source>,
    slices: Vec<Slice>,
    by_id: HashMap<SliceId, usize>,
    blocks: Vec<BlockEntry>,
    positions: u64,
    check: u64,
    file_len: u64,
    cache: Mutex<Cache>,
    /// The first block that failed its checks: lookups in it answer nothing, and the command
    /// reports it ([`Database::failure`]).
    failure: Mutex<Option<String>>,
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database")
            .field("variant", &self.variant)
            .field("slices", &self.slices.len())
            .field("positions", &self.positions)
            .finish_non_exhaustive()
    }
}

impl Database {
    /// Opens a database: reads `header` (already read from the start of `source`) and checks the
    /// tables against the game and `file_len`, the source's length in bytes.
    ///
    /// # Errors
    /// What is wrong, in words.
    pub fn open(
        header: Header,
        source: Box<dyn Source>,
        file_len: u64,
    ) -> Result<Database, String> {
        // The tables' sizes are the only things believed before the check: both are bounded by
        // the file's length before a byte of them is read.
        let entries = header.slices.checked_add(header.blocks);
        let tables_end = entries
            .and_then(|e| e.checked_mul(ENTRY as u64))
            .and_then(|t| t.checked_add(header.len))
            .filter(|&end| end <= file_len)
            .ok_or_else(|| {
                format!(
                    "the file is truncated or not a database: its header claims {} slices and {} \
                     blocks ({} bytes of tables), the file has {} bytes after its header",
                    header.slices,
                    header.blocks,
                    entries.map_or("too many".to_owned(), |e| (e * ENTRY as u64).to_string()),
                    file_len.saturating_sub(header.len)
                )
            })?;
        let mut tables = vec![0u8; (tables_end - header.len) as usize];
        source
            .read_at(&mut tables, header.len)
            .map_err(|e| format!("reading the tables: {e}"))?;
        let mut h = Fnv::default();
        h.update(&header.covered);
        h.update(&tables);
        if h.value() != header.check {
            return Err(format!(
                "the header or tables are damaged: their check is {:016x}, the header says \
                 {:016x}",
                h.value(),
                header.check
            ));
        }
        let (variant, shape) = header.game()?;
        let (table, btable) = tables.split_at((header.slices * ENTRY as u64) as usize);
        let SliceTable {
            slices,
            by_id,
            positions,
        } = slice_table(shape, table, header.blocks)?;
        if positions != header.positions {
            return Err(format!(
                "the header claims {} positions; its slices hold {positions}",
                header.positions
            ));
        }
        let blocks = block_table(&slices, btable, tables_end)?;
        let data_end = blocks.last().map_or(tables_end, |b| b.offset + b.len);
        if data_end != file_len {
            return Err(format!(
                "the file is truncated or extended: its tables describe {data_end} bytes, it has \
                 {file_len}"
            ));
        }
        Ok(Database {
            variant,
            shape,
            source,
            slices,
            by_id,
            blocks,
            positions,
            check: header.check,
            file_len,
            cache: Mutex::new(Cache::default()),
            failure: Mutex::new(None),
        })
    }

    /// Opens a database file: at most a header's worth of bytes is read before anything is
    /// believed, whatever the file (`/dev/zero`, a FIFO, a record); then the file must be a
    /// regular one, read at the places its tables give.
    ///
    /// # Errors
    /// A folder, a special file, a file that cannot be opened, is not a database, or is
    /// truncated or damaged, in words (without the path).
    pub fn open_path(path: &std::path::Path) -> Result<Database, String> {
        let message = |e: std::io::Error| match e.kind() {
            std::io::ErrorKind::NotFound => "no such file or folder".to_owned(),
            std::io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
            _ => e.to_string(),
        };
        let meta = std::fs::metadata(path).map_err(message)?;
        if meta.is_dir() {
            return Err(
                "it is a folder, not a database file (mancala solve --out FILE writes one)"
                    .to_owned(),
            );
        }
        let file = std::fs::File::open(path).map_err(message)?;
        let header = read_header(&mut &file)?;
        if !meta.is_file() {
            return Err(
                "not a regular file: a database is read at the places its tables give".to_owned(),
            );
        }
        Database::open(header, file_source(file), meta.len())
    }

    /// Reads a whole database from bytes in memory.
    ///
    /// # Errors
    /// As [`Database::open`].
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Database, String> {
        let header = read_header(&mut bytes.as_slice())?;
        let len = bytes.len() as u64;
        Database::open(header, Box::new(bytes), len)
    }

    /// The game and options.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Positions held (boards relative to the mover).
    #[must_use]
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// The header's check: a fingerprint of the whole file (it covers the block checks).
    #[must_use]
    pub fn check(&self) -> u64 {
        self.check
    }

    /// The file's length in bytes.
    #[must_use]
    pub fn file_len(&self) -> u64 {
        self.file_len
    }

    /// The slices, with their reachable boards, in solving order.
    pub fn slices(&self) -> impl Iterator<Item = (SliceId, u64)> + '_ {
        self.slices.iter().map(|s| (s.layout.id, s.positions))
    }

    /// The first damaged block met by a lookup, if any.
    #[must_use]
    pub fn failure(&self) -> Option<String> {
        self.failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Reads and checks every block (what a lookup does lazily).
    ///
    /// # Errors
    /// The first damaged block.
    pub fn verify(&self) -> Result<(), String> {
        for (s, slice) in self.slices.iter().enumerate() {
            let n = slice.layout.size.div_ceil(BLOCK) as usize;
            let mut found = 0u64;
            for b in 0..n {
                found += self.read_block(s, slice.first_block + b)?.values.len() as u64;
            }
            if found != slice.positions {
                return Err(format!("slice {s}: its blocks hold {found} boards"));
            }
        }
        Ok(())
    }

    /// The board of the `r`-th reachable board of slice `s` (in index order), for sampling.
    ///
    /// # Errors
    /// A damaged block; `r` out of range.
    pub fn nth(&self, s: usize, mut r: u64) -> Result<Board, String> {
        let slice = self.slices.get(s).ok_or("no such slice")?;
        let n = slice.layout.size.div_ceil(BLOCK) as usize;
        for b in 0..n {
            let e = self.blocks[slice.first_block + b];
            if r < u64::from(e.positions) {
                let block = self.read_block(s, slice.first_block + b)?;
                let mut seen = 0u64;
                for (w, &word) in block.words.iter().enumerate() {
                    let c = u64::from(word.count_ones());
                    if seen + c > r {
                        let mut x = word;
                        for _ in 0..r - seen {
                            x &= x - 1;
                        }
                        let index =
                            b as u64 * BLOCK + w as u64 * 64 + u64::from(x.trailing_zeros());
                        return Ok(slice.layout.unrank(index));
                    }
                    seen += c;
                }
            }
            r -= u64::from(e.positions);
        }
        Err("no such board".to_owned())
    }

    /// The shape of the board.
    #[must_use]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The stored values of a board, `[best, worst]` for its mover.
    ///
    /// # Errors
    /// The block holding it is damaged.
    pub fn get(&self, b: &Board) -> Result<Option<[i8; 2]>, String> {
        let id = SliceId::of(self.shape, b);
        let Some(&s) = self.by_id.get(&id) else {
            return Ok(None);
        };
        let slice = &self.slices[s];
        let index = slice.layout.rank(b);
        let k = slice.first_block + (index / BLOCK) as usize;
        if self.blocks[k].positions == 0 {
            return Ok(None);
        }
        let block = self.cached(s, k)?;
        let i = index % BLOCK;
        let w = (i / 64) as usize;
        let bit = 1u64 << (i % 64);
        if block.words[w] & bit == 0 {
            return Ok(None);
        }
        let r = block.before[w] + (block.words[w] & (bit - 1)).count_ones();
        Ok(Some(block.values[r as usize]))
    }

    fn cached(&self, s: usize, k: usize) -> Result<Arc<Block>, String> {
        {
            let cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(b) = cache.blocks.get(&k) {
                return Ok(Arc::clone(b));
            }
        }
        let block = Arc::new(self.read_block(s, k)?);
        let size = block.words.len() * 12 + block.values.len() * 2;
        let mut cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        if cache.bytes + size > CACHE_BYTES {
            cache.blocks.clear();
            cache.bytes = 0;
        }
        cache.bytes += size;
        cache.blocks.insert(k, Arc::clone(&block));
        Ok(block)
    }

    /// Reads block `k` (of slice `s`) and checks it: its check, its count, its padding, its values.
    fn read_block(&self, s: usize, k: usize) -> Result<Block, String> {
        let e = self.blocks[k];
        let slice = &self.slices[s];
        let b = (k - slice.first_block) as u64;
        let len = block_len(slice.layout.size, b);
        if e.positions == 0 {
            return if e.check == Fnv::default().value() {
                Ok(Block {
                    words: vec![0; len.div_ceil(64) as usize],
                    before: vec![0; len.div_ceil(64) as usize],
                    values: Vec::new(),
                })
            } else {
                Err(format!(
                    "block {k} has no board but a check of {:016x}",
                    e.check
                ))
            };
        }
        let mut raw = vec![0u8; e.len as usize];
        self.source
            .read_at(&mut raw, e.offset)
            .map_err(|err| format!("reading block {k} at byte {}: {err}", e.offset))?;
        let mut h = Fnv::default();
        h.update(&raw);
        if h.value() != e.check {
            return Err(format!(
                "block {k} (bytes {}..{}) is damaged: its check is {:016x}, the table says \
                 {:016x}",
                e.offset,
                e.offset + e.len,
                h.value(),
                e.check
            ));
        }
        let nwords = len.div_ceil(64) as usize;
        let words: Vec<u64> = raw[..nwords * 8]
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
            .collect();
        let tail = len % 64;
        let padding = tail != 0 && words.last().is_some_and(|w| w >> tail != 0);
        let mut before = Vec::with_capacity(nwords);
        let mut count = 0u32;
        for w in &words {
            before.push(count);
            count += w.count_ones();
        }
        if padding || count != e.positions {
            return Err(format!(
                "block {k}: its bits give {count} reachable boards, the table {}{}",
                e.positions,
                if padding {
                    ", and bits past its end are set"
                } else {
                    ""
                }
            ));
        }
        let values: Vec<[i8; 2]> = raw[nwords * 8..]
            .chunks_exact(2)
            .map(|v| [i8::from_le_bytes([v[0]]), i8::from_le_bytes([v[1]])])
            .collect();
        check_values(&values, slice.layout.id.seeds).map_err(|m| format!("block {k}: {m}"))?;
        Ok(Block {
            words,
            before,
            values,
        })
    }
}

/// The slice table, read.
struct SliceTable {
    slices: Vec<Slice>,
    by_id: HashMap<SliceId, usize>,
    positions: u64,
}

/// The slice table read and checked: the slices in solving order, each valid for the game, and
/// `blocks` the number of blocks they need.
fn slice_table(shape: Shape, table: &[u8], blocks: u64) -> Result<SliceTable, String> {
    let mut slices = Vec::with_capacity(table.len() / ENTRY);
    let mut by_id = HashMap::new();
    let mut blocks_total = 0u64;
    let mut positions = 0u64;
    let mut last: Option<SliceId> = None;
    for (k, e) in table.chunks_exact(ENTRY).enumerate() {
        let (layout, n) = slice_entry(shape, k as u64, e)?;
        if let Some(prev) = last
            && prev.solve_order(shape) >= layout.id.solve_order(shape)
        {
            return Err(format!(
                "slice {k} of the table is out of order or listed twice"
            ));
        }
        last = Some(layout.id);
        by_id.insert(layout.id, k);
        slices.push(Slice {
            layout,
            positions: n,
            first_block: blocks_total as usize,
        });
        blocks_total += layout.size.div_ceil(BLOCK);
        positions += n;
    }
    if blocks_total != blocks {
        return Err(format!(
            "the header claims {blocks} blocks; its slices have {blocks_total}"
        ));
    }
    Ok(SliceTable {
        slices,
        by_id,
        positions,
    })
}

/// The block table read: each block's count, check and place in the file.
fn block_table(slices: &[Slice], table: &[u8], data_start: u64) -> Result<Vec<BlockEntry>, String> {
    let mut blocks = Vec::with_capacity(table.len() / ENTRY);
    let mut offset = data_start;
    let mut entries = table.chunks_exact(ENTRY);
    for (s, slice) in slices.iter().enumerate() {
        let n = slice.layout.size.div_ceil(BLOCK);
        let mut found = 0u64;
        for b in 0..n {
            let k = blocks.len() as u64;
            let e = entries.next().ok_or("the block table is short")?;
            let len = block_len(slice.layout.size, b);
            let (positions, check) = block_entry(k, e, len)?;
            let bytes = block_data_len(len, positions);
            blocks.push(BlockEntry {
                positions,
                check,
                offset,
                len: bytes,
            });
            offset += bytes;
            found += u64::from(positions);
        }
        if found != slice.positions {
            return Err(format!(
                "slice {s} claims {} reachable boards; its blocks {found}",
                slice.positions
            ));
        }
    }
    Ok(blocks)
}

impl Oracle for Database {
    fn probe(&self, pos: &Position) -> Option<[i32; 2]> {
        let (b, so_far) = self.shape.board_of(pos)?;
        if pos.variant() != self.variant {
            return None;
        }
        match self.get(&b) {
            Ok(v) => v.map(|v| scores(v, so_far)),
            Err(e) => {
                let mut f = self.failure.lock().unwrap_or_else(PoisonError::into_inner);
                if f.is_none() {
                    *f = Some(e);
                }
                None
            }
        }
    }
}

/// The block checks and counts of a solved slice.
fn slice_blocks(layout: &Layout, s: &SolvedSlice) -> Vec<(u32, u64)> {
    let n = layout.size.div_ceil(BLOCK);
    let mut out = Vec::with_capacity(n as usize);
    let mut r = 0usize;
    for b in 0..n {
        let (words, count) = block_words(layout, s, b);
        let mut h = Fnv::default();
        if count > 0 {
            h.update_words(words);
            for v in &s.values[r..r + count as usize] {
                h.update(&[v[0].to_le_bytes()[0], v[1].to_le_bytes()[0]]);
            }
        }
        r += count as usize;
        out.push((count, h.value()));
    }
    out
}

/// The words of block `b` of a solved slice, and its reachable boards.
fn block_words<'a>(layout: &Layout, s: &'a SolvedSlice, b: u64) -> (&'a [u64], u32) {
    let len = block_len(layout.size, b);
    let from = (b * BLOCK / 64) as usize;
    let words = &s.set.words()[from..from + len.div_ceil(64) as usize];
    let count = words.iter().map(|w| w.count_ones()).sum();
    (words, count)
}

/// Writes a solution as a database file, streaming its blocks; returns the header's check.
///
/// # Errors
/// Writing fails.
pub fn write(solution: &Solution, out: &mut impl Write) -> std::io::Result<u64> {
    let layouts = solution.catalog.layouts();
    let solved: Vec<(&Layout, &SolvedSlice)> = solution
        .slices
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.as_ref().map(|s| (&layouts[i], s)))
        .collect();
    let positions: u64 = solved.iter().map(|(_, s)| s.values.len() as u64).sum();
    let blocks: u64 = solved.iter().map(|(l, _)| l.size.div_ceil(BLOCK)).sum();
    let head = header_text(solution.variant(), solved.len() as u64, blocks, positions);
    let mut h = Fnv::default();
    h.update(head.as_bytes());
    let mut tables = Vec::new();
    for (l, s) in &solved {
        tables.extend_from_slice(&slice_bytes(l.id, s.values.len() as u64));
    }
    for (l, s) in &solved {
        for (count, check) in slice_blocks(l, s) {
            tables.extend_from_slice(&block_bytes(count, check));
        }
    }
    h.update(&tables);
    let check = h.value();
    out.write_all(head.as_bytes())?;
    writeln!(out, "check fnv1a64 {check:016x}")?;
    writeln!(out)?;
    out.write_all(&tables)?;
    let mut buf = Vec::with_capacity(1 << 20);
    for (l, s) in &solved {
        let mut r = 0usize;
        for b in 0..l.size.div_ceil(BLOCK) {
            let (words, count) = block_words(l, s, b);
            if count == 0 {
                continue;
            }
            for w in words {
                buf.extend_from_slice(&w.to_le_bytes());
            }
            for v in &s.values[r..r + count as usize] {
                buf.extend_from_slice(&[v[0].to_le_bytes()[0], v[1].to_le_bytes()[0]]);
            }
            r += count as usize;
            if buf.len() >= 1 << 20 {
                out.write_all(&buf)?;
                buf.clear();
            }
        }
    }
    out.write_all(&buf)?;
    Ok(check)
}

/// The header's check of the database [`write()`] would write, without writing it.
#[must_use]
pub fn check_of(solution: &Solution) -> u64 {
    write(solution, &mut std::io::sink()).unwrap_or(0)
}
