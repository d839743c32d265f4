//! Resolving `--game`, `--option`, `--position` and `--opener` into a checked position.

use crate::cli::GameArgs;
use crate::inputs::position::{Bad, Given};
use crate::outputs::exit::CliError;
use rules_core::{GameKind, Position};

/// The position the arguments describe: `--position` in any form (`inputs::position`), or the
/// start of `--game`.
pub fn position(args: &GameArgs) -> Result<Position, CliError> {
    let given = Given::new(&args.options, args.opener.as_deref())?;
    let game: Option<GameKind> = match &args.game {
        Some(g) => Some(
            g.parse()
                .map_err(|e: rules_core::UnknownGame| CliError::Usage(e.to_string()))?,
        ),
        None => None,
    };
    let Some(text) = &args.position else {
        let Some(game) = game else {
            return Err(CliError::Usage(
                "give the game with --game NAME, or a --position".to_owned(),
            ));
        };
        return super::position::read(game.name(), &given)
            .map_err(|e| CliError::Usage(e.message()));
    };
    let pos = super::position::read(text, &given).map_err(|e| match e {
        Bad::Usage(m) => CliError::Usage(m),
        Bad::Invalid(i) => CliError::Invalid(i.for_option()),
    })?;
    if let Some(g) = game
        && g != pos.variant().kind()
    {
        return Err(CliError::Usage(format!(
            "--game {g} does not match the position, which is a {} position",
            pos.variant().kind()
        )));
    }
    Ok(pos)
}
