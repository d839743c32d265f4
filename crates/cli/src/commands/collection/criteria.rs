//! What `collection select` matches (spec/collections.md §2): every criterion is read once, at
//! the edge, into a typed test; a record is selected when all of them hold.

use crate::cli::SelectArgs;
use crate::inputs::records::Unit;
use crate::outputs::exit::CliError;
use notation::{Item, Step};
use rules_core::{GameKind, Move, Setup, Variant};
use std::cmp::Ordering;

/// How a tag's value is compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Eq,
    Ne,
    Contains,
    NotContains,
    Lt,
    Le,
    Gt,
    Ge,
}

/// The operators, longest first so that `<=` is not read as `<`.
const OPS: [(&str, Op); 8] = [
    ("!=", Op::Ne),
    ("!~", Op::NotContains),
    ("<=", Op::Le),
    (">=", Op::Ge),
    ("=", Op::Eq),
    ("~", Op::Contains),
    ("<", Op::Lt),
    (">", Op::Gt),
];

/// One tag expression, `NAME OP VALUE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagTest {
    /// The tag's name, or a prefix when `prefix`.
    name: String,
    prefix: bool,
    op: Op,
    value: String,
}

impl TagTest {
    /// Reads `Event~cup`, `Player*=Kofi`, `Date >= 2024.01`.
    ///
    /// # Errors
    /// A usage error that says what an expression is.
    pub fn parse(expr: &str) -> Result<TagTest, CliError> {
        let bad = |why: &str| {
            CliError::Usage(format!(
                "bad --tag `{expr}`: {why}; a tag expression is NAME OP VALUE, OP one of = != ~ !~ < <= > >= (`Event~cup`, `Player*=Kofi`)"
            ))
        };
        let at = expr
            .find(['=', '!', '~', '<', '>'])
            .ok_or_else(|| bad("no operator"))?;
        let rest = &expr[at..];
        let (token, op) = OPS
            .iter()
            .find(|(t, _)| rest.starts_with(t))
            .ok_or_else(|| bad("no operator"))?;
        let value = rest[token.len()..].trim();
        // `Event <> 3` is no `Event < "> 3"`, nor `Event == 3` an `Event = "= 3"`: a value that
        // starts with an operator's character is an operator mistyped.
        if value.starts_with(['=', '!', '~', '<', '>']) {
            let run: String = rest
                .chars()
                .take_while(|c| matches!(c, '=' | '!' | '~' | '<' | '>' | ' ' | '\t'))
                .filter(|c| !c.is_whitespace())
                .collect();
            return Err(bad(&format!("`{run}` is not an operator")));
        }
        let name = expr[..at].trim();
        let (name, prefix) = match name.strip_suffix('*') {
            Some(n) => (n, true),
            None => (name, false),
        };
        if name.is_empty() && !prefix {
            return Err(bad("no tag name before the operator"));
        }
        if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(bad(&format!(
                "`{name}` is not a tag name (letters, digits and _)"
            )));
        }
        Ok(TagTest {
            name: name.to_owned(),
            prefix,
            op: *op,
            value: value.to_owned(),
        })
    }

    /// Whether the tag's name is `name`, or starts with it for a prefix.
    fn names(&self, name: &str) -> bool {
        if self.prefix {
            name.starts_with(&self.name)
        } else {
            name == self.name
        }
    }

    /// Whether one value satisfies a positive test (for `!=` and `!~`, its positive form).
    fn holds_for(&self, value: &str) -> bool {
        match self.op {
            Op::Eq | Op::Ne => value == self.value,
            Op::Contains | Op::NotContains => {
                value.to_lowercase().contains(&self.value.to_lowercase())
            }
            Op::Lt => compare(value, &self.value) == Ordering::Less,
            Op::Le => compare(value, &self.value) != Ordering::Greater,
            Op::Gt => compare(value, &self.value) == Ordering::Greater,
            Op::Ge => compare(value, &self.value) != Ordering::Less,
        }
    }

    /// Whether the tags `tags` satisfy the expression: some tag named so holds it; for `!=` and
    /// `!~`, none does (an absent tag differs from any value).
    pub fn holds(&self, tags: &[(String, String)]) -> bool {
        let mut named = tags.iter().filter(|(n, _)| self.names(n));
        match self.op {
            Op::Ne | Op::NotContains => !named.any(|(_, v)| self.holds_for(v)),
            _ => named.any(|(_, v)| self.holds_for(v)),
        }
    }
}

