//! The value of a match: who can force the win and in how many rounds, or neither (spec/analysis.md
//! §10.1).

use rules_core::Player;
use serde::Serialize;
use std::fmt;

/// The outcome of a Bechi match from a state (or a set-up), with best play by both players under
/// the match objective: the winner wins as soon as he can, the loser holds out as long as he can.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MatchOutcome {
    /// `winner` can force the end of the match (B15) within `rounds` rounds, counting the round
    /// about to be played, and his opponent can put it off no longer.
    Win {
        /// The player who wins the match.
        winner: Player,
        /// Rounds until the match is over, from 1.
        rounds: u32,
    },
    /// Neither player can force a win: with best play the match never ends (no player is ever
    /// left with fewer than 6 seeds). The rules give such a match no winner (bechi.md §6); the
    /// two conventions count it as a win for one player or the other, after every finite win.
    Endless,
}

impl MatchOutcome {
    /// The outcome one round earlier: the same winner, one more round.
    #[must_use]
    pub fn one_round_earlier(self) -> MatchOutcome {
        match self {
            MatchOutcome::Win { winner, rounds } => MatchOutcome::Win {
                winner,
                rounds: rounds + 1,
            },
            MatchOutcome::Endless => MatchOutcome::Endless,
        }
    }

    /// The winner, if the match ends.
    #[must_use]
    pub fn winner(self) -> Option<Player> {
        match self {
            MatchOutcome::Win { winner, .. } => Some(winner),
            MatchOutcome::Endless => None,
        }
    }

    /// How good the outcome is for `p`, larger better: a win sooner, a loss later; a match that
    /// never ends between every win and every loss, or, under a convention, counted as the
    /// slowest win (`endless_for_p`) or slowest loss of `p`, which gives the same order.
    #[must_use]
    pub fn rank(self, p: Player) -> i64 {
        match self {
            MatchOutcome::Win { winner, rounds } if winner == p => i64::MAX - i64::from(rounds),
            MatchOutcome::Win { rounds, .. } => i64::MIN + i64::from(rounds),
            MatchOutcome::Endless => 0,
        }
    }

    /// The same outcome with the players swapped.
    #[must_use]
    pub fn swapped(self) -> MatchOutcome {
        match self {
            MatchOutcome::Win { winner, rounds } => MatchOutcome::Win {
                winner: winner.other(),
                rounds,
            },
            MatchOutcome::Endless => MatchOutcome::Endless,
        }
    }
}

impl fmt::Display for MatchOutcome {
    /// `B wins in 3 rounds`, `A wins in 1 round`, `endless (neither player can force a win)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MatchOutcome::Win { winner, rounds } => write!(
                f,
                "{winner} wins in {rounds} round{}",
                if rounds == 1 { "" } else { "s" }
            ),
            MatchOutcome::Endless => f.write_str("endless (neither player can force a win)"),
        }
    }
}

impl Serialize for MatchOutcome {
    /// `{"winner": "B", "rounds": 3}`; a match that never ends `{"winner": null, "rounds": null}`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("MatchOutcome", 2)?;
        st.serialize_field("winner", &self.winner())?;
        st.serialize_field(
            "rounds",
            &match self {
                MatchOutcome::Win { rounds, .. } => Some(rounds),
                MatchOutcome::Endless => None,
            },
        )?;
        st.end()
    }
}
