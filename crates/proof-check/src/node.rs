//! The node lines of a proof file (spec/analysis.md §8.3):
//! `N CLAIM POSITION ;` then ` MOVE CHILD` for each move the node follows.

use crate::header::Header;
use crate::{CheckError, Fnv, Lines, text};
use notation::{parse_position, write_position};
use rules_core::{Position, StatedOptions};
use std::io::BufRead;

/// A node's claim on the final margin of the round for its player to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Claim {
    AtLeast(i32),
    AtMost(i32),
}

impl std::fmt::Display for Claim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Claim::AtLeast(v) => write!(f, ">={v}"),
            Claim::AtMost(v) => write!(f, "<={v}"),
        }
    }
}

/// One node as read.
pub(crate) struct Node {
    /// Its line in the file.
    pub line: usize,
    pub claim: Claim,
    pub position: Position,
    /// The moves followed, as written, with the nodes they lead to.
    pub edges: Vec<(Box<str>, usize)>,
}

/// A position string of the file: a legal position of the file's game, in canonical form.
pub(crate) fn position(
    text: &str,
    options: &StatedOptions,
    line: usize,
    node: Option<usize>,
) -> Result<Position, CheckError> {
    let setup = parse_position(text, Some(options))
        .map_err(|e| CheckError::at(line, node, format!("position `{text}`: {e}")))?;
    if setup.variant != options.variant() {
        return Err(CheckError::at(
            line,
            node,
            format!(
                "position `{text}` is a position of {}, not of the file's {}",
                setup.variant,
                options.variant()
            ),
        ));
    }
    let pos = Position::from_setup(&setup)
        .map_err(|e| CheckError::at(line, node, format!("position `{text}`: {e}")))?;
    let canonical = write_position(&pos.to_setup());
    if canonical != text {
        return Err(CheckError::at(
            line,
            node,
            format!("position `{text}` is not in canonical form, `{canonical}`"),
        ));
    }
    Ok(pos)
}

fn claim(word: &str, line: usize, node: usize) -> Result<Claim, CheckError> {
    let bad = || {
        CheckError::at(
            line,
            Some(node),
            format!("expected a claim such as `>=-4` or `<=4`, found `{word}`"),
        )
    };
    if let Some(v) = word.strip_prefix(">=") {
        v.parse().map(Claim::AtLeast).map_err(|_| bad())
    } else if let Some(v) = word.strip_prefix("<=") {
        v.parse().map(Claim::AtMost).map_err(|_| bad())
    } else {
        Err(bad())
    }
}

/// Node `index`'s line.
fn parse(t: &str, index: usize, line: usize, header: &Header) -> Result<Node, CheckError> {
    let err = |m: String| CheckError::at(line, Some(index), m);
    let (head, moves) = t
        .split_once(" ;")
        .ok_or_else(|| err("expected ` ;` after the position".to_owned()))?;
    let mut words = head.splitn(3, ' ');
    let number = words.next().unwrap_or_default();
    if number.parse::<usize>().ok() != Some(index) {
        return Err(err(format!(
            "numbered `{number}`: the nodes are numbered from 0 in order, this is {index}"
        )));
    }
    let claim = claim(words.next().unwrap_or_default(), line, index)?;
    let text = words
        .next()
        .ok_or_else(|| err("expected a position string".to_owned()))?;
    let position = position(text, &header.options, line, Some(index))?;
    let mut edges = Vec::new();
    if !moves.is_empty() {
        let moves = moves
            .strip_prefix(' ')
            .ok_or_else(|| err("expected a space after ` ;`".to_owned()))?;
        let words: Vec<&str> = moves.split(' ').collect();
        if !words.len().is_multiple_of(2) {
            return Err(err(
                "expected pairs of a move and a node number after ` ;`".to_owned()
            ));
        }
        for pair in words.chunks(2) {
            let child = pair[1].parse().map_err(|_| {
                err(format!(
                    "move {}: `{}` is not a node number",
                    pair[0], pair[1]
                ))
            })?;
            edges.push((pair[0].into(), child));
        }
    }
    Ok(Node {
        line,
        claim,
        position,
        edges,
    })
}

/// Every node line, fed to the checksum; then nothing more.
pub(crate) fn read_all<R: BufRead>(
    lines: &mut Lines<'_, R>,
    header: &Header,
    sum: &mut Fnv,
) -> Result<Vec<Node>, CheckError> {
    // The header's count is not trusted for the allocation.
    let mut nodes = Vec::with_capacity(header.nodes.min(1 << 16));
    for index in 0..header.nodes {
        let next = lines.number + 1;
        let Some((line, raw)) = lines.next_raw()? else {
            return Err(CheckError::at(
                next,
                Some(index),
                format!(
                    "missing: the file ends after {index} of the {} nodes its header gives \
                     (cut short)",
                    header.nodes
                ),
            ));
        };
        sum.update(raw);
        let t = text(raw, line, Some(index))?;
        nodes.push(parse(t, index, line, header)?);
    }
    if let Some((line, _)) = lines.next_raw()? {
        return Err(CheckError::at(
            line,
            None,
            format!("more than the {} nodes the header gives", header.nodes),
        ));
    }
    Ok(nodes)
}
