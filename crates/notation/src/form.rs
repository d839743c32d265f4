//! What the reading grammar (`spec/notation.md` §10.1) guarantees of a record, checked again for
//! records that did not come from text: a JSON record (§7) must be one that the notation can
//! hold, or `convert` would write text that reads back as another record, or not at all (issue
//! 13). A record read from text passes all but the checks of its variations (spec/notation.md
//! §6.4: where they stand, what they hold, the version and the depth), which are made here for
//! both.

use crate::parse::{MAX_ROUND, is_annotation_char};
use crate::problem::{Problem, ProblemKind};
use crate::record::{
    Item, KNOWN_TAGS, MAX_RECORD_PLIES, MAX_VARIATION_DEPTH, Outcome, Record, VARIATIONS_VERSION,
    has_variations_version, squeeze,
};
use rules_core::Decision;
use std::ops::Range;

/// The largest seed count of a `layout` decision (§3.3), as in position strings (§4.1).
const MAX_COUNT: u32 = 999;

/// Every way `record` departs from what the notation can write, with the span of the part when
/// `tag_span` or `item_span` (by the index of [`crate::Spans::items`]) locates it; `options` are
/// the problems of the options as the JSON form wrote them ([`option_problems`]), in their place
/// among the header's. Empty for every record read from text but one whose variations stand
/// where none can (§6.4).
#[must_use]
pub fn problems(
    record: &Record,
    tag_span: impl Fn(&str) -> Option<Range<usize>>,
    item_span: impl Fn(usize) -> Option<Range<usize>>,
    options: &[Problem],
) -> Vec<Problem> {
    let mut out = Vec::new();
    let header =
        |span: Option<Range<usize>>, msg: String| Problem::new(ProblemKind::Header, span, msg);
    if let Some(why) = crate::hints::version_problem(&record.notation) {
        out.push(header(tag_span("Notation"), why));
    }
    for (name, _) in &record.tags {
        if KNOWN_TAGS.contains(&name.as_str()) {
            out.push(header(
                None,
                format!(
                    "tag {name} is given among the other tags: in the JSON form it is the member `{}` (spec/notation.md §7)",
                    json_member(name)
                ),
            ));
        }
    }
    let mut seen = std::collections::HashSet::new();
    for (name, value) in record.tag_pairs() {
        let name_ok = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !name_ok {
            out.push(header(
                None,
                format!("`{name}` is not a tag name: letters, digits and _, from a letter"),
            ));
        }
        if value.chars().any(|c| c.is_control() && c != '\t') {
            out.push(header(
                tag_span(&name),
                format!("the value of tag {name} holds a line end or control character"),
            ));
        }
        if !seen.insert(name.clone()) {
            out.push(header(None, format!("tag {name} is given twice")));
        }
    }
    out.extend_from_slice(options);
    // A JSON record is held whole before this; the checking after it is not done (the text
    // parser refuses the ply too many as it reads it).
    if Item::plies(&record.movetext) > MAX_RECORD_PLIES {
        out.push(crate::parse::too_many_plies(None));
        return out;
    }
    let mut walk = Walk {
        versioned: has_variations_version(&record.notation),
        notation: &record.notation,
        at: 0,
        item_span,
        out: &mut out,
    };
    walk.line(&record.movetext, 0);
    out
}

/// The items of a record walked in the order of [`crate::Spans::items`], with their problems of
/// form.
struct Walk<'a, F> {
    /// Whether the record declares a version with variations (§6.4).
    versioned: bool,
    notation: &'a str,
    /// The index of the next item in the order of the spans.
    at: usize,
    item_span: F,
    out: &'a mut Vec<Problem>,
}

