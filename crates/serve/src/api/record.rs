//! `POST /api/record`: a record read and checked as `mancala validate` reads it (spec/notation.md
//! §9): its problems located (line, column, the caret excerpt of the command line), its moves as
//! a tree (the record's line, each variation on the ply it replaces), and, when it is valid, its
//! canonical text (what `mancala convert` writes). The page's import and export both go through
//! it: the page writes its tree as a record, and the answer's canonical text is the export.

use super::play::cited;
use crate::exchange::Refusal;
use crate::view::{self, stated_options};
use notation::{CheckOptions, Entry, Format, Item, Records, Step, print_record};
use rules_core::Position;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordRequest {
    /// The record: notation (spec/notation.md §3) or a JSON line (§7).
    text: String,
    /// Lenient validation (§9: Redu R25, R26).
    #[serde(default)]
    lenient: bool,
    /// Which record of the text to load, from 1 (the first by default).
    #[serde(default)]
    index: Option<usize>,
}

/// The most records of a text listed (the page loads one of them).
const LISTED: usize = 1000;

pub fn record(r: &RecordRequest) -> Result<Value, Refusal> {
    let opts = CheckOptions {
        steps: true,
        canonical: true,
        lenient: r.lenient,
    };
    let wanted = r.index.unwrap_or(1);
    let mut chosen = None;
    let mut listed = Vec::new();
    for entry in Records::new(r.text.as_bytes(), Format::Auto, opts).take(LISTED) {
        let entry = entry.map_err(|e| Refusal::new(400, format!("cannot read the text: {e}")))?;
        listed.push(summary(&entry));
        if entry.index == wanted {
            chosen = Some(entry);
        }
    }
    if listed.is_empty() {
        return Err(Refusal::invalid("the text holds no record", Vec::new()));
    }
    let Some(chosen) = chosen else {
        return Err(Refusal::invalid(
            format!(
                "the text holds {} record(s); there is no record {wanted}",
                listed.len()
            ),
            Vec::new(),
        ));
    };
    let mut out = answer(&chosen, listed.len() - 1);
    out["index"] = json!(chosen.index);
    if listed.len() > 1 {
        out["records"] = json!(listed);
    }
    Ok(out)
}

/// One record of a text of several, as the page lists them to choose one: where it starts, its
/// game, players, event and date, its plies and whether it is valid.
fn summary(e: &Entry) -> Value {
    let plies = e
        .checked
        .steps
        .iter()
        .filter(|s| matches!(s, Step::Ply { .. }))
        .count();
    let mut out = json!({
        "index": e.index,
        "first_line": e.first_line,
        "valid": e.valid(),
        "plies": plies,
    });
    if let Some(r) = &e.record {
        out["game"] = json!(r.variant.kind().name());
        out["tags"] = json!(r.tag_pairs());
    }
    out
}

/// The comments and annotations of a line of movetext (`items`), each as written in the
/// canonical form (`{text}`, `(captures 2)`), put on the nodes of that line (`nodes`, the plies
/// and round set-ups in order): on a node, `notes` after it; those before the line's first move
/// go to its first node's `before`. A variation's are put on its own nodes. Items past the
/// point where checking stopped have no node and are left out (the record loads as far as it
/// goes).
fn attach_notes(items: &[Item], nodes: &mut [Value]) {
    let mut at: Option<usize> = None;
    let mut sides_used: HashMap<usize, usize> = HashMap::new();
    for item in items {
        let note = match item {
            Item::Ply { .. } | Item::Round { .. } => {
                at = Some(at.map_or(0, |k| k + 1));
                continue;
            }
            Item::Variation { items } => {
                let Some(k) = at else { continue };
                let used = sides_used.entry(k).or_default();
                if let Some(side) = nodes
                    .get_mut(k)
                    .and_then(|n| n.get_mut("variations"))
                    .and_then(|v| v.get_mut(*used))
                    .and_then(Value::as_array_mut)
                {
                    attach_notes(items, side);
                }
                *used += 1;
                continue;
            }
            Item::Comment { text } => json!({"comment": text}),
            Item::Annotation { key, value, .. } => {
                json!({"annotation": format!("({key} {value})")})
            }
        };
        let (k, member) = match at {
            Some(k) => (k, "notes"),
            None => (0, "before"),
        };
        let Some(n) = nodes.get_mut(k) else { continue };
        if !n[member].is_array() {
            n[member] = json!([]);
        }
        if let Some(list) = n[member].as_array_mut() {
            list.push(note);
        }
    }
}