/// Two values compared as numbers when both are, else as text (dates `2024.03.01` compare
/// rightly as text).
fn compare(a: &str, b: &str) -> Ordering {
    match (a.trim().parse::<f64>(), b.trim().parse::<f64>()) {
        (Ok(x), Ok(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
        _ => a.cmp(b),
    }
}

/// A position to be reached, normalised as the comparison asks.
#[derive(Clone, Debug)]
struct PositionTest {
    setup: Setup,
    ignore_marks: bool,
    ignore_stores: bool,
}

impl PositionTest {
    /// A setup in the form compared: round and opener left out (they say when in the match, not
    /// what is on the board), marks or stores cleared when they are ignored.
    fn normal(&self, mut s: Setup) -> Setup {
        s.round = 1;
        s.opener = None;
        if self.ignore_marks {
            s.marks.iter_mut().for_each(|m| *m = None);
            s.owners = None;
        }
        if self.ignore_stores {
            s.stores = [0; 2];
            s.reserves = [0; 2];
        }
        s
    }

    fn reached(&self, steps: &[Step]) -> bool {
        steps.iter().any(|s| {
            let pos = match s {
                Step::Start { position } | Step::Round { position, .. } => position,
                Step::Ply { after, .. } => after,
                Step::RoundOver { .. } | Step::MatchOver { .. } => return false,
            };
            // The same game on the same board: options that change no position (balla,
            // entry) do not keep a record from matching a position string that leaves them out.
            let mut s = pos.to_setup();
            if s.variant.kind() != self.setup.variant.kind()
                || s.seeds.len() != self.setup.seeds.len()
            {
                return false;
            }
            s.variant = self.setup.variant;
            self.normal(s) == self.setup
        })
    }
}

/// Every criterion of `select`.
#[derive(Clone, Debug, Default)]
pub struct Criteria {
    tags: Vec<TagTest>,
    game: Option<GameKind>,
    options: Vec<(String, String)>,
    position: Option<PositionTest>,
    moves: Vec<String>,
    min_plies: Option<u32>,
    max_plies: Option<u32>,
}

impl Criteria {
    /// The criteria of the command line, each checked: a malformed expression, an unknown game
    /// or option key, a position string that does not read are usage errors.
    ///
    /// # Errors
    /// A usage error naming the argument.
    pub fn new(a: &SelectArgs) -> Result<Criteria, CliError> {
        let mut tags = a
            .tag
            .iter()
            .map(|t| TagTest::parse(t))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(p) = &a.player {
            tags.push(TagTest::parse(&format!("Player*~{p}"))?);
        }
        if let Some(r) = &a.result {
            tags.push(TagTest::parse(&format!("Result={r}"))?);
        }
        let game = match &a.game {
            Some(g) => Some(
                g.parse::<GameKind>()
                    .map_err(|e| CliError::Usage(format!("bad --game: {e}")))?,
            ),
            None => None,
        };
        let options = crate::inputs::option_args::options(&a.options)?;
        for (k, v) in &options {
            check_option(game, k, v)?;
        }
        let position = match &a.position {
            Some(text) => {
                let mut test = PositionTest {
                    setup: position_setup(text, &options)?,
                    ignore_marks: a.ignore_marks,
                    ignore_stores: a.ignore_stores,
                };
                test.setup = test.normal(test.setup.clone());
                Some(test)
            }
            None => None,
        };
        let moves = a.moves.as_deref().map(move_tokens).unwrap_or_default();
        check_moves(game, &moves)?;
        Ok(Criteria {
            tags,
            game,
            options,
            position,
            moves,
            min_plies: a.min_plies,
            max_plies: a.max_plies,
        })
    }

    /// Whether matching needs the replay's steps (the positions reached).
    pub fn needs_steps(&self) -> bool {
        self.position.is_some()
    }

    /// Whether a valid record meets every criterion.
    pub fn matches(&self, u: &Unit) -> bool {
        let Some(rec) = &u.record else {
            return false;
        };
        if self.game.is_some_and(|g| g != rec.game()) {
            return false;
        }
        if !self
            .options
            .iter()
            .all(|(k, v)| rec.variant.option_value(k).as_deref() == Some(v.as_str()))
        {
            return false;
        }
        let plies = u.checked.plies;
        if self.min_plies.is_some_and(|n| plies < n) || self.max_plies.is_some_and(|n| plies > n) {
            return false;
        }
        if !self.tags.is_empty() {
            let mut tags = rec.tag_pairs();
            tags.push(("Result".to_owned(), rec.result.token().to_owned()));
            if !self.tags.iter().all(|t| t.holds(&tags)) {
                return false;
            }
        }
        if !self.moves.is_empty() && !opens_with(u, &self.moves) {
            return false;
        }
        self.position
            .as_ref()
            .is_none_or(|p| p.reached(&u.checked.steps))
    }
}

/// The setup of `--position`: a position string or its JSON form, read but not required to be
/// legal, since with marks or stores ignored it describes part of a position only (its seed
/// total, the opener of a round). One that does not read is invalid input (exit 1), as a
/// POSITION is for every command (an unknown game in it too); an `--option` its game does not
/// take is a usage error (exit 2).
fn position_setup(text: &str, options: &[(String, String)]) -> Result<Setup, CliError> {
    let bad = |m: String| CliError::Invalid(format!("bad --position: {m}"));
    if let Some(m) = crate::inputs::position::unknown_game(text) {
        return Err(bad(m));
    }
    if let Some(game) = crate::inputs::position::game_name(text) {
        let start = Setup::start(Variant::default_for(game), rules_core::Player::B);
        return Err(bad(format!(
            "`{text}` is a game's name; --position takes a position string, such as its start `{}`",
            notation::write_position(&start)
        )));
    }
    if text.trim_start().starts_with('{') {
        return notation::position_from_json(text, options).map_err(bad);
    }
    let stated = crate::inputs::option_args::options_of_position(text, options)?;
    notation::parse_position(text, stated.as_ref())
        .map_err(|e| bad(format!("at column {}: {e}", e.offset + 1)))
}

/// An option criterion some game has: with `--game`, that game; else any of the five. The
/// message names the value and what is expected: the game's own message with `--game`, else the
/// values of every game that has the key (no one game is blamed for a value none takes).
fn check_option(game: Option<GameKind>, key: &str, value: &str) -> Result<(), CliError> {
    let bad = |why: String| CliError::Usage(format!("bad --option {key}={value}: {why}"));
    if let Some(g) = game {
        let mut v = Variant::default_for(g);
        return v.set_option(key, value).map_err(|e| bad(e.to_string()));
    }
    let having: Vec<Variant> = GameKind::ALL
        .into_iter()
        .map(Variant::default_for)
        .filter(|v| v.option_keys().contains(&key))
        .collect();
    if having.is_empty() {
        return Err(bad(format!(
            "no game has an option `{key}` (mancala rules options)"
        )));
    }
    if having
        .iter()
        .any(|v| v.clone().set_option(key, value).is_ok())
    {
        return Ok(());
    }
    let each: Vec<String> = having
        .iter()
        .map(|v| {
            format!(
                "{} takes {}",
                v.kind().name(),
                v.option_values(key).join(", ")
            )
        })
        .collect();
    Err(bad(format!(
        "no game takes `{value}` for `{key}`: {}",
        each.join("; ")
    )))
}

/// The moves of `--moves`: its words, without move numbers (`1.`, `2...`).
fn move_tokens(text: &str) -> Vec<String> {
    text.split_whitespace()
        .filter(|w| !w.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()))
        .map(str::to_owned)
        .collect()
}

/// Checks each move of `--moves`: a move token of `--game`'s game, or without `--game` of some
/// game, so that a typing error is refused rather than selecting nothing.
fn check_moves(game: Option<GameKind>, moves: &[String]) -> Result<(), CliError> {
    for (k, token) in moves.iter().enumerate() {
        let why = match game {
            Some(g) => match Move::parse(g, token) {
                Ok(_) => continue,
                Err(e) => e.message,
            },
            None if GameKind::ALL.iter().any(|&g| Move::parse(g, token).is_ok()) => continue,
            None => "it is not a move token of any game (spec/notation.md §5: a start hole such as 3B, pass, or a game's own form)".to_owned(),
        };
        return Err(CliError::Usage(format!(
            "bad --moves: move {} `{token}`: {why}",
            k + 1
        )));
    }
    Ok(())
}

/// Whether the record's first plies are `moves`, each in its written or its canonical spelling.
fn opens_with(u: &Unit, moves: &[String]) -> bool {
    let plies = |r: Option<&notation::Record>| -> Vec<String> {
        r.map(|r| {
            r.movetext
                .iter()
                .filter_map(|i| match i {
                    Item::Ply { token, .. } => Some(token.clone()),
                    _ => None,
                })
                .take(moves.len())
                .collect()
        })
        .unwrap_or_default()
    };
    let written = plies(u.record.as_ref());
    let canonical = plies(u.checked.canonical.as_ref());
    written.len() >= moves.len()
        && moves
            .iter()
            .enumerate()
            .all(|(k, m)| written.get(k) == Some(m) || canonical.get(k) == Some(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
            .collect()
    }

    #[test]
    fn tag_expressions_read_and_hold() {
        let t = tags(&[
            ("PlayerA", "Kofi Mensah"),
            ("PlayerB", "Ama"),
            ("Date", "2024.03.01"),
            ("Round", "12"),
        ]);
        let holds = |e: &str| TagTest::parse(e).unwrap().holds(&t);
        assert!(holds("Player*~kofi"));
        assert!(holds("PlayerB=Ama"));
        assert!(!holds("PlayerB=ama"));
        assert!(holds("Date>=2024.01.01"));
        assert!(!holds("Date<2024"));
        // Numbers compare as numbers: 12 > 9, although "12" < "9" as text.
        assert!(holds("Round>9"));
        assert!(holds("Event!=cup"), "an absent tag differs");
        assert!(!holds("Event=cup"));
        assert!(holds("Player*!~Yaw"));
        assert!(!holds("Player*!~Ama"));
    }

    #[test]
    fn a_bad_tag_expression_is_a_usage_error_that_says_the_form() {
        for e in ["Event", "=x", "Ev ent=x"] {
            let Err(CliError::Usage(m)) = TagTest::parse(e) else {
                panic!("{e} should be refused");
            };
            assert!(m.contains("NAME OP VALUE"), "{m}");
        }
    }

    #[test]
    fn move_numbers_are_not_moves() {
        assert_eq!(move_tokens("1. 3B 2. 1A 3... 4B"), ["3B", "1A", "4B"]);
    }
}
