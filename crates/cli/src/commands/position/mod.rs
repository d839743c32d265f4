//! The commands on a position: `show`, `moves`, `play`.
//!
//! The POSITION is a position string, its JSON form or a game's name (`inputs::position`);
//! `-` reads one per line from standard input (`batch`). A position that does not parse, or is
//! not a position of its game, is invalid input: every problem is reported (with its rule) and
//! the exit status is 1. Bad `--option` values are usage errors (2).
//!
//! In JSON every line is `{"type", "data"}` (spec/notation.md §11), errors included; in a batch
//! every line carries the `input` (line number) it answers and each input ends with an `end` line.

pub mod played;

use played::Refused;

use crate::cli::{Format, MovesArgs, PlayArgs, PlayFormat, ShowArgs, ShowFormat};
use crate::inputs::batch::{self, Outcome};
use crate::inputs::position::{self, Bad, Given};
use crate::outputs::exit::{CliError, Verdict};
use crate::outputs::style::{Paint, Style};
use crate::printers::board;
use crate::printers::svg;
use notation::write_view;
use rules_core::PlayOptions;
use rules_core::{Position, Rule};
use serde_json::{Value, json};
use std::io::Write;

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

/// The position string of `pos` and its JSON form, as the members `position` and `position_data`
/// of every JSON line that carries a position (spec/notation.md §4.4).
pub fn position_members(pos: &Position, data: &mut Value) {
    let s = pos.view();
    data["position"] = json!(write_view(s));
    data["position_data"] = notation::view_to_json(s);
}

/// Where an answer goes: one POSITION of the command line, or line `input` of a batch.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Answer {
    pub format: Format,
    pub input: Option<usize>,
}

impl Answer {
    /// Writes one JSON line `{"type": kind, "data": data}`, with the batch's `input`.
    pub fn line(
        self,
        out: &mut (impl Write + ?Sized),
        kind: &str,
        mut data: Value,
    ) -> Result<(), CliError> {
        if let Some(n) = self.input {
            data["input"] = json!(n);
        }
        writeln!(out, "{}", json!({"type": kind, "data": data}))?;
        Ok(())
    }

    /// The end of the answer to a batch line, in JSON.
    pub fn end(
        self,
        out: &mut (impl Write + ?Sized),
        outcome: Outcome,
    ) -> Result<Outcome, CliError> {
        if self.input.is_some() && self.format == Format::Json {
            let ok = outcome == Outcome::Answered;
            self.line(out, "end", json!({ "ok": ok }))?;
        }
        Ok(outcome)
    }

    /// Reports an error: on stderr for one POSITION, and in the output stream in JSON and in a
    /// batch (text: `error: line N: MESSAGE`). `rules` are those the message cites, from the
    /// typed error it was made from; `data` holds the members beyond `kind`, `message` and
    /// `rules`.
    pub fn error(
        self,
        out: &mut (impl Write + ?Sized),
        kind: &str,
        message: &str,
        rules: &[Rule],
        mut data: Value,
    ) -> Result<(), CliError> {
        if self.input.is_none() {
            crate::outputs::diag::report_position(message, rules);
        }
        match (self.format, self.input) {
            (Format::Json, _) => {
                data["kind"] = json!(kind);
                data["message"] = json!(message);
                data["rules"] = json!(crate::outputs::diag::ids(rules));
                self.line(out, "error", data)?;
            }
            // As on stderr: the line's control characters escaped, long words shortened.
            (Format::Text, Some(n)) => writeln!(
                out,
                "error: line {n}: {}",
                notation::text::for_people(message)
            )?,
            (Format::Text, None) => {}
        }
        Ok(())
    }

    /// Reads a POSITION, or reports why not.
    pub fn position(
        self,
        text: &str,
        given: &Given,
        out: &mut (impl Write + ?Sized),
    ) -> Result<Result<Position, Outcome>, CliError> {
        match position::read(text, given) {
            Ok(p) => Ok(Ok(p)),
            Err(Bad::Usage(m)) if self.input.is_none() => Err(CliError::Usage(m)),
            Err(bad) => {
                let kind = if matches!(bad, Bad::Usage(_)) {
                    "usage"
                } else {
                    "position"
                };
                self.error(out, kind, &bad.message(), &bad.rules(), json!({}))?;
                let outcome = match bad {
                    Bad::Usage(_) => Outcome::Usage,
                    Bad::Invalid(_) => Outcome::Invalid,
                };
                Ok(Err(self.end(out, outcome)?))
            }
        }
    }
}

