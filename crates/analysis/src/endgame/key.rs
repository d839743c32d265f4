//! What an endgame table knows a position by (spec/analysis.md §12.1): the board seen from the
//! player to move, the seeds that count towards its level, and the part of the final margin
//! already settled (the baseline), which the table's values leave out. What a game's tables key
//! on and what it has settled are the game's own answers (`Variant::table_key`,
//! `Position::settled`); this file only packs them.

use rules_core::{GameKind, Player, Position, Settled, TableKey, Variant, View};

/// How a table keys the positions of its game: the game's [`TableKey`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Keying(pub TableKey);

/// A position as the table knows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Known {
    /// The board from the mover's side: equal keys have equal board values.
    pub key: u128,
    /// Seeds that can still move: the seeds outside the settled holes (every seed on the board
    /// in Giuthi; those outside the uuggs in Uugg). Play never raises it.
    pub level: u32,
    /// The final margin for the player to move that is already settled: his captures (and the
    /// seeds of his settled holes, Uugg's uuggs) minus his opponent's.
    pub baseline: i32,
}

impl Keying {
    /// The keying of a game, if its tables are supported.
    #[must_use]
    pub fn of(variant: Variant) -> Option<Keying> {
        variant.table_key().map(Keying)
    }

    /// The games whose tables `fits` accepts, for messages: `giuthi and uugg`.
    #[must_use]
    pub fn games(fits: impl Fn(TableKey) -> bool) -> String {
        let names: Vec<&str> = GameKind::names()
            .filter(|n| {
                n.parse::<GameKind>()
                    .ok()
                    .and_then(|g| Variant::default_for(g).table_key())
                    .is_some_and(&fits)
            })
            .collect();
        names.join(" and ")
    }

    /// Whether every board of the game can be listed: the seeds alone are the key
    /// ([`TableKey::Seeds`]), so a table can be filled whole and indexed perfectly.
    #[must_use]
    pub fn lists_boards(self) -> bool {
        self.0 == TableKey::Seeds
    }

    /// Bits of a hole in a key: seeds (6); with marks and owners also its mark (2) and owner
    /// (1).
    fn hole_bits(self) -> u32 {
        match self.0 {
            TableKey::Seeds => 6,
            TableKey::SeedsMarksOwners => 9,
        }
    }

    /// The position's key, level and baseline; `None` when a hole holds more seeds than a key
    /// holds (63) or the board has more holes than it holds (21 keyed by seeds, 14 with marks
    /// and owners).
    #[must_use]
    pub fn known(self, pos: &Position) -> Option<Known> {
        let v = pos.view();
        let settled = pos.settled();
        let len = v.seeds().len();
        let bits = self.hole_bits();
        if len * bits as usize > 128 {
            return None;
        }
        let me = v.to_move();
        let stores = v.stores();
        let mut baseline = i64::from(stores[me.index()]) - i64::from(stores[me.other().index()]);
        let mut level = 0u32;
        for (i, &seeds) in v.seeds().iter().enumerate() {
            match settled.owner(i) {
                None => level += u32::from(seeds),
                Some(owner) => {
                    let sign = if owner == me { 1 } else { -1 };
                    baseline += sign * i64::from(seeds);
                }
            }
        }
        // The half turn that puts the mover's row first: B's holes are 0..N, A's N..2N.
        let n = len / 2;
        let offset = if me == Player::A { n } else { 0 };
        let mut key = 0u128;
        for j in 0..len {
            let i = (j + offset) % len;
            key = key << bits | u128::from(self.hole(&v, &settled, i)?);
        }
        Some(Known {
            key,
            level,
            baseline: i32::try_from(baseline).ok()?,
        })
    }

    /// The bits of hole `i`.
    fn hole(self, v: &View<'_>, settled: &Settled, i: usize) -> Option<u32> {
        let seeds = v.seed(i);
        if self.0 == TableKey::Seeds {
            return (seeds < 64).then_some(seeds);
        }
        let me = v.to_move();
        let mine = u32::from(v.owner(i) == me);
        let (mark, shown) = match settled.owner(i) {
            Some(owner) => {
                // A settled hole's seeds count only when play takes some out (in Uugg a balla,
                // U9, U12): at most `takeable` seeds can be taken, so a hole holding that many is
                // never emptied; one play can never take from (U13) is never looked in.
                let shown = if settled.open.contains(i) {
                    seeds.min(settled.takeable)
                } else {
                    0
                };
                (if owner == me { 1 } else { 2 }, shown)
            }
            None => (0, seeds),
        };
        (shown < 64).then_some(shown | mark << 6 | mine << 8)
    }
}
