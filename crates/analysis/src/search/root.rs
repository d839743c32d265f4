//! The root: iterative deepening, each iteration under both conventions when endless play is
//! met, and the analysis of the last completed iteration.

use super::node::{STOPPED, Score, Searcher};
use super::progress::Finisher;
use super::threads::Phase;
use super::{Analysis, Line, MAX_DEPTH, SearchOptions};
use crate::table;
use crate::value::{Convention, INFINITY, Outcome};
use rules_core::{Move, Position};
use std::time::{Duration, Instant};

/// A root move's score in one iteration.
#[derive(Copy, Clone, Debug)]
pub(super) struct RootScore {
    pub index: usize,
    pub score: Score,
    /// Searched with the full window: the score is the move's, not a bound.
    pub full: bool,
}

/// Which root moves get the full window.
pub(super) struct Windows {
    /// The first this many, by score so far.
    pub multipv: usize,
    /// These, wherever they rank.
    pub also: Vec<usize>,
}

impl Windows {
    /// The windows `opts` asks for: the `multipv` best, and the moves of `also`.
    pub fn of(opts: &SearchOptions<'_>, children: &[(Move, Position)]) -> Windows {
        Windows {
            multipv: opts.multipv.clamp(1, children.len().max(1)),
            also: opts
                .also
                .iter()
                .filter_map(|m| children.iter().position(|(c, _)| c == m))
                .collect(),
        }
    }
}

/// One iteration at the root: every move in `order`, each with the full window while fewer
/// than `w.multipv` have been searched (or if it is in `w.also`), the others with a null window
/// at the `w.multipv`-th best score so far (searched again when they beat it). `None` when the
/// search stopped.
pub(super) fn iteration(
    s: &mut Searcher<'_>,
    root: &Position,
    children: &[(Move, Position)],
    order: &[usize],
    depth: u32,
    w: &Windows,
) -> Option<Vec<RootScore>> {
    let key = table::hash(root);
    s.path.push((key, *root));
    let mut scores: Vec<RootScore> = Vec::with_capacity(order.len());
    let busy = s.shared.busy.as_ref();
    let mut put_off = Vec::new();
    for &i in order {
        let child = &children[i].1;
        let rs = match busy {
            Some(b) if !scores.is_empty() => {
                let mark = super::threads::Busy::key(key, i);
                if b.taken(mark) {
                    put_off.push(i);
                    continue;
                }
                b.take(mark);
                let rs = root_move(s, root, child, i, depth, w, &scores);
                b.give_back(mark);
                rs
            }
            _ => root_move(s, root, child, i, depth, w, &scores),
        };
        if s.stopped {
            break;
        }
        scores.push(rs);
    }
    for i in put_off {
        if s.stopped {
            break;
        }
        let rs = root_move(s, root, &children[i].1, i, depth, w, &scores);
        scores.push(rs);
    }
    s.path.pop();
    if s.stopped {
        return None;
    }
    // Best first; equal scores keep the search order.
    scores.sort_by_key(|r| std::cmp::Reverse(r.score.v));
    Some(scores)
}

/// The score of root move `i`, with the window `w` gives it after `scores`.
fn root_move(
    s: &mut Searcher<'_>,
    root: &Position,
    child: &Position,
    i: usize,
    depth: u32,
    w: &Windows,
    scores: &[RootScore],
) -> RootScore {
    if scores.len() < w.multipv || w.also.contains(&i) {
        let score = s.child(root, child, depth - 1, -INFINITY, INFINITY);
        return RootScore {
            index: i,
            score,
            full: true,
        };
    }
    let mut vs: Vec<i32> = scores.iter().map(|r| r.score.v).collect();
    vs.sort_unstable_by(|a, b| b.cmp(a));
    let alpha = vs[w.multipv - 1];
    let score = s.scout(root, child, depth - 1, alpha, INFINITY);
    RootScore {
        index: i,
        score,
        full: score.v > alpha,
    }
}

