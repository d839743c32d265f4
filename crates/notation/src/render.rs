//! Diagnostics for people and for programs: byte spans become file:line:column (1-based, columns
//! in characters) only here, with a caret excerpt in the manner of rustc and ruff.

use crate::problem::{Problem, ProblemKind};
use crate::text::{for_people, for_terminal};
use rules_core::Rule;
use serde::Serialize;
use std::fmt::Write as _;
use std::ops::Range;

/// A span turned into lines and columns of the input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// 1-based line in the file.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The text of that line.
    pub line_text: String,
    /// Characters to underline on that line (at least 1).
    pub width: usize,
}

/// Locates `span` of a record's `text` whose first line is line `first_line` of the file.
#[must_use]
pub fn locate(text: &str, first_line: usize, span: &Range<usize>) -> Location {
    let start = floor_char(text, span.start.min(text.len()));
    let end = floor_char(text, span.end.clamp(start, text.len()));
    let line_start = text[..start].rfind('\n').map_or(0, |k| k + 1);
    let line_end = text[start..].find('\n').map_or(text.len(), |k| start + k);
    let line = first_line + text[..start].matches('\n').count();
    let column = text[line_start..start].chars().count() + 1;
    let width = text[start..end.min(line_end)].chars().count().max(1);
    Location {
        line,
        column,
        line_text: text[line_start..line_end].to_owned(),
        width,
    }
}

fn floor_char(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The widest excerpt line shown, in characters.
const EXCERPT: usize = 100;

/// The part of a long line around the place, with `…` where it is cut: the text before the
/// place, the place, and the text after it, each as the terminal shows it ([`for_terminal`]).
fn window(loc: &Location) -> (String, String, String) {
    let chars: Vec<char> = loc.line_text.chars().collect();
    let (start, end) = if chars.len() <= EXCERPT {
        (0, chars.len())
    } else {
        let start = (loc.column - 1).saturating_sub(EXCERPT / 2);
        (start, (start + EXCERPT).min(chars.len()))
    };
    let at = (loc.column - 1).clamp(start, end);
    let place_end = (at + loc.width).min(end);
    let shown = |a: usize, b: usize| {
        let part: String = chars[a..b].iter().collect();
        for_terminal(&part).into_owned()
    };
    let mut before = shown(start, at);
    if start > 0 {
        before.insert(0, '…');
    }
    let mut after = shown(place_end, end);
    if end < chars.len() {
        after.push('…');
    }
    (before, shown(at, place_end), after)
}

/// Where a problem is, for the record it belongs to.
#[derive(Clone, Debug)]
pub struct Origin<'a> {
    /// The file name as given (`-` or `<stdin>` for standard input).
    pub file: &'a str,
    /// The record's index in the file, from 1.
    pub record: usize,
    /// The record's first line in the file.
    pub first_line: usize,
    /// The record's text, when it was read from text.
    pub text: Option<&'a str>,
}

/// A finding as a JSON object (`spec/notation.md` §11).
#[derive(Clone, Debug, Serialize)]
pub struct FindingJson<'a> {
    /// The file.
    pub file: &'a str,
    /// The record index, from 1.
    pub record: usize,
    /// 1-based line, when the problem has a place in the text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// 1-based column in characters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// The ply, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<u32>,
    /// The token concerned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<&'a str>,
    /// The kind of problem.
    pub kind: ProblemKind,
    /// The rule that forbids it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<Rule>,
    /// How to read that rule: `mancala rules B4`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub see: Option<String>,
    /// Why.
    pub message: String,
}

/// The command that prints the rule `rule`: the binary carries its rule book, so every rule a
/// diagnostic cites can be read with it.
#[must_use]
pub fn see(rule: Option<Rule>) -> Option<String> {
    rule.map(|r| format!("mancala rules {r}"))
}

