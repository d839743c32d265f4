//! perft and analyse, with the `mancala` command's limits (perft depth 0 to 40, threads 1 to 256,
//! a table of at most 1024G; analyse depth 1 to 1000, multipv 1 to 256), run with the GIL
//! released so that other Python threads go on meanwhile, and stopped by Ctrl-C
//! (`crate::interrupt`).

use crate::args;
use crate::errors::{error, plain};
use crate::position_class::PyPosition;
use analysis::db::Database;
use analysis::search::Oracle;
use analysis::{Engine, Limits, Outcome, SearchOptions};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};
use rules_core::{COUNT_MAX, PerftOptions, Position};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The deepest perft, as `mancala perft` takes it.
pub const MAX_PERFT_DEPTH: u32 = 40;

/// The deepest perft counted on the calling thread, with no watch for Ctrl-C: microseconds (at
/// most a few milliseconds, Redu's widest positions), against the 20 to 50 microseconds of
/// starting the thread that runs a watched count.
const QUICK_PERFT: u32 = 3;

/// The largest table, in bytes (1024G).
const MAX_SIZE: u64 = 1 << 40;

/// A size in bytes: an int, or a string such as `"64M"`, `"1G"` (powers of 1024), at most 1024G.
pub fn size(given: Option<&Bound<'_, PyAny>>, default: usize) -> PyResult<usize> {
    let Some(given) = given else {
        return Ok(default);
    };
    let bad = |s: &str| {
        plain(
            "LimitError",
            format!("hash {s}: not a size such as 64M or 1G (at most 1024G)"),
        )
    };
    let bytes = if given.is_instance_of::<PyInt>() {
        return args::int_in(given, "hash", 0..=i128::from(MAX_SIZE), bad);
    } else if given.is_instance_of::<PyString>() {
        let s = args::text(given, "hash", "LimitError")?;
        let (num, mult) = match s.chars().last() {
            Some('k' | 'K') => (&s[..s.len() - 1], 1usize << 10),
            Some('m' | 'M') => (&s[..s.len() - 1], 1 << 20),
            Some('g' | 'G') => (&s[..s.len() - 1], 1 << 30),
            _ => (s.as_str(), 1),
        };
        num.trim()
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_mul(mult))
    } else {
        return Err(args::wrong_type(
            "hash",
            "a size (an int of bytes, or a str such as \"64M\")",
            given,
        ));
    };
    bytes
        .filter(|&n| n as u64 <= MAX_SIZE)
        .ok_or_else(|| bad(&format!("{:?}", given.to_string())))
}

fn threads(given: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    match given {
        None => Ok(std::thread::available_parallelism().map_or(1, std::num::NonZero::get)),
        Some(t) => args::limited(t, "threads", 1..=256),
    }
}

/// A perft depth, 0 to 40.
pub fn perft_depth(depth: &Bound<'_, PyAny>) -> PyResult<u32> {
    args::int_in(depth, "depth", 0..=i128::from(MAX_PERFT_DEPTH), |d| {
        plain(
            "LimitError",
            format!("perft depth {d}: give 0 to {MAX_PERFT_DEPTH}"),
        )
    })
}

/// The refusal of a table the machine cannot give.
fn table_refused(bytes: usize) -> PyErr {
    plain(
        "LimitError",
        format!(
            "hash {bytes} bytes: not enough memory for a transposition table of that size; give a smaller one"
        ),
    )
}

/// perft split by the first move, the GIL released; Ctrl-C stops it.
pub fn divide(
    py: Python<'_>,
    pos: &Position,
    depth: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    hash: Option<&Bound<'_, PyAny>>,
) -> PyResult<(u32, Vec<(String, u128)>)> {
    let depth = perft_depth(depth)?;
    let threads = self::threads(threads)?;
    let hash_bytes = size(hash, 0)?;
    if depth == 0 {
        return Ok((0, Vec::new()));
    }
    let pos = *pos;
    let count = |stop: Option<&AtomicBool>| {
        let opts = PerftOptions {
            threads,
            hash_bytes,
            progress: None,
            stop,
        };
        pos.perft_divide_with(depth, &opts)
    };
    // A count of a few plies takes microseconds: the thread that watches for Ctrl-C would cost
    // ten times more than the count (issue 34, item 4).
    let counts = if depth <= QUICK_PERFT {
        py.detach(|| count(None))
    } else {
        crate::interrupt::watched(py, |stop| count(Some(stop)))?
    };
    let counts = counts.map_err(|e| table_refused(e.bytes))?;
    Ok((
        depth,
        counts
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect(),
    ))
}