fn problems(e: &Entry) -> Vec<Value> {
    let origin = e.origin("record");
    e.checked
        .problems
        .iter()
        .map(|p| {
            let mut j = json!(origin.json(p));
            j["rendered"] = json!(origin.render(p));
            j["rules"] = json!(p.rule.map(|r| vec![r.to_string()]).unwrap_or_default());
            j
        })
        .collect()
}

/// One step of a line as the page's tree holds it: a ply with what it did, or a round's
/// set-up; `None` for the ends of rounds and matches, which the position after the ply says.
fn node(before: Option<&Position>, step: &Step) -> Option<Value> {
    match step {
        Step::Ply {
            token,
            written,
            mover,
            trace,
            after,
            ..
        } => {
            let explained = before.map(|b| rules_core::prose::explanation(b, trace, after));
            Some(json!({
                "kind": "ply",
                "move": token,
                "written": written,
                "player": mover,
                "events": trace,
                "captured": trace.captured(),
                "explain": explained.as_ref().map(|x| x.lines.clone()).unwrap_or_default(),
                "cites": explained.map(|x| cited(x.cites)).unwrap_or_default(),
                "after": view::summary(after),
            }))
        }
        Step::Round {
            round,
            decision,
            position,
        } => Some(json!({
            "kind": "round",
            "round": round,
            "decision": decision,
            "marker": notation::round_marker(*round, decision),
            "set_up": rules_core::prose::set_up_words(position, decision),
            "after": view::summary(position),
        })),
        _ => None,
    }
}

/// The nodes of one line (`steps`, starting at `start`), with the side lines `sides` hangs on
/// each of its plies (by the index of the step they replace).
fn line(
    start: Option<&Position>,
    steps: &[Step],
    line_id: Option<usize>,
    sides: &HashMap<(Option<usize>, usize), Vec<usize>>,
    e: &Entry,
) -> Vec<Value> {
    let mut out = Vec::new();
    let mut before = start;
    for (i, step) in steps.iter().enumerate() {
        let Some(mut n) = node(before, step) else {
            continue;
        };
        if let Some(ks) = sides.get(&(line_id, i)) {
            let variations: Vec<Vec<Value>> = ks
                .iter()
                .map(|&k| {
                    let side = &e.checked.variations[k];
                    line(Some(&side.start), &side.steps, Some(k), sides, e)
                })
                .collect();
            n["variations"] = json!(variations);
        }
        out.push(n);
        before = match step {
            Step::Ply { after, .. } => Some(after),
            Step::Round { position, .. } => Some(position),
            _ => before,
        };
    }
    out
}

fn answer(e: &Entry, more: usize) -> Value {
    let start = e.checked.steps.iter().find_map(|s| match s {
        Step::Start { position } => Some(position),
        _ => None,
    });
    let mut sides: HashMap<(Option<usize>, usize), Vec<usize>> = HashMap::new();
    for (k, side) in e.checked.variations.iter().enumerate() {
        sides
            .entry((side.parent, side.replaces))
            .or_default()
            .push(k);
    }
    let mut tree = line(start, &e.checked.steps, None, &sides, e);
    if let Some(r) = &e.record {
        attach_notes(&r.movetext, &mut tree);
    }
    let header = e.record.as_ref().map(|r| {
        json!({
            "tags": r.tag_pairs(),
            "game": r.variant.kind().name(),
            "options": stated_options(r.variant),
            "opener": r.opener,
            "position": r.position,
            "result": r.result.token(),
        })
    });
    json!({
        "valid": e.valid(),
        "more": more,
        "first_line": e.first_line,
        "problems": problems(e),
        "header": header,
        "start": start.map(view::summary),
        "tree": tree,
        "canonical": e.checked.canonical.as_ref().map(print_record),
    })
}
