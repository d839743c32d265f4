//! The commands on one position string: `show`, `moves`, `play`.
//!
//! A position string that does not parse, or is not a position of its game, is invalid input:
//! every problem is reported on stderr (with its rule) and the exit status is 1. Bad `--option`
//! values are usage errors (2).

use crate::board;
use crate::cli::{Format, MovesArgs, PlayArgs, PositionOptions, ShowArgs, ShowFormat};
use crate::exit::{CliError, Verdict};
use crate::style::{Paint, Style};
use crate::svg;
use notation::write_position;
use rules_core::{Position, StatedOptions};
use serde_json::json;
use std::io::Write;

/// The `KEY=VALUE` options of the command line for position string `text`, typed for its game:
/// each once, each an option of its game (else a usage error, `game_args::options_of_position`).
pub fn options(o: &PositionOptions, text: &str) -> Result<Option<StatedOptions>, CliError> {
    let options = crate::game_args::options(&o.options)?;
    crate::game_args::options_of_position(text, &options)
}

/// Reads and checks a position string; `Err` holds the message for stderr (invalid input).
pub fn parse(text: &str, options: Option<&StatedOptions>) -> Result<Position, String> {
    let setup = notation::parse_position(text, options)
        .map_err(|e| format!("bad position at column {}: {e}", e.offset + 1))?;
    Position::from_setup(&setup)
        .map_err(|e| format!("not a legal {} position: {e}", setup.variant.kind().name()))
}

/// Reports a bad position on stderr, with the `mancala rules` command that prints the rules its
/// message cites.
pub fn report_position(message: &str) {
    crate::diag::error(message);
    let mut ids: Vec<String> = Vec::new();
    for c in rulebook::citations(message) {
        if !ids.contains(&c.id) {
            ids.push(c.id);
        }
    }
    if !ids.is_empty() {
        crate::diag::see(&format!("mancala rules {}", ids.join(" ")));
    }
}

/// Parses the position of a command, or reports it and says the input is invalid.
fn position_or_report(text: &str, o: &PositionOptions) -> Result<Option<Position>, CliError> {
    let opts = options(o, text)?;
    match parse(text, opts.as_ref()) {
        Ok(p) => Ok(Some(p)),
        Err(m) => {
            report_position(&m);
            Ok(None)
        }
    }
}

/// One line on who moves, or why nobody does.
pub fn status_line(pos: &Position) -> String {
    match pos.round_result() {
        Some(r) => format!(
            "the round is over ({}): round totals A {}, B {}",
            r.rule, r.totals[0], r.totals[1]
        ),
        None => format!("{} to move", pos.to_move()),
    }
}

pub fn show(args: &ShowArgs, style: Style) -> Result<Verdict, CliError> {
    let Some(pos) = position_or_report(&args.position, &args.options)? else {
        return Ok(Verdict::Invalid);
    };
    let s = pos.to_setup();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.svg || args.format == ShowFormat::Svg {
        let mut caption = vec![write_position(&s)];
        caption.extend(args.caption.iter().cloned());
        let d = svg::Diagram {
            position: &pos,
            trace: None,
            heading: format!("{}, round {}: {}", s.variant, s.round, status_line(&pos)),
            caption,
            steps: Vec::new(),
        };
        out.write_all(svg::render(&d).as_bytes())?;
    } else {
        writeln!(
            out,
            "{}",
            style.paint(Paint::Heading, &format!("{}, round {}", s.variant, s.round))
        )?;
        write!(out, "{}", board::draw(&pos, "  ", style))?;
        if let Some(r) = rules_core::prose::right_line(&pos) {
            writeln!(out, "  {}", style.rules(&r))?;
        }
        writeln!(out, "  {}", style.rules(&status_line(&pos)))?;
        writeln!(out, "  {}", style.paint(Paint::Dim, &write_position(&s)))?;
    }
    out.flush()?;
    Ok(Verdict::Valid)
}

pub fn moves(args: &MovesArgs) -> Result<Verdict, CliError> {
    let Some(pos) = position_or_report(&args.position, &args.options)? else {
        return Ok(Verdict::Invalid);
    };
    if let Some(r) = pos.round_result() {
        crate::diag::note(format_args!(
            "the round is over ({}): no moves (mancala rules perft)",
            r.rule
        ));
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for mv in pos.legal_moves() {
        match args.format {
            Format::Text => writeln!(out, "{mv}")?,
            Format::Json => {
                let played = pos.play(&mv).expect("a legal move of the position plays");
                writeln!(
                    out,
                    "{}",
                    ply_json(None, &mv.to_string(), None, &pos, &played)
                )?;
            }
        }
    }
    out.flush()?;
    Ok(Verdict::Valid)
}

fn ply_json(
    number: Option<usize>,
    token: &str,
    written: Option<&str>,
    before: &Position,
    played: &rules_core::Played,
) -> serde_json::Value {
    let after = &played.position;
    let over = after.round_result().is_some();
    let mut data = json!({
        "move": token,
        "player": before.to_move(),
        "position": write_position(&after.to_setup()),
        "to_move": if over { None } else { Some(after.to_move()) },
        "captured": played.trace.captured(),
        "round_over": over,
    });
    if let Some(n) = number {
        data["ply"] = json!(n);
    }
    if let Some(w) = written {
        data["written"] = json!(w);
    }
    json!({"type": if number.is_some() { "ply" } else { "move" }, "data": data})
}

pub fn play(args: &PlayArgs) -> Result<Verdict, CliError> {
    let Some(mut pos) = position_or_report(&args.position, &args.options)? else {
        return Ok(Verdict::Invalid);
    };
    let kind = pos.variant().kind();
    let mut lines: Vec<String> = Vec::new();
    for (k, token) in args.moves.iter().enumerate() {
        let n = k + 1;
        let mv = match rules_core::Move::parse(kind, token) {
            Ok(m) => m,
            Err(e) => {
                crate::diag::error(format_args!("ply {n}: {}", e.message));
                return Ok(Verdict::Invalid);
            }
        };
        let played = match pos.play(&mv) {
            Ok(p) => p,
            Err(e) => {
                crate::diag::error(format_args!(
                    "ply {n}: {} ({} to move in {})",
                    e,
                    pos.to_move(),
                    write_position(&pos.to_setup())
                ));
                if let Some(see) = notation::see(Some(e.rule)) {
                    crate::diag::see(&see);
                }
                return Ok(Verdict::Invalid);
            }
        };
        if args.format == Format::Json {
            lines.push(
                ply_json(
                    Some(n),
                    &played.canonical.to_string(),
                    Some(token),
                    &pos,
                    &played,
                )
                .to_string(),
            );
        }
        pos = played.position;
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match args.format {
        Format::Text => writeln!(out, "{}", write_position(&pos.to_setup()))?,
        Format::Json => {
            for l in &lines {
                writeln!(out, "{l}")?;
            }
        }
    }
    out.flush()?;
    Ok(Verdict::Valid)
}
