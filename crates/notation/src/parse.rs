//! The reading grammar of a record (`spec/notation.md` §3, §6, §10.1), with nom.
//!
//! A record's text (one [`crate::reader::Chunk`]) is read in one pass, left to right, without
//! backtracking over more than one token: linear time, and no input makes it panic. The first
//! syntax error stops the record; header errors are all collected.

use crate::problem::{Problem, ProblemKind};
use crate::record::{Item, MAX_RECORD_PLIES, MAX_VARIATION_DEPTH, Outcome, Record, squeeze};
use crate::spans::Spans;
use crate::syntax::{PErr, found, label};
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, digit1, satisfy};
use nom::combinator::recognize;
use nom::{IResult, Parser};
use rules_core::{Decision, GameKind, Hole, Player, Variant};
use std::ops::Range;

/// A record with the spans of its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The record.
    pub record: Record,
    /// Where its parts are.
    pub spans: Spans,
}

type Res<'a, T> = IResult<&'a str, T, PErr<'a>>;

/// Characters that end a move token: whitespace and the delimiters of §10.1.
pub(crate) fn is_delim(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '<' | '>' | '[' | ']' | '"' | ';')
}

fn ws(i: &str) -> &str {
    i.trim_start_matches(|c: char| c.is_whitespace())
}

fn spaces(i: &str) -> &str {
    i.trim_start_matches([' ', '\t'])
}

fn tag_name(i: &str) -> Res<'_, &str> {
    label(
        "a tag name such as Game",
        recognize((
            satisfy(|c| c.is_ascii_alphabetic()),
            take_while(|c: char| c.is_ascii_alphanumeric() || c == '_'),
        )),
    )
    .parse(i)
}

/// A quoted tag value: escapes `\"` and `\\` (§2.2); no line end inside.
fn quoted(i: &str) -> Res<'_, String> {
    let (mut rest, _) = label("a quoted value such as \"bechi\"", char('"')).parse(i)?;
    let mut out = String::new();
    loop {
        let mut chars = rest.chars();
        match chars.next() {
            None | Some('\n') => {
                return Err(nom::Err::Failure(PErr {
                    rest,
                    expected: Some("`\"` closing the tag value on its line"),
                }));
            }
            Some('"') => return Ok((chars.as_str(), out)),
            Some('\\') => match chars.next() {
                Some(c @ ('"' | '\\')) => {
                    out.push(c);
                    rest = chars.as_str();
                }
                _ => {
                    return Err(nom::Err::Failure(PErr {
                        rest,
                        expected: Some("an escape, \\\" or \\\\, in a tag value"),
                    }));
                }
            },
            Some(c) if c.is_control() && c != '\t' => {
                return Err(nom::Err::Failure(PErr {
                    rest,
                    expected: Some("a printable character in a tag value"),
                }));
            }
            Some(c) => {
                out.push(c);
                rest = chars.as_str();
            }
        }
    }
}

/// `[Name "value"]`: the name, the value and the value's span start.
fn tag_pair(i: &str) -> Res<'_, (&str, String, &str)> {
    let (i, _) = char('[').parse(i)?;
    let i = spaces(i);
    let (i, name) = nom::combinator::cut(tag_name).parse(i)?;
    let (i, _) = nom::combinator::cut(label(
        "a space, then the quoted value",
        take_while1(|c| c == ' ' || c == '\t'),
    ))
    .parse(i)?;
    let value_at = i;
    let (i, value) = nom::combinator::cut(quoted).parse(i)?;
    let i = spaces(i);
    let (i, _) = nom::combinator::cut(label("`]` closing the tag", char(']'))).parse(i)?;
    Ok((i, (name, value, value_at)))
}

/// A comment `{...}`: escapes `\\`, `\}` and `\[` (§6.1). Returns the unescaped text.
fn comment(i: &str) -> Res<'_, String> {
    let (mut rest, _) = char('{').parse(i)?;
    let mut out = String::new();
    loop {
        let mut chars = rest.chars();
        match chars.next() {
            None => {
                return Err(nom::Err::Failure(PErr {
                    rest: i,
                    expected: Some("a comment closed by `}` (write \\} for a brace inside)"),
                }));
            }
            Some('}') => return Ok((chars.as_str(), out)),
            Some(c) if c.is_control() && !c.is_whitespace() => {
                return Err(nom::Err::Failure(PErr {
                    rest,
                    expected: Some("printable text in a comment (spec/notation.md §2.1)"),
                }));
            }
            Some('\\') => match chars.next() {
                Some(c @ ('\\' | '}' | '[')) => {
                    out.push(c);
                    rest = chars.as_str();
                }
                _ => {
                    return Err(nom::Err::Failure(PErr {
                        rest,
                        expected: Some("an escape in a comment: \\\\, \\} or \\["),
                    }));
                }
            },
            Some(c) => {
                out.push(c);
                rest = chars.as_str();
            }
        }
    }
}

