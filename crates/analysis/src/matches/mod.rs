//! The match of Bechi solved (B13–B17, spec/analysis.md §10): who wins with best play, in how
//! many rounds, and the best set-up decisions.
//!
//! A match goes on round after round: each round's totals, with the reserves, are the players'
//! holdings (B14); a player left with fewer than 6 loses (B15); otherwise the poorer player
//! chooses which of his holes he fills and the rest stay blocked (B16, B3), and the other player
//! opens the next round (B17). Between two rounds, the rest of the match depends only on the
//! holdings and the next opener: a [`MatchState`]. The **objective** is the match: a player
//! wants to win it, as soon as he can, and if he cannot, to lose it as late as he can; a round's
//! end is worth the outcome of the state it leads to, not its seed margin. A match that never
//! ends (a round that never ends, or holdings that come round again for ever) has no winner
//! (bechi.md §6): [`MatchOutcome::Endless`].
//!
//! Two solvers find the outcome of every state and of each of its set-ups, level by level (the
//! states a player wins within 1, 2, … rounds):
//!
//! * [`solve_exact`]: every position of every round start, stores included, and each player's
//!   attractor in each (spec/analysis.md §10.2). Exact, with no assumption; its memory grows with
//!   the rounds' positions (Bechi 2×3: 9.4 million).
//! * [`solve_by_search`]: the same levels, each question (can X force this round's totals into
//!   this set?) answered by the round start's seed margin where that settles it, and by a
//!   forcing search of the round where it does not ([`RoundValues`]; spec/analysis.md §10.3).
//!   Exact too, and its memory is that of one search at a time.

mod exact;
mod force;
mod graph;
mod levels;
pub mod outcome;
mod position;
mod rounds;
pub mod state;

pub use exact::ExactStats;
pub use outcome::MatchOutcome;
pub use position::{can_force_by_graph, can_force_by_search, position_value};
pub use rounds::{ForcingStats, Questions, RoundValue, RoundValues, SearchRounds, ValuedStart};
pub use state::{Between, MatchState, SetUp};

use levels::Levels;
use rules_core::{Player, Variant};
use serde::Serialize;

/// How a match was solved.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Every position of every round start, stores included ([`solve_exact`]).
    Retrograde,
    /// Searches of each round start: its seed margin, and forcing searches where that does not
    /// settle a round ([`solve_by_search`]).
    Search,
}

/// A set-up of a state with its outcome.
#[derive(Clone, Debug)]
pub struct SetUpValue {
    /// The poorer player's decision and the round start it gives.
    pub set_up: SetUp,
    /// The outcome of the match from this set-up, with best play.
    pub value: MatchOutcome,
    /// Whether it is a best choice for the player who makes it (every set-up is, when nobody
    /// chooses).
    pub best: bool,
    /// A's round total on a line of best play through the round, if the round ends on it.
    pub line_total: Option<u32>,
    /// A's round totals the round can end with (bit `t` for a total of `t`), where the solve
    /// knows them (by retrograde analysis).
    pub reachable: Option<u64>,
}

/// A match state with its outcome and its set-ups.
#[derive(Clone, Debug)]
pub struct StateValue {
    /// The state.
    pub state: MatchState,
    /// The player who chooses the set-up (the poorer, B16); `None` with equal holdings.
    pub chooser: Option<Player>,
    /// The outcome with best play: the chooser's best set-up.
    pub value: MatchOutcome,
    /// Every set-up, in [`MatchState::set_ups`] order.
    pub set_ups: Vec<SetUpValue>,
}

/// One round of a line of best play through the match.
#[derive(Clone, Debug)]
pub struct LineRound {
    /// The state the round is set up from.
    pub state: MatchState,
    /// The best set-up chosen (the first best one).
    pub set_up: SetUp,
    /// The round totals (A, B) on a line of best play, if the round ends on it.
    pub totals: Option<[u32; 2]>,
    /// What follows the round.
    pub after: Option<Between>,
}

/// The solved match: every state a match of the variant can be in between two rounds.
#[derive(Clone, Debug)]
pub struct MatchSolution {
    /// The game and its options.
    pub variant: Variant,
    /// How it was solved.
    pub method: Method,
    /// Every state, ordered by A's holdings, then A opening first.
    pub states: Vec<StateValue>,
    /// Levels run: the longest forced win has one round fewer.
    pub levels: u32,
}

