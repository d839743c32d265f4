//! Duplicate records (spec/collections.md §3): two records are the same game when they start
//! alike (game, every option, opener, `Position` tag) and make the same moves, round set-ups
//! included, in canonical spelling; tags, comments, annotations and spellings do not count.
//!
//! A record's key is the SHA-256 digest of that start and those moves, so that memory grows by
//! one digest and the place of the first record (about 80 bytes) per distinct record kept, not
//! by the records themselves.

use crate::inputs::records::Unit;
use notation::{Item, Record};
use sha2::{Digest, Sha256};
use std::collections::HashMap;

/// The key of a record's start and moves.
pub fn key(rec: &Record) -> [u8; 32] {
    let mut h = Sha256::new();
    // Fields end with a byte no token holds, so that two different lists never join alike.
    let mut field = |s: &str| {
        h.update(s.as_bytes());
        h.update([0]);
    };
    field(&rec.variant.to_string());
    field(&rec.opener.letter().to_string());
    field(rec.position.as_deref().unwrap_or(""));
    for item in &rec.movetext {
        match item {
            Item::Ply { token, .. } => field(token),
            Item::Round { round, decision } => field(&format!("round {round} {decision:?}")),
            // Side lines are commentary: the same main line from the same start is the same game.
            Item::Annotation { .. } | Item::Comment { .. } | Item::Variation { .. } => {}
        }
    }
    h.finalize().into()
}

/// The records kept so far, by key.
#[derive(Default)]
pub struct Seen {
    first: HashMap<[u8; 32], String>,
}

impl Seen {
    /// `None` for a record not seen before (remembered now), else where its first copy is.
    pub fn repeat(&mut self, u: &Unit) -> Option<String> {
        let rec = u.checked.canonical.as_ref().or(u.record.as_ref())?;
        let k = key(rec);
        if let Some(first) = self.first.get(&k) {
            return Some(first.clone());
        }
        self.first.insert(
            k,
            format!("{}:{}: record {}", u.shown_file(), u.first_line, u.index),
        );
        None
    }
}
