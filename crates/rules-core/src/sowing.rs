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
/// relays as `lap_end` decides until a lap stops. `lap_end` sees the number of seeds in the hole of
/// the last drop after the drop (the hole held nothing before exactly when it now holds 1), the
/// hole and the direction; it must depend on nothing else but what `cycle_key` says (below). Every
/// hole receives seeds; none is skipped (G7, S11, U3, U4).
///
/// `cycle_key` names, within the caller's game, everything besides the board that `lap_end`
/// depends on (Uugg's uuggs and the opponent's holes, say): sowings that run long are checked
/// against the thread's memory of endless cycles ([`memo`]) under that key, so it must be exact.
///
/// Untraced (perft, move generation) each lap goes through [`sow_lap`], with no event and the
/// full turns of a big hand in bulk; traced, seed by seed, so that every drop is an event. Both
/// give the same board, last hole and touched holes (tests below).
#[inline]
pub(crate) fn relay_sow<const L: usize, T: Tracer>(
    seeds: &mut [u8; L],
    g: Geometry,
    start: LapStart,
    relay_rule: Rule,
    cycle_key: u64,
    mut lap_end: impl FnMut(u8, usize, Dir) -> LapEnd,
    t: &mut T,
) -> Result<Sown, Endless> {
    if !T::ON {
        return relay_sow_fast(seeds, g.len(), start, cycle_key, lap_end);
    }
    let LapStart { origin, dir, hand } = start;
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
        match lap_end(seeds[pos], pos, dir) {
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

/// [`relay_sow`] without a trace: each lap in bulk ([`sow_lap`]).
#[inline(always)]
fn relay_sow_fast<const L: usize>(
    seeds: &mut [u8; L],
    len: usize,
    LapStart { origin, dir, hand }: LapStart,
    cycle_key: u64,
    mut lap_end: impl FnMut(u8, usize, Dir) -> LapEnd,
) -> Result<Sown, Endless> {
    let first = *seeds;
    let (first_hand, first_dir) = (hand, dir);
    let (mut pos, mut hand, mut dir) = (origin, hand, dir);
    let mut touched = HoleSet::EMPTY;
    let mut laps = 0u32;
    loop {
        let (end, sown) = sow_lap(seeds, len, pos, dir, hand);
        pos = end;
        touched = touched.or(sown);
        match lap_end(seeds[pos], pos, dir) {
            LapEnd::Stop => {
                if laps >= memo::LONG {
                    memo::forget();
                }
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
                if pos == origin && hand == first_hand && dir == first_dir && *seeds == first {
                    if laps >= memo::LONG {
                        memo::endless();
                    }
                    return Err(Endless);
                }
                laps += 1;
                if laps >= memo::LONG {
                    if laps == memo::LONG {
                        memo::forget();
                    }
                    if memo::distinguished(seeds, cycle_key, pos, hand)
                        && memo::known_endless(memo::State::new(
                            cycle_key, seeds, len, pos, hand, dir,
                        ))
                    {
                        return Err(Endless);
                    }
                }
            }
        }
    }
}

/// The `cycle_key` of [`relay_sow`]: the caller's `tag` (one per `lap_end` rule: a game, or
/// a kind of sowing in it) and two sets of holes the lap ends depend on.
#[must_use]
pub(crate) const fn cycle_key(tag: u8, a: HoleSet, b: HoleSet) -> u64 {
    (tag as u64) << 56 | (a.0 as u64) | (b.0 as u64) << 28
}

/// The hole indices `from..to` (`to` − `from` < 32).
#[inline]
fn bits(from: usize, to: usize) -> HoleSet {
    HoleSet(((1u32 << (to - from)) - 1) << from)
}

/// Sows one lap without a trace: `hand` seeds one per hole from the hole after `pos` in `dir`, on
/// the cycle of the first `len` holes. Returns the hole of the last seed (`pos` when `hand` is 0)
/// and the holes that received a seed. A hand of `len` seeds or more first gives every hole one
/// seed per full turn; the rest go one by one, in a loop for each direction.
#[inline(always)]
pub(crate) fn sow_lap<const L: usize>(
    seeds: &mut [u8; L],
    len: usize,
    pos: usize,
    dir: Dir,
    hand: u8,
) -> (usize, HoleSet) {
    let mut rest = usize::from(hand);
    let mut touched = HoleSet::EMPTY;
    if rest >= len {
        let mut turns = 0u8;
        while rest >= len {
            rest -= len;
            turns += 1;
        }
        for x in &mut seeds[..len] {
            *x += turns;
        }
        touched = bits(0, len);
    }
    // The rest one by one: hands are short (a few seeds) in these games, and a step per seed
    // costs less than computing runs (measured: spec/engine.md §3).
    let mut pos = pos;
    match dir {
        Dir::Ccw => {
            for _ in 0..rest {
                pos = if pos + 1 == len { 0 } else { pos + 1 };
                seeds[pos] += 1;
                touched.insert(pos);
            }
        }
        Dir::Cw => {
            for _ in 0..rest {
                pos = if pos == 0 { len - 1 } else { pos - 1 };
                seeds[pos] += 1;
                touched.insert(pos);
            }
        }
    }
    (pos, touched)
}

/// The memory of endless cycles (rules README §4; uugg.md U15 makes Uugg's the costly ones:
/// periods of 10^5 to 10^7 laps, met again and again in a search).
///
/// Each sowing state has exactly one predecessor, so a sowing that reaches a state of a known
/// endless cycle started on that cycle and never ends: the test is exact. To keep ordinary laps
/// free of hashing, only sowings past [`LONG`] laps look at the memory, and only at
/// *distinguished* states (about one in 1024, chosen by a mix of the state's bits): a sowing on a
/// known cycle meets one within about a thousand laps. The distinguished states of a sowing found
/// endless are remembered, in one memory for all threads (a lock taken only at distinguished
/// states of long sowings); it is bounded (emptied when full) and emptied when a perft starts.
pub(crate) mod memo {
    use crate::player::Dir;
    use std::cell::RefCell;
    use std::collections::HashSet;
    use std::sync::Mutex;

    /// Laps after which a sowing consults and feeds the memory.
    pub(crate) const LONG: u32 = 256;
    /// Remembered states (each about 40 bytes).
    const KNOWN_MAX: usize = 1 << 20;
    /// States of one sowing kept until it is known to be endless.
    const PENDING_MAX: usize = 1 << 16;

    /// A lap-start state with what the lap ends depend on.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub(crate) struct State {
        board: [u8; 24],
        key: u64,
        /// Hole, hand, direction and cycle length.
        at: u32,
    }

    impl State {
        #[inline]
        pub(crate) fn new<const L: usize>(
            key: u64,
            seeds: &[u8; L],
            len: usize,
            pos: usize,
            hand: u8,
            dir: Dir,
        ) -> State {
            let mut board = [0; 24];
            board[..L].copy_from_slice(seeds);
            let at = pos as u32
                | u32::from(hand) << 8
                | u32::from(dir == Dir::Cw) << 16
                | (len as u32) << 24;
            State { board, key, at }
        }
    }

    /// Whether a lap-start state is distinguished: about one state in 1024, those at a hole
    /// whose index is a multiple of 4 (a test that spares the mix at three laps in four) whose
    /// mix of the first and last eight holes (every board has at least eight), the hole, the
    /// hand and the key has its top eight bits zero (the direction and the length are left
    /// out: a state is only compared with states of the same game).
    #[inline]
    pub(crate) fn distinguished<const L: usize>(
        seeds: &[u8; L],
        key: u64,
        pos: usize,
        hand: u8,
    ) -> bool {
        const { assert!(L >= 8) };
        if !pos.is_multiple_of(4) {
            return false;
        }
        let first = u64::from_le_bytes(seeds[..8].try_into().expect("8 bytes"));
        let last = u64::from_le_bytes(seeds[L - 8..].try_into().expect("8 bytes"));
        let x = first ^ last.rotate_left(29) ^ key ^ (pos as u64 | u64::from(hand) << 8) << 40;
        x.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56 == 0
    }

    /// The distinguished states of cycles found endless, shared by every thread: a state's
    /// being on an endless cycle is a fact of the rules, whoever found it.
    static KNOWN: Mutex<Option<HashSet<State>>> = Mutex::new(None);

    thread_local! {
        /// The distinguished states of the current long sowing of this thread.
        static PENDING: RefCell<Vec<State>> = const { RefCell::new(Vec::new()) };
    }

    fn known<R>(f: impl FnOnce(&mut HashSet<State>) -> R) -> R {
        let mut k = KNOWN
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        f(k.get_or_insert_with(HashSet::new))
    }

    /// Empties the memory: each perft starts without it, so that timings are those of one
    /// search.
    pub(crate) fn clear() {
        known(HashSet::clear);
    }

    /// A long sowing begins, or one ended: drop the states of the current sowing.
    pub(crate) fn forget() {
        PENDING.with_borrow_mut(Vec::clear);
    }

    /// The current long sowing came back to its start: remember its distinguished states.
    pub(crate) fn endless() {
        PENDING.with_borrow_mut(|p| {
            known(|k| {
                if k.len() + p.len() > KNOWN_MAX {
                    k.clear();
                }
                k.extend(p.drain(..));
            });
        });
    }

    /// Whether `s` lies on a cycle known to be endless; otherwise it is kept as a state of the
    /// current sowing.
    pub(crate) fn known_endless(s: State) -> bool {
        if known(|k| k.contains(&s)) {
            return true;
        }
        PENDING.with_borrow_mut(|p| {
            if p.len() < PENDING_MAX {
                p.push(s);
            }
        });
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The untraced lap gives the board, last hole and touched holes of the traced one.
    #[test]
    fn bulk_lap_is_seed_by_seed() {
        for len in [6usize, 10, 14, 18, 20] {
            let g = Geometry::two_rows((len / 2) as u8);
            for pos in 0..len {
                for dir in Dir::BOTH {
                    for hand in 0..=(3 * len as u8 + 2) {
                        let start: [u8; 20] = std::array::from_fn(|i| (i * 7 % 5) as u8);
                        let mut a = start;
                        let (mut p, mut t) = (pos, HoleSet::EMPTY);
                        for _ in 0..hand {
                            p = g.step(p, dir);
                            a[p] += 1;
                            t.insert(p);
                        }
                        let mut b = start;
                        let (q, u) = sow_lap(&mut b, len, pos, dir, hand);
                        assert_eq!(
                            (a, p, t),
                            (b, q, u),
                            "len {len} pos {pos} {dir:?} hand {hand}"
                        );
                    }
                }
            }
        }
    }
}
