//! What both solvers find: every match state's set-ups with their outcomes, and a line of best
//! play through each round.

use super::outcome::MatchOutcome;
use super::state::{MatchState, SetUp};
use rules_core::Player;

/// Every state of a match, its set-ups and their outcomes.
pub(crate) struct Levels {
    pub states: Vec<MatchState>,
    /// Per state: its set-ups (B16), in [`MatchState::set_ups`] order.
    pub set_ups: Vec<Vec<SetUp>>,
    /// Per state: the player who chooses the set-up, if anyone does.
    pub choosers: Vec<Option<Player>>,
    /// Per state, per set-up: the outcome with best play.
    pub values: Vec<Vec<MatchOutcome>>,
    /// Per state, per set-up: A's round total on a line of best play, if the round ends on it.
    pub line_totals: Vec<Vec<Option<u32>>>,
    /// Per state, per set-up: A's round totals the round can end with (bit `t`), if known.
    pub reachable: Vec<Vec<Option<u64>>>,
    /// Levels run (the last adds no state).
    pub levels: u32,
}

/// The level of a set-up for player `x` from whether it is won within each level: whether the
/// state joins at `level`, given which of its set-ups are won by then.
pub(crate) fn state_joins(chooser: Option<Player>, x: Player, won: &[bool]) -> bool {
    if chooser == Some(x) {
        won.iter().any(|&w| w)
    } else {
        won.iter().all(|&w| w)
    }
}

/// A set-up's outcome from the levels at which its start joined each player's winning set (0:
/// never).
pub(crate) fn outcome(levels: [u32; 2]) -> Result<MatchOutcome, String> {
    match levels {
        [0, 0] => Ok(MatchOutcome::Endless),
        [k, 0] => Ok(MatchOutcome::Win {
            winner: Player::A,
            rounds: k,
        }),
        [0, k] => Ok(MatchOutcome::Win {
            winner: Player::B,
            rounds: k,
        }),
        _ => Err("a set-up won by both players: the solve is wrong".to_owned()),
    }
}
