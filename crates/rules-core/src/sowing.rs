//! The relay sowing shared by Giuthi, Sulus Nishtaw and Uugg, with exact endless-sowing detection
//! (rules README §4).
//!
//! A sowing state is (hole contents, seeds in hand, current hole, direction). Each state has exactly
//! one predecessor, so a sowing that never ends is purely periodic and comes back to its first
//! lap-start state. Comparing each relay's lap-start state with the first one is therefore an exact
//! test, and it costs two integer comparisons per lap until hole, hand and direction all match.

use crate::geometry::{Geometry, HoleSet};
use crate::player::Dir;
use crate::trace::{Event, Rule, Tracer, emit};

/// What happens when a lap's last seed has fallen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum LapEnd {
    /// The sowing ends here; the game decides what follows.
    Stop,
    /// Lift the whole hole and sow it as a new lap in this direction.
    Relay(Dir),
}

/// The end of a finished sowing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Sown {
    /// The hole of the last seed.
    pub last: usize,
    /// The direction of the last lap.
    pub dir: Dir,
    /// Every hole that received a seed.
    pub touched: HoleSet,
}

/// The first lap of a sowing: seeds already lifted from `origin`, to be sown in `dir`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct LapStart {
    pub origin: usize,
    pub dir: Dir,
    pub hand: u8,
}

/// The sowing never ends (README §4): the start is not a legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Endless;

/// Sows the `hand` seeds already lifted from `origin`, one per hole from the next hole in `dir`, and
/// relays as `lap_end` decides until a lap stops. `lap_end` sees the board after the last drop:
/// the hole held nothing before the drop exactly when it now holds 1. Every hole receives seeds;
/// none is skipped (G7, S11, U3, U4).
#[inline]
pub(crate) fn relay_sow<const L: usize, T: Tracer>(
    seeds: &mut [u8; L],
    g: Geometry,
    LapStart { origin, dir, hand }: LapStart,
    relay_rule: Rule,
    mut lap_end: impl FnMut(&[u8; L], usize, Dir) -> LapEnd,
    t: &mut T,
) -> Result<Sown, Endless> {
    let first_board = *seeds;
    let (first_hand, first_dir) = (hand, dir);
    let mut pos = origin;
    let mut hand = hand;
    let mut dir = dir;
    let mut touched = HoleSet::EMPTY;
    loop {
        while hand > 0 {
            pos = g.step(pos, dir);
            seeds[pos] += 1;
            hand -= 1;
            touched.insert(pos);
            emit(t, || Event::Sow { hole: g.hole(pos) });
        }
        match lap_end(seeds, pos, dir) {
            LapEnd::Stop => {
                return Ok(Sown {
                    last: pos,
                    dir,
                    touched,
                });
            }
            LapEnd::Relay(next) => {
                hand = seeds[pos];
                seeds[pos] = 0;
                dir = next;
                if pos == origin && hand == first_hand && dir == first_dir && *seeds == first_board
                {
                    return Err(Endless);
                }
                emit(t, || Event::Lift {
                    hole: g.hole(pos),
                    seeds: u32::from(hand),
                    dir,
                    relay: true,
                    rule: relay_rule,
                });
            }
        }
    }
}