impl<F: Fn(usize) -> Option<Range<usize>>> Walk<'_, F> {
    fn problem(&mut self, at: usize, why: String) {
        let span = (self.item_span)(at);
        self.out.push(Problem::new(ProblemKind::Syntax, span, why));
    }

    /// One line of movetext at `depth` (0: the record's own): every item's form and, for a
    /// variation, its place and its depth (§6.4).
    fn line(&mut self, items: &[Item], depth: usize) {
        // Whether a ply stands before the point reached, with only annotations, comments and
        // variations after it: what a variation needs, to replace it.
        let mut after_ply = false;
        for item in items {
            let at = self.at;
            self.at += 1;
            let Item::Variation { items: inner } = item else {
                after_ply = match item {
                    Item::Ply { .. } => true,
                    Item::Round { .. } => false,
                    _ => after_ply,
                };
                if let Some(why) = item_problem(item) {
                    self.problem(at, why);
                }
                continue;
            };
            if !self.versioned {
                self.problem(at, format!(
                    "a variation in a record of notation {}: variations are notation {VARIATIONS_VERSION}, declare [Notation \"{VARIATIONS_VERSION}\"] (spec/notation.md §6.4)",
                    self.notation
                ));
                self.versioned = true;
            }
            if depth + 1 > MAX_VARIATION_DEPTH {
                self.problem(at, format!(
                    "a variation nested {} deep: variations nest at most {MAX_VARIATION_DEPTH} deep (spec/notation.md §6.4)",
                    depth + 1
                ));
                self.at += Item::count(inner);
                continue;
            }
            if !after_ply {
                self.problem(at, "a variation replaces the ply before it, and no ply stands before this one (only annotations, comments and other variations may stand between the ply and its variations: spec/notation.md §6.4)".to_owned());
            }
            if !inner.iter().any(|i| matches!(i, Item::Ply { .. })) {
                self.problem(at, "a variation without a ply: a variation holds at least one ply (spec/notation.md §6.4)".to_owned());
            }
            self.line(inner, depth + 1);
        }
    }
}

/// The options of a JSON record (§7) that the `Options` tag cannot write: a name that is empty or
/// holds white space or `=`, a value with white space.
#[must_use]
pub fn option_problems(options: &[(String, String)], span: Option<Range<usize>>) -> Vec<Problem> {
    let mut out = Vec::new();
    for (k, v) in options {
        let message = if k.is_empty() || k.contains(char::is_whitespace) || k.contains('=') {
            format!("`{k}` is not an option name")
        } else if v.contains(char::is_whitespace) {
            format!("bad value `{v}` for option `{k}`: a value holds no white space")
        } else {
            continue;
        };
        out.push(Problem::new(ProblemKind::Header, span.clone(), message));
    }
    out
}

/// The member of the JSON form that holds a known tag.
fn json_member(tag: &str) -> &'static str {
    match tag {
        "Notation" => "notation",
        "Game" => "game",
        "Options" => "options",
        "Opener" => "opener",
        "PlayerA" => "player_a",
        "PlayerB" => "player_b",
        "Event" => "event",
        "Date" => "date",
        "Source" => "source",
        _ => "position",
    }
}

/// Why the notation cannot write `item` as it is, if it cannot.
fn item_problem(item: &Item) -> Option<String> {
    match item {
        Item::Ply { token, .. } => token_problem(token),
        Item::Round { round, decision } => {
            if *round > MAX_ROUND {
                return Some(format!(
                    "round {round} is past the limit: round numbers are at most {MAX_ROUND} (spec/notation.md §3.3)"
                ));
            }
            match decision {
                Decision::Layout(counts) => counts.iter().find(|&&n| n > MAX_COUNT).map(|n| {
                    format!(
                        "round {round}: layout count {n} is past the limit of {MAX_COUNT} seeds"
                    )
                }),
                Decision::None | Decision::Fill(_) => None,
            }
        }
        Item::Annotation { key, value, .. } => {
            let key_ok = key.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                && key.chars().all(|c| c.is_ascii_lowercase() || c == '-');
            if !key_ok {
                Some(format!(
                    "`{key}` is not an annotation key: lowercase letters and -, such as captures"
                ))
            } else if value.is_empty() || !value.chars().all(is_annotation_char) {
                Some(format!(
                    "annotation ({key} ...): a value is not empty and holds no bracket ( ) {{ }} [ ] < > and no control character"
                ))
            } else if *value != squeeze(value) {
                Some(format!(
                    "annotation ({key} ...): the value has runs of white space, or white space at an end"
                ))
            } else {
                None
            }
        }
        Item::Variation { .. } => None,
        Item::Comment { text } => {
            if text.chars().any(|c| c.is_control() && !c.is_whitespace()) {
                Some("a comment holds a control character: comments are printable text (spec/notation.md §2.1)".to_owned())
            } else if *text != squeeze(text) {
                Some("comment text has runs of whitespace, or whitespace at an end: a comment is words separated by single spaces".to_owned())
            } else {
                None
            }
        }
    }
}

/// Why `token` cannot be written as a move token (§5.1, §10.1), if it cannot.
fn token_problem(token: &str) -> Option<String> {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if token.is_empty() {
        Some("an empty move token".to_owned())
    } else if token.chars().any(crate::parse::is_delim) {
        Some(format!(
            "`{token}` is not a move token: a token holds no white space and none of {{ }} ( ) < > [ ] \" ;"
        ))
    } else if Outcome::from_token(token).is_some()
        || (digits > 0 && token[digits..].starts_with('.'))
    {
        Some(format!(
            "`{token}` is not a move token: it reads as a result or a move number"
        ))
    } else {
        None
    }
}
