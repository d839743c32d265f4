//! `mancala validate`.

use crate::cli::{Format, From, ValidateArgs};
use crate::exit::{CliError, Outcome};
use crate::input::{self, Unit};
use serde::Serialize;
use serde_json::json;
use std::io::Write;

/// Counts over all inputs.
#[derive(Default, Serialize)]
pub struct Summary {
    pub records: usize,
    pub valid: usize,
    pub invalid: usize,
}

/// "1 ply", "3 plies".
pub fn plies(n: u32) -> String {
    format!("{n} {}", if n == 1 { "ply" } else { "plies" })
}

/// One line per record, for people.
pub fn record_line(u: &Unit) -> String {
    let what = match &u.record {
        Some(r) => {
            let game = notation::check::variant_of(r)
                .map_or_else(|_| r.game.to_string(), |v| v.to_string());
            format!("{game}, {}, {}", plies(u.checked.plies), r.result)
        }
        None => "unreadable".to_owned(),
    };
    let n = u.checked.problems.len();
    if n == 0 {
        format!(
            "{}:{}: record {}: valid ({what})",
            u.file, u.first_line, u.index
        )
    } else {
        format!(
            "{}:{}: record {}: invalid, {n} problem{} ({what})",
            u.file,
            u.first_line,
            u.index,
            if n == 1 { "" } else { "s" }
        )
    }
}

/// The record object of the JSON output.
pub fn record_json(u: &Unit) -> serde_json::Value {
    json!({
        "type": "record",
        "data": {
            "file": u.file,
            "record": u.index,
            "line": u.first_line,
            "valid": u.valid(),
            "game": u.record.as_ref().map(|r| r.game.name()),
            "plies": u.checked.plies,
            "result": u.record.as_ref().map(|r| r.result.token()),
            "problems": u.checked.problems.len(),
        }
    })
}

/// Reports the problems of a record: rendered on stderr, or JSON lines on `out`.
pub fn report(u: &Unit, format: Format, out: &mut impl Write) -> Result<(), CliError> {
    let o = u.origin();
    for p in &u.checked.problems {
        match format {
            Format::Text => eprintln!("{}", o.render(p)),
            Format::Json => {
                let v = json!({"type": "finding", "data": o.json(p)});
                writeln!(out, "{v}")?;
            }
        }
    }
    Ok(())
}

pub fn run(args: &ValidateArgs) -> Result<Outcome, CliError> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut sum = Summary::default();
    let mut failed = false;
    for name in input::names(&args.files) {
        let reader = match input::open(&name) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("mancala: error: {e}");
                failed = true;
                continue;
            }
        };
        let r = input::each_record(&name, reader, From::Notation, input::CHECK_ONLY, |u| {
            sum.records += 1;
            if u.valid() {
                sum.valid += 1;
            } else {
                sum.invalid += 1;
            }
            report(&u, args.format, &mut out)?;
            match args.format {
                Format::Text if !args.quiet => writeln!(out, "{}", record_line(&u))?,
                Format::Json => writeln!(out, "{}", record_json(&u))?,
                Format::Text => {}
            }
            Ok(())
        });
        match r {
            Ok(()) => {}
            Err(CliError::Io(e)) => {
                eprintln!("mancala: error: {e}");
                failed = true;
            }
            Err(e) => return Err(e),
        }
    }
    match args.format {
        Format::Text => writeln!(
            out,
            "{} record{}: {} valid, {} invalid",
            sum.records,
            if sum.records == 1 { "" } else { "s" },
            sum.valid,
            sum.invalid
        )?,
        Format::Json => writeln!(out, "{}", json!({"type": "summary", "data": sum}))?,
    }
    out.flush()?;
    Ok(if failed {
        Outcome::Failed
    } else if sum.invalid > 0 {
        Outcome::Invalid
    } else {
        Outcome::Valid
    })
}
