//! Endgame tables by seeds on the board (spec/analysis.md §12), as Awari and Kalah were solved:
//! every position with at most K seeds still in play is solved exactly once, by retrograde
//! analysis, and the search reads its value instead of searching below it.
//!
//! * [`key`]: a position's key (its board seen from the mover), its level (the seeds that can
//!   still move) and its baseline (the part of the margin already settled). The table's value
//!   is the rest of the margin, which depends on the key alone.
//! * [`closure`]: everything reachable from a position the table lacks, solved level by level.
//! * [`retro`]: one level, with cycles, under both conventions for endless play.
//! * [`rank`], [`indexed`]: for Giuthi, a table of every board of at most K seeds, numbered
//!   perfectly and solved whole, level by level (§12.5).
//!
//! The table is filled on demand: the first time the search meets a position of at most K
//! seeds that it lacks, the closure of that position is solved and kept; later probes of any
//! position solved so read it. A perfect index over every board of K seeds or fewer is out of
//! reach for Uugg (an uugg's seeds are part of what a position is), and on demand the table
//! holds only what play from the searched position can reach.

pub mod closure;
pub mod indexed;
pub mod key;
pub mod rank;
pub mod retro;

use crate::search::Oracle;
use crate::value::ENDLESS;
use key::Keying;
use rules_core::{Position, Variant};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, RwLock};
use std::time::Instant;

/// A position's board values for its player to move: endless play his best outcome, and his
/// worst ([`ENDLESS_BEST`], [`ENDLESS_WORST`] for endless play).
pub type Values = [i8; 2];
/// Endless play, the mover's best outcome, in [`Values`].
pub const ENDLESS_BEST: i8 = 127;
/// Endless play, the mover's worst outcome, in [`Values`].
pub const ENDLESS_WORST: i8 = -127;

/// The most positions of one level one closure may list before it is given up (about 100
/// bytes each while it is solved).
pub const CLOSURE_LIMIT: usize = 4_000_000;

/// The most positions a table holds (about 50 bytes each, so at most about 2 GB): past it, the
/// positions least used are dropped to make room ([`Endgame`]). (16 million before closures
/// were solved on the search's thread: solving got twice as fast, and a long search filled it;
/// until issue 27's third attempt a full table solved no more.)
pub const TABLE_LIMIT: usize = 40_000_000;

/// A key's hasher: keys are already spread, so a multiply and a fold are enough.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u128(&mut self, n: u128) {
        let folded = (n as u64) ^ ((n >> 64) as u64).rotate_left(29);
        self.0 = folded.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 31)
    }
}

type Map = HashMap<u128, Values, BuildHasherDefault<KeyHasher>>;

/// log2 of the shards of the table: threads reading at once seldom meet.
const SHARD_BITS: u32 = 6;
/// Where a key's shard is read in its hash: above the bits a shard's map indexes by (at most
/// 2^30 slots), below its tag (the top 7).
const SHARD_SHIFT: u32 = 40;

/// Why there is no table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndgameError(pub String);

impl std::fmt::Display for EndgameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EndgameError {}

/// What a table did, for the report.
#[derive(Copy, Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct EndgameStats {
    /// K: positions with at most this many seeds in play are looked up.
    pub seeds: u32,
    /// Positions solved (some may have been dropped since: [`EndgameStats::held`]).
    pub positions: usize,
    /// Closures solved.
    pub closures: u64,
    /// Probes answered from the table.
    pub hits: u64,
    /// Seconds spent solving.
    pub seconds: f64,
    /// Levels from this one up are no longer solved (a closure was too large), if any.
    pub ceiling: Option<u32>,
    /// The table came to its limit at least once: since then it drops the positions least
    /// used to make room for new ones.
    pub full: bool,
    /// Positions held now (a position used since the last drop may be counted twice).
    pub held: usize,
    /// Positions dropped to make room.
    pub dropped: usize,
    /// Closures given up because the analysis's time limit came first (they are solved again
    /// when met again).
    pub timed_out: u64,
}

