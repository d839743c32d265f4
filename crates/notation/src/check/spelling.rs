//! Whether a move token is a move's spelling, without writing the spelling out: the replay
//! compares every ply's written token with its canonical spelling, and most are equal.

use rules_core::Move;
use std::fmt::{self, Write};

/// Whether `token` is exactly `mv`'s token (`Move`'s `Display`), byte for byte: the same
/// answer as `mv.to_string() == token`, with no text built.
#[must_use]
pub fn spells(mv: &Move, token: &str) -> bool {
    let mut rest = Prefix(token);
    write!(rest, "{mv}").is_ok() && rest.0.is_empty()
}

/// The part of a token not yet matched by what was written; a write that does not match it
/// fails, which stops the formatting at once.
struct Prefix<'t>(&'t str);

impl Write for Prefix<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        match self.0.strip_prefix(s) {
            Some(rest) => {
                self.0 = rest;
                Ok(())
            }
            None => Err(fmt::Error),
        }
    }
}
