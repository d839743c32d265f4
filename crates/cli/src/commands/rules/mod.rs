//! `mancala rules`: the rule book the binary carries (`spec/rules/`, embedded by the `rulebook`
//! crate at build time), so that every rule ID the tool cites can be read wherever it runs.
//!
//! With no word it lists the games with their rule IDs and the topics of the common part; a word
//! is a rule ID (any case), a range of one game, a game or a topic. Text wraps to the terminal
//! (at most 100 columns; 100 in pipes, so that output is the same everywhere) and is coloured like
//! the tool's other text; `--format json` writes `{"type", "data"}` lines.

mod text;

use crate::cli::{Format, RulesArgs};
use crate::outputs::exit::{CliError, Verdict};
use crate::outputs::style::{Paint, Style};
use rulebook::{Book, Chapter, Query, Rule, Topic};
use serde_json::json;
use std::io::{IsTerminal, Write};
use text::{render, wrap};

/// The widest text line.
const WIDTH: usize = 100;

/// The width of text output: the terminal's, at most [`WIDTH`]; [`WIDTH`] when not a terminal.
fn width() -> usize {
    if !std::io::stdout().is_terminal() {
        return WIDTH;
    }
    terminal_size::terminal_size().map_or(WIDTH, |(w, _)| usize::from(w.0).clamp(40, WIDTH))
}

