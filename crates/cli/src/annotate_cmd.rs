//! `mancala annotate`: every ply of recorded games judged by the search (spec/analysis.md §6),
//! and the records written back with the judgement in annotations (`value`, `best`,
//! `judgement`: spec/notation.md §6.3), in the canonical notation or the JSON form.

use crate::cli::{AnnotateArgs, Format, FromFormat, ToFormat};
use crate::exit::{CliError, Verdict as Exit};
use crate::input::{self, Unit};
use analysis::annotate::{Judgement, Thresholds, Verdict, for_mover, judge};
use analysis::search::Oracle;
use analysis::value::Outcome;
use analysis::variation::principal_variation;
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

/// What `annotate` writes after one ply: its annotations, and the principal variation after a
/// mistake (spec/analysis.md §6).
type Notes = (Vec<Annotation>, Option<Item>);

/// Whether a verdict gets its principal variation: a mistake or a blunder (`?`, `??`), or a won
/// round let go; a dubious move keeps only its `best`.
fn wants_line(v: &Verdict) -> bool {
    v.best.is_some()
        && (v.missed_win || matches!(v.judgement, Some(Judgement::Mistake | Judgement::Blunder)))
}

/// Judges the plies of one checked record, in order: each ply's annotations and variation.
fn judge_plies(u: &Unit, opts: &SearchOptions<'_>, t: &Thresholds) -> Vec<Notes> {
    let mut out = Vec::new();
    let mut current: Option<(Position, Analysis)> = None;
    for step in &u.checked.steps {
        match step {
            Step::Start { position } | Step::Round { position, .. } => {
                current = Some((*position, analyse(position, opts)));
            }
            Step::Ply {
                number,
                mover,
                after,
                ..
            } => {
                let next = analyse(after, opts);
                let judged = current.take().and_then(|(before, a)| {
                    let played = before
                        .legal_moves_with_positions()
                        .into_iter()
                        .find(|(_, c)| c == after)
                        .map(|(m, _)| m)?;
                    let v = judge(&a, played, for_mover(&next, after.to_move() != *mover), t);
                    let line = a.lines.first().map_or(&[][..], |l| l.moves.as_slice());
                    let pv = wants_line(&v)
                        .then(|| principal_variation(&before, *number, line))
                        .flatten();
                    Some((notes(&v), pv))
                });
                out.push(judged.unwrap_or_default());
                current = Some((*after, next));
            }
            Step::RoundOver { .. } | Step::MatchOver { .. } => {}
        }
    }
    out
}

/// Whether an annotation is one `annotate` writes (and so replaces when it annotates again).
fn is_engines(item: &Item) -> bool {
    matches!(item, Item::Annotation { key, .. } if matches!(key.as_str(), "value" | "best" | "judgement"))
}

/// The record with each ply followed by its annotations and variation, those of an earlier run
/// dropped (its variations are those right after its annotations: spec/analysis.md §6). A record
/// that gets a variation declares notation 1.1 (spec/notation.md §6.4).
fn annotated(record: &Record, mut plies: Vec<Notes>) -> Record {
    plies.reverse();
    let mut movetext = Vec::with_capacity(record.movetext.len() + 2 * plies.len());
    let mut after_engines = false;
    for item in &record.movetext {
        let engines = is_engines(item) || (after_engines && matches!(item, Item::Variation { .. }));
        after_engines = engines;
        if engines {
            continue;
        }
        movetext.push(item.clone());
        if matches!(item, Item::Ply { .. }) {
            let (notes, line) = plies.pop().unwrap_or_default();
            for a in notes {
                movetext.push(Item::Annotation {
                    key: a.key().to_owned(),
                    value: a.value(),
                    read: Ok(a),
                });
            }
            movetext.extend(line);
        }
    }
    let mut out = Record {
        movetext,
        ..record.clone()
    };
    if out.has_variations() && !notation::has_variations_version(&out.notation) {
        notation::VARIATIONS_VERSION.clone_into(&mut out.notation);
    }
    out
}

/// Each player's summary of the assessments of `record`'s own plies, as a note on stderr:
/// `record 1: A 1.50 seeds lost a ply on average over 4 plies; ?! 1, ? 0, ?? 1`.
fn summary_note(u: &Unit, record: &Record) {
    let notes = notation::assessments(&record.movetext);
    let movers = u.checked.steps.iter().filter_map(|s| match s {
        Step::Ply { mover, .. } => Some(*mover),
        _ => None,
    });
    let [a, b] = notation::summary(movers.zip(&notes));
    crate::diag::note(format!(
        "{} record {}: A {}; B {}",
        u.shown_file(),
        u.index,
        a.words(),
        b.words()
    ));
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
                let rec = annotated(rec, judge_plies(&u, &opts, &t));
                summary_note(&u, &rec);
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
