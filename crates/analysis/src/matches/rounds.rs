//! The match from searches of its round starts (spec/analysis.md §10.3), for boards whose rounds
//! are too big to hold whole.
//!
//! The levels are those of the exact solve (`exact.rs`): at level k a player X wins a set-up
//! within k rounds when he can force the round to end, every line ending, with A's round total
//! in the set T of totals that end the match in his favour (B15) or lead to a state he wins
//! within k − 1 rounds. Each such question is answered without the round's graph:
//!
//! * **by the round's seed margin**, found once per round start by search
//!   ([`RoundValues::round_value`]): if X can force his total to at least `t` (his margin with
//!   endless play counted against him), every total from `t` up being in T settles it for him;
//!   if his opponent can hold X's total to at most `u`, no total up to `u` being in T settles it
//!   against him;
//! * otherwise **by a forcing search** ([`RoundValues::forces`], `force.rs`): an AND/OR search of
//!   the round for exactly that question.
//!
//! Where the match value is monotone in the holdings the margins settle every question; on 2×4
//! it is not (a poorer player may be better off with fewer seeds, keeping a reserve instead of
//! filling a hole), and the forcing searches settle the rest.

use super::force::{Forcing, TooBig};
use super::levels::{Levels, outcome, state_joins};
use super::state::{Between, MatchState, blocked_bits};
use crate::search::{Engine, Limits, Oracle, SearchOptions};
use crate::value::Outcome;
use rules_core::{Player, Position, Variant};
use serde::Serialize;
use std::collections::HashMap;
use std::time::Instant;

/// The value of a round start for its opener, and where it came from.
#[derive(Clone, Debug, Serialize)]
pub struct RoundValue {
    /// The opener's round margin, endless play counted as his best outcome (spec/analysis.md §1).
    pub value: Outcome,
    /// The same, endless play counted as his worst.
    pub worst: Outcome,
    /// Whether both are proved (the search reached the end of the round or a database on every
    /// line that decided them).
    pub proved: bool,
    /// Positions the search visited.
    pub nodes: u64,
    /// Time taken.
    pub seconds: f64,
}

/// Where the answers about round starts come from.
pub trait RoundValues {
    /// The value of the round from `start` for its player to move (the opener).
    ///
    /// # Errors
    /// The value cannot be found.
    fn round_value(&mut self, start: &Position) -> Result<RoundValue, String>;

    /// Whether `x` can force the round from `start` to end with A's round total in `targets`
    /// (bit `t` for a total of `t`), every line ending.
    ///
    /// # Errors
    /// The answer cannot be found.
    fn forces(&mut self, start: &Position, x: Player, targets: u64) -> Result<bool, String>;
}

/// A distinct round start that was valued, with its value.
#[derive(Clone, Debug)]
pub struct ValuedStart {
    /// The start of the round (reserves as in the first set-up met).
    pub start: Position,
    /// The round start's value for its opener.
    pub value: RoundValue,
    /// Whether it was not searched but taken from its mirror image (rows swapped).
    pub by_symmetry: bool,
}

/// The figures of the questions a solve asked of round starts.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ForcingStats {
    /// Questions the margins did not settle that an earlier answer (or its mirror image) did.
    pub known: u64,
    /// Forcing searches run.
    pub searches: u64,
    /// Of which proved the player can force it.
    pub forced: u64,
    /// Positions the forcing searches visited.
    pub positions: u64,
    /// The most positions one forcing search held.
    pub largest: usize,
    /// Time in forcing searches.
    pub seconds: f64,
}

/// Answers by search: each round start analysed until its value is proved (with a solved
/// database as an oracle if one is given), and forcing searches.
pub struct SearchRounds<'a> {
    /// The transposition table's size for the margin searches.
    pub hash_bytes: usize,
    /// A solved database (rounds without blocked holes).
    pub oracle: Option<&'a dyn Oracle>,
    /// Take an answer from the mirror image of its round start (the rows swapped, the other
    /// player opening and forcing) when that one is known: the rules are the same for both
    /// players (B1–B17 name no player but the opener).
    pub symmetric: bool,
    /// The most positions a forcing search may hold.
    pub max_positions: usize,
    /// Every round start valued, in order.
    pub starts: Vec<ValuedStart>,
    /// The figures of the questions.
    pub stats: ForcingStats,
    /// By (blocked holes, opener): the index in `starts`.
    known: HashMap<(u32, Player), usize>,
    /// By (blocked holes, opener, forcing player, targets): the answer.
    answers: HashMap<(u32, Player, Player, u64), bool>,
}

impl<'a> SearchRounds<'a> {
    /// Answers by search with a table of `hash_bytes`, an optional database, and forcing
    /// searches of at most `max_positions` positions.
    #[must_use]
    pub fn new(
        hash_bytes: usize,
        oracle: Option<&'a dyn Oracle>,
        symmetric: bool,
        max_positions: usize,
    ) -> Self {
        SearchRounds {
            hash_bytes,
            oracle,
            symmetric,
            max_positions,
            starts: Vec::new(),
            stats: ForcingStats::default(),
            known: HashMap::new(),
            answers: HashMap::new(),
        }
    }
}

