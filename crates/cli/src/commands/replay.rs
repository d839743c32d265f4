//! `mancala replay`: the records of the FILEs replayed in text or JSON (`printers::replay`);
//! `--svg` and `--html` are `printers::pictures` and `printers::html`.

use crate::cli::{Format, FromFormat, ReplayArgs};
use crate::commands::validate;
use crate::inputs::records::{self};
use crate::outputs::exit::{CliError, Verdict};
use crate::outputs::style::Style;
use crate::printers::replay;
use notation::CheckOptions;
use std::io::Write;

pub fn run(args: &ReplayArgs, style: Style) -> Result<Verdict, CliError> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut invalid = 0;
    let mut first = true;
    let opts = CheckOptions {
        lenient: args.lenient,
        ..records::REPLAY
    };
    let failed = records::each_record_of(&args.files, FromFormat::Auto, opts, |u| {
        match args.format {
            Format::Text => {
                if !first {
                    writeln!(out)?;
                }
                replay::text(&u, &mut out, style)?;
                out.flush()?;
                validate::report(&u, Format::Text, &mut out)?;
            }
            Format::Json => replay::json_lines(&u, args.lenient, &mut out)?,
        }
        first = false;
        invalid += usize::from(!u.valid());
        Ok(())
    })?;
    out.flush()?;
    Ok(if failed {
        Verdict::Failed
    } else if invalid > 0 {
        Verdict::Invalid
    } else {
        Verdict::Valid
    })
}
