//! Reading the book's Markdown, strictly: a file that departs from the shape of
//! `spec/rules/README.md` §1.1 is an error naming its file and line, never a silently dropped
//! rule.

use crate::cite::is_rule_id;
use crate::{Book, Chapter, Common, EngineNote, Kind, Rule, Section, Source, Topic};
use std::fmt;

/// Where and why the book's Markdown departs from its shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The file, relative to `spec/rules/`.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "spec/rules/{}:{}: {}",
            self.file, self.line, self.message
        )
    }
}

impl std::error::Error for ParseError {}

/// A line of a file with its number, from 1.
type Line<'a> = (usize, &'a str);

/// A heading and the lines under it, up to the next heading of any level.
struct Block<'a> {
    level: usize,
    heading: &'a str,
    line: usize,
    body: Vec<Line<'a>>,
}

struct Cx<'a> {
    file: &'a str,
}

impl Cx<'_> {
    fn err<T>(&self, line: usize, message: impl Into<String>) -> Result<T, ParseError> {
        Err(ParseError {
            file: self.file.to_owned(),
            line,
            message: message.into(),
        })
    }
}

/// Splits a file into its preamble and its heading blocks. `#` lines inside fenced code blocks
/// are not headings.
fn blocks(text: &str) -> (Vec<Line<'_>>, Vec<Block<'_>>) {
    let mut preamble = Vec::new();
    let mut out: Vec<Block<'_>> = Vec::new();
    let mut fenced = false;
    for (k, line) in text.lines().enumerate() {
        let n = k + 1;
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        let level = line.chars().take_while(|&c| c == '#').count();
        if !fenced && (1..=3).contains(&level) && line[level..].starts_with(' ') {
            out.push(Block {
                level,
                heading: line[level..].trim(),
                line: n,
                body: Vec::new(),
            });
        } else if let Some(b) = out.last_mut() {
            b.body.push((n, line));
        } else {
            preamble.push((n, line));
        }
    }
    (preamble, out)
}

/// Lines as Markdown text, without leading and trailing blank lines.
fn markdown(lines: &[Line<'_>]) -> String {
    let texts: Vec<&str> = lines.iter().map(|(_, l)| *l).collect();
    texts.join("\n").trim_matches('\n').trim_end().to_owned()
}

/// `**Label:** rest`: the label and the rest of the line, for a line of that shape.
fn label(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix("**")?;
    let end = inner.find(":**")?;
    let name = &inner[..end];
    (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphabetic() || c == ' '))
        .then(|| (name, inner[end + 3..].trim()))
}

/// The fields of a rule, in the only order they may come.
const FIELDS: [&str; 4] = ["Source", "Why", "Rejected", "Engine"];

pub fn book(files: &[(&str, &str)]) -> Result<Book, ParseError> {
    let mut common = None;
    let mut games = Vec::new();
    for (name, text) in files {
        if *name == "README.md" {
            common = Some(common_part(name, text)?);
        } else {
            games.push(chapter(name, text)?);
        }
    }
    let Some(common) = common else {
        return Cx { file: "README.md" }.err(0, "the book has no README.md");
    };
    let book = Book { common, games };
    check_unique(&book)?;
    Ok(book)
}

/// No two rules share an ID (in any case), and no topic key is a game name or a rule ID.
fn check_unique(book: &Book) -> Result<(), ParseError> {
    let mut seen: Vec<String> = Vec::new();
    for c in &book.games {
        for r in &c.rules {
            let id = r.id.to_ascii_lowercase();
            if seen.contains(&id) {
                return Cx { file: &c.file }.err(0, format!("rule {} appears twice", r.id));
            }
            seen.push(id);
        }
    }
    for t in &book.common.topics {
        if book.game(&t.key).is_some() || is_rule_id(&t.key.to_ascii_uppercase()) {
            return Cx { file: "README.md" }.err(
                0,
                format!("topic key `{}` is also a game or a rule ID", t.key),
            );
        }
    }
    Ok(())
}

