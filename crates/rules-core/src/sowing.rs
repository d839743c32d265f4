//! The relay sowing shared by Giuthi, Sulus Nishtaw and Uugg, with exact endless-sowing detection
//! (rules README §4), and the lift that starts a lap in every game that sows a whole hole.
//!
//! A sowing state is (hole contents, seeds in hand, current hole, direction). Each state has exactly
//! one predecessor, so a sowing that never ends is purely periodic and comes back to its first
//! lap-start state. Comparing each relay's lap-start state with the first one is therefore an exact
//! test, and it costs two integer comparisons per lap until hole, hand and direction all match.

use crate::geometry::{Geometry, HoleSet};
use crate::notes::Endless as EndlessNote;
use crate::player::Dir;
use crate::rule::Rule;
use crate::trace::{Event, LapKind, Tracer, emit};
pub(crate) use lanes::{Lanes, Runs, lap_word};

mod lanes;

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
    /// The relays made: the laps after the first.
    pub relays: u64,
}

/// Lifts every seed of hole index `i` to sow them in `dir`: the hole is emptied, the trace gets
/// the lap's `Lift` (of kind `lap`, by `rule`), and the lap starts there. The start of a move in
/// every game that sows a whole hole (B6, G6, S7, U2; the relay after Sulus Nishtaw's gathered
/// opening, S6).
#[inline]
pub(crate) fn lift<const L: usize, T: Tracer>(
    seeds: &mut [u8; L],
    g: Geometry,
    i: usize,
    dir: Dir,
    lap: LapKind,
    rule: Rule,
    t: &mut T,
) -> LapStart {
    let hand = seeds[i];
    seeds[i] = 0;
    emit(t, || Event::Lift {
        hole: g.hole(i),
        seeds: hand.into(),
        dir,
        lap,
        rule,
    });
    LapStart {
        origin: i,
        dir,
        hand,
    }
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
pub(crate) struct Endless {
    /// The period: after this many laps the sowing is back at a lap-start state it had, and so
    /// on for ever; 0 when the sowing was given up on before it was known ([`crate::interrupt`]).
    pub laps: u64,
}

/// The rules a relay sowing cites in its trace.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct SowingRules {
    /// The rule that makes a lap ending in an occupied hole a relay (G8, S8, U5).
    pub relay: Rule,
    /// The rule that refuses a start whose sowing never ends (G10, S12, U15).
    pub endless: Rule,
}

/// The laps a traced sowing records before the rest is proved to end or not without a trace
/// (spec/engine.md §4): a start refused as endless keeps at most these laps and a note with
/// its period, whatever the period (10^7 laps for some Uugg starts).
pub const TRACED_LAPS: u64 = 16;

