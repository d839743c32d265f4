//! Strength, measured (issue 27 item 6, spec/analysis.md §13): the search plays against itself
//! at two limits, or against a random mover, over many openings, and the score says with an error
//! bar which plays better. Not to be confused with [`crate::matches`], the Bechi match of rounds
//! solved exactly (`mancala match`): this is an engine-strength match (`cargo xtask match`).
//!
//! * [`openings`]: a seeded set of distinct positions, each a few random plies from the start of
//!   round 1 (the opener drawn too).
//! * [`play_pairing`]: each opening played twice, the players' colours swapped, so the first-move
//!   advantage and a lopsided opening cancel; each game to the end of its first round (or a ply
//!   cap), its positions counted to find one that comes a third time.
//! * [`Score`]: won, drawn and lost games, the score fraction with its 95 % interval over pairs of
//!   games, the Elo difference, the mean margin in seeds.
//!
//! With limits in nodes or depth and one thread a search, a pairing is deterministic: the same
//! openings and seed give the same games, whatever the number of games played at once (each
//! game has its own engines and generators). A time limit, or more than one thread, is not.

mod game;
pub mod stats;

pub use game::{Culprit, GameResult, Repetition, Searched};
pub use stats::{Score, elo, mean_interval};

use crate::search::Limits;
use rules_core::{Move, Player, Position, TableError, Variant};
use serde::Serialize;
use std::collections::HashSet;
use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A small deterministic generator (SplitMix64): the openings' plies and the random mover's.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The generator of a stream: `seed`, then each of `parts` mixed in.
    #[must_use]
    pub fn stream(seed: u64, parts: &[u64]) -> Rng {
        let mut r = Rng(seed);
        for &p in parts {
            r = Rng(r.next_u64() ^ p);
        }
        r
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next_u64() % n as u64) as usize
    }
}

/// A player of a strength match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mover {
    /// `analyse`'s best move within `limits`, with `threads` threads, the engine's table kept
    /// from move to move through the game.
    Search { limits: Limits, threads: usize },
    /// A legal move drawn uniformly at random.
    Random,
}

impl fmt::Display for Mover {
    /// `analyse nodes=20000`, `analyse time=100ms threads=2`, `random`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mover::Random => f.write_str("random"),
            Mover::Search { limits, threads } => {
                f.write_str("analyse")?;
                if let Some(d) = limits.depth {
                    write!(f, " depth={d}")?;
                }
                if let Some(n) = limits.nodes {
                    write!(f, " nodes={n}")?;
                }
                if let Some(t) = limits.time {
                    write!(f, " time={}ms", t.as_millis())?;
                }
                if *threads > 1 {
                    write!(f, " threads={threads}")?;
                }
                Ok(())
            }
        }
    }
}

impl Mover {
    /// Whether its games are the same on every run (no time limit, one thread).
    #[must_use]
    pub fn reproducible(&self) -> bool {
        match self {
            Mover::Random => true,
            Mover::Search { limits, threads } => limits.time.is_none() && *threads == 1,
        }
    }
}

/// A position a few random plies from the start of round 1, where games begin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Its number, from 0.
    pub id: usize,
    /// Who opened round 1.
    pub opener: Player,
    /// The random plies from the start.
    pub moves: Vec<Move>,
    /// The positions from the start to the opening, both included.
    pub line: Vec<Position>,
    /// The position reached, where the players take over.
    pub position: Position,
}

