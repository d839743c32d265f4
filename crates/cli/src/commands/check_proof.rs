//! `mancala check-proof` (and `cargo xtask check-proof`, which runs it): each proof file
//! (spec/analysis.md §8) checked by `proof-check`, the checker that shares no code with the
//! search: the value it proves, its nodes, moves, round ends and depth, the bytes read and the
//! time taken; a refused file named with its line and node, what is wrong there on stderr.

use crate::cli::CheckProofArgs;
use crate::inputs::records::{self, Input};
use crate::outputs::diag;
use crate::outputs::exit::{CliError, Verdict, io_message};
use notation::text::{for_people, for_terminal};
use std::io::Write;
use std::time::Instant;

/// Checks every file, in order, and says what each proves.
///
/// # Errors
/// Writing to standard output failed (a closed pipe ends the run quietly, `main.rs`).
pub fn run(args: &CheckProofArgs) -> Result<Verdict, CliError> {
    let inputs: Vec<Input> = if args.files.is_empty() {
        vec![Input::stdin()]
    } else {
        args.files.iter().cloned().map(Input::new).collect()
    };
    let mut out = std::io::stdout().lock();
    let mut failed = false;
    let mut refused = false;
    for file in &inputs {
        let Some(mut reader) = records::open_or_report(file, &mut failed) else {
            continue;
        };
        let name = for_terminal(file.shown());
        let start = Instant::now();
        match proof_check::check(&mut reader) {
            Ok(report) => {
                writeln!(
                    out,
                    "{name}: valid: {} from `{}` is {} for the player to move, exact (both \
                     bounds proved, every line reaching the end of the round)",
                    report.game, report.root, report.value
                )?;
                writeln!(
                    out,
                    "{name}: {} nodes, {} moves, {} round ends, depth {} plies, {} bytes, \
                     checked in {:.2} s",
                    report.nodes,
                    report.edges,
                    report.leaves,
                    report.depth,
                    report.bytes,
                    start.elapsed().as_secs_f64()
                )?;
            }
            Err(e) if e.io.is_some() => {
                let kind = e.io.unwrap_or(std::io::ErrorKind::Other);
                diag::error(format_args!(
                    "cannot read {}: {}",
                    file.name(),
                    io_message(&std::io::Error::from(kind))
                ));
                failed = true;
            }
            Err(e) => {
                refused = true;
                // ` at line 11, node 1` on stdout, `FILE:11 (node 1)` on stderr.
                let (at, place) = match (e.line, e.node) {
                    (0, None) => (String::new(), String::new()),
                    (0, Some(n)) => (format!(" at node {n}"), format!(" (node {n})")),
                    (l, None) => (format!(" at line {l}"), format!(":{l}")),
                    (l, Some(n)) => (
                        format!(" at line {l}, node {n}"),
                        format!(":{l} (node {n})"),
                    ),
                };
                diag::text(&format!(
                    "error[proof]: {}\n --> {name}{place}\n",
                    for_people(&e.message)
                ));
                writeln!(out, "{name}: refused{at}")?;
            }
        }
        out.flush()?;
    }
    Ok(if failed {
        Verdict::Failed
    } else if refused {
        Verdict::Invalid
    } else {
        Verdict::Valid
    })
}
