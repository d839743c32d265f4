//! The proof file (spec/analysis.md §8.3): a text header, then one line per node.
//!
//! ```text
//! mancala-proof 1
//! game bechi holes=3
//! root bechi 6,6,6/6,6,6 B opener=B
//! value -4
//! nodes 3
//! lower 0
//! upper 2
//! checksum fnv1a64 0123456789abcdef
//!
//! 0 >=-4 bechi 6,6,6/6,6,6 B opener=B ; 2B+ 1
//! ```
//!
//! A node's line: its number, its claim, its position string (spec/notation.md §4, canonical),
//! ` ;`, then each move followed with the number of the node it leads to. The bytes depend on
//! nothing but the proof.

use super::Proof;
use notation::write_view;
use std::io::{self, Write};

/// The format's version, the header's first line.
pub const VERSION: u32 = 1;

/// FNV-1a, 64 bits.
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Proof {
    /// The node lines, every node in order.
    fn write_body(&self, out: &mut impl Write) -> io::Result<()> {
        for (i, node) in self.nodes.iter().enumerate() {
            write!(
                out,
                "{i} {} {} ;",
                node.claim,
                write_view(node.position.view())
            )?;
            for (m, c) in &node.children {
                write!(out, " {m} {c}")?;
            }
            out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Writes the proof file. The body is made first, in memory (about 80 bytes a node), for
    /// its checksum, which the header gives.
    ///
    /// # Errors
    /// Those of `out`.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let mut body = Vec::with_capacity(self.nodes.len() * 80);
        self.write_body(&mut body)?;
        let root = self.root();
        writeln!(out, "mancala-proof {VERSION}")?;
        writeln!(out, "game {}", root.variant())?;
        writeln!(out, "root {}", write_view(root.view()))?;
        writeln!(out, "value {}", self.value)?;
        writeln!(out, "nodes {}", self.nodes.len())?;
        writeln!(out, "lower 0")?;
        writeln!(out, "upper {}", self.upper_root)?;
        writeln!(out, "checksum fnv1a64 {:016x}", fnv1a64(&body))?;
        writeln!(out)?;
        out.write_all(&body)
    }
}
