//! `mancala validate`.

use crate::cli::{Format, FromFormat, ValidateArgs};
use crate::inputs::records::{self, Unit};
use crate::outputs::exit::{CliError, Verdict};
use notation::CheckOptions;
use notation::text::for_terminal;
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
            let game = r.variant.to_string();
            let marks = match u.checked.lenient_plies {
                0 => String::new(),
                1 => ", 1 lenient mark".to_owned(),
                n => format!(", {n} lenient marks"),
            };
            format!("{game}, {}{marks}, {}", plies(u.checked.plies), r.result)
        }
        None => "unreadable".to_owned(),
    };
    let n = u.checked.problems.len();
    if n == 0 {
        format!(
            "{}:{}: record {}: valid ({what})",
            u.shown_file(),
            u.first_line,
            u.index
        )
    } else {
        format!(
            "{}:{}: record {}: invalid, {n} problem{} ({what})",
            u.shown_file(),
            u.first_line,
            u.index,
            if n == 1 { "" } else { "s" }
        )
    }
}

/// The record object of the JSON output; in lenient validation it says so, with the number of
/// plies only lenient validation accepts.
pub fn record_json(u: &Unit, lenient: bool) -> serde_json::Value {
    json!({"type": "record", "data": record_data(u, lenient)})
}

/// The data of a record's summary line ([`record_json`]).
pub(crate) fn record_data(u: &Unit, lenient: bool) -> serde_json::Value {
    let mut v = json!({
        "file": u.file,
        "record": u.index,
        "line": u.first_line,
        "valid": u.valid(),
        "game": u.record.as_ref().map(|r| r.game().name()),
        "plies": u.checked.plies,
        "result": u.record.as_ref().map(|r| r.result.token()),
        "problems": u.checked.problems.len(),
    });
    if !u.checked.respelled.is_empty() {
        v["respelled"] = json!(u.checked.respelled);
    }
    if lenient {
        v["lenient"] = json!(true);
        v["lenient_plies"] = json!(u.checked.lenient_plies);
    }
    v
}

/// Reports the problems of a record: rendered on stderr, or JSON lines on `out`.
pub fn report(u: &Unit, format: Format, out: &mut impl Write) -> Result<(), CliError> {
    let o = u.origin();
    for p in &u.checked.problems {
        match format {
            // A blank line after each problem.
            Format::Text => crate::outputs::diag::text(&format!("{}\n", o.render(p))),
            Format::Json => {
                let v = json!({"type": "finding", "data": o.json(p)});
                writeln!(out, "{v}")?;
            }
        }
    }
    Ok(())
}

pub fn run(args: &ValidateArgs) -> Result<Verdict, CliError> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut sum = Summary::default();
    let opts = CheckOptions {
        lenient: args.lenient,
        ..records::CHECK_ONLY
    };
    let failed = records::each_record_of(&args.files, FromFormat::Auto, opts, |u| {
        sum.records += 1;
        if u.valid() {
            sum.valid += 1;
        } else {
            sum.invalid += 1;
        }
        report(&u, args.format, &mut out)?;
        match args.format {
            Format::Text if !args.quiet => {
                writeln!(out, "{}", record_line(&u))?;
                // Any legal spelling is accepted; say which plies have another canonical one.
                for r in &u.checked.respelled {
                    writeln!(
                        out,
                        "  ply {}: `{}` is `{}` in canonical form",
                        r.ply,
                        for_terminal(&r.written),
                        r.canonical
                    )?;
                }
            }
            Format::Json => writeln!(out, "{}", record_json(&u, args.lenient))?,
            Format::Text => {}
        }
        Ok(())
    })?;
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
        Verdict::Failed
    } else if sum.invalid > 0 {
        Verdict::Invalid
    } else {
        Verdict::Valid
    })
}
