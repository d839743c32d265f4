//! `mancala_games._core`: the Python bindings of the mancala toolkit, a thin layer over the
//! workspace's crates (`rules-core`, `notation`, `analysis`, `rulebook`, `diagram`). Python's
//! side (`python/mancala_games/`) re-exports these and adds what is plain Python: the exceptions,
//! `Game` with push/pop, the PettingZoo environment and the Dask jobs.
//!
//! Where the engine's API is reached: `input.rs` (positions, options, moves from strings),
//! `position.rs` (play, rounds, pictures), `pipeline.rs` (records from bytes, checked),
//! `analysis.rs` (perft, analyse), `rules.rs` (the book). Each is a few calls, so that a change
//! of the engine's API is a change of one file.

mod analysis;
mod annotate;
mod args;
mod batch;
mod errors;
mod input;
mod interrupt;
mod pipeline;
mod position;
mod position_class;
mod records;
mod rules;
mod tokens;

use pyo3::prelude::*;

/// The games' names, as ``Position`` and the command line take them, in the order messages
/// list them: the rules core's list.
#[pyfunction]
fn games() -> Vec<&'static str> {
    rules_core::GameKind::names().collect()
}

/// Every option of a game with the values it takes, the default first:
/// ``{"holes": ["4", "3"]}`` for Bechi.
#[pyfunction]
fn game_options(game: &Bound<'_, PyAny>) -> PyResult<Vec<(&'static str, Vec<&'static str>)>> {
    let game = args::text(game, "game", "UnknownGameError")?;
    let v = rules_core::Variant::default_for(input::game(&game)?);
    Ok(v.option_keys()
        .iter()
        .map(|k| (*k, v.option_values(k)))
        .collect())
}

/// Checks the arguments of ``Record.annotate`` without a record: what ``cluster.annotate_files``
/// does before it hands out tasks, so that a bad argument is one error here rather than one in
/// every task.
#[pyfunction]
#[pyo3(name = "_check_annotate")]
#[pyo3(signature = (*, depth=None, time=None, nodes=None, db=None, dubious=None, mistake=None, blunder=None, format=None))]
#[allow(clippy::too_many_arguments)]
fn check_annotate(
    depth: Option<&Bound<'_, PyAny>>,
    time: Option<&Bound<'_, PyAny>>,
    nodes: Option<&Bound<'_, PyAny>>,
    db: Option<&Bound<'_, PyAny>>,
    dubious: Option<&Bound<'_, PyAny>>,
    mistake: Option<&Bound<'_, PyAny>>,
    blunder: Option<&Bound<'_, PyAny>>,
    format: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    annotate::Annotating::new(
        [depth, time, nodes],
        db,
        [dubious, mistake, blunder],
        format,
    )
    .map(|_| ())
}

#[pymodule]
#[pyo3(name = "_core")]
fn core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<position::PyPosition>()?;
    m.add_class::<position::Ply>()?;
    m.add_class::<analysis::PyAnalysis>()?;
    m.add_class::<analysis::Line>()?;
    m.add_class::<records::Records>()?;
    m.add_class::<records::Record>()?;
    m.add_class::<records::PyProblem>()?;
    m.add_class::<rules::PyRule>()?;
    m.add_class::<batch::Batch>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(game_options, m)?)?;
    m.add_function(wrap_pyfunction!(records::read_file, m)?)?;
    m.add_function(wrap_pyfunction!(records::read_string, m)?)?;
    m.add_function(wrap_pyfunction!(rules::rules, m)?)?;
    m.add_function(wrap_pyfunction!(rules::rule_ids, m)?)?;
    m.add_function(wrap_pyfunction!(batch::legal_moves_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::move_counts, m)?)?;
    m.add_function(wrap_pyfunction!(batch::play_batch, m)?)?;
    m.add_function(wrap_pyfunction!(check_annotate, m)?)?;
    m.add("MAX_PERFT_DEPTH", analysis::MAX_PERFT_DEPTH)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
