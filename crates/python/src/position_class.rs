//! The data of the Python `Position` class, apart from its methods (`position.rs`), so that the
//! modules its methods call (`analysis.rs`) can hold one without importing them back.

use pyo3::prelude::*;
use rules_core::Position;

/// A position of one of the five games: the board, the stores and reserves, the marks, whose
/// turn it is, the round. Immutable: ``play`` returns a new position.
///
/// ``Position(text, options=None, opener=None)`` reads ``text`` in any of three forms:
///
/// * a game's name (``"bechi"``, ``"giuthi"``, ``"sulus-nishtaw"``, ``"uugg"``, ``"redu"``):
///   the start of round 1, with ``opener`` (``"A"`` or ``"B"``, B by default) to move;
/// * a position string (spec/notation.md §4): ``"bechi 2,0,5,2/3,1*,4*,7 B store=12,12
///   opener=B"``;
/// * its JSON form, as a ``str`` or a ``dict`` (``Position.to_json()``).
///
/// ``options`` maps the game's options to values (``{"holes": 6, "seeds": 4}``,
/// ``{"claims_score_to": "side-owner", "v1": True}``); a position string's board gives
/// ``holes`` by itself. Bad input raises ``UnknownGameError``, ``OptionError`` or
/// ``PositionError`` (with ``problems``: the rules a string breaks), all ``MancalaError``.
#[pyclass(module = "mancala_games", name = "Position", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPosition {
    pub pos: Position,
}

impl PyPosition {
    pub fn new(pos: Position) -> PyPosition {
        PyPosition { pos }
    }
}
