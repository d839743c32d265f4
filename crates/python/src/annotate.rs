//! `Record.annotate`: every ply of a valid record judged by search and written back with its
//! `(value)`, `(best)` and `(judgement)` annotations (spec/notation.md §6.3, spec/analysis.md §6),
//! as `mancala annotate` writes them. The judging walk follows the command's
//! (`crates/cli/src/annotate_cmd.rs`, `judge_plies` and `annotated`): it belongs in a library
//! function both call, once the record pipeline (`notation::Records`) and the judgement work under
//! way settle; until then this is its one copy outside the command.

use analysis::annotate::{Judgement, Thresholds, Verdict, for_mover, judge};
use analysis::search::Oracle;
use analysis::{Analysis, Outcome, SearchOptions, analyse};
use notation::{Annotation, CheckOptions, Eval, Item, Judged, Record, Score, Sign, Step};
use rules_core::Position;

fn eval(o: Outcome, exact: bool) -> Eval {
    let score = match o {
        Outcome::Seeds(s) => Score::Seeds(s),
        Outcome::Endless(best) => Score::Endless(best),
    };
    Eval { score, exact }
}

fn notes(v: &Verdict) -> Vec<Annotation> {
    let mut out = vec![Annotation::Value(eval(v.played, v.played_exact))];
    if let Some(b) = v.best {
        out.push(Annotation::Best {
            token: b.to_string(),
            value: eval(v.value, v.value_exact),
        });
    }
    if v.judgement.is_some() || v.missed_win {
        out.push(Annotation::Judgement(Judged {
            sign: v.judgement.map(|j| match j {
                Judgement::Dubious => Sign::Dubious,
                Judgement::Mistake => Sign::Mistake,
                Judgement::Blunder => Sign::Blunder,
            }),
            missed_win: v.missed_win,
        }));
    }
    out
}

fn judge_plies(steps: &[Step], opts: &SearchOptions<'_>, t: &Thresholds) -> Vec<Vec<Annotation>> {
    let mut out = Vec::new();
    let mut current: Option<(Position, Analysis)> = None;
    for step in steps {
        match step {
            Step::Start { position } | Step::Round { position, .. } => {
                current = Some((*position, analyse(position, opts)));
            }
            Step::Ply { mover, after, .. } => {
                let next = analyse(after, opts);
                let judged = current.take().and_then(|(before, a)| {
                    let played = before
                        .legal_moves_with_positions()
                        .into_iter()
                        .find(|(_, c)| c == after)
                        .map(|(m, _)| m)?;
                    Some(judge(
                        &a,
                        played,
                        for_mover(&next, after.to_move() != *mover),
                        t,
                    ))
                });
                out.push(judged.as_ref().map(notes).unwrap_or_default());
                current = Some((*after, next));
            }
            Step::RoundOver { .. } | Step::MatchOver { .. } => {}
        }
    }
    out
}

fn is_engines(item: &Item) -> bool {
    matches!(item, Item::Annotation { key, .. } if matches!(key.as_str(), "value" | "best" | "judgement"))
}

/// The record with every ply judged, or `None` when it is not valid.
pub fn annotate(
    record: &Record,
    lenient: bool,
    opts: &SearchOptions<'_>,
    t: &Thresholds,
) -> Option<Record> {
    let checked = notation::check_with(
        record,
        None,
        CheckOptions {
            steps: true,
            canonical: true,
            lenient,
        },
    );
    let canonical = checked.canonical.filter(|_| checked.problems.is_empty())?;
    let mut plies = judge_plies(&checked.steps, opts, t);
    plies.reverse();
    let mut movetext = Vec::with_capacity(canonical.movetext.len() + 2 * plies.len());
    for item in canonical.movetext.iter().filter(|i| !is_engines(i)) {
        movetext.push(item.clone());
        if matches!(item, Item::Ply { .. }) {
            for a in plies.pop().unwrap_or_default() {
                movetext.push(Item::Annotation {
                    key: a.key().to_owned(),
                    value: a.value(),
                    read: Ok(a),
                });
            }
        }
    }
    Some(Record {
        movetext,
        ..canonical
    })
}

/// The search options of an annotation: the limits (200 ms a position when none is given, as
/// `mancala annotate`) and a database.
pub fn options(limits: analysis::Limits, oracle: Option<&dyn Oracle>) -> SearchOptions<'_> {
    SearchOptions {
        limits,
        oracle,
        ..SearchOptions::default()
    }
}
