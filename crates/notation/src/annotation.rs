//! Checkable annotations (`spec/notation.md` §6.2) as values: what each key states, read from its
//! text ([`Annotation::read`], [`std::str::FromStr`]) and written in its canonical form
//! ([`std::fmt::Display`]). The text parser and the JSON reader both make them; [`crate::check`]
//! compares them with the replay.
//!
//! Only what a value says on its own is read here. What needs the board or the game (whether a
//! hole is on this board, which mark characters the game has, whether a token is a move of it) is
//! the checker's.

use crate::assessment::{Eval, Judged};
use rules_core::{Hole, Player, Right};
use std::fmt;

/// The annotation keys of §6.2, in the order the messages list them.
pub const ANNOTATION_KEYS: [&str; 18] = [
    "captures",
    "taken",
    "ends",
    "laps",
    "sown",
    "right",
    "territories",
    "marked",
    "next",
    "position",
    "moves",
    "forbidden",
    "totals",
    "holdings",
    "owners",
    "value",
    "best",
    "judgement",
];

/// A lap as the `laps` annotation states it: `2B:3`, the hole lifted and its seeds; or `1B-8B:8`,
/// one seed gathered from each hole of that arc of the cycle (the Sulus Nishtaw opening, S4, S6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lap {
    /// `2B:3`.
    Lifted(Hole, u32),
    /// `1B-8B:8`: the first and last holes of the arc, and the seeds.
    Gathered(Hole, Hole, u32),
}

impl fmt::Display for Lap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Lap::Lifted(h, n) => write!(f, "{h}:{n}"),
            Lap::Gathered(a, b, n) => write!(f, "{a}-{b}:{n}"),
        }
    }
}

/// One checkable annotation, by key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Annotation {
    /// `captures N`: seeds the last ply captured for its mover.
    Captures(u32),
    /// `taken H:N,...` or `none`: each capture of the last ply, in order.
    Taken(Vec<(Hole, u32)>),
    /// `ends H`: where the last seed of the last ply fell.
    Ends(Hole),
    /// `laps H:N,...`: the laps of the last ply.
    Laps(Vec<Lap>),
    /// `sown H,...` or `none`: every hole a seed of the last ply fell in.
    Sown(Vec<Hole>),
    /// `right O3:4A` or `none`: the pending Redu right (R19).
    Right(Option<Right>),
    /// `territories A,B`: holes owned by each player.
    Territories([u32; 2]),
    /// `marked H:M,...` or `none`: the marks the last ply set, each with its mark character.
    Marked(Vec<(Hole, char)>),
    /// `next A`: the player to move.
    Next(Player),
    /// `position ...`: the position string of the point reached.
    Position(String),
    /// `moves T,...` or `none`: the legal move tokens, each as written.
    Moves(Vec<String>),
    /// `forbidden T R`: a move token and the rule that forbids it.
    Forbidden {
        /// The token.
        token: String,
        /// The rule ID.
        rule: String,
    },
    /// `totals A,B`: the round totals of a finished round.
    Totals([u32; 2]),
    /// `holdings A,B`: the holdings of a finished round.
    Holdings([u32; 2]),
    /// `owners XXXXXX/XXXXXX`: who owns each hole.
    Owners(String),
    /// `value +4`: the value of the last ply for its mover (§6.3); parsed, not searched.
    Value(Eval),
    /// `best 3B +6`: a better move than the last ply, in the position it was played in, and its
    /// value for the mover (§6.3).
    Best {
        /// The move token.
        token: String,
        /// Its value.
        value: Eval,
    },
    /// `judgement ?`, `judgement ?? missed-win`: a sign for the last ply (§6.3).
    Judgement(Judged),
}

fn parse_hole(s: &str) -> Result<Hole, String> {
    s.parse::<Hole>()
        .map_err(|_| format!("`{s}` is not a hole name such as 3B"))
}

