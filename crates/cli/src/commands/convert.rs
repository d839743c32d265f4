//! `mancala convert`.

use crate::cli::{ConvertArgs, Format, ToFormat};
use crate::commands::validate;
use crate::inputs::records;
use crate::outputs::exit::{CliError, Verdict};
use notation::CheckOptions;
use std::io::Write;

/// Writes a record in the canonical notation (a blank line before it unless it is the first,
/// `written` being how many came before) or as one line of its JSON form; `annotate` writes
/// its records so too.
pub fn write_record(
    rec: &notation::Record,
    to: ToFormat,
    written: usize,
    out: &mut impl Write,
) -> Result<(), CliError> {
    match to {
        ToFormat::Notation => {
            if written > 0 {
                writeln!(out)?;
            }
            out.write_all(notation::print_record(rec).as_bytes())?;
        }
        ToFormat::Json => {
            let line = serde_json::to_string(rec)
                .map_err(|e| CliError::Io(format!("JSON output: {e}")))?;
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

pub fn run(args: &ConvertArgs) -> Result<Verdict, CliError> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut written = 0usize;
    let mut bad = 0usize;
    let opts = CheckOptions {
        lenient: args.lenient,
        ..records::CANONICAL
    };
    let failed = records::each_record_of(&args.files, args.from, opts, |u| {
        let Some(rec) = &u.checked.canonical else {
            bad += 1;
            return validate::report(&u, Format::Text, &mut out);
        };
        write_record(rec, args.to, written, &mut out)?;
        written += 1;
        Ok(())
    })?;
    out.flush()?;
    if bad > 0 {
        crate::outputs::diag::note(format_args!(
            "{bad} invalid record{} not converted, {written} converted",
            if bad == 1 { "" } else { "s" }
        ));
    }
    Ok(if failed {
        Verdict::Failed
    } else if bad > 0 {
        Verdict::Invalid
    } else {
        Verdict::Valid
    })
}
