//! Retrograde analysis of one level of an endgame table (spec/analysis.md §12.2): positions
//! whose moves stay in the level (no seed leaves play) form a graph that may have cycles; the
//! moves that leave it lead to values already known.
//!
//! Each position is taken twice, once under each convention, and every value is counted for
//! one fixed player X, the one whose worst outcome endless play is: under "endless play is the
//! mover's worst" X is the mover (who maximises X's value), under "his best" X is his opponent
//! (the mover minimises it). A move keeps X, so the doubled graph has no negation and endless
//! play is always X's worst outcome. Values are then fixed from the highest down (the
//! retrograde analysis of terminal-payoff games, as Dijkstra's algorithm fixes distances): a
//! maximising node takes the first value fixed among its options, a minimising one waits until
//! all its moves are fixed and takes the last. Nodes never fixed can be held in the level for
//! ever by the side that wants that: endless play, X's worst.

/// X's value of a node that is never fixed: endless play.
pub const ENDLESS: i16 = -1000;
/// No option leaving the level (for a minimising node: larger than every value).
const NO_EXIT_MIN: i16 = 1000;

/// One level, doubled: node `2i` is position `i` with endless play the mover's worst (X the
/// mover, maximising), `2i + 1` the same with it his best (X his opponent, minimising).
pub struct Level {
    /// The best option leaving the level, for the node's chooser: the largest for a maximising
    /// node ([`ENDLESS`] when none), the smallest for a minimising one.
    pub exit: Vec<i16>,
    /// Moves that stay in the level, for each node.
    pub inside: Vec<u32>,
    /// `parents[starts[d]..starts[d + 1]]`: the nodes with a move to node `d` (once a move).
    pub starts: Vec<u32>,
    pub parents: Vec<u32>,
}

/// A doubled level as [`solve`] reads it: node `2i` is position `i` with endless play the
/// mover's worst (maximising), `2i + 1` with it his best (minimising). [`Level`] holds one
/// listed; the perfectly indexed table ([`super::indexed`]) reads its parents from a list of
/// undoubled moves, half the memory.
pub trait Graph {
    /// The nodes (twice the positions).
    fn nodes(&self) -> usize;
    /// The best option of node `d` leaving the level, as [`Level::exit`].
    fn exit(&self, d: usize) -> i16;
    /// The moves of node `d` that stay in the level.
    fn inside(&self, d: usize) -> u32;
    /// Calls `f` with every node that has a move to node `d` (once a move).
    fn each_parent(&self, d: usize, f: impl FnMut(usize));
}

impl Level {
    /// An empty option for node `d`.
    #[must_use]
    pub fn no_exit(d: usize) -> i16 {
        if d.is_multiple_of(2) {
            ENDLESS
        } else {
            NO_EXIT_MIN
        }
    }

    /// X's value of every node ([`ENDLESS`] for endless play). `range` bounds every finite
    /// value in absolute terms.
    #[must_use]
    pub fn solve(&self, range: i16) -> Vec<i16> {
        solve(self, range)
    }
}

impl Graph for Level {
    fn nodes(&self) -> usize {
        self.exit.len()
    }

    fn exit(&self, d: usize) -> i16 {
        self.exit[d]
    }

    fn inside(&self, d: usize) -> u32 {
        self.inside[d]
    }

    fn each_parent(&self, d: usize, mut f: impl FnMut(usize)) {
        let from = self.starts[d] as usize;
        let to = self.starts[d + 1] as usize;
        for &p in &self.parents[from..to] {
            f(p as usize);
        }
    }
}

/// X's value of every node of `g` ([`ENDLESS`] for endless play). `range` bounds every finite
/// value in absolute terms.
#[must_use]
pub fn solve<G: Graph>(g: &G, range: i16) -> Vec<i16> {
    solve_until(g, range, &|| false).unwrap_or_default()
}

/// Nodes fixed between two questions to `stop`.
const ASK_EVERY: u32 = 1 << 16;

/// [`solve`], given up (`None`) once `stop` says so (a time limit: it is asked every 65 536
/// nodes fixed).
#[must_use]
pub fn solve_until<G: Graph>(g: &G, range: i16, stop: &dyn Fn() -> bool) -> Option<Vec<i16>> {
    let n = g.nodes();
    let mut value = vec![ENDLESS; n];
    // Fixed, and its parents told: a maximising parent is given its value when first reached
    // (the highest fixed option is its value), and told its own parents when taken from its
    // bucket.
    let mut told = vec![false; n];
    // A node has at most a few dozen moves (two directions a hole and a pass).
    let mut left: Vec<u16> = (0..n)
        .map(|d| u16::try_from(g.inside(d)).unwrap_or(u16::MAX))
        .collect();
    let width = usize::try_from(2 * range + 1).unwrap_or(1);
    let bucket = |v: i16| usize::try_from(v + range).unwrap_or(0).min(width - 1);
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); width];
    for (d, &l) in left.iter().enumerate() {
        let e = g.exit(d);
        let ready = if d.is_multiple_of(2) {
            e > ENDLESS
        } else {
            l == 0 && e < NO_EXIT_MIN
        };
        if ready && e > ENDLESS {
            buckets[bucket(e)].push(d as u32);
        }
    }
    let mut clock = 0u32;
    for b in (0..width).rev() {
        let v = i16::try_from(b).unwrap_or(0) - range;
        // Nodes fixed at `v` may fix others at `v` itself: the bucket grows while read.
        while let Some(d) = buckets[b].pop() {
            clock = clock.wrapping_add(1);
            if clock.is_multiple_of(ASK_EVERY) && stop() {
                return None;
            }
            let d = d as usize;
            if told[d] {
                continue;
            }
            told[d] = true;
            value[d] = v;
            g.each_parent(d, |p| {
                if told[p] {
                    return;
                }
                if p.is_multiple_of(2) {
                    if value[p] == ENDLESS {
                        value[p] = v;
                        buckets[b].push(p as u32);
                    }
                } else {
                    left[p] -= 1;
                    if left[p] == 0 {
                        let w = v.min(g.exit(p));
                        if w > ENDLESS {
                            buckets[bucket(w)].push(p as u32);
                        }
                    }
                }
            });
        }
    }
    Some(value)
}
