//! `solve`: the exact value of every position reachable from given Bechi positions, by retrograde
//! analysis over indexed slices (spec/analysis.md §3).
//!
//! 1. **Boards** ([`board`]): a position as the rest of its round sees it, from the mover's side.
//! 2. **Slices** ([`index`], [`catalog`]): boards with the same seeds, chosen marks and blocked
//!    holes, numbered without gaps; a slice and its rows-swapped twin form a pair, inside which
//!    play can cycle. Every move out of a pair leads to one solved before it.
//! 3. **Reachable boards** ([`reach`]): one bit per board of each slice, pairs visited in the
//!    reverse of solving order.
//! 4. **Values** ([`retro`]): pair by pair, both conventions for endless play at once, children
//!    made again instead of kept, parents found by unmaking moves.
//! 5. **Resuming** ([`work`]): each solved pair is appended to a work file, checked, and a run
//!    that was stopped takes up where it was.
//! 6. **Checking** ([`verify`]): values read from a journal or a database are believed only
//!    where the moves prove them, pair by pair.

pub mod bits;
pub mod board;
pub mod catalog;
pub mod check;
pub mod index;
pub mod reach;
pub mod retro;
pub mod verify;
pub mod work;

pub use bits::{Bitmap, OutOfMemory, vec_of};
pub use board::GAME;
use board::{Board, Shape};
use catalog::Catalog;
use index::SliceId;
use rules_core::{GameKind, Position, Variant};
use std::fmt;
use std::time::{Duration, Instant};

/// Whether the solver (and its databases, and the match solver) covers `variant` ([`GAME`],
/// either width).
#[must_use]
pub fn covers(variant: Variant) -> bool {
    Shape::of(variant).is_some()
}

/// The one guard of all that stands on the solver (`solve`, `match`, the match solver), asked
/// before it starts: `who` covers [`GAME`] only.
///
/// # Errors
/// `game` is another game: "`who` covers Bechi only, not `game`".
pub fn guard(who: &str, game: GameKind) -> Result<(), String> {
    if game == GAME {
        Ok(())
    } else {
        Err(format!("{who} covers {} only, not {game}", GAME.title()))
    }
}

/// Why a solve stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// A root the solver does not cover, or other bad input.
    Input(String),
    /// The machine would not give the memory.
    Memory(OutOfMemory),
    /// The work directory could not be used.
    Io(String),
    /// More positions than the caller allowed.
    Limit(String),
    /// A broken invariant: a bug.
    Internal(String),
}

impl From<OutOfMemory> for SolveError {
    fn from(e: OutOfMemory) -> Self {
        SolveError::Memory(e)
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Input(m) | SolveError::Io(m) | SolveError::Limit(m) => f.write_str(m),
            SolveError::Memory(m) => write!(
                f,
                "not enough memory for the {} ({:.1} MB more)",
                m.what,
                m.bytes as f64 / 1e6
            ),
            SolveError::Internal(m) => write!(f, "internal error: {m}"),
        }
    }
}

/// The phase a progress report is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Finding the reachable boards, pairs from the most seeds down.
    Reach,
    /// Solving, pairs from the fewest seeds up.
    Solve,
    /// Solved pairs read back from the work file.
    Resume,
    /// A database's values checked against their moves, pairs from the fewest seeds up.
    Verify,
}

/// Where a solve is, after each pair of slices.
#[derive(Copy, Clone, Debug)]
pub struct Progress {
    /// What is being done.
    pub phase: Phase,
    /// The pair just done (its first slice).
    pub slice: SliceId,
    /// Its reachable boards.
    pub slice_positions: u64,
    /// Pairs done in this phase, and pairs in all (many are empty and done at once).
    pub pairs_done: usize,
    /// Pairs in all.
    pub pairs: usize,
    /// Boards done in this phase, and in all when known.
    pub positions_done: u64,
    /// Boards in all, when known (not while they are being found).
    pub positions: Option<u64>,
    /// Time in this phase.
    pub elapsed: Duration,
    /// Whether the pair is done (otherwise a report from inside it: `positions_done` counts the
    /// part of it done).
    pub pair_finished: bool,
}