/// An endgame table of one game variant, shared by the threads of a search.
///
/// **Full.** Positions are kept in two generations: new ones, and the older ones. A position
/// solved goes into the new generation, and so does an older one when a probe uses it. When the
/// new generation holds half the table's limit, the older is dropped whole and the new one
/// becomes the older: what was not used since the last drop goes (a least-recently-used order, kept by
/// generations rather than by a list). Dropping happens only before a closure is solved, never
/// during one (a closure reads the values of the lower levels it has just solved), and a
/// position's values depend on its key alone: what the table answers stays true, and a position
/// dropped is solved again if it is met again.
pub struct Endgame {
    variant: Variant,
    keying: Keying,
    seeds: u32,
    shards: Box<[RwLock<Map>]>,
    /// The older generation, by the same shards.
    older: Box<[RwLock<Map>]>,
    /// Positions held (both generations).
    held: AtomicUsize,
    /// Positions in the new generation.
    fresh: AtomicUsize,
    dropped: AtomicUsize,
    /// The most positions held before the older generation is dropped.
    capacity: usize,
    /// One closure is solved at a time; a thread that finds another solving goes on without.
    solving: Mutex<(u64, f64)>,
    /// Levels at or above it are not solved.
    ceiling: AtomicU32,
    limit: usize,
    positions: AtomicUsize,
    hits: AtomicU64,
    full: AtomicBool,
    /// When closures stop being solved: the time limit of the analysis under way.
    deadline: Mutex<Option<Instant>>,
    timed_out: AtomicU64,
}

impl Endgame {
    /// A table of `variant` for positions with at most `seeds` seeds in play, solving closures
    /// of at most `limit` positions.
    ///
    /// # Errors
    /// The game's values do not split into a settled part and a board value (only Giuthi and
    /// Uugg are covered; Bechi has `mancala solve`), or `seeds` is above 31.
    pub fn new(variant: Variant, seeds: u32, limit: usize) -> Result<Endgame, EndgameError> {
        let keying = Keying::of(variant).ok_or_else(|| {
            EndgameError(format!(
                "endgame tables cover {}, not {}",
                Keying::games(|_| true),
                variant.kind().name()
            ))
        })?;
        if seeds > 31 {
            return Err(EndgameError(format!(
                "endgame tables hold at most 31 seeds in play, not {seeds}"
            )));
        }
        Ok(Endgame {
            variant,
            keying,
            seeds,
            shards: (0..1 << SHARD_BITS)
                .map(|_| RwLock::new(Map::default()))
                .collect(),
            older: (0..1 << SHARD_BITS)
                .map(|_| RwLock::new(Map::default()))
                .collect(),
            held: AtomicUsize::new(0),
            fresh: AtomicUsize::new(0),
            dropped: AtomicUsize::new(0),
            capacity: TABLE_LIMIT,
            solving: Mutex::new((0, 0.0)),
            ceiling: AtomicU32::new(seeds + 1),
            limit,
            positions: AtomicUsize::new(0),
            hits: AtomicU64::new(0),
            full: AtomicBool::new(false),
            deadline: Mutex::new(None),
            timed_out: AtomicU64::new(0),
        })
    }

    /// Closures are given up at `deadline` (`None`: never): the time limit of the analysis that
    /// reads the table, which bounds the table's work as it bounds the search's
    /// (spec/analysis.md §12.3).
    pub fn set_deadline(&self, deadline: Option<Instant>) {
        *self
            .deadline
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = deadline;
    }

    /// The same table holding at most `positions` positions before it drops the least used
    /// ([`TABLE_LIMIT`] by default).
    #[must_use]
    pub fn with_capacity(self, positions: usize) -> Endgame {
        Endgame {
            capacity: positions.max(1),
            ..self
        }
    }

    /// The game and options of the table.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The shard of `key`, by bits of its hash that the shard's map does not use: the map
    /// takes its slot from the low bits and a tag from the top 7, and a shard whose keys all
    /// share their top bits would have tags that hardly tell them apart (a probe then compares
    /// keys along the whole group; by the shard's top bits, looking keys up took 28 % of a
    /// search's time with `--endgame 10` from the Uugg 2×5 start).
    fn shard(&self, key: u128) -> usize {
        let mut h = KeyHasher::default();
        h.write_u128(key);
        (h.finish() >> SHARD_SHIFT) as usize & ((1 << SHARD_BITS) - 1)
    }

    /// The values held for `key`; one of the older generation is used, and moves to the new.
    fn get(&self, key: u128) -> Option<Values> {
        let i = self.shard(key);
        let new = read(&self.shards[i]).get(&key).copied();
        if new.is_some() {
            return new;
        }
        let old = read(&self.older[i]).get(&key).copied()?;
        if write(&self.shards[i]).insert(key, old).is_none() {
            self.held.fetch_add(1, Ordering::Relaxed);
            self.fresh.fetch_add(1, Ordering::Relaxed);
        }
        Some(old)
    }

