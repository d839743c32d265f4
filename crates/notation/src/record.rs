//! Records (`spec/notation.md` §3, §6, §7): the tag pairs of a header, the movetext and the
//! result, as a plain data model with its serde JSON form.
//!
//! The model keeps what a record says, in the order it says it; [`crate::check`] replays it with
//! the rules core, and [`crate::printer`] writes it in the canonical export form.

use crate::annotation::Annotation;
use rules_core::{Decision, GameKind, Player, Variant};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The version of the standard (spec/notation.md) this crate follows: it reads records of every
/// version 1.x and writes [`VERSION`], or [`VARIATIONS_VERSION`] for a record with variations.
/// `mancala --version` names it.
pub const STANDARD_VERSION: &str = "1.1";

/// The version of the standard this crate writes for a record without variations: records of
/// 1.0 stay 1.0, byte for byte.
pub const VERSION: &str = "1.0";

/// The version a record with variations declares (spec/notation.md §6.4): the first minor
/// version that has them.
pub const VARIATIONS_VERSION: &str = "1.1";

/// The deepest nesting of variations a record may hold (spec/notation.md §6.4): a variation
/// inside a variation ... 32 deep. A deeper one is refused, with this number, so that reading,
/// checking and printing a record need a bounded stack whatever its input.
pub const MAX_VARIATION_DEPTH: usize = 32;

/// The most plies a record may hold, its own line and every variation together (spec/notation.md
/// §3.5): a record with more is refused (`too-large`) as it is read, before it is checked. The
/// memory of checking and replaying a record grows with its plies, and variations let a record of
/// 1 MiB hold 130 000 of them (a 5-byte side line of one ply after another); 20 000 plies is ten
/// times the longest match `gen-records` makes and keeps the replay of a record, a page of
/// `replay --html`, within tens of MB (docs/guide/limits.md).
pub const MAX_RECORD_PLIES: usize = 20_000;

/// The tags of the header with a fixed meaning, in their canonical order (§3.2).
pub const KNOWN_TAGS: [&str; 10] = [
    "Notation", "Game", "Options", "Opener", "PlayerA", "PlayerB", "Event", "Date", "Source",
    "Position",
];

/// One record: a header, a movetext and a result. Its JSON form (§7) is its serde form, read by
/// [`crate::read_json`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// `Notation`: the version of the standard, e.g. `"1.0"`.
    pub notation: String,
    /// `Game` and `Options`: the game with every rule option, read once from the header (the
    /// canonical form states the non-default ones in the rules' order).
    pub variant: Variant,
    /// The `Options` as the record states them, `key=value` in the order written: what the
    /// header shows (`tag_pairs`) and replay's JSON gives; the canonical record states the
    /// non-default options of `variant`.
    pub options: Vec<(String, String)>,
    /// `Opener`: who opens round 1 (rules README §7).
    pub opener: Player,
    /// `PlayerA`, `PlayerB`, `Event`, `Date`, `Source`: free text.
    pub player_a: Option<String>,
    /// `PlayerB`.
    pub player_b: Option<String>,
    /// `Event`.
    pub event: Option<String>,
    /// `Date`.
    pub date: Option<String>,
    /// `Source`: for a rule-book example, the text and the figure.
    pub source: Option<String>,
    /// `Position`: the set-up position string the record starts from, if not the start of round 1.
    pub position: Option<String>,
    /// Tags this version does not define, in the order read: kept and written back.
    pub tags: Vec<(String, String)>,
    /// The movetext.
    pub movetext: Vec<Item>,
    /// The result terminator.
    pub result: Outcome,
}

/// One element of the movetext.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A ply: its number (optional when reading) and its move token.
    Ply {
        /// The ply number, counted from 1 over the whole record.
        number: Option<u32>,
        /// The move token (§5).
        token: String,
    },
    /// A round boundary: the next round and its set-up decision (B16, G23).
    Round {
        /// The number of the round that starts.
        round: u32,
        /// The set-up decision.
        decision: Decision,
    },
    /// A checkable annotation (§6.2) of the point reached.
    Annotation {
        /// What is checked: `captures`, `position`, ...
        key: String,
        /// The value, as written (whitespace runs are one space).
        value: String,
        /// The annotation it reads as, or why it does not (the checker reports it).
        read: Result<Annotation, String>,
    },
    /// A free comment (§6.1), whitespace runs reduced to one space.
    Comment {
        /// The text, unescaped.
        text: String,
    },
    /// A variation (§6.4, notation 1.1): a side line that replaces the last ply before it, played
    /// from the position before that ply; its items are a movetext of their own (plies,
    /// annotations, comments, round markers, variations), without a result.
    Variation {
        /// The side line's items, in order.
        items: Vec<Item>,
    },
}

/// The result terminator of a record (§3.4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// `A-wins`: the match is over and A won it.
    #[serde(rename = "A-wins")]
    AWins,
    /// `B-wins`.
    #[serde(rename = "B-wins")]
    BWins,
    /// `draw`: the match is over, drawn.
    #[serde(rename = "draw")]
    Draw,
    /// `*`: the record stops before the match is over.
    #[serde(rename = "*")]
    Unfinished,
}

