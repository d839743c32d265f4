//! `mancala annotate`: every ply of recorded games judged by the search (spec/analysis.md §6),
//! and the records written back with the judgement in annotations (`value`, `best`,
//! `judgement`: spec/notation.md §6.3) and the limits in an `Annotator` tag, in the canonical
//! notation or the JSON form (`analysis::annotate::judge_steps`, `annotated`).
//!
//! Each ply is judged from one search of the position it was played in, the move played
//! searched with the best ones to the same depth. The plies of a record are searched
//! `--threads` at a time, each by one thread with a table emptied before it: the record written
//! depends on the limits alone, never on the threads or on the order they finish in.

use crate::cli::{AnnotateArgs, Format, FromFormat, ToFormat};
use crate::inputs::records;
use crate::outputs::exit::{CliError, Verdict as Exit};
use analysis::Engine;
use analysis::annotate::{Judging, Thresholds, annotated, annotator, judge_steps};
use analysis::search::Oracle;
use notation::{Record, Step};
use rules_core::Position;
use std::io::Write;
use std::time::Duration;

/// The time per position when no limit is given.
const DEFAULT_TIME: Duration = Duration::from_millis(200);

/// The first position of a checked record.
fn first_position(u: &records::Unit) -> Option<Position> {
    u.checked.steps.iter().find_map(|s| match s {
        Step::Start { position } | Step::Round { position, .. } => Some(*position),
        _ => None,
    })
}

/// Each player's summary of the assessments of `record`'s own plies, as a note on stderr:
/// `record 1: A 1.50 seeds lost a ply on average over 4 plies; ?! 1, ? 0, ?? 1`.
fn summary_note(u: &records::Unit, record: &Record) {
    let notes = notation::assessments(&record.movetext);
    let movers = u.checked.steps.iter().filter_map(|s| match s {
        Step::Ply { mover, .. } => Some(*mover),
        _ => None,
    });
    let [a, b] = notation::summary(movers.zip(&notes));
    crate::outputs::diag::note(format!(
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
        .map(crate::commands::analyse::load_db)
        .transpose()?;
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
    let limits = crate::commands::analyse::limits(&args.limits, DEFAULT_TIME);
    let mut engines = (0..crate::cli::thread_count(args.threads))
        .map(|_| Engine::new(args.hash, 1))
        .collect::<Result<Vec<_>, _>>()
        .map_err(crate::commands::perft::hash_refused)?;
    let judging = Judging {
        limits,
        oracle: db.as_ref().map(|d| d as &dyn Oracle),
        thresholds: t,
        stop: None,
    };
    let db_name = args
        .db
        .as_deref()
        .map(|p| p.file_name().unwrap_or(p.as_os_str()).to_string_lossy());
    let tag = annotator(&limits, db_name.as_deref(), &t);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut invalid, mut written) = (false, 0usize);
    let failed = records::each_record_of(&args.files, FromFormat::Auto, records::REPLAY, |u| {
        if let (true, Some(rec)) = (u.valid(), &u.checked.canonical) {
            if let (Some(d), Some(path), Some(first)) = (&db, &args.db, first_position(&u)) {
                crate::commands::analyse::same_game(d, path, &first)?;
            }
            let plies = judge_steps(&u.checked.steps, &mut engines, &judging);
            crate::commands::analyse::db_failure(db.as_ref(), args.db.as_deref())?;
            let rec = annotated(rec, plies, &tag);
            summary_note(&u, &rec);
            let to = match args.format {
                Format::Text => ToFormat::Notation,
                Format::Json => ToFormat::Json,
            };
            crate::commands::convert::write_record(&rec, to, written, &mut out)?;
            written += 1;
        } else {
            invalid = true;
            crate::commands::validate::report(&u, Format::Text, &mut out)?;
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(if failed {
        Exit::Failed
    } else if invalid {
        Exit::Invalid
    } else {
        Exit::Valid
    })
}
