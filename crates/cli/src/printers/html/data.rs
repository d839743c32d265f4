//! The data of one record for the replay page: the JSON lines of `replay --format json` (so the
//! page and the JSON agree, value for value), with what the page adds to each position: the
//! board as numbers (seeds, owners, marks, right; the page's script draws it), the `explain` text
//! of each ply with the rule IDs it cites, and the record's comments where they stand.
//!
//! The record's data is written as text step by step, each JSON line turned into its step and
//! written as it is made: a record's steps are never held as JSON values (a record of 130 000
//! side lines took 7.6 GB that way; issue 34).

use super::script_json;
use crate::inputs::records::Unit;
use crate::outputs::exit::CliError;
use crate::printers::explain;
use diagram::web::{board, layout};
use notation::{Step, Walked};
use rules_core::{Position, Rule};
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};

/// The page's steps of a record, written as they are made: its positions in the order the
/// record writes them (each variation's after the ply it replaces), the variations, and where
/// each ply's step is.
struct Steps {
    /// The record's data written so far (`script_json` text), up to the steps made: what comes
    /// before its `steps` array, then the steps.
    steps: String,
    /// Whether a step was written (a comma goes before the next).
    any: bool,
    /// The last step, not yet written: a round's or the match's end joins it.
    last: Option<Value>,
    /// How many steps were made (the last one included).
    count: usize,
    /// The JSON array of the variations, without its brackets.
    variations: String,
    /// The page index of the step of each ply, by (line, index in that line's steps).
    ply_at: HashMap<(Option<usize>, usize), usize>,
}

/// `v` after the items of the JSON array `list`.
fn append(list: &mut String, v: &Value) {
    if !list.is_empty() {
        list.push(',');
    }
    list.push_str(&script_json(v));
}

impl Steps {
    /// The steps of a record whose data starts with `head`, up to its `steps` array.
    fn new(head: String) -> Steps {
        Steps {
            steps: head,
            any: false,
            last: None,
            count: 0,
            variations: String::new(),
            ply_at: HashMap::new(),
        }
    }

    /// Writes the step `done`, complete.
    fn write(&mut self, done: &Value) {
        if self.any {
            self.steps.push(',');
        }
        self.any = true;
        self.steps.push_str(&script_json(done));
    }

    /// A new step: the one before it is complete and written.
    fn push(&mut self, step: Value) {
        if let Some(done) = self.last.replace(step) {
            self.write(&done);
        }
        self.count += 1;
    }

