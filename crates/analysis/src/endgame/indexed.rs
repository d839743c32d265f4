//! A perfectly indexed Giuthi endgame table (spec/analysis.md §12.5): every board of at most K
//! seeds, seen from the player to move, numbered by [`Ranking`], with its two board values
//! (two bytes a board), solved whole, level by level, by the retrograde analysis of
//! [`super::retro`] with the same semantics as the table filled on demand ([`super::Endgame`]).
//!
//! A level's moves are those of the rules core (`Position::legal_moves_with_positions`): each
//! board of the level is made a position (B to move, A holding every seed off the board), its
//! moves played, and each child numbered. Moves that capture lead to a lower level, already
//! solved, and give the board's exits; moves that do not stay in the level and are kept as a
//! list of undoubled moves, read backwards by the solver.

use super::closure::{RANGE, values_of, x_value};
use super::key::Keying;
use super::rank::Ranking;
use super::retro::{self, Graph, Level};
use super::{EndgameError, Values};
use crate::eval::final_margin;
use crate::search::Oracle;
use rules_core::{Player, Position, Setup, Variant};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// What solving one level took, for the report.
#[derive(Copy, Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct LevelReport {
    /// Seeds on the board.
    pub seeds: u32,
    /// Boards of the level.
    pub boards: u64,
    /// Moves that stay in the level (capture nothing).
    pub inside: u64,
    /// Boards whose two values differ: endless play decides them.
    pub endless: u64,
    /// Seconds playing the level's moves (every thread's wall time).
    pub moves_seconds: f64,
    /// Seconds of the retrograde analysis.
    pub solve_seconds: f64,
}

/// What the table did, for the report.
#[derive(Copy, Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct IndexedStats {
    /// Boards of at most this many seeds are held: K, or fewer when the time limit stopped the
    /// solving first ([`IndexedStats::asked`]).
    pub seeds: u32,
    /// The K asked for.
    pub asked: u32,
    /// The time limit stopped the solving before every level was solved: the table holds the
    /// levels solved before (`seeds`; none when even the first was not).
    pub timed_out: bool,
    /// Boards held (`C(K + 2N, 2N)`).
    pub boards: u64,
    /// Bytes of the values.
    pub bytes: u64,
    /// Seconds spent solving.
    pub seconds: f64,
    /// Probes answered.
    pub hits: u64,
}

/// A Giuthi table of every board of at most K seeds, shared by a search's threads.
pub struct Indexed {
    variant: Variant,
    /// The numbering of the levels solved (none solved: `None`).
    ranking: Option<Ranking>,
    asked: u32,
    /// The values of every board, by its number.
    values: Vec<Values>,
    seconds: f64,
    hits: AtomicU64,
}

/// One level's moves, as one thread lists them for a range of its boards.
#[derive(Default)]
struct Part {
    /// Both nodes' exits, two a board ([`Level::exit`]).
    exit: Vec<i16>,
    /// Moves staying in the level, a board.
    inside: Vec<u8>,
    /// Those moves: the child's number in the level, shifted left, and 1 when the mover moves
    /// again (a repeat move, G13).
    moves: Vec<u32>,
    /// The time limit came before every board of the range was listed.
    late: bool,
}

/// Bytes a board of the level being solved takes while it is, beside the table: about 14, and
/// 8 a move staying in the level, 2.6 to 3.7 of them (spec/analysis.md §12.5).
const LEVEL_BYTES: u64 = 14 + 8 * 4;

/// `1.2 GB`, `340 MB`.
fn bytes_words(b: u64) -> String {
    if b >= 1 << 30 {
        format!("{:.1} GB", b as f64 / f64::from(1u32 << 30))
    } else {
        format!("{} MB", b.div_ceil(1 << 20))
    }
}

/// A level read backwards: the parents of each board, undoubled.
struct Backward {
    exit: Vec<i16>,
    inside: Vec<u8>,
    /// `parents[starts[j]..starts[j + 1]]`: the boards with a move to board `j`, shifted left,
    /// and 1 when the move is a repeat move.
    starts: Vec<u32>,
    parents: Vec<u32>,
}

impl Graph for Backward {
    fn nodes(&self) -> usize {
        self.exit.len()
    }

    fn exit(&self, d: usize) -> i16 {
        self.exit[d]
    }

    fn inside(&self, d: usize) -> u32 {
        u32::from(self.inside[d / 2])
    }

