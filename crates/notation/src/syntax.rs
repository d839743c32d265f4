//! Shared parsing machinery: a nom error that remembers what was expected where, and spans.

use nom::error::{ErrorKind, ParseError};
use nom::{IResult, Parser};

/// A parse error: the remaining input where it happened and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PErr<'a> {
    /// The input from the point of failure on.
    pub rest: &'a str,
    /// What the grammar expected there, if a labelled parser failed.
    pub expected: Option<&'static str>,
}

impl<'a> ParseError<&'a str> for PErr<'a> {
    fn from_error_kind(rest: &'a str, _: ErrorKind) -> Self {
        PErr {
            rest,
            expected: None,
        }
    }

    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }

    /// Of two alternatives, report the one that got further.
    fn or(self, other: Self) -> Self {
        if other.rest.len() <= self.rest.len() {
            other
        } else {
            self
        }
    }
}

/// Names what `p` reads, for error messages: "expected <what>, found ...". An error that occurred
/// further inside `p` keeps its own, more precise, label.
pub fn label<'a, O>(
    what: &'static str,
    mut p: impl Parser<&'a str, Output = O, Error = PErr<'a>>,
) -> impl Parser<&'a str, Output = O, Error = PErr<'a>> {
    move |i: &'a str| -> IResult<&'a str, O, PErr<'a>> {
        p.parse(i).map_err(|e| {
            e.map(|mut err| {
                if err.rest.len() == i.len() || err.expected.is_none() {
                    err.expected = Some(what);
                    if err.rest.len() != i.len() && err.expected.is_some() {
                        err.rest = i;
                    }
                }
                err
            })
        })
    }
}

/// Whether `c` ends the text quoted at an error: white space and the separators of position
/// strings and tags.
fn ends_found(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '/' | '[' | ']' | '{' | '}' | '"')
}

/// The name of a character that takes no room on a screen and is not white space: found in
/// text, it would be shown as nothing (`crate::text::is_invisible`).
fn invisible_name(c: char) -> Option<&'static str> {
    match c {
        '\u{FEFF}' => Some("a byte-order mark (U+FEFF)"),
        '\u{200B}' => Some("a zero-width space (U+200B)"),
        '\u{2060}' => Some("a word joiner (U+2060)"),
        _ => None,
    }
}

/// The text found at an error: the next token, or what stands there, in words.
#[must_use]
pub fn found(rest: &str) -> String {
    let token: String = rest
        .chars()
        .take_while(|c| !ends_found(*c))
        .take(24)
        .collect();
    let first = rest.chars().next();
    if let Some(c) = first.filter(|c| c.is_control() && !c.is_whitespace()) {
        format!("the control character U+{:04X}", u32::from(c))
    } else if let Some(name) = first.and_then(invisible_name) {
        format!("{name}, an invisible character")
    } else if let Some(name) = token.chars().find_map(invisible_name) {
        format!(
            "`{}`, which holds {name}, an invisible character",
            crate::text::for_terminal(&token)
        )
    } else if token.is_empty() {
        match rest.chars().next() {
            None => "the end".to_owned(),
            Some('\n') => "the end of the line".to_owned(),
            Some('\r') => {
                "a carriage return (CR) alone: lines end with LF or CRLF (spec/notation.md §2.1)"
                    .to_owned()
            }
            Some(c) if c.is_whitespace() => "a space".to_owned(),
            Some(c) => format!("`{c}`"),
        }
    } else if let Some(c) = token.chars().find(|c| c.is_control()) {
        format!(
            "`{token}`, which holds the control character U+{:04X}",
            u32::from(c)
        )
    } else {
        format!("`{token}`")
    }
}

/// Byte spans of sub-slices.
pub struct Span;

impl Span {
    /// The byte offset of `part`, a sub-slice of `whole`.
    #[must_use]
    pub fn offset_in(whole: &str, part: &str) -> usize {
        (part.as_ptr() as usize)
            .saturating_sub(whole.as_ptr() as usize)
            .min(whole.len())
    }
}
