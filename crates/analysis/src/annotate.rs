//! The judgement of played moves (spec/analysis.md §6): for each ply, the value of the position
//! for the mover, the value of the move he played, the best move when his was worse, the seeds
//! lost and a judgement (`?!`, `?`, `??`), and whether the move let a won round go, each from
//! one search of the position the ply was played in (the played move searched with the best).

mod record;

pub use record::{ANNOTATOR, Judging, annotated, annotator, judge_steps, notes};

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

/// What the engine says of one ply. Values are for the mover, with endless play counted as his
/// worst outcome (the convention moves are ranked by, spec/analysis.md §2): the best move's and
/// the played move's, from the same search of the position the ply was played in, to the same
/// depth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The value of the best move, the position's.
    pub value: Outcome,
    /// The value of the move played.
    pub played: Outcome,
    /// A best move, when the one played was worse.
    pub best: Option<Move>,
    /// Seeds lost by the move played (none when a value is endless play).
    pub lost: Option<i32>,
    /// The judgement, if the move lost enough or changed the outcome class.
    pub judgement: Option<Judgement>,
    /// The round was won before the move and is not after it.
    pub missed_win: bool,
    /// Whether the best move's value is proved.
    pub value_exact: bool,
    /// Whether the value of the move played is proved.
    pub played_exact: bool,
    /// Whether the judgement rests on an estimate: one of the two values is not proved.
    pub estimate: bool,
}

/// The class of a value for judging: endless play, the mover's worst outcome under the
/// convention values are given in, counts as a loss (the round may never be won).
fn class(v: Outcome) -> Class {
    Class::of(v).unwrap_or(Class::Loss)
}

/// Judges the move `played` from `a`, the analysis of the position it was played in, which
/// searched it with the best ones (`SearchOptions::also`). `None` if `a` has no line for it.
#[must_use]
pub fn judge(a: &Analysis, played: Move, t: &Thresholds) -> Option<Verdict> {
    let best = a.lines.first()?;
    let mine = a.line_of(played)?;
    let (value, played_value) = (best.worst, mine.worst);
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
    let (from, to) = (class(value), class(played_value));
    let by_class = match (from, to) {
        (Class::Win, Class::Loss) => Some(Judgement::Blunder),
        (a, b) if b < a => Some(Judgement::Mistake),
        _ => None,
    };
    let worse = match (value, played_value) {
        (Outcome::Seeds(v), Outcome::Seeds(p)) => p < v,
        (Outcome::Seeds(_), Outcome::Endless(_)) => true,
        _ => false,
    };
    Some(Verdict {
        value,
        played: played_value,
        best: if worse {
            best.moves.first().copied()
        } else {
            None
        },
        lost,
        judgement: by_seeds.max(by_class),
        missed_win: from == Class::Win && to != Class::Win,
        value_exact: best.worst_proved,
        played_exact: mine.worst_proved,
        estimate: !(best.worst_proved && mine.worst_proved),
    })
}
