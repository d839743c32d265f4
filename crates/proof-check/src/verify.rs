//! The steps of a proof, node by node, with the rules alone (spec/analysis.md §8.4).

use crate::claim::Claim;
use crate::header::Header;
use crate::node::Node;
use crate::{CheckError, Report};
use notation::write_view;
use rules_core::{Move, Position};
use std::collections::HashMap;

/// What a child's claim says about its parent's player to move, if the parent plays the move
/// to it: the same claim when the mover moves again (a repeat move, G13, S10), turned round when
/// the turn passes.
fn seen_from_parent(parent: &Position, child: &Node) -> Claim {
    if child.position.to_move() == parent.to_move() {
        child.claim
    } else {
        child.claim.turned()
    }
}

/// A node where the round is over: no move, and the margin keeps the claim.
fn leaf(i: usize, node: &Node, totals: [u32; 2]) -> Result<(), CheckError> {
    let me = node.position.to_move();
    let total = |p: rules_core::Player| totals.get(p.index()).map_or(0, |&t| i64::from(t));
    let margin = total(me).saturating_sub(total(me.other()));
    let err = |m: String| CheckError::at(node.line, Some(i), m);
    if !node.edges.is_empty() {
        return Err(err(
            "the round is over here, yet the node follows moves".to_owned()
        ));
    }
    if node.claim.kept_by(margin) {
        Ok(())
    } else {
        Err(err(format!(
            "the round is over with {}-{} (A-B), a margin of {margin} for {me}: not {}",
            totals[0],
            totals[1],
            node.claim.words()
        )))
    }
}

/// A node where the round goes on: its moves against the rules and the claims of its children.
fn inner(i: usize, nodes: &[Node], legal: &[(Move, Position)]) -> Result<(), CheckError> {
    let node = &nodes[i];
    let err = |m: String| CheckError::at(node.line, Some(i), m);
    let tokens: Vec<String> = legal.iter().map(|(m, _)| m.to_string()).collect();
    if tokens.is_empty() {
        return Err(err("the round goes on, yet no move is legal".to_owned()));
    }
    let mut last: Option<usize> = None;
    for (token, child) in &node.edges {
        let token = &**token;
        let k = tokens.iter().position(|t| t == token).ok_or_else(|| {
            err(format!(
                "{token} is not a legal move here (the legal moves: {})",
                tokens.join(" ")
            ))
        })?;
        if last.is_some_and(|l| l >= k) {
            return Err(err(format!(
                "{token} comes out of order or twice: the moves are listed once each, in the \
                 rules' order ({})",
                tokens.join(" ")
            )));
        }
        last = Some(k);
        let target = nodes.get(*child).filter(|_| *child > i).ok_or_else(|| {
            err(format!(
                "{token} leads to node {child}: a move leads to a later node, below {} (a proof \
                 is acyclic)",
                nodes.len()
            ))
        })?;
        if target.position != legal[k].1 {
            return Err(err(format!(
                "{token} leads to `{}`, but node {child} is `{}`",
                write_view(legal[k].1.view()),
                write_view(target.position.view())
            )));
        }
        let given = seen_from_parent(&node.position, target);
        if !given.implies(node.claim) {
            return Err(err(format!(
                "claims {} for {}, but {token} leads to node {child}, which gives {}",
                node.claim.words(),
                node.position.to_move(),
                given.words()
            )));
        }
    }
    match node.claim {
        Claim::AtLeast(_) if node.edges.len() != 1 => Err(err(format!(
            "claims {} for the player to move, so it follows exactly one move, his choice; it \
             follows {}",
            node.claim.words(),
            node.edges.len()
        ))),
        Claim::AtMost(_) if node.edges.len() != tokens.len() => {
            let missing: Vec<&str> = tokens
                .iter()
                .filter(|t| !node.edges.iter().any(|(e, _)| **e == ***t))
                .map(String::as_str)
                .collect();
            Err(err(format!(
                "claims {} for the player to move, so it follows every legal move; {} missing",
                node.claim.words(),
                missing.join(" ")
            )))
        }
        _ => Ok(()),
    }
}

/// The roots: the header's position claiming at least and at most its value.
fn roots(header: &Header, nodes: &[Node]) -> Result<(), CheckError> {
    for (name, index, claim) in [
        ("lower", header.lower, Claim::AtLeast(header.value)),
        ("upper", header.upper, Claim::AtMost(header.value)),
    ] {
        let node = nodes.get(index).ok_or_else(|| {
            CheckError::at(
                0,
                None,
                format!("the {name} root, node {index}, is not a node"),
            )
        })?;
        if node.position != header.root || node.claim != claim {
            return Err(CheckError::at(
                node.line,
                Some(index),
                format!(
                    "the {name} root must be the root position claiming {}; it is `{}` \
                     claiming {}",
                    claim.words(),
                    write_view(node.position.view()),
                    node.claim.words()
                ),
            ));
        }
    }
    Ok(())
}

