//! Checks and events that several games share word for word, each game giving its own rule IDs.

use crate::game::Illegal;
use crate::geometry::{Geometry, Hole};
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
