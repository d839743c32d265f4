//! Batch calls: many positions per call, so that a Python loop pays the interpreter's cost once
//! per batch instead of once per ply (docs/guide/python.md, speed). The GIL is released while the
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

/// Many positions with their legal moves, generated once: a Python loop that reads ``counts``
/// (or ``legal_moves``) and calls ``play`` pays for one generation of moves per ply, and one
/// call per batch. For simulations and vectorised agents::
///
///     batch = Batch([Position("bechi")] * 1000)
///     for _ in range(100):
///         batch = batch.play([random.randrange(c) for c in batch.counts], restart=Position("bechi"))
#[pyclass(module = "mancala_games", name = "Batch", frozen)]
pub struct Batch {
    positions: Vec<Position>,
    children: Vec<Vec<(rules_core::Move, Position)>>,
}

fn generate(positions: Vec<Position>) -> Batch {
    let children = positions
        .iter()
        .map(Position::legal_moves_with_positions)
        .collect();
    Batch {
        positions,
        children,
    }
}

#[pymethods]
impl Batch {
    #[new]
    fn py_new(py: Python<'_>, positions: &Bound<'_, PyList>) -> PyResult<Batch> {
        let ps = self::positions(positions)?;
        Ok(py.detach(|| generate(ps)))
    }

    /// The number of legal moves of each position (0 when its round is over).
    #[getter]
    fn counts(&self) -> Vec<usize> {
        self.children.iter().map(Vec::len).collect()
    }

    /// The legal moves of each position, as tokens, in ``Position.legal_moves`` order.
    #[getter]
    fn legal_moves<'py>(&self, py: Python<'py>) -> Vec<Vec<Bound<'py, PyString>>> {
        self.children
            .iter()
            .map(|c| {
                c.iter()
                    .map(|(m, _)| crate::tokens::token(py, *m))
                    .collect()
            })
            .collect()
    }

    /// The positions, as ``Position`` objects.
    #[getter]
    fn positions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        list(py, self.positions.clone())
    }

    fn __len__(&self) -> usize {
        self.positions.len()
    }

    /// The batch after the ``choices[k]``-th legal move of every position ``k`` (a position with
    /// no legal move stays as it is). With ``restart``, every position reached whose round is over
    /// is replaced by ``restart``. A choice out of range raises ``ValueError``.
    #[pyo3(signature = (choices, restart=None))]
    fn play(
        &self,
        py: Python<'_>,
        choices: Vec<usize>,
        restart: Option<PyRef<'_, PyPosition>>,
    ) -> PyResult<Batch> {
        if choices.len() != self.positions.len() {
            return Err(PyValueError::new_err(format!(
                "{} positions but {} choices",
                self.positions.len(),
                choices.len()
            )));
        }
        let restart = restart.map(|r| r.pos);
        let next = py.detach(|| {
            let mut next = Vec::with_capacity(self.positions.len());
            for (k, (c, &i)) in self.children.iter().zip(&choices).enumerate() {
                let p = match c.get(i) {
                    Some((_, p)) => *p,
                    None if c.is_empty() => self.positions[k],
                    None => {
                        return Err(format!(
                            "choice {i} at index {k}: the position has {} legal moves",
                            c.len()
                        ));
                    }
                };
                next.push(p);
            }
            let mut batch = generate(next);
            if let Some(r) = restart {
                let fresh = r.legal_moves_with_positions();
                for (p, c) in batch.positions.iter_mut().zip(batch.children.iter_mut()) {
                    if c.is_empty() {
                        *p = r;
                        c.clone_from(&fresh);
                    }
                }
            }
            Ok(batch)
        });
        next.map_err(PyValueError::new_err)
    }
}
