//! The data of one record for the replay page: the JSON lines of `replay --format json` (so the
//! page and the JSON agree, value for value), with what the page adds to each position: the
//! board as numbers (seeds, owners, marks, right; the page's script draws it), the `explain` text
//! of each ply with the rule IDs it cites, and the record's comments where they stand.

use crate::exit::CliError;
use crate::explain;
use crate::input::Unit;
use notation::{Step, Walked};
use rules_core::Position;
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, HashMap};

/// The page's steps of a record: its positions in the order the record writes them (each
/// variation's after the ply it replaces), the variations, and where each ply's step is.
#[derive(Default)]
struct Steps {
    steps: Vec<Value>,
    variations: Vec<Value>,
    /// The page index of the step of each ply, by (line, index in that line's steps).
    ply_at: HashMap<(Option<usize>, usize), usize>,
}

/// The arrow of a better move (`(best)`, spec/notation.md §6.3) played at `before`: from the
/// hole it lifts to the hole its last seed falls in, by hole index; `None` if it is not a move.
fn best_arrow(before: &Position, token: &str) -> Option<Value> {
    let mv = rules_core::Move::parse(before.variant().kind(), token).ok()?;
    let played = before.play(&mv, rules_core::PlayOptions::FULL).ok()?;
    let g = before.geometry();
    let from = played.trace.events.iter().find_map(|e| match e {
        rules_core::Event::Lift { hole, .. } => Some(*hole),
        rules_core::Event::Gather { holes, .. } => holes.first().copied(),
        _ => None,
    })?;
    let to = played.trace.sown().last()?;
    Some(json!({"from": g.index(from)?, "to": g.index(to)?, "move": token}))
}

/// One record, ready for the page, and the rule IDs it cites.
pub struct RecordData {
    pub value: Value,
    pub cited: Vec<String>,
    pub plies: usize,
}

/// The board of a position as the page's script draws it: seeds by hole index, the owner of each
/// hole when the rows are not the territories (`"AABB…"`), the marks, the stores and reserves, a
/// pending Redu right (held by the player to move, R19, R20), the player to move and whether the
/// round is over.
fn board(pos: &Position) -> Value {
    let s = pos.view();
    let g = s.geometry();
    let owners: Option<String> = (!s.owners_are_rows()).then(|| {
        (0..g.len())
            .map(|i| s.owner(i).letter().to_ascii_uppercase())
            .collect::<String>()
    });
    let marks: Vec<Value> = s
        .marked()
        .map(|(i, m)| json!([i, m.kind.name(), m.owner]))
        .collect();
    let right = s.right().and_then(|r| {
        g.index(r.hole)
            .map(|i| json!({"hole": i, "kind": r.kind.to_string()}))
    });
    let mut b = json!({
        "seeds": s.seeds(),
        "stores": s.stores(),
        "reserves": s.reserves(),
        "to_move": s.to_move(),
        "round": s.round(),
        "over": pos.round_result().is_some(),
    });
    if let Some(o) = owners {
        b["owners"] = json!(o);
    }
    if !marks.is_empty() {
        b["marks"] = json!(marks);
    }
    if let Some(r) = right {
        b["right"] = r;
    }
    b
}

/// The layout of the board: the diagram rows (hole indexes, top to bottom, each left to right as
/// B sees the board: rules README §2) and the hole names by index.
fn layout(pos: &Position) -> Value {
    let g = pos.variant().geometry();
    let names: Vec<String> = (0..g.len()).map(|i| g.hole(i).to_string()).collect();
    json!({"rows": g.diagram_rows(), "names": names})
}

/// The JSON lines of `replay --format json` for `u`, parsed back: the page's data is that output.
fn replay_lines(u: &Unit, lenient: bool) -> Result<Vec<Value>, CliError> {
    let mut buf: Vec<u8> = Vec::new();
    crate::replay::json_lines(u, lenient, &mut buf)?;
    let text = String::from_utf8_lossy(&buf);
    text.lines()
        .map(|l| {
            serde_json::from_str::<Value>(l)
                .map_err(|e| CliError::Io(format!("internal: replay JSON line: {e}")))
        })
        .collect()
}

/// The `data` of a JSON line without its `record` field (the page holds it once per record).
fn data_of(line: &Value) -> Value {
    let mut d = line.get("data").cloned().unwrap_or(Value::Null);
    if let Some(m) = d.as_object_mut() {
        m.remove("record");
    }
    d
}

fn type_of(line: &Value) -> &str {
    line.get("type").and_then(Value::as_str).unwrap_or("")
}

