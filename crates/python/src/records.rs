//! Records from Python: `read_file` and `read_string` give a lazy iterator of checked `Record`s
//! (one record in memory at a time; each read and checked with the GIL released), each with its
//! problems as `Problem` objects, its canonical text and JSON form.

use crate::annotate::Annotating;
use crate::args;
use crate::errors::{error, os_error, plain, repr};
use crate::interrupt::{self, Watched};
use crate::pipeline::{self, Input, Unit, Units};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use std::io::{BufReader, Cursor};
use std::sync::Mutex;

/// Records read lazily from a file or a string, notation or JSON lines, one at a time: iterate
/// over it (``for record in read_file("games.mgn"): ...``).
#[pyclass(module = "mancala_games", name = "Records", frozen)]
pub struct Records {
    file: String,
    lenient: bool,
    units: Mutex<Option<Units>>,
}

/// The form of the input: `None` to tell it by its first character.
fn json_flag(format: Option<&Bound<'_, PyAny>>) -> PyResult<Option<bool>> {
    let Some(format) = format else {
        return Ok(None);
    };
    match args::text(format, "format", "ArgumentError")?.as_str() {
        "auto" => Ok(None),
        "json" => Ok(Some(true)),
        "notation" | "text" => Ok(Some(false)),
        other => Err(plain(
            "ArgumentError",
            format!("format {other:?}: give \"auto\", \"notation\" or \"json\""),
        )),
    }
}

/// `lenient`, a flag, False when not given.
fn lenient_flag(lenient: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
    lenient.map_or(Ok(false), |l| args::flag(l, "lenient"))
}

/// The error of a read of `file` that failed: what a signal's handler raised (Ctrl-C), or the
/// file's `OSError` (a folder read as a file is `IsADirectoryError`, as `open` raises it).
fn read_error(file: &str, e: std::io::Error) -> PyErr {
    interrupt::raised(e).unwrap_or_else(|e| os_error(&e, file))
}

impl Records {
    fn open(
        file: String,
        input: Input,
        format: Option<&Bound<'_, PyAny>>,
        lenient: bool,
    ) -> PyResult<Records> {
        let units =
            Units::new(input, json_flag(format)?, lenient).map_err(|e| read_error(&file, e))?;
        Ok(Records {
            file,
            lenient,
            units: Mutex::new(Some(units)),
        })
    }
}

/// Reads the records of a file (a path), lazily: notation (``.mgn``) or JSON lines, told apart
/// by the first character unless ``format`` (``"notation"`` or ``"json"``) says. ``lenient``
/// accepts what only lenient validation accepts (Redu R25, R26). Each record is checked as it is
/// read: see ``Record.valid`` and ``Record.problems``. A record longer than 1 MiB is one invalid
/// record (``too-large``), given as soon as it passes the limit: an input without end
/// (``/dev/zero``) gives it, and reading on skips it for ever; Ctrl-C stops a read
/// (``KeyboardInterrupt``, and the iteration ends).
#[pyfunction]
#[pyo3(signature = (path, *, lenient=None, format=None))]
#[pyo3(text_signature = "(path, *, lenient=False, format='auto')")]
pub fn read_file(
    path: &Bound<'_, PyAny>,
    lenient: Option<&Bound<'_, PyAny>>,
    format: Option<&Bound<'_, PyAny>>,
) -> PyResult<Records> {
    let path = args::path(path, "path")?;
    let lenient = lenient_flag(lenient)?;
    let name = path.display().to_string();
    let file = std::fs::File::open(&path).map_err(|e| os_error(&e, &name))?;
    let input: Input = Box::new(BufReader::with_capacity(1 << 16, Watched::new(file)));
    Records::open(name, input, format, lenient)
}

/// Reads the records of a string (or bytes), lazily, as ``read_file`` reads a file; ``name`` is
/// the file name problems show. A str with lone surrogates (not text) is read as the bytes
/// ``encode("utf-8", "surrogatepass")`` makes of it: the record that holds one is invalid
/// (``encoding``), as a file's bytes that are not UTF-8 make it.
#[pyfunction]
#[pyo3(signature = (text, *, lenient=None, format=None, name=None))]
#[pyo3(text_signature = "(text, *, lenient=False, format='auto', name='<string>')")]
pub fn read_string(
    text: &Bound<'_, PyAny>,
    lenient: Option<&Bound<'_, PyAny>>,
    format: Option<&Bound<'_, PyAny>>,
    name: Option<&Bound<'_, PyAny>>,
) -> PyResult<Records> {
    let bytes: Vec<u8> = if let Ok(s) = text.cast::<PyString>() {
        match s.to_cow() {
            Ok(t) => t.as_bytes().to_vec(),
            Err(_) => s
                .call_method1("encode", ("utf-8", "surrogatepass"))?
                .cast_into::<PyBytes>()?
                .as_bytes()
                .to_vec(),
        }
    } else if let Ok(b) = text.cast::<PyBytes>() {
        b.as_bytes().to_vec()
    } else {
        return Err(args::wrong_type("text", "a str or bytes", text));
    };
    let name = args::text_opt(name, "name", "ArgumentError")?;
    Records::open(
        name.unwrap_or_else(|| "<string>".to_owned()),
        Box::new(BufReader::new(Watched::new(Cursor::new(bytes)))),
        format,
        lenient_flag(lenient)?,
    )
}

