//! The arguments of `mancala collection`, as clap derives them (the command's variant is in
//! `cli.rs`).

use crate::cli::{EXIT_STATUS_SHARED, EXIT_STATUS_SHORT, Format};
use clap::{Args, Subcommand};

#[derive(Args, Debug)]
pub struct CollectionArgs {
    #[command(subcommand)]
    pub command: CollectionCommand,
}

#[derive(Subcommand, Debug)]
pub enum CollectionCommand {
    /// Write the records that match every criterion given (tags, options, a position reached, an
    /// opening, a length)
    #[command(
        long_about = "Write the records of the inputs that match every criterion given \
        (spec/collections.md §2): tag expressions (--tag 'Event~cup', --tag 'Player*=Kofi', \
        --tag 'Date>=2024'), the game and its options, the result, a position reached at any point \
        of the record (with its marks or stores ignored if asked), the first moves, the number of \
        plies. With no criterion every record is written: `collection merge`.\n\n\
        Records are read one at a time and written as they come, in the order read; every record \
        is checked as validate checks it: an invalid one is reported on stderr and never \
        selected. --dedupe also leaves out a record with the start and the moves of one written \
        before it. --count prints the number of records selected instead of the records.\n\n\
        Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error.",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Select(SelectArgs),
    /// Write every record of the inputs into one collection (select with no criterion)
    #[command(
        long_about = "Write every record of the inputs, in the order read, into one collection on \
        standard output: `collection select` with no criterion (spec/collections.md §3). \
        --dedupe leaves out the records that repeat an earlier one (the same start and moves).\n\n\
        Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error.",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Merge(MergeArgs),
    /// Write the records of the inputs without the ones that repeat an earlier record
    #[command(
        long_about = "Write the records of the inputs, leaving out every record with the same \
        start (game, options, opener, Position tag) and the same moves (round set-ups included) \
        as one written before it, whatever its tags, comments and annotations \
        (spec/collections.md §3). Each one left out is named on stderr with the record it \
        repeats. The same as `collection merge --dedupe`.\n\n\
        Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error.",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Dedupe(MergeArgs),
    /// Write each record, or each game's records, into a file of its own
    #[command(
        long_about = "Write the records of the inputs into files of their own in DIR (created if \
        needed; spec/collections.md §4): with --by record (the default) one file per record, \
        STEM-NNN.mgn after the input file and the record's number in it (stdin-NNN.mgn for \
        standard input); with --by game one file per game, GAME.mgn (bechi.mgn, giuthi.mgn, ...), \
        holding its records in the order read. With --to json the files are JSON lines, .jsonl.\n\n\
        Each file is written whole or not at all; stdout lists the files written. A file that \
        already exists is not replaced: nothing is written and the exit status is 2, unless \
        --replace is given. An invalid record is reported on stderr and not written.\n\n\
        Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error.",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Split(SplitArgs),
    /// Count the records: per game and options, results, lengths, first moves and their scores,
    /// rules fired
    #[command(
        long_about = "Statistics of the records of the inputs (spec/collections.md §5): the \
        records read, valid and invalid; per game and options, the records, the results, the \
        lengths in plies (least, median, mean, most); the first moves with the records that open \
        with each and its score for the player who made it (a win 1, a draw 1/2, over the \
        finished records); and the rules that fired, with the plies each fired in.\n\n\
        With --format json, one line {\"type\": \"stats\", \"data\": {...}}.\n\n\
        Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error.",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Stats(StatsArgs),
}

/// How records are written.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// As written in the input (a record read from JSON in the canonical notation).
    Notation,
    /// In the canonical notation (spec/notation.md §10.2).
    Canonical,
    /// JSON lines, one record per line (spec/notation.md §7).
    Json,
}

/// The inputs and how they are read and written: shared by select, merge and dedupe.
#[derive(Args, Debug)]
pub struct Inputs {
    /// Record files or folders (read recursively: every *.mgn and *.jsonl under them); `-` or
    /// none reads standard input
    #[arg(value_name = "FILE|DIR|-")]
    pub files: Vec<String>,