/// A solved slice: its reachable boards and their values, `[best, worst]` for the mover, in
/// index order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvedSlice {
    /// Reachable boards (with a rank directory).
    pub set: Bitmap,
    /// Their values.
    pub values: Vec<[i8; 2]>,
}

/// The figures of a solve.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Reachable boards (board, chosen marks, blocked holes, relative to the mover).
    pub positions: u64,
    /// Moves between them.
    pub moves: u64,
    /// Boards where the round is over (B13).
    pub finished: u64,
    /// Slices with a reachable board.
    pub slices: usize,
    /// The slice with the most reachable boards, and their number.
    pub largest_slice: Option<(SliceId, u64)>,
    /// Boards whose two values differ (endless play decides).
    pub endless: u64,
    /// How many boards have each value for their mover (endless play his best outcome), as a
    /// search score.
    pub distribution: std::collections::BTreeMap<i32, u64>,
    /// Pairs read back from the work file instead of solved.
    pub resumed_pairs: usize,
    /// Time to find the reachable boards.
    pub reach: Duration,
    /// Time of the retrograde analysis.
    pub retrograde: Duration,
}

/// Every slice of a solve with its values.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The slices the solve could meet.
    pub catalog: Catalog,
    /// By place in the catalog; `None`: no reachable board.
    pub slices: Vec<Option<SolvedSlice>>,
}

/// How to solve.
pub struct SolveOptions<'a> {
    /// Where solved pairs are kept so that a stopped run can resume (`None`: nowhere).
    pub work: Option<&'a std::path::Path>,
    /// Threads for the moves out of a pair (at least 1).
    pub threads: usize,
    /// Stop once more boards than this are reachable.
    pub max_positions: Option<u64>,
}

/// The boards of the roots, which must be Bechi positions of one width.
///
/// # Errors
/// No root, another game, two widths.
pub fn root_boards(roots: &[Position]) -> Result<(Shape, Vec<Board>), SolveError> {
    let first = roots
        .first()
        .ok_or_else(|| SolveError::Input("no position to solve".to_owned()))?;
    let shape = Shape::of(first.variant()).ok_or_else(|| {
        SolveError::Input(format!(
            "solve covers Bechi positions; this is {}",
            first.variant()
        ))
    })?;
    let mut boards = Vec::new();
    for r in roots {
        let (b, _) = shape.board_of(r).ok_or_else(|| {
            SolveError::Input(format!(
                "every position of one solve is of one game; {} and {}",
                first.variant(),
                r.variant()
            ))
        })?;
        boards.push(b);
    }
    Ok((shape, boards))
}

/// Solves every position reachable from `roots` (Bechi positions of one width). `progress`
/// hears after each pair of slices.
///
/// # Errors
/// A root the solver does not cover; out of memory; the work directory unusable.
pub fn solve(
    roots: &[Position],
    options: &SolveOptions<'_>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<(Solution, Stats), SolveError> {
    let (shape, boards) = root_boards(roots)?;
    let catalog = Catalog::new(shape, &boards);
    let t0 = Instant::now();
    let reached = reach::reach(&catalog, &boards, options.max_positions, progress)?;
    let mut stats = Stats {
        positions: reached.positions,
        moves: reached.moves,
        finished: reached.finished,
        reach: t0.elapsed(),
        ..Stats::default()
    };
    let t1 = Instant::now();
    let mut journal = match options.work {
        Some(dir) => Some(work::Journal::open(dir, &catalog, &boards, &reached)?),
        None => None,
    };
    let slices = solve_slices(
        &catalog,
        reached,
        journal.as_mut(),
        options,
        &mut stats,
        progress,
    )?;
    stats.retrograde = t1.elapsed();
    let solution = Solution { catalog, slices };
    for (place, s) in solution.slices.iter().enumerate() {
        let Some(s) = s else { continue };
        let n = s.values.len() as u64;
        stats.slices += 1;
        for v in &s.values {
            stats.endless += u64::from(v[0] != v[1]);
            *stats
                .distribution
                .entry(retro::scores(*v, 0)[0])
                .or_default() += 1;
        }
        if stats.largest_slice.is_none_or(|(_, m)| n > m) {
            stats.largest_slice = Some((solution.catalog.layouts()[place].id, n));
        }
    }
    Ok((solution, stats))
}

