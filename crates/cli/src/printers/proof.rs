//! `mancala analyse --proof FILE`: the proof of an exact value, written for `cargo xtask
//! check-proof` (spec/analysis.md §8).

use crate::outputs::exit::CliError;
use crate::outputs::target::Target;
use analysis::proof::{Proof, prove};
use analysis::{Analysis, Outcome};
use rules_core::Position;
use serde_json::json;
use std::io::Write;

/// What was written.
pub struct Written {
    path: String,
    proof: Proof,
    bytes: u64,
}

/// Counts the bytes written through it.
struct Counted<W> {
    out: W,
    bytes: u64,
}

impl<W: Write> Write for Counted<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// Proves the analysis's value of `pos` and writes the proof to `target` as every output is
/// written (`target.rs`): a file whole or not at all, a device or a FIFO in place, `-` to standard
/// output.
///
/// # Errors
/// A value that is not exact (a limit stopped the search, or endless play decides), a value the
/// proof search refutes, or the output cannot be written.
pub fn write(target: &Target, pos: &Position, a: &Analysis) -> Result<Written, CliError> {
    let shown = target.shown();
    let value = match (a.exact, a.value) {
        (true, Outcome::Seeds(v)) => v,
        _ => {
            return Err(CliError::Usage(format!(
                "--proof {shown}: no proof written: the value is not exact (raise --depth, \
                 --time or --nodes, or give none; where endless play decides, no proof that \
                 every line ends exists)"
            )));
        }
    };
    let proof = prove(pos, value)
        .map_err(|e| CliError::Usage(format!("--proof {shown}: no proof written: {e}")))?;
    let io = |e: std::io::Error| target.error("--proof", &e);
    let file = target.open().map_err(io)?;
    let mut out = Counted {
        out: std::io::BufWriter::with_capacity(1 << 16, file),
        bytes: 0,
    };
    proof.write(&mut out).map_err(io)?;
    let bytes = out.bytes;
    let file = out.out.into_inner().map_err(|e| io(e.into_error()))?;
    file.finish().map_err(io)?;
    Ok(Written {
        path: shown,
        proof,
        bytes,
    })
}

impl Written {
    /// `proof FILE: N nodes (L lower, U upper), E moves, R round ends, depth D, B bytes, in T s`.
    pub fn words(&self) -> String {
        let s = self.proof.stats();
        format!(
            "proof {}: {} nodes ({} for the lower bound, {} for the upper), {} moves, {} round \
             ends, depth {}, {} bytes, in {:.3} s",
            self.path,
            s.lower_nodes + s.upper_nodes,
            s.lower_nodes,
            s.upper_nodes,
            s.edges,
            s.leaves,
            s.depth,
            self.bytes,
            s.elapsed.as_secs_f64()
        )
    }

    /// The `proof` member of the analysis's JSON object.
    pub fn json(&self) -> serde_json::Value {
        let s = self.proof.stats();
        json!({
            "file": self.path,
            "value": self.proof.value(),
            "nodes": s.lower_nodes + s.upper_nodes,
            "lower_nodes": s.lower_nodes,
            "upper_nodes": s.upper_nodes,
            "edges": s.edges,
            "leaves": s.leaves,
            "depth": s.depth,
            "bytes": self.bytes,
            "searched": s.searched,
            "seconds": s.elapsed.as_secs_f64(),
        })
    }
}
