//! `mancala replay`.

use crate::cli::Format;
use crate::commands::validate;
use crate::inputs::records::Unit;
use crate::outputs::exit::CliError;
use crate::outputs::style::{Paint, Style};
use crate::printers::board;
use notation::text::for_terminal;
use notation::{Assessed, SideLine, Step, Walked, write_position};
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
    let notes = Assessments::of(u);
    // The position before each step, one per line open: the record's, then each variation in.
    let mut before: Vec<Option<&Position>> = vec![None];
    for walked in u.checked.walk() {
        let (depth, block) = match walked {
            Walked::Step { line, step, .. } => {
                let depth = line.map_or(0, |k| u.checked.variations[k].depth);
                let last = open_line(&mut before);
                let mut block = step_text(step, last, style)?;
                if let Step::Ply { number, .. } = step
                    && let Some(a) = notes.get(line, *number)
                {
                    block.push_str(&format!("  assessment: {}\n", a.words()));
                }
                (depth, block)
            }
            Walked::Enter { line, side } => {
                before.push(Some(&side.start));
                let head = format!(
                    "variation {} of ply {} (instead of {}), from {}",
                    line + 1,
                    side.ply,
                    replaced_token(&u.checked, side).unwrap_or("?"),
                    write_position(&side.start.to_setup())
                );
                (
                    side.depth - 1,
                    format!("{}\n", style.paint(Paint::Heading, &head)),
                )
            }
            Walked::Leave { line, side } => {
                before.pop();
                (
                    side.depth - 1,
                    format!("end of variation {} of ply {}\n", line + 1, side.ply),
                )
            }
        };
        writeln!(out)?;
        write!(out, "{}", indent(&block, depth))?;
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
    if notes.any() {
        let [a, b] = notes.summary(&u.checked.steps);
        writeln!(out, "assessments of A: {}", a.words())?;
        writeln!(out, "assessments of B: {}", b.words())?;
    }
    Ok(())
}

/// The position before the next step of the line open: the last of `lines`, one per line open
/// (the record's first, then each variation entered).
pub(crate) fn open_line<'a, 'p>(
    lines: &'a mut Vec<Option<&'p Position>>,
) -> &'a mut Option<&'p Position> {
    if lines.is_empty() {
        lines.push(None);
    }
    let n = lines.len() - 1;
    &mut lines[n]
}

/// `text` with every line after `depth` bars: a variation's steps stand under its heading.
fn indent(text: &str, depth: usize) -> String {
    if depth == 0 {
        return text.to_owned();
    }
    let bars = "| ".repeat(depth);
    text.lines().map(|l| format!("{bars}{l}\n")).collect()
}

/// The token of the ply a variation replaces.
fn replaced_token<'a>(checked: &'a notation::Checked, side: &SideLine) -> Option<&'a str> {
    let steps = match side.parent {
        Some(p) => &checked.variations.get(p)?.steps,
        None => &checked.steps,
    };
    match steps.get(side.replaces)? {
        Step::Ply { token, .. } => Some(token),
        _ => None,
    }
}

/// The assessments (spec/notation.md §6.3) of every ply of a record, line by line: the record's
/// own, then each variation's in the order of `Checked::variations`.
pub(crate) struct Assessments {
    main: Vec<Assessed>,
    sides: Vec<(u32, Vec<Assessed>)>,
}

impl Assessments {
    pub(crate) fn of(u: &Unit) -> Assessments {
        let Some(r) = &u.record else {
            return Assessments {
                main: Vec::new(),
                sides: Vec::new(),
            };
        };
        let sides = notation::variation_lines(&r.movetext)
            .into_iter()
            .zip(&u.checked.variations)
            .map(|(items, side)| {
                // A side line without assessments keeps none (most have none: 130 000 side lines
                // took 29 MB of empty ones).
                let list = notation::assessments(items);
                let list = if list.iter().all(Assessed::is_empty) {
                    Vec::new()
                } else {
                    list
                };
                (side.ply, list)
            })
            .collect();
        Assessments {
            main: notation::assessments(&r.movetext),
            sides,
        }
    }

    /// Whether some ply of the record's own line has a value or a judgement: what a summary
    /// sums up.
    pub(crate) fn any(&self) -> bool {
        self.main
            .iter()
            .any(|a| a.value.is_some() || a.judgement.is_some())
    }

    /// Those of the ply numbered `number` of `line` (`None`: the record's own), if it has any.
    pub(crate) fn get(&self, line: Option<usize>, number: u32) -> Option<&Assessed> {
        let (first, list) = match line {
            None => (1, &self.main),
            Some(k) => {
                let (first, list) = self.sides.get(k)?;
                (*first, list)
            }
        };
        let a = list.get(usize::try_from(number.checked_sub(first)?).ok()?)?;
        (!a.is_empty()).then_some(a)
    }

    /// Each player's summary over the record's own plies (`steps`), A then B.
    pub(crate) fn summary(&self, steps: &[Step]) -> [notation::PlayerSummary; 2] {
        notation::summary(steps.iter().filter_map(|s| match s {
            Step::Ply { number, mover, .. } => Some((*mover, self.get(None, *number)?)),
            _ => None,
        }))
    }
}

