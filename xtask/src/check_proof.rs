//! `cargo xtask check-proof FILE...`: each proof file (spec/analysis.md §8), checked by
//! `proof-check`, the checker that shares no code with the search: the value it proves, its
//! nodes, moves, round ends and depth, the bytes read and the time taken. `-` reads standard
//! input. Exits 1 at the first file refused, naming its line and node.

use std::io::BufReader;
use std::time::Instant;

pub fn check_proof(args: &[String]) -> Result<(), String> {
    if args.is_empty() || args.iter().any(|a| a.starts_with("--")) {
        return Err("usage: cargo xtask check-proof FILE... (- for standard input)".to_owned());
    }
    for path in args {
        let t = Instant::now();
        let report = if path == "-" {
            proof_check::check(&mut std::io::stdin().lock())
        } else {
            let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
            proof_check::check(&mut BufReader::with_capacity(1 << 16, file))
        }
        .map_err(|e| format!("{path}: refused: {e}"))?;
        let seconds = t.elapsed().as_secs_f64();
        println!(
            "{path}: valid: {} from `{}` is {} for the player to move, exact \
             (both bounds proved, every line reaching the end of the round)",
            report.game, report.root, report.value
        );
        println!(
            "{path}: {} nodes, {} moves, {} round ends, depth {} plies, {} bytes, checked in \
             {seconds:.2} s",
            report.nodes, report.edges, report.leaves, report.depth, report.bytes
        );
    }
    Ok(())
}
