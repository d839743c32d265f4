//! Records from Python: `read_file` and `read_string` give a lazy iterator of checked `Record`s
//! (one record in memory at a time; each read and checked with the GIL released), each with its
//! problems as `Problem` objects, its canonical text and JSON form.

use crate::errors::{error, repr};
use crate::pipeline::{self, Input, Unit, Units};
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
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

fn json_flag(format: &str) -> PyResult<Option<bool>> {
    match format {
        "auto" => Ok(None),
        "json" => Ok(Some(true)),
        "notation" | "text" => Ok(Some(false)),
        other => Err(PyValueError::new_err(format!(
            "format {other:?}: give \"auto\", \"notation\" or \"json\""
        ))),
    }
}

impl Records {
    fn open(file: String, input: Input, format: &str, lenient: bool) -> PyResult<Records> {
        let units = Units::new(input, json_flag(format)?, lenient)
            .map_err(|e| PyOSError::new_err(format!("cannot read {file}: {e}")))?;
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
/// read: see ``Record.valid`` and ``Record.problems``.
#[pyfunction]
#[pyo3(signature = (path, *, lenient=false, format="auto"))]
pub fn read_file(path: std::path::PathBuf, lenient: bool, format: &str) -> PyResult<Records> {
    let name = path.display().to_string();
    // OSError(errno, message, file name) is the subclass the errno calls for, as open() raises
    // it: FileNotFoundError, PermissionError, IsADirectoryError.
    let file = std::fs::File::open(&path).map_err(|e| match e.raw_os_error() {
        Some(code) => PyOSError::new_err((code, format!("cannot read {name}: {e}"), name.clone())),
        None => PyOSError::new_err(format!("cannot read {name}: {e}")),
    })?;
    let input: Input = Box::new(BufReader::with_capacity(1 << 16, file));
    Records::open(name, input, format, lenient)
}

/// Reads the records of a string (or bytes), lazily, as ``read_file`` reads a file; ``name`` is
/// the file name problems show.
#[pyfunction]
#[pyo3(signature = (text, *, lenient=false, format="auto", name="<string>"))]
pub fn read_string(
    text: &Bound<'_, PyAny>,
    lenient: bool,
    format: &str,
    name: &str,
) -> PyResult<Records> {
    let bytes: Vec<u8> = match text.extract::<String>() {
        Ok(s) => s.into_bytes(),
        Err(_) => text.extract::<Vec<u8>>()?,
    };
    Records::open(
        name.to_owned(),
        Box::new(Cursor::new(bytes)),
        format,
        lenient,
    )
}

#[pymethods]
impl Records {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Record>> {
        let next = py.detach(|| {
            let mut guard = self
                .units
                .lock()
                .map_err(|_| "the reader failed earlier".to_owned())?;
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
                    *guard = None;
                    Err(format!("cannot read {}: {e}", self.file))
                }
            }
        });
        match next {
            Ok(Some(u)) => Ok(Some(Record::new(py, &self.file, self.lenient, u)?)),
            Ok(None) => Ok(None),
            Err(m) => Err(PyOSError::new_err(m)),
        }
    }
}

/// One problem of a record (spec/notation.md §9, §11), located in its file.
#[pyclass(module = "mancala_games", name = "Problem", frozen, get_all)]
pub struct PyProblem {
    /// ``syntax``, ``header``, ``token``, ``illegal-move``, ``annotation``, ``round``, ``result``,
    /// ``position``, ``number``, ``encoding`` or ``too-large``.
    kind: &'static str,
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
    rule: Option<&'static str>,
    /// The problem as ``mancala validate`` prints it: headline, place and a caret under the text.
    rendered: String,
}

#[pymethods]
impl PyProblem {
    fn __str__(&self) -> String {
        self.rendered.clone()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Problem(kind={}, line={}, column={}, ply={}, rule={}, message={})",
            repr(py, self.kind),
            repr(py, self.line),
            repr(py, self.column),
            repr(py, self.ply),
            repr(py, self.rule),
            repr(py, &self.message)
        )
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
                        kind: p.kind.name(),
                        message: p.to_string(),
                        file: file.to_owned(),
                        record: u.index,
                        line: j.line,
                        column: j.column,
                        ply: p.ply,
                        token: p.token.clone(),
                        rule: p.rule,
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

    fn invalid(&self, py: Python<'_>) -> PyErr {
        let list = PyList::new(py, self.problems.iter().map(|p| p.clone_ref(py)));
        let attrs = match list {
            Ok(l) => vec![("problems", l.into_any())],
            Err(_) => Vec::new(),
        };
        error(
            py,
            "RecordError",
            &format!(
                "{}: record {} (line {}) is not valid: {} problem(s)",
                self.file,
                self.index,
                self.line,
                self.problems.len()
            ),
            &attrs,
        )
    }
}

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
    /// the record is not valid. Releases the GIL while it searches.
    #[pyo3(signature = (*, depth=None, time=None, nodes=None, db=None, dubious=1, mistake=3, blunder=6, format="notation"))]
    #[allow(clippy::too_many_arguments)]
    fn annotate(
        &self,
        py: Python<'_>,
        depth: Option<u32>,
        time: Option<f64>,
        nodes: Option<u64>,
        db: Option<&str>,
        dubious: i32,
        mistake: i32,
        blunder: i32,
        format: &str,
    ) -> PyResult<String> {
        let mut limits = crate::analysis::limits(depth, time, nodes)?;
        if depth.is_none() && time.is_none() && nodes.is_none() {
            limits.time = Some(std::time::Duration::from_millis(200));
        }
        if !(0 < dubious && dubious <= mistake && mistake <= blunder) {
            return Err(PyValueError::new_err(
                "the thresholds must be 0 < dubious <= mistake <= blunder",
            ));
        }
        let json = match format {
            "notation" | "text" => false,
            "json" => true,
            other => {
                return Err(PyValueError::new_err(format!(
                    "format {other:?}: give \"notation\" or \"json\""
                )));
            }
        };
        let Some(record) = self.record.as_ref().filter(|_| self.problems.is_empty()) else {
            return Err(self.invalid(py));
        };
        let db = db.map(crate::analysis::load_db).transpose()?;
        let t = analysis::annotate::Thresholds {
            dubious,
            mistake,
            blunder,
        };
        let lenient = self.lenient;
        let done = py.detach(|| {
            let oracle = db.as_ref().map(|d| d as &dyn analysis::search::Oracle);
            crate::annotate::annotate(
                record,
                lenient,
                &crate::annotate::options(limits, oracle),
                &t,
            )
        });
        let Some(done) = done else {
            return Err(self.invalid(py));
        };
        if json {
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