    /// The record's data written up to the end of its steps (the last one too), and the JSON
    /// array of its variations, without brackets.
    fn finish(mut self) -> (String, String) {
        if let Some(done) = self.last.take() {
            self.write(&done);
        }
        (self.steps, self.variations)
    }
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

/// One record, ready for the page, and the rules it cites.
pub struct RecordData {
    /// Its data, as the page holds it (`script_json` text).
    pub json: String,
    /// Its index, header and summary: what the chooser's line of it says.
    pub head: Value,
    pub cited: Vec<Rule>,
    /// The plies of its own line.
    pub plies: usize,
}

/// The `data` of a JSON line without its `record` field (the page holds it once per record).
fn data_of(mut line: Value) -> Value {
    let mut d = line.get_mut("data").map(Value::take).unwrap_or(Value::Null);
    if let Some(m) = d.as_object_mut() {
        m.remove("record");
    }
    d
}

/// The page's steps of a record from its replay JSON lines (`lines`, made one at a time), written
/// after `head` (the record's data up to its steps); the rules its plies cite added to `cited`.
fn page_steps(
    head: String,
    lines: crate::printers::replay::StepLines<'_>,
    comments: &BTreeMap<(u32, u32), Vec<String>>,
    cited: &mut Vec<Rule>,
) -> Steps {
    let comments_at =
        |key: (u32, u32)| -> Value { json!(comments.get(&key).cloned().unwrap_or_default()) };
    let mut page = Steps::new(head);
    let mut ply_no = 0;
    for (shown, line_json) in lines {
        let data = data_of(line_json);
        let (line, index, step) = match shown.walked {
            Walked::Enter { line, side } => {
                let replaces = page.ply_at.get(&(side.parent, side.replaces)).copied();
                append(
                    &mut page.variations,
                    &json!({
                        "id": line + 1, "parent": side.parent.map_or(0, |p| p + 1), "ply": side.ply,
                        "depth": side.depth, "replaces": replaces, "token": data["replaces"],
                    }),
                );
                continue;
            }
            Walked::Leave { .. } => continue,
            Walked::Step { line, index, step } => (line, index, step),
        };
        let last = shown.before;
        let id = line.map_or(0, |k| k + 1);
        match step {
            Step::Start { position } => {
                page.push(json!({"kind": "start", "line": id, "data": data, "board": board(position), "comments": comments_at((0, 0))}));
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
                let rules = explain::cited(&explained.cites);
                for r in &rules {
                    if !cited.contains(r) {
                        cited.push(*r);
                    }
                }
                let ids: Vec<&str> = rules.iter().map(|r| r.id()).collect();
                let arrow = shown
                    .assessment
                    .as_ref()
                    .and_then(|a| a.best.as_ref())
                    .zip(last)
                    .and_then(|((token, _), b)| best_arrow(b, token));
                // A variation's comments are its own (spec/notation.md §6.4): the page shows the
                // record's.
                let comments = if line.is_none() {
                    comments_at((*number, 0))
                } else {
                    json!([])
                };
                page.ply_at.insert((line, index), page.count);
                page.push(json!({
                    "kind": "ply", "line": id, "data": data, "board": board(after), "explain": words,
                    "cites": ids, "comments": comments, "best_arrow": arrow,
                }));
            }
            Step::Round {
                round, position, ..
            } => {
                let comments = if line.is_none() {
                    comments_at((ply_no, *round))
                } else {
                    json!([])
                };
                page.push(json!({"kind": "round", "line": id, "data": data, "board": board(position), "comments": comments}));
            }
            // A round's or the match's end belongs to the position that ends it.
            Step::RoundOver { result, .. } => page.end("round_over", data, result.rule, cited),
            Step::MatchOver { result } => page.end("match_over", data, result.rule, cited),
        }
    }
    page
}

impl Steps {
    /// The end of a round or of the match (`key`), with its `data` and the `rule` that ends it:
    /// it belongs to the position that ends it, the last step.
    fn end(&mut self, key: &str, data: Value, rule: Rule, cited: &mut Vec<Rule>) {
        if !cited.contains(&rule) {
            cited.push(rule);
        }
        if let Some(last) = self.last.as_mut().and_then(Value::as_object_mut) {
            last.insert(key.to_owned(), data);
        }
    }
}

/// The page's data of record `u`.
///
/// # Errors
/// The replay JSON could not be made (an internal error).
pub fn record(u: &Unit, lenient: bool) -> Result<RecordData, CliError> {
    let comments: BTreeMap<(u32, u32), Vec<String>> = u
        .record
        .as_ref()
        .map(crate::printers::pictures::comments)
        .unwrap_or_default();
    let header = crate::printers::replay::start_json(u).map_or(Value::Null, data_of);
    let mut cited: Vec<Rule> = Vec::new();
    let lines = crate::printers::replay::StepLines::new(u);
    let notes = lines.notes().any().then(|| {
        let [a, b] = lines.notes().summary(&u.checked.steps);
        json!({"A": a.words(), "B": b.words()})
    });
    // The layout is the start's; the data is written up to the steps before they are made.
    let layout_of = u.checked.steps.iter().find_map(|s| match s {
        Step::Start { position } => Some(layout(position)),
        _ => None,
    });
    let head = format!(
        "{{\"index\":{},\"header\":{},\"layout\":{},\"steps\":[",
        u.index,
        script_json(&header),
        script_json(&layout_of.unwrap_or(Value::Null)),
    );
    let page = page_steps(head, lines, &comments, &mut cited);
    // The findings and the summary, made from the record's problems as values.
    let origin = u.origin();
    let findings: Vec<Value> = (u.checked.problems.iter())
        .map(|p| data_of(json!({"data": origin.json(p)})))
        .collect();
    let summary = data_of(crate::commands::validate::record_json(u, lenient));
    for rule in u.checked.problems.iter().filter_map(|p| p.rule) {
        if !cited.contains(&rule) {
            cited.push(rule);
        }
    }
    let (mut json, variations) = page.finish();
    json.push_str(&format!("],\"variations\":[{variations}],"));
    if let Some(n) = notes {
        json.push_str(&format!("\"summary_of_assessments\":{},", script_json(&n)));
    }
    json.push_str(&format!(
        "\"findings\":{},\"summary\":{}}}",
        script_json(&Value::Array(findings)),
        script_json(&summary)
    ));
    Ok(RecordData {
        json,
        head: json!({"index": u.index, "header": header, "summary": summary}),
        cited,
        plies: u.checked.plies as usize,
    })
}