/// Runs `answer` on the command's POSITION, or on every line of standard input for `-`.
pub(crate) fn run_on(
    position: &str,
    format: Format,
    mut answer: impl FnMut(&str, Answer, &mut dyn Write) -> Result<Outcome, CliError>,
) -> Result<Verdict, CliError> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if position == "-" {
        return batch::run(std::io::stdin(), &mut out, |line, n, out| {
            let a = Answer {
                format,
                input: Some(n),
            };
            match line {
                Ok(line) => answer(line, a, out),
                Err(bad) => {
                    a.error(out, bad.kind(), &bad.message(), &[], json!({}))?;
                    a.end(out, Outcome::Invalid)
                }
            }
        });
    }
    let outcome = answer(
        position,
        Answer {
            format,
            input: None,
        },
        &mut out,
    )?;
    out.flush()?;
    Ok(match outcome {
        Outcome::Answered => Verdict::Valid,
        Outcome::Invalid => Verdict::Invalid,
        Outcome::Usage => Verdict::Failed,
    })
}

pub fn show(args: &ShowArgs, style: Style) -> Result<Verdict, CliError> {
    let given = Given::new(&args.options.options, args.options.opener.as_deref())?;
    let svg = args.svg || args.format == ShowFormat::Svg;
    if svg && args.position == "-" {
        return Err(CliError::Usage(
            "an SVG picture shows one position: give it as POSITION, not `-`".to_owned(),
        ));
    }
    let format = if args.format == ShowFormat::Json {
        Format::Json
    } else {
        Format::Text
    };
    run_on(&args.position, format, |text, a, out| {
        let pos = match a.position(text, &given, out)? {
            Ok(p) => p,
            Err(outcome) => return Ok(outcome),
        };
        if svg {
            out.write_all(svg_picture(&pos, args.caption.as_deref()).as_bytes())?;
        } else if format == Format::Json {
            let mut data = json!({ "to_move": to_move(&pos) });
            position_members(&pos, &mut data);
            round_over_members(&pos, &mut data);
            a.line(out, "position", data)?;
        } else {
            draw(&pos, style, out)?;
            if a.input.is_some() {
                writeln!(out)?;
            }
        }
        a.end(out, Outcome::Answered)
    })
}

/// `show --svg`.
fn svg_picture(pos: &Position, caption: Option<&str>) -> String {
    let s = pos.view();
    let mut lines = vec![write_view(s)];
    lines.extend(caption.map(str::to_owned));
    svg::render(&svg::Diagram {
        position: pos,
        trace: None,
        heading: format!("{}, round {}: {}", s.variant(), s.round(), status_line(pos)),
        caption: lines,
        steps: Vec::new(),
    })
}

/// `show` in text: the board and what is pending.
fn draw(pos: &Position, style: Style, out: &mut dyn Write) -> Result<(), CliError> {
    let s = pos.view();
    let heading = format!("{}, round {}", s.variant(), s.round());
    writeln!(out, "{}", style.paint(Paint::Heading, &heading))?;
    write!(out, "{}", board::draw(pos, "  ", style))?;
    if let Some(r) = rules_core::prose::right_line(pos) {
        writeln!(out, "  {}", style.rules(&r))?;
    }
    writeln!(out, "  {}", style.rules(&status_line(pos)))?;
    writeln!(out, "  {}", style.paint(Paint::Dim, &write_view(s)))?;
    Ok(())
}

/// The player to move, `null` when the round is over.
fn to_move(pos: &Position) -> Value {
    if pos.round_result().is_some() {
        Value::Null
    } else {
        json!(pos.to_move())
    }
}

/// `round_over`, and with it the scoring `rule` and the round `totals`.
fn round_over_members(pos: &Position, data: &mut Value) {
    let result = pos.round_result();
    data["round_over"] = json!(result.is_some());
    if let Some(r) = result {
        data["rule"] = json!(r.rule);
        data["totals"] = json!({"A": r.totals[0], "B": r.totals[1]});
    }
}

