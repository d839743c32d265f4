//! The command line, as clap derives it.

use clap::{Args, Parser, Subcommand};

/// Validate, replay, convert and count games of five traditional mancala games: Bechi, Giuthi,
/// Sulus Nishtaw, Uugg and Redu, exactly as the rules in `rules/` rule them.
#[derive(Parser, Debug)]
#[command(name = "mancala", version, about, long_about = None)]
#[command(
    after_help = "Exit status: 0 all input valid, 1 some input invalid, 2 usage or I/O error."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the move paths of a given length (rules README §6.3)
    #[command(
        long_about = "Count the move paths of a given length (rules README §6.3).\n\n\
        perft(0) = 1; perft(d) sums perft(d-1) over the distinct outcomes of the position \
        (README §6.2). Forced passes and repeat moves are plies; a finished round has no moves and \
        perft never crosses into a new round.\n\n\
        Prints the total as a bare integer on the last line. With --divide, first one \
        `<move> <count>` line per legal move, sorted by move token, then a blank line."
    )]
    Perft(PerftArgs),
}

/// The game, its options and a position: shared by the commands that work on one position.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game: bechi, giuthi, sulus-nishtaw, uugg, redu (may be omitted with --position)
    #[arg(long, short = 'g', value_name = "NAME")]
    pub game: Option<String>,

    /// A rule option of the game, exactly as the rules files name it (e.g. holes=6,
    /// balla=optional); repeatable
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    pub options: Vec<String>,

    /// Start from this position string (spec/notation.md §4) instead of the start of round 1
    #[arg(long, short = 'p', value_name = "POS")]
    pub position: Option<String>,

    /// Who opens round 1 when starting from the start position
    #[arg(long, value_name = "A|B", default_value = "B", value_parser = ["A", "B"])]
    pub opener: String,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// Print the count below each legal move, sorted by move token, before the total
    #[arg(long, short = 'd')]
    pub divide: bool,

    /// Worker threads; the counts never depend on it [default: the number of cores]
    #[arg(long, short = 't', value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,

    /// Plies to count, 0 to 40
    #[arg(value_name = "DEPTH", value_parser = clap::value_parser!(u32).range(0..=40))]
    pub depth: u32,
}
