//! `analyse`: iterative-deepening principal-variation search (negamax, alpha-beta with null
//! windows) with a transposition table shared by its threads, over the legal moves of
//! `rules-core` (spec/analysis.md §2, §11).
//!
//! * A score is the final margin for the player to move ([`crate::value`]); where a line stops
//!   before the round ends, [`crate::eval::estimate`] stands in and the score is not proved.
//! * A node is **proved** when every leaf below it that decided its score was the end of the
//!   round, a solved database or a repetition: a proved root value is exact.
//! * A position that repeats one on the path from the root is endless play, scored by the
//!   [`Convention`](crate::Convention). Each iteration searches first with endless play counted as the worst
//!   outcome for the root's player to move (the convention that picks the best move: the rules
//!   score no endless round, so a player must never prefer one to a proved gain), then, when a
//!   line met endless play, again with it counted as his best. Scores that depend on the path
//!   are never stored in the table.
//! * Bound proofs ([`Engine::prove_bounds`], `bounds.rs`): null-window tests that each prove one
//!   bound where they can, a position whose settled seeds decide the test being a proved leaf
//!   ([`settled::interval`]).
//! * Threads: the main thread deepens and reports; helpers search the same iteration, sharing
//!   the table, and skip a move another thread is searching (simplified ABDADA, `threads.rs`).
//!
//! [`Engine`] keeps its table between analyses (a batch, a match); [`analyse`] is one analysis
//! with a table of its own.

mod bounds;
mod history;
mod node;
mod progress;
mod root;
pub mod settled;
mod threads;

pub use bounds::Bounds;

use crate::table::Table;
use crate::value::Outcome;
use rules_core::{Move, Position, TableError};
use serde::Serialize;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The deepest iteration: far beyond any round's length on a line that does not repeat.
pub const MAX_DEPTH: u32 = 1000;

/// When to stop deepening, each honoured within a few milliseconds or nodes: a limit reached
/// inside an iteration discards it, and a search whose first iteration did not complete has no
/// answer ([`Unfinished`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The last depth to search, in plies.
    pub depth: Option<u32>,
    /// Time for the whole analysis.
    pub time: Option<Duration>,
    /// Positions to visit, at most (with several threads, give or take 16 a thread).
    pub nodes: Option<u64>,
}

/// Exact values a solved database knows: for the player to move, the final margin with endless
/// play scored as his best outcome and as his worst (`±ENDLESS` for endless play). Threads of a
/// search consult it at once.
pub trait Oracle: Sync {
    /// The position's values, if the database holds it.
    fn probe(&self, pos: &Position) -> Option<[i32; 2]>;
}

/// How to analyse one position.
#[derive(Copy, Clone, Default)]
pub struct SearchOptions<'a> {
    pub limits: Limits,
    /// How many best moves to give lines for (`--multipv`); at least 1.
    pub multipv: usize,
    /// Moves to give lines for whatever their rank (`annotate`: the move played), searched in
    /// the same iterations to the same depth as the best ones; moves that are not legal here
    /// are left out.
    pub also: &'a [Move],
    /// A solved database to consult.
    pub oracle: Option<&'a dyn Oracle>,
    /// Stops the search from outside (a client gone, a user's stop) when set: honoured as a
    /// limit is, within a few nodes, also inside a long sowing. The analysis then gives its last
    /// completed iteration, as at a time limit.
    pub stop: Option<&'a Arc<AtomicBool>>,
    /// Called on the main thread after every completed iteration with the analysis so far (its
    /// depth, values and lines; the best move not yet told from others of its value by
    /// [`Analysis::progress`]): what a front end that shows the search deepening needs.
    pub progress: Option<&'a (dyn Fn(&Analysis) + Sync)>,
}

/// One line of play from the root, best first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// The moves, from the root's player to move; the first is the move the line is about.
    pub moves: Vec<Move>,
    /// The root's value after the first move, endless play scored as the best outcome for the
    /// root's player to move.
    pub value: Outcome,
    /// The same with endless play scored as his worst outcome: what moves are ranked by. Equal
    /// to `value` when no endless play was met.
    pub worst: Outcome,
    /// Whether both values are proved and equal.
    pub exact: bool,
    /// Whether `worst` is proved (`value` may not be).
    pub worst_proved: bool,
}

/// How the best move was chosen among the moves of the best value, when several have it and
/// that value is proved: the one after which the round can be forced to end with at least that
/// value in the fewest plies, so that a player who follows the best moves makes progress and
/// never goes round in circles.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Progress {
    /// Moves of the best value, the best move among them.
    pub tied: usize,
    /// Plies within which the best move forces the end of the round with at least its value;
    /// `None` when the limits cut the count short (the first of the tied moves is kept).
    pub plies: Option<u32>,
}

/// The result of an analysis.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The best lines (at most `multipv`), best first (ranked by `worst`); empty when the round
    /// is over.
    pub lines: Vec<Line>,
    /// The lines of [`SearchOptions::also`], in the order asked.
    pub also: Vec<Line>,
    /// The position's value, endless play scored as the best outcome for the player to move.
    pub value: Outcome,
    /// The same, endless play scored as his worst outcome: the value of the best move.
    pub worst: Outcome,
    /// Whether the value is exact: proved, and the same under both conventions.
    pub exact: bool,
    /// Whether the values under both conventions are proved (they may differ).
    pub proved: bool,
    /// Whether a line met endless play (a repeated position).
    pub endless_met: bool,
    /// How the best move was told from others of the same value, if several had it.
    pub progress: Option<Progress>,
    /// The depth of the last iteration completed, in plies.
    pub depth: u32,
    /// Positions visited, by every thread.
    pub nodes: u64,
    /// Threads that searched.
    pub threads: usize,
    /// Time taken.
    #[serde(serialize_with = "seconds")]
    pub elapsed: Duration,
}