/// Sows the `hand` seeds already lifted from `origin`, one per hole from the next hole in `dir`, and
/// relays as `lap_end` decides until a lap stops. `lap_end` sees the number of seeds in the hole of
/// the last drop after the drop (the hole held nothing before exactly when it now holds 1), the
/// hole and the direction; it must depend on nothing else but what `cycle_key` says (below). Every
/// hole receives seeds; none is skipped (G7, S11, U3, U4).
///
/// `cycle_key` names, within the caller's game, everything besides the board that `lap_end`
/// depends on (Uugg's uuggs and the opponent's holes, say): sowings that run long are checked
/// against the memory of endless cycles ([`memo`]) under that key, so it must be exact.
///
/// Untraced (perft, move generation) each lap goes through [`sow_lap`], with no event and the
/// full turns of a big hand in bulk; traced, seed by seed, so that every drop is an event. Both
/// give the same board, last hole and touched holes (tests below). A traced sowing records at
/// most [`TRACED_LAPS`] laps of a start that never ends: past them, the rest is proved as move
/// generation proves it ([`prove_rest`]), so its memory does not grow with the period.
#[inline]
pub(crate) fn relay_sow<const L: usize, T: Tracer>(
    seeds: &mut [u8; L],
    g: Geometry,
    start: LapStart,
    rules: SowingRules,
    cycle_key: u64,
    mut lap_end: impl FnMut(u8, usize, Dir) -> LapEnd,
    t: &mut T,
) -> Result<Sown, Endless> {
    if !T::ON {
        return relay_sow_fast(seeds, g.len(), start, cycle_key, lap_end);
    }
    let LapStart { origin, dir, hand } = start;
    let first_board = *seeds;
    let mut pos = origin;
    let mut hand = hand;
    let mut dir = dir;
    let mut touched = HoleSet::EMPTY;
    let mut relays = 0u64;
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
                    relays,
                });
            }
            LapEnd::Relay(next) => {
                hand = seeds[pos];
                seeds[pos] = 0;
                dir = next;
                relays += 1;
                let period = if pos == origin
                    && hand == start.hand
                    && dir == start.dir
                    && *seeds == first_board
                {
                    Some(relays)
                } else if relays == TRACED_LAPS {
                    let here = LapStart {
                        origin: pos,
                        dir,
                        hand,
                    };
                    prove_rest(seeds, g.len(), here, cycle_key, &mut lap_end)
                } else {
                    None
                };
                if let Some(laps) = period {
                    emit(t, || endless_note(g, start, laps, rules.endless));
                    return Err(Endless { laps });
                }
                emit(t, || Event::Lift {
                    hole: g.hole(pos),
                    seeds: u32::from(hand),
                    dir,
                    lap: LapKind::Relay,
                    rule: rules.relay,
                });
            }
        }
    }
}

/// The last event of the trace of a start that never ends: its period, and what of it the
/// trace shows.
fn endless_note(g: Geometry, start: LapStart, laps: u64, rule: Rule) -> Event {
    Event::Note {
        rule,
        note: EndlessNote {
            laps,
            seeds: u32::from(start.hand),
            from: g.hole(start.origin),
            shown: (laps > TRACED_LAPS).then_some(TRACED_LAPS),
        }
        .into(),
    }
}

/// Whether the sowing from the lap-start state `at` on `seeds` never ends, and its period: the
/// untraced sowing of move generation, on a copy, with the memory of endless cycles. The state is
/// looked up first and remembered when found endless: a start already refused in the same
/// position (the state follows from the position and the start) is not proved again.
fn prove_rest<const L: usize>(
    seeds: &[u8; L],
    len: usize,
    at: LapStart,
    cycle_key: u64,
    lap_end: impl FnMut(u8, usize, Dir) -> LapEnd,
) -> Option<u64> {
    let state = memo::State::new(cycle_key, seeds, len, at.origin, at.hand, at.dir);
    if let Some(laps) = memo::period(&state) {
        return Some(laps);
    }
    let mut board = *seeds;
    // The proof is remembered: it must run to its end.
    let _uncut = crate::interrupt::Uncut::new();
    let Endless { laps } = relay_sow_fast(&mut board, len, at, cycle_key, lap_end).err()?;
    memo::remember(state, laps);
    Some(laps)
}

/// [`relay_sow`] without a trace: each lap as one add over the whole board ([`Lanes::lap`]).
#[inline(always)]
fn relay_sow_fast<const L: usize>(
    seeds: &mut [u8; L],
    len: usize,
    start: LapStart,
    cycle_key: u64,
    lap_end: impl FnMut(u8, usize, Dir) -> LapEnd,
) -> Result<Sown, Endless> {
    let mut board = Lanes::load(seeds);
    let sown = relay_sow_lanes::<L>(&mut board, len, start, cycle_key, lap_end)?;
    board.store(seeds);
    Ok(sown)
}

