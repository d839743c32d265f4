//! Every slice a solve may meet, in solving order, grouped in pairs, with a constant-time lookup
//! from a slice to its place.

use super::board::{Board, Shape};
use super::index::{Layout, SliceId};

/// The slices of one solve: every valid slice of the shape whose blocked holes are one of the
/// roots' (moves never change which holes are blocked, only turn the board round).
#[derive(Clone, Debug)]
pub struct Catalog {
    shape: Shape,
    /// Blocked masks met, and the place of each mask in that list (`u8::MAX`: none).
    pattern_of: [u8; 256],
    patterns: usize,
    /// Slot of (pattern, seeds / 2, chosen, low) → place in `layouts` (`u32::MAX`: invalid).
    slot: Vec<u32>,
    /// The slices, in solving order (§3).
    layouts: Vec<Layout>,
    /// Each pair: the place of its first slice and its number of slices (1 when the slice is its
    /// own twin, else 2).
    pairs: Vec<(u32, u8)>,
}

/// Seed counts are even: 0, 2, ... 48.
const SEED_SLOTS: usize = 25;

impl Catalog {
    /// The slices of boards of `shape` with the blocked holes of `roots`.
    #[must_use]
    pub fn new(shape: Shape, roots: &[Board]) -> Catalog {
        let mut masks: Vec<u8> = Vec::new();
        for r in roots {
            for m in [r.blocked, shape.swap_mask(r.blocked)] {
                if !masks.contains(&m) {
                    masks.push(m);
                }
            }
        }
        Catalog::with_masks(shape, &masks)
    }

    /// The slices of boards of `shape` whose blocked holes are one of `masks` (each given with its
    /// rows swapped too).
    #[must_use]
    pub fn with_masks(shape: Shape, masks: &[u8]) -> Catalog {
        let mut pattern_of = [u8::MAX; 256];
        let mut list: Vec<u8> = Vec::new();
        for &m in masks {
            for m in [m, shape.swap_mask(m)] {
                if pattern_of[usize::from(m)] == u8::MAX {
                    pattern_of[usize::from(m)] = list.len() as u8;
                    list.push(m);
                }
            }
        }
        let mut layouts = Vec::new();
        for &blocked in &list {
            for seeds in (0..=shape.total_seeds()).step_by(2) {
                for chosen in 0..=255u8 {
                    for low in [false, true] {
                        let id = SliceId {
                            seeds,
                            chosen,
                            blocked,
                            low,
                        };
                        if let Some(l) = Layout::new(shape, id) {
                            layouts.push(l);
                        }
                    }
                }
            }
        }
        layouts.sort_by_key(|l| l.id.solve_order(shape));
        let mut slot = vec![u32::MAX; list.len() * SEED_SLOTS * 512];
        let mut c = Catalog {
            shape,
            pattern_of,
            patterns: list.len(),
            slot: Vec::new(),
            layouts,
            pairs: Vec::new(),
        };
        for (i, l) in c.layouts.iter().enumerate() {
            if let Some(s) = c.slot_of(l.id) {
                slot[s] = i as u32;
            }
        }
        c.slot = slot;
        let mut i = 0;
        while i < c.layouts.len() {
            let id = c.layouts[i].id;
            let twin = id.swapped(shape);
            let two = twin != id && c.layouts.get(i + 1).is_some_and(|l| l.id == twin);
            c.pairs.push((i as u32, 1 + u8::from(two)));
            i += 1 + usize::from(two);
        }
        c
    }

    fn slot_of(&self, id: SliceId) -> Option<usize> {
        let p = self.pattern_of[usize::from(id.blocked)];
        if p == u8::MAX || usize::from(id.seeds / 2) >= SEED_SLOTS || !id.seeds.is_multiple_of(2) {
            return None;
        }
        Some(
            ((usize::from(p) * SEED_SLOTS + usize::from(id.seeds / 2)) * 256
                + usize::from(id.chosen))
                * 2
                + usize::from(id.low),
        )
    }

    /// The shape.
    #[must_use]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The place of a slice in solving order.
    #[inline]
    #[must_use]
    pub fn find(&self, id: SliceId) -> Option<usize> {
        let s = self.slot_of(id)?;
        match self.slot[s] {
            u32::MAX => None,
            i => Some(i as usize),
        }
    }

    /// The slices, in solving order.
    #[must_use]
    pub fn layouts(&self) -> &[Layout] {
        &self.layouts
    }

    /// The pairs, in solving order: the places of their slices.
    pub fn pairs(&self) -> impl DoubleEndedIterator<Item = std::ops::Range<usize>> + '_ {
        self.pairs.iter().map(|&(first, len)| {
            let first = first as usize;
            first..first + usize::from(len)
        })
    }

    /// How many blocked masks the catalog covers.
    #[must_use]
    pub fn patterns(&self) -> usize {
        self.patterns
    }
}
