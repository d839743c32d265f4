//! `POST /api/record`: a record read and checked as `mancala validate` reads it (spec/notation.md
//! §9): its problems located (line, column, the caret excerpt of the command line), its moves as
//! a tree (the record's line, each variation on the ply it replaces), and, when it is valid, its
//! canonical text (what `mancala convert` writes). The page's import and export both go through
//! it: the page writes its tree as a record, and the answer's canonical text is the export.

use super::play::cited;
use crate::http::Refusal;
use crate::view::{self, stated_options};
use notation::{CheckOptions, Entry, Format, Records, Step, print_record};
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
}

/// The most records counted after the first (the page loads the first).
const COUNTED: usize = 1000;

pub fn record(r: &RecordRequest) -> Result<Value, Refusal> {
    let opts = CheckOptions {
        steps: true,
        canonical: true,
        lenient: r.lenient,
    };
    let mut records = Records::new(r.text.as_bytes(), Format::Auto, opts);
    let Some(first) = records.next() else {
        return Err(Refusal::invalid("the text holds no record", Vec::new()));
    };
    let first = first.map_err(|e| Refusal::new(400, format!("cannot read the text: {e}")))?;
    let more = records.take(COUNTED).count();
    Ok(answer(&first, more))
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
    let tree = line(start, &e.checked.steps, None, &sides, e);
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