/// A character of an annotation value (§6.2, §10.1): no bracket, and no control character but
/// white space.
pub(crate) fn is_annotation_char(c: char) -> bool {
    let bracket = matches!(c, '(' | ')' | '{' | '}' | '[' | ']' | '<' | '>');
    let control = c.is_control() && !c.is_whitespace();
    !bracket && !control
}

/// An annotation `(key value)` (§6.2): the key and the value with its text.
fn annotation(i: &str) -> Res<'_, (&str, &str)> {
    let (i, _) = char('(').parse(i)?;
    let i = ws(i);
    let (i, key) = nom::combinator::cut(label(
        "an annotation key such as captures",
        recognize((
            satisfy(|c| c.is_ascii_lowercase()),
            take_while(|c: char| c.is_ascii_lowercase() || c == '-'),
        )),
    ))
    .parse(i)?;
    let (i, _) = nom::combinator::cut(label(
        "a space, then the annotation's value",
        take_while1(char::is_whitespace),
    ))
    .parse(i)?;
    let (i, value) = nom::combinator::cut(label(
        "the annotation's value",
        take_while1(is_annotation_char),
    ))
    .parse(i)?;
    let (i, _) = nom::combinator::cut(label("`)` closing the annotation", char(')'))).parse(i)?;
    Ok((i, (key, value)))
}

/// The set-up decision of a round marker (§3.3).
fn decision(i: &str) -> Res<'_, Decision> {
    let list = |i| -> Res<'_, Vec<&str>> {
        let (mut i, first) = label(
            "a hole or count",
            take_while1(|c: char| c.is_ascii_alphanumeric()),
        )
        .parse(i)?;
        let mut out = vec![first];
        loop {
            let j = spaces(i);
            let Some(after) = j.strip_prefix(',') else {
                return Ok((i, out));
            };
            let (rest, next) = nom::combinator::cut(label(
                "a hole or count after `,`",
                take_while1(|c: char| c.is_ascii_alphanumeric()),
            ))
            .parse(spaces(after))?;
            out.push(next);
            i = rest;
        }
    };
    if let Ok((i, _)) = tag::<_, _, PErr<'_>>("fill").parse(i) {
        let i2 = ws(i);
        let (rest, items) = nom::combinator::cut(list).parse(i2)?;
        let mut holes = Vec::new();
        for h in items {
            match h.parse::<Hole>() {
                Ok(hole) => holes.push(hole),
                Err(_) => {
                    return Err(nom::Err::Failure(PErr {
                        rest: &i2[crate::syntax::Span::offset_in(i2, h)..],
                        expected: Some("a hole name such as 3A"),
                    }));
                }
            }
        }
        return Ok((rest, Decision::Fill(holes)));
    }
    if let Ok((i, _)) = tag::<_, _, PErr<'_>>("layout").parse(i) {
        let i2 = ws(i);
        let (rest, items) = nom::combinator::cut(list).parse(i2)?;
        let mut counts = Vec::new();
        for c in items {
            match c.parse::<u32>() {
                Ok(n) if n <= 999 && c.bytes().all(|b| b.is_ascii_digit()) => counts.push(n),
                _ => {
                    return Err(nom::Err::Failure(PErr {
                        rest: &i2[crate::syntax::Span::offset_in(i2, c)..],
                        expected: Some("a seed count (at most 999)"),
                    }));
                }
            }
        }
        return Ok((rest, Decision::Layout(counts)));
    }
    Err(nom::Err::Error(PErr {
        rest: i,
        expected: Some("fill or layout"),
    }))
}

/// The highest round number a record can hold (§3.3): numbers are at most 9999, as in position
/// strings (§4.1) and their JSON form (§4.4); the rules core's limit, which `after_round` keeps.
pub const MAX_ROUND: u32 = rules_core::MAX_ROUND;

