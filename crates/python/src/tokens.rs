//! Move tokens as Python strings, made once per distinct move and shared afterwards: a Python
//! loop over `legal_moves` then pays a dictionary look-up per move instead of building a string
//! (docs/guide/python.md, speed).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;
use rules_core::Move;
use std::collections::HashMap;
use std::sync::Mutex;

/// Distinct moves kept at most; Redu's zigzag spellings are many, so the table starts afresh
/// when full.
const MAX: usize = 1 << 16;

static TOKENS: PyOnceLock<Mutex<HashMap<Move, Py<PyString>>>> = PyOnceLock::new();

/// The token of `mv` as a Python string.
pub fn token<'py>(py: Python<'py>, mv: Move) -> Bound<'py, PyString> {
    let table = TOKENS.get_or_init(py, || Mutex::new(HashMap::new()));
    let Ok(mut table) = table.lock() else {
        return PyString::new(py, &mv.to_string());
    };
    if let Some(s) = table.get(&mv) {
        return s.bind(py).clone();
    }
    if table.len() >= MAX {
        table.clear();
    }
    let s = PyString::new(py, &mv.to_string());
    table.insert(mv, s.clone().unbind());
    s
}

/// The tokens of `moves`.
pub fn tokens<'py>(py: Python<'py>, moves: &[Move]) -> Vec<Bound<'py, PyString>> {
    moves.iter().map(|m| token(py, *m)).collect()
}
