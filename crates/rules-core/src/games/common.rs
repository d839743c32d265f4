//! Checks and events that several games share word for word, each game giving its own rule IDs.

use crate::game::Illegal;
use crate::geometry::{Geometry, Hole, HoleSet};
use crate::moves::Move;
use crate::notes::Common;
use crate::player::Player;
use crate::rule::Rule;
use crate::trace::{Event, Tracer, emit};

/// A forced pass (Bechi B5, Giuthi G5, Uugg U14): legal only when the mover has no move. Emits
/// the pass and the turn going to the opponent.
pub(crate) fn forced_pass<T: Tracer>(
    has_move: bool,
    me: Player,
    rule: Rule,
    t: &mut T,
) -> Result<(), Illegal> {
    if has_move {
        return Err(Illegal::new(rule, Common::PassWithMove { player: me }));
    }
    emit(t, || Event::Pass { player: me, rule });
    emit(t, || Event::Next {
        player: me.other(),
        repeat: false,
        rule,
    });
    Ok(())
}

/// The seeds of a checked setup as a game's byte array (`L`: at least the setup's holes). The
/// seed total check bounds every count by the game's seeds (at most 180, Giuthi 2×10 with 9 each),
/// so that each fits a byte.
pub(crate) fn seed_bytes<const L: usize>(seeds: &[u32]) -> [u8; L] {
    let mut out = [0u8; L];
    for (o, &x) in out.iter_mut().zip(seeds) {
        *o = x as u8;
    }
    out
}

/// The totals (A, B) of a round scored as if it ended now where a marked hole's seeds count for
/// the player who marked it (Sulus Nishtaw's claims under `creator`, S16; Uugg's uuggs, U18) and
/// every other hole's for its owner (`own_a`: A's holes), on top of the stores.
pub(crate) fn totals_by_marks<const L: usize>(
    store: [u8; 2],
    seeds: &[u8; L],
    len: usize,
    marked: [HoleSet; 2],
    own_a: HoleSet,
) -> [u32; 2] {
    let mut totals = store.map(u32::from);
    for (i, &n) in seeds.iter().enumerate().take(len) {
        let to = if marked[0].contains(i) {
            Player::A
        } else if marked[1].contains(i) {
            Player::B
        } else if own_a.contains(i) {
            Player::A
        } else {
            Player::B
        };
        totals[to.index()] += u32::from(n);
    }
    totals
}

/// The index of `hole` on a 2×N board, or why there is no such hole (`rule`: the board's rule).
pub(crate) fn board_index(g: Geometry, hole: Hole, rule: Rule) -> Result<usize, Illegal> {
    g.index(hole).ok_or_else(|| {
        Illegal::new(
            rule,
            Common::NoSuchHole {
                hole,
                per_side: g.per_side(),
            },
        )
    })
}

/// Why `m`, the opening or a Redu token, is illegal in `game`, which has neither (`rule`: the
/// rule saying what a move is; `a_move_is`: what it says).
pub(crate) fn foreign_move(
    m: &Move,
    game: &'static str,
    rule: Rule,
    a_move_is: &'static str,
) -> Illegal {
    if *m == Move::Open {
        Illegal::new(rule, Common::NoOpening { game, a_move_is })
    } else {
        Illegal::new(
            rule,
            Common::ReduToken {
                token: m.to_string(),
                game,
            },
        )
    }
}