/// The page's steps of record `u` from its replay JSON `lines` (from `at` on, which it moves past
/// them), the layout of its board, and the rules its plies cite added to `cited`.
fn page_steps(
    u: &Unit,
    lines: &[Value],
    at: &mut usize,
    comments: &BTreeMap<(u32, u32), Vec<String>>,
    notes: &crate::replay::Assessments,
    cited: &mut Vec<String>,
) -> (Steps, Option<Value>) {
    let comments_at =
        |key: (u32, u32)| -> Value { json!(comments.get(&key).cloned().unwrap_or_default()) };
    let mut page = Steps::default();
    let mut layout_of: Option<Value> = None;
    let mut ply_no = 0;
    // The position before each step, one per line open: the record's, then each variation in.
    let mut before: Vec<Option<&Position>> = vec![None];
    for walked in u.checked.walk() {
        let data = lines.get(*at).map(data_of).unwrap_or(Value::Null);
        *at += 1;
        let (line, index, step) = match walked {
            Walked::Enter { line, side } => {
                before.push(Some(&side.start));
                let replaces = page.ply_at.get(&(side.parent, side.replaces)).copied();
                page.variations.push(json!({
                    "id": line + 1, "parent": side.parent.map_or(0, |p| p + 1), "ply": side.ply,
                    "depth": side.depth, "replaces": replaces, "token": data["replaces"],
                }));
                continue;
            }
            Walked::Leave { .. } => {
                before.pop();
                continue;
            }
            Walked::Step { line, index, step } => (line, index, step),
        };
        let last = crate::replay::open_line(&mut before);
        let id = line.map_or(0, |k| k + 1);
        match step {
            Step::Start { position } => {
                layout_of.get_or_insert_with(|| layout(position));
                *last = Some(position);
                page.steps.push(json!({"kind": "start", "line": id, "data": data, "board": board(position), "comments": comments_at((0, 0))}));
            }
            Step::Ply {
                number,
                trace,
                after,
                ..
            } => {
                ply_no = *number;
                let explained = last.map_or_else(Default::default, |b| {
                    rules_core::prose::explanation(b, trace, after)
                });
                let words = explained.lines;
                let ids = explain::cited(&explained.cites);
                for id in &ids {
                    if !cited.contains(id) {
                        cited.push(id.clone());
                    }
                }
                let arrow = notes
                    .get(line, *number)
                    .and_then(|a| a.best.as_ref())
                    .zip(*last)
                    .and_then(|((token, _), b)| best_arrow(b, token));
                *last = Some(after);
                // A variation's comments are its own (spec/notation.md §6.4): the page shows the
                // record's.
                let comments = if line.is_none() {
                    comments_at((*number, 0))
                } else {
                    json!([])
                };
                page.ply_at.insert((line, index), page.steps.len());
                page.steps.push(json!({
                    "kind": "ply", "line": id, "data": data, "board": board(after), "explain": words,
                    "cites": ids, "comments": comments, "best_arrow": arrow,
                }));
            }
            Step::Round {
                round, position, ..
            } => {
                *last = Some(position);
                let comments = if line.is_none() {
                    comments_at((ply_no, *round))
                } else {
                    json!([])
                };
                page.steps.push(json!({"kind": "round", "line": id, "data": data, "board": board(position), "comments": comments}));
            }
            // A round's or the match's end belongs to the position that ends it.
            Step::RoundOver { .. } | Step::MatchOver { .. } => {
                let key = if matches!(step, Step::RoundOver { .. }) {
                    "round_over"
                } else {
                    "match_over"
                };
                if let Some(rule) = data.get("rule").and_then(Value::as_str)
                    && !cited.iter().any(|c| c == rule)
                {
                    cited.push(rule.to_owned());
                }
                if let Some(last) = page.steps.last_mut().and_then(Value::as_object_mut) {
                    last.insert(key.to_owned(), data);
                }
            }
        }
    }
    (page, layout_of)
}

/// The page's data of record `u`.
///
/// # Errors
/// The replay JSON could not be made (an internal error).
pub fn record(u: &Unit, lenient: bool) -> Result<RecordData, CliError> {
    let lines = replay_lines(u, lenient)?;
    let comments: BTreeMap<(u32, u32), Vec<String>> = u
        .record
        .as_ref()
        .map(crate::pictures::comments)
        .unwrap_or_default();
    let mut at = 0;
    let mut header = Value::Null;
    if lines.first().is_some_and(|l| type_of(l) == "start") {
        header = data_of(&lines[0]);
        at = 1;
    }
    let notes = crate::replay::Assessments::of(u);
    let mut cited: Vec<String> = Vec::new();
    let (page, layout_of) = page_steps(u, &lines, &mut at, &comments, &notes, &mut cited);
    let mut findings = Vec::new();
    let mut summary = Value::Null;
    for l in lines.iter().skip(at) {
        match type_of(l) {
            "finding" => findings.push(data_of(l)),
            "record" => summary = data_of(l),
            _ => {}
        }
    }
    for f in &findings {
        if let Some(rule) = f.get("rule").and_then(Value::as_str)
            && !cited.iter().any(|c| c == rule)
        {
            cited.push(rule.to_owned());
        }
    }
    let mut v = Map::new();
    v.insert("index".into(), json!(u.index));
    v.insert("header".into(), header);
    v.insert("layout".into(), layout_of.unwrap_or(Value::Null));
    v.insert("steps".into(), Value::Array(page.steps));
    v.insert("variations".into(), Value::Array(page.variations));
    if notes.any() {
        let [a, b] = notes.summary(&u.checked.steps);
        v.insert(
            "summary_of_assessments".into(),
            json!({"A": a.words(), "B": b.words()}),
        );
    }
    v.insert("findings".into(), Value::Array(findings));
    v.insert("summary".into(), summary);
    Ok(RecordData {
        value: Value::Object(v),
        cited,
        plies: u.checked.plies as usize,
    })
}