    /// Makes room when the new generation holds half the capacity: the older generation is
    /// dropped, and the new one becomes the older. Called only between closures. (Counting both
    /// generations against the whole capacity instead dropped everything: the new generation,
    /// once the older, still filled the capacity, and the next closure dropped it too.)
    fn make_room(&self) {
        if self.fresh.load(Ordering::Relaxed) < self.capacity.div_ceil(2) {
            return;
        }
        let mut kept = 0;
        let mut dropped = 0;
        for (new, old) in self.shards.iter().zip(self.older.iter()) {
            let mut new = write(new);
            let mut old = write(old);
            dropped += old.len();
            *old = std::mem::take(&mut *new);
            kept += old.len();
        }
        self.dropped.fetch_add(dropped, Ordering::Relaxed);
        self.held.store(kept, Ordering::Relaxed);
        self.fresh.store(0, Ordering::Relaxed);
        self.full.store(true, Ordering::Relaxed);
    }

    /// The board values of `pos` ([`Values`]), solving its closure if the table lacks it and
    /// no other thread is solving one. `None` when it has too many seeds in play, is of
    /// another variant, or could not be solved now.
    pub fn board_values(&self, pos: &Position) -> Option<(Values, i32)> {
        if pos.variant() != self.variant {
            return None;
        }
        let k = self.keying.known(pos)?;
        if k.level > self.seeds {
            return None;
        }
        if let Some(v) = self.get(k.key) {
            self.hits.fetch_add(1, Ordering::Relaxed);
            return Some((v, k.baseline));
        }
        if k.level >= self.ceiling.load(Ordering::Relaxed) {
            return None;
        }
        let Ok(mut solving) = self.solving.try_lock() else {
            return None;
        };
        self.make_room();
        let start = Instant::now();
        // Uncut: a search's thread may cut long sowings short (`rules_core::interrupt`), and a
        // closure must see every move. (Before, each closure had a thread of its own: most
        // closures are of a few positions, and starting a thread cost more than solving them.)
        let deadline = *self
            .deadline
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let solved = {
            let _uncut = rules_core::Uncut::new();
            closure::solve(self.keying, pos, self, self.limit, deadline)
        };
        solving.0 += 1;
        solving.1 += start.elapsed().as_secs_f64();
        match solved {
            Ok(_) => {}
            // Out of time is no verdict on the closure: it may be solved under another limit.
            Err(closure::GiveUp::Time) => {
                self.timed_out.fetch_add(1, Ordering::Relaxed);
                return None;
            }
            Err(_) => {
                self.ceiling.store(k.level, Ordering::Relaxed);
                return None;
            }
        }
        drop(solving);
        let v = self.get(k.key)?;
        Some((v, k.baseline))
    }

    /// Solves every Giuthi position of at most K seeds: each board with B to move (the
    /// half-turn symmetry gives A's), in order of seeds, its closure solved unless the table
    /// already holds it. Returns the boards looked at.
    ///
    /// # Errors
    /// The game's tables key on more than the seeds (Uugg's positions are too many to list,
    /// §12.2), or a closure was too large.
    pub fn fill(&self) -> Result<u64, EndgameError> {
        if !self.keying.lists_boards() {
            return Err(EndgameError(format!(
                "only {}'s tables are filled whole: {}'s are solved as the search needs them",
                Keying::games(|k| Keying(k).lists_boards()),
                Keying::games(|k| !Keying(k).lists_boards())
            )));
        }
        let total = self.variant.total_seeds();
        let mut setup = rules_core::Setup::start(self.variant, rules_core::Player::B);
        let mut boards = 0u64;
        let mut failed = None;
        for seeds in 0..=self.seeds.min(total) {
            let mut board = vec![0u32; setup.seeds.len()];
            each_board(&mut board, 0, seeds, &mut |b| {
                if failed.is_some() {
                    return;
                }
                boards += 1;
                setup.seeds.copy_from_slice(b);
                setup.stores = [total - seeds, 0];
                let solved = Position::from_setup(&setup)
                    .ok()
                    .and_then(|p| self.board_values(&p));
                if solved.is_none() {
                    failed = Some(seeds);
                }
            });
            if let Some(s) = failed {
                return Err(EndgameError(format!(
                    "a closure of a board of {s} seeds has more than {} positions",
                    self.limit
                )));
            }
        }
        Ok(boards)
    }

