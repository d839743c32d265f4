//! Batch calls: many positions per call, so that a Python loop pays the interpreter's cost once
//! per batch instead of once per ply (docs/guide/python.md, speed). The GIL is released while the
//! engine works.

use crate::args;
use crate::errors::plain;
use crate::position::{PyPosition, list};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use rules_core::Position;

/// The items of a sequence argument (a list, a tuple, a numpy array; not a str).
fn items<'py>(
    given: &Bound<'py, PyAny>,
    name: &str,
    what: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if given.is_instance_of::<PyString>() {
        return Err(args::wrong_type(name, what, given));
    }
    given
        .try_iter()
        .map_err(|_| args::wrong_type(name, what, given))?
        .collect()
}

/// The positions of a list of `Position`.
fn positions(given: &Bound<'_, PyAny>) -> PyResult<Vec<Position>> {
    items(given, "positions", "a list of Position")?
        .iter()
        .enumerate()
        .map(|(k, p)| {
            p.cast::<PyPosition>()
                .map(|p| p.get().pos)
                .map_err(|_| args::wrong_type(&format!("positions[{k}]"), "a Position", p))
        })
        .collect()
}

/// The choices of a batch, one per position: ints (a list, a numpy array), each below the
/// number of legal moves of its position (checked where it is played).
fn choices(given: &Bound<'_, PyAny>, positions: usize) -> PyResult<Vec<usize>> {
    let items = items(given, "choices", "a list of ints")?;
    if items.len() != positions {
        return Err(plain(
            "ArgumentError",
            format!("{positions} positions but {} choices", items.len()),
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(k, c)| {
            args::int_in(c, &format!("choices[{k}]"), 0..=i128::from(u32::MAX), |v| {
                plain(
                    "LimitError",
                    format!("choice {v} at index {k}: give the index of a legal move, from 0"),
                )
            })
        })
        .collect()
}

/// A choice beyond the legal moves of its position.
fn beyond(choice: usize, k: usize, moves: usize) -> String {
    format!("choice {choice} at index {k}: the position has {moves} legal moves")
}

/// The legal moves of each position (``Position.legal_moves`` for a list).
#[pyfunction]
pub fn legal_moves_batch<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
) -> PyResult<Vec<Vec<Bound<'py, PyString>>>> {
    let ps = self::positions(positions)?;
    let moves: Vec<Vec<rules_core::Move>> =
        py.detach(|| ps.iter().map(Position::legal_moves).collect());
    Ok(moves.iter().map(|m| crate::tokens::tokens(py, m)).collect())
}

/// The number of legal moves of each position.
#[pyfunction]
pub fn move_counts(py: Python<'_>, positions: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    let ps = self::positions(positions)?;
    Ok(py.detach(|| ps.iter().map(|p| p.legal_moves().len()).collect()))
}

/// Plays the ``choices[k]``-th legal move (in ``legal_moves`` order) in ``positions[k]``, for
/// every k, and returns the positions reached. A choice out of range raises ``LimitError``
/// naming it; nothing is played then.
#[pyfunction]
pub fn play_batch<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    choices: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let ps = self::positions(positions)?;
    let choices = self::choices(choices, ps.len())?;
    let next = py.detach(|| {
        ps.iter()
            .zip(&choices)
            .enumerate()
            .map(|(k, (p, &c))| {
                let mut children = p.legal_moves_with_positions();
                if c < children.len() {
                    Ok(children.swap_remove(c).1)
                } else {
                    Err(beyond(c, k, children.len()))
                }
            })
            .collect::<Result<Vec<Position>, String>>()
    });
    list(py, next.map_err(|m| plain("LimitError", m))?)
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
    fn py_new(py: Python<'_>, positions: &Bound<'_, PyAny>) -> PyResult<Batch> {
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
    /// is replaced by ``restart``. A choice out of range raises ``LimitError``.
    #[pyo3(signature = (choices, restart=None))]
    fn play(
        &self,
        py: Python<'_>,
        choices: &Bound<'_, PyAny>,
        restart: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Batch> {
        let choices = self::choices(choices, self.positions.len())?;
        let restart = restart
            .map(|r| {
                r.cast::<PyPosition>()
                    .map(|p| p.get().pos)
                    .map_err(|_| args::wrong_type("restart", "a Position", r))
            })
            .transpose()?;
        let next = py.detach(|| {
            let mut next = Vec::with_capacity(self.positions.len());
            for (k, (c, &i)) in self.children.iter().zip(&choices).enumerate() {
                let p = match c.get(i) {
                    Some((_, p)) => *p,
                    None if c.is_empty() => self.positions[k],
                    None => return Err(beyond(i, k, c.len())),
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
        next.map_err(|m| plain("LimitError", m))
    }
}