/// `count` distinct openings of `variant`, each `plies` random plies from the start of round 1
/// with an opener drawn at random, none ending the round; fewer when the game has fewer (after
/// `100 × count` draws). The same seed gives the same openings.
#[must_use]
pub fn openings(variant: Variant, count: usize, plies: u32, seed: u64) -> Vec<Opening> {
    let mut seen = HashSet::new();
    let mut out: Vec<Opening> = Vec::new();
    for draw in 0..count.saturating_mul(100).max(100) as u64 {
        if out.len() >= count {
            break;
        }
        let mut rng = Rng::stream(seed, &[0, draw]);
        let opener = if rng.below(2) == 0 {
            Player::A
        } else {
            Player::B
        };
        let mut at = Position::start(variant, opener);
        let mut line = vec![at];
        let mut moves = Vec::new();
        for _ in 0..plies {
            let children = at.legal_moves_with_positions();
            if at.round_result().is_some() || children.is_empty() {
                break;
            }
            let (m, next) = children[rng.below(children.len())];
            moves.push(m);
            line.push(next);
            at = next;
        }
        if moves.len() < plies as usize || at.round_result().is_some() || !seen.insert(at) {
            continue;
        }
        out.push(Opening {
            id: out.len(),
            opener,
            moves,
            line,
            position: at,
        });
    }
    out
}

/// How the games of a pairing are played.
#[derive(Copy, Clone, Debug)]
pub struct MatchOptions {
    /// The most plies a game plays after its opening; a game still going is stopped, with no
    /// result.
    pub max_plies: u32,
    /// The table of each engine (each player of each game has its own).
    pub hash_bytes: usize,
    /// The random mover's seed.
    pub seed: u64,
    /// Games played at once.
    pub jobs: usize,
    /// Whether each search knows the positions played since the last capture, so that a move
    /// back to one is a repetition ([`crate::Engine::analyse_after`]); without it, each move is
    /// a lone position's analysis, as `mancala analyse` gives.
    pub history: bool,
}

impl Default for MatchOptions {
    fn default() -> Self {
        MatchOptions {
            max_plies: 1000,
            hash_bytes: crate::search::ANALYSE_HASH,
            seed: 1,
            jobs: 1,
            history: true,
        }
    }
}

/// Plays every opening twice, `movers[0]` (the first player, whom scores are for) with A then
/// with B: games `2k` and `2k + 1` are opening `k`'s, in that order, however many are played at
/// once. `done` is told the number of games finished after each.
///
/// # Errors
/// An engine's table cannot be had.
pub fn play_pairing(
    movers: [&Mover; 2],
    openings: &[Opening],
    opts: &MatchOptions,
    done: &(dyn Fn(usize) + Sync),
) -> Result<Vec<GameResult>, TableError> {
    let total = openings.len() * 2;
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<GameResult, TableError>>>> =
        Mutex::new((0..total).map(|_| None).collect());
    let work = || {
        loop {
            let g = next.fetch_add(1, Ordering::Relaxed);
            if g >= total {
                break;
            }
            let opening = &openings[g / 2];
            let first_as = if g.is_multiple_of(2) {
                Player::A
            } else {
                Player::B
            };
            let stream =
                |who: u64| Rng::stream(opts.seed, &[1, opening.id as u64, g as u64 % 2, who]);
            let plan = game::GamePlan {
                movers,
                first_as,
                max_plies: opts.max_plies,
                hash_bytes: opts.hash_bytes,
                rngs: [stream(0), stream(1)],
                history: opts.history,
            };
            let r = game::play(opening, plan);
            results
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)[g] = Some(r);
            done(finished.fetch_add(1, Ordering::Relaxed) + 1);
        }
    };
    std::thread::scope(|s| {
        for _ in 1..opts.jobs.clamp(1, total.max(1)) {
            s.spawn(work);
        }
        work();
    });
    results
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .into_iter()
        .flatten()
        .collect()
}

/// Repetitions of a pairing's games, by whom they are put down to.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Repetitions {
    pub first: u32,
    pub second: u32,
    pub opening: u32,
    pub forced: u32,
}

impl Repetitions {
    /// The games of `games` with a position that came a third time, counted by culprit.
    #[must_use]
    pub fn of(games: &[GameResult]) -> Repetitions {
        let mut r = Repetitions::default();
        for g in games {
            match g.repetition.as_ref().map(|x| x.by) {
                Some(Culprit::First) => r.first += 1,
                Some(Culprit::Second) => r.second += 1,
                Some(Culprit::Opening) => r.opening += 1,
                Some(Culprit::Forced) => r.forced += 1,
                None => {}
            }
        }
        r
    }

    /// Every one.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.first + self.second + self.opening + self.forced
    }
}