/// A completed iteration: the moves' scores under the worst convention (`primary`) and, when
/// endless play was met, under the best (`secondary`: the best move and the moves of the lines
/// shown with the full window, the others with a null one).
pub(super) struct Iteration {
    pub depth: u32,
    pub primary: Vec<RootScore>,
    pub secondary: Option<Vec<RootScore>>,
}

impl Iteration {
    pub fn proved(&self) -> bool {
        self.primary.iter().all(|r| r.score.proved)
            && self
                .secondary
                .as_ref()
                .is_none_or(|w| w.iter().all(|r| r.score.proved))
    }
}

/// Deepens from depth 1 until the root is proved, a limit is reached or the depth limit;
/// `Err(at_root)` if no iteration completed (`at_root`: not even the root's moves were known).
pub(super) fn deepen(
    s: &mut Searcher<'_>,
    pos: &Position,
    opts: &SearchOptions<'_>,
    start: Instant,
) -> Result<Analysis, bool> {
    match s.final_margin(pos) {
        Err(()) => return Err(true),
        Ok(Some(m)) => return Ok(over(m, start)),
        Ok(None) => {}
    }
    let Some(children) = s.moves(pos) else {
        return Err(true);
    };
    let windows = Windows::of(opts, &children);
    let max_depth = opts.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut order: Vec<usize> = (0..children.len()).collect();
    let mut done: Option<Iteration> = None;
    let mut finisher = Finisher::new(pos);
    for depth in 1..=max_depth {
        let before = s.nodes;
        let Some(it) = deepen_once(s, pos, &children, &order, depth, &windows, done.as_ref())
        else {
            break;
        };
        order = it.primary.iter().map(|r| r.index).collect();
        let proved = it.proved();
        if !proved {
            finisher.after(s, pos, &children, &it, s.nodes - before);
        }
        if let Some(report_to) = opts.progress
            && !s.stopped
        {
            s.flush();
            let mut a = report(s, &children, &it, &windows, None);
            a.nodes = s.shared.nodes.load(std::sync::atomic::Ordering::Relaxed);
            a.threads = s.shared.threads;
            a.elapsed = start.elapsed();
            report_to(&a);
        }
        done = Some(it);
        if proved || s.stopped {
            break;
        }
    }
    let mut it = done.ok_or(false)?;
    let progress = finisher.choose(s, pos, &children, &mut it);
    Ok(report(s, &children, &it, &windows, progress))
}

/// One iteration under the worst convention, then under the best if endless play was met
/// (unless the `last` iteration proved what it needs).
fn deepen_once(
    s: &mut Searcher<'_>,
    pos: &Position,
    children: &[(Move, Position)],
    order: &[usize],
    depth: u32,
    windows: &Windows,
    last: Option<&Iteration>,
) -> Option<Iteration> {
    s.convention = Convention::EndlessWorst;
    s.stamp = table::stamp(s.shared.epoch, depth);
    s.shared.set_root_order(order);
    s.shared.publish(Phase {
        depth,
        convention: s.convention,
    });
    let primary = iteration(s, pos, children, order, depth, windows)?;
    let secondary = if primary.iter().any(|r| r.score.tainted) {
        let order: Vec<usize> = primary.iter().map(|r| r.index).collect();
        let mut shown: Vec<usize> = order[..windows.multipv.min(order.len())].to_vec();
        shown.extend(&windows.also);
        if let Some(kept) = proved_before(last, &shown) {
            return Some(Iteration {
                depth,
                primary,
                secondary: Some(kept),
            });
        }
        s.convention = Convention::EndlessBest;
        s.shared.publish(Phase {
            depth,
            convention: s.convention,
        });
        // The best value under this convention, and the values of the lines shown.
        let w = Windows {
            multipv: 1,
            also: shown,
        };
        Some(iteration(s, pos, children, &order, depth, &w)?)
    } else {
        None
    };
    Some(Iteration {
        depth,
        primary,
        secondary,
    })
}