/// The total of a divide: 1 at depth 0, and never past 2^128 - 1.
pub fn total(depth: u32, mut counts: impl Iterator<Item = u128>) -> PyResult<u128> {
    if depth == 0 {
        return Ok(1);
    }
    counts
        .try_fold(0u128, u128::checked_add)
        .filter(|&t| t < COUNT_MAX)
        .ok_or_else(|| {
            plain(
                "LimitError",
                format!(
                    "perft {depth}: the count passes {COUNT_MAX} (2^128 - 1), the most perft counts"
                ),
            )
        })
}

/// The limits of a call; none given is 2 seconds, as `mancala analyse`.
pub fn limits(
    depth: Option<&Bound<'_, PyAny>>,
    time: Option<&Bound<'_, PyAny>>,
    nodes: Option<&Bound<'_, PyAny>>,
) -> PyResult<Limits> {
    let max_depth = i128::from(analysis::search::MAX_DEPTH);
    let depth = args::limited_opt(depth, "depth", 1..=max_depth)?;
    let time = time
        .map(|t| {
            let secs = args::number(t, "time", "a number of seconds")?;
            // No time at all is refused, as the command line refuses `--time 0` (issue 34):
            // it searched as far as the first looks at the clock allowed.
            (secs.is_finite() && secs > 0.0 && secs <= 1e7)
                .then(|| Duration::from_secs_f64(secs))
                .ok_or_else(|| {
                    plain(
                        "LimitError",
                        format!("time {t}: give seconds, above 0 and at most 1e7"),
                    )
                })
        })
        .transpose()?;
    let nodes = args::limited_opt(nodes, "nodes", 1..=i128::from(u64::MAX))?;
    let mut l = Limits { depth, time, nodes };
    if depth.is_none() && time.is_none() && nodes.is_none() {
        l.time = Some(Duration::from_secs(2));
    }
    Ok(l)
}

/// A value as the JSON output writes it: seeds as an int, endless play as `"+endless"` or
/// `"-endless"`.
fn outcome(py: Python<'_>, o: Outcome) -> PyResult<Py<PyAny>> {
    Ok(match o {
        Outcome::Seeds(s) => s.into_pyobject(py)?.into_any().unbind(),
        Outcome::Endless(_) => o.to_string().into_pyobject(py)?.into_any().unbind(),
    })
}

/// The `DatabaseError` of the database at `path`.
pub fn db_error(py: Python<'_>, path: Option<&Path>, message: &str) -> PyErr {
    let name = path.map_or_else(String::new, |p| p.display().to_string());
    let attrs = path
        .map(|_| ("path", PyString::new(py, &name).into_any()))
        .into_iter()
        .collect::<Vec<_>>();
    error(
        py,
        "DatabaseError",
        &format!("db {name}: {message}"),
        &attrs,
    )
}

/// Opens a solved database (`mancala solve --out`; spec/analysis.md §4: its header and tables are
/// checked now, its blocks when a lookup needs them). A file that cannot be opened is Python's
/// `OSError` of its errno (`FileNotFoundError`), as `open` raises it; one that is not a
/// database, a `DatabaseError`.
pub fn load_db(py: Python<'_>, path: &Path) -> PyResult<Database> {
    if let Err(e) = std::fs::metadata(path) {
        return Err(crate::errors::os_error(&e, &path.display().to_string()));
    }
    Database::open_path(path).map_err(|e| db_error(py, Some(path), &e))
}

