//! perft and analyse, with the `mancala` command's limits (perft depth 0 to 40, threads 1 to 256,
//! a table of at most 1024G; analyse depth 1 to 1000, multipv 1 to 256), run with the GIL
//! released so that other Python threads go on meanwhile.

use crate::errors::plain;
use crate::position_class::PyPosition;
use analysis::db::Database;
use analysis::search::Oracle;
use analysis::{Engine, Limits, Outcome, SearchOptions};
use pyo3::prelude::*;
use rules_core::{COUNT_MAX, PerftOptions, Position};
use std::time::Duration;

/// The deepest perft, as `mancala perft` takes it.
pub const MAX_PERFT_DEPTH: u32 = 40;

/// A size in bytes: an int, or a string such as `"64M"`, `"1G"` (powers of 1024), at most 1024G.
pub fn size(given: Option<&Bound<'_, PyAny>>, default: usize) -> PyResult<usize> {
    let Some(given) = given.filter(|g| !g.is_none()) else {
        return Ok(default);
    };
    let bad = |s: &str| {
        plain(
            "LimitError",
            format!("`{s}` is not a size such as 64M or 1G (at most 1024G)"),
        )
    };
    let bytes = if let Ok(n) = given.extract::<u64>() {
        usize::try_from(n).ok()
    } else {
        let s: String = given.extract()?;
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
    };
    bytes
        .filter(|&n| n <= 1 << 40)
        .ok_or_else(|| bad(&given.to_string()))
}

fn threads(given: Option<usize>) -> PyResult<usize> {
    match given {
        None => Ok(std::thread::available_parallelism().map_or(1, std::num::NonZero::get)),
        Some(t) if (1..=256).contains(&t) => Ok(t),
        Some(t) => Err(plain("LimitError", format!("threads {t}: give 1 to 256"))),
    }
}

/// perft split by the first move, the GIL released.
pub fn divide(
    py: Python<'_>,
    pos: &Position,
    depth: u32,
    threads: Option<usize>,
    hash: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(String, u128)>> {
    if depth > MAX_PERFT_DEPTH {
        return Err(plain(
            "LimitError",
            format!("perft depth {depth}: give 0 to {MAX_PERFT_DEPTH}"),
        ));
    }
    if depth == 0 {
        return Ok(Vec::new());
    }
    let threads = self::threads(threads)?;
    let hash_bytes = size(hash, 0)?;
    let pos = *pos;
    let counts = py.detach(move || {
        let opts = PerftOptions {
            threads,
            hash_bytes,
            progress: None,
        };
        pos.perft_divide_with(depth, &opts)
    });
    let counts = counts.map_err(|e| {
        plain(
            "LimitError",
            format!(
                "hash {} bytes: not enough memory for a transposition table of that size; give a smaller one",
                e.bytes
            ),
        )
    })?;
    Ok(counts
        .into_iter()
        .map(|(m, n)| (m.to_string(), n))
        .collect())
}

/// The total of a divide: 1 at depth 0, and never past 2^128 - 1.
pub fn total(
    _py: Python<'_>,
    depth: u32,
    mut counts: impl Iterator<Item = u128>,
) -> PyResult<u128> {
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
pub fn limits(depth: Option<u32>, time: Option<f64>, nodes: Option<u64>) -> PyResult<Limits> {
    if let Some(d) = depth
        && !(1..=analysis::search::MAX_DEPTH).contains(&d)
    {
        return Err(plain("LimitError", format!("depth {d}: give 1 to 1000")));
    }
    let time = time
        .map(|t| {
            (t.is_finite() && (0.0..=1e7).contains(&t))
                .then(|| Duration::from_secs_f64(t))
                .ok_or_else(|| plain("LimitError", format!("time {t}: give seconds, 0 to 1e7")))
        })
        .transpose()?;
    if nodes == Some(0) {
        return Err(plain("LimitError", "nodes 0: give at least 1"));
    }
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

/// Opens a solved database (`mancala solve --out`; spec/analysis.md §4: its header and tables are
/// checked now, its blocks when a lookup needs them).
pub fn load_db(path: &str) -> PyResult<Database> {
    Database::open_path(std::path::Path::new(path))
        .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("db {path}: {e}")))
}

/// Checks that `history` is the game before `pos`: positions of its game and options, each
/// leading to the next by one legal move, and the last to `pos` (what `Game.analyse` gives, the
/// positions of the round so far). A list that is not (`pos` itself at its end, a position left
/// out, another round) would make the search count as repetitions positions that are not this
/// game's.
fn check_history(pos: &Position, history: &[Position]) -> PyResult<()> {
    let bad = |m: String| pyo3::exceptions::PyValueError::new_err(m);
    for (i, h) in history.iter().enumerate() {
        if h.variant() != pos.variant() {
            return Err(bad(format!(
                "history[{i}] is a position of {}, but the position analysed is of {}",
                h.variant(),
                pos.variant()
            )));
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
            return Err(bad(format!(
                "history[{i}] does not lead to {name} by one legal move: give the positions \
                 played before the one analysed, oldest first, each once (Game.analyse does)"
            )));
        }
    }
    Ok(())
}

/// Runs an analysis with the GIL released, of `pos` reached through `history`, the positions of
/// its game before it (spec/analysis.md §2: a line back to one is a repetition).
pub fn run(
    py: Python<'_>,
    pos: &Position,
    history: &[Position],
    limits: Limits,
    multipv: usize,
    hash: Option<&Bound<'_, PyAny>>,
    db: Option<&str>,
) -> PyResult<PyAnalysis> {
    check_history(pos, history)?;
    if !(1..=256).contains(&multipv) {
        return Err(plain(
            "LimitError",
            format!("multipv {multipv}: give 1 to 256"),
        ));
    }
    let hash_bytes = size(hash, 64 << 20)?;
    let path = db;
    let db = db.map(load_db).transpose()?;
    if let Some(d) = db.as_ref().filter(|d| d.variant() != pos.variant()) {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "db {}: a database of {}, but the position is of {}",
            path.unwrap_or(""),
            d.variant(),
            pos.variant()
        )));
    }
    let engine = Engine::new(hash_bytes, 1).map_err(|e| {
        plain(
            "LimitError",
            format!(
                "hash {} bytes: not enough memory for a transposition table of that size; give a smaller one",
                e.bytes
            ),
        )
    })?;
    let pos = *pos;
    // Only the positions since the last capture can come again.
    let known = analysis::history::repeatable(&pos, history);
    let a = py.detach(|| {
        let oracle = db.as_ref().map(|d| d as &dyn Oracle);
        engine.analyse_after(
            &pos,
            known,
            &SearchOptions {
                limits,
                multipv,
                also: &[],
                oracle,
                ..SearchOptions::default()
            },
        )
    });
    // A damaged block met by the search: the answer cannot be trusted.
    if let Some(f) = db.as_ref().and_then(Database::failure) {
        return Err(pyo3::exceptions::PyOSError::new_err(format!(
            "db {}: {f}",
            path.unwrap_or("")
        )));
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