    fn each_parent(&self, d: usize, mut f: impl FnMut(usize)) {
        let (j, t) = (d / 2, d % 2);
        let from = self.starts[j] as usize;
        let to = self.starts[j + 1] as usize;
        for &e in &self.parents[from..to] {
            // The child's convention is the parent's after a repeat move, the other after a
            // move that passes the turn.
            let c = if e & 1 == 1 { t } else { 1 - t };
            f(2 * (e >> 1) as usize + c);
        }
    }
}

/// The board of a position seen from its mover, his row first (as [`Keying::known`] keys it,
/// §12.1), into `board`; its seeds on the board (its level) and its baseline (his captures less
/// his opponent's). Read from the position's view: through a `Setup`, two allocations a child
/// took a third of the instructions of listing a level's moves.
fn seen_from_mover(pos: &Position, board: &mut [u8]) -> Option<(u32, i32)> {
    let v = pos.view();
    let seeds = v.seeds();
    let len = seeds.len();
    if len != board.len() {
        return None;
    }
    let me = v.to_move();
    let offset = if me == Player::A { len / 2 } else { 0 };
    let mut level = 0;
    for (j, h) in board.iter_mut().enumerate() {
        *h = seeds[(j + offset) % len];
        level += u32::from(*h);
    }
    let store = v.stores();
    let baseline = store[me.index()] as i32 - store[me.other().index()] as i32;
    Some((level, baseline))
}

impl Indexed {
    /// Solves every board of `variant` (Giuthi) with at most `seeds` seeds, level by level,
    /// playing each level's moves on `threads` threads; `report` is told of each level solved.
    ///
    /// # Errors
    /// The game's tables key on more than the seeds (all but Giuthi), `seeds` is above 31, the
    /// table does not fit in memory, or a move breaks the table's premises.
    pub fn solve(
        variant: Variant,
        seeds: u32,
        threads: usize,
        report: &mut dyn FnMut(&LevelReport),
    ) -> Result<Indexed, EndgameError> {
        Indexed::solve_until(variant, seeds, threads, &|| false, report)
    }

    /// [`Indexed::solve`] within a time limit: once `stop` says so (asked every few thousand
    /// boards; the command line asks whether its time limit has passed), the level being solved
    /// is given up and the table holds the levels solved before it
    /// ([`IndexedStats::timed_out`]), which answer as the whole table would for positions of
    /// that many seeds or fewer.
    ///
    /// # Errors
    /// As [`Indexed::solve`]; the table's size is known before anything is solved, and one
    /// larger than the machine or its limits give is refused then, with its figures.
    pub fn solve_until(
        variant: Variant,
        seeds: u32,
        threads: usize,
        stop: &(dyn Fn() -> bool + Sync),
        report: &mut dyn FnMut(&LevelReport),
    ) -> Result<Indexed, EndgameError> {
        if !Keying::of(variant).is_some_and(Keying::lists_boards) {
            return Err(EndgameError(format!(
                "perfectly indexed tables cover {}, not {}",
                Keying::games(|k| Keying(k).lists_boards()),
                variant.kind().name()
            )));
        }
        if seeds > 31 {
            return Err(EndgameError(format!(
                "endgame tables hold at most 31 seeds in play, not {seeds}"
            )));
        }
        let start = Instant::now();
        let holes = variant.geometry().len();
        let seeds = seeds.min(variant.total_seeds());
        let ranking = Ranking::new(holes, seeds);
        let boards = ranking.len();
        let level = ranking.level_size(seeds);
        let too_big = || {
            EndgameError(format!(
                "every board of at most {seeds} seeds is {boards} boards: {} of values (two \
                 bytes a board), and about {} more while its largest level ({level} boards) is \
                 solved; the machine or its limits give less (fewer seeds, or the table filled \
                 as the search needs it, without --endgame-indexed)",
                bytes_words(boards.saturating_mul(2)),
                bytes_words(level.saturating_mul(LEVEL_BYTES)),
            ))
        };
        let total = usize::try_from(boards).map_err(|_| too_big())?;
        let mut values: Vec<Values> = Vec::new();
        values.try_reserve_exact(total).map_err(|_| too_big())?;
        // The largest level's working arrays, asked for once now (and given back) so that a
        // table whose solving cannot fit is refused before hours of it, not at its last level.
        let working = usize::try_from(level.saturating_mul(LEVEL_BYTES)).map_err(|_| too_big())?;
        Vec::<u8>::new()
            .try_reserve_exact(working)
            .map_err(|_| too_big())?;
        let mut solved = None;
        for s in 0..=seeds {
            match solve_level(variant, &ranking, s, &mut values, threads.max(1), stop)? {
                Some(r) => report(&r),
                None => break,
            }
            solved = Some(s);
        }
        Ok(Indexed {
            variant,
            ranking: solved.map(|s| Ranking::new(holes, s)),
            asked: seeds,
            values,
            seconds: start.elapsed().as_secs_f64(),
            hits: AtomicU64::new(0),
        })
    }