impl Outcome {
    /// The terminator as written.
    #[must_use]
    pub const fn token(self) -> &'static str {
        match self {
            Outcome::AWins => "A-wins",
            Outcome::BWins => "B-wins",
            Outcome::Draw => "draw",
            Outcome::Unfinished => "*",
        }
    }

    /// Reads a terminator.
    #[must_use]
    pub fn from_token(s: &str) -> Option<Outcome> {
        Some(match s {
            "A-wins" => Outcome::AWins,
            "B-wins" => Outcome::BWins,
            "draw" => Outcome::Draw,
            "*" => Outcome::Unfinished,
            _ => return None,
        })
    }

    /// The terminator of a finished match with this winner.
    #[must_use]
    pub const fn of_winner(winner: Option<Player>) -> Outcome {
        match winner {
            Some(Player::A) => Outcome::AWins,
            Some(Player::B) => Outcome::BWins,
            None => Outcome::Draw,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// The options the canonical form states: the non-default ones of `variant`, in the rules' order.
#[must_use]
pub fn canonical_options(variant: Variant) -> Vec<(String, String)> {
    variant
        .non_default_options()
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect()
}

impl Record {
    /// A record of `variant` from the start of round 1, with no moves yet.
    #[must_use]
    pub fn new(variant: Variant, opener: Player) -> Record {
        Record {
            notation: VERSION.to_owned(),
            variant,
            options: canonical_options(variant),
            opener,
            player_a: None,
            player_b: None,
            event: None,
            date: None,
            source: None,
            position: None,
            tags: Vec::new(),
            movetext: Vec::new(),
            result: Outcome::Unfinished,
        }
    }

    /// The header as `(name, value)` pairs in canonical order (§3.2): the known tags that are
    /// present, then the other tags in the order read.
    #[must_use]
    pub fn tag_pairs(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = vec![
            ("Notation".into(), self.notation.clone()),
            ("Game".into(), self.game().name().into()),
        ];
        if !self.options.is_empty() {
            let opts: Vec<String> = self
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            out.push(("Options".into(), opts.join(" ")));
        }
        out.push(("Opener".into(), self.opener.letter().to_string()));
        for (name, v) in [
            ("PlayerA", &self.player_a),
            ("PlayerB", &self.player_b),
            ("Event", &self.event),
            ("Date", &self.date),
            ("Source", &self.source),
            ("Position", &self.position),
        ] {
            if let Some(v) = v {
                out.push((name.into(), v.clone()));
            }
        }
        out.extend(self.tags.iter().cloned());
        out
    }

    /// The game.
    #[must_use]
    pub const fn game(&self) -> GameKind {
        self.variant.kind()
    }

    /// Whether the movetext holds a variation (then the record declares notation 1.1 or later).
    #[must_use]
    pub fn has_variations(&self) -> bool {
        self.movetext
            .iter()
            .any(|i| matches!(i, Item::Variation { .. }))
    }

    /// The number of plies in the movetext (the main line's); [`Item::plies`] counts every line.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.movetext
            .iter()
            .filter(|i| matches!(i, Item::Ply { .. }))
            .count()
    }
}

impl Item {
    /// The plies of `items` and of every variation in them: what [`MAX_RECORD_PLIES`] counts.
    #[must_use]
    pub fn plies(items: &[Item]) -> usize {
        items
            .iter()
            .map(|i| match i {
                Item::Ply { .. } => 1,
                Item::Variation { items } => Item::plies(items),
                _ => 0,
            })
            .sum()
    }

    /// The annotation `(key value)`, read ([`Annotation::read`]).
    #[must_use]
    pub fn annotation(key: String, value: String) -> Item {
        let read = Annotation::read(&key, &value);
        Item::Annotation { key, value, read }
    }

    /// The number of items `items` hold, each variation's own counted after it (the order of
    /// [`crate::Spans::items`]).
    #[must_use]
    pub fn count(items: &[Item]) -> usize {
        items
            .iter()
            .map(|i| match i {
                Item::Variation { items } => 1 + Item::count(items),
                _ => 1,
            })
            .sum()
    }
}

/// Whether a `Notation` value is a version with variations (1.1 or a later 1.x).
#[must_use]
pub fn has_variations_version(notation: &str) -> bool {
    notation
        .strip_prefix("1.")
        .and_then(|m| m.parse::<u64>().ok())
        .is_some_and(|minor| minor >= 1)
}

/// Collapses whitespace runs to one space and trims: the form of comment text and annotation
/// values (§6).
#[must_use]
pub fn squeeze(s: &str) -> String {
    if is_squeezed(s) {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len());
    for w in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

/// Whether `s` is already in [`squeeze`]'s form, decided on its bytes: ASCII, no whitespace but
/// single spaces between words (ASCII whitespace as `char::is_whitespace` counts it: tab to
/// carriage return and space). Most comments and values are, and need no rebuilding.
fn is_squeezed(s: &str) -> bool {
    let b = s.as_bytes();
    s.is_ascii()
        && b.first() != Some(&b' ')
        && b.last() != Some(&b' ')
        && !b.iter().any(|c| (0x09..=0x0D).contains(c))
        && !s.contains("  ")
}

#[cfg(test)]
mod tests {
    use super::squeeze;
    use proptest::prelude::*;

    /// The plain definition: whitespace runs (as `char::is_whitespace` has it) to one space,
    /// trimmed.
    fn plain(s: &str) -> String {
        s.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn squeeze_keeps_what_is_squeezed_and_squeezes_the_rest() {
        for s in [
            "", "a", "a b", " a", "a ", "a  b", "a\tb", "a\x0bb", "a\x0cb", "a\rb", "a\u{a0}b",
            "a\u{85}b", "é b", "é  b",
        ] {
            assert_eq!(squeeze(s), plain(s), "{s:?}");
        }
    }

    proptest! {
        #[test]
        fn squeeze_is_the_plain_definition(s in "[a \\t\\n\\x0b\\x0c\\r\\u{85}\\u{a0}\\u{2003}é(){}]{0,12}") {
            prop_assert_eq!(squeeze(&s), plain(&s));
        }
    }
}