#[pymethods]
impl Records {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Record>> {
        let next = py.detach(|| {
            let mut guard = self.units.lock().map_err(|_| None)?;
            let Some(units) = guard.as_mut() else {
                return Ok(None);
            };
            match units.next_unit() {
                Ok(Some(u)) => Ok(Some(u)),
                Ok(None) => {
                    *guard = None;
                    Ok(None)
                }
                Err(e) => {
                    // A read that failed, or that Ctrl-C stopped, ends the iteration.
                    *guard = None;
                    Err(Some(e))
                }
            }
        });
        match next {
            Ok(Some(u)) => Ok(Some(Record::new(py, &self.file, self.lenient, u)?)),
            Ok(None) => Ok(None),
            Err(None) => Err(PyRuntimeError::new_err(
                "the reader failed earlier (a thread panicked while reading)",
            )),
            Err(Some(e)) => Err(read_error(&self.file, e)),
        }
    }
}

/// One problem of a record (spec/notation.md §9, §11), located in its file.
#[pyclass(module = "mancala_games", name = "Problem", frozen, get_all, eq)]
#[derive(Clone, PartialEq)]
pub struct PyProblem {
    /// ``syntax``, ``header``, ``token``, ``illegal-move``, ``annotation``, ``round``, ``result``,
    /// ``position``, ``number``, ``encoding`` or ``too-large``.
    kind: String,
    /// Why: what was expected and what was found, or the rule's reason.
    message: String,
    /// The file.
    file: String,
    /// The record's index in the file, from 1.
    record: usize,
    /// 1-based line in the file.
    line: Option<usize>,
    /// 1-based column, in characters.
    column: Option<usize>,
    /// The ply, from 1.
    ply: Option<u32>,
    /// The token concerned.
    token: Option<String>,
    /// The rule that forbids it (``mancala_games.rules(rule)`` reads it).
    rule: Option<String>,
    /// The problem as ``mancala validate`` prints it: headline, place and a caret under the text.
    rendered: String,
}

impl PyProblem {
    /// `LINE:COLUMN: MESSAGE (ply N)`, one line: what a list of problems shows.
    fn summary(&self) -> String {
        let place = match (self.line, self.column) {
            (Some(l), Some(c)) => format!("{l}:{c}: "),
            (Some(l), None) => format!("{l}: "),
            _ => String::new(),
        };
        let ply = self.ply.map_or_else(String::new, |p| format!(" (ply {p})"));
        format!("{place}{}{ply}", self.message)
    }
}

#[pymethods]
impl PyProblem {
    /// A problem from its fields, as pickling makes it again.
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        kind: String,
        message: String,
        file: String,
        record: usize,
        line: Option<usize>,
        column: Option<usize>,
        ply: Option<u32>,
        token: Option<String>,
        rule: Option<String>,
        rendered: String,
    ) -> PyProblem {
        PyProblem {
            kind,
            message,
            file,
            record,
            line,
            column,
            ply,
            token,
            rule,
            rendered,
        }
    }

    fn __str__(&self) -> String {
        self.rendered.clone()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Problem(kind={}, line={}, column={}, ply={}, rule={}, message={})",
            repr(py, &self.kind),
            repr(py, self.line),
            repr(py, self.column),
            repr(py, self.ply),
            repr(py, &self.rule),
            repr(py, &self.message)
        )
    }

    /// Pickling (and so Dask, which sends a task's `RecordError` back pickled): its fields.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let fields = (
            &self.kind,
            &self.message,
            &self.file,
            self.record,
            self.line,
            self.column,
            self.ply,
            &self.token,
            &self.rule,
            &self.rendered,
        )
            .into_pyobject(py)?;
        Ok((py.get_type::<PyProblem>().into_any(), fields))
    }
}