/// Solves the pairs in order, or takes them from the journal.
fn solve_slices(
    catalog: &Catalog,
    reached: reach::Reached,
    mut journal: Option<&mut work::Journal>,
    options: &SolveOptions<'_>,
    stats: &mut Stats,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Vec<Option<SolvedSlice>>, SolveError> {
    let t = Instant::now();
    let mut sets = reached.sets;
    let mut slices: Vec<Option<SolvedSlice>> = (0..sets.len()).map(|_| None).collect();
    let pairs: Vec<_> = catalog.pairs().collect();
    let mut done = 0u64;
    for (k, pair) in pairs.iter().enumerate() {
        let mut members = Vec::new();
        for i in pair.clone() {
            let mut set = match sets[i].take() {
                Some(s) => s,
                None => Bitmap::new(0, "reachable boards")?,
            };
            set.index_ranks()?;
            members.push(set);
        }
        let n: u64 = members.iter().map(Bitmap::count).sum();
        if n == 0 {
            continue;
        }
        let from_journal = match journal.as_deref_mut() {
            Some(j) => j.take(pair.start, &members)?,
            None => None,
        };
        let phase = if from_journal.is_some() {
            Phase::Resume
        } else {
            Phase::Solve
        };
        let values = match from_journal {
            Some(v) => {
                // A record's check catches damage, not an edit with the check made again:
                // its values are believed only where its moves prove them (§4.1).
                let found = verify::check_pair(
                    catalog,
                    pair.start,
                    &members,
                    &v,
                    &slices,
                    options.threads,
                    1,
                )?;
                if let (false, Some(j)) = (found.holds(), journal.as_deref()) {
                    return Err(j.refuse(catalog, pair.start, &found));
                }
                stats.resumed_pairs += 1;
                v
            }
            None => {
                let slice = catalog.layouts()[pair.start].id;
                let mut inside = |d: u64| {
                    // Moves out of the pair are about half the work of a pair.
                    progress(&Progress {
                        phase: Phase::Solve,
                        slice,
                        slice_positions: n,
                        pairs_done: k,
                        pairs: pairs.len(),
                        positions_done: done + d / 2,
                        positions: Some(reached.positions),
                        elapsed: t.elapsed(),
                        pair_finished: false,
                    });
                };
                let v = retro::solve_pair(
                    catalog,
                    pair.start,
                    &members,
                    &slices,
                    options.threads,
                    &mut inside,
                )?;
                if let Some(j) = journal.as_deref_mut() {
                    j.append(pair.start, &v)?;
                }
                v
            }
        };
        for ((i, set), v) in pair.clone().zip(members).zip(values) {
            if !v.is_empty() {
                slices[i] = Some(SolvedSlice { set, values: v });
            }
        }
        done += n;
        progress(&Progress {
            phase,
            slice: catalog.layouts()[pair.start].id,
            slice_positions: n,
            pairs_done: k + 1,
            pairs: pairs.len(),
            positions_done: done,
            positions: Some(reached.positions),
            elapsed: t.elapsed(),
            pair_finished: true,
        });
    }
    Ok(slices)
}

impl Solution {
    /// The shape of the board.
    #[must_use]
    pub fn shape(&self) -> Shape {
        self.catalog.shape()
    }

    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.shape().variant()
    }

    /// The stored values of a board, `[best, worst]` for its mover, if it is reachable.
    #[must_use]
    pub fn get(&self, b: &Board) -> Option<[i8; 2]> {
        let place = self.catalog.find(SliceId::of(self.shape(), b))?;
        let s = self.slices.get(place)?.as_ref()?;
        let index = self.catalog.layouts()[place].rank(b);
        s.set
            .contains(index)
            .then(|| s.values[s.set.rank(index) as usize])
    }
}

impl crate::search::Oracle for Solution {
    fn probe(&self, pos: &Position) -> Option<[i32; 2]> {
        let (b, so_far) = self.shape().board_of(pos)?;
        self.get(&b).map(|v| retro::scores(v, so_far))
    }
}