/// The blocked holes with the rows swapped (hole kA for kB): index `i` of row B is `i + n` of row
/// A.
fn mirror(blocked: u32, n: usize) -> u32 {
    let low = (1 << n) - 1;
    (blocked & low) << n | (blocked >> n) & low
}

/// The totals with the players swapped: A's total `t` is B's `sown − t`.
fn mirror_targets(targets: u64, sown: u32) -> u64 {
    (0..=sown)
        .filter(|&t| targets >> t & 1 == 1)
        .fold(0, |acc, t| acc | 1 << (sown - t))
}

fn sown(start: &Position) -> u32 {
    start.view().on_board()
}

impl RoundValues for SearchRounds<'_> {
    fn round_value(&mut self, start: &Position) -> Result<RoundValue, String> {
        let key = (blocked_bits(start.view()), start.to_move());
        if let Some(&i) = self.known.get(&key) {
            return Ok(self.starts[i].value.clone());
        }
        let n = start.geometry().per_side();
        let twin = (mirror(key.0, n), key.1.other());
        let mirrored = self.known.get(&twin).filter(|_| self.symmetric);
        let (value, by_symmetry) = if let Some(&i) = mirrored {
            (self.starts[i].value.clone(), true)
        } else {
            let t = Instant::now();
            let options = SearchOptions {
                limits: Limits::default(),
                oracle: self.oracle,
                ..SearchOptions::default()
            };
            // No limit: the search goes on until the round start's value is proved.
            let engine = Engine::new(self.hash_bytes, 1).map_err(|e| e.to_string())?;
            let a = engine.analyse(start, &options).map_err(|u| u.to_string())?;
            let v = RoundValue {
                value: a.value,
                worst: a.worst,
                proved: a.proved,
                nodes: a.nodes,
                seconds: t.elapsed().as_secs_f64(),
            };
            (v, false)
        };
        self.known.insert(key, self.starts.len());
        self.starts.push(ValuedStart {
            start: *start,
            value: value.clone(),
            by_symmetry,
        });
        Ok(value)
    }

    fn forces(&mut self, start: &Position, x: Player, targets: u64) -> Result<bool, String> {
        let blocked = blocked_bits(start.view());
        let key = (blocked, start.to_move(), x, targets);
        let s = sown(start);
        let twin = (
            mirror(blocked, start.geometry().per_side()),
            start.to_move().other(),
            x.other(),
            mirror_targets(targets, s),
        );
        let known = self.answers.get(&key).copied().or_else(|| {
            self.symmetric
                .then(|| self.answers.get(&twin).copied())
                .flatten()
        });
        if let Some(a) = known {
            self.stats.known += 1;
            return Ok(a);
        }
        let t = Instant::now();
        let mut f = Forcing::new(x, targets, s, self.max_positions);
        let answer = f.forces(start).map_err(|TooBig| {
            format!(
                "a forcing search outgrew {} positions (raise --max-positions)",
                self.max_positions
            )
        })?;
        self.stats.searches += 1;
        self.stats.forced += u64::from(answer);
        self.stats.positions += f.visited;
        self.stats.largest = self.stats.largest.max(f.memo_len());
        self.stats.seconds += t.elapsed().as_secs_f64();
        self.answers.insert(key, answer);
        Ok(answer)
    }
}

/// A set-up's round as the solve uses it.
struct Round {
    start: Position,
    /// Seeds on the board at the start.
    sown: u32,
    reserves: [u32; 2],
    /// A's round total: at least `lo` if A can force it, at most `hi` if B can, every line
    /// ending (from the margins with endless play counted against each).
    lo: Option<u32>,
    hi: Option<u32>,
    /// A's round total when both play for the margin, if the value is exact.
    line_total: Option<u32>,
}

fn round(start: &Position, v: &RoundValue) -> Result<Round, String> {
    if !v.proved {
        return Err("the value of a round start is not proved".to_owned());
    }
    let sown = start.view().on_board();
    let opener = start.to_move();
    // Each player's margin with endless play counted against him: the opener's `worst`, and
    // his opponent's the opener's `value` turned round.
    let margin = |p: Player| {
        if p == opener {
            v.worst.seeds()
        } else {
            v.value.seeds().map(|m| -m)
        }
    };
    let total = |m: i32| u32::try_from((i64::from(sown) + i64::from(m)) / 2).ok();
    let lo = margin(Player::A).and_then(total);
    let hi = margin(Player::B).and_then(total).map(|b| sown - b);
    Ok(Round {
        start: *start,
        sown,
        reserves: start.view().reserves(),
        lo,
        hi,
        line_total: (v.value == v.worst).then_some(lo).flatten(),
    })
}

/// Whether every total of `from..=to` is in `targets`, or none is.
fn all_in(targets: u64, from: u32, to: u32) -> bool {
    (from..=to).all(|t| targets >> t & 1 == 1)
}

fn none_in(targets: u64, from: u32, to: u32) -> bool {
    (from..=to).all(|t| targets >> t & 1 == 0)
}

/// The questions a solve by search asked.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Questions {
    /// Questions asked: can a player force a round's totals into a set.
    pub asked: u64,
    /// Of which the round's seed margin settled.
    pub by_margin: u64,
}

