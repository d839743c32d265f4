//! `mancala replay`.

use crate::cli::Format;
use crate::commands::validate;
use crate::inputs::records::Unit;
use crate::outputs::exit::CliError;
use crate::outputs::style::{Paint, Style};
use crate::printers::board;
use crate::printers::replayed::{Assessments, Replayed, Shown};
use notation::text::for_terminal;
use notation::{Assessed, Step, Walked, write_view};
use rules_core::{Decision, Player, Position};
use serde_json::json;
use std::io::Write;

pub(crate) fn decision_text(d: &Decision) -> String {
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
pub(crate) fn set_up_notes(before: Option<&Position>) -> Vec<(rules_core::Rule, String)> {
    before.map(Position::next_round_notes).unwrap_or_default()
}

fn pair(v: [u32; 2]) -> String {
    format!("A {}, B {}", v[0], v[1])
}

/// The text replay of one record, for people (`mancala replay`).
///
/// # Errors
/// Writing to `out` failed.
pub fn text(u: &Unit, out: &mut impl Write, style: Style) -> Result<(), CliError> {
    let Some(r) = &u.record else {
        writeln!(
            out,
            "record {} of {} (line {}): unreadable",
            u.index,
            u.shown_file(),
            u.first_line
        )?;
        return Ok(());
    };
    let game = r.variant.to_string();
    writeln!(
        out,
        "record {} of {} (line {}): {game}, opener of round 1: {}",
        u.index,
        u.shown_file(),
        u.first_line,
        r.opener
    )?;
    for (name, value) in r.tag_pairs().into_iter().skip(2) {
        if !matches!(name.as_str(), "Options" | "Opener" | "Position") {
            writeln!(out, "  {name}: {}", for_terminal(&value))?;
        }
    }
    let mut view = Replayed::new(u);
    for shown in view.by_ref() {
        let block = match shown.walked {
            Walked::Step { step, .. } => {
                let mut block = step_text(step, shown.before, style)?;
                if let Some(a) = &shown.assessment {
                    block.push_str(&format!("  assessment: {}\n", a.words()));
                }
                block
            }
            Walked::Enter { line, side } => {
                let head = format!(
                    "variation {} of ply {} (instead of {}), from {}",
                    line + 1,
                    side.ply,
                    shown.replaces.unwrap_or("?"),
                    write_view(side.start.view())
                );
                format!("{}\n", style.paint(Paint::Heading, &head))
            }
            Walked::Leave { line, side } => {
                format!("end of variation {} of ply {}\n", line + 1, side.ply)
            }
        };
        writeln!(out)?;
        write!(out, "{}", indent(&block, shown.depth))?;
    }
    let notes = view.notes();
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
    if notes.any() {
        let [a, b] = notes.summary(&u.checked.steps);
        writeln!(out, "assessments of A: {}", a.words())?;
        writeln!(out, "assessments of B: {}", b.words())?;
    }
    Ok(())
}

/// `text` with every line after `depth` bars: a variation's steps stand under its heading.
fn indent(text: &str, depth: usize) -> String {
    if depth == 0 {
        return text.to_owned();
    }
    let bars = "| ".repeat(depth);
    text.lines().map(|l| format!("{bars}{l}\n")).collect()
}

/// One step of a replay in text, for people; `before` is the position before it in its line.
fn step_text(step: &Step, before: Option<&Position>, style: Style) -> Result<String, CliError> {
    let mut out: Vec<u8> = Vec::new();
    match step {
        Step::Start { position } => {
            let s = position.view();
            let head = format!("start: round {}, {} to move", s.round(), s.to_move());
            writeln!(out, "{}", style.paint(Paint::Heading, &head))?;
            writeln!(out, "  {}", write_view(s))?;
            write!(out, "{}", board::draw(position, "  ", style))?;
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
                    "ply {number}: {mover} plays {token} (written {}, the same outcome)",
                    for_terminal(written)
                )
            };
            writeln!(out, "{}", style.paint(Paint::Heading, &head))?;
            write!(out, "{}", style.rules(&steps_text(after, trace)))?;
            let c = trace.captured();
            if c != [0, 0] {
                writeln!(out, "  captured in this ply: {}", pair(c))?;
            }
            write!(out, "{}", board::draw(after, "  ", style))?;
            let s = after.view();
            if after.round_result().is_none() {
                writeln!(out, "  {} to move", s.to_move())?;
            }
            writeln!(out, "  {}", write_view(s))?;
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
            let s = position.view();
            let why = rules_core::prose::set_up_words(position, decision)
                .map_or_else(|| decision_text(decision), str::to_owned);
            writeln!(out, "round {round} set up ({why}), {} to move", s.to_move())?;
            for (rule, text) in set_up_notes(before) {
                writeln!(out, "  {text} ({rule})")?;
            }
            writeln!(out, "  {}", write_view(s))?;
            write!(out, "{}", board::draw(position, "  ", style))?;
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
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// The JSON lines of one record (`replay --format json`): also the data of `replay --html`.
pub fn json_lines(u: &Unit, lenient: bool, out: &mut impl Write) -> Result<(), CliError> {
    if let Some(v) = start_json(u) {
        writeln!(out, "{v}")?;
    }
    for (_, v) in StepLines::new(u) {
        writeln!(out, "{v}")?;
    }
    validate::report(u, Format::Json, out)?;
    writeln!(out, "{}", validate::record_json(u, lenient))?;
    Ok(())
}

/// The first JSON line of a record that could be read (`start`): its file, place and header.
pub(crate) fn start_json(u: &Unit) -> Option<serde_json::Value> {
    let r = u.record.as_ref()?;
    Some(json!({"type": "start", "data": {
        "file": u.file, "record": u.index, "line": u.first_line,
        "game": r.game(), "options": r.options, "opener": r.opener,
        "tags": r.tag_pairs(),
    }}))
}

/// The JSON lines of a record's replay, one for each thing of its walk (`Replayed`), made one at
/// a time: the page (`html/data.rs`) turns each into its own data as it comes, so that neither
/// holds the lines of a whole record.
pub(crate) struct StepLines<'u> {
    view: Replayed<'u>,
    record: usize,
}

impl<'u> StepLines<'u> {
    pub(crate) fn new(u: &'u Unit) -> StepLines<'u> {
        StepLines {
            view: Replayed::new(u),
            record: u.index,
        }
    }

    /// The assessments of the record's plies.
    pub(crate) fn notes(&self) -> &Assessments {
        self.view.notes()
    }
}

impl<'u> Iterator for StepLines<'u> {
    type Item = (Shown<'u>, serde_json::Value);

    fn next(&mut self) -> Option<Self::Item> {
        let shown = self.view.next()?;
        let rec = self.record;
        let v = match shown.walked {
            Walked::Step { line, step, .. } => {
                let mut v = step_json(step, shown.before, rec);
                if let Some(k) = line {
                    v["data"]["variation"] = json!(k + 1);
                }
                if let Some(a) = &shown.assessment {
                    v["data"]["assessment"] = assessment_json(a);
                }
                v
            }
            Walked::Enter { line, side } => {
                let s = side.start.view();
                json!({"type": "variation", "data": {
                    "record": rec, "variation": line + 1, "parent": side.parent.map(|p| p + 1),
                    "depth": side.depth, "ply": side.ply,
                    "replaces": shown.replaces, "round": s.round(),
                    "position": write_view(s), "position_data": notation::view_to_json(s),
                }})
            }
            Walked::Leave { line, side } => {
                json!({"type": "variation-end", "data": {
                    "record": rec, "variation": line + 1, "depth": side.depth,
                }})
            }
        };
        Some((shown, v))
    }
}

/// A ply's assessments in JSON: `value`, `best` (`move`, `value`), `judgement` as the record
/// writes them, and `lost`, the seeds the ply lost, when the values say.
pub(crate) fn assessment_json(a: &Assessed) -> serde_json::Value {
    let mut v = json!({});
    if let Some(x) = a.value {
        v["value"] = json!(x.to_string());
    }
    if let Some((token, x)) = &a.best {
        v["best"] = json!({"move": token, "value": x.to_string()});
    }
    if let Some(j) = a.judgement {
        v["judgement"] = json!(j.to_string());
    }
    if let Some(l) = a.lost() {
        v["lost"] = json!(l);
    }
    v
}

/// One step of a replay as its JSON line; `before` is the position before it in its line.
fn step_json(step: &Step, before: Option<&Position>, rec: usize) -> serde_json::Value {
    match step {
        Step::Start { position } => {
            let s = position.view();
            let mut v = json!({"type": "position", "data": {
                "record": rec, "round": s.round(), "position": write_view(s),
                "stores": s.stores(), "reserves": s.reserves(), "to_move": s.to_move(),
            }});
            v["data"]["position_data"] = notation::view_to_json(s);
            v
        }
        Step::Ply {
            number,
            token,
            written,
            mover,
            trace,
            after,
        } => {
            let s = after.view();
            let mut v = json!({"type": "ply", "data": {
                "record": rec, "round": s.round(), "ply": number, "move": token, "written": written,
                "player": mover, "events": trace, "captured": trace.captured(),
                "position": write_view(s), "stores": s.stores(), "reserves": s.reserves(),
                "to_move": if after.round_result().is_none() { Some(s.to_move()) } else { None::<Player> },
            }});
            v["data"]["position_data"] = notation::view_to_json(s);
            v
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
            let s = position.view();
            let mut v = json!({"type": "round", "data": {
                "record": rec, "round": round, "decision": decision,
                "position": write_view(s), "position_data": notation::view_to_json(s),
            }});
            if !notes.is_empty() {
                v["data"]["notes"] = serde_json::Value::Array(notes);
            }
            v
        }
        Step::MatchOver { result } => json!({"type": "match-over", "data": {
            "record": rec, "round": before.map(|p| p.view().round()), "winner": result.winner, "rule": result.rule, "reason": result.reason,
        }}),
    }
}

/// The steps of a ply in words, indented by two spaces: a Redu ply seed by seed, column by column
/// (`rules_core::prose::steps`), the other games lap by lap.
pub fn steps_text(after: &Position, trace: &rules_core::Trace) -> String {
    rules_core::prose::steps(after, trace, "  ")
}
