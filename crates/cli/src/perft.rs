//! `mancala perft`.

use crate::cli::PerftArgs;
use crate::exit::{CliError, Outcome};
use crate::game_args;
use std::io::Write;

pub fn run(args: &PerftArgs) -> Result<Outcome, CliError> {
    let pos = game_args::position(&args.game)?;
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        |t| t as usize,
    );
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.depth == 0 {
        writeln!(out, "1")?;
    } else {
        let mut divide: Vec<(String, u64)> = pos
            .perft_divide(args.depth, threads)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        let total: u64 = divide.iter().map(|(_, n)| n).sum();
        if args.divide {
            divide.sort();
            for (m, n) in &divide {
                writeln!(out, "{m} {n}")?;
            }
            writeln!(out)?;
        }
        writeln!(out, "{total}")?;
    }
    out.flush()?;
    Ok(Outcome::Valid)
}