/// Checks that `history` is the game before `pos`: positions of its game and options, each
/// leading to the next by one legal move, and the last to `pos` (what `Game.analyse` gives, the
/// positions of the round so far). A list that is not (`pos` itself at its end, a position left
/// out, another round) would make the search count as repetitions positions that are not this
/// game's.
fn check_history(pos: &Position, history: &[Position]) -> Result<(), String> {
    for (i, h) in history.iter().enumerate() {
        if h.variant() != pos.variant() {
            return Err(format!(
                "history[{i}] is a position of {}, but the position analysed is of {}",
                h.variant(),
                pos.variant()
            ));
        }
        let (next, name) = match history.get(i + 1) {
            Some(n) => (n, format!("history[{}]", i + 1)),
            None => (pos, "the position analysed".to_owned()),
        };
        if !h
            .legal_moves_with_positions()
            .iter()
            .any(|(_, p)| p == next)
        {
            return Err(format!(
                "history[{i}] does not lead to {name} by one legal move: give the positions \
                 played before the one analysed, oldest first, each once (Game.analyse does)"
            ));
        }
    }
    Ok(())
}

/// The positions of `history`: any iterable of `Position` (a list, a tuple, a slice of `Game`'s
/// stack).
pub fn history(history: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Position>> {
    let Some(h) = history else {
        return Ok(Vec::new());
    };
    let items = h
        .try_iter()
        .map_err(|_| args::wrong_type("history", "an iterable of Position", h))?;
    items
        .enumerate()
        .map(|(i, p)| {
            let p = p?;
            p.cast::<PyPosition>()
                .map(|p| p.get().pos)
                .map_err(|_| args::wrong_type(&format!("history[{i}]"), "a Position", &p))
        })
        .collect()
}

/// What an analysis is asked besides its limits.
pub struct Asked<'py> {
    pub multipv: Option<Bound<'py, PyAny>>,
    pub hash: Option<Bound<'py, PyAny>>,
    pub db: Option<Bound<'py, PyAny>>,
}

/// Runs an analysis with the GIL released, of `pos` reached through `history`, the positions of
/// its game before it (spec/analysis.md §2: a line back to one is a repetition); Ctrl-C stops
/// it.
pub fn run(
    py: Python<'_>,
    pos: &Position,
    history: &[Position],
    limits: Limits,
    asked: &Asked<'_>,
) -> PyResult<PyAnalysis> {
    py.detach(|| check_history(pos, history))
        .map_err(|m| plain("ArgumentError", m))?;
    let multipv = asked
        .multipv
        .as_ref()
        .map_or(Ok(1), |m| args::limited(m, "multipv", 1..=256))?;
    let hash_bytes = size(asked.hash.as_ref(), 64 << 20)?;
    let path = asked.db.as_ref().map(|d| args::path(d, "db")).transpose()?;
    let db = path.as_deref().map(|p| load_db(py, p)).transpose()?;
    if let Some(d) = db.as_ref().filter(|d| d.variant() != pos.variant()) {
        return Err(db_error(
            py,
            path.as_deref(),
            &format!(
                "a database of {}, but the position is of {}",
                d.variant(),
                pos.variant()
            ),
        ));
    }
    let engine = Engine::new(hash_bytes, 1).map_err(|e| table_refused(e.bytes))?;
    let pos = *pos;
    // Only the positions since the last capture can come again.
    let known = analysis::history::repeatable(&pos, history);
    let a = crate::interrupt::watched(py, |stop| {
        let oracle = db.as_ref().map(|d| d as &dyn Oracle);
        engine.analyse_after(
            &pos,
            known,
            &SearchOptions {
                limits,
                multipv,
                also: &[],
                oracle,
                stop: Some(stop),
                ..SearchOptions::default()
            },
        )
    })?;
    // A damaged block met by the search: the answer cannot be trusted.
    if let Some(f) = db.as_ref().and_then(Database::failure) {
        return Err(db_error(py, path.as_deref(), &f));
    }
    // The limits came before depth 1: no value to give.
    let a = a.map_err(|u| plain("LimitError", u.to_string()))?;
    let lines = a
        .lines
        .iter()
        .map(|l| Line {
            moves: l.moves.iter().map(ToString::to_string).collect(),
            value: l.value,
            worst: l.worst,
            exact: l.exact,
        })
        .collect();
    Ok(PyAnalysis {
        position: PyPosition::new(pos),
        best: a.best().map(|m| m.to_string()),
        value: a.value,
        worst: a.worst,
        exact: a.exact,
        proved: a.proved,
        endless_met: a.endless_met,
        lines,
        depth: a.depth,
        nodes: a.nodes,
        seconds: a.elapsed.as_secs_f64(),
        history: history.len(),
        repeatable: known.len(),
    })
}