/// A round marker `<round N [decision]>` (§3.3).
fn round_marker(i: &str) -> Res<'_, (u32, Decision)> {
    let (i, _) = char('<').parse(i)?;
    let i = ws(i);
    let (i, _) = nom::combinator::cut(label("`round`", tag("round"))).parse(i)?;
    let (i, _) = nom::combinator::cut(label(
        "a space, then the round number",
        take_while1(char::is_whitespace),
    ))
    .parse(i)?;
    let (i, n) = nom::combinator::cut(label("a round number", digit1)).parse(i)?;
    // Numbers of a record are at most 9999, as in position strings (§3.3, §4.1): a larger one is
    // reported by the caller, on the number.
    let round = n.parse::<u32>().unwrap_or(u32::MAX);
    let j = ws(i);
    let (i, d) = if j.starts_with('>') {
        (j, Decision::None)
    } else {
        if j.len() == i.len() {
            return Err(nom::Err::Failure(PErr {
                rest: i,
                expected: Some("`>` or a space and a set-up decision"),
            }));
        }
        nom::combinator::cut(decision).parse(j)?
    };
    let i = ws(i);
    let (i, _) = nom::combinator::cut(label("`>` closing the round marker", char('>'))).parse(i)?;
    Ok((i, (round, d)))
}

fn syntax_problem(text: &str, e: &PErr<'_>) -> Problem {
    let at = text.len() - e.rest.len();
    // The token found, or the one control character found.
    let len = match e.rest.chars().next() {
        Some(c) if c.is_control() => c.len_utf8(),
        _ => e
            .rest
            .chars()
            .take_while(|c| !c.is_whitespace())
            .take(24)
            .map(char::len_utf8)
            .sum::<usize>()
            .max(usize::from(!e.rest.is_empty())),
    };
    Problem::new(
        ProblemKind::Syntax,
        Some(at..at + len),
        format!(
            "expected {}, found {}",
            e.expected.unwrap_or("something else"),
            found(e.rest)
        ),
    )
}

/// The problems of a nom error.
fn nom_problems(text: &str, e: nom::Err<PErr<'_>>) -> Vec<Problem> {
    match e {
        nom::Err::Error(e) | nom::Err::Failure(e) => vec![syntax_problem(text, &e)],
        nom::Err::Incomplete(_) => vec![Problem::new(
            ProblemKind::Syntax,
            Some(text.len()..text.len()),
            "unexpected end",
        )],
    }
}

/// A tag pair as read: its name, value, span and the value's span.
type TagRead<'t> = (&'t str, String, Range<usize>, Range<usize>);

/// The tag pairs of the header, one per line; returns them and the text after them.
fn read_tags<'t>(
    text: &'t str,
    fail: impl Fn(nom::Err<PErr<'t>>) -> Vec<Problem>,
) -> Result<(Vec<TagRead<'t>>, &'t str), Vec<Problem>> {
    let off = |s: &str| text.len() - s.len();
    let mut i = ws(text);
    let mut tags: Vec<TagRead<'t>> = Vec::new();
    while i.starts_with('[') {
        let start = off(i);
        let (rest, (name, value, value_at)) = tag_pair(i).map_err(&fail)?;
        let v0 = off(value_at);
        let v1 = off(rest).min(text.len());
        let vend = text[v0..v1].rfind('"').map_or(v1, |k| v0 + k + 1);
        tags.push((name, value, start..off(rest), v0..vend));
        let after = spaces(rest);
        if !after.is_empty() && !after.starts_with('\n') {
            return Err(vec![syntax_problem(
                text,
                &PErr {
                    rest: after,
                    expected: Some("the end of the line after a tag"),
                },
            )]);
        }
        i = ws(rest);
    }
    Ok((tags, i))
}

/// A move number not followed by a move, at `i`.
fn move_expected(text: &str, i: &str) -> Vec<Problem> {
    vec![syntax_problem(
        text,
        &PErr {
            rest: i,
            expected: Some("a move after the move number"),
        },
    )]
}

/// The round marker at `at` (text `i`) numbers a round past [`MAX_ROUND`].
fn round_too_large(at: usize, i: &str) -> Problem {
    let digits = i.find(|c: char| c.is_ascii_digit()).unwrap_or(0);
    let n = &i[digits..];
    let n = &n[..n.find(|c: char| !c.is_ascii_digit()).unwrap_or(n.len())];
    let start = at + digits;
    Problem::new(
        ProblemKind::Syntax,
        Some(start..start + n.len()),
        format!(
            "expected a round number of at most {MAX_ROUND}, found `{}`",
            crate::text::shorten_words(n)
        ),
    )
}

