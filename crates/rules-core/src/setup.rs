//! An unchecked position: what a position string or a caller describes, not necessarily legal.
//! [`crate::Position::from_setup`] checks it and names every reason it is not a position of its
//! game.

use crate::geometry::Geometry;
use crate::marks::{Mark, Right};
use crate::notes::{CommonSetup, SetupReason};
use crate::player::Player;
use crate::rule::Rule;
use crate::variant::Variant;
use std::fmt;

use crate::limits::MAX_ROUND;

/// A position as described, before any check. Seeds, owners and marks are indexed by hole index
/// (see [`crate::Geometry`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The game and its options.
    pub variant: Variant,
    /// Seeds per hole, by index.
    pub seeds: Vec<u32>,
    /// The owner of each hole, by index; `None` means every player owns his own row.
    pub owners: Option<Vec<Player>>,
    /// The mark of each hole, by index.
    pub marks: Vec<Option<Mark>>,
    /// Seeds captured in this round (A, B): captures, taxes, eaten seeds.
    pub stores: [u32; 2],
    /// Seeds kept off the board at this round's set-up (A, B): Giuthi's reserve (G25), Bechi's
    /// surplus (B16).
    pub reserves: [u32; 2],
    /// The player to move.
    pub to_move: Player,
    /// The round number, from 1.
    pub round: u32,
    /// The player who opened this round (needed where the opener alternates: B17, S20, U23).
    pub opener: Option<Player>,
    /// Sulus Nishtaw: the round's opening has not been played yet (S6).
    pub opening_pending: bool,
    /// Redu: the pending right of the player to move (R19, R20).
    pub right: Option<Right>,
}

impl Setup {
    /// The start of round 1 of `variant`, with `opener` to move.
    #[must_use]
    pub fn start(variant: Variant, opener: Player) -> Setup {
        let g = variant.geometry();
        Setup {
            variant,
            seeds: vec![variant.seeds_per_hole(); g.len()],
            owners: None,
            marks: vec![None; g.len()],
            stores: [0; 2],
            reserves: [0; 2],
            to_move: opener,
            round: 1,
            opener: variant.opener_alternates().then_some(opener),
            opening_pending: variant.has_opening(),
            right: None,
        }
    }

    /// The board.
    #[must_use]
    pub fn geometry(&self) -> Geometry {
        self.variant.geometry()
    }

    /// The owner of the hole at `index`.
    #[must_use]
    pub fn owner(&self, index: usize) -> Player {
        match &self.owners {
            Some(o) => o[index],
            None => self.geometry().row(index),
        }
    }

    /// The marked holes: (index, mark).
    pub fn marked(&self) -> impl Iterator<Item = (usize, Mark)> + '_ {
        self.marks
            .iter()
            .enumerate()
            .filter_map(|(i, m)| m.map(|m| (i, m)))
    }

    /// The mark on the hole at `index`, if any.
    #[must_use]
    pub fn mark(&self, index: usize) -> Option<Mark> {
        self.marks.get(index).copied().flatten()
    }
}

/// One reason a setup is not a position: the rule it breaks and why, typed (its `Display` is
/// the reason in words, followed by the rule when there is one: `reason (B3)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupProblem {
    /// The rule it breaks, if one rule does.
    pub rule: Option<Rule>,
    /// What is wrong.
    pub reason: SetupReason,
}

impl SetupProblem {
    /// The rules the problem cites, in the order its words name them: those its reason names,
    /// then its rule ([`SetupReason::cites`]).
    pub fn cites(&self) -> impl Iterator<Item = Rule> + '_ {
        self.reason.cites().iter().copied().chain(self.rule)
    }
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.rule {
            Some(r) => write!(f, "{} ({r})", self.reason),
            None => self.reason.fmt(f),
        }
    }
}

/// Every reason a setup is not a position of its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// The reasons, at least one.
    pub problems: Vec<SetupProblem>,
}

impl SetupError {
    /// The rules the problems cite, each once, in the order their words name them.
    #[must_use]
    pub fn cites(&self) -> Vec<Rule> {
        let mut out: Vec<Rule> = Vec::new();
        for r in self.problems.iter().flat_map(SetupProblem::cites) {
            if !out.contains(&r) {
                out.push(r);
            }
        }
        out
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            p.fmt(f)?;
        }
        Ok(())
    }
}

impl std::error::Error for SetupError {}

/// Collects the problems of a setup.
#[derive(Default)]
pub(crate) struct Problems(Vec<SetupProblem>);

impl Problems {
    /// The problems the checks every game makes find in `s` ([`Problems::common`]), to which a
    /// game adds its own; `Err` when its shape is wrong, so that no per-hole check can run.
    pub(crate) fn start(s: &Setup) -> Result<Problems, SetupError> {
        let mut pr = Problems::default();
        if pr.common(s) {
            Ok(pr)
        } else {
            Err(SetupError { problems: pr.0 })
        }
    }