/// `# Title`, first thing in a file.
fn title<'a>(cx: &Cx<'_>, blocks: &[Block<'a>]) -> Result<&'a str, ParseError> {
    match blocks.first() {
        Some(b) if b.level == 1 => Ok(b.heading),
        Some(b) => cx.err(b.line, "the file must start with a `# ` title"),
        None => cx.err(1, "the file has no `# ` title"),
    }
}

fn common_part(file: &str, text: &str) -> Result<Common, ParseError> {
    let cx = Cx { file };
    let (_, blocks) = blocks(text);
    let title = title(&cx, &blocks)?.to_owned();
    let intro = markdown(&blocks[0].body);
    let mut topics: Vec<Topic> = Vec::new();
    for b in &blocks[1..] {
        if b.level == 1 {
            return cx.err(b.line, "a second `# ` title");
        }
        let (number, heading) = b.heading.split_once(' ').unwrap_or((b.heading, ""));
        let number = number.trim_end_matches('.');
        let parts: Vec<&str> = number.split('.').collect();
        let numeric = parts
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
        if !numeric || parts.len() + 1 != b.level || heading.is_empty() {
            return cx.err(
                b.line,
                "a topic heading is `## N. Title` or `### N.M Title`",
            );
        }
        if b.level == 3 && !topics.iter().any(|t| t.number == parts[0]) {
            return cx.err(
                b.line,
                format!("topic {number} comes before topic {}", parts[0]),
            );
        }
        let mut body = b.body.iter().skip_while(|(_, l)| l.trim().is_empty());
        let key = match body.next().and_then(|(_, l)| label(l)) {
            Some(("Read with", rest)) => rest
                .strip_prefix("`mancala rules ")
                .and_then(|k| k.strip_suffix('`'))
                .filter(|k| {
                    !k.is_empty()
                        && k.chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                }),
            _ => None,
        };
        let Some(key) = key else {
            return cx.err(
                b.line + 1,
                "a topic starts with the line **Read with:** `mancala rules KEY`",
            );
        };
        if topics.iter().any(|t| t.key == key || t.number == number) {
            return cx.err(b.line, format!("topic `{key}` ({number}) appears twice"));
        }
        let rest: Vec<Line<'_>> = body.copied().collect();
        topics.push(Topic {
            number: number.to_owned(),
            key: key.to_owned(),
            title: heading.to_owned(),
            text: markdown(&rest),
        });
    }
    Ok(Common {
        title,
        intro,
        topics,
    })
}

fn chapter(file: &str, text: &str) -> Result<Chapter, ParseError> {
    let cx = Cx { file };
    let (_, blocks) = blocks(text);
    let title = title(&cx, &blocks)?.to_owned();
    let game = file.strip_suffix(".md").unwrap_or(file).to_owned();
    let mut sections: Vec<Section> = Vec::new();
    let mut rules: Vec<Rule> = Vec::new();
    let mut letter: Option<char> = None;
    for b in &blocks[1..] {
        match b.level {
            2 => sections.push(Section {
                title: b.heading.to_owned(),
                text: markdown(&b.body),
                rules: Vec::new(),
            }),
            3 => {
                let Some(section) = sections.last_mut() else {
                    return cx.err(b.line, "a rule before the first `## ` section");
                };
                let Some((id, rule_title)) = b.heading.split_once(" · ") else {
                    return cx.err(b.line, "a rule heading is `### ID · Title`");
                };
                if !is_rule_id(id) {
                    return cx.err(b.line, format!("`{id}` is not a rule ID"));
                }
                let first = id.chars().next().unwrap_or('?');
                if *letter.get_or_insert(first) != first {
                    return cx.err(b.line, format!("rule {id} in a file of other rules"));
                }
                let mut rule = rule_body(&cx, b)?;
                rule.id = id.to_owned();
                rule.game.clone_from(&game);
                rule.title = rule_title.trim().to_owned();
                rule.section.clone_from(&section.title);
                section.rules.push(rule.id.clone());
                rules.push(rule);
            }
            _ => return cx.err(b.line, "a second `# ` title"),
        }
    }
    let Some(letter) = letter else {
        return cx.err(1, "a game's file without rules");
    };
    Ok(Chapter {
        game,
        title,
        file: file.to_owned(),
        letter,
        intro: markdown(&blocks[0].body),
        sections,
        rules,
    })
}

/// The fields of a rule's block; the caller fills in its ID, game, title and section.
fn rule_body(cx: &Cx<'_>, b: &Block<'_>) -> Result<Rule, ParseError> {
    let lines: Vec<Line<'_>> = b
        .body
        .iter()
        .copied()
        .skip_while(|(_, l)| l.trim().is_empty())
        .collect();
    let kind = match lines.first().and_then(|(_, l)| label(l)) {
        Some(("Kind", "text")) => Kind::Text,
        Some(("Kind", "ruling")) => Kind::Ruling,
        _ => {
            return cx.err(
                lines.first().map_or(b.line, |l| l.0),
                "a rule starts with **Kind:** text or **Kind:** ruling",
            );
        }
    };
    let mut k = 1;
    while lines.get(k).is_some_and(|(_, l)| l.trim().is_empty()) {
        k += 1;
    }
    let mut withdrawn = None;
    if let Some((n, l)) = lines.get(k)
        && let Some(("Withdrawn", why)) = label(l)
    {
        if why.is_empty() {
            return cx.err(*n, "**Withdrawn:** needs the reason on its line");
        }
        withdrawn = Some(why.to_owned());
        k += 1;
    }
    // The rule's words, then its fields, each up to the next field label.
    let mut parts: Vec<(&str, usize, Vec<Line<'_>>)> = vec![("", b.line, Vec::new())];
    let mut fenced = false;
    for &(n, l) in &lines[k..] {
        if l.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        match label(l).filter(|_| !fenced) {
            Some((name, rest)) => {
                let Some(order) = FIELDS.iter().position(|f| *f == name) else {
                    return cx.err(n, format!("unknown field **{name}:**"));
                };
                if !rest.is_empty() {
                    return cx.err(n, format!("**{name}:** stands alone on its line"));
                }
                let last = parts
                    .last()
                    .and_then(|(p, ..)| FIELDS.iter().position(|f| f == p));
                if last.is_some_and(|o| o >= order) {
                    return cx.err(
                        n,
                        format!("**{name}:** out of order: fields come as {FIELDS:?}"),
                    );
                }
                parts.push((name, n, Vec::new()));
            }
            None => {
                if let Some(p) = parts.last_mut() {
                    p.2.push((n, l));
                }
            }
        }
    }
    let mut rule = Rule {
        id: String::new(),
        game: String::new(),
        kind,
        title: String::new(),
        section: String::new(),
        text: String::new(),
        sources: Vec::new(),
        why: String::new(),
        rejected: Vec::new(),
        engine_notes: Vec::new(),
        withdrawn,
    };
    for (name, n, body) in parts {
        match name {
            "" => rule.text = markdown(&body),
            "Source" => rule.sources = sources(cx, &body)?,
            "Why" => rule.why = markdown(&body),
            "Rejected" => {
                rule.rejected = list(cx, n, &body)?.into_iter().map(|i| i.1).collect();
            }
            _ => {
                for (line, item) in list(cx, n, &body)? {
                    rule.engine_notes.push(engine_note(cx, line, &item)?);
                }
            }
        }
    }
    check_rule(cx, b.line, &rule)?;
    Ok(rule)
}

/// What every rule must have: words and a source, unless withdrawn; rejected readings exactly
/// for a ruling.
fn check_rule(cx: &Cx<'_>, line: usize, r: &Rule) -> Result<(), ParseError> {
    if r.withdrawn.is_some() {
        return Ok(());
    }
    if r.text.is_empty() {
        return cx.err(line, "a rule without words");
    }
    if r.sources.is_empty() {
        return cx.err(line, "a rule without **Source:**");
    }
    match (r.kind, r.rejected.is_empty()) {
        (Kind::Ruling, true) => cx.err(
            line,
            "a ruling names the readings it rejects (**Rejected:**)",
        ),
        (Kind::Text, false) => cx.err(line, "only a ruling has **Rejected:** readings"),
        _ => Ok(()),
    }
}

/// Block quotes, each a Catalan paragraph in « » and a gloss paragraph, separated by blank lines.
fn sources(cx: &Cx<'_>, body: &[Line<'_>]) -> Result<Vec<Source>, ParseError> {
    let mut out = Vec::new();
    let mut quote: Vec<Line<'_>> = Vec::new();
    for &(n, l) in body.iter().chain([(0, "")].iter()) {
        if l.trim().is_empty() {
            if !quote.is_empty() {
                out.push(source(cx, &quote)?);
                quote.clear();
            }
            continue;
        }
        let Some(rest) = l.strip_prefix('>') else {
            return cx.err(n, "a source is a block quote: lines that begin with `>`");
        };
        quote.push((n, rest.strip_prefix(' ').unwrap_or(rest)));
    }
    if out.is_empty() {
        return cx.err(
            body.first().map_or(0, |l| l.0),
            "**Source:** without a quote",
        );
    }
    Ok(out)
}

fn source(cx: &Cx<'_>, quote: &[Line<'_>]) -> Result<Source, ParseError> {
    let mut paragraphs: Vec<Vec<&str>> = vec![Vec::new()];
    for (_, l) in quote {
        if l.trim().is_empty() {
            paragraphs.push(Vec::new());
        } else if let Some(p) = paragraphs.last_mut() {
            p.push(l.trim());
        }
    }
    let line = quote[0].0;
    let [catalan, gloss] = &paragraphs[..] else {
        return cx.err(
            line,
            "a source quote has two paragraphs: «the Catalan», then the gloss",
        );
    };
    let catalan = catalan.join(" ");
    let Some(inner) = catalan
        .strip_prefix('«')
        .and_then(|c| c.strip_suffix('»'))
        .filter(|c| !c.trim().is_empty())
    else {
        return cx.err(line, "the Catalan words stand in « »");
    };
    if gloss.is_empty() {
        return cx.err(line, "a source quote without a gloss");
    }
    Ok(Source {
        catalan: inner.to_owned(),
        gloss: gloss.join(" "),
    })
}

