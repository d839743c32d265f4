//! The JSON form of a record (`spec/notation.md` §7): one object per record, its members the tags,
//! the movetext items as `{"kind": ..}` objects, every value as the notation writes it.
//!
//! The form on the wire holds strings where the record holds types (the options); reading it is
//! one of the two edges where a record's text becomes types, as [`crate::parse_record`] is the
//! other: [`read_json`] says what the text grammar would have refused of it, as problems.

use crate::form;
use crate::problem::{Problem, ProblemKind};
use crate::record::{Item, MAX_VARIATION_DEPTH, Outcome, Record};
use rules_core::{Decision, GameKind, Player, Variant};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A record as its JSON object holds it.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordJson {
    notation: String,
    game: GameKind,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    options: Vec<(String, String)>,
    opener: Player,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    player_a: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    player_b: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    event: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    source: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    position: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    tags: Vec<(String, String)>,
    movetext: Vec<ItemJson>,
    result: Outcome,
}

/// A movetext item as its JSON object holds it.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
enum ItemJson {
    Ply {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        number: Option<u32>,
        #[serde(rename = "move")]
        token: String,
    },
    Round {
        round: u32,
        decision: Decision,
    },
    Annotation {
        key: String,
        value: String,
    },
    Comment {
        text: String,
    },
    /// A variation (§6.4): its items, as the record's own movetext.
    Variation {
        movetext: Vec<ItemJson>,
    },
}

impl From<&Item> for ItemJson {
    fn from(item: &Item) -> ItemJson {
        match item.clone() {
            Item::Ply { number, token } => ItemJson::Ply { number, token },
            Item::Round { round, decision } => ItemJson::Round { round, decision },
            Item::Annotation { key, value, .. } => ItemJson::Annotation { key, value },
            Item::Comment { text } => ItemJson::Comment { text },
            Item::Variation { items } => ItemJson::Variation {
                movetext: items.iter().map(ItemJson::from).collect(),
            },
        }
    }
}

impl From<ItemJson> for Item {
    fn from(item: ItemJson) -> Item {
        match item {
            ItemJson::Ply { number, token } => Item::Ply { number, token },
            ItemJson::Round { round, decision } => Item::Round { round, decision },
            ItemJson::Annotation { key, value } => Item::annotation(key, value),
            ItemJson::Comment { text } => Item::Comment { text },
            ItemJson::Variation { movetext } => Item::Variation {
                items: movetext.into_iter().map(Item::from).collect(),
            },
        }
    }
}

impl From<&Record> for RecordJson {
    fn from(r: &Record) -> RecordJson {
        RecordJson {
            notation: r.notation.clone(),
            game: r.game(),
            options: r.options.clone(),
            opener: r.opener,
            player_a: r.player_a.clone(),
            player_b: r.player_b.clone(),
            event: r.event.clone(),
            date: r.date.clone(),
            source: r.source.clone(),
            position: r.position.clone(),
            tags: r.tags.clone(),
            movetext: r.movetext.iter().map(ItemJson::from).collect(),
            result: r.result,
        }
    }
}

impl Serialize for Record {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RecordJson::from(self).serialize(s)
    }
}

/// A JSON record whose options do not make a variant of its game is not a record: use
/// [`read_json`] to have the reasons as problems.
impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Record, D::Error> {
        let read = typed(RecordJson::deserialize(d)?);
        match read.option_problem {
            Some(p) => Err(serde::de::Error::custom(p.message)),
            None => Ok(read.record),
        }
    }
}

/// A record read from its JSON form.
#[derive(Clone, Debug)]
pub struct FromJson {
    /// The record; with the game's default options when its options do not make a variant.
    pub record: Record,
    /// What the text grammar would have refused of it (spec/notation.md §10.1), or why its
    /// options do not make a variant of its game: when there is any, the record is not checked.
    pub problems: Vec<Problem>,
}

