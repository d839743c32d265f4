//! Long sowings that a caller can cut short: what a search with a time limit needs.
//!
//! Some starts sow for millions of laps before they are proved endless (rules README §4; Uugg
//! U15 has periods of 10^5 to 10^7 laps), so listing a position's moves, or asking whether its
//! round is over (which may try every start of both players), can take seconds. While an
//! [`Interruptible`] guard lives on a thread, every sowing of that thread past 256 laps asks the
//! guard's `stop` every 1024 laps, and gives up when it says so. What was being computed is then
//! wrong (a start given up on is left out, as an endless one is), and
//! [`Interruptible::interrupted`] says so: the caller must throw it away.
//!
//! Nothing changes on a thread without a guard: validation, replay and perft never install one.
//! Traced plays (a replay's proof that a start is endless) are never cut short.

use std::cell::{Cell, RefCell};
use std::marker::PhantomData;

/// Laps between two questions to `stop`, past the first 256 laps of a sowing.
pub(crate) const POLL_LAPS: u64 = 1024;

thread_local! {
    /// The stop question of this thread's guard.
    static STOP: RefCell<Option<Box<dyn Fn() -> bool>>> = const { RefCell::new(None) };
    /// A sowing was given up on since the guard last said so.
    static CUT: Cell<bool> = const { Cell::new(false) };
    /// Nesting of [`Uncut`]: while above 0, sowings are not cut short.
    static UNCUT: Cell<u32> = const { Cell::new(0) };
}

/// While this guard lives, long sowings on this thread give up when `stop` says so (see the
/// module's documentation). Dropping it ends that; guards do not nest (a new one replaces the
/// question of the one before).
#[must_use = "sowings are interruptible only while the guard lives"]
pub struct Interruptible {
    /// Bound to the thread whose sowings it governs.
    _thread: PhantomData<*const ()>,
}

impl Interruptible {
    /// Installs `stop` as this thread's question.
    pub fn new(stop: impl Fn() -> bool + 'static) -> Interruptible {
        STOP.with_borrow_mut(|s| *s = Some(Box::new(stop)));
        CUT.set(false);
        Interruptible {
            _thread: PhantomData,
        }
    }

    /// Whether a sowing was given up on since the last call: if so, the moves or round end
    /// computed since are wrong and must be thrown away. Asking resets it.
    #[must_use]
    pub fn interrupted(&self) -> bool {
        CUT.replace(false)
    }
}

impl Drop for Interruptible {
    fn drop(&mut self) {
        STOP.with_borrow_mut(|s| *s = None);
        CUT.set(false);
    }
}

/// Asked by a long sowing every [`POLL_LAPS`] laps: whether to give up now (and remember that
/// it did).
#[inline(never)]
pub(crate) fn give_up() -> bool {
    if UNCUT.get() > 0 {
        return false;
    }
    let stop = STOP.with_borrow(|s| s.as_ref().is_some_and(|f| f()));
    if stop {
        CUT.set(true);
    }
    stop
}

/// While this lives, sowings on this thread are not cut short, whatever guard is installed: a
/// traced play's proof that a start is endless, whose result is remembered, or a computation
/// under a search's guard that must see every move (an endgame table's closure).
#[must_use = "sowings are uncut only while the guard lives"]
pub struct Uncut {
    /// Bound to the thread whose sowings it governs.
    _thread: PhantomData<*const ()>,
}

impl Uncut {
    /// Sowings on this thread are not cut short until the guard is dropped (guards nest).
    pub fn new() -> Uncut {
        UNCUT.set(UNCUT.get() + 1);
        Uncut {
            _thread: PhantomData,
        }
    }
}

impl Default for Uncut {
    fn default() -> Uncut {
        Uncut::new()
    }
}

impl Drop for Uncut {
    fn drop(&mut self) {
        UNCUT.set(UNCUT.get() - 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameKind, Player, Position, Setup, Variant};

    /// The Uugg position of issue 23 (item 4): its start 3A sows about 10^5 laps before it is
    /// proved endless (U15). With a guard that always says stop, listing the moves is cut short
    /// and says so; without one, the moves are those of the rules, and the next guard starts
    /// clean.
    #[test]
    fn a_long_sowing_is_cut_short_and_says_so() {
        // `uugg 3,6,2,6,3,4,0/7,3,5,4,3,7,3 A opener=B`: by index 1B..7B, then 1A..7A.
        let mut v = Variant::default_for(GameKind::Uugg);
        v.set_option("holes", "7").unwrap();
        let mut s = Setup::start(v, Player::B);
        s.seeds = vec![7, 3, 5, 4, 3, 7, 3, 0, 4, 3, 6, 2, 6, 3];
        s.to_move = Player::A;
        let pos = Position::from_setup(&s).unwrap();
        // First with the guard: the proof is not yet in the memory of endless cycles.
        let cut = {
            let guard = Interruptible::new(|| true);
            let cut = pos.legal_moves();
            assert!(guard.interrupted());
            assert!(!guard.interrupted(), "asking resets it");
            cut
        };
        let guard = Interruptible::new(|| false);
        let all = pos.legal_moves();
        assert!(!guard.interrupted());
        drop(guard);
        assert_eq!(pos.legal_moves(), all);
        // The rules: 1A is empty and 3A never ends (U15); the cut list lacks nothing else.
        let tokens: Vec<String> = all.iter().map(ToString::to_string).collect();
        assert_eq!(tokens, ["2A", "4A", "5A", "6A", "7A"]);
        assert!(cut.iter().all(|m| all.contains(m)));
    }
}