impl MatchSolution {
    fn from_levels(variant: Variant, method: Method, l: Levels) -> MatchSolution {
        let mut states = Vec::with_capacity(l.states.len());
        for (j, state) in l.states.into_iter().enumerate() {
            let chooser = l.choosers[j];
            let values = &l.values[j];
            // Nobody chooses with equal holdings: the single set-up's outcome.
            let judge = chooser.unwrap_or(Player::A);
            let value = values
                .iter()
                .copied()
                .max_by_key(|v| v.rank(judge))
                .unwrap_or(MatchOutcome::Endless);
            let set_ups = l.set_ups[j]
                .iter()
                .zip(values)
                .zip(l.line_totals[j].iter().zip(&l.reachable[j]))
                .map(|((up, &v), (&t, &reachable))| SetUpValue {
                    set_up: up.clone(),
                    value: v,
                    best: v == value,
                    line_total: t,
                    reachable,
                })
                .collect();
            states.push(StateValue {
                state,
                chooser,
                value,
                set_ups,
            });
        }
        let mut solution = MatchSolution {
            variant,
            method,
            states,
            levels: l.levels,
        };
        solution.keep_consistent_lines();
        solution
    }

    /// Forgets a line total whose round end does not have the set-up's outcome (a margin's line
    /// of play need not be a line of best play for the match).
    fn keep_consistent_lines(&mut self) {
        let after: Vec<Vec<Option<MatchOutcome>>> = self
            .states
            .iter()
            .map(|sv| {
                sv.set_ups
                    .iter()
                    .map(|u| {
                        let t = u.line_total?;
                        let r = u.set_up.reserves();
                        let sown = u.set_up.start.view().on_board();
                        let h = [r[0] + t, r[1] + sown.checked_sub(t)?];
                        match MatchState::after(self.variant, h, sv.state.opener.other()).ok()? {
                            Between::Over(w) => Some(MatchOutcome::Win {
                                winner: w,
                                rounds: 1,
                            }),
                            Between::Next(m) => Some(self.get(&m)?.value.one_round_earlier()),
                        }
                    })
                    .collect()
            })
            .collect();
        for (sv, ends) in self.states.iter_mut().zip(after) {
            for (u, end) in sv.set_ups.iter_mut().zip(ends) {
                if end != Some(u.value) {
                    u.line_total = None;
                }
            }
        }
    }

    /// The states a match can reach from `from` (itself included), in order, if the solve knows
    /// every set-up's reachable round ends (by retrograde analysis).
    #[must_use]
    pub fn reachable(&self, from: &MatchState) -> Option<Vec<MatchState>> {
        let mut seen = vec![*from];
        let mut i = 0;
        while i < seen.len() {
            let at = seen[i];
            i += 1;
            let Some(sv) = self.get(&at) else { continue };
            for u in &sv.set_ups {
                let ends = u.reachable?;
                let r = u.set_up.reserves();
                let sown = u.set_up.start.view().on_board();
                for t in (0..=sown).filter(|t| ends >> t & 1 == 1) {
                    let h = [r[0] + t, r[1] + sown - t];
                    if let Ok(Between::Next(m)) =
                        MatchState::after(self.variant, h, at.opener.other())
                        && !seen.contains(&m)
                    {
                        seen.push(m);
                    }
                }
            }
        }
        seen.sort();
        Some(seen)
    }

    /// A's round totals of `up`, a set-up of `at`, that count for `winner` within `rounds` rounds:
    /// the match over in his favour, or a state he wins within `rounds` − 1 (bit `t` for `t`).
    fn totals_within(&self, at: &MatchState, up: &SetUp, winner: Player, rounds: u32) -> u64 {
        if rounds == 0 {
            return 0;
        }
        let r = up.reserves();
        let sown = up.start.view().on_board();
        (0..=sown.min(63))
            .filter(|&t| {
                let h = [r[0] + t, r[1] + sown - t];
                match MatchState::after(self.variant, h, at.opener.other()) {
                    Ok(Between::Over(w)) => w == winner,
                    Ok(Between::Next(m)) => self.get(&m).is_some_and(|sv| {
                        matches!(sv.value, MatchOutcome::Win { winner: w, rounds: j }
                            if w == winner && j < rounds)
                    }),
                    Err(_) => false,
                }
            })
            .fold(0, |acc, t| acc | 1 << t)
    }

