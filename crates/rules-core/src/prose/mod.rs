//! A ply in words: the explanation of `mancala explain` (seed by seed, with the rule behind every
//! step) and the step lines of `mancala replay` (lap by lap), read from the ply's [`Trace`].
//!
//! What is common to the games is in `walk.rs`: following the seeds on a copy of the board (which
//! says what every hole held before each seed), the seeds, marks, notes and turns. What one game
//! says in its own words (why a lap starts or relays, why a capture is made, why a player passes)
//! is in that game's folder (`games/<game>/prose.rs`): the prose of a move has one place per
//! game, for the CLI, an HTML page or anything else that shows a ply.

pub(crate) mod walk;

pub use walk::dir_words;
use walk::{lap_steps, seeds_word, sentence, steps_explained};

use crate::player::Player;
use crate::position::Position;
use crate::round::Decision;
use crate::rule::Rule;
use crate::trace::{Event, Trace};

/// What is pending at a position besides the player to move, in words: a Redu right (R19-R23).
#[must_use]
pub fn right_line(pos: &Position) -> Option<String> {
    pos.game()
        .prose()
        .pending(&pos.to_setup())
        .map(|(line, _)| line)
}

/// An explanation of a ply: its lines, and the rules they cite.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explanation {
    /// One paragraph line per step, each citing its rule.
    pub lines: Vec<String>,
    /// The rules the lines cite, each once, in the order first cited: recorded as the lines
    /// were written, so that nothing reads them back out of the words.
    pub cites: Vec<Rule>,
}

/// The seeds on the board after the events of `trace`, followed from `before`; `None` when the
/// trace does not describe the board change seed by seed (a Redu penalty, which replays another
/// ply).
#[must_use]
pub fn follow(before: &Position, trace: &Trace) -> Option<Vec<u32>> {
    let s = before.to_setup();
    let g = s.geometry();
    let mut seeds = s.seeds.clone();
    for e in &trace.events {
        match e {
            Event::Lift { hole, seeds: n, .. } => {
                let i = g.index(*hole)?;
                seeds[i] = seeds[i].checked_sub(*n)?;
            }
            Event::Gather { holes, .. } => {
                for h in holes {
                    let i = g.index(*h)?;
                    seeds[i] = seeds[i].checked_sub(1)?;
                }
            }
            Event::Sow { hole } => seeds[g.index(*hole)?] += 1,
            Event::Capture { hole, seeds: n, .. } => {
                let i = g.index(*hole)?;
                seeds[i] = seeds[i].checked_sub(*n)?;
            }
            _ => {}
        }
    }
    Some(seeds)
}

/// The explanation of one ply, one paragraph line per step, each citing its rule.
#[must_use]
pub fn explain(before: &Position, trace: &Trace, after: &Position) -> Vec<String> {
    explanation(before, trace, after).lines
}

/// The explanation of one ply ([`explain`]) with the rules it cites.
#[must_use]
pub fn explanation(before: &Position, trace: &Trace, after: &Position) -> Explanation {
    let counts = follow(before, trace).is_some_and(|end| end == after.to_setup().seeds);
    let (mut lines, mut cites) =
        steps_explained(before.game().prose(), before.to_setup(), trace, counts);
    lines.extend(summary(trace, after, &mut cites));
    Explanation { lines, cites }
}

/// The explanation of a move the rules refuse, as far as it was traced (`Position::play_attempt`):
/// for a start whose sowing never ends (rules README §4), its first laps and the note that
/// gives its period.
#[must_use]
pub fn explain_refused(before: &Position, trace: &Trace) -> Vec<String> {
    steps_explained(
        before.game().prose(),
        before.to_setup(),
        trace,
        follow(before, trace).is_some(),
    )
    .0
}

/// What the ply captured in all, the stores, and what comes next; the rules it cites are added
/// to `cites`.
fn summary(trace: &Trace, after: &Position, cites: &mut Vec<Rule>) -> Vec<String> {
    let mut cite = |r: Rule| {
        if !cites.contains(&r) {
            cites.push(r);
        }
    };
    let mut out = Vec::new();
    let c = trace.captured();
    if c != [0, 0] {
        let parts: Vec<String> = Player::BOTH
            .iter()
            .filter(|p| c[p.index()] > 0)
            .map(|p| format!("{p} captured {}", seeds_word(c[p.index()])))
            .collect();
        out.push(format!("In all, {} in this ply.", parts.join(" and ")));
    } else if trace.events.iter().any(|e| matches!(e, Event::Sow { .. })) {
        out.push("Nothing was captured in this ply.".to_owned());
    }
    let a = after.to_setup();
    out.push(format!("Stores: A {}, B {}.", a.stores[0], a.stores[1]));
    match after.round_result() {
        Some(r) => {
            cite(r.rule);
            out.push(format!(
                "The round is over ({}): round totals A {}, B {}; holdings A {}, B {}.",
                r.rule, r.totals[0], r.totals[1], r.holdings[0], r.holdings[1]
            ));
        }
        None => {
            if let Some((rl, rules)) = after.game().prose().pending(&after.to_setup()) {
                rules.iter().for_each(|&r| cite(r));
                out.push(format!("{}.", sentence(&rl)));
            }
            out.push(format!("{} to move.", after.to_move()));
        }
    }
    out
}

/// The steps of a ply, one line each, indented by `indent`: a Redu ply seed by seed, column by
/// column; the other games lap by lap, with the holes each lap sowed. `after` is the position
/// the ply led to (or any position of its game).
#[must_use]
pub fn steps(after: &Position, trace: &Trace, indent: &str) -> String {
    let words = after.game().prose();
    words
        .steps(trace, indent)
        .unwrap_or_else(|| lap_steps(trace, indent))
}

/// How the round that starts at `next` was set up by `decision`, where the game says it in its
/// own words (Sulus Nishtaw: the territories follow from the totals, S18, S19).
#[must_use]
pub fn set_up_words(next: &Position, decision: &Decision) -> Option<&'static str> {
    next.game().prose().set_up_words(decision)
}