/// Reads a record's JSON object (§7).
///
/// # Errors
/// The text is not a JSON object of the record's form.
pub fn read_json(line: &str) -> Result<FromJson, serde_json::Error> {
    let wire: RecordJson = serde_json::from_str(line)?;
    let read = typed(wire);
    let mut problems = form::problems(&read.record, |_| None, |_| None, &read.option_form);
    if problems.is_empty() {
        problems.extend(read.option_problem);
    }
    Ok(FromJson {
        record: read.record,
        problems,
    })
}

/// The nesting refusal of a JSON record (§6.4, §7) whose variations nest deeper than
/// [`MAX_VARIATION_DEPTH`], found on its text before it is read: serde would stop at its own
/// recursion limit (128 levels of JSON, about 60 variations) with "recursion limit exceeded",
/// and between the two the record would be held whole. Each variation is one more `movetext`
/// array inside the record's; the problem stands at the `[` of the first one too deep and says
/// what the text reader says of the `(` of a variation too deep.
#[must_use]
pub fn nesting_problem(line: &str) -> Option<Problem> {
    // Per open bracket, whether it is a `movetext` array; the number of those open.
    let mut open: Vec<bool> = Vec::new();
    let mut movetexts = 0usize;
    let (mut in_string, mut escaped) = (false, false);
    // The last string read outside another, and whether a `:` followed it: the key of a member.
    let (mut string_start, mut last_string) = (0usize, (0usize, 0usize));
    let mut key: Option<(usize, usize)> = None;
    for (at, b) in line.bytes().enumerate() {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => {
                    in_string = false;
                    last_string = (string_start, at);
                }
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => {
                in_string = true;
                string_start = at + 1;
            }
            b':' => key = Some(last_string),
            b'[' | b'{' => {
                let is_movetext = b == b'[' && key.is_some_and(|(a, z)| &line[a..z] == "movetext");
                open.push(is_movetext);
                if is_movetext {
                    movetexts += 1;
                    // The record's own movetext is the first: the others are variations.
                    if movetexts > MAX_VARIATION_DEPTH + 1 {
                        return Some(Problem::new(
                            ProblemKind::Syntax,
                            Some(at..at + 1),
                            format!(
                                "a variation nested {} deep: variations nest at most {MAX_VARIATION_DEPTH} deep (spec/notation.md §6.4)",
                                movetexts - 1
                            ),
                        ));
                    }
                }
                key = None;
            }
            b']' | b'}' => {
                if open.pop() == Some(true) {
                    movetexts -= 1;
                }
                key = None;
            }
            b',' => key = None,
            _ => {}
        }
    }
    None
}

/// A wire record made typed: the record, the options' problems of form (names and values the
/// notation cannot write) and the first reason its options make no variant.
struct Typed {
    record: Record,
    option_form: Vec<Problem>,
    option_problem: Option<Problem>,
}

fn typed(w: RecordJson) -> Typed {
    let option_form = form::option_problems(&w.options, None);
    let (variant, option_problem) = match variant_of(w.game, &w.options) {
        Ok(v) => (v, None),
        Err(message) => (
            Variant::default_for(w.game),
            Some(Problem::new(ProblemKind::Header, None, message)),
        ),
    };
    let record = Record {
        notation: w.notation,
        variant,
        options: w.options,
        opener: w.opener,
        player_a: w.player_a,
        player_b: w.player_b,
        event: w.event,
        date: w.date,
        source: w.source,
        position: w.position,
        tags: w.tags,
        movetext: w.movetext.into_iter().map(Item::from).collect(),
        result: w.result,
    };
    Typed {
        record,
        option_form,
        option_problem,
    }
}

/// The variant `options` make of `game`: each key once, each an option of the game with one of
/// its values.
fn variant_of(game: GameKind, options: &[(String, String)]) -> Result<Variant, String> {
    let mut v = Variant::default_for(game);
    for (n, (k, val)) in options.iter().enumerate() {
        if let Some((_, first)) = options[..n].iter().find(|(key, _)| key == k) {
            return Err(format!(
                "option `{k}` is given twice ({k}={first} and {k}={val}): give it once"
            ));
        }
        v.set_option(k, val).map_err(|e| e.to_string())?;
    }
    Ok(v)
}