pub fn run(args: &RulesArgs, style: Style) -> Result<Verdict, CliError> {
    let book = rulebook::book();
    let mut queries = Vec::new();
    let mut unknown = Vec::new();
    for w in &args.words {
        match book.lookup(w) {
            Ok(q) => queries.push(q),
            Err(e) => unknown.push(e),
        }
    }
    if !unknown.is_empty() {
        return Err(CliError::Usage(unknown.join("\n")));
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let w = width();
    // Each entry is written as it is made: 30,000 words cost the memory of one entry, not of
    // the whole output (issue 23).
    let mut emit = |lines: Vec<String>| -> Result<(), CliError> {
        for l in lines {
            writeln!(out, "{l}")?;
        }
        Ok(())
    };
    if queries.is_empty() {
        match args.format {
            Format::Text => emit(list(book, style))?,
            Format::Json => {
                for c in &book.games {
                    emit(vec![game_json(c).to_string()])?;
                }
                for t in &book.common.topics {
                    emit(vec![json!({"type": "topic", "data": t}).to_string()])?;
                }
            }
        }
    }
    for (k, q) in queries.iter().enumerate() {
        match args.format {
            Format::Text => {
                if k > 0 {
                    emit(vec![String::new()])?;
                }
                emit(query_text(book, q, style, w))?;
            }
            Format::Json => emit(query_json(q))?,
        }
    }
    out.flush()?;
    Ok(Verdict::Valid)
}

fn game_json(c: &Chapter) -> serde_json::Value {
    json!({"type": "game", "data": {
        "game": c.game,
        "title": c.title,
        "file": format!("spec/rules/{}", c.file),
        "letter": c.letter.to_string(),
        "range": c.range(),
        "rules": c.rules.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(),
        "intro": c.intro,
        "sections": c.sections,
    }})
}

fn query_json(q: &Query<'_>) -> Vec<String> {
    let rule = |r: &Rule| json!({"type": "rule", "data": r}).to_string();
    match q {
        Query::Rule(r) => vec![rule(r)],
        Query::Range(rules) => rules.iter().map(|r| rule(r)).collect(),
        Query::Game(c) => std::iter::once(game_json(c).to_string())
            .chain(c.rules.iter().map(rule))
            .collect(),
        Query::Topic(topics) => topics
            .iter()
            .map(|t| json!({"type": "topic", "data": t}).to_string())
            .collect(),
    }
}

/// The games and topics, with how to read them.
fn list(book: &Book, style: Style) -> Vec<String> {
    let total = book.rules().count();
    let mut lines = vec![
        style.paint(
            Paint::Heading,
            &format!("The rule book: {total} rules of five games, and their common part"),
        ),
        "(spec/rules/ in the repository; the tool cites these IDs in its messages and traces)"
            .to_owned(),
        String::new(),
        style.paint(
            Paint::Heading,
            "games: mancala rules GAME, or an ID such as B9",
        ),
    ];
    for c in &book.games {
        lines.push(format!(
            "  {:<15} {:<15} {} ({} rules)",
            c.game,
            c.title,
            style.paint(Paint::Rule, &c.range()),
            c.rules.len()
        ));
    }
    lines.push(String::new());
    lines.push(style.paint(Paint::Heading, "common part: mancala rules TOPIC"));
    for t in &book.common.topics {
        let number = format!("§{}", t.number);
        lines.push(format!("  {number:<6} {:<12} {}", t.key, t.title));
    }
    lines.push(String::new());
    lines.push(
        "Several at once: mancala rules B4 B6 B9; a range: mancala rules U18-U20; as data: \
         --format json."
            .to_owned(),
    );
    lines
}

fn query_text(book: &Book, q: &Query<'_>, style: Style, w: usize) -> Vec<String> {
    match q {
        Query::Rule(r) => rule_text(book, r, style, w),
        Query::Range(rules) => join(rules.iter().map(|r| rule_text(book, r, style, w))),
        Query::Game(c) => game_text(book, c, style, w),
        Query::Topic(topics) => join(topics.iter().map(|t| topic_text(t, style, w))),
    }
}

/// Entries one after the other, a blank line between them.
fn join(entries: impl Iterator<Item = Vec<String>>) -> Vec<String> {
    let mut out = Vec::new();
    for (k, e) in entries.enumerate() {
        if k > 0 {
            out.push(String::new());
        }
        out.extend(e);
    }
    out
}

fn topic_text(t: &Topic, style: Style, w: usize) -> Vec<String> {
    let mut out = vec![
        style.paint(Paint::Heading, &format!("§{} {}", t.number, t.title)),
        style.paint(
            Paint::Dim,
            &format!(
                "spec/rules/README.md §{} (mancala rules {})",
                t.number, t.key
            ),
        ),
    ];
    let body = render(&t.text, "  ", w);
    if !body.is_empty() {
        out.push(String::new());
        out.extend(body.iter().map(|l| style.rules(l)));
    }
    out
}

fn game_text(book: &Book, c: &Chapter, style: Style, w: usize) -> Vec<String> {
    let mut out = vec![
        style.paint(Paint::Heading, &format!("{}: rules {}", c.title, c.range())),
        style.paint(Paint::Dim, &format!("spec/rules/{}", c.file)),
        String::new(),
    ];
    out.extend(render(&c.intro, "", w));
    for s in &c.sections {
        out.push(String::new());
        out.push(style.paint(Paint::Heading, &format!("§{}", s.title)));
        let prose = render(&s.text, "  ", w);
        if !prose.is_empty() {
            out.push(String::new());
            out.extend(prose);
        }
        for id in &s.rules {
            if let Some(r) = book.rule(id) {
                out.push(String::new());
                out.extend(rule_text(book, r, style, w));
            }
        }
    }
    out
}

/// One rule: its heading, its words, its sources with their glosses, why, the rejected readings
/// and the engine's readings.
fn rule_text(book: &Book, r: &Rule, style: Style, w: usize) -> Vec<String> {
    let title = book
        .game(&r.game)
        .map_or(r.game.as_str(), |c| c.title.as_str());
    let mut out = vec![format!(
        "{} {}",
        style.paint(Paint::Rule, &r.id),
        style.paint(Paint::Heading, &format!("· {}", r.title))
    )];
    let place = format!(
        "{title}, {} (spec/rules/{}.md §{})",
        r.kind.name(),
        r.game,
        r.section
    );
    out.extend(
        wrap(&place, "", "  ", w)
            .iter()
            .map(|l| style.paint(Paint::Dim, l)),
    );
    if let Some(why) = &r.withdrawn {
        out.extend(wrap(&format!("Withdrawn: {why}"), "  ", "  ", w));
    }
    let mut block = |head: &str, lines: Vec<String>| {
        if !lines.is_empty() {
            out.push(String::new());
            if !head.is_empty() {
                out.push(format!("  {}", style.paint(Paint::Heading, head)));
            }
            out.extend(lines.iter().map(|l| style.rules(l)));
        }
    };
    block("", render(&r.text, "  ", w));
    let mut sources = Vec::new();
    for s in &r.sources {
        sources.extend(wrap(&format!("«{}»", s.catalan), "    ", "     ", w));
        sources.extend(wrap(&rulebook::plain(&s.gloss), "      ", "      ", w));
    }
    block("Source, the Catalan text:", sources);
    block("Why:", render(&r.why, "    ", w));
    let rejected = r
        .rejected
        .iter()
        .flat_map(|x| wrap(&rulebook::plain(x), "    - ", "      ", w))
        .collect();
    block("Rejected readings:", rejected);
    let engine = r
        .engine_notes
        .iter()
        .flat_map(|n| {
            let link = format!("spec/engine.md#{}", n.anchor());
            wrap(
                &format!("{} ({link}): {}", n.label, rulebook::plain(&n.text)),
                "    - ",
                "      ",
                w,
            )
        })
        .collect();
    block("The engine's reading:", engine);
    out
}