impl Origin<'_> {
    fn location(&self, p: &Problem) -> Option<Location> {
        match (&p.span, self.text) {
            (Some(s), Some(t)) => Some(locate(t, self.first_line, s)),
            _ => None,
        }
    }

    /// The problem as a JSON object. The message is for people, with long words shortened
    /// ([`crate::text::shorten_words`]); the other members are data.
    #[must_use]
    pub fn json<'b>(&'b self, p: &'b Problem) -> FindingJson<'b> {
        let loc = self.location(p);
        FindingJson {
            file: self.file,
            record: self.record,
            line: Some(
                loc.as_ref()
                    .map_or(p.at.map_or(self.first_line, |a| a.0), |l| l.line),
            ),
            column: loc.as_ref().map(|l| l.column).or(p.at.map(|a| a.1)),
            ply: p.ply,
            token: p.token.as_deref(),
            kind: p.kind,
            rule: p.rule,
            see: see(p.rule),
            message: crate::text::shorten_words(&p.to_string()).into_owned(),
        }
    }

    /// The problem for people: a headline, the place, and the line with a caret. Nothing of the
    /// input reaches the terminal raw: every part goes through [`for_terminal`], long words
    /// of the message and token are shortened.
    #[must_use]
    pub fn render(&self, p: &Problem) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "error[{}]: {}", p.kind, for_people(&p.to_string()));
        let mut context = format!("record {}", self.record);
        if let Some(n) = p.ply {
            let _ = write!(context, ", ply {n}");
        }
        if let Some(t) = &p.token {
            let _ = write!(context, ", token `{}`", for_people(t));
        }
        let file = for_terminal(self.file);
        match self.location(p) {
            Some(loc) => {
                let num = loc.line.to_string();
                let pad = " ".repeat(num.len());
                let _ = writeln!(
                    out,
                    "{pad}--> {file}:{}:{} ({context})",
                    loc.line, loc.column
                );
                let _ = writeln!(out, "{pad} |");
                let (before, place, after) = window(&loc);
                let _ = writeln!(out, "{num} | {before}{place}{after}");
                let lead: String = before
                    .chars()
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                let width = place.chars().count().max(1);
                let _ = writeln!(out, "{pad} | {lead}{}", "^".repeat(width));
                if let Some(s) = see(p.rule) {
                    let _ = writeln!(out, "{pad} = see: {s}");
                }
            }
            None => {
                match p.at {
                    Some((line, col)) => {
                        let _ = writeln!(out, " --> {file}:{line}:{col} ({context})");
                    }
                    None => {
                        let _ = writeln!(out, " --> {file}:{} ({context})", self.first_line);
                    }
                }
                if let Some(s) = see(p.rule) {
                    let _ = writeln!(out, " = see: {s}");
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_become_lines_and_columns() {
        let t = "[A \"é\"]\n\n1. 3B 2. 9Z *\n";
        let at = t.find("9Z").unwrap();
        let l = locate(t, 10, &(at..at + 2));
        assert_eq!((l.line, l.column, l.width), (12, 10, 2));
        assert_eq!(l.line_text, "1. 3B 2. 9Z *");
        let o = Origin {
            file: "f.mgn",
            record: 2,
            first_line: 10,
            text: Some(t),
        };
        let p =
            Problem::new(ProblemKind::Token, Some(at..at + 2), "bad").at_ply(Some(2), Some("9Z"));
        assert_eq!(
            o.render(&p),
            "error[token]: bad\n  --> f.mgn:12:10 (record 2, ply 2, token `9Z`)\n   |\n12 | 1. 3B 2. 9Z *\n   |          ^^\n"
        );
    }

    #[test]
    fn a_problem_with_a_rule_says_how_to_read_it() {
        let t = "1. 2B *\n";
        let o = Origin {
            file: "f.mgn",
            record: 1,
            first_line: 6,
            text: Some(t),
        };
        let p = Problem::new(ProblemKind::IllegalMove, Some(3..5), "illegal move 2B: why")
            .rule(Some(Rule::B4))
            .at_ply(Some(1), Some("2B"));
        assert_eq!(
            o.render(&p),
            "error[illegal-move]: illegal move 2B: why (B4)\n --> f.mgn:6:4 (record 1, ply 1, token `2B`)\n  |\n6 | 1. 2B *\n  |    ^^\n  = see: mancala rules B4\n"
        );
        assert_eq!(o.json(&p).see.as_deref(), Some("mancala rules B4"));
        let unplaced = Origin { text: None, ..o };
        assert!(
            unplaced
                .render(&p)
                .ends_with("\n = see: mancala rules B4\n")
        );
        assert_eq!(see(None), None);
    }

    #[test]
    fn long_lines_are_cut_around_the_place() {
        let line = format!("{} 9Z {}", "x".repeat(300), "y".repeat(300));
        let l = locate(&line, 1, &(301..303));
        let (before, place, after) = window(&l);
        assert_eq!(
            before.chars().count() + place.chars().count() + after.chars().count(),
            102
        );
        assert!(before.starts_with('…') && after.ends_with('…'));
        assert_eq!(place, "9Z");
    }

    #[test]
    fn control_characters_of_the_input_are_shown_escaped_with_the_caret_under_them() {
        let t = "[A \"1\"]\r[B \"2\"]\n\n1. \u{1b}]0;x\u{7} *\n";
        let at = t.find('\r').unwrap();
        let o = Origin {
            file: "f\u{1b}[2J.mgn",
            record: 1,
            first_line: 1,
            text: Some(t),
        };
        let p = Problem::new(ProblemKind::Syntax, Some(at..at + 1), "found \u{9b}31m")
            .at_ply(Some(1), Some("\u{202e}3B"));
        let shown = o.render(&p);
        assert_eq!(
            shown,
            "error[syntax]: found \\u{9b}31m\n --> f\\u{1b}[2J.mgn:1:8 (record 1, ply 1, token `\\u{202e}3B`)\n  |\n1 | [A \"1\"]\\u{d}[B \"2\"]\n  |        ^^^^^\n"
        );
        assert!(!shown.chars().any(|c| c.is_control() && c != '\n'));
    }
}
