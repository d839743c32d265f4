//! The POSITION a command is given, in any of its three forms: a position string
//! (spec/notation.md §4), its JSON form (§4.4, detected by its first character `{`), or a bare
//! game name, which is the start of round 1 of that game with the `--option`s of the command line
//! and `--opener` (B by default) to move.

use crate::outputs::exit::CliError;
use rules_core::{GameKind, Player, Position, Rule, SetupError};
use std::fmt;

/// What the command line says about every position it reads: the `--option KEY=VALUE`s (checked
/// once for their shape, typed per position once its game is known) and `--opener`.
#[derive(Clone, Debug, Default)]
pub struct Given {
    /// The options, each key once.
    pub options: Vec<(String, String)>,
    /// `--opener`, when given: only a start position by name takes it.
    pub opener: Option<Player>,
}

impl Given {
    /// The `--option`s and `--opener` of a command line; a malformed or repeated option is a
    /// usage error.
    pub fn new(options: &[String], opener: Option<&str>) -> Result<Given, CliError> {
        Ok(Given {
            options: crate::inputs::option_args::options(options)?,
            opener: opener.map(|o| if o == "A" { Player::A } else { Player::B }),
        })
    }
}

/// Why a POSITION was not read: a usage error (an option its game does not have, `--opener`
/// beside a position that states its side to move) or invalid input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bad {
    /// Exit 2.
    Usage(String),
    /// Exit 1.
    Invalid(Invalid),
}

/// Why a POSITION is invalid input, as a value. Its words name it `position`; those for the
/// option `--position` are [`Invalid::for_option`], made from the same value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// A position string that does not read: where, and what was expected there.
    Unreadable(notation::PositionError),
    /// A position that is not one of its game: every reason, each with its rule.
    Illegal {
        /// The game.
        game: GameKind,
        /// Why.
        error: SetupError,
    },
    /// A word that names no game, a JSON form that does not read, an option its game cannot
    /// take: in words.
    Other(String),
}

impl Invalid {
    /// The words, naming the POSITION `what`.
    fn said(&self, what: &str) -> String {
        match self {
            Invalid::Unreadable(e) => format!("bad {what} at column {}: {e}", e.offset + 1),
            Invalid::Illegal { game, error } => {
                format!("not a legal {} position: {error}", game.name())
            }
            Invalid::Other(m) => m.clone(),
        }
    }

    /// The words for a POSITION given as `--position`.
    pub fn for_option(&self) -> String {
        match self {
            Invalid::Unreadable(_) => self.said("--position"),
            _ => format!("bad --position: {}", self.said("position")),
        }
    }

    /// The rules the words cite, in their order: those of the set-up's problems.
    pub fn rules(&self) -> Vec<Rule> {
        match self {
            Invalid::Illegal { error, .. } => error.cites(),
            _ => Vec::new(),
        }
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.said("position"))
    }
}

impl Bad {
    /// Invalid input said in words.
    pub fn invalid(message: String) -> Bad {
        Bad::Invalid(Invalid::Other(message))
    }

    /// The message.
    pub fn message(&self) -> String {
        match self {
            Bad::Usage(m) => m.clone(),
            Bad::Invalid(i) => i.to_string(),
        }
    }

    /// The rules the message cites.
    pub fn rules(&self) -> Vec<Rule> {
        match self {
            Bad::Usage(_) => Vec::new(),
            Bad::Invalid(i) => i.rules(),
        }
    }
}

impl From<CliError> for Bad {
    fn from(e: CliError) -> Bad {
        match e {
            CliError::Invalid(m) => Bad::invalid(m),
            other => Bad::Usage(other.to_string()),
        }
    }
}

/// The game a bare game name names, if `text` is one.
pub fn game_name(text: &str) -> Option<GameKind> {
    let t = text.trim();
    (!t.contains(char::is_whitespace))
        .then(|| t.parse().ok())
        .flatten()
}

/// Why `text`, one word that is not a game's name, is no position: the game is unknown, not the
/// position malformed (unless it holds an invisible character: the position reader names that,
/// the real cause). `None` for anything else.
pub fn unknown_game(text: &str) -> Option<String> {
    let word = text.trim();
    if word.is_empty()
        || word.contains(char::is_whitespace)
        || word.starts_with('{')
        || word.chars().any(notation::text::is_invisible)
    {
        return None;
    }
    word.parse::<GameKind>().err().map(|e| {
        format!(
            "{e} (a POSITION is a position string, its JSON form, or a game's name for its start position)"
        )
    })
}

