//! `Record.annotate`: every ply of a valid record judged by search and written back with its
//! `(value)`, `(best)` and `(judgement)` annotations and an `Annotator` tag (spec/notation.md
//! §6.3, spec/analysis.md §6), as `mancala annotate` writes them: both call
//! `analysis::annotate::judge_steps` and `annotated`.

use crate::args;
use crate::errors::plain;
use analysis::Engine;
use analysis::annotate::{Judging, Thresholds, annotated, judge_steps};
use analysis::search::Limits;
use notation::{CheckOptions, Record};
use pyo3::prelude::*;
use std::path::PathBuf;

/// What an annotation is asked, checked: the limits of each position's search (0.2 s when none
/// is given), a database, the thresholds, the output's form.
pub struct Annotating {
    pub limits: Limits,
    pub db: Option<PathBuf>,
    pub thresholds: Thresholds,
    pub json: bool,
}

impl Annotating {
    /// From `annotate`'s arguments (`Record.annotate`, `cluster.annotate_files`): `limits` are
    /// `depth`, `time`, `nodes`; `thresholds` `dubious`, `mistake`, `blunder` (1, 3 and 6 seeds
    /// when not given).
    pub fn new(
        [depth, time, nodes]: [Option<&Bound<'_, PyAny>>; 3],
        db: Option<&Bound<'_, PyAny>>,
        [dubious, mistake, blunder]: [Option<&Bound<'_, PyAny>>; 3],
        format: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Annotating> {
        let given = depth.is_some() || time.is_some() || nodes.is_some();
        let mut limits = crate::analysis::limits(depth, time, nodes)?;
        if !given {
            limits.time = Some(std::time::Duration::from_millis(200));
        }
        let seeds = |v: Option<&Bound<'_, PyAny>>, name: &str, default: i32| {
            v.map_or(Ok(default), |v| {
                args::limited(v, name, i128::from(i32::MIN)..=i128::from(i32::MAX))
            })
        };
        let thresholds = Thresholds {
            dubious: seeds(dubious, "dubious", 1)?,
            mistake: seeds(mistake, "mistake", 3)?,
            blunder: seeds(blunder, "blunder", 6)?,
        };
        let t = &thresholds;
        if !(0 < t.dubious && t.dubious <= t.mistake && t.mistake <= t.blunder) {
            return Err(plain(
                "ArgumentError",
                format!(
                    "the thresholds must be 0 < dubious <= mistake <= blunder (seeds lost), not \
                     {}, {}, {}",
                    t.dubious, t.mistake, t.blunder
                ),
            ));
        }
        let json = match format
            .map(|f| args::text(f, "format", "ArgumentError"))
            .transpose()?
        {
            None => false,
            Some(f) if f == "notation" || f == "text" => false,
            Some(f) if f == "json" => true,
            Some(other) => {
                return Err(plain(
                    "ArgumentError",
                    format!("format {other:?}: give \"notation\" or \"json\""),
                ));
            }
        };
        Ok(Annotating {
            limits,
            db: db.map(|d| args::path(d, "db")).transpose()?,
            thresholds,
            json,
        })
    }

    /// The database's file name, as the `Annotator` tag names it.
    pub fn db_name(&self) -> Option<String> {
        self.db.as_ref().map(|p| {
            p.file_name().map_or_else(
                || p.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            )
        })
    }
}

/// The record with every ply judged (one thread, a table of 16 MB emptied before each
/// position), or `None` when it is not valid or the table cannot be had. Once `judging.stop` is
/// set, every search stops at once and the result is to be thrown away.
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
    let mut engine = Engine::new(analysis::search::ANALYSE_HASH, 1).ok()?;
    let plies = judge_steps(&checked.steps, std::slice::from_mut(&mut engine), judging);
    Some(annotated(&canonical, plies, annotator))
}
