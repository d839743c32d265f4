//! `Record.annotate`: every ply of a valid record judged by search and written back with its
//! `(value)`, `(best)` and `(judgement)` annotations and an `Annotator` tag (spec/notation.md
//! §6.3, spec/analysis.md §6), as `mancala annotate` writes them: both call
//! `analysis::annotate::judge_steps` and `annotated`.

use analysis::Engine;
use analysis::annotate::{Judging, annotated, judge_steps};
use notation::{CheckOptions, Record};

/// The record with every ply judged (one thread, a table of 16 MB emptied before each
/// position), or `None` when it is not valid or the table cannot be had.
pub fn annotate(
    record: &Record,
    lenient: bool,
    judging: &Judging<'_>,
    annotator: &str,
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
    let mut engines = [Engine::new(analysis::search::ANALYSE_HASH, 1).ok()?];
    let plies = judge_steps(&checked.steps, &mut engines, judging);
    Some(annotated(&canonical, plies, annotator))
}