/// One step of a replay in text, for people; `before` is the position before it in its line.
fn step_text<'p>(
    step: &'p Step,
    before: &mut Option<&'p Position>,
    style: Style,
) -> Result<String, CliError> {
    let mut out: Vec<u8> = Vec::new();
    match step {
        Step::Start { position } => {
            *before = Some(position);
            let s = position.to_setup();
            let head = format!("start: round {}, {} to move", s.round, s.to_move);
            writeln!(out, "{}", style.paint(Paint::Heading, &head))?;
            writeln!(out, "  {}", write_position(&s))?;
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
            *before = Some(after);
            write!(out, "{}", style.rules(&steps_text(after, trace)))?;
            let c = trace.captured();
            if c != [0, 0] {
                writeln!(out, "  captured in this ply: {}", pair(c))?;
            }
            write!(out, "{}", board::draw(after, "  ", style))?;
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
            let why = rules_core::prose::set_up_words(position, decision)
                .map_or_else(|| decision_text(decision), str::to_owned);
            writeln!(out, "round {round} set up ({why}), {} to move", s.to_move)?;
            for (rule, text) in set_up_notes(*before) {
                writeln!(out, "  {text} ({rule})")?;
            }
            *before = Some(position);
            writeln!(out, "  {}", write_position(&s))?;
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

/// The JSON lines of a record's replay, one for each thing of its walk (`Checked::walk`), made
/// one at a time: the page (`html/data.rs`) turns each into its own data as it comes, so that
/// neither holds the lines of a whole record.
pub(crate) struct StepLines<'u> {
    u: &'u Unit,
    notes: Assessments,
    /// The position before the next step, one per line open.
    before: Vec<Option<&'u Position>>,
    walk: std::vec::IntoIter<Walked<'u>>,
}

impl<'u> StepLines<'u> {
    pub(crate) fn new(u: &'u Unit) -> StepLines<'u> {
        StepLines {
            u,
            notes: Assessments::of(u),
            before: vec![None],
            walk: u.checked.walk().into_iter(),
        }
    }

    /// The assessments of the record's plies.
    pub(crate) fn notes(&self) -> &Assessments {
        &self.notes
    }
}

impl<'u> Iterator for StepLines<'u> {
    type Item = (Walked<'u>, serde_json::Value);

    fn next(&mut self) -> Option<Self::Item> {
        let walked = self.walk.next()?;
        let (u, rec) = (self.u, self.u.index);
        let v = match walked {
            Walked::Step { line, step, .. } => {
                let last = open_line(&mut self.before);
                let mut v = step_json(step, last, rec);
                if let Some(k) = line {
                    v["data"]["variation"] = json!(k + 1);
                }
                if let Step::Ply { number, .. } = step
                    && let Some(a) = self.notes.get(line, *number)
                {
                    v["data"]["assessment"] = assessment_json(a);
                }
                v
            }
            Walked::Enter { line, side } => {
                self.before.push(Some(&side.start));
                let s = side.start.to_setup();
                json!({"type": "variation", "data": {
                    "record": rec, "variation": line + 1, "parent": side.parent.map(|p| p + 1),
                    "depth": side.depth, "ply": side.ply,
                    "replaces": replaced_token(&u.checked, side), "round": s.round,
                    "position": write_position(&s), "position_data": notation::position_to_json(&s),
                }})
            }
            Walked::Leave { line, side } => {
                self.before.pop();
                json!({"type": "variation-end", "data": {
                    "record": rec, "variation": line + 1, "depth": side.depth,
                }})
            }
        };
        Some((walked, v))
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
fn step_json<'p>(
    step: &'p Step,
    before: &mut Option<&'p Position>,
    rec: usize,
) -> serde_json::Value {
    match step {
        Step::Start { position } => {
            *before = Some(position);
            let s = position.to_setup();
            let mut v = json!({"type": "position", "data": {
                "record": rec, "round": s.round, "position": write_position(&s),
                "stores": s.stores, "reserves": s.reserves, "to_move": s.to_move,
            }});
            v["data"]["position_data"] = notation::position_to_json(&s);
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
            *before = Some(after);
            let s = after.to_setup();
            let mut v = json!({"type": "ply", "data": {
                "record": rec, "round": s.round, "ply": number, "move": token, "written": written,
                "player": mover, "events": trace, "captured": trace.captured(),
                "position": write_position(&s), "stores": s.stores, "reserves": s.reserves,
                "to_move": if after.round_result().is_none() { Some(s.to_move) } else { None::<Player> },
            }});
            v["data"]["position_data"] = notation::position_to_json(&s);
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
            let notes: Vec<_> = set_up_notes(*before)
                .into_iter()
                .map(|(rule, text)| json!({"rule": rule, "text": text}))
                .collect();
            *before = Some(position);
            let s = position.to_setup();
            let mut v = json!({"type": "round", "data": {
                "record": rec, "round": round, "decision": decision,
                "position": write_position(&s), "position_data": notation::position_to_json(&s),
            }});
            if !notes.is_empty() {
                v["data"]["notes"] = serde_json::Value::Array(notes);
            }
            v
        }
        Step::MatchOver { result } => json!({"type": "match-over", "data": {
            "record": rec, "round": before.map(|p| p.to_setup().round), "winner": result.winner, "rule": result.rule, "reason": result.reason,
        }}),
    }
}

/// The steps of a ply in words, indented by two spaces: a Redu ply seed by seed, column by column
/// (`rules_core::prose::steps`), the other games lap by lap.
pub fn steps_text(after: &Position, trace: &rules_core::Trace) -> String {
    rules_core::prose::steps(after, trace, "  ")
}
