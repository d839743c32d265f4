//! One game of a strength match: an opening played out to the end of its round by two movers,
//! positions counted to find the first that comes a third time (spec/analysis.md §13.2).

use super::{Mover, Opening, Rng};
use crate::search::{Engine, Limits, SearchOptions};
use rules_core::{Move, Player, Position, TableError};
use serde::Serialize;
use std::collections::HashMap;

/// Who a repetition is put down to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Culprit {
    /// The pairing's first player.
    First,
    /// The pairing's second player.
    Second,
    /// The random plies of the opening.
    Opening,
    /// Nobody: every ply since the position's last occurrence was its mover's only legal move.
    Forced,
}

/// The first position of a game that came a third time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Repetition {
    /// The ply that brought it the third time, counted from the start of the round (the
    /// opening's plies included).
    pub ply: u32,
    /// Who it is put down to: the mover of that ply, or, when that was his only legal move, the
    /// mover of the last ply since the position's previous occurrence that was not forced.
    pub by: Culprit,
    /// The position, as a position string (spec/notation.md §4).
    pub position: String,
}

/// What one player's searches did in a game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Searched {
    /// Moves chosen by a search.
    pub moves: u64,
    /// Positions visited, over those searches.
    pub nodes: u64,
    /// The depths of their last completed iterations, added up.
    pub depth: u64,
    /// Searches whose limits came before their first iteration completed: the move of a search
    /// to depth 1 was played instead.
    pub fallbacks: u64,
}

impl Searched {
    fn add(&mut self, o: &Searched) {
        self.moves += o.moves;
        self.nodes += o.nodes;
        self.depth += o.depth;
        self.fallbacks += o.fallbacks;
    }

    /// The sum of several.
    #[must_use]
    pub fn total<'a>(all: impl IntoIterator<Item = &'a Searched>) -> Searched {
        let mut t = Searched::default();
        for s in all {
            t.add(s);
        }
        t
    }
}

/// One game played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The opening's number.
    pub opening: usize,
    /// The colour the pairing's first player played.
    pub first_as: Player,
    /// The moves played after the opening.
    pub moves: Vec<Move>,
    /// The round's final margin (its totals, B13, G20, S16, U18, R27) for the first player;
    /// `None` when the game was stopped at the ply cap.
    pub margin: Option<i32>,
    /// The first position that came a third time, if one did.
    pub repetition: Option<Repetition>,
    /// The first and the second player's searches.
    pub searched: [Searched; 2],
}

impl GameResult {
    /// The first player's points: 1 for a win, ½ for a draw or a capped game, 0 for a loss.
    #[must_use]
    pub fn points(&self) -> f64 {
        match self.margin.map(i32::signum) {
            Some(1) => 1.0,
            Some(-1) => 0.0,
            _ => 0.5,
        }
    }

    /// Whether the game was stopped at the ply cap.
    #[must_use]
    pub fn capped(&self) -> bool {
        self.margin.is_none()
    }
}

/// A player in a game: a search engine with its table kept from move to move, or a random
/// generator.
enum Seat {
    Search { engine: Engine, limits: Limits },
    Random(Rng),
}

impl Seat {
    fn new(m: &Mover, hash_bytes: usize, rng: Rng) -> Result<Seat, TableError> {
        Ok(match *m {
            Mover::Search { limits, threads } => Seat::Search {
                engine: Engine::new(hash_bytes, threads)?,
                limits,
            },
            Mover::Random => Seat::Random(rng),
        })
    }

    /// The index in `children` of the move chosen at `pos`, reached through `history` (the
    /// positions of the game before it that the search is to know, if any).
    fn choose(
        &mut self,
        pos: &Position,
        history: &[Position],
        children: &[(Move, Position)],
        s: &mut Searched,
    ) -> usize {
        match self {
            Seat::Random(rng) => rng.below(children.len()),
            Seat::Search { engine, limits } => {
                let search = |limits, s: &mut Searched| {
                    let opts = SearchOptions {
                        limits,
                        multipv: 1,
                        ..SearchOptions::default()
                    };
                    let a = engine.analyse_after(pos, history, &opts).ok()?;
                    s.moves += 1;
                    s.nodes += a.nodes;
                    s.depth += u64::from(a.depth);
                    a.best()
                };
                let best = search(*limits, s).or_else(|| {
                    s.fallbacks += 1;
                    let depth_1 = Limits {
                        depth: Some(1),
                        ..Limits::default()
                    };
                    search(depth_1, &mut Searched::default())
                });
                best.and_then(|b| children.iter().position(|(m, _)| *m == b))
                    .unwrap_or(0)
            }
        }
    }
}

/// How one game is played.
pub(super) struct GamePlan<'a> {
    pub movers: [&'a Mover; 2],
    pub first_as: Player,
    pub max_plies: u32,
    pub hash_bytes: usize,
    /// The game's random generators, one a player.
    pub rngs: [Rng; 2],
    /// Whether the searches know the positions played since the last capture.
    pub history: bool,
}

