//! Strings and dicts from Python made typed, once, at the edge: a game name, options, a side, a
//! position in any of its three forms (a position string, its JSON form, a game's name), a move
//! token. The same readings as the `mancala` command's POSITION and `--option`
//! (docs/guide/scripting.md), with the package's exceptions instead of exit codes.

use crate::args;
use crate::errors::{error, plain};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString};
use rules_core::{GameKind, Move, Player, Position, Setup, StatedOptions, Variant};

/// The options of a call: key to value, each key once, as the notation writes them
/// (`claims_score_to` is accepted for `claims-score-to`).
pub type Options = Vec<(String, String)>;

/// A game by name (`bechi`, `sulus-nishtaw`; `sulus_nishtaw` too).
pub fn game(name: &str) -> PyResult<GameKind> {
    name.trim()
        .replace('_', "-")
        .parse()
        .map_err(|e: rules_core::UnknownGame| plain("UnknownGameError", e.to_string()))
}

/// `"A"` or `"B"`, the argument `name`.
pub fn player(text: &str, name: &str) -> PyResult<Player> {
    match text {
        "A" | "a" => Ok(Player::A),
        "B" | "b" => Ok(Player::B),
        _ => Err(plain(
            "ArgumentError",
            format!("{name}: expected \"A\" or \"B\", found {text:?}"),
        )),
    }
}

/// The options of a Python mapping (a dict): keys are strs, values strings, integers or booleans
/// (`True` is the option's "on"/"yes").
pub fn options(py: Python<'_>, given: Option<&Bound<'_, PyAny>>) -> PyResult<Options> {
    let mut out: Options = Vec::new();
    let Some(given) = given else {
        return Ok(out);
    };
    let given = given.cast::<PyDict>().map_err(|_| {
        args::wrong_type(
            "options",
            "a dict of options, {\"holes\": 6, \"seeds\": 4}",
            given,
        )
    })?;
    for (k, v) in given.iter() {
        if !k.is_instance_of::<PyString>() {
            return Err(error(
                py,
                "OptionError",
                &format!(
                    "option {}: expected a str naming an option, found {}",
                    k,
                    args::type_name(&k)
                ),
                &[],
            ));
        }
        let key = args::text(&k, "option", "OptionError")?.replace('_', "-");
        let value = if let Ok(b) = v.cast::<PyBool>() {
            if b.is_true() { "yes/on" } else { "no/off" }.to_owned()
        } else if v.is_instance_of::<PyString>() {
            args::text(&v, &format!("option {key}"), "OptionError")?
        } else {
            v.str()?.to_string()
        };
        if out.iter().any(|(k2, _)| *k2 == key) {
            return Err(error(
                py,
                "OptionError",
                &format!("option {key} is given twice"),
                &[],
            ));
        }
        out.push((key, value));
    }
    Ok(out)
}

/// A boolean given for an option with on/off or yes/no values: the right word for this game.
fn word_for(variant: &Variant, key: &str, value: &str) -> String {
    match value {
        "yes/on" | "no/off" => {
            let on = value == "yes/on";
            let values = variant.option_values(key);
            let pick = |yes: &str, no: &str| if on { yes } else { no }.to_owned();
            if values.contains(&"on") {
                pick("on", "off")
            } else if values.contains(&"yes") {
                pick("yes", "no")
            } else {
                pick("true", "false")
            }
        }
        _ => value.to_owned(),
    }
}

/// The variant `options` make of `game`.
pub fn variant(py: Python<'_>, game: GameKind, options: &Options) -> PyResult<Variant> {
    let mut variant = Variant::default_for(game);
    for (k, v) in options {
        let value = word_for(&variant, k, v);
        variant.set_option(k, &value).map_err(|e| {
            error(
                py,
                "OptionError",
                // rules-core's message names the game, the option and the value.
                &e.to_string(),
                &[
                    ("game", PyString::new(py, game.name()).into_any()),
                    ("key", PyString::new(py, k).into_any()),
                    ("value", PyString::new(py, &value).into_any()),
                ],
            )
        })?;
    }
    Ok(variant)
}

/// A position error with its problems, `(rule, message)` pairs.
fn position_error(
    py: Python<'_>,
    message: &str,
    problems: &[(Option<&str>, String)],
    column: Option<usize>,
) -> PyErr {
    let list = PyList::empty(py);
    for (rule, m) in problems {
        let _ = list.append((*rule, m.as_str()));
    }
    let mut attrs = vec![("problems", list.into_any())];
    if let Some(c) = column {
        attrs.push((
            "column",
            c.into_pyobject(py)
                .map_or_else(|_| py.None().into_bound(py), |c| c.into_any()),
        ));
    }
    error(py, "PositionError", message, &attrs)
}

/// The position `setup` describes, or every reason it is not one.
pub fn legal(py: Python<'_>, setup: &Setup) -> PyResult<Position> {
    py.detach(|| Position::from_setup(setup)).map_err(|e| {
        let problems: Vec<(Option<&str>, String)> = e
            .problems
            .iter()
            .map(|p| (p.rule.map(rules_core::Rule::id), p.reason.to_string()))
            .collect();
        position_error(
            py,
            &format!("not a legal {} position: {e}", setup.variant.kind().name()),
            &problems,
            None,
        )
    })
}

/// A position from a string: a game's name (its start, `opener` to move, B by default), a
/// position string, or the JSON form (first character `{`).
pub fn position(
    py: Python<'_>,
    text: &str,
    options: &Options,
    opener: Option<Player>,
) -> PyResult<Position> {
    let t = text.trim();
    if !t.is_empty() && !t.contains(char::is_whitespace) && !t.starts_with('{') {
        let variant = variant(py, game(t)?, options)?;
        return Ok(Position::start(variant, opener.unwrap_or(Player::B)));
    }
    if opener.is_some() {
        return Err(plain(
            "ArgumentError",
            "opener goes with a start position given by its game's name; a position string \
             states its side to move",
        ));
    }
    if t.starts_with('{') {
        let setup = notation::position_from_json(t, options)
            .map_err(|m| position_error(py, &m, &[(None, m.clone())], None))?;
        return legal(py, &setup);
    }
    let stated = match t.split_whitespace().next().map(str::parse::<GameKind>) {
        Some(Ok(g)) => {
            let v = variant(py, g, options)?;
            let keys: Vec<&str> = options.iter().map(|(k, _)| k.as_str()).collect();
            Some(StatedOptions::new(v, &keys).map_err(|e| plain("OptionError", e.to_string()))?)
        }
        _ => None,
    };
    let setup = notation::parse_position(t, stated.as_ref()).map_err(|e| {
        let message = format!("bad position at column {}: {e}", e.offset + 1);
        position_error(
            py,
            &message,
            &[(None, e.message.clone())],
            Some(e.offset + 1),
        )
    })?;
    legal(py, &setup)
}

/// A move token of `game`: a token that is no move of the game at all is a `MoveError`.
pub fn move_token(py: Python<'_>, game: GameKind, token: &str) -> PyResult<Move> {
    Move::parse(game, token).map_err(|e| {
        error(
            py,
            "MoveError",
            // The message names the token and the game: `9Z` is not a bechi move: ...
            &e.message,
            &[("move", PyString::new(py, token).into_any())],
        )
    })
}