/// The scores of the root moves with endless play counted as the best outcome, when `last`
/// proved every one of them and searched the moves of `shown` with the full window: a proved
/// score of a root move is a fact of the game from the root (its path is the root alone), so a
/// deeper iteration would find it again. Searching it again is worse than useless: the
/// iteration under the other convention has meanwhile put its own best moves in the table
/// (the player avoiding endless play where he now seeks it), and from them a search under this
/// convention, where every node meets a repetition and none can be stored, may take millions
/// of nodes to find again what it had proved.
fn proved_before(last: Option<&Iteration>, shown: &[usize]) -> Option<Vec<RootScore>> {
    let kept = last?.secondary.as_ref()?;
    let proved = kept.iter().all(|r| r.score.proved)
        && shown
            .iter()
            .all(|i| kept.iter().any(|r| r.index == *i && r.full));
    proved.then(|| kept.clone())
}

/// The analysis of a position whose round is over.
fn over(m: i32, start: Instant) -> Analysis {
    Analysis {
        lines: Vec::new(),
        also: Vec::new(),
        value: Outcome::Seeds(m),
        worst: Outcome::Seeds(m),
        exact: true,
        proved: true,
        endless_met: false,
        progress: None,
        depth: 0,
        nodes: 1,
        threads: 1,
        elapsed: start.elapsed(),
    }
}

/// The line from `child` on, following the table's best moves while they stay off the path.
fn principal_line(s: &Searcher<'_>, first: Move, child: &Position, depth: u32) -> Vec<Move> {
    let mut line = vec![first];
    let mut seen = vec![table::hash(child)];
    let mut pos = *child;
    while line.len() < depth as usize {
        let Some(e) = s.shared.table.probe(table::hash(&pos)) else {
            break;
        };
        let moves = pos.legal_moves_with_positions();
        // Once the search is stopped, a long sowing here is cut short and the list is wrong:
        // the line ends there rather than show a move it does not mean.
        if s.interrupted() {
            break;
        }
        let Some((m, next)) = moves.get(usize::from(e.best)) else {
            break;
        };
        let h = table::hash(next);
        if seen.contains(&h) {
            break;
        }
        seen.push(h);
        line.push(*m);
        pos = *next;
    }
    line
}

/// The analysis of the last completed iteration.
fn report(
    s: &Searcher<'_>,
    children: &[(Move, Position)],
    it: &Iteration,
    windows: &Windows,
    progress: Option<super::Progress>,
) -> Analysis {
    let secondary_of = |index: usize| -> Score {
        it.secondary
            .as_ref()
            .unwrap_or(&it.primary)
            .iter()
            .find(|r| r.index == index)
            .map_or(STOPPED, |r| r.score)
    };
    let line = |r: &RootScore| {
        let b = secondary_of(r.index);
        let (m, child) = &children[r.index];
        Line {
            moves: principal_line(s, *m, child, it.depth),
            value: Outcome::from_score(b.v),
            worst: Outcome::from_score(r.score.v),
            exact: r.score.proved && b.proved && r.score.v == b.v,
            worst_proved: r.score.proved,
        }
    };
    let lines: Vec<Line> = it.primary.iter().take(windows.multipv).map(line).collect();
    let also: Vec<Line> = windows
        .also
        .iter()
        .filter_map(|&i| it.primary.iter().find(|r| r.index == i))
        .map(line)
        .collect();
    let value = it
        .secondary
        .as_ref()
        .unwrap_or(&it.primary)
        .iter()
        .map(|r| r.score.v)
        .max()
        .unwrap_or(0);
    let worst = it.primary[0].score.v;
    let proved = it.proved();
    Analysis {
        lines,
        also,
        value: Outcome::from_score(value),
        worst: Outcome::from_score(worst),
        exact: proved && value == worst,
        proved,
        endless_met: it.secondary.is_some(),
        progress,
        depth: it.depth,
        nodes: s.nodes,
        threads: 1,
        elapsed: Duration::ZERO,
    }
}