/// One record read from a file or a string, and checked.
#[pyclass(module = "mancala_games", name = "Record", frozen)]
pub struct Record {
    file: String,
    index: usize,
    line: usize,
    lenient: bool,
    text: Option<String>,
    record: Option<notation::Record>,
    plies: u32,
    problems: Vec<Py<PyProblem>>,
    respelled: Vec<(u32, String, String)>,
}

impl Record {
    fn new(py: Python<'_>, file: &str, lenient: bool, u: Unit) -> PyResult<Record> {
        let origin = notation::Origin {
            file,
            record: u.index,
            first_line: u.first_line,
            text: u.text.as_deref(),
        };
        let problems = u
            .checked
            .problems
            .iter()
            .map(|p| {
                let j = origin.json(p);
                Py::new(
                    py,
                    PyProblem {
                        kind: p.kind.name().to_owned(),
                        message: p.to_string(),
                        file: file.to_owned(),
                        record: u.index,
                        line: j.line,
                        column: j.column,
                        ply: p.ply,
                        token: p.token.clone(),
                        rule: p.rule.map(|r| r.id().to_owned()),
                        rendered: origin.render(p),
                    },
                )
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Record {
            file: file.to_owned(),
            index: u.index,
            line: u.first_line,
            lenient,
            text: u.text,
            record: u.record,
            plies: u.checked.plies,
            problems,
            respelled: u
                .checked
                .respelled
                .into_iter()
                .map(|r| (r.ply, r.written, r.canonical))
                .collect(),
        })
    }

    fn canonical_record(&self, py: Python<'_>) -> PyResult<notation::Record> {
        let Some(record) = &self.record else {
            return Err(self.invalid(py));
        };
        if !self.problems.is_empty() {
            return Err(self.invalid(py));
        }
        let lenient = self.lenient;
        py.detach(|| pipeline::canonical(record, lenient))
            .map_err(|_| self.invalid(py))
    }

    /// The `RecordError` of this record: what is wrong, a problem a line (the first
    /// [`SHOWN`] of them), with the problems as objects.
    fn invalid(&self, py: Python<'_>) -> PyErr {
        let list = PyList::new(py, self.problems.iter().map(|p| p.clone_ref(py)));
        let attrs = match list {
            Ok(l) => vec![("problems", l.into_any())],
            Err(_) => Vec::new(),
        };
        let n = self.problems.len();
        let mut message = format!(
            "{}: record {} (line {}) is not valid: {n} problem{}",
            self.file,
            self.index,
            self.line,
            if n == 1 { "" } else { "s" }
        );
        for p in self.problems.iter().take(SHOWN) {
            message.push_str("\n  ");
            message.push_str(&p.get().summary());
        }
        if n > SHOWN {
            message.push_str(&format!("\n  and {} more", n - SHOWN));
        }
        error(py, "RecordError", &message, &attrs)
    }
}

/// The problems a `RecordError`'s message lists; `problems` holds them all.
const SHOWN: usize = 10;

#[pymethods]
impl Record {
    /// The file it was read from (``<string>`` for a string).
    #[getter]
    fn file(&self) -> &str {
        &self.file
    }

    /// Its index in the file, from 1.
    #[getter]
    fn index(&self) -> usize {
        self.index
    }

    /// The line of the file where it starts.
    #[getter]
    fn line(&self) -> usize {
        self.line
    }

    /// Whether the record is valid: it reads, and every ply, annotation, round and result agrees
    /// with the rules.
    #[getter]
    fn valid(&self) -> bool {
        self.problems.is_empty()
    }

    /// What is wrong with it: ``Problem`` objects, empty when valid.
    #[getter]
    fn problems(&self, py: Python<'_>) -> Vec<Py<PyProblem>> {
        self.problems.iter().map(|p| p.clone_ref(py)).collect()
    }

    /// The number of plies played in checking it.
    #[getter]
    fn plies(&self) -> u32 {
        self.plies
    }

    /// Plies written in another legal spelling than the canonical one: ``(ply, written,
    /// canonical)``.
    #[getter]
    fn respelled(&self) -> Vec<(u32, String, String)> {
        self.respelled.clone()
    }

    /// The game's name, or ``None`` when the record does not read.
    #[getter]
    fn game(&self) -> Option<&'static str> {
        self.record.as_ref().map(|r| r.variant.kind().name())
    }

