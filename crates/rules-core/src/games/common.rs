//! Checks and events that several games share word for word, each game giving its own rule IDs.

use crate::game::Illegal;
use crate::geometry::{Geometry, Hole};
use crate::moves::Move;
use crate::player::Player;
use crate::trace::{Event, Rule, Tracer, emit};

/// A forced pass (Bechi B5, Giuthi G5, Uugg U14): legal only when the mover has no move. Emits
/// the pass and the turn going to the opponent.
pub(crate) fn forced_pass<T: Tracer>(
    has_move: bool,
    me: Player,
    rule: Rule,
    t: &mut T,
) -> Result<(), Illegal> {
    if has_move {
        return Err(Illegal::new(
            rule,
            format!("{me} has a legal move, and a player passes only when he has none"),
        ));
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
            format!("there is no hole {hole} on a 2×{} board", g.per_side()),
        )
    })
}

/// Why `m`, the opening or a Redu token, is illegal in `game`, which has neither (`rule`: the
/// rule saying what a move is; `a_move_is`: what it says).
pub(crate) fn foreign_move(m: &Move, game: &str, rule: Rule, a_move_is: &str) -> Illegal {
    if *m == Move::Open {
        Illegal::new(
            rule,
            format!("{game} has no opening: a move is {a_move_is}"),
        )
    } else {
        Illegal::new(rule, format!("`{m}` is a Redu move, not a {game} move"))
    }
}