/// A delimiter `c` where a movetext item starts, at `i`.
fn misplaced_delimiter(text: &str, i: &str, c: char) -> Problem {
    syntax_problem(
        text,
        &PErr {
            rest: i,
            expected: Some(if c == '[' {
                "a move: tags come before the movetext, and a line beginning with `[` starts the next record"
            } else if c == '>' {
                "a move, a comment, an annotation or a result (`>` ends a round marker; the long form of a Redu move separates its holes with `/`, as in 4B/2A/5B: spec/notation.md §5.5)"
            } else {
                "a move, a comment, an annotation or a result"
            }),
        },
    )
}

/// Whether the `(` at the start of `i` opens a variation (§6.4) rather than an annotation: after
/// it and white space stands a digit (a ply number, or a move token such as `3B`) or a comment.
/// An annotation's key is lowercase letters, so the two never meet.
fn opens_variation(i: &str) -> bool {
    ws(&i[1..])
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_digit() || c == '{')
}

/// A line of movetext being read: the record's own, or a variation.
#[derive(Default)]
struct Line {
    items: Vec<Item>,
    /// A variation's place in [`Spans::items`] and where its `(` stands.
    opened: Option<(usize, usize)>,
}

/// The movetext as read: its items, their spans (a variation's own before its items', §6.4),
/// the numbers written before plies, and the result.
struct Movetext {
    lines: Vec<Line>,
    line: Line,
    spans: Vec<Range<usize>>,
    numbers: Vec<Option<Range<usize>>>,
    /// The plies read, in every line: at most [`MAX_RECORD_PLIES`].
    plies: usize,
}

impl Movetext {
    fn push(&mut self, item: Item, span: Range<usize>, number: Option<Range<usize>>) {
        self.line.items.push(item);
        self.spans.push(span);
        self.numbers.push(number);
    }

    /// Opens a variation at byte `at`; refused past [`MAX_VARIATION_DEPTH`].
    fn open(&mut self, at: usize) -> Result<(), Vec<Problem>> {
        if self.lines.len() >= MAX_VARIATION_DEPTH {
            return Err(vec![Problem::new(
                ProblemKind::Syntax,
                Some(at..at + 1),
                format!(
                    "a variation nested {} deep: variations nest at most {MAX_VARIATION_DEPTH} deep (spec/notation.md §6.4)",
                    self.lines.len() + 1
                ),
            )]);
        }
        self.spans.push(at..at + 1);
        self.numbers.push(None);
        let line = Line {
            items: Vec::new(),
            opened: Some((self.spans.len() - 1, at)),
        };
        self.lines.push(std::mem::replace(&mut self.line, line));
        Ok(())
    }

    /// A ply, its token at `span`: refused past [`MAX_RECORD_PLIES`] plies in all lines, before
    /// the record is held whole.
    fn ply(
        &mut self,
        item: Item,
        span: Range<usize>,
        number: Option<Range<usize>>,
    ) -> Result<(), Vec<Problem>> {
        self.plies += 1;
        if self.plies > MAX_RECORD_PLIES {
            return Err(vec![too_many_plies(Some(span))]);
        }
        self.push(item, span, number);
        Ok(())
    }

    /// Closes the variation open, with its `)` at byte `at`; `false` when none is open.
    fn close(&mut self, at: usize) -> bool {
        let Some(parent) = self.lines.pop() else {
            return false;
        };
        let mut done = std::mem::replace(&mut self.line, parent);
        // A closed line grows no more: without the room its vector grew by doubling, a side line
        // of one ply holds one item, not four (a 1 MiB record of such lines took 50 MB more).
        done.items.shrink_to_fit();
        if let Some((slot, open)) = done.opened {
            self.spans[slot] = open..at + 1;
        }
        self.line.items.push(Item::Variation { items: done.items });
        true
    }

    /// Where the innermost open variation's `(` stands, if one is open.
    fn open_at(&self) -> Option<usize> {
        self.line.opened.map(|(_, at)| at)
    }
}

/// The refusal of a record with too many plies, at the first ply too many (§3.5).
pub(crate) fn too_many_plies(span: Option<Range<usize>>) -> Problem {
    Problem::new(
        ProblemKind::TooLarge,
        span,
        format!(
            "more than {MAX_RECORD_PLIES} plies: a record holds at most {MAX_RECORD_PLIES} plies, its own line and its variations together (spec/notation.md §3.5); split it into several records"
        ),
    )
}

/// The error of a variation left open at `open` when `found` came.
fn unclosed(open: usize, found: &str) -> Problem {
    Problem::new(
        ProblemKind::Syntax,
        Some(open..open + 1),
        format!("expected `)` closing the variation opened here, found {found}"),
    )
}