    /// Finds the round totals the solve left unknown on the line of best play from `from`
    /// ([`MatchSolution::line`]; a solve by search knows a round's totals only where the seed
    /// margin's line is one of best play for the match): each such round is played out, the
    /// winner keeping to a strategy that wins within the set-up's rounds, the loser to one that
    /// holds out as long, by forcing searches of at most `limit` positions each. Stops at a round
    /// it cannot play out.
    ///
    /// # Errors
    /// A forcing search outgrew `limit`.
    pub fn complete_line(&mut self, from: &MatchState, limit: usize) -> Result<(), String> {
        let mut seen = Vec::new();
        let mut at = *from;
        while !seen.contains(&at) {
            seen.push(at);
            let Some(j) = self.states.iter().position(|s| s.state == at) else {
                break;
            };
            let Some(c) = self.states[j].set_ups.iter().position(|u| u.best) else {
                break;
            };
            let up = self.states[j].set_ups[c].set_up.clone();
            let MatchOutcome::Win { winner, rounds } = self.states[j].set_ups[c].value else {
                break;
            };
            if self.states[j].set_ups[c].line_total.is_none() {
                let within = self.totals_within(&at, &up, winner, rounds);
                let faster = self.totals_within(&at, &up, winner, rounds - 1);
                let t = position::play_out(&up.start, winner, within, faster, limit).map_err(
                    |force::TooBig| {
                        format!("playing out the line, a forcing search outgrew {limit} positions")
                    },
                )?;
                self.states[j].set_ups[c].line_total = t;
            }
            let Some(t) = self.states[j].set_ups[c].line_total else {
                break;
            };
            let r = up.reserves();
            let sown = up.start.view().on_board();
            match MatchState::after(self.variant, [r[0] + t, r[1] + sown - t], at.opener.other())? {
                Between::Next(m) => at = m,
                Between::Over(_) => break,
            }
        }
        Ok(())
    }

    /// The value of a state, if the match goes on from it.
    #[must_use]
    pub fn get(&self, state: &MatchState) -> Option<&StateValue> {
        self.states.iter().find(|s| s.state == *state)
    }

    /// A line of best play from `from`, round by round: each round set up with the first best
    /// set-up and played to the round total of a line of best play, until the match is over,
    /// a round does not end, or a state comes round again (the match never ends).
    #[must_use]
    pub fn line(&self, from: &MatchState) -> Vec<LineRound> {
        let mut out: Vec<LineRound> = Vec::new();
        let mut at = *from;
        while !out.iter().any(|r| r.state == at) {
            let Some(sv) = self.get(&at) else { break };
            let Some(best) = sv.set_ups.iter().find(|u| u.best) else {
                break;
            };
            let sown = best.set_up.start.view().on_board();
            let totals = best.line_total.map(|t| [t, sown - t]);
            let after = totals.and_then(|t| {
                let r = best.set_up.reserves();
                MatchState::after(self.variant, [r[0] + t[0], r[1] + t[1]], at.opener.other()).ok()
            });
            out.push(LineRound {
                state: at,
                set_up: best.set_up.clone(),
                totals,
                after,
            });
            match after {
                Some(Between::Next(m)) => at = m,
                _ => break,
            }
        }
        out
    }
}

/// Solves every state of a match of `variant` (Bechi) exactly: every position of every round
/// start, stores included (spec/analysis.md §10.2). `max_positions` bounds each round start's
/// positions; `progress` hears of each round start and each level.
///
/// # Errors
/// Not Bechi, or a round start with more than `max_positions` positions.
pub fn solve_exact(
    variant: Variant,
    max_positions: usize,
    progress: &mut dyn FnMut(&str),
) -> Result<(MatchSolution, ExactStats), String> {
    crate::solve::guard("the match solver", variant.kind())?;
    let (levels, stats) = exact::solve(variant, max_positions, progress)?;
    Ok((
        MatchSolution::from_levels(variant, Method::Retrograde, levels),
        stats,
    ))
}

/// Solves every state of a match of `variant` (Bechi) by searches of its round starts
/// (spec/analysis.md §10.3).
///
/// # Errors
/// Not Bechi, or a round value or a forcing search that cannot be had (not proved, too big).
pub fn solve_by_search(
    variant: Variant,
    values: &mut dyn RoundValues,
    progress: &mut dyn FnMut(&str),
) -> Result<(MatchSolution, Questions), String> {
    crate::solve::guard("the match solver", variant.kind())?;
    let (levels, q) = rounds::solve(variant, values, progress)?;
    Ok((
        MatchSolution::from_levels(variant, Method::Search, levels),
        q,
    ))
}
