//! `mancala annotate`: every ply of recorded games judged by the search (spec/analysis.md §6),
//! and the records written back with the judgement in annotations (`value`, `best`,
//! `judgement`: spec/notation.md §6.3), in the canonical notation or the JSON form.

use crate::cli::{AnnotateArgs, Format, FromFormat, ToFormat};
use crate::exit::{CliError, Verdict as Exit};
use crate::input::{self, Unit};
use analysis::annotate::{Judgement, Thresholds, Verdict, for_mover, judge};
use analysis::search::Oracle;
use analysis::value::Outcome;
use analysis::{Analysis, SearchOptions, analyse};
use notation::{Annotation, Eval, Item, Judged, Record, Score, Sign, Step};
use rules_core::Position;
use std::io::Write;
use std::time::Duration;

/// The time per position when no limit is given.
const DEFAULT_TIME: Duration = Duration::from_millis(200);

/// A value of the search as the notation writes it (spec/notation.md §6.3).
fn eval(o: Outcome, exact: bool) -> Eval {
    let score = match o {
        Outcome::Seeds(s) => Score::Seeds(s),
        Outcome::Endless(best) => Score::Endless(best),
    };
    Eval { score, exact }
}

/// The annotations of one judged ply: its value, the best move when the one played was worse,
/// and the judgement when there is one.
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

/// Judges the plies of one checked record, in order: each ply's annotations.
fn judge_plies(u: &Unit, opts: &SearchOptions<'_>, t: &Thresholds) -> Vec<Vec<Annotation>> {
    let mut out = Vec::new();
    let mut current: Option<(Position, Analysis)> = None;
    for step in &u.checked.steps {
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

/// The first position of a checked record.
fn first_position(u: &Unit) -> Option<Position> {
    u.checked.steps.iter().find_map(|s| match s {
        Step::Start { position } | Step::Round { position, .. } => Some(*position),
        _ => None,
    })
}

/// Whether an annotation is one `annotate` writes (and so replaces when it annotates again).
fn is_engines(item: &Item) -> bool {
    matches!(item, Item::Annotation { key, .. } if matches!(key.as_str(), "value" | "best" | "judgement"))
}

/// The record with each ply followed by its annotations, those of an earlier run dropped.
fn annotated(record: &Record, mut plies: Vec<Vec<Annotation>>) -> Record {
    plies.reverse();
    let mut movetext = Vec::with_capacity(record.movetext.len() + 2 * plies.len());
    for item in record.movetext.iter().filter(|i| !is_engines(i)) {
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
    Record {
        movetext,
        ..record.clone()
    }
}

pub fn run(args: &AnnotateArgs) -> Result<Exit, CliError> {
    let db = args
        .db
        .as_deref()
        .map(crate::analyse_cmd::load_db)
        .transpose()?;
    let opts = SearchOptions {
        limits: crate::analyse_cmd::limits(&args.limits, DEFAULT_TIME),
        oracle: db.as_ref().map(|d| d as &dyn Oracle),
        ..SearchOptions::default()
    };
    let t = Thresholds {
        dubious: args.dubious,
        mistake: args.mistake,
        blunder: args.blunder,
    };
    if !(0 < t.dubious && t.dubious <= t.mistake && t.mistake <= t.blunder) {
        return Err(CliError::Usage(
            "the thresholds must be 0 < --dubious <= --mistake <= --blunder".to_owned(),
        ));
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut invalid, mut failed, mut written) = (false, false, 0usize);
    for name in input::names(&args.files) {
        let Some(reader) = input::open_or_report(&name, &mut failed) else {
            continue;
        };
        input::each_record(&name, reader, FromFormat::Auto, input::REPLAY, |u| {
            if let (true, Some(rec)) = (u.valid(), &u.checked.canonical) {
                if let (Some(d), Some(path), Some(first)) = (&db, &args.db, first_position(&u)) {
                    crate::analyse_cmd::same_game(d, path, &first)?;
                }
                let rec = annotated(rec, judge_plies(&u, &opts, &t));
                crate::analyse_cmd::db_failure(db.as_ref(), args.db.as_deref())?;
                let to = match args.format {
                    Format::Text => ToFormat::Notation,
                    Format::Json => ToFormat::Json,
                };
                crate::convert::write_record(&rec, to, written, &mut out)?;
                written += 1;
            } else {
                invalid = true;
                crate::validate::report(&u, Format::Text, &mut out)?;
            }
            Ok(())
        })?;
    }
    out.flush()?;
    Ok(if failed {
        Exit::Failed
    } else if invalid {
        Exit::Invalid
    } else {
        Exit::Valid
    })
}
