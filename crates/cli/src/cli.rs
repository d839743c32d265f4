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
    /// Check recorded games: syntax, every ply against the rules, every annotation, the result
    #[command(
        long_about = "Check recorded games (spec/notation.md): the syntax of every record, every ply \
        against the rules (the rule ID that forbids an illegal move), every round boundary and set-up \
        decision, every checkable annotation and the result.\n\n\
        Records are read one at a time, in bounded memory; a bad record never stops the others. \
        Problems go to stderr as file:line:column with a caret excerpt; one line per record and the \
        counts of valid and invalid records go to stdout.\n\n\
        Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error."
    )]
    Validate(ValidateArgs),
    /// Replay recorded games ply by ply: boards, laps, captures, stores, round and match results
    #[command(
        long_about = "Replay recorded games ply by ply (spec/notation.md): the start position, then for \
        every ply the laps and captures it made (with rule IDs) and the board drawn as the rules files \
        draw it (top row A from NA down to 1A, bottom row B from 1B), the stores and the side to move; \
        the round results, the set-up of each new round and the match result.\n\n\
        A record with a problem is replayed up to the problem, which is reported on stderr.\n\n\
        Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error."
    )]
    Replay(ReplayArgs),
    /// Convert records: to canonical notation, or between notation and JSON
    #[command(
        long_about = "Convert records (spec/notation.md): notation to canonical notation, notation to \
        JSON, JSON to notation. Each record is checked first (its canonical form needs the rules: \
        move spellings are those of rules README §6.2); an invalid record is reported on stderr and \
        left out. Converting canonical input gives it back byte for byte.\n\n\
        JSON input and output are JSON lines: one record object per line (spec/notation.md §7).\n\n\
        Exit status: 0 every record converted, 1 some record invalid, 2 usage or I/O error."
    )]
    Convert(ConvertArgs),
}

/// Output formats of validate and replay.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Text for people.
    Text,
    /// One JSON object per line, {"type": .., "data": ..} (spec/notation.md §11).
    Json,
}

/// What convert writes.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum To {
    /// The canonical notation (spec/notation.md §10.2).
    Notation,
    /// JSON lines, one record per line (spec/notation.md §7).
    Json,
}

/// What convert reads.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum From {
    /// JSON if the input starts with `{`, notation otherwise.
    Auto,
    /// Notation.
    Notation,
    /// JSON lines.
    Json,
}

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Record files to check; `-` or none reads standard input
    #[arg(value_name = "FILE|-")]
    pub files: Vec<String>,

    /// Output format: text for people, or JSON lines
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,

    /// Print only problems and the final counts, not one line per record
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A record file; `-` or none reads standard input
    #[arg(value_name = "FILE|-")]
    pub file: Option<String>,

    /// Output format: text for people, or JSON lines with the same data
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// Input files; `-` or none reads standard input
    #[arg(value_name = "FILE|-")]
    pub files: Vec<String>,

    /// Output: canonical notation, or JSON lines
    #[arg(long, value_enum, default_value = "notation")]
    pub to: To,

    /// Input: notation, JSON lines, or decided by the first character of each input
    #[arg(long, value_enum, default_value = "auto")]
    pub from: From,
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

    /// Transposition table of SIZE bytes (such as 64M or 1G), shared out among the threads: it
    /// keeps the counts of positions already met, with the whole position as key, so the counts
    /// never change; it pays where positions transpose (spec/engine.md, "perft")
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub hash: Option<usize>,

    /// Plies to count, 0 to 40
    #[arg(value_name = "DEPTH", value_parser = clap::value_parser!(u32).range(0..=40))]
    pub depth: u32,
}

/// A size in bytes: a number with an optional K, M or G (powers of 1024).
fn parse_size(s: &str) -> Result<usize, String> {
    let (num, mult) = match s.chars().last() {
        Some('k' | 'K') => (&s[..s.len() - 1], 1usize << 10),
        Some('m' | 'M') => (&s[..s.len() - 1], 1 << 20),
        Some('g' | 'G') => (&s[..s.len() - 1], 1 << 30),
        _ => (s, 1),
    };
    num.parse::<usize>()
        .ok()
        .and_then(|n| n.checked_mul(mult))
        .filter(|&n| n <= 1 << 40)
        .ok_or_else(|| format!("`{s}` is not a size such as 64M or 1G (at most 1024G)"))
}
