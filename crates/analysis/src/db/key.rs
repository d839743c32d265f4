//! The key of a Bechi position in a database: what the rest of its round depends on.
//!
//! The rest of a Bechi round depends only on the board, the chosen marks and the side to move
//! (B4–B13): not on the stores, the reserves, the round number or the opener. A round with
//! blocked holes (B3) is not covered. Layout, from the low bit: the side to move (1 bit, 1 for
//! B), the chosen marks (one bit per hole index), then 6 bits of seeds per hole index (kB is
//! index k−1, kA is n+k−1).

use rules_core::{BechiOptions, Mark, MarkKind, Player, Position, Setup, SetupError, Variant};

/// Bits of seeds per hole: a Bechi hole holds at most 48 seeds.
const SEED_BITS: u32 = 6;

/// The board width (holes per row) of a Bechi variant, or `None` for another game.
#[must_use]
pub fn holes(variant: Variant) -> Option<usize> {
    match variant {
        Variant::Bechi(o) => Some(usize::from(o.holes)),
        _ => None,
    }
}

/// The key of `pos`, if it is a Bechi position without blocked holes.
#[must_use]
pub fn key(pos: &Position) -> Option<u64> {
    key_of_setup(&pos.to_setup())
}

/// As [`key`], from the position's setup.
#[must_use]
pub fn key_of_setup(s: &Setup) -> Option<u64> {
    let n = holes(s.variant)?;
    let len = 2 * n;
    let mut k = u64::from(s.to_move == Player::B);
    for (i, m) in s.marks.iter().enumerate().take(len) {
        match m {
            Some(m) if m.kind == MarkKind::Chosen => k |= 1 << (1 + i),
            Some(_) => return None,
            None => {}
        }
    }
    for (i, &seeds) in s.seeds.iter().enumerate().take(len) {
        if seeds >= 1 << SEED_BITS {
            return None;
        }
        k |= u64::from(seeds) << (1 + len as u32 + SEED_BITS * i as u32);
    }
    Some(k)
}

/// The parts of a key.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    pub to_move: Player,
    /// Chosen marks, bit `i` for hole index `i`.
    pub chosen: u32,
    /// Seeds by hole index.
    pub seeds: [u32; 8],
}

/// Splits a key of a board with `n` holes per row.
#[must_use]
pub fn parts(key: u64, n: usize) -> Parts {
    let len = 2 * n;
    let mut seeds = [0u32; 8];
    for (i, s) in seeds.iter_mut().enumerate().take(len) {
        *s = ((key >> (1 + len as u32 + SEED_BITS * i as u32)) & ((1 << SEED_BITS) - 1)) as u32;
    }
    Parts {
        to_move: if key & 1 == 1 { Player::B } else { Player::A },
        chosen: ((key >> 1) & ((1 << len) - 1)) as u32,
        seeds,
    }
}

/// The seeds on the board of a key.
#[must_use]
pub fn board_seeds(key: u64, n: usize) -> u32 {
    parts(key, n).seeds.iter().sum()
}

/// A round-1 position with the key's board, marks and side to move; the seeds off the board are
/// in A's store (they do not change the rest of the round).
///
/// # Errors
/// The key does not describe a Bechi position (an odd number of seeds captured, a chosen hole
/// with too few seeds to have been played, …).
pub fn position(key: u64, n: u8) -> Result<Position, SetupError> {
    let variant = Variant::Bechi(BechiOptions { holes: n });
    let p = parts(key, usize::from(n));
    let mut s = Setup::start(variant, p.to_move);
    let len = 2 * usize::from(n);
    let g = variant.geometry();
    for i in 0..len {
        s.seeds[i] = p.seeds[i];
        if p.chosen & (1 << i) != 0 {
            s.marks[i] = Some(Mark {
                kind: MarkKind::Chosen,
                owner: g.row(i),
            });
        }
    }
    let on_board: u32 = s.seeds.iter().sum();
    s.stores = [variant.total_seeds().saturating_sub(on_board), 0];
    s.opener = Some(Player::A);
    Position::from_setup(&s)
}