/// The relay sowing of [`relay_sow`] without a trace, on a board of lanes whose first `L` lanes
/// are the caller's holes: what `relay_sow` does untraced, for the games' perft paths, which
/// keep the board in lanes.
#[inline(always)]
pub(crate) fn relay_sow_lanes<const L: usize>(
    board: &mut Lanes,
    len: usize,
    LapStart { origin, dir, hand }: LapStart,
    cycle_key: u64,
    mut lap_end: impl FnMut(u8, usize, Dir) -> LapEnd,
) -> Result<Sown, Endless> {
    let first = *board;
    let (first_hand, first_dir) = (hand, dir);
    let (mut pos, mut hand, mut dir) = (origin, hand, dir);
    let mut touched = HoleSet::EMPTY;
    let mut laps = 0u64;
    let runs = Runs::of(len);
    loop {
        let (end, sown, count) = board.lap(&runs, pos, dir, hand);
        pos = end;
        touched = touched.or(sown);
        match lap_end(count, pos, dir) {
            LapEnd::Stop => {
                if laps >= memo::LONG {
                    memo::forget();
                }
                return Ok(Sown {
                    last: pos,
                    dir,
                    touched,
                    relays: laps,
                });
            }
            LapEnd::Relay(next) => {
                hand = count;
                board.0[pos] = 0;
                dir = next;
                laps += 1;
                if pos == origin && hand == first_hand && dir == first_dir && *board == first {
                    if laps > memo::LONG {
                        memo::endless(laps);
                    }
                    return Err(Endless { laps });
                }
                if laps >= memo::LONG {
                    if laps == memo::LONG {
                        memo::forget();
                    }
                    // A caller with a limit may give up here (crate::interrupt): the start is
                    // then left out as an endless one would be, and the caller told.
                    if (laps - memo::LONG).is_multiple_of(crate::interrupt::POLL_LAPS)
                        && crate::interrupt::give_up()
                    {
                        memo::forget();
                        return Err(Endless { laps: 0 });
                    }
                    let seeds: &[u8; L] = board.0[..L].try_into().expect("L holes");
                    if memo::distinguished(seeds, cycle_key, pos, hand)
                        && let Some(laps) = memo::known_endless(memo::State::new(
                            cycle_key, seeds, len, pos, hand, dir,
                        ))
                    {
                        return Err(Endless { laps });
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
    use std::collections::HashMap;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, Ordering};

    /// Laps after which a sowing consults and feeds the memory.
    pub(crate) const LONG: u64 = 256;
    /// States of one sowing kept until it is known to be endless.
    const PENDING_MAX: usize = 1 << 16;

    /// How much the memory keeps: in all, and of one cycle.
    struct Bounds {
        states: usize,
        per_cycle: usize,
    }

    /// During a perft, which meets the same cycles again and again: every distinguished state of
    /// a cycle, 2^20 states in all (about 50 bytes each with the period and the map's overhead:
    /// about 100 MB at most). Uugg 2×7 perft 9 keeps 252 000; a bound of 2^16 made it 1.6 times
    /// slower.
    const SEARCH: Bounds = Bounds {
        states: 1 << 20,
        per_cycle: usize::MAX,
    };
    /// Otherwise (validation, play): 2^16 states (a few MB, whatever the number of records), at
    /// most 1024 of a cycle, spread over it, so that it holds many cycles: the long cycles of a
    /// game are few and met again from many positions, and a sowing on a remembered one meets a
    /// remembered state within a thousandth of its period.
    const OTHERWISE: Bounds = Bounds {
        states: 1 << 16,
        per_cycle: 1 << 10,
    };

    /// Whether a perft runs: the memory is bounded by [`SEARCH`], else by [`OTHERWISE`].
    static SEARCHING: AtomicBool = AtomicBool::new(false);

    fn bounds() -> Bounds {
        if SEARCHING.load(Ordering::Relaxed) {
            SEARCH
        } else {
            OTHERWISE
        }
    }

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

    /// The distinguished states of cycles found endless, with the cycles' periods in laps, shared
    /// by every thread: a state's being on an endless cycle is a fact of the rules, whoever
    /// found it. Traced plays add the state from which they proved a start endless
    /// ([`remember`]).
    static KNOWN: Mutex<Option<HashMap<State, u64>>> = Mutex::new(None);

    thread_local! {
        /// The distinguished states of the current long sowing of this thread.
        static PENDING: RefCell<Vec<State>> = const { RefCell::new(Vec::new()) };
    }

    fn known<R>(f: impl FnOnce(&mut HashMap<State, u64>) -> R) -> R {
        let mut k = KNOWN
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        f(k.get_or_insert_with(HashMap::new))
    }

    /// A perft starts: an empty memory, so that timings are those of one search, with the bounds
    /// of a search.
    pub(crate) fn start_search() {
        SEARCHING.store(true, Ordering::Relaxed);
        known(|k| *k = HashMap::new());
    }

    /// A perft ended: back to the small bounds, and the memory given back.
    pub(crate) fn end_search() {
        SEARCHING.store(false, Ordering::Relaxed);
        known(|k| *k = HashMap::new());
    }

    /// A long sowing begins, or one ended: drop the states of the current sowing.
    pub(crate) fn forget() {
        PENDING.with_borrow_mut(Vec::clear);
    }

    /// The current long sowing came back to its start after `laps` laps: remember its
    /// distinguished states with that period.
    pub(crate) fn endless(laps: u64) {
        let b = bounds();
        PENDING.with_borrow_mut(|p| known(|k| keep(k, p, laps, &b)));
    }

    /// Moves the distinguished states `p` of a cycle of `laps` laps into `k`, within `b`: at most
    /// `b.per_cycle` of them, spread over the cycle, after emptying `k` if they would not fit.
    fn keep(k: &mut HashMap<State, u64>, p: &mut Vec<State>, laps: u64, b: &Bounds) {
        let step = p.len().div_ceil(b.per_cycle).max(1);
        if k.len() + p.len().div_ceil(step) > b.states {
            k.clear();
        }
        k.extend(p.drain(..).step_by(step).take(b.states).map(|s| (s, laps)));
    }

    /// The period of the cycle `s` lies on, if it is known to be endless; otherwise `s` is kept as
    /// a state of the current sowing.
    pub(crate) fn known_endless(s: State) -> Option<u64> {
        if let Some(laps) = period(&s) {
            return Some(laps);
        }
        PENDING.with_borrow_mut(|p| {
            if p.len() < PENDING_MAX {
                p.push(s);
            }
        });
        None
    }

    /// The period of the cycle `s` lies on, if it is known to be endless.
    pub(crate) fn period(s: &State) -> Option<u64> {
        known(|k| k.get(s).copied())
    }

    /// `s` lies on an endless cycle of `laps` laps.
    pub(crate) fn remember(s: State, laps: u64) {
        let max = bounds().states;
        known(|k| {
            if k.len() >= max {
                k.clear();
            }
            k.insert(s, laps);
        });
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        fn cycle(key: u64, n: usize) -> Vec<State> {
            (0..n)
                .map(|i| State::new(key, &[(i % 251) as u8; 8], 8, i / 251, 1, Dir::Ccw))
                .collect()
        }

        /// Outside a perft the memory keeps at most 1024 states of a cycle and 2^16 in all,
        /// whatever the number of cycles met; in a perft, every state up to 2^20.
        #[test]
        fn the_memory_is_bounded() {
            let mut k = HashMap::new();
            // 1000 states of each cycle of 10 000 (one in ten, the first among them): 65 cycles
            // fit, the 66th empties the memory first.
            for key in 0..200 {
                let mut p = cycle(key, 10_000);
                keep(&mut k, &mut p, 5, &OTHERWISE);
                assert!(p.is_empty());
                assert_eq!(k.len(), 1000 * (key as usize % 65 + 1));
                assert_eq!(k.get(&cycle(key, 1)[0]), Some(&5));
            }
            let mut k = HashMap::new();
            keep(&mut k, &mut cycle(7, 10_000), 5, &SEARCH);
            assert_eq!(k.len(), 10_000);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::Trace;

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

    /// A relay game on `len` holes in which every lap relays, sown from hole index 0 with one
    /// seed on an empty board: the seed goes round for ever, one lap per hole, so the period is
    /// `len` laps. Returns the result and how many laps ended (`lap_end` calls).
    fn ring<T: Tracer>(len: usize, key: u64, t: &mut T) -> (Result<Sown, Endless>, u64) {
        let g = Geometry::two_rows((len / 2) as u8);
        let mut seeds = [0u8; 24];
        let mut calls = 0;
        let start = LapStart {
            origin: 0,
            dir: Dir::Ccw,
            hand: 1,
        };
        let rules = SowingRules {
            relay: Rule::U5,
            endless: Rule::U15,
        };
        let lap_end = |_, _, d| {
            calls += 1;
            LapEnd::Relay(d)
        };
        let r = relay_sow(&mut seeds, g, start, rules, key, lap_end, t);
        (r, calls)
    }

    fn traced_ring(len: usize, key: u64) -> (Result<Sown, Endless>, Trace, u64) {
        let mut t = Trace::default();
        let (r, calls) = ring(len, key, &mut t);
        (r, t, calls)
    }

    fn count(t: &Trace, f: impl Fn(&Event) -> bool) -> usize {
        t.events.iter().filter(|e| f(e)).count()
    }

    fn last_note(t: &Trace) -> Option<(Rule, String)> {
        match t.events.last() {
            Some(Event::Note { rule, note }) => Some((*rule, note.to_string())),
            _ => None,
        }
    }

    /// A period of at most [`TRACED_LAPS`] laps is traced whole, then the note.
    #[test]
    fn a_short_endless_sowing_is_traced_whole() {
        let (r, t, _) = traced_ring(16, cycle_key(0xE0, HoleSet::EMPTY, HoleSet::EMPTY));
        assert_eq!(r, Err(Endless { laps: 16 }));
        assert_eq!(count(&t, |e| matches!(e, Event::Sow { .. })), 16);
        assert_eq!(count(&t, |e| matches!(e, Event::Lift { .. })), 15);
        assert_eq!(
            last_note(&t),
            Some((
                Rule::U15,
                "the sowing never ends: after 16 laps it is back where its first lap began, 1 seed from 1B on the same board, and goes round again for ever".to_owned()
            ))
        );
    }

    /// A longer period keeps the first [`TRACED_LAPS`] laps and says the rest; the period is
    /// proved untraced, and not again for the same position and start.
    #[test]
    fn a_long_endless_sowing_keeps_its_first_laps_and_is_proved_once() {
        let key = cycle_key(0xE1, HoleSet::EMPTY, HoleSet::EMPTY);
        let (r, t, calls) = traced_ring(20, key);
        assert_eq!(r, Err(Endless { laps: 20 }));
        let laps = TRACED_LAPS as usize;
        assert_eq!(count(&t, |e| matches!(e, Event::Sow { .. })), laps);
        assert_eq!(count(&t, |e| matches!(e, Event::Lift { .. })), laps - 1);
        assert_eq!(
            last_note(&t),
            Some((
                Rule::U15,
                "the sowing never ends: after 20 laps it is back where its first lap began, 1 seed from 1B on the same board, and goes round again for ever (the first 16 laps are shown)".to_owned()
            ))
        );
        // The traced laps, then the proof: from the state after them, one period round to it.
        assert_eq!(calls, TRACED_LAPS + 20);
        // The same start again: the proof is remembered (nothing else in this crate's tests
        // empties the memory, which only perft does).
        let (r, t2, calls) = traced_ring(20, key);
        assert_eq!((r, &t2), (Err(Endless { laps: 20 }), &t));
        assert_eq!(calls, TRACED_LAPS);
        // Untraced, the same verdict and period.
        let (r, _) = ring(20, key, &mut crate::trace::NoTrace);
        assert_eq!(r, Err(Endless { laps: 20 }));
    }
}
