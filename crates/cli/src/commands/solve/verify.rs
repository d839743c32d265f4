//! `mancala solve --verify FILE`: a database checked whole, trusting nothing it says
//! (spec/analysis.md §4.1): every block against its check, then every value against its moves
//! and its children's values, and forced. Exit 0 when it holds, 1 when it does not (the file is
//! the input judged), 2 when it cannot be read at all.

use super::Bar;
use crate::cli::{Format, SolveArgs};
use crate::outputs::exit::{CliError, Verdict as Exit};
use analysis::db::Database;
use analysis::db::verify::Checked;
use analysis::solve::verify::{Fault, Finding};
use serde_json::json;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::Instant;

/// Findings shown (stderr in text, `findings` in JSON); the counts cover them all.
const SHOWN: usize = 10;

/// The file can be opened as a file at all: what is not is an I/O error (2), not a verdict.
fn readable(path: &Path) -> Result<(), CliError> {
    let io = |m: String| Err(CliError::Io(format!("--verify {}: {m}", path.display())));
    if path.as_os_str() == "-" {
        return Err(CliError::Usage(
            "--verify -: a database is read from a file, not from standard input".to_owned(),
        ));
    }
    match std::fs::metadata(path) {
        Err(e) => io(crate::outputs::exit::io_message(&e)),
        Ok(m) if m.is_dir() => {
            io("it is a folder, not a database file (mancala solve --out FILE writes one)".into())
        }
        Ok(_) => match std::fs::File::open(path) {
            Err(e) => io(crate::outputs::exit::io_message(&e)),
            Ok(_) => Ok(()),
        },
    }
}

/// A finding as JSON.
fn finding_json(db: &Database, f: &Finding) -> serde_json::Value {
    let (kind, stored, moves) = match &f.fault {
        Fault::Inconsistent { stored, moves } => ("inconsistent", Some(*stored), Some(*moves)),
        Fault::Unforced { stored, .. } => ("unforced", Some(*stored), None),
        Fault::Missing { .. } => ("missing", None, None),
        Fault::Order { .. } => ("order", None, None),
    };
    json!({
        "position": f.position(db.shape()),
        "fault": kind,
        "stored": stored,
        "moves": moves,
        "message": f.words(db.shape()),
    })
}

/// What the check found, for a database that could be opened.
struct Outcome {
    /// The check of the values, if the blocks could all be read.
    checked: Result<Checked, String>,
    seconds: f64,
}

fn report_text(
    out: &mut impl Write,
    path: &Path,
    db: &Database,
    o: &Outcome,
) -> Result<Exit, CliError> {
    let name = path.display();
    let c = match &o.checked {
        Err(m) => {
            crate::outputs::diag::error(format_args!("{name}: {m}"));
            writeln!(out, "{name}: invalid: {m}")?;
            return Ok(Exit::Invalid);
        }
        Ok(c) => c,
    };
    let r = &c.report;
    for f in &r.first {
        crate::outputs::diag::error(format_args!("{name}: {}", f.words(db.shape())));
    }
    let wrong = r.inconsistent + r.unforced + r.missing;
    if wrong > r.first.len() as u64 {
        crate::outputs::diag::note(format_args!(
            "{name}: {} more not shown",
            wrong - r.first.len() as u64
        ));
    }
    let counts = format!(
        "{}, {} positions in {} pairs of slices, {} moves",
        db.variant(),
        r.boards,
        c.pairs,
        r.moves
    );
    if r.holds() {
        writeln!(
            out,
            "{name}: valid: {counts}; every block's check holds, every value is the one its \
             moves give from its children's values and is forced; check fnv1a64:{:016x}",
            db.check()
        )?;
    } else {
        let positions = |n: u64| format!("{n} position{}", if n == 1 { "" } else { "s" });
        writeln!(
            out,
            "{name}: invalid: {counts}; {} with values their moves do not give, {} with a value \
             no play forces, {} with a move to a position it lacks",
            positions(r.inconsistent),
            positions(r.unforced),
            positions(r.missing)
        )?;
    }
    writeln!(out, "checked in {:.2} s", o.seconds)?;
    Ok(if r.holds() {
        Exit::Valid
    } else {
        Exit::Invalid
    })
}

fn report_json(
    out: &mut impl Write,
    path: &Path,
    db: Option<&Database>,
    o: Result<&Outcome, &str>,
) -> Result<Exit, CliError> {
    let mut data = json!({
        "file": path.display().to_string(),
        "valid": false,
        "game": db.map(|d| d.variant().to_string()),
        "check": db.map(|d| format!("fnv1a64:{:016x}", d.check())),
        "damaged": null,
        "positions": null,
        "pairs": null,
        "moves": null,
        "inconsistent": null,
        "unforced": null,
        "missing": null,
        "findings": [],
        "seconds": null,
    });
    let verdict = match (o, db) {
        (Ok(o), Some(db)) => {
            data["seconds"] = json!(o.seconds);
            match &o.checked {
                Err(m) => {
                    data["damaged"] = json!(m);
                    Exit::Invalid
                }
                Ok(c) => {
                    let r = &c.report;
                    data["valid"] = json!(r.holds());
                    data["positions"] = json!(r.boards);
                    data["pairs"] = json!(c.pairs);
                    data["moves"] = json!(r.moves);
                    data["inconsistent"] = json!(r.inconsistent);
                    data["unforced"] = json!(r.unforced);
                    data["missing"] = json!(r.missing);
                    data["findings"] = r.first.iter().map(|f| finding_json(db, f)).collect();
                    if r.holds() {
                        Exit::Valid
                    } else {
                        Exit::Invalid
                    }
                }
            }
        }
        (Err(m), _) => {
            data["damaged"] = json!(m);
            Exit::Invalid
        }
        (Ok(_), None) => Exit::Invalid,
    };
    writeln!(out, "{}", json!({"type": "verify", "data": data}))?;
    Ok(verdict)
}

/// `mancala solve --verify FILE`.
pub fn run(args: &SolveArgs, path: &Path) -> Result<Exit, CliError> {
    readable(path)?;
    let threads = crate::cli::thread_count(args.threads);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let opened = Database::open_path(path);
    let outcome = opened.as_ref().map(|db| {
        let t = Instant::now();
        let mut bar = Bar {
            terminal: std::io::stderr().is_terminal(),
            quiet: args.quiet,
            n: db.shape().n(),
            drawn: None,
        };
        let checked = db.check_values(threads, SHOWN, &mut |p| bar.show(p));
        bar.finish();
        Outcome {
            checked,
            seconds: t.elapsed().as_secs_f64(),
        }
    });
    let outcome = outcome.map_err(|m| m.as_str());
    let verdict = match (args.format, &opened, outcome) {
        (Format::Json, _, o) => report_json(
            &mut out,
            path,
            opened.as_ref().ok(),
            o.as_ref().map_err(|m| *m),
        )?,
        (Format::Text, Ok(db), Ok(o)) => report_text(&mut out, path, db, &o)?,
        (Format::Text, _, Err(m)) => {
            crate::outputs::diag::error(format_args!("{}: {m}", path.display()));
            writeln!(out, "{}: invalid: {m}", path.display())?;
            Exit::Invalid
        }
        (Format::Text, Err(_), Ok(_)) => Exit::Invalid,
    };
    out.flush()?;
    Ok(verdict)
}
