//! Moves played from a position: `play POSITION MOVE...`, `analyse POSITION MOVE...` and the
//! lines of `play -` and `analyse -` (a position followed by its moves). Each move is checked by
//! the rules; the first one they refuse stops the line and is reported with its ply, the rule
//! that forbids it and why, and the `mancala rules` command that prints that rule. Moves never
//! cross a round's end: once the round is over, every move is refused.

use notation::write_view;
use rules_core::{Move, PlayOptions, Played, Position, Rule};

/// One move played.
pub struct Step {
    /// The position it was played in.
    pub before: Position,
    /// The move as written.
    pub written: String,
    /// The ply: the position after it, the canonical move, the trace.
    pub played: Played,
}

/// A move the rules refused, or a token that is not a move of the game.
pub struct Refused {
    /// The ply, from 1.
    pub ply: usize,
    /// The move as written.
    pub written: String,
    /// The whole message: `ply N: why (who moves in which position)`.
    pub message: String,
    /// The rule that forbids the move; `None` when the token is not a move of the game.
    pub rule: Option<Rule>,
    /// Why, without the ply.
    pub reason: String,
    /// The rules the message cites, each once.
    pub cites: Vec<Rule>,
    /// The position the move was played in.
    pub at: Position,
}

/// Plays `moves` from `pos`, in order, up to the first the rules refuse.
pub fn play_from(mut pos: Position, moves: &[&str]) -> (Vec<Step>, Option<Refused>) {
    let kind = pos.variant().kind();
    let mut steps = Vec::with_capacity(moves.len());
    for (k, token) in moves.iter().enumerate() {
        let ply = k + 1;
        let refused = |message, rule, reason, cites| Refused {
            ply,
            written: (*token).to_owned(),
            message,
            rule,
            reason,
            cites,
            at: pos,
        };
        let played = match Move::parse(kind, token) {
            Ok(mv) => match pos.play(&mv, PlayOptions::FULL) {
                Ok(p) => p,
                Err(e) => {
                    let legal = notation::hints::legal_here(&pos)
                        .map_or_else(String::new, |l| format!("; {l}"));
                    let message = format!(
                        "ply {ply}: {e}{legal} ({} to move in {})",
                        pos.to_move(),
                        write_view(pos.view())
                    );
                    let cites = crate::outputs::diag::once(e.cites());
                    return (
                        steps,
                        Some(refused(message, Some(e.rule), e.reason.to_string(), cites)),
                    );
                }
            },
            Err(e) => {
                let cites = crate::outputs::diag::once(e.rules.iter().copied());
                let message = format!("ply {ply}: {}", e.message);
                return (steps, Some(refused(message, None, e.message, cites)));
            }
        };
        let before = pos;
        pos = played.position;
        steps.push(Step {
            before,
            written: (*token).to_owned(),
            played,
        });
    }
    (steps, None)
}