    /// Lenient validation of the records (Redu R25, R26), as for validate
    #[arg(long)]
    pub lenient: bool,
}

#[derive(Args, Debug)]
pub struct SelectArgs {
    #[command(flatten)]
    pub inputs: Inputs,

    /// A tag expression NAME OP VALUE, all of which must hold: OP is = (equal), != , ~
    /// (contains, in any case), !~, <, <=, >, >= (as numbers when both sides are, else as text).
    /// NAME is any tag (Game, Options, Opener, PlayerA, Event, Date, your own), Result, or a
    /// prefix with * (Player* is PlayerA or PlayerB); repeatable
    #[arg(long, short = 't', value_name = "EXPR")]
    pub tag: Vec<String>,

    /// Only records of this game
    #[arg(long, short = 'g', value_name = "NAME")]
    pub game: Option<String>,

    /// Only records whose game has this rule option value (holes=5, balla=optional), stated or
    /// by default; repeatable
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    pub options: Vec<String>,

    /// Only records where PlayerA or PlayerB contains NAME (in any case)
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,

    /// Only records with this result: A-wins, B-wins, draw or *
    #[arg(long, value_name = "RESULT", value_parser = ["A-wins", "B-wins", "draw", "*"])]
    pub result: Option<String>,

    /// Only records that reach this position, at their start or after any ply or set-up: a
    /// position string or its JSON form (round and opener are not compared)
    #[arg(long, short = 'p', value_name = "POS")]
    pub position: Option<String>,

    /// With --position: compare the seeds only, not the marks and owners of the holes
    #[arg(long, requires = "position")]
    pub ignore_marks: bool,

    /// With --position: compare the board, not the stores and reserves
    #[arg(long, requires = "position")]
    pub ignore_stores: bool,

    /// Only records whose first plies are these moves ("3B 1A 4B", move numbers allowed), in the
    /// written or the canonical spelling
    #[arg(long, short = 'm', value_name = "MOVES")]
    pub moves: Option<String>,

    /// Only records of at least N plies
    #[arg(long, value_name = "N")]
    pub min_plies: Option<u32>,

    /// Only records of at most N plies
    #[arg(long, value_name = "N")]
    pub max_plies: Option<u32>,

    /// Select the records that do not match instead
    #[arg(long, short = 'v')]
    pub invert: bool,

    /// Leave out a record with the start and moves of one selected before it
    #[arg(long)]
    pub dedupe: bool,

    /// Print the number of records selected instead of the records
    #[arg(long, short = 'c', conflicts_with = "to")]
    pub count: bool,

    /// How the records are written: as in the input, canonical, or JSON lines
    #[arg(long, value_enum, default_value = "notation")]
    pub to: RecordFormat,
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    #[command(flatten)]
    pub inputs: Inputs,

    /// Leave out a record with the start and moves of one written before it
    #[arg(long)]
    pub dedupe: bool,

    /// How the records are written: as in the input, canonical, or JSON lines
    #[arg(long, value_enum, default_value = "notation")]
    pub to: RecordFormat,
}

/// How split groups the records into files.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitBy {
    /// One file per record: STEM-NNN.mgn.
    Record,
    /// One file per game: GAME.mgn.
    Game,
}

#[derive(Args, Debug)]
pub struct SplitArgs {
    #[command(flatten)]
    pub inputs: Inputs,

    /// The folder the files are written into (created if needed)
    #[arg(long, value_name = "DIR")]
    pub out: std::path::PathBuf,

    /// One file per record, or one per game
    #[arg(long, value_enum, default_value = "record")]
    pub by: SplitBy,

    /// Replace files that already exist instead of refusing
    #[arg(long)]
    pub replace: bool,

    /// How the records are written: as in the input, canonical, or JSON lines (.jsonl files)
    #[arg(long, value_enum, default_value = "notation")]
    pub to: RecordFormat,
}

#[derive(Args, Debug)]
pub struct StatsArgs {
    #[command(flatten)]
    pub inputs: Inputs,

    /// Output format: text for people, or one JSON line
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}
