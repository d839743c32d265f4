//! `mancala replay`.

use crate::board;
use crate::cli::{Format, From, ReplayArgs};
use crate::exit::{CliError, Outcome};
use crate::input::{self, Unit};
use crate::style::{Paint, Style};
use crate::svg;
use crate::validate;
use notation::CheckOptions;
use notation::{Step, write_position};
use rules_core::{Decision, Player, Position};
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};

fn decision_text(d: &Decision) -> String {
    match d {
        Decision::None => "no set-up decision".to_owned(),
        Decision::Fill(h) => {
            let v: Vec<String> = h.iter().map(ToString::to_string).collect();
            format!("fill {}", v.join(","))
        }
        Decision::Layout(c) => {
            let v: Vec<String> = c.iter().map(ToString::to_string).collect();
            format!("layout {}", v.join(","))
        }
    }
}

/// How the round finished at `before` sets up the next one, rule by rule, where the game says
/// (Uugg: U19, U20, U23).
fn set_up_notes(before: Option<&Position>) -> Vec<(&'static str, String)> {
    match before {
        Some(Position::Uugg(u)) => u.next_round_notes(),
        _ => Vec::new(),
    }
}

fn pair(v: [u32; 2]) -> String {
    format!("A {}, B {}", v[0], v[1])
}

fn text(u: &Unit, out: &mut impl Write, style: Style) -> Result<(), CliError> {
    let Some(r) = &u.record else {
        writeln!(
            out,
            "record {} of {} (line {}): unreadable",
            u.index, u.file, u.first_line
        )?;
        return Ok(());
    };
    let game =
        notation::check::variant_of(r).map_or_else(|_| r.game.to_string(), |v| v.to_string());
    writeln!(
        out,
        "record {} of {} (line {}): {game}, opener of round 1: {}",
        u.index, u.file, u.first_line, r.opener
    )?;
    for (name, value) in r.tag_pairs().into_iter().skip(2) {
        if !matches!(name.as_str(), "Options" | "Opener" | "Position") {
            writeln!(out, "  {name}: {value}")?;
        }
    }
    let mut before: Option<&Position> = None;
    for step in &u.checked.steps {
        writeln!(out)?;
        match step {
            Step::Start { position } => {
                before = Some(position);
                let s = position.to_setup();
                writeln!(
                    out,
                    "{}",
                    style.paint(
                        Paint::Heading,
                        &format!("start: round {}, {} to move", s.round, s.to_move)
                    )
                )?;
                writeln!(out, "  {}", write_position(&s))?;
                write!(out, "{}", board::draw_styled(position, "  ", style))?;
            }
            Step::Ply {
                number,
                token,
                written,
                mover,
                trace,
                after,
            } => {
                let head = if written == token {
                    format!("ply {number}: {mover} plays {token}")
                } else {
                    format!(
                        "ply {number}: {mover} plays {token} (written {written}, the same outcome)"
                    )
                };
                writeln!(out, "{}", style.paint(Paint::Heading, &head))?;
                before = Some(after);
                write!(out, "{}", style.rules(&steps_text(after, trace)))?;
                let c = trace.captured();
                if c != [0, 0] {
                    writeln!(out, "  captured in this ply: {}", pair(c))?;
                }
                write!(out, "{}", board::draw_styled(after, "  ", style))?;
                let s = after.to_setup();
                if after.round_result().is_none() {
                    writeln!(out, "  {} to move", s.to_move)?;
                }
                writeln!(out, "  {}", write_position(&s))?;
            }
            Step::RoundOver { round, result } => {
                writeln!(
                    out,
                    "round {round} is over ({}): round totals {}; holdings {}; {}",
                    result.rule,
                    pair(result.totals),
                    pair(result.holdings),
                    match result.winner {
                        Some(p) => format!("{p} holds more"),
                        None => "equal holdings".to_owned(),
                    }
                )?;
            }
            Step::Round {
                round,
                decision,
                position,
            } => {
                let s = position.to_setup();
                let why = match (decision, position.variant().kind()) {
                    (Decision::None, rules_core::GameKind::SulusNishtaw) => {
                        "no set-up decision; the territories follow from the round totals by S18 and S19"
                            .to_owned()
                    }
                    _ => decision_text(decision),
                };
                writeln!(out, "round {round} set up ({why}), {} to move", s.to_move)?;
                for (rule, text) in set_up_notes(before) {
                    writeln!(out, "  {text} ({rule})")?;
                }
                before = Some(position);
                writeln!(out, "  {}", write_position(&s))?;
                write!(out, "{}", board::draw_styled(position, "  ", style))?;
            }
            Step::MatchOver { result } => {
                writeln!(
                    out,
                    "match over: {} ({}: {})",
                    match result.winner {
                        Some(p) => format!("{p} wins"),
                        None => "drawn".to_owned(),
                    },
                    result.rule,
                    result.reason
                )?;
            }
        }
    }
    writeln!(out)?;
    if u.valid() {
        writeln!(
            out,
            "result: {} (valid, {}{})",
            r.result,
            validate::plies(u.checked.plies),
            match u.checked.lenient_plies {
                0 => String::new(),
                1 => ", 1 accepted only in lenient validation".to_owned(),
                n => format!(", {n} accepted only in lenient validation"),
            }
        )?;
    } else {
        writeln!(
            out,
            "invalid: {} problem{} (see stderr)",
            u.checked.problems.len(),
            if u.checked.problems.len() == 1 {
                ""
            } else {
                "s"
            }
        )?;
    }
    Ok(())
}

