//! Moves: one decision of one player, a ply (rules README §6.1).

use crate::geometry::Hole;
use crate::player::Dir;
use serde::{Deserialize, Serialize};
use std::fmt;

pub use crate::games::redu::{Letter, Letters, ReduSow};

/// A ply. Several decision strings may lead to one outcome (README §6.2); the position's
/// `legal_moves` yields each outcome once, in its canonical spelling, and `play` accepts any legal
/// spelling.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Move {
    /// A forced pass, in the games that have passes (B5, G5, U14).
    Pass,
    /// The opening of a Sulus Nishtaw round (S4, S6).
    Open,
    /// A sowing from one hole. `dir` is `None` where the rules fix the direction (Bechi holes other
    /// than the 2×3 middle hole, Sulus Nishtaw, Uugg) and the direction chosen or written otherwise.
    Sow {
        /// The start hole.
        hole: Hole,
        /// The direction, when it is a choice or was written.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dir: Option<Dir>,
    },
    /// A Redu sowing ply (redu.md R3–R18), possibly with an O1 capture prefix (R22) or, in
    /// lenient validation only, a forgotten M1 capture (R25).
    ReduSow(ReduSow),
    /// A Redu capture ply (R23, R24): the holder of the pending right takes its seed from `hole`.
    ReduCapture {
        /// The hole of the right, in the capturer's row.
        hole: Hole,
    },
    /// A Redu penalty claim (R26), lenient validation only: the player to move names the
    /// opponent's singleton `hole` that would have captured (M1).
    ReduPenalty {
        /// The opponent's singleton.
        hole: Hole,
    },
}

impl Move {
    /// A sowing from `hole` with its direction left implicit.
    #[must_use]
    pub const fn sow(hole: Hole) -> Move {
        Move::Sow { hole, dir: None }
    }

    /// A sowing from `hole` in direction `dir`.
    #[must_use]
    pub const fn sow_dir(hole: Hole, dir: Dir) -> Move {
        Move::Sow {
            hole,
            dir: Some(dir),
        }
    }
}

impl fmt::Display for Move {
    /// The move token of the notation standard (`spec/notation.md`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => f.write_str("pass"),
            Move::Open => f.write_str("open"),
            Move::Sow { hole, dir: None } => write!(f, "{hole}"),
            Move::Sow { hole, dir: Some(d) } => write!(f, "{hole}{d}"),
            Move::ReduSow(s) => write!(f, "{s}"),
            Move::ReduCapture { hole } => write!(f, "x{hole}"),
            Move::ReduPenalty { hole } => write!(f, "p{hole}"),
        }
    }
}
