//! What an endgame table knows a position by (spec/analysis.md §12.1): the board seen from the
//! player to move, the seeds that count towards its level, and the part of the final margin
//! already settled (the baseline), which the table's values leave out.

use rules_core::{GameKind, MarkKind, Player, Position, Setup};

/// The games whose value splits into a settled part and a board value (§12.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Keying {
    /// Giuthi: the board alone (G20: captures and the seeds left in one's row).
    Giuthi,
    /// Uugg: the board, the uuggs and their owners, who owns each hole (U18, U21).
    Uugg,
}

/// A position as the table knows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Known {
    /// The board from the mover's side: equal keys have equal board values.
    pub key: u128,
    /// Seeds that can still move: every seed on the board (Giuthi), the seeds outside the
    /// uuggs (Uugg). Play never raises it.
    pub level: u32,
    /// The final margin for the player to move that is already settled: his captures (and in
    /// Uugg the seeds in his uuggs) minus his opponent's.
    pub baseline: i32,
}

impl Keying {
    /// The keying of a game, if its tables are supported.
    #[must_use]
    pub fn of(game: GameKind) -> Option<Keying> {
        match game {
            GameKind::Giuthi => Some(Keying::Giuthi),
            GameKind::Uugg => Some(Keying::Uugg),
            _ => None,
        }
    }

    /// Bits of a hole in a key: seeds (6); in Uugg also its mark (2) and owner (1).
    fn hole_bits(self) -> u32 {
        match self {
            Keying::Giuthi => 6,
            Keying::Uugg => 9,
        }
    }

    /// The position's key, level and baseline; `None` when a hole holds more seeds than a key
    /// holds (63) or the board has more holes than it holds (20 in Giuthi, 14 in Uugg).
    #[must_use]
    pub fn known(self, pos: &Position) -> Option<Known> {
        let s = pos.to_setup();
        let len = s.seeds.len();
        let bits = self.hole_bits();
        if len * bits as usize > 128 {
            return None;
        }
        let me = s.to_move;
        let mut baseline =
            i64::from(s.stores[me.index()]) - i64::from(s.stores[me.other().index()]);
        let mut level = 0u32;
        for (i, &seeds) in s.seeds.iter().enumerate() {
            if self == Keying::Giuthi || !is_uugg(&s, i) {
                level += seeds;
            } else if let Some(m) = s.mark(i) {
                let sign = if m.owner == me { 1 } else { -1 };
                baseline += sign * i64::from(seeds);
            }
        }
        // The half turn that puts the mover's row first: B's holes are 0..N, A's N..2N.
        let n = len / 2;
        let offset = if me == Player::A { n } else { 0 };
        let mut key = 0u128;
        for j in 0..len {
            let i = (j + offset) % len;
            key = key << bits | u128::from(self.hole(&s, i, me, level)?);
        }
        Some(Known {
            key,
            level,
            baseline: i32::try_from(baseline).ok()?,
        })
    }

    /// The bits of hole `i` for mover `me`, where `level` seeds can still move.
    fn hole(self, s: &Setup, i: usize, me: Player, level: u32) -> Option<u32> {
        let seeds = s.seeds[i];
        if self == Keying::Giuthi {
            return (seeds < 64).then_some(seeds);
        }
        let mine = u32::from(s.owner(i) == me);
        let (mark, shown) = match s.mark(i) {
            Some(m) if m.kind == MarkKind::Uugg => {
                // An uugg's seeds count only when a balla eats one (U9, U12): at most `level`
                // ballas are left, each eating a seed that can move, so an uugg holding that
                // many is never emptied; one that can never be eaten (U13) is never looked in.
                let len = s.seeds.len();
                let before = (i + len - 1) % len;
                let eatable = !is_uugg(s, before) && s.owner(before) != m.owner;
                let shown = if eatable { seeds.min(level) } else { 0 };
                (if m.owner == me { 1 } else { 2 }, shown)
            }
            _ => (0, seeds),
        };
        (shown < 64).then_some(shown | mark << 6 | mine << 8)
    }
}

/// Whether hole `i` is an uugg.
fn is_uugg(s: &Setup, i: usize) -> bool {
    s.mark(i).is_some_and(|m| m.kind == MarkKind::Uugg)
}