/// One line of play from the analysed position, best first.
#[pyclass(module = "mancala_games", name = "Line", frozen)]
#[derive(Clone)]
pub struct Line {
    /// The moves, from the player to move; the first is the move the line is about.
    #[pyo3(get)]
    moves: Vec<String>,
    value: Outcome,
    worst: Outcome,
    /// Whether both are proved and equal.
    #[pyo3(get)]
    exact: bool,
}

#[pymethods]
impl Line {
    /// The value after the first move, endless play counted as the best outcome for the player
    /// to move.
    #[getter]
    fn value(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        outcome(py, self.value)
    }

    /// The same with endless play counted as his worst outcome.
    #[getter]
    fn worst(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        outcome(py, self.worst)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Line({}, value={}, worst={}, exact={})",
            crate::errors::repr(py, &self.moves),
            crate::errors::repr(py, self.value(py).ok()),
            crate::errors::repr(py, self.worst(py).ok()),
            crate::errors::repr(py, self.exact)
        )
    }
}

/// The result of ``analyse`` (spec/analysis.md §2): the value of the position for the player to
/// move (the final margin of the round in seeds with best play; ``"+endless"``/``"-endless"``
/// where endless play decides), under both conventions for endless play, whether it is exact,
/// the best moves and their lines, and the search's figures.
#[pyclass(module = "mancala_games", name = "Analysis", frozen)]
pub struct PyAnalysis {
    /// The position analysed.
    #[pyo3(get)]
    position: PyPosition,
    /// A best move, or ``None`` when the round is over.
    #[pyo3(get)]
    best: Option<String>,
    value: Outcome,
    worst: Outcome,
    /// Proved, and the same under both conventions.
    #[pyo3(get)]
    exact: bool,
    /// Both values proved (they may differ).
    #[pyo3(get)]
    proved: bool,
    /// A line met endless play (a repeated position).
    #[pyo3(get)]
    endless_met: bool,
    /// The best lines, best first (``multipv`` of them at most).
    #[pyo3(get)]
    lines: Vec<Line>,
    /// The depth of the last iteration completed, in plies.
    #[pyo3(get)]
    depth: u32,
    /// Positions visited.
    #[pyo3(get)]
    nodes: u64,
    /// Time taken, in seconds.
    #[pyo3(get)]
    seconds: f64,
    /// How many positions of the game before this one were given (``history``).
    #[pyo3(get)]
    history: usize,
    /// How many of them the search counted as repetitions: those since the last capture, the
    /// only ones play can come back to.
    #[pyo3(get)]
    repeatable: usize,
}

#[pymethods]
impl PyAnalysis {
    /// The value, endless play counted as the best outcome for the player to move: the final
    /// margin in seeds, or ``"+endless"``/``"-endless"``.
    #[getter]
    fn value(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        outcome(py, self.value)
    }

    /// The value, endless play counted as his worst outcome.
    #[getter]
    fn worst(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        outcome(py, self.worst)
    }
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Analysis(value={}, worst={}, exact={}, best={}, depth={})",
            crate::errors::repr(py, self.value(py).ok()),
            crate::errors::repr(py, self.worst(py).ok()),
            crate::errors::repr(py, self.exact),
            crate::errors::repr(py, &self.best),
            self.depth
        )
    }
}
