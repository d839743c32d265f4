//! The `--option KEY=VALUE` arguments: read once, typed once the game is known (for a game's
//! name, a position string, or `--game`).

use crate::outputs::exit::CliError;
use rules_core::{GameKind, StatedOptions, Variant};

/// The `--option KEY=VALUE` arguments, each key once: a malformed or repeated one is a usage
/// error. They become typed once the game is known (`variant`, `options_of_position`).
pub fn options(raw: &[String]) -> Result<Vec<(String, String)>, CliError> {
    let mut out: Vec<(String, String)> = Vec::new();
    for kv in raw {
        let (k, v) = kv
            .split_once('=')
            .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
            .ok_or_else(|| CliError::Usage(format!("bad --option `{kv}`: expected KEY=VALUE")))?;
        if let Some((_, first)) = out.iter().find(|(key, _)| *key == k) {
            return Err(CliError::Usage(format!(
                "--option {k} is given twice ({k}={first} and {k}={v}): give it once"
            )));
        }
        out.push((k, v));
    }
    Ok(out)
}

/// The variant `options` make of `game`; an option the game does not have, or a value it does
/// not take, is a usage error, worded by `message`.
pub fn variant(
    game: GameKind,
    options: &[(String, String)],
    message: impl Fn(&str, &str, rules_core::OptionError) -> String,
) -> Result<Variant, CliError> {
    let mut variant = Variant::default_for(game);
    for (k, v) in options {
        variant
            .set_option(k, v)
            .map_err(|e| CliError::Usage(message(k, v, e)))?;
    }
    Ok(variant)
}

/// The options of the command line, typed for the game of position string `text`: an option the
/// game does not have, or a value it does not take, is a usage error naming the option, not a
/// problem of the position. `None` when `text` names no game (its own problem, reported with it).
pub fn options_of_position(
    text: &str,
    options: &[(String, String)],
) -> Result<Option<StatedOptions>, CliError> {
    let Some(game) = text
        .split_whitespace()
        .next()
        .and_then(|g| g.parse::<GameKind>().ok())
    else {
        return Ok(None);
    };
    let variant = variant(game, options, |k, v, e| {
        format!("bad --option {k}={v}: {e}")
    })?;
    let keys: Vec<&str> = options.iter().map(|(k, _)| k.as_str()).collect();
    let stated = StatedOptions::new(variant, &keys).map_err(|e| CliError::Usage(e.to_string()))?;
    Ok(Some(stated))
}
