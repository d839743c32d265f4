//! Proofs of exact values that another program can check (spec/analysis.md §8).
//!
//! A value `v` of a position for its player to move, R, is exact when R can make sure of a margin
//! of at least `v` and his opponent of a margin for R of at most `v`. A proof is both strategies,
//! as a graph of positions (a DAG where lines transpose) down to the end of the round:
//!
//! * the **lower** half: at R's positions one move, at his opponent's every move, each node
//!   claiming R's margin is at least `v` (from the node's player to move: `>= v` for R,
//!   `<= -v` for his opponent);
//! * the **upper** half: the same with the roles swapped, each node claiming R's margin is at
//!   most `v`.
//!
//! Every line of both strategies ends, so the proof holds whichever way endless play is counted.
//! The search that builds it (`prover.rs`) is its own, a memoised AND/OR search per half; the file
//! (`file.rs`) is what `cargo xtask check-proof` reads, with nothing but the rules.

mod file;
mod prover;

use prover::{ALL, Goal, Memo, Prover, State, Verdict};
use rules_core::{Move, Player, Position};
use std::collections::HashMap;
use std::fmt;
use std::time::{Duration, Instant};

/// What a node claims about the final margin of the round for its player to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    /// At least this margin (`>=v` in the file).
    AtLeast(i32),
    /// At most this margin (`<=v` in the file).
    AtMost(i32),
}

impl fmt::Display for Claim {
    /// `>=-4`, `<=4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::AtLeast(v) => write!(f, ">={v}"),
            Claim::AtMost(v) => write!(f, "<={v}"),
        }
    }
}

/// One node of a proof: a position, its claim, and the moves the proof follows from it with the
/// nodes they lead to (none where the round is over).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The position.
    pub position: Position,
    /// Its claim, for its player to move.
    pub claim: Claim,
    /// The moves followed, in the position's canonical order of moves, each with its node.
    pub children: Vec<(Move, usize)>,
}

/// The proof of an exact value: its nodes in an order where every move leads to a later node,
/// the lower half's root first.
#[derive(Clone, Debug)]
pub struct Proof {
    value: i32,
    nodes: Vec<Node>,
    upper_root: usize,
    stats: Stats,
}

/// The figures of a proof.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes of the lower half (R's strategy).
    pub lower_nodes: usize,
    /// Nodes of the upper half (his opponent's strategy).
    pub upper_nodes: usize,
    /// Moves between nodes.
    pub edges: usize,
    /// Nodes where the round is over.
    pub leaves: usize,
    /// The longest line of either strategy, in plies.
    pub depth: usize,
    /// Positions the search visited to build both halves.
    pub searched: u64,
    /// Time to build both halves.
    pub elapsed: Duration,
}

/// Why no proof was built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofError {
    /// The bound fails: the value is not `value` (the text says which way).
    Fails {
        /// The player to move at the root.
        mover: Player,
        /// The value to prove.
        value: i32,
        /// Which bound failed: `true` for "at most".
        at_most: bool,
        /// Whether only endless play stood in the way (some line of every strategy repeats).
        endless: bool,
    },
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ProofError::Fails {
            mover,
            value,
            at_most,
            endless,
        } = *self;
        let (who, bound) = if at_most {
            (mover.other(), "at most")
        } else {
            (mover, "at least")
        };
        let v = crate::value::Outcome::Seeds(value);
        if endless {
            write!(
                f,
                "no proof that {mover}'s margin is {bound} {v}: {who} cannot keep it on lines \
                 that all reach the end of the round (endless play decides)"
            )
        } else {
            write!(
                f,
                "{mover}'s margin is not {bound} {v}: {who} has no strategy that keeps it"
            )
        }
    }
}

impl std::error::Error for ProofError {}

/// Proves that `value` is the exact value of `root` for its player to move: builds both halves.
///
/// # Errors
/// A bound that does not hold, or holds only if endless play is counted for its prover.
pub fn prove(root: &Position, value: i32) -> Result<Proof, ProofError> {
    let start = Instant::now();
    let mut halves = Vec::with_capacity(2);
    let mut searched = 0;
    for at_most in [false, true] {
        let goal = Goal {
            root_mover: root.to_move(),
            value,
            at_most,
        };
        let mut prover = Prover::new(goal);
        let verdict = prover.search(root);
        searched += prover.visited;
        if verdict != Verdict::Proved {
            return Err(ProofError::Fails {
                mover: root.to_move(),
                value,
                at_most,
                endless: verdict == Verdict::Endless,
            });
        }
        halves.push(half(root, goal, &prover.memo));
    }
    let upper = halves.pop().unwrap_or_default();
    let mut nodes = halves.pop().unwrap_or_default();
    let upper_root = nodes.len();
    nodes.extend(upper.into_iter().map(|mut n| {
        for (_, c) in &mut n.children {
            *c += upper_root;
        }
        n
    }));
    let stats = Stats {
        lower_nodes: upper_root,
        upper_nodes: nodes.len() - upper_root,
        edges: nodes.iter().map(|n| n.children.len()).sum(),
        leaves: nodes.iter().filter(|n| n.children.is_empty()).count(),
        depth: depth(&nodes),
        searched,
        elapsed: start.elapsed(),
    };
    Ok(Proof {
        value,
        nodes,
        upper_root,
        stats,
    })
}