/// Whether `x` can force the round into `targets` (A's totals), by the margins if they settle
/// it.
fn decide(
    r: &Round,
    x: Player,
    targets: u64,
    values: &mut dyn RoundValues,
    q: &mut Questions,
) -> Result<bool, String> {
    q.asked += 1;
    let (mine, theirs) = match x {
        // A forces A's total at least `lo`; B holds it to at most `hi`.
        Player::A => (r.lo.map(|lo| (lo, r.sown)), r.hi.map(|hi| (0, hi))),
        Player::B => (r.hi.map(|hi| (0, hi)), r.lo.map(|lo| (lo, r.sown))),
    };
    if mine.is_some_and(|(a, b)| all_in(targets, a, b)) {
        q.by_margin += 1;
        return Ok(true);
    }
    if theirs.is_some_and(|(a, b)| none_in(targets, a, b)) {
        q.by_margin += 1;
        return Ok(false);
    }
    values.forces(&r.start, x, targets)
}

/// The set of A's round totals of `r` that count for `x` at `level`: the match over in his
/// favour, or a state he won at an earlier level.
fn targets(
    variant: Variant,
    r: &Round,
    next_opener: Player,
    x: Player,
    level: u32,
    joined: &dyn Fn(&MatchState) -> u32,
) -> Result<u64, String> {
    let mut bits = 0u64;
    for t in 0..=r.sown {
        let h = [r.reserves[0] + t, r.reserves[1] + r.sown - t];
        let hit = match MatchState::after(variant, h, next_opener)? {
            Between::Over(w) => w == x,
            Between::Next(m) => (1..level).contains(&joined(&m)),
        };
        bits |= u64::from(hit) << t;
    }
    Ok(bits)
}

/// Solves every state of a match of `variant` by questions to `values`.
pub(crate) fn solve(
    variant: Variant,
    values: &mut dyn RoundValues,
    progress: &mut dyn FnMut(&str),
) -> Result<(Levels, Questions), String> {
    let mut q = Questions::default();
    let states = MatchState::all(variant);
    let index: HashMap<MatchState, usize> =
        states.iter().enumerate().map(|(i, s)| (*s, i)).collect();
    let mut set_ups = Vec::new();
    let mut choosers = Vec::new();
    let mut rounds: Vec<Vec<Round>> = Vec::new();
    let t = Instant::now();
    for st in &states {
        let ups = st.set_ups(variant)?;
        let rs = ups
            .iter()
            .map(|up| round(&up.start, &values.round_value(&up.start)?))
            .collect::<Result<Vec<_>, String>>()?;
        progress(&format!(
            "{st}: {} set-up{} valued ({:.1} s so far)",
            ups.len(),
            if ups.len() == 1 { "" } else { "s" },
            t.elapsed().as_secs_f64()
        ));
        choosers.push(st.chooser(variant)?);
        set_ups.push(ups);
        rounds.push(rs);
    }
    let mut state_level = vec![[0u32; 2]; states.len()];
    let mut set_up_level: Vec<Vec<[u32; 2]>> =
        rounds.iter().map(|rs| vec![[0, 0]; rs.len()]).collect();
    let mut levels = 0;
    loop {
        levels += 1;
        let before = state_level.clone();
        let mut added = false;
        for (j, st) in states.iter().enumerate() {
            for x in Player::BOTH {
                if state_level[j][x.index()] != 0 {
                    continue;
                }
                let joined = |m: &MatchState| index.get(m).map_or(0, |&i| before[i][x.index()]);
                for (c, r) in rounds[j].iter().enumerate() {
                    if set_up_level[j][c][x.index()] != 0 {
                        continue;
                    }
                    let bits = targets(variant, r, st.opener.other(), x, levels, &joined)?;
                    if bits != 0 && decide(r, x, bits, values, &mut q)? {
                        set_up_level[j][c][x.index()] = levels;
                    }
                }
                let won: Vec<bool> = set_up_level[j].iter().map(|l| l[x.index()] != 0).collect();
                if state_joins(choosers[j], x, &won) {
                    state_level[j][x.index()] = levels;
                    added = true;
                }
            }
        }
        progress(&format!(
            "level {levels}: A wins from {} states, B from {} ({} questions, {} settled by margins; {:.1} s so far)",
            state_level.iter().filter(|l| l[0] != 0).count(),
            state_level.iter().filter(|l| l[1] != 0).count(),
            q.asked,
            q.by_margin,
            t.elapsed().as_secs_f64()
        ));
        if !added {
            break;
        }
    }
    let values = set_up_level
        .iter()
        .map(|ls| ls.iter().map(|&l| outcome(l)).collect())
        .collect::<Result<_, String>>()?;
    let line_totals = rounds
        .iter()
        .map(|rs| rs.iter().map(|r| r.line_total).collect())
        .collect();
    Ok((
        Levels {
            states,
            set_ups,
            choosers,
            values,
            line_totals,
            reachable: rounds.iter().map(|rs| vec![None; rs.len()]).collect(),
            levels,
        },
        q,
    ))
}
