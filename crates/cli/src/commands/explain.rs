//! `mancala explain`: one ply of a record (`--record`, `--ply`) or a move from a `--position`,
//! explained by `printers::explain`.

use crate::cli::{ExplainArgs, FromFormat};
use crate::commands::validate;
use crate::inputs::position::{self, Given};
use crate::inputs::records;
use crate::outputs::exit::{CliError, Verdict};
use crate::outputs::style::Style;
use crate::printers::explain;
use notation::Step;
use rules_core::{Move, PlayOptions, Position, Trace};
use std::io::Write;

pub fn run(args: &ExplainArgs, style: Style) -> Result<Verdict, CliError> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if let (Some(text), Some(token)) = (&args.position, &args.mv) {
        let given = Given::new(&args.options.options, args.options.opener.as_deref())?;
        let Some(before) = position::read_or_report(text, &given)? else {
            return Ok(Verdict::Invalid);
        };
        let mv: Move = match Move::parse(before.variant().kind(), token) {
            Ok(m) => m,
            Err(e) => {
                crate::outputs::diag::error(&e.message);
                return Ok(Verdict::Invalid);
            }
        };
        let opts = if args.lenient {
            PlayOptions::FULL.lenient(None)
        } else {
            PlayOptions::FULL
        };
        let played = match before.play(&mv, opts) {
            Ok(p) => p,
            Err(e) => {
                // What was traced before a strict refusal (an endless sowing's first laps).
                let trace = if args.lenient {
                    Trace::default()
                } else {
                    e.trace.clone()
                };
                crate::outputs::diag::error(&e);
                if let Some(see) = notation::see(Some(e.rule)) {
                    crate::outputs::diag::see(&see);
                }
                explain::print_refused(&mut out, style, &before, token, &trace)?;
                out.flush()?;
                return Ok(Verdict::Invalid);
            }
        };
        explain::print(
            &mut out,
            style,
            "the move",
            &before,
            &played.canonical.to_string(),
            token,
            &played.trace,
            &played.position,
        )?;
        out.flush()?;
        return Ok(Verdict::Valid);
    }
    let name = records::Input::new(args.file.clone().unwrap_or_else(|| "-".into()));
    let reader = records::open(&name).map_err(CliError::Io)?;
    let mut found = false;
    let mut outcome = Verdict::Valid;
    let mut failure: Option<CliError> = None;
    let opts = notation::CheckOptions {
        lenient: args.lenient,
        ..records::REPLAY
    };
    records::each_record(name.name(), reader, FromFormat::Auto, opts, |u| {
        if u.index != args.record as usize {
            return Ok(());
        }
        found = true;
        let mut before: Option<&Position> = None;
        let mut shown = 0;
        let mut plies = 0;
        for step in &u.checked.steps {
            match step {
                Step::Start { position } | Step::Round { position, .. } => before = Some(position),
                Step::Ply {
                    number,
                    token,
                    written,
                    trace,
                    after,
                    ..
                } => {
                    plies = *number;
                    if args.ply.is_none_or(|n| n == *number)
                        && let Some(b) = before
                    {
                        if shown > 0 {
                            writeln!(out)?;
                        }
                        explain::print(
                            &mut out,
                            style,
                            &format!("ply {number} of record {} of {}", u.index, u.shown_file()),
                            b,
                            token,
                            written,
                            trace,
                            after,
                        )?;
                        shown += 1;
                    }
                    before = Some(after);
                }
                Step::RoundOver { .. } | Step::MatchOver { .. } => {}
            }
        }
        out.flush()?;
        validate::report(&u, crate::cli::Format::Text, &mut out)?;
        if !u.valid() {
            outcome = Verdict::Invalid;
        } else if shown == 0 {
            let why = match args.ply {
                Some(n) => format!("has {}: there is no ply {n}", validate::plies(plies)),
                None => "has no plies: there is nothing to explain".to_owned(),
            };
            failure = Some(CliError::Usage(format!(
                "record {} of {} {why}",
                u.index, u.file
            )));
        }
        Ok(())
    })?;
    out.flush()?;
    if let Some(e) = failure {
        return Err(e);
    }
    if !found {
        return Err(CliError::Usage(format!(
            "{} has no record {}",
            name.shown(),
            args.record
        )));
    }
    Ok(outcome)
}