    /// The game and options of the table.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The board values of `pos` and its baseline, if it has at most K seeds on the board.
    #[must_use]
    pub fn board_values(&self, pos: &Position) -> Option<(Values, i32)> {
        if pos.variant() != self.variant {
            return None;
        }
        let ranking = self.ranking.as_ref()?;
        let mut board = [0u8; rules_core::MAX_HOLES];
        let board = &mut board[..ranking.holes()];
        let (level, baseline) = seen_from_mover(pos, board)?;
        if level > ranking.seeds() {
            return None;
        }
        let r = ranking.rank(board)?;
        let v = *self.values.get(usize::try_from(r).ok()?)?;
        self.hits.fetch_add(1, Ordering::Relaxed);
        Some((v, baseline))
    }

    /// What the table holds and did.
    #[must_use]
    pub fn stats(&self) -> IndexedStats {
        IndexedStats {
            seeds: self.ranking.as_ref().map_or(0, Ranking::seeds),
            asked: self.asked,
            timed_out: self.ranking.as_ref().is_none_or(|r| r.seeds() < self.asked),
            boards: self.values.len() as u64,
            bytes: (self.values.len() * size_of::<Values>()) as u64,
            seconds: self.seconds,
            hits: self.hits.load(Ordering::Relaxed),
        }
    }
}

impl Oracle for Indexed {
    fn probe(&self, pos: &Position) -> Option<[i32; 2]> {
        let (v, baseline) = self.board_values(pos)?;
        Some([super::score(v[0], baseline), super::score(v[1], baseline)])
    }
}

/// Solves the boards of `s` seeds, appending their values to `values` (which holds every board
/// of fewer seeds); `None`, with nothing appended, when `stop` said so first.
fn solve_level(
    variant: Variant,
    ranking: &Ranking,
    s: u32,
    values: &mut Vec<Values>,
    threads: usize,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<LevelReport>, EndgameError> {
    let size = ranking.level_size(s);
    let t = Instant::now();
    let chunk = size.div_ceil(threads as u64).max(1);
    let below: &[Values] = values;
    let parts: Vec<Result<Part, EndgameError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|k| {
                let range = (k * chunk).min(size)..((k + 1) * chunk).min(size);
                scope.spawn(move || list_moves(variant, ranking, s, range, below, stop))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(EndgameError("a thread failed".to_owned())))
            })
            .collect()
    });
    let mut whole = Part::default();
    for p in parts {
        let p = p?;
        if p.late {
            return Ok(None);
        }
        whole.exit.extend_from_slice(&p.exit);
        whole.inside.extend_from_slice(&p.inside);
        whole.moves.extend_from_slice(&p.moves);
    }
    let moves_seconds = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let inside = whole.moves.len() as u64;
    let level = backward(whole);
    let Some(x) = retro::solve_until(&level, RANGE, stop) else {
        return Ok(None);
    };
    drop(level);
    let mut endless = 0;
    for j in 0..x.len() / 2 {
        let v = values_of(x[2 * j], x[2 * j + 1]);
        endless += u64::from(v[0] != v[1]);
        values.push(v);
    }
    Ok(Some(LevelReport {
        seeds: s,
        boards: size,
        inside,
        endless,
        moves_seconds,
        solve_seconds: t.elapsed().as_secs_f64(),
    }))
}

/// The parents of each board (a counting sort of the moves by child).
fn backward(part: Part) -> Backward {
    let n = part.inside.len();
    let mut starts = vec![0u32; n + 1];
    for &m in &part.moves {
        starts[(m >> 1) as usize + 1] += 1;
    }
    for j in 0..n {
        starts[j + 1] += starts[j];
    }
    let mut at = starts.clone();
    let mut parents = vec![0u32; part.moves.len()];
    let mut from = 0usize;
    for (p, &count) in part.inside.iter().enumerate() {
        for &m in &part.moves[from..from + usize::from(count)] {
            let j = (m >> 1) as usize;
            parents[at[j] as usize] = (p as u32) << 1 | (m & 1);
            at[j] += 1;
        }
        from += usize::from(count);
    }
    Backward {
        exit: part.exit,
        inside: part.inside,
        starts,
        parents,
    }
}

