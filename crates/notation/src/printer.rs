//! The canonical export form (`spec/notation.md` §10.2): the same bytes from every writer.
//!
//! The printer writes what the record says; [`crate::check::check`] first puts every part in its
//! canonical form (move spellings, options, position strings, numbers).

use crate::record::{Item, Record};
use rules_core::Decision;

/// The widest line of the movetext, in characters (a unit longer than this stands alone).
pub const WIDTH: usize = 80;

/// Escapes a tag value (§2.2): `\` and `"`.
#[must_use]
pub fn escape_tag(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        if matches!(c, '\\' | '"') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Escapes comment text (§6.1): `\`, `}` and `[`.
#[must_use]
pub fn escape_comment(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        if matches!(c, '\\' | '}' | '[') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A round marker as written (§3.3).
#[must_use]
pub fn round_marker(round: u32, decision: &Decision) -> String {
    match decision {
        Decision::None => format!("<round {round}>"),
        Decision::Fill(holes) => {
            let h: Vec<String> = holes.iter().map(ToString::to_string).collect();
            format!("<round {round} fill {}>", h.join(","))
        }
        Decision::Layout(counts) => {
            let c: Vec<String> = counts.iter().map(ToString::to_string).collect();
            format!("<round {round} layout {}>", c.join(","))
        }
    }
}

/// The units of the movetext, in order: no line break inside a unit.
fn units(record: &Record) -> Vec<String> {
    let mut out = Vec::new();
    line_units(&record.movetext, 0, &mut out);
    out.push(record.result.token().to_owned());
    out
}

/// The units of one line of movetext whose plies are numbered from `ply` + 1: a variation's
/// first ply has the number of the ply it replaces (§6.4), its `(` glued to its first unit and
/// its `)` to its last.
fn line_units(items: &[Item], mut ply: u32, out: &mut Vec<String>) {
    for item in items {
        match item {
            Item::Ply { token, .. } => {
                ply += 1;
                out.push(format!("{ply}. {token}"));
            }
            Item::Round { round, decision } => out.push(round_marker(*round, decision)),
            Item::Annotation { key, value, .. } => out.push(format!("({key} {value})")),
            Item::Comment { text } => comment_units(text, out),
            Item::Variation { items } => {
                let first = out.len();
                line_units(items, ply.saturating_sub(1), out);
                if out.len() == first {
                    out.push("()".to_owned());
                } else {
                    out[first].insert(0, '(');
                    if let Some(last) = out.last_mut() {
                        last.push(')');
                    }
                }
            }
        }
    }
}

/// A comment as units: one per word, the first beginning with `{` and the last ending with `}`.
fn comment_units(text: &str, out: &mut Vec<String>) {
    let esc = escape_comment(text);
    let words: Vec<&str> = esc.split(' ').filter(|w| !w.is_empty()).collect();
    if words.is_empty() {
        out.push("{}".to_owned());
        return;
    }
    let last = words.len() - 1;
    for (k, w) in words.iter().enumerate() {
        let mut u = String::new();
        if k == 0 {
            u.push('{');
        }
        u.push_str(w);
        if k == last {
            u.push('}');
        }
        out.push(u);
    }
}

/// The canonical text of a record, ending with a line end. Records in a file are separated by one
/// blank line.
#[must_use]
pub fn print_record(record: &Record) -> String {
    let mut out = String::new();
    for (name, value) in record.tag_pairs() {
        out.push('[');
        out.push_str(&name);
        out.push_str(" \"");
        out.push_str(&escape_tag(&value));
        out.push_str("\"]\n");
    }
    out.push('\n');
    let mut width = 0;
    for u in units(record) {
        let w = u.chars().count();
        if width > 0 && width + 1 + w <= WIDTH {
            out.push(' ');
            width += 1 + w;
        } else if width > 0 {
            out.push('\n');
            width = w;
        } else {
            width = w;
        }
        out.push_str(&u);
    }
    out.push('\n');
    out
}