pub fn moves(args: &MovesArgs) -> Result<Verdict, CliError> {
    let given = Given::new(&args.options.options, args.options.opener.as_deref())?;
    let mut tokens = String::new();
    run_on(&args.position, args.format, |text, a, out| {
        let pos = match a.position(text, &given, out)? {
            Ok(p) => p,
            Err(outcome) => return Ok(outcome),
        };
        if let Some(r) = pos.round_result() {
            let reason = format!(
                "the round is over ({}): no moves (mancala rules perft)",
                r.rule
            );
            match (a.format, a.input) {
                (Format::Json, _) => {
                    let mut data = json!({ "reason": reason });
                    position_members(&pos, &mut data);
                    round_over_members(&pos, &mut data);
                    a.line(out, "round-over", data)?;
                }
                (Format::Text, Some(_)) => writeln!(out)?,
                (Format::Text, None) => crate::outputs::diag::note(&reason),
            }
            return a.end(out, Outcome::Answered);
        }
        tokens.clear();
        for mv in pos.legal_moves() {
            match (a.format, a.input) {
                (Format::Text, None) => writeln!(out, "{mv}")?,
                (Format::Text, Some(_)) => {
                    if !tokens.is_empty() {
                        tokens.push(' ');
                    }
                    tokens.push_str(&mv.to_string());
                }
                (Format::Json, _) => {
                    let played = pos
                        .play(&mv, PlayOptions::FULL)
                        .expect("a legal move of the position plays");
                    let data = ply_data(&mv.to_string(), &pos, &played);
                    a.line(out, "move", data)?;
                }
            }
        }
        if a.format == Format::Text && a.input.is_some() {
            writeln!(out, "{tokens}")?;
        }
        a.end(out, Outcome::Answered)
    })
}

/// The data of a `move` or `ply` line: the move and the position it leads to.
fn ply_data(token: &str, before: &Position, played: &rules_core::Played) -> Value {
    let after = &played.position;
    let captured = played.trace.captured();
    let mut data = json!({
        "move": token,
        "player": before.to_move(),
        "to_move": to_move(after),
        "captured": {"A": captured[0], "B": captured[1]},
        "round_over": after.round_result().is_some(),
    });
    position_members(after, &mut data);
    data
}

pub fn play(args: &PlayArgs) -> Result<Verdict, CliError> {
    let format = match args.format {
        PlayFormat::Mgn => return crate::printers::skeleton::run(args),
        PlayFormat::Text => Format::Text,
        PlayFormat::Json => Format::Json,
    };
    let given = Given::new(&args.options.options, args.options.opener.as_deref())?;
    if args.position == "-" && !args.moves.is_empty() {
        return Err(CliError::Usage(
            "with `-` every line gives a position and its moves: give no MOVE on the command line"
                .to_owned(),
        ));
    }
    run_on(&args.position, format, |text, a, out| {
        let (text, moves) = if a.input.is_some() {
            position::split_play_line(text)
        } else {
            (text, args.moves.iter().map(String::as_str).collect())
        };
        let pos = match a.position(text, &given, out)? {
            Ok(p) => p,
            Err(outcome) => return Ok(outcome),
        };
        play_moves(pos, &moves, a, out)
    })
}

/// Plays `moves` from `pos`: the position reached (text) or a line per ply (JSON); an illegal
/// move ends the answer with an error naming its ply, the rule and the reason.
fn play_moves(
    pos: Position,
    moves: &[&str],
    a: Answer,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    let (steps, refused) = played::play_from(pos, moves);
    // The plies before an illegal one stand: JSON shows them first.
    if a.format == Format::Json {
        for (k, s) in steps.iter().enumerate() {
            let mut data = ply_data(&s.played.canonical.to_string(), &s.before, &s.played);
            data["ply"] = json!(k + 1);
            data["written"] = json!(s.written);
            a.line(out, "ply", data)?;
        }
    }
    if let Some(r) = refused {
        r.report(a, out)?;
        return a.end(out, Outcome::Invalid);
    }
    if a.format == Format::Text {
        let reached = steps.last().map_or(pos, |s| s.played.position);
        writeln!(out, "{}", write_view(reached.view()))?;
    }
    a.end(out, Outcome::Answered)
}

/// A refused move of `play_from`, reported here, where the answers of the position commands are
/// written (`Answer`).
impl Refused {
    /// Reports the refusal: on stderr with the `mancala rules` hint for one POSITION, in its
    /// place in a batch, and as a JSON `error` line of kind `move` (spec/notation.md §11).
    pub(crate) fn report(&self, a: Answer, out: &mut dyn Write) -> Result<(), CliError> {
        let mut data = json!({
            "ply": self.ply,
            "move": self.written,
            "rule": self.rule,
            "reason": self.reason,
        });
        position_members(&self.at, &mut data);
        a.error(out, "move", &self.message, &self.cites, data)
    }
}
