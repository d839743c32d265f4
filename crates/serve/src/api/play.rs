//! `POST /api/play` (a move played: what it did, seed by seed, with the rules behind it) and
//! `POST /api/next-round` (the next round set up with the poorer player's decision, or the end
//! of the match).

use super::position::PositionRequest;
use crate::exchange::Refusal;
use crate::view::view;
use rules_core::{AfterRound, Decision, Move, PlayOptions, Rule};
use serde_json::{Value, json};

/// The IDs of `rules`, each once, in the rule book's order (as `mancala explain` lists them).
pub fn cited(rules: impl IntoIterator<Item = Rule>) -> Vec<String> {
    // `Rule` is ordered as the book orders its rules.
    let mut all: Vec<Rule> = rules.into_iter().collect();
    all.sort_unstable();
    all.dedup();
    all.into_iter().map(|r| r.id().to_owned()).collect()
}

fn ids(rules: impl IntoIterator<Item = Rule>) -> Vec<String> {
    rules.into_iter().map(|r| r.to_string()).collect()
}

/// Plays the move: 200 with the ply (its canonical token, mover, trace, captures, the lines of
/// `mancala explain` and the rules they cite) and the position after; 422 with the command
/// line's message and the rule when the move is not a move of the game or the rules refuse it
/// (with what was traced of a start that never ends).
pub fn play(r: &PositionRequest) -> Result<Value, Refusal> {
    let before = r.read()?;
    let token =
        r.mv.as_deref()
            .ok_or_else(|| Refusal::new(400, "bad request body: missing field `move`"))?
            .trim();
    let mv = Move::parse(before.variant().kind(), token)
        .map_err(|e| Refusal::invalid(e.message, ids(e.rules)))?;
    match before.play(&mv, PlayOptions::FULL) {
        Ok(played) => {
            let explained =
                rules_core::prose::explanation(&before, &played.trace, &played.position);
            Ok(json!({
                "move": played.canonical.to_string(),
                "written": token,
                "player": before.to_move(),
                "events": played.trace,
                "captured": played.trace.captured(),
                "explain": explained.lines,
                "cites": cited(explained.cites),
                "after": view(&played.position),
            }))
        }
        Err(e) => {
            let mut refusal = Refusal::invalid(e.to_string(), ids(e.cites()));
            let refused = rules_core::prose::explain_refused(&before, &e.trace);
            if !refused.is_empty() {
                refusal
                    .message
                    .push_str(&format!(" — {}", refused.join(" ")));
            }
            Err(refusal)
        }
    }
}

/// The next round: its start position and its round marker (`<round 2 fill 3A,4A>`), or the
/// end of the match; 422 with the rule when the round is not over or the decision breaks a
/// set-up rule.
pub fn next_round(r: &PositionRequest) -> Result<Value, Refusal> {
    let pos = r.read()?;
    let next_round = pos.view().round() + 1;
    let decision = r.decision.clone().unwrap_or(Decision::None);
    match pos.after_round(&decision) {
        Ok(AfterRound::Next(next)) => Ok(json!({
            "marker": notation::round_marker(next_round, &decision),
            "round": next_round,
            "decision": decision,
            "set_up": rules_core::prose::set_up_words(&next, &decision),
            "after": view(&next),
        })),
        Ok(AfterRound::MatchOver(m)) => Ok(json!({"match_over": m})),
        Err(e) => Err(Refusal::invalid(e.to_string(), ids(e.cites()))),
    }
}