fn json_lines(u: &Unit, lenient: bool, out: &mut impl Write) -> Result<(), CliError> {
    let rec = u.index;
    if let Some(r) = &u.record {
        writeln!(
            out,
            "{}",
            json!({"type": "start", "data": {
                "file": u.file, "record": rec, "line": u.first_line,
                "game": r.game, "options": r.options, "opener": r.opener,
                "tags": r.tag_pairs(),
            }})
        )?;
    }
    let mut before: Option<&Position> = None;
    for step in &u.checked.steps {
        let v = match step {
            Step::Start { position } => {
                before = Some(position);
                let s = position.to_setup();
                json!({"type": "position", "data": {
                    "record": rec, "position": write_position(&s),
                    "stores": s.stores, "reserves": s.reserves, "to_move": s.to_move,
                }})
            }
            Step::Ply {
                number,
                token,
                written,
                mover,
                trace,
                after,
            } => {
                before = Some(after);
                let s = after.to_setup();
                json!({"type": "ply", "data": {
                    "record": rec, "ply": number, "move": token, "written": written, "player": mover,
                    "events": trace, "captured": trace.captured(),
                    "position": write_position(&s), "stores": s.stores, "reserves": s.reserves,
                    "to_move": if after.round_result().is_none() { Some(s.to_move) } else { None::<Player> },
                }})
            }
            Step::RoundOver { round, result } => json!({"type": "round-over", "data": {
                "record": rec, "round": round, "totals": result.totals,
                "holdings": result.holdings, "winner": result.winner, "rule": result.rule,
            }}),
            Step::Round {
                round,
                decision,
                position,
            } => {
                let notes: Vec<_> = set_up_notes(before)
                    .into_iter()
                    .map(|(rule, text)| json!({"rule": rule, "text": text}))
                    .collect();
                before = Some(position);
                let mut v = json!({"type": "round", "data": {
                    "record": rec, "round": round, "decision": decision,
                    "position": write_position(&position.to_setup()),
                }});
                if !notes.is_empty() {
                    v["data"]["notes"] = serde_json::Value::Array(notes);
                }
                v
            }
            Step::MatchOver { result } => json!({"type": "match-over", "data": {
                "record": rec, "winner": result.winner, "rule": result.rule, "reason": result.reason,
            }}),
        };
        writeln!(out, "{v}")?;
    }
    validate::report(u, Format::Json, out)?;
    writeln!(out, "{}", validate::record_json(u, lenient))?;
    Ok(())
}