/// Reads a POSITION in any of its forms, with what the command line gives. A byte-order mark
/// at its start (`"$(cat pos.txt)"` of a file an editor saved with one) is dropped; anywhere else
/// it is an error that names it.
pub fn read(text: &str, given: &Given) -> Result<Position, Bad> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    if let Some(game) = game_name(text) {
        let variant = crate::inputs::option_args::variant(game, &given.options, |k, v, e| {
            format!("bad --option {k}={v}: {e}")
        })?;
        return Ok(Position::start(variant, given.opener.unwrap_or(Player::B)));
    }
    if given.opener.is_some() {
        return Err(Bad::Usage(
            "--opener goes with a start position given by its game's name (`mancala show bechi \
             --opener A`); a position string states its side to move"
                .to_owned(),
        ));
    }
    if let Some(m) = unknown_game(text) {
        return Err(Bad::invalid(m));
    }
    if text.trim_start().starts_with('{') {
        let setup = notation::position_from_json(text, &given.options).map_err(Bad::invalid)?;
        return legal(&setup);
    }
    let stated = crate::inputs::option_args::options_of_position(text, &given.options)?;
    let setup = notation::parse_position(text, stated.as_ref())
        .map_err(|e| Bad::Invalid(Invalid::Unreadable(e)))?;
    legal(&setup)
}

/// The position `setup` describes, or why it is not a position of its game, with the rules its
/// problems break.
fn legal(setup: &rules_core::Setup) -> Result<Position, Bad> {
    Position::from_setup(setup).map_err(|error| {
        Bad::Invalid(Invalid::Illegal {
            game: setup.variant.kind(),
            error,
        })
    })
}

/// Cuts a line of `play -` or `analyse -` into its position and its moves (spec/notation.md
/// §11): a JSON position is one object, a game name alone is a start position, and a position
/// string runs from the game through its board, side to move and fields (`key=value`,
/// `opening`); the words after it are moves. No move token is taken for a board: a board has a
/// `,` between its cells and no capital letter, while the one move token with a `/`, Redu's long
/// form (`4B/2A/5B`), names holes (§5.5) and has no `,`; and no move token has a `=` or is
/// `opening`.
pub fn split_play_line(line: &str) -> (&str, Vec<&str>) {
    let line = line.trim();
    if line.starts_with('{') {
        let mut values = serde_json::Deserializer::from_str(line).into_iter::<serde_json::Value>();
        if values.next().is_some_and(|v| v.is_ok()) {
            let end = values.byte_offset();
            return (&line[..end], line[end..].split_whitespace().collect());
        }
        return (line, Vec::new());
    }
    let words: Vec<(usize, &str)> = line
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - line.as_ptr() as usize, w))
        .collect();
    // The game, then a board (which always has a `/` between its rows) and a side to move.
    let mut n = 1;
    if words.get(1).is_some_and(|(_, w)| is_board(w)) {
        n = 3;
        while words
            .get(n)
            .is_some_and(|(_, w)| w.contains('=') || *w == "opening")
        {
            n += 1;
        }
    }
    let n = n.min(words.len());
    let end = match n {
        0 => 0,
        _ => words[n - 1].0 + words[n - 1].1.len(),
    };
    (&line[..end], words[n..].iter().map(|(_, w)| *w).collect())
}

/// Whether the word after a game's name is a board (§4.1: rows of cells, each a count with a
/// mark `*`, `x`, `a` or `b`) rather than a move: a `,` (every row has 3 or more cells) or a `/`
/// without the capital letters of hole names (`4B/2A/5B`, a Redu move in long form).
fn is_board(word: &str) -> bool {
    word.contains(',') || (word.contains('/') && !word.contains(['A', 'B']))
}

/// Reads a POSITION for a command that takes one, reporting a bad one on stderr: `Ok(None)` is
/// invalid input (reported), a usage error stops the command.
pub fn read_or_report(text: &str, given: &Given) -> Result<Option<Position>, CliError> {
    match read(text, given) {
        Ok(p) => Ok(Some(p)),
        Err(Bad::Usage(m)) => Err(CliError::Usage(m)),
        Err(Bad::Invalid(i)) => {
            crate::outputs::diag::report_position(&i.to_string(), &i.rules());
            Ok(None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_lines_are_cut_after_the_position() {
        assert_eq!(split_play_line("bechi 3B 1A"), ("bechi", vec!["3B", "1A"]));
        assert_eq!(
            split_play_line("bechi 6,6,6,6/6,6,6,6 B opener=B 3B 1A"),
            ("bechi 6,6,6,6/6,6,6,6 B opener=B", vec!["3B", "1A"])
        );
        assert_eq!(
            split_play_line(
                "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 A round=2 opener=A opening x"
            )
            .1,
            vec!["x"]
        );
        assert_eq!(
            split_play_line(r#" {"a": {"b": 1}} 4A "#),
            (r#"{"a": {"b": 1}}"#, vec!["4A"])
        );
        assert_eq!(split_play_line(""), ("", vec![]));
        // Redu's long form has a `/` but names holes: a move, not a board.
        assert_eq!(
            split_play_line("redu 4B/2A/5B 1A"),
            ("redu", vec!["4B/2A/5B", "1A"])
        );
        assert_eq!(
            split_play_line("redu 3,3,1,3,3,3/2,3,2,0,4,1 A store=10,10 right=O3:4A 4B/2A/5B").1,
            vec!["4B/2A/5B"]
        );
    }

    #[test]
    fn a_bare_game_name_is_its_start() {
        assert_eq!(game_name(" uugg "), Some(GameKind::Uugg));
        assert_eq!(game_name("uugg 1"), None);
        assert_eq!(game_name("chess"), None);
    }
}