/// Plays `opening` to the end of its round (or the ply cap).
pub(super) fn play(opening: &Opening, t: GamePlan<'_>) -> Result<GameResult, TableError> {
    let [r0, r1] = t.rngs;
    let mut seats = [
        Seat::new(t.movers[0], t.hash_bytes, r0)?,
        Seat::new(t.movers[1], t.hash_bytes, r1)?,
    ];
    let seat_of = |c: Player| usize::from(c != t.first_as);
    let mut searched = [Searched::default(); 2];
    // Every position of the round so far, and what made each.
    let mut history: Vec<Position> = opening.line.clone();
    let mut made: Vec<Ply> = vec![Ply::Opening; opening.line.len()];
    let mut seen: HashMap<Position, u32> = HashMap::new();
    let mut repetition = None;
    for p in &history {
        *seen.entry(*p).or_default() += 1;
    }
    let mut moves = Vec::new();
    let mut at = opening.position;
    while at.round_result().is_none() {
        if moves.len() as u32 >= t.max_plies {
            break;
        }
        let mover = at.to_move();
        let seat = seat_of(mover);
        let children = at.legal_moves_with_positions();
        if children.is_empty() {
            break;
        }
        let since = if t.history {
            since_capture(&history)
        } else {
            &[]
        };
        let i = seats[seat].choose(&at, since, &children, &mut searched[seat]);
        let (m, next) = children[i];
        moves.push(m);
        at = next;
        history.push(at);
        made.push(if children.len() > 1 {
            Ply::Chosen(mover)
        } else {
            Ply::Forced
        });
        let n = seen.entry(at).or_default();
        *n += 1;
        if *n == 3 && repetition.is_none() {
            repetition = Some(third(&history, &made, |c| {
                if seat_of(c) == 0 {
                    Culprit::First
                } else {
                    Culprit::Second
                }
            }));
        }
    }
    let margin = at.round_result().map(|r| {
        let mine = i64::from(r.totals[t.first_as.index()]);
        let theirs = i64::from(r.totals[t.first_as.other().index()]);
        i32::try_from(mine - theirs).unwrap_or(0)
    });
    Ok(GameResult {
        opening: opening.id,
        first_as: t.first_as,
        moves,
        margin,
        repetition,
        searched,
    })
}

/// The positions of `history` before its last one that play can come back to, oldest first
/// (since the last capture: [`crate::history::repeatable`]).
fn since_capture(history: &[Position]) -> &[Position] {
    match history.split_last() {
        Some((now, before)) => crate::history::repeatable(now, before),
        None => &[],
    }
}

/// What made a position of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Ply {
    /// The start or a random ply of the opening.
    Opening,
    /// A ply that was its mover's only legal move.
    Forced,
    /// A ply its mover chose among several.
    Chosen(Player),
}

/// The repetition whose third occurrence is the last of `history` (`made[k]` made
/// `history[k]`): put down to the last ply since its previous occurrence that was not forced.
fn third(history: &[Position], made: &[Ply], culprit: impl Fn(Player) -> Culprit) -> Repetition {
    let last = history.len() - 1;
    let previous = history[..last]
        .iter()
        .rposition(|p| *p == history[last])
        .unwrap_or(0);
    let by = (previous + 1..=last)
        .rev()
        .find_map(|k| match made[k] {
            Ply::Forced => None,
            Ply::Opening => Some(Culprit::Opening),
            Ply::Chosen(c) => Some(culprit(c)),
        })
        .unwrap_or(Culprit::Forced);
    Repetition {
        ply: last as u32,
        by,
        position: notation::write_view(history[last].view()),
    }
}

#[cfg(test)]
mod tests {
    use super::{Culprit, Ply, third};
    use rules_core::{GameKind, Player, Position, Variant};

    /// Two distinct positions: the Bechi start with each opener.
    fn two() -> (Position, Position) {
        let v = Variant::default_for(GameKind::Bechi);
        (Position::start(v, Player::A), Position::start(v, Player::B))
    }

    fn who(c: Player) -> Culprit {
        if c == Player::A {
            Culprit::First
        } else {
            Culprit::Second
        }
    }

    /// The third P was made by a forced ply of B (a pass): the repetition is A's, whose choice
    /// since P's previous occurrence made the cycle.
    #[test]
    fn a_forced_ply_puts_the_repetition_down_to_the_last_choice() {
        let (p, q) = two();
        let history = [p, q, p, q, p];
        let made = [
            Ply::Opening,
            Ply::Chosen(Player::A),
            Ply::Forced,
            Ply::Chosen(Player::A),
            Ply::Forced,
        ];
        let r = third(&history, &made, who);
        assert_eq!(r.ply, 4);
        assert_eq!(r.by, Culprit::First);
        let made = [
            Ply::Opening,
            Ply::Chosen(Player::A),
            Ply::Forced,
            Ply::Chosen(Player::A),
            Ply::Chosen(Player::B),
        ];
        assert_eq!(third(&history, &made, who).by, Culprit::Second);
    }

    /// Only plies since the previous occurrence count: all forced there is nobody's choice, and
    /// a cycle closed inside the opening is the opening's.
    #[test]
    fn forced_cycles_are_nobodys_and_the_openings_are_its_own() {
        let (p, q) = two();
        let history = [p, q, p, q, p];
        let forced = [
            Ply::Opening,
            Ply::Chosen(Player::A),
            Ply::Chosen(Player::B),
            Ply::Forced,
            Ply::Forced,
        ];
        assert_eq!(third(&history, &forced, who).by, Culprit::Forced);
        let opening = [Ply::Opening; 5];
        assert_eq!(third(&history, &opening, who).by, Culprit::Opening);
    }
}
