//! The node lines of a proof file (spec/analysis.md §8.3):
//! `N CLAIM POSITION ;` then ` MOVE CHILD` for each move the node follows.

use crate::claim::Claim;
use crate::header::{Header, position};
use crate::{CheckError, Fnv, Lines, number, text};
use rules_core::Position;
use std::io::BufRead;

/// One node as read.
pub(crate) struct Node {
    /// Its line in the file.
    pub line: usize,
    pub claim: Claim,
    pub position: Position,
    /// The moves followed, as written, with the nodes they lead to.
    pub edges: Vec<(Box<str>, usize)>,
}

/// Node `index`'s line.
fn parse(t: &str, index: usize, line: usize, header: &Header) -> Result<Node, CheckError> {
    let err = |m: String| CheckError::at(line, Some(index), m);
    let (head, moves) = t
        .split_once(" ;")
        .ok_or_else(|| err("expected ` ;` after the position".to_owned()))?;
    let mut words = head.splitn(3, ' ');
    let numeral = words.next().unwrap_or_default();
    if number::count(numeral) != Some(index) {
        return Err(err(format!(
            "numbered `{numeral}`: the nodes are numbered from 0 in order, this is {index}"
        )));
    }
    let claim_word = words.next().unwrap_or_default();
    let text = words
        .next()
        .ok_or_else(|| err("expected a position string".to_owned()))?;
    let (position, margins) = position(text, &header.options, line, Some(index))?;
    let claim = Claim::read(claim_word, &margins).map_err(err)?;
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
        for pair in words.chunks_exact(2) {
            let [token, child] = pair else {
                continue;
            };
            let child = number::count(child).ok_or_else(|| {
                err(format!(
                    "move {token}: expected the number of a node in its one spelling (digits, no \
                     leading zero), found `{child}`"
                ))
            })?;
            edges.push(((*token).into(), child));
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
        let next = lines.number.saturating_add(1);
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
