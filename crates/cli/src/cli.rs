//! The command line, as clap derives it.

use clap::{Args, Parser, Subcommand};

/// Validate, replay, convert and count games of five traditional mancala games: Bechi, Giuthi,
/// Sulus Nishtaw, Uugg and Redu, exactly as the rules in `rules/` rule them.
#[derive(Parser, Debug)]
#[command(name = "mancala", version, about, long_about = None)]
#[command(after_help = EXIT_STATUS)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The exit statuses, the same for every command (README "Exit status").
pub const EXIT_STATUS: &str = "Exit status, for every command:\n  \
    0    success: every record valid (validate, replay), converted (convert), or counted (perft)\n  \
    1    invalid input: some record invalid, or a --position that is not a position of its game\n  \
    2    usage error (bad arguments or values), I/O error (an unreadable file; the others are read)\n  \
    101  internal error: a bug, reported in one line on stderr\n\
    A closed standard output (`mancala ... | head`) ends any command quietly, with status 0.";

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the move paths of a given length (rules README §6.3)
    #[command(
        long_about = "Count the move paths of a given length (rules README §6.3).\n\n\
        perft(0) = 1; perft(d) sums perft(d-1) over the distinct outcomes of the position \
        (README §6.2). Forced passes and repeat moves are plies; a finished round has no moves and \
        perft never crosses into a new round.\n\n\
        Prints the total as a bare integer on the last line. With --divide, first one \
        `<move> <count>` line per legal move, sorted by move token, then a blank line.\n\n\
        Limits: DEPTH 0 to 40, --threads 1 to 256; seed counts in a --position at most 999, \
        other numbers at most 9999.\n\n\
        Exit status: 0 counted, 1 a --position that is not a position of its game, 2 usage error \
        (bad arguments, an unknown game or option, a value out of range).",
        after_help = EXIT_STATUS
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
        Validation is strict by default: every ply must be a move of the game. --lenient also \
        accepts the marks of Redu records transcribed from real play (redu.md R25, R26): a \
        forgotten M1 capture, 4B~, and a penalty claim, p4B. Strict validation rejects them with \
        the rule ID and says they need lenient validation.\n\n\
        Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error.",
        after_help = EXIT_STATUS
    )]
    Validate(ValidateArgs),
    /// Replay recorded games ply by ply: boards, laps, captures, stores, round and match results
    #[command(
        long_about = "Replay recorded games ply by ply (spec/notation.md): the start position, then for \
        every ply the laps and captures it made (with rule IDs) and the board drawn as the rules files \
        draw it (top row A from NA down to 1A, bottom row B from 1B), the stores and the side to move; \
        the round results, the set-up of each new round and the match result.\n\n\
        A Redu sowing is listed seed by seed (#1 ... #n), one line per column, with its far ends, \
        wraps, bounces and skipped start column, the captures, and the rights it creates, uses or \
        lets lapse. --lenient replays records with forgotten captures and penalty claims (R25, R26).\n\n\
        A record with a problem is replayed up to the problem, which is reported on stderr.\n\n\
        Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error.",
        after_help = EXIT_STATUS
    )]
    Replay(ReplayArgs),
    /// Convert records: to canonical notation, or between notation and JSON
    #[command(
        long_about = "Convert records (spec/notation.md): notation to canonical notation, notation to \
        JSON, JSON to notation. Each record is checked first (its canonical form needs the rules: \
        move spellings are those of rules README §6.2); an invalid record is reported on stderr and \
        left out. Converting canonical input gives it back byte for byte.\n\n\
        JSON input and output are JSON lines: one record object per line (spec/notation.md §7). \
        --lenient converts Redu records with forgotten captures and penalty claims (R25, R26), \
        which keep their marks.\n\n\
        Exit status: 0 every record converted, 1 some record invalid, 2 usage or I/O error.",
        after_help = EXIT_STATUS
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

    /// Lenient validation, for transcriptions of real games (Redu R25, R26): also accept a
    /// forgotten M1 capture (`4B~`: the seeds stay) and a penalty claim (`p4B`: the opponent's
    /// last ply is cancelled and the singleton's seeds go to the claimant). Without it such
    /// records are invalid, with a message that says they need lenient validation
    #[arg(long)]
    pub lenient: bool,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A record file; `-` or none reads standard input
    #[arg(value_name = "FILE|-")]
    pub file: Option<String>,

    /// Output format: text for people, or JSON lines with the same data
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,

    /// Lenient validation, for transcriptions of real games (Redu R25, R26): also accept a
    /// forgotten M1 capture (`4B~`: the seeds stay) and a penalty claim (`p4B`: the opponent's
    /// last ply is cancelled and the singleton's seeds go to the claimant). Without it such
    /// records are invalid, with a message that says they need lenient validation
    #[arg(long)]
    pub lenient: bool,
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

    /// Lenient validation, for transcriptions of real games (Redu R25, R26): also accept a
    /// forgotten M1 capture (`4B~`: the seeds stay) and a penalty claim (`p4B`: the opponent's
    /// last ply is cancelled and the singleton's seeds go to the claimant). Without it such
    /// records are invalid, with a message that says they need lenient validation
    #[arg(long)]
    pub lenient: bool,
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