/// The steps of a ply in words, indented by two spaces: a Redu ply seed by seed, column by column
/// (`redu_trace`), the other games lap by lap (`board`).
pub fn steps_text(after: &Position, trace: &rules_core::Trace) -> String {
    if after.variant().kind() == rules_core::GameKind::Redu {
        crate::redu_trace::trace_lines(trace, "  ")
    } else {
        board::trace_lines(trace, "  ")
    }
}

/// The comments of a record by the point they follow: key (ply, round) is after ply `ply` (0:
/// before the first), and after the marker of round `round` when it is not 0 (spec/notation.md
/// §6.1: a comment speaks of the point reached).
fn comments(r: &notation::Record) -> Vec<((u32, u32), String)> {
    let mut out = Vec::new();
    let (mut ply, mut round) = (0, 0);
    for item in &r.movetext {
        match item {
            notation::Item::Ply { .. } => {
                ply += 1;
                round = 0;
            }
            notation::Item::Round { round: n, .. } => round = *n,
            notation::Item::Comment { text } => out.push(((ply, round), text.clone())),
            notation::Item::Annotation { .. } => {}
        }
    }
    out
}

/// The caption of the diagram at `key`: its comments, then the position string.
fn caption(all: &[((u32, u32), String)], key: (u32, u32), pos: &Position) -> Vec<String> {
    let mut c: Vec<String> = all
        .iter()
        .filter(|(k, _)| *k == key)
        .map(|(_, t)| t.clone())
        .collect();
    c.push(format!("position: {}", write_position(&pos.to_setup())));
    c
}

/// The lines of a step list for a picture: the seeds are drawn, so their lines are left out.
fn picture_steps(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| {
            let t = l.trim_start();
            !t.starts_with("sown:") && !t.starts_with('#')
        })
        .map(|l| l.strip_prefix("  ").unwrap_or(l).to_owned())
        .collect()
}

/// Writes one SVG per diagram of a record into `dir`; returns the files written.
fn svg_files(u: &Unit, dir: &Path, stem: &str) -> Result<Vec<PathBuf>, CliError> {
    let Some(r) = &u.record else {
        return Ok(Vec::new());
    };
    let game =
        notation::check::variant_of(r).map_or_else(|_| r.game.to_string(), |v| v.to_string());
    let all = comments(r);
    let mut head_caption: Vec<String> = Vec::new();
    if let Some(src) = &r.source {
        head_caption.push(format!("Source: {src}"));
    }
    if let Some(ev) = &r.event {
        head_caption.push(format!("Event: {ev}"));
    }
    let mut written = Vec::new();
    let mut ply_no = 0;
    let mut before: Option<&Position> = None;
    for step in &u.checked.steps {
        let (name, diagram) = match step {
            Step::Start { position } => {
                before = Some(position);
                let s = position.to_setup();
                let mut cap = head_caption.clone();
                cap.extend(caption(&all, (0, 0), position));
                (
                    format!("{stem}-{:03}-000.svg", u.index),
                    svg::Diagram {
                        position,
                        trace: None,
                        heading: format!(
                            "{game}, record {}: the start, round {}",
                            u.index, s.round
                        ),
                        caption: cap,
                        steps: Vec::new(),
                    },
                )
            }
            Step::Ply {
                number,
                token,
                written: w,
                mover,
                trace,
                after,
            } => {
                ply_no = *number;
                before = Some(after);
                let mut heading = format!(
                    "{game}, record {}, ply {number}: {mover} plays {token}",
                    u.index
                );
                if w != token {
                    let _ =
                        std::fmt::Write::write_fmt(&mut heading, format_args!(" (written {w})"));
                }
                let mut steps = picture_steps(&steps_text(after, trace));
                if let Some(res) = after.round_result() {
                    steps.push(format!(
                        "the round is over ({}): round totals A {}, B {}",
                        res.rule, res.totals[0], res.totals[1]
                    ));
                }
                let mut cap = head_caption.clone();
                cap.extend(caption(&all, (*number, 0), after));
                (
                    format!("{stem}-{:03}-{number:03}.svg", u.index),
                    svg::Diagram {
                        position: after,
                        trace: Some(trace),
                        heading,
                        caption: cap,
                        steps,
                    },
                )
            }
            Step::Round {
                round,
                decision,
                position,
            } => {
                let notes: Vec<String> = set_up_notes(before)
                    .into_iter()
                    .map(|(rule, text)| format!("{text} ({rule})"))
                    .collect();
                before = Some(position);
                let mut cap = head_caption.clone();
                cap.extend(caption(&all, (ply_no, *round), position));
                (
                    format!("{stem}-{:03}-{ply_no:03}-round{round}.svg", u.index),
                    svg::Diagram {
                        position,
                        trace: None,
                        heading: format!(
                            "{game}, record {}: round {round} set up ({})",
                            u.index,
                            decision_text(decision)
                        ),
                        caption: cap,
                        steps: notes,
                    },
                )
            }
            Step::RoundOver { .. } | Step::MatchOver { .. } => continue,
        };
        let path = dir.join(name);
        crate::atomic::write(&path, svg::render(&diagram).as_bytes())
            .map_err(|e| CliError::Io(format!("{}: {e}", path.display())))?;
        written.push(path);
    }
    Ok(written)
}