/// Reads one record's text.
///
/// # Errors
/// The first syntax error, or every header error.
pub fn parse_record(text: &str) -> Result<Parsed, Vec<Problem>> {
    let off = |s: &str| text.len() - s.len();
    let fail = |e: nom::Err<PErr<'_>>| nom_problems(text, e);

    // Header.
    let (tags, i) = read_tags(text, fail)?;
    let header_end = off(i);
    let (record_header, tag_spans) = header(text, &tags, header_end)?;
    let (m, result) = read_movetext(text, i)?;
    let mut record = record_header;
    record.movetext = m.line.items;
    record.result = result.0;
    Ok(Parsed {
        record,
        spans: Spans {
            tags: tag_spans,
            items: m.spans,
            numbers: m.numbers,
            result: result.1,
        },
    })
}

/// The result that ends a movetext, and its span.
type Ended = (Outcome, Range<usize>);

/// The movetext from `i` on, and the result that ends it.
fn read_movetext<'t>(text: &'t str, mut i: &'t str) -> Result<(Movetext, Ended), Vec<Problem>> {
    let off = |s: &str| text.len() - s.len();
    let fail = |e: nom::Err<PErr<'_>>| nom_problems(text, e);
    let mut m = Movetext {
        lines: Vec::new(),
        line: Line::default(),
        spans: Vec::new(),
        numbers: Vec::new(),
        plies: 0,
    };
    let mut pending_number: Option<(u32, Range<usize>)> = None;
    loop {
        i = ws(i);
        let at = off(i);
        let Some(c) = i.chars().next() else {
            if let Some(open) = m.open_at() {
                return Err(vec![unclosed(open, "the end of the record")]);
            }
            let end = text.trim_end().len();
            return Err(vec![Problem::new(
                ProblemKind::Syntax,
                Some(end..end),
                format!(
                    "expected {}, found the end of the record",
                    if pending_number.is_some() {
                        "a move after the move number"
                    } else {
                        "a move, a comment, an annotation or a result (A-wins, B-wins, draw, *)"
                    }
                ),
            )]);
        };
        if pending_number.is_some() && matches!(c, '{' | '(' | '<') {
            return Err(move_expected(text, i));
        }
        match c {
            '{' => {
                let (rest, t) = comment(i).map_err(|e| match e {
                    // Never closed: the caret stays on the `{` that opened it.
                    nom::Err::Failure(PErr { rest, .. }) if rest.len() == i.len() => {
                        vec![Problem::new(
                            ProblemKind::Syntax,
                            Some(at..at + 1),
                            "expected `}` closing the comment opened here (write \\} for a brace inside it), found the end of the record",
                        )]
                    }
                    e => fail(e),
                })?;
                m.push(Item::Comment { text: squeeze(&t) }, at..off(rest), None);
                i = rest;
            }
            '(' if opens_variation(i) => {
                m.open(at)?;
                i = &i[1..];
            }
            ')' if pending_number.is_none() && m.close(at) => i = &i[1..],
            '(' => {
                let (rest, (key, value)) = annotation(i).map_err(fail)?;
                let v0 = crate::syntax::Span::offset_in(text, value);
                let span = v0..v0 + value.trim_end().len();
                m.push(Item::annotation(key.to_owned(), squeeze(value)), span, None);
                i = rest;
            }
            '<' => {
                let (rest, (round, decision)) = round_marker(i).map_err(fail)?;
                if round > MAX_ROUND {
                    return Err(vec![round_too_large(at, i)]);
                }
                m.push(Item::Round { round, decision }, at..off(rest), None);
                i = rest;
            }
            c if is_delim(c) => return Err(vec![misplaced_delimiter(text, i, c)]),
            _ => {
                let end = i.find(is_delim).unwrap_or(i.len());
                let word = &i[..end];
                // A move number: digits and a dot, possibly glued to the move (`12.3B`).
                let digits = word.bytes().take_while(u8::is_ascii_digit).count();
                if digits > 0 && word[digits..].starts_with('.') {
                    if pending_number.is_some() {
                        return Err(move_expected(text, i));
                    }
                    let n = word[..digits].parse::<u32>().map_err(|_| {
                        vec![Problem::new(
                            ProblemKind::Syntax,
                            Some(at..at + digits),
                            format!(
                                "expected a move number of at most {}, found `{}`",
                                u32::MAX,
                                &word[..digits]
                            ),
                        )]
                    })?;
                    pending_number = Some((n, at..at + digits + 1));
                    i = &i[digits + 1..];
                    continue;
                }
                if let Some(o) = Outcome::from_token(word) {
                    if pending_number.is_some() {
                        return Err(move_expected(text, i));
                    }
                    if let Some(open) = m.open_at() {
                        return Err(vec![unclosed(
                            open,
                            &format!(
                                "the result `{word}` (a result ends the record, not a variation)"
                            ),
                        )]);
                    }
                    i = ws(&i[end..]);
                    if !i.is_empty() {
                        return Err(vec![syntax_problem(
                            text,
                            &PErr {
                                rest: i,
                                expected: Some(
                                    "the end of the record after its result (a record starts with its tags)",
                                ),
                            },
                        )]);
                    }
                    return Ok((m, (o, at..at + end)));
                }
                let (number, nspan) = match pending_number.take() {
                    Some((n, s)) => (Some(n), Some(s)),
                    None => (None, None),
                };
                m.ply(
                    Item::Ply {
                        number,
                        token: word.to_owned(),
                    },
                    at..at + end,
                    nspan,
                )?;
                i = &i[end..];
            }
        }
    }
}

