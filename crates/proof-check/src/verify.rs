//! The steps of a proof, node by node, with the rules alone (spec/analysis.md §8.4).

use crate::header::Header;
use crate::node::{Claim, Node};
use crate::{CheckError, Report};
use notation::write_view;
use rules_core::{Move, Position};

/// What a child's claim says about its parent's player to move, if the parent plays the move
/// to it: the same claim when the mover moves again (a repeat move, G13, S10), turned round when
/// the turn passes.
fn seen_from_parent(parent: &Position, child: &Node) -> Claim {
    if child.position.to_move() == parent.to_move() {
        return child.claim;
    }
    match child.claim {
        Claim::AtLeast(v) => Claim::AtMost(-v),
        Claim::AtMost(v) => Claim::AtLeast(-v),
    }
}

/// Whether `given` implies `wanted`.
fn implies(given: Claim, wanted: Claim) -> bool {
    match (given, wanted) {
        (Claim::AtLeast(g), Claim::AtLeast(w)) => g >= w,
        (Claim::AtMost(g), Claim::AtMost(w)) => g <= w,
        _ => false,
    }
}

/// What a claim says, in words.
fn words(c: Claim) -> String {
    match c {
        Claim::AtLeast(v) => format!("at least {v}"),
        Claim::AtMost(v) => format!("at most {v}"),
    }
}

/// A node where the round is over: no move, and the margin keeps the claim.
fn leaf(i: usize, node: &Node, totals: [u32; 2]) -> Result<(), CheckError> {
    let me = node.position.to_move().index();
    let margin = i64::from(totals[me]) - i64::from(totals[1 - me]);
    let err = |m: String| CheckError::at(node.line, Some(i), m);
    if !node.edges.is_empty() {
        return Err(err(
            "the round is over here, yet the node follows moves".to_owned()
        ));
    }
    let holds = match node.claim {
        Claim::AtLeast(b) => margin >= i64::from(b),
        Claim::AtMost(b) => margin <= i64::from(b),
    };
    if holds {
        Ok(())
    } else {
        Err(err(format!(
            "the round is over with {}-{} (A-B), a margin of {margin} for {}: not {}",
            totals[0],
            totals[1],
            node.position.to_move(),
            words(node.claim)
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
        if *child <= i || *child >= nodes.len() {
            return Err(err(format!(
                "{token} leads to node {child}: a move leads to a later node, below {} (a proof \
                 is acyclic)",
                nodes.len()
            )));
        }
        let target = &nodes[*child];
        if target.position != legal[k].1 {
            return Err(err(format!(
                "{token} leads to `{}`, but node {child} is `{}`",
                write_view(legal[k].1.view()),
                write_view(target.position.view())
            )));
        }
        let given = seen_from_parent(&node.position, target);
        if !implies(given, node.claim) {
            return Err(err(format!(
                "claims {} for {}, but {token} leads to node {child}, which gives {}",
                words(node.claim),
                node.position.to_move(),
                words(given)
            )));
        }
    }
    match node.claim {
        Claim::AtLeast(_) if node.edges.len() != 1 => Err(err(format!(
            "claims {} for the player to move, so it follows exactly one move, his choice; it \
             follows {}",
            words(node.claim),
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
                words(node.claim),
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
                    words(claim),
                    write_view(node.position.view()),
                    words(node.claim)
                ),
            ));
        }
    }
    Ok(())
}

/// Checks every node, the roots and that every node is reached from them.
pub(crate) fn verify(header: &Header, nodes: &[Node]) -> Result<Report, CheckError> {
    roots(header, nodes)?;
    let mut reached = vec![false; nodes.len()];
    reached[header.lower] = true;
    reached[header.upper] = true;
    let mut leaves = 0;
    for (i, node) in nodes.iter().enumerate() {
        if !reached[i] {
            return Err(CheckError::at(
                node.line,
                Some(i),
                "no root reaches this node",
            ));
        }
        match node.position.round_result() {
            Some(r) => {
                leaf(i, node, r.totals)?;
                leaves += 1;
            }
            None => inner(i, nodes, &node.position.legal_moves_with_positions())?,
        }
        for &(_, c) in &node.edges {
            reached[c] = true;
        }
    }
    // The longest line below each node, from the last node back.
    let mut below = vec![0usize; nodes.len()];
    for i in (0..nodes.len()).rev() {
        below[i] = nodes[i]
            .edges
            .iter()
            .map(|&(_, c)| below[c] + 1)
            .max()
            .unwrap_or(0);
    }
    Ok(Report {
        game: header.game.clone(),
        root: write_view(header.root.view()),
        value: header.value,
        nodes: nodes.len(),
        edges: nodes.iter().map(|n| n.edges.len()).sum(),
        leaves,
        depth: below[header.lower].max(below[header.upper]),
        bytes: 0,
    })
}
