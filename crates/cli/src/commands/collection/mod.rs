//! `mancala collection`: what a collection of records needs (spec/collections.md), as
//! pgn-extract gives it for chess: select, merge, dedupe, split and stats.
//!
//! Every subcommand reads its inputs (files, folders read recursively, standard input) one record
//! at a time through [`each_record`], the one place it reaches the record pipeline: a record is
//! checked as `validate` checks it, an invalid one is reported on stderr and counted, a valid one
//! handed on. Memory stays bounded by one record, plus what a subcommand keeps on purpose: the
//! digests of `--dedupe` (one per record kept) and the counts of `stats`.
//!
//! * [`criteria`]: what `select` matches (tags, options, a position reached, first moves, length);
//! * [`dedupe`]: the key of a record's start and moves;
//! * [`split`]: one file per record or per game;
//! * [`stats`]: the counts.

pub mod criteria;
pub mod dedupe;
pub mod split;
pub mod stats;

use crate::cli::{CollectionArgs, CollectionCommand, MergeArgs, RecordFormat, SelectArgs};
use crate::cli::{Format, FromFormat};
use crate::inputs::records::{self, Unit};
use crate::outputs::exit::{CliError, Verdict};
use notation::CheckOptions;
use std::io::Write;

/// What reading the inputs found, besides the records handed on.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Records read.
    pub records: usize,
    /// Records invalid (reported).
    pub invalid: usize,
    /// An input could not be read (reported).
    pub failed: bool,
}

impl Tally {
    /// The verdict of the run: an unreadable input first, then an invalid record.
    pub fn verdict(self) -> Verdict {
        if self.failed {
            Verdict::Failed
        } else if self.invalid > 0 {
            Verdict::Invalid
        } else {
            Verdict::Valid
        }
    }
}

/// Reads every record of `files` (folders expanded), checks each with `opts`, reports the
/// invalid ones on stderr, and hands each record, valid or not, to `f`.
pub fn each_record(
    files: &[std::path::PathBuf],
    opts: CheckOptions,
    mut f: impl FnMut(&Unit) -> Result<(), CliError>,
) -> Result<Tally, CliError> {
    let mut tally = Tally::default();
    let mut sink = std::io::sink();
    tally.failed = records::each_record_of(files, FromFormat::Auto, opts, |u| {
        tally.records += 1;
        if !u.valid() {
            tally.invalid += 1;
            crate::commands::validate::report(&u, Format::Text, &mut sink)?;
        }
        f(&u)
    })?;
    Ok(tally)
}

/// Writes one record as `to` asks: its text as read (`written` records before it, for the blank
/// line between two), the canonical notation, or a JSON line.
pub fn write_record(
    u: &Unit,
    to: RecordFormat,
    written: usize,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let canonical = u.checked.canonical.as_ref().or(u.record.as_ref());
    match (to, &u.text, canonical) {
        (RecordFormat::Notation, Some(text), _) if u.record.is_some() => {
            if written > 0 {
                writeln!(out)?;
            }
            writeln!(out, "{}", as_read(text))?;
            Ok(())
        }
        (RecordFormat::Json, _, Some(rec)) => {
            crate::commands::convert::write_record(rec, crate::cli::ToFormat::Json, written, out)
        }
        (_, _, Some(rec)) => crate::commands::convert::write_record(
            rec,
            crate::cli::ToFormat::Notation,
            written,
            out,
        ),
        (_, _, None) => Ok(()),
    }
}

/// A record's text as read, without the blank lines and the byte-order mark around it.
fn as_read(text: &str) -> &str {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.trim_matches(|c| c == '\n' || c == '\r')
}

/// What checking must produce for a collection command: the canonical record (dedupe keys, first
/// moves), and every step when positions or rules are looked at.
const fn check_options(lenient: bool, steps: bool) -> CheckOptions {
    CheckOptions {
        steps,
        canonical: true,
        lenient,
    }
}

/// Runs a `mancala collection` subcommand.
pub fn run(args: &CollectionArgs) -> Result<Verdict, CliError> {
    match &args.command {
        CollectionCommand::Select(a) => select(a),
        CollectionCommand::Merge(a) => merge(a, a.dedupe),
        CollectionCommand::Dedupe(a) => merge(a, true),
        CollectionCommand::Split(a) => split::run(a),
        CollectionCommand::Stats(a) => stats::run(a),
    }
}

fn merge(a: &MergeArgs, dedupe: bool) -> Result<Verdict, CliError> {
    let select = SelectArgs {
        inputs: crate::cli::Inputs {
            files: a.inputs.files.clone(),
            lenient: a.inputs.lenient,
        },
        tag: Vec::new(),
        game: None,
        options: Vec::new(),
        player: None,
        result: None,
        position: None,
        ignore_marks: false,
        ignore_stores: false,
        moves: None,
        min_plies: None,
        max_plies: None,
        invert: false,
        dedupe,
        count: false,
        to: a.to,
    };
    self::select(&select)
}

/// `collection select` (and merge, dedupe).
fn select(a: &SelectArgs) -> Result<Verdict, CliError> {
    let criteria = criteria::Criteria::new(a)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut seen = a.dedupe.then(dedupe::Seen::default);
    let mut written = 0usize;
    let opts = check_options(a.inputs.lenient, criteria.needs_steps());
    let tally = each_record(&a.inputs.files, opts, |u| {
        if !u.valid() || criteria.matches(u) == a.invert {
            return Ok(());
        }
        if let Some(seen) = &mut seen
            && let Some(first) = seen.repeat(u)
        {
            crate::outputs::diag::note(format_args!(
                "{}:{}: record {} repeats {first}: left out",
                u.shown_file(),
                u.first_line,
                u.index
            ));
            return Ok(());
        }
        if !a.count {
            write_record(u, a.to, written, &mut out)?;
        }
        written += 1;
        Ok(())
    })?;
    if a.count {
        writeln!(out, "{written}")?;
    }
    out.flush()?;
    if tally.invalid > 0 {
        crate::outputs::diag::note(format_args!(
            "{} invalid record{} left out",
            tally.invalid,
            if tally.invalid == 1 { "" } else { "s" }
        ));
    }
    Ok(tally.verdict())
}
