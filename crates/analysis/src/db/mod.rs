//! The database file of solved positions (spec/analysis.md §4), and its use as the search's
//! [`Oracle`].
//!
//! The file is a short text header, then one binary record per position, sorted by key:
//!
//! ```text
//! mancala-db 1
//! game bechi holes=3
//! positions 1234567
//! record key:u64le best:i8 worst:i8
//! checksum fnv1a64 0123456789abcdef
//! <blank line>
//! <records>
//! ```
//!
//! `best` and `worst` are the margin of the rest of the round for the player to move (the seeds
//! he will take from now on, his captures and B13's, minus his opponent's), with endless play
//! scored as his best and as his worst outcome; endless play itself is ±127. The checksum is
//! FNV-1a (64 bits) of the records' bytes.

pub mod key;

use crate::eval::stores;
use crate::search::Oracle;
use crate::value::ENDLESS;
use rules_core::{Position, Variant};
use std::io::{BufRead, Write};

/// The stored value of endless play (for the player to move: +127 he forces it as his best
/// outcome, −127 as his worst).
pub const ENDLESS_STORED: i8 = 127;

/// The format version the header names.
pub const VERSION: u32 = 1;

/// Solved positions of one variant, sorted by key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Database {
    pub variant: Variant,
    pub keys: Vec<u64>,
    /// Per key: the rest of the round's margin for the player to move, endless play best and
    /// worst for him.
    pub values: Vec<[i8; 2]>,
}

/// FNV-1a, 64 bits.
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    pub fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    #[must_use]
    pub fn value(&self) -> u64 {
        self.0
    }
}

fn record(key: u64, v: [i8; 2]) -> [u8; 10] {
    let mut r = [0u8; 10];
    r[..8].copy_from_slice(&key.to_le_bytes());
    r[8] = v[0].to_le_bytes()[0];
    r[9] = v[1].to_le_bytes()[0];
    r
}

impl Database {
    /// The checksum of the records.
    #[must_use]
    pub fn checksum(&self) -> u64 {
        let mut h = Fnv::default();
        for (k, v) in self.keys.iter().zip(&self.values) {
            h.update(&record(*k, *v));
        }
        h.value()
    }

    /// The stored values of a key.
    #[must_use]
    pub fn get(&self, key: u64) -> Option<[i8; 2]> {
        self.keys.binary_search(&key).ok().map(|i| self.values[i])
    }

    /// Writes the database.
    ///
    /// # Errors
    /// Writing fails.
    pub fn write(&self, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(out, "mancala-db {VERSION}")?;
        writeln!(out, "game {}", self.variant)?;
        writeln!(out, "positions {}", self.keys.len())?;
        writeln!(out, "record key:u64le best:i8 worst:i8")?;
        writeln!(out, "checksum fnv1a64 {:016x}", self.checksum())?;
        writeln!(out)?;
        for (k, v) in self.keys.iter().zip(&self.values) {
            out.write_all(&record(*k, *v))?;
        }
        Ok(())
    }

    /// Reads a database, checking its header, order and checksum.
    ///
    /// # Errors
    /// What is wrong with the file, in words.
    pub fn read(input: &mut impl BufRead) -> Result<Database, String> {
        let mut line = |what: &str| -> Result<String, String> {
            let mut l = String::new();
            input
                .read_line(&mut l)
                .map_err(|e| format!("reading the header ({what}): {e}"))?;
            Ok(l.trim_end_matches('\n').to_owned())
        };
        let magic = line("first line")?;
        if magic != format!("mancala-db {VERSION}") {
            return Err(format!(
                "not a mancala database of format {VERSION}: the first line is `{magic}`"
            ));
        }
        let game = line("game")?;
        let variant = parse_variant(game.strip_prefix("game ").unwrap_or(""))
            .ok_or_else(|| format!("bad game line `{game}`"))?;
        let count: usize = line("positions")?
            .strip_prefix("positions ")
            .and_then(|n| n.parse().ok())
            .ok_or("bad positions line")?;
        let layout = line("record")?;
        if layout != "record key:u64le best:i8 worst:i8" {
            return Err(format!("unknown record layout `{layout}`"));
        }
        let sum = line("checksum")?;
        let expected = sum
            .strip_prefix("checksum fnv1a64 ")
            .and_then(|h| u64::from_str_radix(h, 16).ok())
            .ok_or("bad checksum line")?;
        if !line("blank")?.is_empty() {
            return Err("the header does not end with a blank line".to_owned());
        }
        let mut keys = Vec::with_capacity(count);
        let mut values = Vec::with_capacity(count);
        let mut r = [0u8; 10];
        for i in 0..count {
            input
                .read_exact(&mut r)
                .map_err(|e| format!("record {i} of {count}: {e}"))?;
            let mut k = [0u8; 8];
            k.copy_from_slice(&r[..8]);
            keys.push(u64::from_le_bytes(k));
            values.push([i8::from_le_bytes([r[8]]), i8::from_le_bytes([r[9]])]);
        }
        if input.read(&mut r).map_err(|e| e.to_string())? != 0 {
            return Err(format!("bytes after the {count} records"));
        }
        if !keys.is_sorted_by(|a, b| a < b) {
            return Err("the records are not sorted by key".to_owned());
        }
        let db = Database {
            variant,
            keys,
            values,
        };
        if db.checksum() != expected {
            return Err(format!(
                "checksum mismatch: the header says {expected:016x}, the records give {:016x}",
                db.checksum()
            ));
        }
        Ok(db)
    }
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

/// A stored value as a search score.
#[must_use]
pub fn score(v: i8) -> i32 {
    match v {
        ENDLESS_STORED => ENDLESS,
        v if v == -ENDLESS_STORED => -ENDLESS,
        v => i32::from(v),
    }
}

impl Oracle for Database {
    fn probe(&self, pos: &Position) -> Option<[i32; 2]> {
        if pos.variant() != self.variant {
            return None;
        }
        let v = self.get(key::key(pos)?)?;
        let s = stores(pos);
        let me = pos.to_move().index();
        let so_far = i32::try_from(s[me]).ok()? - i32::try_from(s[1 - me]).ok()?;
        let add = |x: i8| {
            let sc = score(x);
            if sc.abs() >= ENDLESS { sc } else { sc + so_far }
        };
        Some([add(v[0]), add(v[1])])
    }
}