    /// The header's tags, in the canonical order: ``{"Notation": "1.0", "Game": "bechi", ...}``.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(r) = &self.record else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        for (k, v) in r.tag_pairs() {
            d.set_item(k, v)?;
        }
        Ok(Some(d))
    }

    /// The move tokens, as written, in order.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.record.as_ref().map_or_else(Vec::new, |r| {
            r.movetext
                .iter()
                .filter_map(|i| match i {
                    notation::Item::Ply { token, .. } => Some(token.clone()),
                    _ => None,
                })
                .collect()
        })
    }

    /// The result terminator: ``A-wins``, ``B-wins``, ``draw`` or ``*``.
    #[getter]
    fn result(&self) -> Option<&'static str> {
        self.record.as_ref().map(|r| r.result.token())
    }

    /// The record's text as read (``None`` for a JSON line that read).
    #[getter]
    fn text(&self) -> Option<String> {
        self.text.clone()
    }

    /// The record in the canonical notation (spec/notation.md §10), as ``mancala convert``
    /// writes it. Raises ``RecordError`` (with ``problems``) when it is not valid.
    fn canonical(&self, py: Python<'_>) -> PyResult<String> {
        Ok(notation::print_record(&self.canonical_record(py)?))
    }

    /// The canonical record's JSON form (spec/notation.md §7) as a dict; ``mancala convert --to
    /// json`` writes it as one line. Raises ``RecordError`` when it is not valid.
    fn to_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let rec = self.canonical_record(py)?;
        let text = serde_json::to_string(&rec)
            .map_err(|e| PyRuntimeError::new_err(format!("JSON output: {e}")))?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// The record with every ply judged by search, as ``mancala annotate`` writes it: after each
    /// ply ``(value V)`` (the value of the move played for its mover), ``(best M V)`` when a
    /// better move existed, ``(judgement ?!|?|??)`` by the seeds lost (``dubious``, ``mistake``,
    /// ``blunder`` thresholds). Limits per position as ``analyse``'s (``depth``, ``time`` in
    /// seconds, ``nodes``; 0.2 s when none is given); ``db`` a solved database. ``format``:
    /// ``"notation"`` (canonical text) or ``"json"`` (one JSON line). Raises ``RecordError`` when
    /// the record is not valid. Releases the GIL while it searches; Ctrl-C stops it
    /// (``KeyboardInterrupt``).
    #[pyo3(signature = (*, depth=None, time=None, nodes=None, db=None, dubious=None, mistake=None, blunder=None, format=None))]
    #[pyo3(
        text_signature = "($self, *, depth=None, time=None, nodes=None, db=None, dubious=1, mistake=3, blunder=6, format='notation')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn annotate(
        &self,
        py: Python<'_>,
        depth: Option<&Bound<'_, PyAny>>,
        time: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        db: Option<&Bound<'_, PyAny>>,
        dubious: Option<&Bound<'_, PyAny>>,
        mistake: Option<&Bound<'_, PyAny>>,
        blunder: Option<&Bound<'_, PyAny>>,
        format: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let asked = Annotating::new(
            [depth, time, nodes],
            db,
            [dubious, mistake, blunder],
            format,
        )?;
        let Some(record) = self.record.as_ref().filter(|_| self.problems.is_empty()) else {
            return Err(self.invalid(py));
        };
        let db = asked
            .db
            .as_deref()
            .map(|p| crate::analysis::load_db(py, p))
            .transpose()?;
        let tag = analysis::annotate::annotator(
            &asked.limits,
            asked.db_name().as_deref(),
            &asked.thresholds,
        );
        let lenient = self.lenient;
        let done = interrupt::watched(py, |stop| {
            let judging = analysis::annotate::Judging {
                limits: asked.limits,
                oracle: db.as_ref().map(|d| d as &dyn analysis::search::Oracle),
                thresholds: asked.thresholds,
                stop: Some(stop),
            };
            crate::annotate::annotate(record, lenient, &judging, &tag)
        })?;
        if let Some(f) = db.as_ref().and_then(|d| d.failure()) {
            return Err(crate::analysis::db_error(py, asked.db.as_deref(), &f));
        }
        let Some(done) = done else {
            return Err(self.invalid(py));
        };
        if asked.json {
            serde_json::to_string(&done)
                .map_err(|e| PyRuntimeError::new_err(format!("JSON output: {e}")))
        } else {
            Ok(notation::print_record(&done))
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<Record {}:{} #{} {} {}, {} {}, {}>",
            self.file,
            self.line,
            self.index,
            self.game().unwrap_or("unreadable"),
            self.result().unwrap_or("?"),
            self.plies,
            if self.plies == 1 { "ply" } else { "plies" },
            match self.problems.len() {
                0 => "valid".to_owned(),
                1 => "1 problem".to_owned(),
                n => format!("{n} problems"),
            }
        )
    }
}
