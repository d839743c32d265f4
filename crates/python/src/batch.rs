//! Batch calls: many positions per call, so that a Python loop pays the interpreter's cost once
//! per batch instead of once per ply (README, Python: speed). The GIL is released while the
//! engine works.

use crate::position::{PyPosition, list};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use rules_core::Position;

fn positions(items: &Bound<'_, PyList>) -> PyResult<Vec<Position>> {
    items
        .iter()
        .map(|p| Ok(p.cast::<PyPosition>()?.get().pos))
        .collect()
}

/// The legal moves of each position (``Position.legal_moves`` for a list).
#[pyfunction]
pub fn legal_moves_batch<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyList>,
) -> PyResult<Vec<Vec<Bound<'py, PyString>>>> {
    let ps = self::positions(positions)?;
    let moves: Vec<Vec<rules_core::Move>> =
        py.detach(|| ps.iter().map(Position::legal_moves).collect());
    Ok(moves.iter().map(|m| crate::tokens::tokens(py, m)).collect())
}

/// The number of legal moves of each position.
#[pyfunction]
pub fn move_counts(py: Python<'_>, positions: &Bound<'_, PyList>) -> PyResult<Vec<usize>> {
    let ps = self::positions(positions)?;
    Ok(py.detach(|| ps.iter().map(|p| p.legal_moves().len()).collect()))
}

/// Plays the ``choices[k]``-th legal move (in ``legal_moves`` order) in ``positions[k]``, for
/// every k, and returns the positions reached. A choice out of range raises ``ValueError``
/// naming it; nothing is played then.
#[pyfunction]
pub fn play_batch<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyList>,
    choices: Vec<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let ps = self::positions(positions)?;
    if ps.len() != choices.len() {
        return Err(PyValueError::new_err(format!(
            "{} positions but {} choices",
            ps.len(),
            choices.len()
        )));
    }
    let next = py.detach(|| {
        ps.iter()
            .zip(&choices)
            .enumerate()
            .map(|(k, (p, &c))| {
                let mut children = p.legal_moves_with_positions();
                if c < children.len() {
                    Ok(children.swap_remove(c).1)
                } else {
                    Err(format!(
                        "choice {c} at index {k}: the position has {} legal moves",
                        children.len()
                    ))
                }
            })
            .collect::<Result<Vec<Position>, String>>()
    });
    list(py, next.map_err(PyValueError::new_err)?)
}
