//! The work file of a solve: each solved pair of slices, appended as it is done, so that a run
//! that was stopped takes up where it was (spec/analysis.md §3).
//!
//! `DIR/journal` starts with one line naming the solve: the format, the game, and a fingerprint
//! of the roots and of every reachable set (the reachable boards are found again on each run, in
//! minutes; a journal of another solve, or of other reachable sets, is refused). Then one record
//! per solved pair:
//!
//! ```text
//! place:u32le slices:u8 (count:u64le)×slices (best:i8 worst:i8)×(sum of counts) fnv1a64:u64le
//! ```
//!
//! the check covering the record's other bytes. A record is kept only if its check holds, its
//! pair is the next one to solve in order, its counts are the reachable sets' and its values lie
//! in their slice's range (§4); the first record that fails ends the journal, and the file is cut
//! there (a run stopped while writing leaves a partial record).

use super::catalog::Catalog;
use super::check::{Fnv, check_values};
use super::reach::Reached;
use super::verify::Report;
use super::{Bitmap, SolveError, board::Board, vec_of};
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The first line's format word.
const MAGIC: &str = "mancala-solve-journal 1";

/// A journal being read back and written.
pub struct Journal {
    path: PathBuf,
    out: BufWriter<File>,
    /// Pairs read back, by the place of their first slice.
    kept: HashMap<usize, Vec<Vec<[i8; 2]>>>,
    last_sync: Instant,
}

fn io(path: &Path, e: &std::io::Error) -> SolveError {
    SolveError::Io(format!("{}: {e}", path.display()))
}

/// What names a solve: the game, the roots, every reachable set.
fn fingerprint(cat: &Catalog, roots: &[Board], reached: &Reached) -> String {
    let mut h = Fnv::default();
    for r in roots {
        h.update(&r.seeds);
        h.update(&[r.chosen, r.blocked]);
    }
    for (place, set) in reached.sets.iter().enumerate() {
        if let Some(s) = set {
            h.update(&(place as u32).to_le_bytes());
            h.update_words(s.words());
        }
    }
    format!(
        "{MAGIC} {} roots={} positions={} fnv1a64={:016x}\n",
        cat.shape().variant(),
        roots.len(),
        reached.positions,
        h.value()
    )
}

impl Journal {
    /// Opens (or starts) the journal in `dir` and reads back the pairs it holds.
    ///
    /// # Errors
    /// The folder or file cannot be used; the journal is of another solve.
    pub fn open(
        dir: &Path,
        cat: &Catalog,
        roots: &[Board],
        reached: &Reached,
    ) -> Result<Journal, SolveError> {
        std::fs::create_dir_all(dir).map_err(|e| io(dir, &e))?;
        let path = dir.join("journal");
        let name = fingerprint(cat, roots, reached);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| io(&path, &e))?;
        let len = file.metadata().map_err(|e| io(&path, &e))?.len();
        let mut kept = HashMap::new();
        let good_end = if len == 0 {
            file.write_all(name.as_bytes()).map_err(|e| io(&path, &e))?;
            name.len() as u64
        } else {
            let mut head = vec![0u8; name.len()];
            let mut r = BufReader::new(&mut file);
            let same = r.read_exact(&mut head).is_ok() && head == name.as_bytes();
            if !same {
                let shown = String::from_utf8_lossy(&head);
                return Err(SolveError::Io(format!(
                    "{}: the work file of another solve (it begins `{}`, this solve is `{}`); \
                     remove it or give another --work folder",
                    path.display(),
                    shown.lines().next().unwrap_or(""),
                    name.trim_end()
                )));
            }
            read_records(&mut r, cat, reached, &mut kept, name.len() as u64)
        };
        file.set_len(good_end).map_err(|e| io(&path, &e))?;
        file.seek(SeekFrom::Start(good_end))
            .map_err(|e| io(&path, &e))?;
        Ok(Journal {
            path,
            out: BufWriter::new(file),
            kept,
            last_sync: Instant::now(),
        })
    }

    /// The values of the pair whose first slice is at `place`, if the journal holds it.
    ///
    /// # Errors
    /// None today (the records were checked when read).
    pub fn take(
        &mut self,
        place: usize,
        _members: &[Bitmap],
    ) -> Result<Option<Vec<Vec<[i8; 2]>>>, SolveError> {
        Ok(self.kept.remove(&place))
    }

    /// The error that refuses a record whose values its moves do not prove (`found`, the check
    /// of the pair whose first slice is at `place`).
    #[must_use]
    pub fn refuse(&self, cat: &Catalog, place: usize, found: &Report) -> SolveError {
        let first = found
            .first
            .first()
            .map_or_else(String::new, |f| format!("{}; ", f.words(cat.shape())));
        let boards = |n: u64| format!("{n} board{}", if n == 1 { "" } else { "s" });
        SolveError::Io(format!(
            "{}: a record was changed after it was written (its check holds: it was made again): \
             {first}in its pair of slices ({} seeds on the board), {} with values their moves \
             do not give, {} with a value no play forces, {} with a move to a board it lacks; \
             remove the journal (or give another --work folder) to solve again",
            self.path.display(),
            cat.layouts()[place].id.seeds,
            boards(found.inconsistent),
            boards(found.unforced),
            boards(found.missing),
        ))
    }

    /// Appends a solved pair.
    ///
    /// # Errors
    /// Writing fails.
    pub fn append(&mut self, place: usize, values: &[Vec<[i8; 2]>]) -> Result<(), SolveError> {
        let mut h = Fnv::default();
        let mut head = Vec::new();
        head.extend_from_slice(&(place as u32).to_le_bytes());
        head.push(values.len() as u8);
        for v in values {
            head.extend_from_slice(&(v.len() as u64).to_le_bytes());
        }
        h.update(&head);
        let e = |e: std::io::Error| io(&self.path, &e);
        self.out.write_all(&head).map_err(e)?;
        for v in values {
            let bytes = v.as_flattened();
            let bytes: Vec<u8> = bytes.iter().map(|&x| x.to_le_bytes()[0]).collect();
            h.update(&bytes);
            self.out.write_all(&bytes).map_err(e)?;
        }
        self.out.write_all(&h.value().to_le_bytes()).map_err(e)?;
        self.out.flush().map_err(e)?;
        if self.last_sync.elapsed().as_secs() >= 10 {
            self.out.get_ref().sync_data().map_err(e)?;
            self.last_sync = Instant::now();
        }
        Ok(())
    }
}

