//! `cargo xtask check-proof FILE...`: `mancala check-proof`
//! (`crates/cli/src/commands/check_proof.rs`), each proof file (spec/analysis.md §8) checked by `proof-check`, the checker that shares no code
//! with the search, with the same output; `-` reads standard input. Exits 1 when a proof is
//! refused or a file cannot be read (the others are still checked).

use mancala::testing::{CliError, Verdict};

pub fn check_proof(args: &[String]) -> Result<(), String> {
    if args.is_empty() || args.iter().any(|a| a.starts_with("--")) {
        return Err("usage: cargo xtask check-proof FILE... (- for standard input)".to_owned());
    }
    let args = mancala::cli::CheckProofArgs {
        files: args.iter().map(Into::into).collect(),
    };
    match mancala::testing::check_proof(&args) {
        Ok(Verdict::Valid) | Err(CliError::BrokenPipe) => Ok(()),
        Ok(Verdict::Invalid) => Err("a proof was refused".to_owned()),
        Ok(Verdict::Failed) => Err("a file could not be read".to_owned()),
        Err(e) => Err(e.to_string()),
    }
}