/// Each node is written once: no two nodes hold the same position with the same claim (a move
/// that reaches a position points to its one node, §8.3).
fn once(
    i: usize,
    node: &Node,
    written: &mut HashMap<(Position, Claim), usize>,
) -> Result<(), CheckError> {
    match written.insert((node.position, node.claim), i) {
        Some(first) => Err(CheckError::at(
            node.line,
            Some(i),
            format!(
                "node {first} holds the same position with the same claim: a node is written \
                 once, and every move that reaches it points to it"
            ),
        )),
        None => Ok(()),
    }
}

/// The writer's numbering (§8.3), the one a proof may have: each half in reverse post-order of a
/// depth-first walk from its root that takes the moves in order, the lower half first from node
/// 0, the upper half's root right after its last node; no node in both halves.
fn numbering(header: &Header, nodes: &[Node]) -> Result<(), CheckError> {
    // 0: not reached yet; 1: the lower half's; 2: the upper's.
    let mut half = vec![0u8; nodes.len()];
    let mut first = 0usize;
    for (mark, name, root) in [(1u8, "lower", header.lower), (2, "upper", header.upper)] {
        let at = |i: usize| nodes.get(i).map_or(0, |n| n.line);
        if root != first {
            return Err(CheckError::at(
                at(root),
                Some(root),
                format!(
                    "the {name} root is node {root}; it must be node {first}: the lower half's \
                     root is node 0 and the upper half's follows the lower half's last node"
                ),
            ));
        }
        let post = walk(nodes, root, mark, &mut half)?;
        for (expected, &found) in (first..).zip(post.iter().rev()) {
            if found != expected {
                return Err(CheckError::at(
                    at(expected),
                    Some(expected),
                    format!(
                        "out of order: the {name} half's nodes are numbered in reverse post-order \
                         of a depth-first walk from its root taking the moves in order, which \
                         puts node {found} here"
                    ),
                ));
            }
        }
        first = first.saturating_add(post.len());
    }
    Ok(())
}

/// The nodes a depth-first walk from `root` reaches, in post-order, marked `mark` in `half`;
/// a node another half reached already is an error.
fn walk(nodes: &[Node], root: usize, mark: u8, half: &mut [u8]) -> Result<Vec<usize>, CheckError> {
    let mut post = Vec::new();
    let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
    if let Some(h) = half.get_mut(root) {
        *h = mark;
    }
    while let Some(top) = stack.last_mut() {
        let (i, k) = *top;
        let Some(&(_, child)) = nodes.get(i).and_then(|n| n.edges.get(k)) else {
            post.push(i);
            stack.pop();
            continue;
        };
        top.1 = k.saturating_add(1);
        match half.get_mut(child) {
            Some(h) if *h == 0 => {
                *h = mark;
                stack.push((child, 0));
            }
            Some(h) if *h != mark => {
                let line = nodes.get(i).map_or(0, |n| n.line);
                return Err(CheckError::at(
                    line,
                    Some(i),
                    format!("leads to node {child} of the other half: the halves share no node"),
                ));
            }
            _ => {}
        }
    }
    Ok(post)
}

/// Checks every node, the roots, that every node is reached from them and written once, and
/// the numbering.
pub(crate) fn verify(header: &Header, nodes: &[Node]) -> Result<Report, CheckError> {
    roots(header, nodes)?;
    let mut reached = vec![false; nodes.len()];
    reached[header.lower] = true;
    reached[header.upper] = true;
    let mut written = HashMap::with_capacity(nodes.len());
    let mut leaves = 0usize;
    for (i, node) in nodes.iter().enumerate() {
        if !reached[i] {
            return Err(CheckError::at(
                node.line,
                Some(i),
                "no root reaches this node",
            ));
        }
        once(i, node, &mut written)?;
        match node.position.round_result() {
            Some(r) => {
                leaf(i, node, r.totals)?;
                leaves = leaves.saturating_add(1);
            }
            None => inner(i, nodes, &node.position.legal_moves_with_positions())?,
        }
        for &(_, c) in &node.edges {
            reached[c] = true;
        }
    }
    numbering(header, nodes)?;
    // The longest line below each node, from the last node back.
    let mut below = vec![0usize; nodes.len()];
    for i in (0..nodes.len()).rev() {
        below[i] = nodes[i]
            .edges
            .iter()
            .map(|&(_, c)| below[c].saturating_add(1))
            .max()
            .unwrap_or(0);
    }
    Ok(Report {
        game: header.game.clone(),
        root: write_view(header.root.view()),
        value: header.value,
        nodes: nodes.len(),
        edges: nodes
            .iter()
            .fold(0usize, |sum, n| sum.saturating_add(n.edges.len())),
        leaves,
        depth: below[header.lower].max(below[header.upper]),
        bytes: 0,
    })
}