    pub(crate) fn push(&mut self, rule: Option<Rule>, reason: impl Into<SetupReason>) {
        self.0.push(SetupProblem {
            rule,
            reason: reason.into(),
        });
    }

    pub(crate) fn check<R: Into<SetupReason>>(
        &mut self,
        ok: bool,
        rule: Option<Rule>,
        reason: impl FnOnce() -> R,
    ) {
        if !ok {
            self.push(rule, reason());
        }
    }

    /// The fields a game without an opening (`opening`) or capture rights (`rights`) must leave
    /// unset, and a round number of at most [`MAX_ROUND`].
    pub(crate) fn unused_fields(
        &mut self,
        s: &Setup,
        game: &'static str,
        opening: bool,
        rights: bool,
    ) {
        if !opening {
            self.check(!s.opening_pending, None, || CommonSetup::NoOpening { game });
        }
        if !rights {
            self.check(s.right.is_none(), None, || CommonSetup::NoRights { game });
        }
        self.check(s.round <= MAX_ROUND, None, || CommonSetup::RoundTooLarge {
            round: s.round,
        });
    }

    pub(crate) fn finish(self) -> Result<(), SetupError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(SetupError { problems: self.0 })
        }
    }

    /// The checks every game makes: the number of holes, the seed total, and at most one mark per
    /// hole. Returns false if the shape is wrong, so that per-hole checks must not run.
    pub(crate) fn common(&mut self, s: &Setup) -> bool {
        let g = s.geometry();
        if s.seeds.len() != g.len() {
            self.push(
                None,
                CommonSetup::HoleCount {
                    game: s.variant.kind(),
                    holes: g.len(),
                    given: s.seeds.len(),
                },
            );
            return false;
        }
        if let Some(o) = &s.owners
            && o.len() != g.len()
        {
            self.push(
                None,
                CommonSetup::OwnerCount {
                    given: o.len(),
                    holes: g.len(),
                },
            );
            return false;
        }
        let on_board: u64 = s.seeds.iter().map(|&x| u64::from(x)).sum();
        let total = on_board
            + s.stores.iter().map(|&x| u64::from(x)).sum::<u64>()
            + s.reserves.iter().map(|&x| u64::from(x)).sum::<u64>();
        let expected = u64::from(s.variant.total_seeds());
        self.check(total == expected, None, || CommonSetup::SeedTotal {
            variant: s.variant,
            total,
            on_board,
            stores: s.stores,
            reserves: s.reserves,
            expected,
        });
        if s.marks.len() != g.len() {
            self.push(
                None,
                CommonSetup::MarkCount {
                    given: s.marks.len(),
                    holes: g.len(),
                },
            );
            return false;
        }
        self.check(s.round >= 1, None, || CommonSetup::RoundZero);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::round::{AfterRound, Decision};
    use crate::variant::GameKind;
    use crate::{PlayOptions, Position};

    /// The start of `game` at round `round`, played with the first legal move until the round
    /// is over.
    fn round_over_at(game: GameKind, round: u32) -> Position {
        let mut s = Setup::start(Variant::default_for(game), Player::B);
        s.round = round;
        let mut p = Position::from_setup(&s).unwrap();
        while p.round_result().is_none() {
            let mv = p.legal_moves()[0];
            p = p.play(&mv, PlayOptions::default()).unwrap().position;
        }
        p
    }

    /// Round numbers stop at 9999 (issue 34): a position holds no more, as a position string
    /// cannot; the round that ends at the limit has no next round, where it made round 10000
    /// (and round 65535, read from JSON, made itself again).
    #[test]
    fn rounds_stop_at_the_limit_of_the_notation() {
        let mut s = Setup::start(Variant::default_for(GameKind::Uugg), Player::B);
        s.round = MAX_ROUND;
        assert!(Position::from_setup(&s).is_ok());
        s.round = MAX_ROUND + 1;
        let e = Position::from_setup(&s).unwrap_err().to_string();
        assert!(e.contains("round 10000 is past the limit"), "{e}");
        let mut followed = 0;
        for game in [
            GameKind::Bechi,
            GameKind::Giuthi,
            GameKind::SulusNishtaw,
            GameKind::Uugg,
        ] {
            let decision = Decision::None;
            let Ok(AfterRound::Next(next)) =
                round_over_at(game, MAX_ROUND - 1).after_round(&decision)
            else {
                continue;
            };
            assert_eq!(next.to_setup().round, MAX_ROUND, "{game}");
            let e = round_over_at(game, MAX_ROUND)
                .after_round(&decision)
                .unwrap_err();
            assert!(
                e.to_string().contains("round 9999 is the last round"),
                "{game}: {e}"
            );
            followed += 1;
        }
        assert!(followed >= 2, "{followed} games went on to a next round");
    }
}
