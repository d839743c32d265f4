//! `mancala annotate`: every ply of recorded games judged by the search (spec/analysis.md §6).
//! The verdicts are written as text lines or JSON; writing them into the notation as checkable
//! annotations waits for the typed annotations of the notation crate.

use crate::cli::{AnnotateArgs, Format, FromFormat};
use crate::exit::{CliError, Verdict as Exit};
use crate::input::{self, Unit};
use analysis::annotate::{Thresholds, Verdict, for_mover, judge};
use analysis::search::Oracle;
use analysis::{Analysis, SearchOptions, analyse};
use notation::Step;
use rules_core::Position;
use serde_json::json;
use std::io::Write;
use std::time::Duration;

/// The time per position when no limit is given.
const DEFAULT_TIME: Duration = Duration::from_millis(200);

fn verdict_words(v: &Verdict) -> String {
    let mut s = format!("value {}, played {}", v.value, v.played);
    if let Some(b) = v.best {
        s.push_str(&format!(", best {b}"));
    }
    if let Some(l) = v.lost.filter(|&l| l > 0) {
        s.push_str(&format!(", {l} lost"));
    }
    if let Some(j) = v.judgement {
        s.push_str(&format!(" {j}"));
    }
    if v.missed_win {
        s.push_str(", missed win");
    }
    if !v.exact {
        s.push_str(" (estimates)");
    }
    s
}

/// Judges the plies of one checked record and writes them.
fn annotate_record(
    u: &Unit,
    opts: &SearchOptions<'_>,
    t: &Thresholds,
    format: Format,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let mut current: Option<(Position, Analysis)> = None;
    for step in &u.checked.steps {
        match step {
            Step::Start { position } | Step::Round { position, .. } => {
                current = Some((*position, analyse(position, opts)));
            }
            Step::Ply {
                number,
                token,
                mover,
                after,
                ..
            } => {
                let Some((before, a)) = current.take() else {
                    continue;
                };
                let next = analyse(after, opts);
                let played = before
                    .legal_moves_with_positions()
                    .into_iter()
                    .find(|(_, c)| c == after)
                    .map(|(m, _)| m);
                if let Some(played) = played {
                    let v = judge(&a, played, for_mover(&next, after.to_move() != *mover), t);
                    match format {
                        Format::Text => writeln!(
                            out,
                            "{}: record {} ply {number} {mover} {token}: {}",
                            u.shown_file(),
                            u.index,
                            verdict_words(&v)
                        )?,
                        Format::Json => writeln!(
                            out,
                            "{}",
                            json!({"type": "ply-verdict", "data": {
                                "file": u.file,
                                "record": u.index,
                                "ply": number,
                                "move": token,
                                "player": mover,
                                "value": v.value,
                                "played": v.played,
                                "best": v.best.map(|m| m.to_string()),
                                "lost": v.lost,
                                "judgement": v.judgement,
                                "missed_win": v.missed_win,
                                "exact": v.exact,
                            }})
                        )?,
                    }
                }
                current = Some((*after, next));
            }
            Step::RoundOver { .. } | Step::MatchOver { .. } => {}
        }
    }
    Ok(())
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
    let (mut invalid, mut failed) = (false, false);
    for name in input::names(&args.files) {
        let reader = match input::open(&name) {
            Ok(r) => r,
            Err(e) => {
                crate::diag::error(&e);
                failed = true;
                continue;
            }
        };
        input::each_record(&name, reader, FromFormat::Auto, input::REPLAY, |u| {
            if u.valid() {
                annotate_record(&u, &opts, &t, args.format, &mut out)?;
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