    /// What the table did so far.
    #[must_use]
    pub fn stats(&self) -> EndgameStats {
        let (closures, seconds) = *self
            .solving
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let ceiling = self.ceiling.load(Ordering::Relaxed);
        EndgameStats {
            seeds: self.seeds,
            positions: self.positions.load(Ordering::Relaxed),
            closures,
            hits: self.hits.load(Ordering::Relaxed),
            seconds,
            ceiling: (ceiling <= self.seeds).then_some(ceiling),
            full: self.full.load(Ordering::Relaxed),
            held: self.held.load(Ordering::Relaxed),
            dropped: self.dropped.load(Ordering::Relaxed),
            timed_out: self.timed_out.load(Ordering::Relaxed),
        }
    }
}

impl closure::Store for Endgame {
    fn get(&self, key: u128) -> Option<Values> {
        Endgame::get(self, key)
    }

    fn put(&self, solved: Vec<(u128, Values)>) {
        self.positions.fetch_add(solved.len(), Ordering::Relaxed);
        for (key, v) in solved {
            if write(&self.shards[self.shard(key)])
                .insert(key, v)
                .is_none()
            {
                self.held.fetch_add(1, Ordering::Relaxed);
                self.fresh.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

/// A shard read.
fn read(m: &RwLock<Map>) -> std::sync::RwLockReadGuard<'_, Map> {
    m.read().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A shard written.
fn write(m: &RwLock<Map>) -> std::sync::RwLockWriteGuard<'_, Map> {
    m.write().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A board value with its baseline, as a search score: the final margin for the mover.
fn score(v: i8, baseline: i32) -> i32 {
    match v {
        ENDLESS_BEST => ENDLESS,
        ENDLESS_WORST => -ENDLESS,
        _ => baseline + i32::from(v),
    }
}

impl Oracle for Endgame {
    fn probe(&self, pos: &Position) -> Option<[i32; 2]> {
        let (v, baseline) = self.board_values(pos)?;
        Some([score(v[0], baseline), score(v[1], baseline)])
    }
}

/// Two oracles, the first asked first (a solved database and an endgame table).
pub struct Both<'a>(pub &'a dyn Oracle, pub &'a dyn Oracle);

impl Oracle for Both<'_> {
    fn probe(&self, pos: &Position) -> Option<[i32; 2]> {
        self.0.probe(pos).or_else(|| self.1.probe(pos))
    }
}

/// Calls `f` with every way of putting `left` seeds into `board[at..]` (the holes before `at`
/// as they are).
fn each_board(board: &mut [u32], at: usize, left: u32, f: &mut dyn FnMut(&[u32])) {
    if at + 1 == board.len() {
        board[at] = left;
        f(board);
        return;
    }
    for here in 0..=left {
        board[at] = here;
        each_board(board, at + 1, left - here, f);
    }
    board[at] = 0;
}

#[cfg(test)]
mod tests {
    use super::closure::Store;
    use super::*;

    /// Generations: a table of 10 positions drops the older half when the new one holds 5; a
    /// position read meanwhile moves to the new generation and stays.
    #[test]
    fn a_full_table_drops_the_positions_least_used() {
        let uugg = Variant::default_for(rules_core::GameKind::Uugg);
        let t = Endgame::new(uugg, 8, CLOSURE_LIMIT)
            .unwrap()
            .with_capacity(10);
        let put = |keys: std::ops::Range<u128>| {
            t.put(keys.map(|k| (k, [k as i8, 0])).collect());
            t.make_room();
        };
        put(0..5);
        assert_eq!(t.stats().held, 5);
        assert_eq!(
            Store::get(&t, 1),
            Some([1, 0]),
            "read: moved to the new generation"
        );
        put(5..9);
        // The new generation held 5 (four put, one read): the older, 0..5 but 1, is dropped.
        let s = t.stats();
        assert!(s.full && s.dropped == 5 && s.held == 5, "{s:?}");
        put(9..10);
        for k in (1..2).chain(5..10) {
            assert_eq!(Store::get(&t, k), Some([k as i8, 0]), "{k}");
        }
        for k in [0, 2, 3, 4] {
            assert_eq!(Store::get(&t, k), None, "{k}");
        }
    }
}
