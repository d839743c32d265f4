//! Small readings of the book's inline Markdown: plain text for terminals, and option tables.

use crate::cite::citations;
use serde::Serialize;

/// Inline Markdown as plain text: `**bold**` and `*emphasis*` lose their stars, `` `code` `` its
/// backticks (its content is kept as it is), `[words](link)` keeps its words.
#[must_use]
pub fn plain(inline: &str) -> String {
    let mut out = String::with_capacity(inline.len());
    let mut rest = inline;
    while let Some(c) = rest.chars().next() {
        match c {
            '`' => {
                let inner = &rest[1..];
                match inner.find('`') {
                    Some(end) => {
                        out.push_str(&inner[..end]);
                        rest = &inner[end + 1..];
                    }
                    None => {
                        out.push('`');
                        rest = inner;
                    }
                }
            }
            '*' => rest = &rest[1..],
            '[' => match link(rest) {
                Some((words, after)) => {
                    out.push_str(&plain(words));
                    rest = after;
                }
                None => {
                    out.push('[');
                    rest = &rest[1..];
                }
            },
            _ => {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    out
}

/// `[words](target)` at the start of `s`: the words and what follows the link.
fn link(s: &str) -> Option<(&str, &str)> {
    let close = s.find("](")?;
    let words = &s[1..close];
    if words.contains('[') || words.contains(']') {
        return None;
    }
    let after = &s[close + 2..];
    let end = after.find(')')?;
    Some((words, &after[end + 1..]))
}

/// One row of an options table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionRow {
    /// The game's title, in the common part's summary (which has a `game` column).
    pub game: Option<String>,
    /// The option's key: `holes`.
    pub key: String,
    /// Its values, in the table's order.
    pub values: Vec<String>,
    /// Its default.
    pub default: String,
    /// The rules it concerns.
    pub rules: Vec<String>,
}

/// The code spans of a cell, in order: `` `4` (2×4 board), `3` `` gives 4 and 3.
fn code_spans(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The rows of the first Markdown table of `md` whose header has the columns `option`, `values`
/// and `default` (and maybe `game` and `rules`). Values, defaults and keys are the table's code
/// spans; rules are the IDs its `rules` cell cites.
#[must_use]
pub fn option_table(md: &str) -> Vec<OptionRow> {
    let rows: Vec<Vec<&str>> = md
        .lines()
        .map(str::trim)
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.trim_matches('|').split('|').map(str::trim).collect())
        .collect();
    let Some(header) = rows.first() else {
        return Vec::new();
    };
    let col = |name: &str| header.iter().position(|h| *h == name);
    let (Some(key), Some(values), Some(default)) = (col("option"), col("values"), col("default"))
    else {
        return Vec::new();
    };
    let (game, rules) = (col("game"), col("rules"));
    rows.iter()
        .skip(2)
        .map(|r| {
            let cell = |k: usize| r.get(k).copied().unwrap_or("");
            OptionRow {
                game: game.map(|g| plain(cell(g))),
                key: code_spans(cell(key)).concat(),
                values: code_spans(cell(values)),
                default: code_spans(cell(default)).concat(),
                // tidy: book prose: the cell is the book's own text, whose rules are its words.
                rules: rules
                    .map(|k| citations(cell(k)).into_iter().map(|c| c.id).collect())
                    .unwrap_or_default(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_markdown_becomes_plain_text() {
        assert_eq!(
            plain("**At least 2** seeds, *not* `1*` ([engine](../engine.md#x))"),
            "At least 2 seeds, not 1* (engine)"
        );
        assert_eq!(plain("a [b] c `d"), "a [b] c `d");
    }

    #[test]
    fn option_tables_are_read_from_their_code_spans() {
        let md = "Text.\n\n| option | values | default | rules |\n|---|---|---|---|\n| `holes` | `4` (2×4), `3` (2×3) | `4` | B1, B4 |\n\nAfter.";
        let rows = option_table(md);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].key, "holes");
        assert_eq!(rows[0].values, ["4", "3"]);
        assert_eq!(rows[0].default, "4");
        assert_eq!(rows[0].rules, ["B1", "B4"]);
        assert_eq!(rows[0].game, None);
        assert!(option_table("| a | b |\n|---|---|\n| 1 | 2 |").is_empty());
    }
}