/// Reads the records after the first line, keeping each good one; returns the end of the last.
fn read_records(
    r: &mut impl Read,
    cat: &Catalog,
    reached: &Reached,
    kept: &mut HashMap<usize, Vec<Vec<[i8; 2]>>>,
    start: u64,
) -> u64 {
    let mut end = start;
    let pairs = cat
        .pairs()
        .filter(|p| p.clone().any(|i| reached.sets[i].is_some()));
    for pair in pairs {
        match read_record(r, cat, reached, &pair) {
            Some((values, bytes)) => {
                kept.insert(pair.start, values);
                end += bytes;
            }
            None => break,
        }
    }
    end
}

/// One record, if it is whole and right for `pair`, with its length in bytes.
fn read_record(
    r: &mut impl Read,
    cat: &Catalog,
    reached: &Reached,
    pair: &std::ops::Range<usize>,
) -> Option<(Vec<Vec<[i8; 2]>>, u64)> {
    let mut h = Fnv::default();
    let mut head = [0u8; 5];
    r.read_exact(&mut head).ok()?;
    h.update(&head);
    let place = u32::from_le_bytes([head[0], head[1], head[2], head[3]]) as usize;
    if place != pair.start || usize::from(head[4]) != pair.len() {
        return None;
    }
    let mut bytes = 5u64;
    let mut out = Vec::new();
    let mut counts = Vec::new();
    for i in pair.clone() {
        let mut c = [0u8; 8];
        r.read_exact(&mut c).ok()?;
        h.update(&c);
        let count = u64::from_le_bytes(c);
        let want = reached.sets[i].as_ref().map_or(0, Bitmap::count);
        if count != want {
            return None;
        }
        counts.push(count);
        bytes += 8;
    }
    for (i, &count) in pair.clone().zip(&counts) {
        let n = usize::try_from(count).ok()?;
        let mut raw = vec_of(2 * n, 0u8, "journal values").ok()?;
        r.read_exact(&mut raw).ok()?;
        h.update(&raw);
        let seeds = cat.layouts()[i].id.seeds;
        let values: Vec<[i8; 2]> = raw
            .chunks_exact(2)
            .map(|b| [i8::from_le_bytes([b[0]]), i8::from_le_bytes([b[1]])])
            .collect();
        check_values(&values, seeds).ok()?;
        bytes += raw.len() as u64;
        out.push(values);
    }
    let mut sum = [0u8; 8];
    r.read_exact(&mut sum).ok()?;
    (u64::from_le_bytes(sum) == h.value()).then_some((out, bytes + 8))
}