/// A list of `- ` items, each continued on lines indented by two spaces: each item's first line
/// and its text.
fn list(cx: &Cx<'_>, at: usize, body: &[Line<'_>]) -> Result<Vec<(usize, String)>, ParseError> {
    let mut items: Vec<(usize, String)> = Vec::new();
    let mut ended = false;
    for &(n, l) in body {
        if l.trim().is_empty() {
            ended = !items.is_empty();
            continue;
        }
        if let Some(item) = l.strip_prefix("- ").filter(|_| !ended) {
            items.push((n, item.trim().to_owned()));
        } else if let (Some(more), Some(last)) = (l.strip_prefix("  "), items.last_mut())
            && !ended
        {
            last.1.push(' ');
            last.1.push_str(more.trim());
        } else {
            return cx.err(
                n,
                "a list of `- ` items, continued by lines indented two spaces",
            );
        }
    }
    if items.is_empty() {
        return cx.err(at, "a field without its list");
    }
    Ok(items)
}

/// `[label](../engine.md#anchor): text`.
fn engine_note(cx: &Cx<'_>, line: usize, item: &str) -> Result<EngineNote, ParseError> {
    let parsed = item.strip_prefix('[').and_then(|rest| {
        let (label, rest) = rest.split_once("](")?;
        let (link, text) = rest.split_once("): ")?;
        Some((label, link, text))
    });
    match parsed {
        Some((label, link, text)) if link.starts_with("../engine.md#") && !text.is_empty() => {
            Ok(EngineNote {
                label: label.to_owned(),
                link: link.to_owned(),
                text: text.to_owned(),
            })
        }
        _ => cx.err(
            line,
            "an engine note is `- [spec/engine.md …](../engine.md#anchor): what the engine reads`",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "# Toy\n\nIntro.\n\n## Moves\n\nProse.\n\n### T1 · First\n\n**Kind:** text\n\nWords\nover two lines.\n\n```\n# not a heading\n```\n\n**Source:**\n\n> «Una frase.»\n>\n> A sentence.\n\n### T2 · Second\n\n**Kind:** ruling\n\nMore words.\n\n**Source:**\n\n> «Una\n> altra.»\n>\n> Another.\n\n> «Tercera.»\n>\n> Third.\n\n**Why:**\n\nBecause.\n\n**Rejected:**\n\n- one reading,\n  wrapped;\n- another.\n\n**Engine:**\n\n- [spec/engine.md §6](../engine.md#toy): the engine reads it so.\n\n### T3 · Old\n\n**Kind:** text\n\n**Withdrawn:** merged into T1.\n";
    const README: &str = "# Book\n\nIntro.\n\n## 1. Reading\n\n**Read with:** `mancala rules reading`\n\nHow.\n\n### 1.1 Form\n\n**Read with:** `mancala rules form`\n\nShape.\n";

    fn parse(game: &str) -> Result<Book, ParseError> {
        // The toy game's IDs use a letter the real book does not: is_rule_id accepts only
        // B, G, R, S, U, so the toy uses S.
        let game = game
            .replace("T1", "S1")
            .replace("T2", "S2")
            .replace("T3", "S3");
        book(&[("README.md", README), ("toy.md", &game)])
    }

    #[test]
    fn a_well_formed_book_reads_every_field() {
        let b = parse(GAME).unwrap();
        let c = &b.games[0];
        assert_eq!(
            (c.game.as_str(), c.title.as_str(), c.letter),
            ("toy", "Toy", 'S')
        );
        assert_eq!(c.sections[0].rules, ["S1", "S2", "S3"]);
        let r1 = &c.rules[0];
        assert_eq!(
            r1.text,
            "Words\nover two lines.\n\n```\n# not a heading\n```"
        );
        assert_eq!(r1.sources[0].catalan, "Una frase.");
        let r2 = &c.rules[1];
        assert_eq!(r2.kind, Kind::Ruling);
        assert_eq!(r2.sources.len(), 2);
        assert_eq!(r2.sources[0].catalan, "Una altra.");
        assert_eq!(r2.why, "Because.");
        assert_eq!(r2.rejected, ["one reading, wrapped;", "another."]);
        assert_eq!(r2.engine_notes[0].anchor(), "toy");
        assert_eq!(c.rules[2].withdrawn.as_deref(), Some("merged into S1."));
        assert_eq!(b.common.topics[1].key, "form");
        assert_eq!(b.common.topics[1].number, "1.1");
    }

    #[test]
    fn departures_from_the_shape_are_errors_with_their_line() {
        // (what to change, into what, the text of the line the error names, what it says)
        for (from, to, at, what) in [
            (
                "**Kind:** text\n\nWords",
                "Words",
                "Words",
                "starts with **Kind:**",
            ),
            (
                "### T1 · First",
                "### T1 First",
                "### S1 First",
                "`### ID · Title`",
            ),
            (
                "### T1 · First",
                "### X1 · First",
                "### X1 · First",
                "not a rule ID",
            ),
            ("> «Una frase.»", "> Una frase.", "> Una frase.", "« »"),
            (
                "- another.",
                "* another.",
                "* another.",
                "list of `- ` items",
            ),
            ("**Why:**", "**Note:**", "**Note:**", "unknown field"),
            (
                "**Why:**\n\nBecause.\n\n**Rejected:**",
                "**Rejected:**\n\n- x\n\n**Why:**",
                "**Why:**",
                "out of order",
            ),
            (
                "**Rejected:**\n\n- one reading,\n  wrapped;\n- another.\n\n",
                "",
                "### S2 · Second",
                "rejects",
            ),
            (
                "](../engine.md#toy)",
                "](engine.md)",
                "- [spec/engine.md §6](engine.md): the engine reads it so.",
                "engine note",
            ),
        ] {
            let text = GAME.replacen(from, to, 1);
            let e = parse(&text).expect_err(to);
            assert!(e.message.contains(what), "{to:?}: {e}");
            let shown = text
                .replace("T1", "S1")
                .replace("T2", "S2")
                .replace("T3", "S3");
            let line = shown.lines().nth(e.line - 1).unwrap_or("");
            assert_eq!(line, at.replace("T", "S"), "{to:?}: {e}");
        }
        // Without **Why:** a ruling is still whole.
        assert!(parse(&GAME.replacen("**Why:**\n\nBecause.\n\n", "", 1)).is_ok());
        let e = book(&[("README.md", "# Book\n\n## 1. Reading\n\nNo key.\n")]).unwrap_err();
        assert!(e.message.contains("Read with"), "{e}");
    }
}
