//! The match solved exactly: every position of every round start, stores included, and the wins
//! in k rounds found level by level (spec/analysis.md §10.2).
//!
//! For a player X and k = 1, 2, …, the match states from which X can force the win within k
//! rounds: at level k, the round ends that X counts as wins are those where the match ends in
//! his favour (B15) or that lead to a state X wins within k − 1 rounds; in each round graph, X's
//! **attractor** of those ends (his nodes join when one child has, his opponent's when all
//! have, a counter of children not joined per node) is where he can force the round to end
//! there, every line ending. Attractors only grow from level to level, so each is kept and
//! extended. A set-up is won within k rounds when its start has joined; a state when one of its
//! set-ups is (the poorer player choosing for X, B16), or all of them are (choosing against
//! him). When a level adds no state, what is left is endless: neither player can force a win.

use super::graph::{ONGOING, RoundGraph};
use super::levels::{Levels, outcome, state_joins};
use super::state::{Between, MatchState, SetUp, blocked_bits};
use rules_core::{Player, Position, Variant};
use std::collections::HashMap;

/// One player's attractor in one round graph for one set-up's reserves.
pub(crate) struct Attractor {
    /// The player who forces.
    x: Player,
    /// The level at which each node joined; 0 for not (yet).
    pub level: Vec<u8>,
    /// Before joining: at the opponent's nodes, the children not joined. After joining: the
    /// order of joining, so that a line played from it always makes progress.
    mark: Vec<u32>,
    joined: u32,
}

impl Attractor {
    pub fn new(g: &RoundGraph, x: Player) -> Attractor {
        let mark = (0..g.len() as u32)
            .map(|i| g.children(i).len() as u32)
            .collect();
        Attractor {
            x,
            level: vec![0; g.len()],
            mark,
            joined: 0,
        }
    }

    fn join(&mut self, i: u32, level: u8, queue: &mut Vec<u32>) {
        self.level[i as usize] = level;
        self.mark[i as usize] = self.joined;
        self.joined += 1;
        queue.push(i);
    }

    /// Adds the finished nodes `targets` at `level` and everything they attract.
    pub fn extend(&mut self, g: &RoundGraph, targets: &[u32], level: u8) {
        let mut queue = Vec::new();
        for &t in targets {
            if self.level[t as usize] == 0 {
                self.join(t, level, &mut queue);
            }
        }
        while let Some(q) = queue.pop() {
            for &p in g.preds(q) {
                if self.level[p as usize] != 0 {
                    continue;
                }
                if g.to_move[p as usize] == self.x {
                    self.join(p, level, &mut queue);
                } else {
                    self.mark[p as usize] -= 1;
                    if self.mark[p as usize] == 0 {
                        self.join(p, level, &mut queue);
                    }
                }
            }
        }
    }
}

/// A set-up as the solver uses it: its graph, what each final total leads to, both attractors.
struct Context {
    graph: usize,
    /// The round start's node.
    start: u32,
    /// By A's round total: the match state or the end of the match that follows (B14–B17).
    next: Vec<Option<Between>>,
    attractors: [Attractor; 2],
}

/// The figures of an exact solve.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExactStats {
    /// Distinct round graphs (set-ups that differ only in reserves share one).
    pub graphs: usize,
    /// Boards in all round graphs (positions without stores).
    pub boards: usize,
    /// Positions in all round graphs, stores included.
    pub positions: usize,
    /// Moves in all round graphs.
    pub moves: usize,
}

/// The graph of a round start, shared by the set-ups with the same blocked holes and opener.
fn graph_key(start: &Position) -> (u32, Player) {
    (blocked_bits(start.view()), start.to_move())
}

/// The round graphs and a context per set-up.
struct Built {
    graphs: Vec<RoundGraph>,
    /// Per state, per set-up.
    contexts: Vec<Vec<Context>>,
    set_ups: Vec<Vec<SetUp>>,
    choosers: Vec<Option<Player>>,
}

fn build(
    variant: Variant,
    states: &[MatchState],
    limit: usize,
    progress: &mut dyn FnMut(&str),
) -> Result<Built, String> {
    let mut b = Built {
        graphs: Vec::new(),
        contexts: Vec::new(),
        set_ups: Vec::new(),
        choosers: Vec::new(),
    };
    let mut graph_of: HashMap<(u32, Player), usize> = HashMap::new();
    for st in states {
        let ups = st.set_ups(variant)?;
        let chooser = st.chooser(variant)?;
        let mut cs = Vec::new();
        for up in &ups {
            let gk = graph_key(&up.start);
            let gi = if let Some(&gi) = graph_of.get(&gk) {
                gi
            } else {
                let g = RoundGraph::build(&up.start, limit)?;
                progress(&format!(
                    "round start {}: {} opens, {} fills {}: {} boards, {} positions, {} moves",
                    b.graphs.len() + 1,
                    st.opener,
                    chooser.map_or("each".to_owned(), |p| p.to_string()),
                    up.words(),
                    g.boards,
                    g.len(),
                    g.moves()
                ));
                b.graphs.push(g);
                graph_of.insert(gk, b.graphs.len() - 1);
                b.graphs.len() - 1
            };
            let g = &b.graphs[gi];
            let r = up.reserves();
            let next = (0..=g.round_seeds)
                .map(|t| {
                    if g.by_total[t as usize].is_empty() {
                        return Ok(None);
                    }
                    let h = [r[0] + t, r[1] + g.round_seeds - t];
                    MatchState::after(variant, h, st.opener.other()).map(Some)
                })
                .collect::<Result<Vec<_>, String>>()?;
            cs.push(Context {
                graph: gi,
                start: g.start,
                next,
                attractors: Player::BOTH.map(|x| Attractor::new(g, x)),
            });
        }
        b.contexts.push(cs);
        b.set_ups.push(ups);
        b.choosers.push(chooser);
    }
    Ok(b)
}

