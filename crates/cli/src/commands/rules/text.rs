//! The book's Markdown as terminal text: paragraphs and list items wrapped to the width, code
//! blocks as they are, tables aligned, inline marks dropped (`rulebook::plain`).

use rulebook::plain;

/// `text` wrapped to `width` columns: the first line after `first`, the others after `rest`.
pub fn wrap(text: &str, first: &str, rest: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = first.to_owned();
    let mut empty = true;
    for word in text.split_whitespace() {
        let len = line.chars().count() + usize::from(!empty) + word.chars().count();
        if !empty && len > width {
            lines.push(std::mem::replace(&mut line, rest.to_owned()));
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    if !empty || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// A list item's marker at the start of a (trimmed) line: `* `, `- `, `1. `, `(a) `.
fn marker(line: &str) -> Option<usize> {
    if line.starts_with("* ") || line.starts_with("- ") {
        return Some(2);
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && line[digits..].starts_with(". ") {
        return Some(digits + 2);
    }
    None
}

/// One block of Markdown: a paragraph, a list item, a code line, a table.
enum Block {
    Para {
        indent: usize,
        text: String,
    },
    Item {
        indent: usize,
        mark: String,
        text: String,
    },
    Code(String),
    Table(Vec<Vec<String>>),
    Blank,
}

fn blocks(md: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut fenced = false;
    for raw in md.lines() {
        if raw.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            out.push(Block::Code(raw.to_owned()));
            continue;
        }
        let trimmed = raw.trim_start();
        let indent = raw.len() - trimmed.len();
        if trimmed.is_empty() {
            out.push(Block::Blank);
        } else if trimmed.starts_with('|') {
            let cells: Vec<String> = trimmed
                .trim_matches('|')
                .split('|')
                .map(|c| plain(c.trim()))
                .collect();
            if cells
                .iter()
                .all(|c| c.chars().all(|ch| ch == '-' || ch == ':'))
            {
                continue;
            }
            match out.last_mut() {
                Some(Block::Table(rows)) => rows.push(cells),
                _ => out.push(Block::Table(vec![cells])),
            }
        } else if let Some(m) = marker(trimmed) {
            out.push(Block::Item {
                indent,
                mark: trimmed[..m].trim_end().to_owned(),
                text: trimmed[m..].to_owned(),
            });
        } else {
            match out.last_mut() {
                Some(Block::Para { text, .. } | Block::Item { text, .. }) => {
                    text.push(' ');
                    text.push_str(trimmed);
                }
                _ => out.push(Block::Para {
                    indent: 0,
                    text: trimmed.to_owned(),
                }),
            }
        }
    }
    out
}

/// `md` as lines of at most `width` columns (code lines excepted), each after `pad`.
pub fn render(md: &str, pad: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    for b in blocks(md) {
        match b {
            Block::Para { indent, text } => {
                let p = format!("{pad}{}", " ".repeat(indent));
                out.extend(wrap(&plain(&text), &p, &p, width));
            }
            Block::Item { indent, mark, text } => {
                let lead = format!("{pad}{}", " ".repeat(indent));
                let first = format!("{lead}{mark} ");
                let rest = " ".repeat(first.chars().count());
                let mark = if mark == "*" { "•".to_owned() } else { mark };
                let first = format!("{lead}{mark} ");
                out.extend(wrap(&plain(&text), &first, &rest, width));
            }
            Block::Code(line) => out.push(format!("{pad}  {line}").trim_end().to_owned()),
            Block::Table(rows) => out.extend(table(&rows, pad)),
            Block::Blank => {
                if out.last().is_some_and(|l: &String| !l.is_empty()) {
                    out.push(String::new());
                }
            }
        }
    }
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    out
}

/// A table's rows with their columns aligned.
fn table(rows: &[Vec<String>], pad: &str) -> Vec<String> {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|k| {
            rows.iter()
                .filter_map(|r| r.get(k))
                .map(|c| c.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    rows.iter()
        .map(|r| {
            let cells: Vec<String> = r
                .iter()
                .enumerate()
                .map(|(k, c)| format!("{c:<w$}", w = widths[k]))
                .collect();
            format!("{pad}{}", cells.join("  ")).trim_end().to_owned()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_and_items_wrap_and_code_stays() {
        let md = "A **bold** start of a paragraph that goes\non.\n\n* an item that\n  wraps\n  * a nested `one`\n\n```text\n1  k := c0 + σ\n```\n\n| a | bb |\n|---|---|\n| ccc | d |";
        assert_eq!(
            render(md, "  ", 30),
            [
                "  A bold start of a paragraph",
                "  that goes on.",
                "",
                "  • an item that wraps",
                "    • a nested one",
                "",
                "    1  k := c0 + σ",
                "",
                "  a    bb",
                "  ccc  d",
            ]
        );
        assert_eq!(wrap("", "x ", "  ", 10), ["x "]);
        assert_eq!(wrap("aaaa bbbb", "", "", 4), ["aaaa", "bbbb"]);
    }
}