type TagSpans = Vec<(String, Range<usize>)>;

/// The `Options` tag's `KEY=VALUE` words (§3.2), each set on `variant` (when the game is known);
/// a malformed, repeated or unknown option is reported on the tag's value with `bad`.
fn read_options(
    value: &str,
    span: &Range<usize>,
    mut variant: Option<&mut Variant>,
    bad: &mut dyn FnMut(&Range<usize>, String),
) -> Vec<(String, String)> {
    let mut given: Vec<(&str, &str)> = Vec::new();
    for kv in value.split_whitespace() {
        let Some((k, val)) = kv.split_once('=') else {
            bad(span, format!("bad option `{kv}`: expected KEY=VALUE"));
            continue;
        };
        if let Some((_, first)) = given.iter().find(|(key, _)| *key == k) {
            bad(
                span,
                format!("option `{k}` is given twice ({k}={first} and {k}={val}): give it once"),
            );
            continue;
        }
        if let Some(var) = variant.as_deref_mut()
            && let Err(e) = var.set_option(k, val)
        {
            bad(span, e.to_string());
            continue;
        }
        given.push((k, val));
    }
    given
        .iter()
        .map(|&(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

/// Checks the tags (§3.2) and builds the header of the record.
fn header(
    text: &str,
    tags: &[(&str, String, Range<usize>, Range<usize>)],
    header_end: usize,
) -> Result<(Record, TagSpans), Vec<Problem>> {
    let mut problems = Vec::new();
    let mut bad = |span: &Range<usize>, msg: String| {
        problems.push(Problem::new(ProblemKind::Header, Some(span.clone()), msg));
    };
    let whole_header = 0..header_end.min(text.find('\n').unwrap_or(text.len()));
    if tags.is_empty() {
        // Bare moves: one problem saying what a header is, not one for each tag (issue 37.5).
        return Err(vec![crate::hints::no_header(whole_header)]);
    }
    let mut seen = std::collections::HashSet::new();
    for (name, _, span, _) in tags {
        if !seen.insert(*name) {
            bad(span, format!("tag {name} is given twice"));
        }
    }
    let get = |name: &str| tags.iter().find(|(n, ..)| *n == name);
    // A missing tag is often there under a misspelt name: say so first, on that tag (issue 26).
    let missing = |name: &str, why: String| -> (Range<usize>, String) {
        match crate::hints::misspelt(name, tags.iter().map(|(n, ..)| *n)) {
            Some(near) => {
                let span = tags
                    .iter()
                    .find(|(n, ..)| *n == near)
                    .map_or(whole_header.clone(), |t| t.2.clone());
                (
                    span,
                    format!("unknown tag {near}: did you mean {name}? ({why})"),
                )
            }
            None => (whole_header.clone(), why),
        }
    };
    let mut record = Record::new(Variant::default_for(GameKind::Bechi), Player::B);
    match get("Notation") {
        None => {
            let (span, why) = missing(
                "Notation",
                format!(
                    "the Notation tag is missing: a record starts with [Notation \"{}\"]",
                    crate::record::VERSION
                ),
            );
            bad(&span, why);
        }
        Some((_, v, _, vs)) => match crate::hints::version_problem(v) {
            None => record.notation.clone_from(v),
            Some(why) => bad(vs, why),
        },
    }
    let mut variant = None;
    match get("Game") {
        None => {
            let (span, why) = missing(
                "Game",
                format!(
                    "the Game tag is missing: expected [Game \"NAME\"] with NAME one of {}",
                    GameKind::name_list()
                ),
            );
            bad(&span, why);
        }
        Some((_, v, _, vs)) => match v.parse::<GameKind>() {
            Ok(g) => variant = Some(Variant::default_for(g)),
            Err(e) => bad(vs, e.to_string()),
        },
    }
    if get("Options").is_none()
        && let Some(near) = crate::hints::misspelt("Options", tags.iter().map(|(n, ..)| *n))
        && let Some((.., span, _)) = tags.iter().find(|(n, ..)| *n == near)
    {
        bad(
            span,
            format!(
                "unknown tag {near}: did you mean Options? (without an Options tag the game is played with its default options)"
            ),
        );
    }
    // The options become the record's variant here, once (§3.2).
    if let Some((_, v, _, vs)) = get("Options") {
        record.options = read_options(v, vs, variant.as_mut(), &mut bad);
    }
    if let Some(v) = variant {
        record.variant = v;
    }
    match get("Opener") {
        None => {
            let (span, why) = missing(
                "Opener",
                "the Opener tag is missing: who opens round 1 is required (mancala rules records): [Opener \"A\"] or [Opener \"B\"]".to_owned(),
            );
            bad(&span, why);
        }
        Some((_, v, _, vs)) => match v.as_str() {
            "A" => record.opener = Player::A,
            "B" => record.opener = Player::B,
            _ => bad(vs, format!("expected A or B as the Opener, found `{v}`")),
        },
    }
    for (name, v, _, _) in tags {
        let slot = match *name {
            "PlayerA" => &mut record.player_a,
            "PlayerB" => &mut record.player_b,
            "Event" => &mut record.event,
            "Date" => &mut record.date,
            "Source" => &mut record.source,
            "Position" => &mut record.position,
            "Notation" | "Game" | "Options" | "Opener" => continue,
            _ => {
                record.tags.push(((*name).to_owned(), v.clone()));
                continue;
            }
        };
        if slot.is_none() {
            *slot = Some(if *name == "Position" {
                squeeze(v)
            } else {
                v.clone()
            });
        }
    }
    if problems.is_empty() {
        let spans = tags
            .iter()
            .map(|(n, _, _, vs)| ((*n).to_owned(), vs.clone()))
            .collect();
        Ok((record, spans))
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const R: &str = "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n[Event \"a \\\"b\\\" \\\\\"]\n[Custom \"x\"]\n\n1. 3B (captures 0) {a\n  comment \\} \\[x} 2.4A <round 2 fill 3A, 4A> pass *\n";

    #[test]
    fn reads_a_record() {
        let p = parse_record(R).unwrap();
        let r = &p.record;
        assert_eq!(r.event.as_deref(), Some("a \"b\" \\"));
        assert_eq!(r.tags, [("Custom".to_owned(), "x".to_owned())]);
        assert_eq!(r.movetext.len(), 6);
        assert_eq!(
            r.movetext[2],
            Item::Comment {
                text: "a comment } [x".to_owned()
            }
        );
        assert_eq!(
            r.movetext[3],
            Item::Ply {
                number: Some(2),
                token: "4A".to_owned()
            }
        );
        assert_eq!(&R[p.spans.items[3].clone()], "4A");
        assert_eq!(&R[p.spans.items[1].clone()], "0");
        assert_eq!(&R[p.spans.result.clone()], "*");
        assert_eq!(r.result, Outcome::Unfinished);
    }

    const V: &str = "[Notation \"1.1\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3B (captures 0) ( 1. 2B {a} (1.1B) 2. 1A) (1. 4B) 2. 1A *\n";

    #[test]
    fn reads_variations_nested_with_their_spans_in_order() {
        let p = parse_record(V).unwrap();
        let m = &p.record.movetext;
        // 3B, (captures), the first variation, the second, 1A.
        assert_eq!(m.len(), 5);
        let Item::Variation { items } = &m[2] else {
            panic!("{m:?}")
        };
        assert_eq!(items.len(), 4, "{items:?}");
        assert!(matches!(&items[2], Item::Variation { items } if items.len() == 1));
        // Spans: each variation's own, from its `(` to its `)`, before its items'.
        assert_eq!(p.spans.items.len(), Item::count(m));
        assert_eq!(Item::count(m), 11);
        assert_eq!(&V[p.spans.items[2].clone()], "( 1. 2B {a} (1.1B) 2. 1A)");
        assert_eq!(&V[p.spans.items[3].clone()], "2B");
        assert_eq!(&V[p.spans.items[5].clone()], "(1.1B)");
        assert_eq!(&V[p.spans.items[6].clone()], "1B");
        assert_eq!(&V[p.spans.items[8].clone()], "(1. 4B)");
        // An annotation is still an annotation: its key is lowercase, a variation starts with a
        // digit or a comment.
        assert!(matches!(&m[1], Item::Annotation { key, .. } if key == "captures"));
    }

    #[test]
    fn variation_errors_name_the_open_variation_and_the_limit() {
        let head = "[Notation \"1.1\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n";
        let e = parse_record(&format!("{head}1. 3B (1. 2B *\n")).unwrap_err();
        assert_eq!(
            e[0].message,
            "expected `)` closing the variation opened here, found the result `*` (a result ends the record, not a variation)"
        );
        assert_eq!(e[0].span, Some(head.len() + 6..head.len() + 7));
        let e = parse_record(&format!("{head}1. 3B (1. 2B\n")).unwrap_err();
        assert!(
            e[0].message.ends_with("found the end of the record"),
            "{e:?}"
        );
        let e = parse_record(&format!("{head}1. 3B ) *\n")).unwrap_err();
        assert!(e[0].message.starts_with("expected a move"), "{e:?}");
        let e = parse_record(&format!("{head}1. 3B (1. ) *\n")).unwrap_err();
        assert!(
            e[0].message.starts_with("expected a move, a comment"),
            "{e:?}"
        );
        let e = parse_record(&format!("{head}1. (1. 2B) *\n")).unwrap_err();
        assert!(
            e[0].message
                .starts_with("expected a move after the move number"),
            "{e:?}"
        );
        // 32 deep reads; 33 is refused at the 33rd `(`.
        let deep = |n: usize| format!("{head}1. 3B {}{} *\n", "(1. 2B ".repeat(n), ")".repeat(n));
        assert!(parse_record(&deep(MAX_VARIATION_DEPTH)).is_ok());
        let text = deep(MAX_VARIATION_DEPTH + 1);
        let e = parse_record(&text).unwrap_err();
        assert_eq!(
            e[0].message,
            "a variation nested 33 deep: variations nest at most 32 deep (spec/notation.md §6.4)"
        );
        let at = head.len() + 6 + 7 * MAX_VARIATION_DEPTH;
        assert_eq!(e[0].span, Some(at..at + 1));
    }

    /// A record holds at most `MAX_RECORD_PLIES` plies, its variations' counted (issue 34): one
    /// ply and that many one-ply side lines, 5 bytes each, made a 1 MiB record of 130 000 plies
    /// whose replay took 305 MB and whose page 7.6 GB. The ply too many is refused as it is read.
    #[test]
    fn a_record_holds_at_most_max_record_plies_in_all_its_lines() {
        let head = "[Notation \"1.1\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3B";
        let wide = |sides: usize| format!("{head}{} *\n", " (2B)".repeat(sides));
        let p = parse_record(&wide(MAX_RECORD_PLIES - 1)).unwrap();
        assert_eq!(Item::plies(&p.record.movetext), MAX_RECORD_PLIES);
        assert_eq!(p.record.plies(), 1);
        // A side line read holds no more room than its items need.
        for item in &p.record.movetext {
            if let Item::Variation { items } = item {
                assert_eq!(items.capacity(), items.len());
            }
        }
        let e = parse_record(&wide(MAX_RECORD_PLIES)).unwrap_err();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].kind, ProblemKind::TooLarge);
        assert_eq!(
            e[0].message,
            "more than 20000 plies: a record holds at most 20000 plies, its own line and its variations together (spec/notation.md §3.5); split it into several records"
        );
        // At the ply too many: the last side line's.
        let at = head.len() + 5 * MAX_RECORD_PLIES - 3;
        assert_eq!(e[0].span, Some(at..at + 2));
    }

    #[test]
    fn syntax_errors_say_what_was_expected() {
        let e =
            parse_record("[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3B {open\n")
                .unwrap_err();
        assert_eq!(
            e[0].message,
            "expected `}` closing the comment opened here (write \\} for a brace inside it), found the end of the record"
        );
        let e = parse_record("[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3B\n")
            .unwrap_err();
        assert!(e[0].message.ends_with("found the end of the record"));
        let e = parse_record("[Notation 1.0]\n").unwrap_err();
        assert_eq!(
            e[0].message,
            "expected a quoted value such as \"bechi\", found `1.0`"
        );
        let e = parse_record("[Notation \"2.0\"]\n[Game \"chess\"]\n\n*\n").unwrap_err();
        assert_eq!(e.len(), 3);
    }
}