/// `replay --svg DIR`: the pictures of every record, each file written whole (atomic.rs).
fn run_svg(args: &ReplayArgs, dir: &Path) -> Result<Outcome, CliError> {
    let name = args.file.clone().unwrap_or_else(|| "-".to_owned());
    let stem = if name == "-" {
        "stdin".to_owned()
    } else {
        Path::new(&name)
            .file_stem()
            .map_or_else(|| "record".to_owned(), |s| s.to_string_lossy().into_owned())
    };
    let reader = input::open(&name).map_err(CliError::Io)?;
    std::fs::create_dir_all(dir).map_err(|e| CliError::Io(format!("{}: {e}", dir.display())))?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut invalid = 0;
    let opts = CheckOptions {
        lenient: args.lenient,
        ..input::REPLAY
    };
    input::each_record(&name, reader, From::Notation, opts, |u| {
        for path in svg_files(&u, dir, &stem)? {
            writeln!(out, "{}", path.display())?;
        }
        out.flush()?;
        validate::report(&u, Format::Text, &mut out)?;
        invalid += usize::from(!u.valid());
        Ok(())
    })?;
    out.flush()?;
    Ok(if invalid > 0 {
        Outcome::Invalid
    } else {
        Outcome::Valid
    })
}

pub fn run(args: &ReplayArgs, style: Style) -> Result<Outcome, CliError> {
    if let Some(dir) = &args.svg {
        return run_svg(args, dir);
    }
    let name = args.file.clone().unwrap_or_else(|| "-".to_owned());
    let reader = input::open(&name).map_err(CliError::Io)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut invalid = 0;
    let mut first = true;
    let opts = CheckOptions {
        lenient: args.lenient,
        ..input::REPLAY
    };
    input::each_record(&name, reader, From::Notation, opts, |u| {
        match args.format {
            Format::Text => {
                if !first {
                    writeln!(out)?;
                }
                text(&u, &mut out, style)?;
                out.flush()?;
                validate::report(&u, Format::Text, &mut out)?;
            }
            Format::Json => json_lines(&u, args.lenient, &mut out)?,
        }
        first = false;
        invalid += usize::from(!u.valid());
        Ok(())
    })?;
    out.flush()?;
    Ok(if invalid > 0 {
        Outcome::Invalid
    } else {
        Outcome::Valid
    })
}