impl Proof {
    /// The value proved, for the root's player to move.
    #[must_use]
    pub fn value(&self) -> i32 {
        self.value
    }

    /// The root position.
    #[must_use]
    pub fn root(&self) -> &Position {
        &self.nodes[0].position
    }

    /// Every node: the lower half's root first, every move leading to a later node.
    #[must_use]
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The index of the upper half's root (the lower half's is 0).
    #[must_use]
    pub fn upper_root(&self) -> usize {
        self.upper_root
    }

    /// The proof's figures.
    #[must_use]
    pub fn stats(&self) -> &Stats {
        &self.stats
    }
}

/// The claim of a node of `goal`'s half, for its player to move.
fn claim(goal: Goal, pos: &Position) -> Claim {
    let mine = pos.to_move() == goal.root_mover;
    match (goal.at_most, mine) {
        (false, true) => Claim::AtLeast(goal.value),
        (false, false) => Claim::AtMost(-goal.value),
        (true, true) => Claim::AtMost(goal.value),
        (true, false) => Claim::AtLeast(-goal.value),
    }
}

/// The moves the proof follows from `pos`: all, one, or none at the end of the round.
fn followed(pos: &Position, memo: &Memo) -> Vec<(Move, Position)> {
    if pos.round_result().is_some() {
        return Vec::new();
    }
    let mut moves = pos.legal_moves_with_positions();
    match memo.get(pos) {
        Some(&State::Proved(ALL)) => moves,
        Some(&State::Proved(i)) => {
            let i = i as usize;
            moves.truncate(i + 1);
            moves.split_off(i)
        }
        // A proved node's moves lead to proved nodes (prover.rs): not reached.
        _ => Vec::new(),
    }
}

/// A position of the depth-first walk of [`half`]: its followed moves and how many are walked.
struct Frame {
    pos: Position,
    moves: Vec<(Move, Position)>,
    next: usize,
}

/// One half's nodes from its memo, in reverse post-order of a depth-first walk from the root
/// (every move leads to a later node), children in the order of the moves.
fn half(root: &Position, goal: Goal, memo: &Memo) -> Vec<Node> {
    // Post-order index of every position reached, and each one's moves as post-order indices.
    let mut post: HashMap<Position, usize, prover::Build> = HashMap::default();
    let mut done: Vec<(Position, Vec<(Move, usize)>)> = Vec::new();
    let mut stack = vec![Frame {
        pos: *root,
        moves: followed(root, memo),
        next: 0,
    }];
    post.insert(*root, usize::MAX);
    while let Some(top) = stack.last_mut() {
        if let Some(&(_, child)) = top.moves.get(top.next) {
            top.next += 1;
            if let std::collections::hash_map::Entry::Vacant(e) = post.entry(child) {
                e.insert(usize::MAX);
                stack.push(Frame {
                    pos: child,
                    moves: followed(&child, memo),
                    next: 0,
                });
            }
            continue;
        }
        // Every child is done (a proof's moves never lead back to the walk's line).
        let children = top.moves.iter().map(|(m, c)| (*m, post[c])).collect();
        let pos = top.pos;
        post.insert(pos, done.len());
        done.push((pos, children));
        stack.pop();
    }
    let last = done.len() - 1;
    done.into_iter()
        .rev()
        .map(|(position, children)| Node {
            position,
            claim: claim(goal, &position),
            children: children.into_iter().map(|(m, c)| (m, last - c)).collect(),
        })
        .collect()
}

/// The longest line from node 0 or any other node, in plies.
fn depth(nodes: &[Node]) -> usize {
    let mut below = vec![0usize; nodes.len()];
    for i in (0..nodes.len()).rev() {
        below[i] = nodes[i]
            .children
            .iter()
            .map(|&(_, c)| below[c] + 1)
            .max()
            .unwrap_or(0);
    }
    below.into_iter().max().unwrap_or(0)
}
