//! The checks a solve shares with its database and journal files: the FNV-1a hash over their
//! bytes, and the range of a slice's stored values.

use super::retro::ENDLESS;

/// FNV-1a, 64 bits.
#[derive(Clone, Copy)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    /// Hashes more bytes.
    pub fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// Hashes words as their little-endian bytes.
    pub fn update_words(&mut self, words: &[u64]) {
        for w in words {
            self.update(&w.to_le_bytes());
        }
    }

    /// The hash so far.
    #[must_use]
    pub fn value(&self) -> u64 {
        self.0
    }
}

/// Checks stored values against what a slice of `seeds` seeds on the board allows: the margin of
/// the rest of the round for the mover is even (both players' gains add up to the even number of
/// seeds on the board) and at most `seeds` either way; `best` may be endless play (+127) and
/// `worst` endless play against him (−127); `best ≥ worst` (counting endless play better for the
/// mover cannot lower his value).
///
/// # Errors
/// The first value out of range, in words.
pub fn check_values(values: &[[i8; 2]], seeds: u8) -> Result<(), String> {
    let s = i16::from(seeds);
    let finite = |v: i8| {
        let v = i16::from(v);
        v.abs() <= s && v % 2 == 0
    };
    for (k, &[best, worst]) in values.iter().enumerate() {
        let ok = (best == ENDLESS || finite(best))
            && (worst == -ENDLESS || finite(worst))
            && best >= worst;
        if !ok {
            return Err(format!(
                "board {k} of a slice with {seeds} seeds on the board has values {best} / \
                 {worst}; values lie in −{seeds}..{seeds} and are even (±127 for endless play, \
                 best ≥ worst)"
            ));
        }
    }
    Ok(())
}
