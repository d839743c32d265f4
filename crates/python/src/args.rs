//! Arguments from Python, checked at the edge (issue 34, items 7 and 16): an int where an int is
//! taken (not a bool, a float or a str) and within its documented range, a number of seconds, a
//! flag, a str that is text (no lone surrogate), a path. Every refusal is one of the package's
//! classes (`mancala_games.errors`) and names the argument: `ArgumentTypeError` (also a
//! `TypeError`) for a type the call does not take, the caller's class (`LimitError`, `MoveError`,
//! ...) for a value.

use crate::errors::{error, plain};
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyString};
use std::ops::RangeInclusive;
use std::path::PathBuf;

/// The name of `value`'s type, as Python writes it (`float`, `NoneType`).
pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |n| n.to_string())
}

/// `name: expected WHAT, found TYPE`, an `ArgumentTypeError`.
pub fn wrong_type(name: &str, what: &str, value: &Bound<'_, PyAny>) -> PyErr {
    plain(
        "ArgumentTypeError",
        format!("{name}: expected {what}, found {}", type_name(value)),
    )
}

/// An int (a Python int or anything with `__index__`, as numpy's integers), not a bool: the
/// value, or `None` for one beyond `i128`, which every range refuses.
fn int(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Option<i128>> {
    if value.is_instance_of::<PyBool>() || value.is_instance_of::<PyFloat>() {
        return Err(wrong_type(name, "an int", value));
    }
    match value.extract::<i128>() {
        Ok(n) => Ok(Some(n)),
        Err(e) if e.is_instance_of::<PyOverflowError>(value.py()) => Ok(None),
        Err(_) => Err(wrong_type(name, "an int", value)),
    }
}

/// An int argument within `range`; outside it, `refuse` makes the error from the value as
/// written (`perft depth -1: give 0 to 40`).
pub fn int_in<T: TryFrom<i128>>(
    value: &Bound<'_, PyAny>,
    name: &str,
    range: RangeInclusive<i128>,
    refuse: impl FnOnce(&str) -> PyErr,
) -> PyResult<T> {
    int(value, name)?
        .filter(|n| range.contains(n))
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| refuse(&value.to_string()))
}

/// An int argument within `range`, or a `LimitError`: `NAME N: give LO to HI`.
pub fn limited<T: TryFrom<i128>>(
    value: &Bound<'_, PyAny>,
    name: &str,
    range: RangeInclusive<i128>,
) -> PyResult<T> {
    let (lo, hi) = (*range.start(), *range.end());
    int_in(value, name, range, |v| {
        plain("LimitError", format!("{name} {v}: give {lo} to {hi}"))
    })
}

/// An optional [`limited`].
pub fn limited_opt<T: TryFrom<i128>>(
    value: Option<&Bound<'_, PyAny>>,
    name: &str,
    range: RangeInclusive<i128>,
) -> PyResult<Option<T>> {
    value.map(|v| limited(v, name, range)).transpose()
}

/// A number (an int or a float, not a bool), as an `f64`.
pub fn number(value: &Bound<'_, PyAny>, name: &str, what: &str) -> PyResult<f64> {
    if value.is_instance_of::<PyBool>() || value.is_instance_of::<PyString>() {
        return Err(wrong_type(name, what, value));
    }
    if value.is_instance_of::<PyInt>() {
        // An int too large for a float is beyond every limit: infinity says so.
        return Ok(value.extract::<f64>().unwrap_or(f64::INFINITY));
    }
    value
        .extract::<f64>()
        .map_err(|_| wrong_type(name, what, value))
}

/// A flag: `True` or `False` (numpy's bools too), not an int or a str.
pub fn flag(value: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    value
        .extract::<bool>()
        .map_err(|_| wrong_type(name, "True or False", value))
}

/// A str that is text: `ArgumentTypeError` for another type; a lone surrogate (which
/// `os.fsdecode` makes of bytes that are not UTF-8, and which no text can hold) is an error of
/// class `class` that says where it is.
pub fn text(value: &Bound<'_, PyAny>, name: &str, class: &str) -> PyResult<String> {
    let s = value
        .cast::<PyString>()
        .map_err(|_| wrong_type(name, "a str", value))?;
    s.to_cow()
        .map(std::borrow::Cow::into_owned)
        .map_err(|_| not_text(s, name, class))
}

/// An optional [`text`].
pub fn text_opt(
    value: Option<&Bound<'_, PyAny>>,
    name: &str,
    class: &str,
) -> PyResult<Option<String>> {
    value.map(|v| text(v, name, class)).transpose()
}

/// Where the first lone surrogate of `s` is, and its code.
fn surrogate(s: &Bound<'_, PyString>) -> Option<(usize, u32)> {
    let ord = s.py().import("builtins").ok()?.getattr("ord").ok()?;
    s.try_iter().ok()?.enumerate().find_map(|(i, c)| {
        let code: u32 = ord.call1((c.ok()?,)).ok()?.extract().ok()?;
        (0xD800..=0xDFFF).contains(&code).then_some((i, code))
    })
}

/// The error of a str with a lone surrogate: `NAME 'a\udc80': a lone surrogate (U+DC80) at
/// index 1 is not text`, with the str as `move` for a `MoveError`.
pub fn not_text(s: &Bound<'_, PyString>, name: &str, class: &str) -> PyErr {
    let shown = s.repr().map_or_else(|_| "?".to_owned(), |r| r.to_string());
    let message = match surrogate(s) {
        Some((i, code)) => format!(
            "{name} {shown}: a lone surrogate (U+{code:04X}) at index {i} is not text (os.fsdecode \
             makes them of bytes that are not UTF-8): give the text itself"
        ),
        None => format!("{name} {shown}: not text (a lone surrogate)"),
    };
    let attrs = match class {
        "MoveError" => vec![("move", s.clone().into_any())],
        _ => Vec::new(),
    };
    error(s.py(), class, &message, &attrs)
}

/// A path: a str or an `os.PathLike`, as `open` takes it. A str with lone surrogates is the
/// path of bytes that are not UTF-8 that `os.fsdecode` made it, as `open` takes it too.
pub fn path(value: &Bound<'_, PyAny>, name: &str) -> PyResult<PathBuf> {
    value
        .extract::<PathBuf>()
        .map_err(|_| wrong_type(name, "a path (a str or an os.PathLike)", value))
}