fn parse_num(s: &str) -> Result<u32, String> {
    if s.is_empty() || s.len() > 6 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{s}` is not a number"));
    }
    s.parse().map_err(|_| format!("`{s}` is not a number"))
}

fn parse_pair(s: &str) -> Result<[u32; 2], String> {
    let (a, b) = s
        .split_once(',')
        .ok_or_else(|| format!("expected two numbers A,B, found `{s}`"))?;
    Ok([parse_num(a.trim())?, parse_num(b.trim())?])
}

/// `H:n` pairs separated by commas.
fn parse_hole_counts(s: &str) -> Result<Vec<(Hole, u32)>, String> {
    s.split(',')
        .map(|p| {
            let (h, n) = p
                .trim()
                .split_once(':')
                .ok_or_else(|| format!("expected HOLE:SEEDS such as 2A:4, found `{p}`"))?;
            Ok((parse_hole(h)?, parse_num(n)?))
        })
        .collect()
}

fn parse_laps(s: &str) -> Result<Vec<Lap>, String> {
    s.split(',')
        .map(|p| {
            let (h, n) = p.trim().split_once(':').ok_or_else(|| {
                format!(
                    "expected HOLE:SEEDS such as 2A:4 (or FIRST-LAST:SEEDS such as 1B-8B:8), found `{p}`"
                )
            })?;
            let n = parse_num(n.trim())?;
            Ok(match h.split_once('-') {
                Some((a, b)) => Lap::Gathered(parse_hole(a.trim())?, parse_hole(b.trim())?, n),
                None => Lap::Lifted(parse_hole(h.trim())?, n),
            })
        })
        .collect()
}

fn parse_marks(s: &str) -> Result<Vec<(Hole, char)>, String> {
    s.split(',')
        .map(|part| {
            let (h, m) = part
                .trim()
                .split_once(':')
                .ok_or_else(|| format!("expected HOLE:MARK such as 1A:b, found `{part}`"))?;
            let hole = parse_hole(h)?;
            let mut chars = m.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(format!(
                    "expected one mark character after {hole}:, found `{m}`"
                ));
            };
            Ok((hole, c))
        })
        .collect()
}

/// `none` for an empty list, else the items joined by commas.
fn none_or<T>(v: &[T], f: &mut fmt::Formatter<'_>, item: impl Fn(&T) -> String) -> fmt::Result {
    if v.is_empty() {
        return f.write_str("none");
    }
    let parts: Vec<String> = v.iter().map(item).collect();
    f.write_str(&parts.join(","))
}

/// A list that `none` empties.
fn list_or_none<T>(
    value: &str,
    read: impl FnOnce(&str) -> Result<Vec<T>, String>,
) -> Result<Vec<T>, String> {
    if value == "none" {
        Ok(Vec::new())
    } else {
        read(value)
    }
}

impl Annotation {
    /// Reads the annotation `(key value)`; `Err` says why the value is not one of `key` (or that
    /// the key is unknown), in the words of the checker's messages.
    ///
    /// # Errors
    /// The key is not one of §6.2, or the value does not read as that key's.
    pub fn read(key: &str, value: &str) -> Result<Annotation, String> {
        let value = value.trim();
        Ok(match key {
            "captures" => Annotation::Captures(parse_num(value)?),
            "taken" => Annotation::Taken(list_or_none(value, parse_hole_counts)?),
            "ends" => Annotation::Ends(parse_hole(value)?),
            "laps" => Annotation::Laps(parse_laps(value)?),
            "sown" => Annotation::Sown(list_or_none(value, |v| {
                v.split(',').map(|h| parse_hole(h.trim())).collect()
            })?),
            "right" => Annotation::Right(if value == "none" {
                None
            } else {
                Some(value.parse::<Right>().map_err(|()| {
                    format!(
                        "`{value}` is not a right: expected O1, O2 or O3 and a hole, such as O3:4A, or none"
                    )
                })?)
            }),
            "territories" => Annotation::Territories(parse_pair(value)?),
            "marked" => Annotation::Marked(list_or_none(value, parse_marks)?),
            "next" => Annotation::Next(match value {
                "A" => Player::A,
                "B" => Player::B,
                _ => return Err(format!("expected A or B, found `{value}`")),
            }),
            "position" => Annotation::Position(value.to_owned()),
            "moves" => Annotation::Moves(list_or_none(value, |v| {
                Ok(v.split(',').map(|t| t.trim().to_owned()).collect())
            })?),
            "forbidden" => {
                let mut parts = value.split(' ');
                let (Some(t), Some(r), None) = (parts.next(), parts.next(), parts.next()) else {
                    return Err(format!(
                        "expected a move token and the rule that forbids it, such as `2B B4`, found `{value}`"
                    ));
                };
                Annotation::Forbidden {
                    token: t.to_owned(),
                    rule: r.to_owned(),
                }
            }
            "totals" => Annotation::Totals(parse_pair(value)?),
            "holdings" => Annotation::Holdings(parse_pair(value)?),
            "owners" => Annotation::Owners(value.to_owned()),
            "value" => Annotation::Value(value.parse()?),
            "best" => {
                let mut parts = value.split(' ');
                let (Some(t), Some(v), None) = (parts.next(), parts.next(), parts.next()) else {
                    return Err(format!(
                        "expected a move token and its value, such as `3B +6`, found `{value}`"
                    ));
                };
                Annotation::Best {
                    token: t.to_owned(),
                    value: v.parse()?,
                }
            }
            "judgement" => Annotation::Judgement(value.parse()?),
            _ => {
                let hint = rules_core::suggest::closest(key, ANNOTATION_KEYS.iter().copied())
                    .map_or_else(String::new, |k| format!(" (did you mean `{k}`?)"));
                return Err(format!(
                    "unknown annotation `{key}`{hint}: expected one of {}",
                    ANNOTATION_KEYS.join(", ")
                ));
            }
        })
    }

    /// The key.
    #[must_use]
    pub const fn key(&self) -> &'static str {
        match self {
            Annotation::Captures(_) => "captures",
            Annotation::Taken(_) => "taken",
            Annotation::Ends(_) => "ends",
            Annotation::Laps(_) => "laps",
            Annotation::Sown(_) => "sown",
            Annotation::Right(_) => "right",
            Annotation::Territories(_) => "territories",
            Annotation::Marked(_) => "marked",
            Annotation::Next(_) => "next",
            Annotation::Position(_) => "position",
            Annotation::Moves(_) => "moves",
            Annotation::Forbidden { .. } => "forbidden",
            Annotation::Totals(_) => "totals",
            Annotation::Holdings(_) => "holdings",
            Annotation::Owners(_) => "owners",
            Annotation::Value(_) => "value",
            Annotation::Best { .. } => "best",
            Annotation::Judgement(_) => "judgement",
        }
    }

    /// The value in its canonical form.
    #[must_use]
    pub fn value(&self) -> String {
        Value(self).to_string()
    }
}

/// An annotation's value, written canonically.
struct Value<'a>(&'a Annotation);

impl fmt::Display for Value<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Annotation::Captures(n) => write!(f, "{n}"),
            Annotation::Taken(v) => none_or(v, f, |(h, n)| format!("{h}:{n}")),
            Annotation::Ends(h) => write!(f, "{h}"),
            Annotation::Laps(v) => none_or(v, f, ToString::to_string),
            Annotation::Sown(v) => none_or(v, f, ToString::to_string),
            Annotation::Right(r) => match r {
                Some(r) => write!(f, "{r}"),
                None => f.write_str("none"),
            },
            Annotation::Territories([a, b])
            | Annotation::Totals([a, b])
            | Annotation::Holdings([a, b]) => write!(f, "{a},{b}"),
            Annotation::Marked(v) => none_or(v, f, |(h, c)| format!("{h}:{c}")),
            Annotation::Next(p) => write!(f, "{p}"),
            Annotation::Position(s) | Annotation::Owners(s) => f.write_str(s),
            Annotation::Moves(v) => none_or(v, f, Clone::clone),
            Annotation::Forbidden { token, rule } => write!(f, "{token} {rule}"),
            Annotation::Value(v) => write!(f, "{v}"),
            Annotation::Best { token, value } => write!(f, "{token} {value}"),
            Annotation::Judgement(j) => write!(f, "{j}"),
        }
    }
}

/// `key value`, as between the brackets of `(key value)`.
impl fmt::Display for Annotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.key(), Value(self))
    }
}

/// Reads `key value`, as between the brackets of `(key value)`.
impl std::str::FromStr for Annotation {
    type Err = String;
    fn from_str(s: &str) -> Result<Annotation, String> {
        let (key, value) = s.split_once(' ').unwrap_or((s, ""));
        Annotation::read(key, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_forms_read_back() {
        for text in [
            "captures 3",
            "taken none",
            "taken 2A:4,3A:1",
            "ends 5B",
            "laps 2B:3,1B-8B:8",
            "sown 1A,2A",
            "sown none",
            "right O3:4A",
            "right none",
            "territories 6,6",
            "marked 1A:b",
            "next B",
            "moves 1B,2B",
            "moves none",
            "forbidden 2B B4",
            "totals 30,18",
            "holdings 0,48",
            "owners AAAAAA/BBBBBB",
            "value +4",
            "value ~-endless",
            "best 3B+ 0",
            "judgement ?? missed-win",
        ] {
            let a: Annotation = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
        }
    }

    #[test]
    fn values_are_made_canonical() {
        let a = Annotation::read("taken", "2A:04 , 3A:1").unwrap();
        assert_eq!(a.to_string(), "taken 2A:4,3A:1");
        let a = Annotation::read("right", "O1 : 3B").unwrap();
        assert_eq!(a.value(), "O1:3B");
    }

    #[test]
    fn bad_values_say_what_was_expected() {
        assert_eq!(
            Annotation::read("captures", "x").unwrap_err(),
            "`x` is not a number"
        );
        assert_eq!(
            Annotation::read("next", "C").unwrap_err(),
            "expected A or B, found `C`"
        );
        assert_eq!(
            Annotation::read("marked", "1A").unwrap_err(),
            "expected HOLE:MARK such as 1A:b, found `1A`"
        );
        assert!(
            Annotation::read("colour", "red")
                .unwrap_err()
                .starts_with("unknown annotation `colour`: expected one of captures, taken")
        );
    }
}