/// Plays the moves of the boards of `s` seeds numbered `range` in their level: their exits
/// from `below` (every board of fewer seeds) and the moves staying in the level; stops, `late`,
/// once `stop` says so.
fn list_moves(
    variant: Variant,
    ranking: &Ranking,
    s: u32,
    range: std::ops::Range<u64>,
    below: &[Values],
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Part, EndgameError> {
    // A closure must see every move, whatever guard a search installed on this thread.
    let _uncut = rules_core::Uncut::new();
    let unfit = |what: &str| EndgameError(format!("a board of {s} seeds: {what}"));
    let holes = ranking.holes();
    let n = range.end.saturating_sub(range.start) as usize;
    let mut part = Part::default();
    let reserved = part
        .exit
        .try_reserve_exact(2 * n)
        .and_then(|()| part.inside.try_reserve_exact(n))
        .and_then(|()| part.moves.try_reserve(4 * n));
    if reserved.is_err() {
        return Err(unfit(&format!(
            "not enough memory to list the moves of {n} boards ({} on this thread)",
            bytes_words(n as u64 * LEVEL_BYTES)
        )));
    }
    let mut setup = Setup::start(variant, Player::B);
    setup.stores = [variant.total_seeds() - s, 0];
    let mut board = vec![0u8; holes];
    let mut child_board = vec![0u8; holes];
    let first = range.start;
    for r in range {
        if (r == first || r % 4096 == 0) && stop() {
            part.late = true;
            return Ok(part);
        }
        ranking.unrank_in_level(r, s, &mut board);
        for (x, &b) in setup.seeds.iter_mut().zip(&board) {
            *x = u32::from(b);
        }
        let pos = Position::from_setup(&setup).map_err(|e| unfit(&e.to_string()))?;
        let baseline = -i32::try_from(variant.total_seeds() - s).unwrap_or(0);
        let d = part.inside.len() * 2;
        part.exit.extend([Level::no_exit(d), Level::no_exit(d + 1)]);
        if let Some(m) = final_margin(&pos) {
            let v = i16::try_from(m - baseline).map_err(|_| unfit("a value out of range"))?;
            part.exit[d] = v;
            part.exit[d + 1] = -v;
            part.inside.push(0);
            continue;
        }
        let mut count = 0u8;
        for (_, child) in pos.legal_moves_with_positions() {
            let (level, child_baseline) = seen_from_mover(&child, &mut child_board)
                .ok_or_else(|| unfit("a child of another game"))?;
            let same = child.to_move() == pos.to_move();
            let offset = if same {
                child_baseline - baseline
            } else {
                -child_baseline - baseline
            };
            if level == s {
                if offset != 0 {
                    return Err(unfit("a move that keeps the seeds but settles some"));
                }
                let j = ranking.rank_in_level(&child_board);
                let j = u32::try_from(j)
                    .ok()
                    .filter(|&j| j < 1 << 31)
                    .ok_or_else(|| unfit("too many boards in a level"))?;
                part.moves.push(j << 1 | u32::from(same));
                count += 1;
                continue;
            }
            let v = ranking
                .rank(&child_board)
                .and_then(|r| below.get(usize::try_from(r).ok()?))
                .ok_or_else(|| unfit("a move to more seeds"))?;
            let offset = i16::try_from(offset).map_err(|_| unfit("a capture out of range"))?;
            for c in 0..2 {
                let t = if same { c } else { 1 - c };
                let x = x_value(*v, t);
                let x = if x == retro::ENDLESS {
                    x
                } else {
                    let sign = if c == 0 { 1 } else { -1 };
                    sign * offset + x
                };
                if x != retro::ENDLESS && x.abs() > RANGE {
                    return Err(unfit("a value out of range"));
                }
                part.exit[d + c] = if c == 0 {
                    part.exit[d].max(x)
                } else {
                    part.exit[d + 1].min(x)
                };
            }
        }
        part.inside.push(count);
    }
    Ok(part)
}
