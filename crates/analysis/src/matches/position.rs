//! Questions about one round from a given position: can a player force its end totals into a
//! set, and what is the position worth for the match.

use super::MatchSolution;
use super::exact::Attractor;
use super::force::{Forcing, TooBig};
use super::graph::RoundGraph;
use super::outcome::MatchOutcome;
use super::state::{Between, MatchState};
use rules_core::{Player, Position};

/// Bit `t`: A's round total `t`.
fn targets_of(g: &RoundGraph, targets: u64) -> Vec<u32> {
    g.by_total
        .iter()
        .enumerate()
        .filter(|&(t, _)| t < 64 && targets >> t & 1 == 1)
        .flat_map(|(_, ends)| ends.iter().copied())
        .collect()
}

/// Whether `x` can force the round from `pos` to end, every line ending, with A's round total
/// (`Position::round_result`, B13) in `targets` (bit `t` for a total of `t`): by retrograde
/// analysis of every position of the rest of the round (at most `max_positions`).
///
/// # Errors
/// The rest of the round has more than `max_positions` positions.
pub fn can_force_by_graph(
    pos: &Position,
    x: Player,
    targets: u64,
    max_positions: usize,
) -> Result<bool, String> {
    let g = RoundGraph::build(pos, max_positions)?;
    let mut a = Attractor::new(&g, x);
    a.extend(&g, &targets_of(&g, targets), 1);
    Ok(a.level[g.start as usize] != 0)
}

/// The same question as [`can_force_by_graph`], answered by a forcing search (an AND/OR search
/// memoised by position, spec/analysis.md §10.3) that holds at most `max_positions` positions.
///
/// # Errors
/// The search outgrew `max_positions`.
pub fn can_force_by_search(
    pos: &Position,
    x: Player,
    targets: u64,
    max_positions: usize,
) -> Result<bool, String> {
    let v = pos.view();
    let seeds = v.on_board() + v.stores()[0] + v.stores()[1];
    Forcing::new(x, targets, seeds, max_positions)
        .forces(pos)
        .map_err(|TooBig| format!("the forcing search outgrew {max_positions} positions"))
}

/// The match outcome of `pos`, a position of a round of the solved match: the rest of the round
/// by retrograde analysis (at most `max_positions` positions), each round end worth the outcome
/// of the state it leads to (or the end of the match). Rounds are counted from the round `pos`
/// is in.
///
/// # Errors
/// `pos` is not a position of the solution's game; the rest of the round is too big.
pub fn position_value(
    solution: &MatchSolution,
    pos: &Position,
    max_positions: usize,
) -> Result<MatchOutcome, String> {
    if pos.variant() != solution.variant {
        return Err(format!(
            "the position is of {}, the match of {}",
            pos.variant(),
            solution.variant
        ));
    }
    let v = pos.view();
    let opener = v.opener().ok_or("the position names no opener (B17)")?;
    let g = RoundGraph::build(pos, max_positions)?;
    let next: Vec<Option<Between>> = (0..=g.round_seeds)
        .map(|t| {
            if g.by_total[t as usize].is_empty() {
                return Ok(None);
            }
            let h = [v.reserves()[0] + t, v.reserves()[1] + g.round_seeds - t];
            MatchState::after(solution.variant, h, opener.other()).map(Some)
        })
        .collect::<Result<_, String>>()?;
    let longest = solution
        .states
        .iter()
        .filter_map(|sv| match sv.value {
            MatchOutcome::Win { rounds, .. } => Some(rounds),
            MatchOutcome::Endless => None,
        })
        .max()
        .unwrap_or(0);
    let levels = u8::try_from(longest + 1).map_err(|_| "wins too long for this solver")?;
    let mut attractors = Player::BOTH.map(|x| Attractor::new(&g, x));
    for level in 1..=levels {
        for (x, a) in Player::BOTH.into_iter().zip(&mut attractors) {
            let hits: Vec<u32> = next
                .iter()
                .enumerate()
                .filter(|(_, n)| match n {
                    Some(Between::Over(w)) => *w == x && level == 1,
                    Some(Between::Next(m)) => solution.get(m).is_some_and(|sv| {
                        sv.value
                            == MatchOutcome::Win {
                                winner: x,
                                rounds: u32::from(level) - 1,
                            }
                    }),
                    None => false,
                })
                .flat_map(|(t, _)| g.by_total[t].iter().copied())
                .collect();
            a.extend(&g, &hits, level);
        }
    }
    let joined = attractors
        .each_ref()
        .map(|a| u32::from(a.level[g.start as usize]));
    super::levels::outcome(joined)
}

/// Plays a round out from `start`, where `x` can force A's round total into `within` but not into
/// `faster` (bit `t` for a total of `t`): `x` follows his forcing strategy, always to the move
/// proved first, so that the line makes progress and ends; his opponent holds out, always to a
/// move from which `x` cannot force `faster`. A's round total at the end, or `None` if `x` cannot
/// force `within` after all.
///
/// # Errors
/// A forcing search outgrew `limit` positions.
pub(crate) fn play_out(
    start: &Position,
    x: Player,
    within: u64,
    faster: u64,
    limit: usize,
) -> Result<Option<u32>, TooBig> {
    let sown = start.view().on_board();
    let mut win = Forcing::new(x, within, sown, limit);
    let mut fast = Forcing::new(x, faster, sown, limit);
    if !win.forces(start)? {
        return Ok(None);
    }
    let mut pos = *start;
    loop {
        if let Some(r) = pos.round_result() {
            return Ok(Some(r.totals[0]));
        }
        let children: Vec<Position> = pos
            .legal_moves_with_positions()
            .into_iter()
            .map(|(_, c)| c)
            .collect();
        let mut next = None;
        if pos.to_move() == x {
            let mut first = u64::MAX;
            for c in children {
                if win.forces(&c)?
                    && let Some(n) = win.proved_order(&c)
                    && n < first
                {
                    first = n;
                    next = Some(c);
                }
            }
        } else {
            for c in children {
                if faster == 0 || !fast.forces(&c)? {
                    next = Some(c);
                    break;
                }
            }
        }
        match next {
            Some(c) => pos = c,
            None => return Ok(None),
        }
    }
}