fn seconds<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

impl Analysis {
    /// Positions visited per second.
    #[must_use]
    pub fn nodes_per_second(&self) -> f64 {
        let t = self.elapsed.as_secs_f64();
        if t > 0.0 { self.nodes as f64 / t } else { 0.0 }
    }

    /// The best move, if the round goes on.
    #[must_use]
    pub fn best(&self) -> Option<Move> {
        self.lines.first().and_then(|l| l.moves.first()).copied()
    }

    /// The line of `m` among the best lines and those asked for with `also`.
    #[must_use]
    pub fn line_of(&self, m: Move) -> Option<&Line> {
        self.lines
            .iter()
            .chain(&self.also)
            .find(|l| l.moves.first() == Some(&m))
    }
}

/// A search stopped by its limits before its first iteration completed: no value, no move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Unfinished {
    /// Positions visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Whether the legal moves of the position itself were not known yet (a start whose
    /// sowing runs long before it is proved endless, U15, G10, S12).
    pub at_root: bool,
}

impl fmt::Display for Unfinished {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.at_root {
            write!(
                f,
                "the limit came before the position's legal moves were known (a sowing that runs \
                 long before it is proved endless), after {:.3} s",
                self.elapsed.as_secs_f64()
            )
        } else {
            write!(
                f,
                "the limit came before depth 1 was searched, after {} nodes in {:.3} s",
                self.nodes,
                self.elapsed.as_secs_f64()
            )
        }
    }
}

impl std::error::Error for Unfinished {}

/// Why [`analyse`] gave no analysis.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The transposition table asked for cannot be had.
    Table(TableError),
    /// The limits stopped the search before its first iteration completed.
    Unfinished(Unfinished),
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Table(e) => e.fmt(f),
            SearchError::Unfinished(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SearchError {}

impl From<TableError> for SearchError {
    fn from(e: TableError) -> Self {
        SearchError::Table(e)
    }
}

impl From<Unfinished> for SearchError {
    fn from(e: Unfinished) -> Self {
        SearchError::Unfinished(e)
    }
}

/// A searcher that keeps its transposition table from one analysis to the next (a batch of
/// positions, the moves of a match): what it learnt of one position serves the next. Values
/// stay what they are (the table holds only what does not depend on the path), but estimates
/// and the move chosen at a limit may depend on what was searched before: [`Engine::clear`]
/// forgets it.
pub struct Engine {
    table: Table,
    threads: usize,
}

impl Engine {
    /// An engine with a table of `hash_bytes` and `threads` threads (at least 1).
    ///
    /// # Errors
    /// The machine cannot give a table that size.
    pub fn new(hash_bytes: usize, threads: usize) -> Result<Engine, TableError> {
        Ok(Engine {
            table: Table::new(hash_bytes)?,
            threads: threads.max(1),
        })
    }

    /// Threads each analysis uses.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Bytes of table in use now (it doubles as it fills, up to the size asked for).
    #[must_use]
    pub fn hash_in_use(&self) -> usize {
        self.table.bytes_in_use()
    }

    /// Forgets every position searched.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Analyses `pos`: its value and its best lines, deepening until the value is proved or a
    /// limit is reached.
    ///
    /// # Errors
    /// The limits came before the first iteration completed.
    pub fn analyse(
        &self,
        pos: &Position,
        opts: &SearchOptions<'_>,
    ) -> Result<Analysis, Unfinished> {
        threads::analyse(&self.table, self.threads, pos, &[], opts)
    }

    /// Analyses `pos` as a position of a game reached through `history`, the positions played
    /// before it (oldest first): a line that comes back to one of them repeats a position, as a
    /// line that comes back to one on its own path does (spec/analysis.md §2). What a player in
    /// a game needs: a lone position's search sees no cycle longer than its horizon, and where
    /// the estimates cannot tell the moves apart it may go round one for ever
    /// (spec/analysis.md §13.2). Only positions that can come again matter (since the last
    /// capture, in these games); scores that meet them depend on the game, and are not stored.
    ///
    /// # Errors
    /// The limits came before the first iteration completed.
    pub fn analyse_after(
        &self,
        pos: &Position,
        history: &[Position],
        opts: &SearchOptions<'_>,
    ) -> Result<Analysis, Unfinished> {
        threads::analyse(&self.table, self.threads, pos, history, opts)
    }

    /// Proves bounds on the value of `pos` by null-window tests (spec/analysis.md §2, bound
    /// proofs), deepening until the bounds meet or a limit is reached; `opts.multipv` and
    /// `opts.also` play no part.
    ///
    /// # Errors
    /// The limits came before the root's moves were known.
    pub fn prove_bounds(
        &self,
        pos: &Position,
        opts: &SearchOptions<'_>,
    ) -> Result<Bounds, Unfinished> {
        bounds::prove(&self.table, self.threads, pos, opts)
    }
}

/// The table of [`analyse`]: 16 MB (taken as it fills).
pub const ANALYSE_HASH: usize = 16 << 20;

/// Analyses `pos` with one thread and a table of its own ([`ANALYSE_HASH`]).
///
/// # Errors
/// The table cannot be had, or the limits came before the first iteration completed.
pub fn analyse(pos: &Position, opts: &SearchOptions<'_>) -> Result<Analysis, SearchError> {
    Ok(Engine::new(ANALYSE_HASH, 1)?.analyse(pos, opts)?)
}