/// Extends every attractor with the round ends that level `level` adds: for X, ends where the
/// match is over in his favour (level 1), or that lead to a state he joined at `level` − 1.
fn extend_all(
    b: &mut Built,
    index: &HashMap<MatchState, usize>,
    state_level: &[[u32; 2]],
    level: u32,
) {
    for cs in &mut b.contexts {
        for c in cs.iter_mut() {
            let g = &b.graphs[c.graph];
            for a in &mut c.attractors {
                let x = a.x;
                let targets: Vec<u32> = c
                    .next
                    .iter()
                    .enumerate()
                    .filter(|(_, next)| match next {
                        Some(Between::Over(w)) => *w == x && level == 1,
                        Some(Between::Next(m)) => index
                            .get(m)
                            .is_some_and(|&j| level > 1 && state_level[j][x.index()] == level - 1),
                        None => false,
                    })
                    .flat_map(|(t, _)| g.by_total[t].iter().copied())
                    .collect();
                a.extend(g, &targets, level as u8);
            }
        }
    }
}

/// Solves every state of a match of `variant`. `limit` bounds each round graph's positions.
pub(crate) fn solve(
    variant: Variant,
    limit: usize,
    progress: &mut dyn FnMut(&str),
) -> Result<(Levels, ExactStats), String> {
    let states = MatchState::all(variant);
    let index: HashMap<MatchState, usize> =
        states.iter().enumerate().map(|(i, s)| (*s, i)).collect();
    let mut b = build(variant, &states, limit, progress)?;
    let stats = ExactStats {
        graphs: b.graphs.len(),
        boards: b.graphs.iter().map(|g| g.boards).sum(),
        positions: b.graphs.iter().map(RoundGraph::len).sum(),
        moves: b.graphs.iter().map(RoundGraph::moves).sum(),
    };
    // The level at which each state joined, per player (0: not yet).
    let mut state_level = vec![[0u32; 2]; states.len()];
    let mut levels = 0;
    loop {
        levels += 1;
        if levels > u32::from(u8::MAX) {
            return Err("more than 255 levels: wins this long are beyond this solver".to_owned());
        }
        extend_all(&mut b, &index, &state_level, levels);
        let mut added = false;
        for (j, cs) in b.contexts.iter().enumerate() {
            for x in Player::BOTH {
                let won: Vec<bool> = cs
                    .iter()
                    .map(|c| c.attractors[x.index()].level[c.start as usize] != 0)
                    .collect();
                if state_level[j][x.index()] == 0 && state_joins(b.choosers[j], x, &won) {
                    state_level[j][x.index()] = levels;
                    added = true;
                }
            }
        }
        progress(&format!(
            "level {levels}: A wins from {} states, B from {}",
            state_level.iter().filter(|l| l[0] != 0).count(),
            state_level.iter().filter(|l| l[1] != 0).count()
        ));
        if !added {
            break;
        }
    }
    let values = b
        .contexts
        .iter()
        .map(|cs| {
            cs.iter()
                .map(|c| {
                    outcome(
                        c.attractors
                            .each_ref()
                            .map(|a| u32::from(a.level[c.start as usize])),
                    )
                })
                .collect()
        })
        .collect::<Result<_, String>>()?;
    let line_totals = b
        .contexts
        .iter()
        .map(|cs| {
            cs.iter()
                .map(|c| line_total(&b.graphs[c.graph], c))
                .collect()
        })
        .collect();
    let reachable = b
        .contexts
        .iter()
        .map(|cs| {
            cs.iter()
                .map(|c| {
                    let g = &b.graphs[c.graph];
                    Some(g.by_total.iter().enumerate().fold(0u64, |acc, (t, ends)| {
                        acc | u64::from(!ends.is_empty()) << t
                    }))
                })
                .collect()
        })
        .collect();
    Ok((
        Levels {
            states,
            set_ups: b.set_ups,
            choosers: b.choosers,
            values,
            line_totals,
            reachable,
            levels,
        },
        stats,
    ))
}

/// A's round total at the end of a line of best play from the start, or `None` if the line
/// repeats a position (the round never ends). The winner follows the move by which each node
/// joined (the child joined first), the loser the child that joined last at the highest level,
/// so the line always progresses; in an endless set-up each player avoids his opponent's
/// attractor.
fn line_total(g: &RoundGraph, c: &Context) -> Option<u32> {
    let winner = [0, 1]
        .into_iter()
        .find(|&x| c.attractors[x].level[c.start as usize] != 0);
    let mut seen = std::collections::HashSet::new();
    let mut i = c.start;
    loop {
        if g.total_a[i as usize] != ONGOING {
            return Some(u32::from(g.total_a[i as usize]));
        }
        if !seen.insert(i) {
            return None;
        }
        let kids = g.children(i);
        let mover = g.to_move[i as usize].index();
        i = match winner {
            Some(x) => {
                let a = &c.attractors[x];
                let joined = kids.iter().copied().filter(|&k| a.level[k as usize] != 0);
                if mover == x {
                    joined.min_by_key(|&k| a.mark[k as usize])?
                } else {
                    joined.max_by_key(|&k| (a.level[k as usize], a.mark[k as usize]))?
                }
            }
            None => {
                let theirs = &c.attractors[1 - mover];
                kids.iter()
                    .copied()
                    .find(|&k| theirs.level[k as usize] == 0)?
            }
        };
    }
}
