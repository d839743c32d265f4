//! The judgement of played moves (spec/analysis.md §6): for each ply, the value of the position
//! for the mover, the value of the move he played, the best move when his was worse, the seeds
//! lost and a judgement (`?!`, `?`, `??`), and whether the move let a won round go.

use crate::search::Analysis;
use crate::value::Outcome;
use rules_core::Move;
use serde::Serialize;
use std::fmt;

/// Seeds lost from which a move is judged dubious, a mistake, a blunder.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Thresholds {
    pub dubious: i32,
    pub mistake: i32,
    pub blunder: i32,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            dubious: 1,
            mistake: 3,
            blunder: 6,
        }
    }
}

/// The judgement of a move that lost something.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    /// `?!`
    Dubious,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
}

impl Judgement {
    /// The sign: `?!`, `?`, `??`.
    #[must_use]
    pub fn sign(self) -> &'static str {
        match self {
            Judgement::Dubious => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }
}

impl fmt::Display for Judgement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.sign())
    }
}

impl Serialize for Judgement {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.sign())
    }
}

/// The round's outcome for a player, by the sign of his margin.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    Loss,
    Draw,
    Win,
}

impl Class {
    /// The class of a margin; `None` for endless play, which has none.
    #[must_use]
    pub fn of(v: Outcome) -> Option<Class> {
        Some(match v.seeds()?.signum() {
            1 => Class::Win,
            0 => Class::Draw,
            _ => Class::Loss,
        })
    }
}

/// What the engine says of one ply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The position's value for the mover (best play).
    pub value: Outcome,
    /// The value of the move played, for the mover.
    pub played: Outcome,
    /// A best move, when the one played was worse.
    pub best: Option<Move>,
    /// Seeds lost by the move played (none when a value is endless play).
    pub lost: Option<i32>,
    /// The judgement, if the move lost enough or changed the outcome class.
    pub judgement: Option<Judgement>,
    /// The round was won before the move and is not after it.
    pub missed_win: bool,
    /// Whether the position's value (and so the best move's) is exact.
    pub value_exact: bool,
    /// Whether the value of the move played is exact.
    pub played_exact: bool,
    /// Whether both values are exact.
    pub exact: bool,
}

/// Judges a ply: `before` is the analysis of the position it was played in, `played` the move,
/// `after` the value of the move for the mover (the next position's value, turned round when the
/// turn passed) and whether it is exact.
#[must_use]
pub fn judge(before: &Analysis, played: Move, after: (Outcome, bool), t: &Thresholds) -> Verdict {
    let best_move = before.lines.first().and_then(|l| l.moves.first()).copied();
    let is_best = best_move == Some(played);
    let value = before.value;
    // Two searches with limits may disagree a little; a move the search itself chose loses
    // nothing, and no move gains on the best.
    let played_value = if is_best { value } else { after.0 };
    let lost = match (value.seeds(), played_value.seeds()) {
        (Some(v), Some(p)) => Some((v - p).max(0)),
        _ => None,
    };
    let by_seeds = lost.and_then(|l| {
        if l >= t.blunder {
            Some(Judgement::Blunder)
        } else if l >= t.mistake {
            Some(Judgement::Mistake)
        } else if l >= t.dubious {
            Some(Judgement::Dubious)
        } else {
            None
        }
    });
    let (from, to) = (Class::of(value), Class::of(played_value));
    let by_class = match (from, to) {
        (Some(Class::Win), Some(Class::Loss)) => Some(Judgement::Blunder),
        (Some(a), Some(b)) if b < a => Some(Judgement::Mistake),
        _ => None,
    };
    let worse = lost.is_some_and(|l| l > 0);
    Verdict {
        value,
        played: played_value,
        best: if worse { best_move } else { None },
        lost,
        judgement: by_seeds.max(by_class),
        missed_win: from == Some(Class::Win) && to != Some(Class::Win) && to.is_some(),
        value_exact: before.exact,
        played_exact: if is_best { before.exact } else { after.1 },
        exact: before.exact && (is_best || after.1),
    }
}

/// The value for the mover of a ply, from the analysis of the position after it.
#[must_use]
pub fn for_mover(after: &Analysis, turn_passed: bool) -> (Outcome, bool) {
    let v = if turn_passed {
        match after.worst {
            // The opponent's worst convention is the mover's best, and the other way round.
            Outcome::Seeds(s) => Outcome::Seeds(-s),
            Outcome::Endless(e) => Outcome::Endless(!e),
        }
    } else {
        after.value
    };
    (v, after.exact)
}
