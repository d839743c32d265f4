//! Raising the package's exceptions. The classes live in Python (`mancala_games/errors.py`), where
//! they can inherit from both `MancalaError` and `ValueError` and carry documented attributes;
//! this module builds an instance, sets its attributes and hands it to PyO3 as the error.

use pyo3::BoundObject;
use pyo3::exceptions::{PyOSError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

static MODULE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The exception class `name` of `mancala_games.errors`.
fn class<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyType>> {
    let module = MODULE.get_or_try_init(py, || {
        py.import("mancala_games.errors")
            .map(|m| m.into_any().unbind())
    })?;
    Ok(module.bind(py).getattr(name)?.cast_into::<PyType>()?)
}

/// The exception `name(message)` with `attrs` set on it.
pub fn error<'py>(
    py: Python<'py>,
    name: &str,
    message: &str,
    attrs: &[(&str, Bound<'py, PyAny>)],
) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let value = class(py, name)?.call1((message,))?;
        for (k, v) in attrs {
            value.setattr(*k, v)?;
        }
        Ok(PyErr::from_value(value))
    };
    build().unwrap_or_else(|e| {
        PyRuntimeError::new_err(format!("mancala_games.errors.{name} is missing: {e}"))
    })
}

/// An error with no attributes, for the `?` of any function with the interpreter at hand.
pub fn plain(name: &str, message: impl AsRef<str>) -> PyErr {
    Python::attach(|py| error(py, name, message.as_ref(), &[]))
}

/// The `OSError` of the file `name` that cannot be opened or read, as `open` raises it: the
/// subclass its errno calls for (`FileNotFoundError`, `PermissionError`, `IsADirectoryError`),
/// the reason as `strerror` (in the words of `mancala validate` where it has some) and the file
/// as `filename`, so that `str()` names each once: `[Errno 2] no such file or folder:
/// 'games.mgn'`. An error without an errno is `cannot read NAME: why`.
pub fn os_error(e: &std::io::Error, name: &str) -> PyErr {
    let why = match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or folder".to_owned(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        _ => {
            // The errno is shown by OSError itself: not again as Rust's "(os error N)".
            let text = e.to_string();
            let suffix = e.raw_os_error().map(|code| format!(" (os error {code})"));
            // tidy: not a message: std's OS message, whose errno suffix is its format.
            let bare = suffix.as_deref().and_then(|s| text.strip_suffix(s));
            bare.map_or_else(|| text.clone(), str::to_owned)
        }
    };
    match e.raw_os_error() {
        Some(code) => PyOSError::new_err((code, why, name.to_owned())),
        None => PyOSError::new_err(format!("cannot read {name}: {why}")),
    }
}

/// `value` as Python's `repr` writes it (`'3B'`, `None`, `['1B', '2A-']`).
pub fn repr<'py, T: IntoPyObject<'py>>(py: Python<'py>, value: T) -> String {
    value
        .into_pyobject(py)
        .ok()
        .and_then(|v| v.into_bound().into_any().repr().ok().map(|r| r.to_string()))
        .unwrap_or_default()
}
