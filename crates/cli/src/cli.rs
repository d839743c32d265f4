//! The command line, as clap derives it.

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use rules_core::{GameKind, Variant};
use std::ffi::OsStr;

/// The version `mancala -V` prints: the program's, and the version of the notation standard it
/// follows (spec/notation.md; `notation::STANDARD_VERSION`, checked by a test).
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (mancala game notation 1.1)");

/// What `mancala --version` prints after the name: the version, and where the documents it
/// follows are, those the binary carries first; which versions of records it reads and writes
/// (`notation::VERSION`, `notation::VARIATIONS_VERSION`).
pub const LONG_VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (mancala game notation 1.1)\n",
    "rule book: mancala rules (spec/rules/ in the repository)\n",
    "notation: spec/notation.md in the repository; reads records of notation 1.0, 1.1 and later \
     1.x, writes 1.0, or 1.1 for a record with variations\n",
    "manual: mancala --help, mancala man | man -l -"
);

/// Where to read more, at the end of `mancala --help`.
pub const DOCUMENTS: &str = "Documents: every rule ID the tool cites (B9, G15, R26, S13, U15) is \
    in its rule book: `mancala rules` lists them, `mancala rules B9` prints one. Manual pages: \
    `mancala man`. In the repository: spec/rules/ (the rule book), spec/notation.md (the \
    notation), spec/engine.md (the engine).";

/// Validate, replay, convert and count games of five traditional mancala games: Bechi, Giuthi,
/// Sulus Nishtaw, Uugg and Redu, exactly as its rule book rules them (`mancala rules`).
#[derive(Parser, Debug)]
#[command(name = "mancala", version = VERSION, long_version = LONG_VERSION, about, long_about = None)]
#[command(after_help = format!("{DOCUMENTS}\n\n{COLOUR}\n\n{EXIT_STATUS}"))]
pub struct Cli {
    /// Colour in text output: auto (on a terminal; mancala --help says more), always, never
    #[arg(
        long,
        global = true,
        value_enum,
        default_value = "auto",
        value_name = "WHEN",
        hide_possible_values = true
    )]
    pub color: ColorWhen,

    #[command(subcommand)]
    pub command: Command,
}

/// When to colour text output.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorWhen {
    /// On a terminal, unless NO_COLOR is set or TERM=dumb; anywhere with CLICOLOR_FORCE.
    Auto,
    /// Always, even in pipes.
    Always,
    /// Never.
    Never,
}

/// When `--color auto` colours, at the end of `mancala --help` (the option's own help, repeated in
/// every command's, stays one line).
pub const COLOUR: &str = "Colour (--color WHEN, any command): auto colours text output on a \
    terminal, unless NO_COLOR is set or TERM=dumb, and also elsewhere when CLICOLOR_FORCE is set; \
    always colours it even in pipes; never leaves it plain.";

/// The exit statuses, the same for every command (docs/guide/exit-status.md), in full at the end of
/// `mancala --help`.
pub const EXIT_STATUS: &str = "Exit status, for every command:\n  \
    0    success: every record valid (validate, replay, explain), converted (convert), counted \
    (perft), every move legal (play), a legal position (show, moves)\n  \
    1    invalid input: some record invalid, an illegal move, or a position that does not read \
    or is not a position of its game (an unknown game in it too)\n  \
    2    usage error (bad arguments or values, an unknown --game; - where stdin is not read; an \
    output that is one of the inputs), I/O error (an unreadable file, the others are read; an \
    output refused or not written)\n  \
    101  internal error: a bug, reported in one line on stderr\n\
    A closed standard output (`mancala ... | head`) ends any command quietly, with status 0; a \
    closed or full standard error loses the messages and changes nothing else.\n\
    Output files (--html, --out, the files of --svg and man --out): a new or regular file is \
    written whole or not at all; a character device or a FIFO, or a link to one (/dev/stdout), \
    in place; a link to a file, a folder, a disk or a socket is refused; - is standard output.";

/// The exit statuses in one line, at the end of every command's short help (`-h`).
pub const EXIT_STATUS_SHORT: &str = "Exit status: 0 success, 1 invalid input, 2 usage or I/O \
    error, 101 internal error (mancala --help says more)";

/// What every command shares, at the end of its long help (`--help`), whose description has
/// already given the command's own exit statuses.
pub const EXIT_STATUS_SHARED: &str = "Every command: 101 is an internal error (a bug); a closed \
    standard output ends it quietly, with status 0 (mancala --help says more).";

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the move paths of a given length (mancala rules perft)
    #[command(
        long_about = "Count the move paths of a given length (the rule book's §6.3: mancala rules \
        perft).\n\n\
        perft(0) = 1; perft(d) sums perft(d-1) over the distinct outcomes of the position \
        (mancala rules outcomes). Forced passes and repeat moves are plies; a finished round has no moves and \
        perft never crosses into a new round.\n\n\
        Prints the total as a bare integer on the last line. With --divide, first one \
        `<move> <count>` line per legal move, sorted by move token, then a blank line. Counts \
        are exact up to 2^128 - 1 (some positions pass 2^64 paths).\n\n\
        Limits: DEPTH 0 to 40, --threads 1 to 256, --hash at most 1024G and what the machine \
        can give; seed counts in a --position at most 999, other numbers at most 9999.\n\n\
        Exit status: 0 counted, 1 a --position that is not a position of its game, 2 usage error \
        (bad arguments, an unknown game or option, a value out of range, a --hash size the \
        machine cannot give).",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
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
        accepts the marks of Redu records transcribed from real play (mancala rules R25 R26): a \
        forgotten M1 capture, 4B~, and a penalty claim, p4B. Strict validation rejects them with \
        the rule ID and says they need lenient validation.\n\n\
        Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error.",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Validate(ValidateArgs),
    /// Replay recorded games ply by ply: boards, laps, captures, stores, round and match results
    #[command(
        long_about = "Replay recorded games ply by ply (spec/notation.md): the start position, then for \
        every ply the laps and captures it made (with rule IDs: mancala rules ID) and the board drawn \
        as the rule book draws it (top row A from NA down to 1A, bottom row B from 1B), the stores and the side to move; \
        the round results, the set-up of each new round and the match result.\n\n\
        A Redu sowing is listed seed by seed (#1 ... #n), one line per column, with its far ends, \
        wraps, bounces and skipped start column, the captures, and the rights it creates, uses or \
        lets lapse. --lenient replays records with forgotten captures and penalty claims (R25, R26).\n\n\
        A record with a problem is replayed up to the problem, which is reported on stderr.\n\n\
        With --svg DIR, one SVG picture per position instead (the start, every ply with its sowing \
        path, seeds numbered and captures, every new round), named STEM-RRR-PPP.svg (record, ply) \
        after the record file (stdin-RRR-PPP.svg for standard input), each written whole or not at \
        all, never through a link planted in DIR; stdout lists each file as it is written. If DIR \
        already holds pictures named after STEM (another record file of the same name, or an earlier \
        run), nothing is written and the exit status is 2, so that pictures of two records never \
        mix: --replace removes those pictures first. If writing fails part way, the error names the \
        pictures written before it. An interrupted run (Ctrl-C) leaves no temporary file.\n\n\
        With --html FILE (or - for standard output), one self-contained HTML page instead, for \
        the records of one record file (or of standard input): the board, the move list by round and each ply explained with its rules, \
        stepped with buttons, the arrow keys, Home/End or an address such as \
        page.html#record-2-ply-17. At most 1,000 records and 20,000 plies, variations included: a larger input is \
        refused (exit 2) and nothing is written (spec/replay-page.md). FILE is written whole, or \
        in place when it is a device or a FIFO (/dev/stdout, a named pipe); a link to a file is \
        refused, and so is FILE when it is the record file, before anything is read.\n\n\
        Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error.",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Replay(ReplayArgs),
    /// Convert records: to canonical notation, or between notation and JSON
    #[command(
        long_about = "Convert records (spec/notation.md): notation to canonical notation, notation to \
        JSON, JSON to notation. Each record is checked first (its canonical form needs the rules: \
        two spellings of one outcome are one move: mancala rules outcomes); an invalid record is reported on stderr and \
        left out. Converting canonical input gives it back byte for byte.\n\n\
        JSON input and output are JSON lines: one record object per line (spec/notation.md §7). \
        --lenient converts Redu records with forgotten captures and penalty claims (R25, R26), \
        which keep their marks.\n\n\
        Exit status: 0 every record converted, 1 some record invalid, 2 usage or I/O error.",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Convert(ConvertArgs),
    /// Select, merge, dedupe, split and count collections of records (files and folders)
    #[command(
        long_about = "Work on collections of records, as pgn-extract does for chess \
        (spec/collections.md): select records by tag, game and options, result, a position \
        reached, their first moves or their length; merge inputs into one collection; leave out \
        duplicates (the same start and moves); split a collection into one file per record or per \
        game; count records per game and options, results, lengths, first moves and their scores, \
        and the rules that fired.\n\n\
        Every subcommand reads files, folders (every *.mgn and *.jsonl under them, in name order) \
        or standard input, one record at a time, and checks each record as validate does: an \
        invalid record is reported on stderr with its file:line:column and left out.\n\n\
        Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error.",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Collection(CollectionArgs),
    /// Draw one position: the board as the rule book draws it, as text or SVG
    #[command(
        long_about = "Draw one position string (spec/notation.md §4): the board as the rule book \
        draws it (mancala rules board) (top row A from NA down to 1A, bottom row B from 1B; the 3x6 board with its middle \
        row split between the players), the marks with their owners, the territories when they are \
        not the rows, the stores, a Redu right and the side to move.\n\n\
        Text by default; --svg (or --format svg) writes an SVG picture on standard output.\n\n\
        Exit status: 0 a legal position, 1 a position string that does not parse or is not a \
        position of its game (every problem is named, with its rule), 2 usage error.",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Show(ShowArgs),
    /// List the legal moves of a position: canonical tokens, one per line, or JSON lines
    #[command(
        long_about = "List the legal moves of a position string (spec/notation.md §4): one per \
        distinct outcome (mancala rules outcomes), in canonical spelling and canonical order, one per \
        line. With --format json, one JSON object per line, {\"type\": \"move\", \"data\": \
        {\"move\", \"position\", \"to_move\", \"captured\", \"round_over\"}}, giving the position \
        each move leads to.\n\n\
        A position whose round is over has no moves: nothing is printed, and stderr says why.\n\n\
        Composes with `perft --divide` and `play` for debugging against another engine (see \
        docs/guide/scripting.md in the repository).\n\n\
        Exit status: 0 success, 1 a bad position string, 2 usage error.",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Moves(MovesArgs),
    /// Play moves from a position and print the position string reached
    #[command(
        long_about = "Play moves, given in any legal spelling (mancala rules outcomes), from a position \
        string (spec/notation.md §4) and print the canonical position string reached. With no \
        move, print the position in canonical form.\n\n\
        An illegal move is reported on stderr with the ply, the rule ID that forbids it and why, \
        and the `mancala rules` command that prints the rule; nothing is printed on stdout. Moves do not cross a round end: once the round is over, \
        every move is illegal.\n\n\
        With --format json, one JSON object per ply, {\"type\": \"ply\", \"data\": {\"ply\", \
        \"move\", \"written\", \"player\", \"position\", \"captured\", \"round_over\"}}.\n\n\
        With --format mgn, the moves as a complete record in the canonical notation \
        (spec/notation.md §10.2), ready to annotate and validate: the tags Notation, Game, \
        Options, Opener (and Position when POSITION is not a game's name), the plies numbered, \
        the result once the match is over; moves may cross round ends: a round marker <round N> \
        is written where the next round needs no set-up decision, and a decision is a MOVE \
        argument in the notation's form ('<round 2 fill 4A,3A>').\n\n\
        Exit status: 0 every move legal, 1 an illegal move or a bad position string, 2 usage error.",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Play(PlayArgs),
    /// Explain one ply seed by seed, in plain English, with the rule behind every step
    #[command(
        long_about = "Explain what happens in one ply, seed by seed and why, in plain English, \
        citing the rule IDs of the rule book: where every seed falls and what the hole held, why \
        a lap relays or stops, why a capture is made or not, and why the turn passes or repeats. \
        Each ply ends with the IDs it cites and the `mancala rules` command that prints them.\n\n\
        Either a ply of a recorded game (FILE or standard input; --record K picks the record, \
        --ply N the ply, every ply when --ply is left out), or a position string and a move: \
        `mancala explain --position POS --move 4B`.\n\n\
        Exit status: 0 success, 1 an invalid record, position or move, 2 usage or I/O error.",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Explain(ExplainArgs),
    /// Print the rule book: a rule by its ID, a game's rules, or a topic of the common part
    #[command(
        long_about = "Print the rule book the tool carries (spec/rules/ in the repository): every \
        rule of the five games by its ID, with its kind (the text states it, or a ruling decides \
        what the text leaves open), the Catalan sentences it rests on with an English gloss, the \
        readings a ruling rejects, and where spec/engine.md records a reading of the engine; and \
        the common part (hole names, directions, endless sowing, options, plies and perft).\n\n\
        With no word, list the games with their rule IDs and the topics of the common part. A \
        word is a rule ID in any case (B9, b9, R19a), a range of one game (U18-U20), a game \
        (bechi, sulus-nishtaw) or a topic (perft, outcomes, options, or its number, 6.3); several \
        words print several entries. An unknown word is a usage error that says which IDs \
        exist.\n\n\
        With --format json, one JSON object per line, {\"type\": \"game\" | \"topic\" | \"rule\", \
        \"data\": ...} (spec/notation.md §11).\n\n\
        Exit status: 0 success, 2 a word that names nothing in the book.",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Rules(RulesArgs),
    /// The value of a position in seeds and its best moves, by search
    #[command(
        long_about = "Analyse a position string (spec/notation.md §4): its value and its best \
        moves, by iterative-deepening principal-variation search with a transposition table \
        shared by --threads threads (spec/analysis.md).\n\n\
        The value is the final margin of the round for the player to move: his round total \
        minus his opponent's under the game's scoring (B13, G20, S16, U18, R27), when both play \
        best. It is exact when the search proved it: every line reached the end of the round, a \
        solved database (--db) or a repetition; otherwise it is the estimate of the last depth \
        searched. A line that repeats a position is endless play, which the rules do not score: \
        the value is then given with endless play counted as the best and as the worst outcome \
        for the player to move, and it is exact only when both agree.\n\n\
        The best move is the best with endless play counted as the worst outcome for the player \
        to move (the rules score no endless round: a player should never prefer one to a proved \
        gain), and among moves of that value the one that forces the end of the round soonest, \
        so that a player who follows the best moves makes progress; the answer says so when it \
        matters.\n\n\
        The search deepens until the value is exact or a limit is reached (--depth, --time, \
        --nodes; --time 2s when none is given), each honoured within a few milliseconds or \
        nodes, even inside a move generation that runs long, whatever the threads; when the \
        limit comes before depth 1 is searched, the value is unknown and the answer says so. \
        --time bounds the endgame tables too: closures give up when it comes, and an indexed \
        table is solved within half of it (the levels done by then are kept, and the answer \
        says so), the search having the rest; an indexed table larger than the machine gives is \
        refused before it is solved, with its boards and bytes. Exact values never depend \
        on --threads; estimates and the move chosen at a limit may, with more than one.\n\n\
        With MOVEs after POSITION, the moves are played from it as `mancala play` plays them, \
        and the position they reach is analysed as a position of that game: the positions they \
        passed through are its history, and a line of the search back to one of them is a \
        repetition (endless play), as a line back to a position of its own path is. A program \
        that plays a game move by move should give the moves played (or those since the last \
        capture), or it may go round a cycle longer than the search's horizon for ever. A move \
        the rules refuse is reported with its ply, the rule that forbids it and the `mancala \
        rules` command that prints it (exit 1); moves do not cross the round's end; --proof \
        takes no MOVE (a proof states a position on its own). The answer says how many \
        positions came before (JSON \"history\": \"from\", \"moves\", \"positions\", \
        \"repeatable\", or null without moves).\n\n\
        With `-` as POSITION, one position per line of standard input, followed by its moves if \
        any (as `mancala play -` reads them: `bechi 3B 1A`, a position string or its JSON form \
        then the moves), each answered in order \
        with the limits given, flushed before the next line is read, a bad line answered with \
        `error: line N: ...` in its place. The table is kept from line to line, so that what \
        one line searched serves the next: an estimate may then differ from the one a process \
        of its own would give (never an exact value); --clear-hash makes each line its own.\n\n\
        With --proof FILE, the exact value is proved again by a search of its own, and the \
        proof written to FILE (spec/analysis.md §8): both players' strategies as a graph of \
        positions down to the end of the round, one move per node for the player the bound \
        favours and every move for the other, with the bound at each node; every line ends, so \
        it holds whichever way endless play is counted. `mancala check-proof FILE` checks it \
        with the rules alone. With --proof and no limit, the search runs until the value is \
        proved; a value that is not exact is an error (2) after the analysis is printed.\n\n\
        With --format json, one line {\"type\": \"analysis\", \"data\": {...}} per position \
        (spec/analysis.md §2), with a \"proof\" member under --proof; with `-`, each with its \
        `input` and followed by an `end` line.\n\n\
        Exit status: 0 analysed, 1 a position string that is not a position of its game or a \
        move the rules refuse, 2 usage or I/O error (an unreadable or corrupt --db, a --hash the machine cannot give, a \
        --proof that cannot be proved or written).",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Analyse(AnalyseArgs),
    /// Check proof files of exact values (analyse --proof) with the rules alone
    #[command(
        name = "check-proof",
        long_about = "Check proof files (spec/analysis.md §8), as `mancala analyse --proof` writes \
        them, with a checker that knows the rules and no search code: every node's position is \
        replayed with the rules, every move followed is a legal move leading to the node of the \
        position it makes and to a later node (so every line reaches the end of the round), a \
        node claiming at least b for its player to move follows one move, one claiming at most \
        b every legal move, each to a node whose claim gives as much, and a round's end keeps \
        its node's claim with its margin. No claim may ask for more than the round can still \
        end with from its position (the stores and the seeds on the board) or name a bound \
        beyond the seeds of its round, every number and line is in its one spelling, and the \
        checksum is the header's.\n\n\
        A valid proof establishes that the value it states is the exact final margin of the \
        round for the root's player to move, under both conventions for endless play: both \
        players' strategies are in it. It says nothing of positions outside it, nor of the \
        match beyond the round.\n\n\
        For each FILE (`-` or none reads standard input), a valid proof prints two lines: the \
        game, root and value, then the nodes, moves, round ends, depth, bytes and time. A \
        refused one prints `FILE: refused at line L, node N` and, on stderr, what is wrong there; \
        the other files are still checked.\n\n\
        Exit status: 0 every proof valid, 1 some proof refused, 2 usage or I/O error (a file \
        that cannot be read; the others are still checked).",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    CheckProof(CheckProofArgs),
    /// Judge every ply of recorded games: the engine's value, the best move, the seeds lost
    #[command(
        long_about = "Annotate recorded games (spec/analysis.md §6): for every ply, the value of \
        the position for the mover (mancala analyse), the value of the move he played, the best \
        move when his was worse, the seeds lost, a judgement by seeds lost and by change of the \
        round's outcome (?! dubious, ? mistake, ?? blunder; a move from a won round to a drawn or \
        lost one is at least a mistake, to a lost one a blunder) and a missed win.\n\n\
        Each ply is judged from one search of the position it was played in, the move played \
        searched with the best one to the same depth, with the limits given (--time 200ms a \
        position when none is given) or a --db. Values count endless play as the mover's worst \
        outcome, as analyse ranks moves; a value the search did not prove is written with ~, \
        and so is a judgement that rests on one. The plies of a record are searched --threads \
        at a time, each by one thread with a table of its own: the record never depends on the \
        threads, and with --depth or --nodes two runs give the same record. An Annotator tag \
        states the limits, and says that a run with a time limit may judge differently another \
        time. Records are checked as validate checks them; an invalid record is reported and \
        not annotated.\n\n\
        Each record is written back in the canonical notation with, after every ply, (value \
        P) the value of the move for its mover, (best M V) a best move and its value when the \
        move played was worse, and (judgement S) its sign and missed-win (spec/notation.md \
        §6.3; validate accepts them); earlier ones are replaced. With --format json, one \
        record per line in the JSON form, as convert --to json.\n\n\
        Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error.",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Annotate(AnnotateArgs),
    /// Solve every position reachable in a Bechi round by retrograde analysis
    #[command(
        long_about = "Solve the rest of a Bechi round exactly, for every position reachable from \
        the start of round 1 with either opener (or from --position strings, later rounds with \
        blocked holes included), by retrograde analysis (spec/analysis.md §3): boards seen from \
        the mover's side, in slices by seeds on the board, chosen marks and blocked holes, each \
        slice numbered without gaps (one bit per board says which are reachable), a slice solved \
        with its rows-swapped twin since play can cycle between them, fewest seeds first.\n\n\
        Shows a progress bar on stderr when it is a terminal, a line per pair of slices \
        otherwise (none with --quiet). With --out FILE each solved pair is also appended to \
        FILE.work/journal (or --work DIR): a run that is stopped and started again with the same \
        command resumes there, the pairs kept being checked and not solved again (each against \
        the rules: a record edited with its check made again is refused, exit 2); the folder is \
        removed once the database is written.\n\n\
        With --verify FILE, checks a database instead of solving (spec/analysis.md §4.1): its \
        checks catch damage, not an edit, so every value is also checked against the rules, \
        pair of slices by pair: it must be the value its moves give from its children's values, \
        and forced (not resting on a cycle), which together guarantee the values the rules \
        define. Prints valid or invalid with the counts; the first positions found wrong go to \
        stderr. Exit 0 valid, 1 invalid (a value wrong, or the file damaged, truncated or not a \
        database), 2 a file that cannot be read.\n\n\
        Prints the number of positions and moves, the time, the database's check, and the value \
        of each root and of each of its moves; --out FILE writes the database (spec/analysis.md \
        §4), which `mancala analyse --db FILE` and `mancala annotate --db FILE` consult; --out - writes \
        it to standard output, and the report to standard error. A --out that would be refused (a \
        folder that does not exist, a link to a file) is refused before solving.\n\n\
        Exit status: 0 solved, 1 a --position that is not a position of its game, 2 usage or \
        I/O error, or not enough memory (the message says for what).",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Solve(SolveArgs),
    /// Solve the match of Bechi: who wins with best play, in how many rounds, the best set-ups
    #[command(
        long_about = "Solve the whole match of Bechi (B13-B17, spec/analysis.md §10): round after \
        round, the holdings decide how many holes each fills, the poorer player chooses which of \
        his holes stay blocked, the openers alternate, and a player left with fewer than 6 seeds \
        loses. The objective is the match, not the seeds: a player wins as soon as he can and \
        loses as late as he can; a match that never ends has no winner (endless).\n\n\
        Every state between two rounds (each player's holdings, the next opener) is solved, and \
        the one asked for is reported: the start of the match (equal holdings, --opener to open \
        round 1), a state given by --holdings and --opener, or, with --position, a position in \
        the middle of a round. Text: the value, a line of best play round by round (the holes the \
        poorer player fills, the round's totals, the holdings after it), the count of states \
        each player wins, and the solver's figures; --states adds every state with the value of \
        each of its set-ups.\n\n\
        --method retrograde solves every position of every round start (exact; Bechi 2x3: 9.4 \
        million positions, seconds); --method search finds each round start's seed margin by \
        search and settles the rest with forcing searches, and plays out with them the rounds of \
        the line whose totals the margins do not give (exact too; Bechi 2x4: 58 round starts, \
        about 20 s of CPU). auto: retrograde on 2x3, search on 2x4. A match that never ends has no \
        winner (bechi.md §6): it is reported as endless, which either convention counts as a win \
        for the player it favours; no state of 2x3 or 2x4 is endless.\n\n\
        With --format json, one line {\"type\": \"match\", \"data\": {...}} (spec/analysis.md \
        §10.4).\n\n\
        Exit status: 0 solved, 1 a --position that is not a position of its game, 2 usage or I/O \
        error (a round start or a search too big for --max-positions).",
        after_help = EXIT_STATUS
    )]
    Match(MatchArgs),
    /// Play, set up, enter and analyse games on a board in the browser (a local web application)
    #[command(
        long_about = "Serve the board: a local web application, opened in any browser, to play \
        every game and option by clicking holes (against another person or the engine), set up \
        positions, enter records with variations, analyse positions as the search deepens, and \
        export records that `mancala validate` accepts (spec/serve.md).\n\n\
        It listens on 127.0.0.1 (this machine only) unless --host says otherwise, prints the \
        address to open on stdout, and runs until Ctrl-C. It reads no file but the databases \
        given with --db, and writes none. Every request is bounded (body 2 MiB, position 4 KiB, \
        an analysis at most 600 s; at most --analyses at once, sharing --hash).\n\n\
        Exit status: 0 stopped by Ctrl-C, 2 usage or I/O error (the address cannot be bound, a \
        --db that is not a database).",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Serve(ServeArgs),
    /// Print a shell completion script for bash, zsh, fish, elvish or powershell
    #[command(
        long_about = "Print a completion script for a shell, generated from this command's own \
        definition, on standard output. `cargo xtask dist` writes every script and the manual \
        pages (mancala man) into target/dist/.\n\n\
        Exit status: 0 success, 2 usage error.",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Completions(CompletionsArgs),
    /// Print the manual page of mancala or of one of its commands, or write them all
    #[command(
        long_about = "Print a manual page, in roff, generated from this command's own definition: \
        mancala's, or with COMMAND that of `mancala COMMAND`. Read one with `mancala man | man -l \
        -`. With --out DIR, write mancala.1 and one mancala-COMMAND.1 per command into DIR \
        (created if needed), each file whole or not at all, and list them on stdout (--out - is \
        refused: a folder of pages is no stream).\n\n\
        Exit status: 0 success, 2 usage or I/O error (an unknown COMMAND, a DIR that cannot be \
        written).",
        after_help = EXIT_STATUS_SHORT,
        after_long_help = EXIT_STATUS_SHARED
    )]
    Man(ManArgs),
}

/// Output formats of show.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShowFormat {
    /// Text for people.
    Text,
    /// An SVG picture.
    Svg,
    /// A JSON line, {"type": "position", "data": ...}, with the position's JSON form
    /// (spec/notation.md §4.4).
    Json,
}

/// The rule options of a position string: the board's width gives `holes`.
#[derive(Args, Debug, Clone)]
pub struct PositionOptions {
    /// A rule option of the game, exactly as the rule book names it (mancala rules options), e.g.
    /// balla=optional, entry=alternate; repeatable. The board's width gives `holes`
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE", value_parser = OptionValues, hide_possible_values = true)]
    pub options: Vec<String>,

    /// Who opens round 1 of a start position given by its game's name (`bechi`) [default: B]
    #[arg(long, value_name = "A|B", value_parser = ["A", "B"])]
    pub opener: Option<String>,
}

/// What POSITION may be, in every command that takes one.
const POSITION_FORMS: &str = "A position string (\"bechi 2,0,5,2/3,1*,4*,7 B store=12,12 \
    opener=B\"), its JSON form (an object, spec/notation.md §4.4), a game's name for its start \
    position (with --option and --opener), or `-` for one per line of standard input (lines of \
    at most 1 MiB: a longer line, or one that is not UTF-8, is answered with an error in its \
    place and the run goes on; a byte-order mark at a line's start is dropped)";

#[derive(Args, Debug)]
pub struct ShowArgs {
    #[arg(
        value_name = "POSITION",
        help = "A position string, its JSON form, a game's name, or - (one per line of stdin)",
        long_help = POSITION_FORMS
    )]
    pub position: String,

    #[command(flatten)]
    pub options: PositionOptions,

    /// Output format: text, an SVG picture, or a JSON line with the position's JSON form
    #[arg(long, value_enum, default_value = "text")]
    pub format: ShowFormat,

    /// The same as --format svg
    #[arg(long)]
    pub svg: bool,

    /// A caption under the SVG picture
    #[arg(long, value_name = "TEXT")]
    pub caption: Option<String>,
}

#[derive(Args, Debug)]
pub struct MovesArgs {
    #[arg(
        value_name = "POSITION",
        help = "A position string, its JSON form, a game's name, or - (one per line of stdin)",
        long_help = POSITION_FORMS
    )]
    pub position: String,

    #[command(flatten)]
    pub options: PositionOptions,

    /// Output format: one move per line, or JSON lines with each move's resulting position
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[arg(
        value_name = "POSITION",
        help = "A position string, its JSON form, a game's name, or - (one per line of stdin)",
        long_help = POSITION_FORMS
    )]
    pub position: String,

    /// Moves, in any legal spelling, played one after the other
    #[arg(value_name = "MOVE")]
    pub moves: Vec<String>,

    #[command(flatten)]
    pub options: PositionOptions,

    /// Output format: the position string reached, JSON lines (one per ply), or the moves as a
    /// complete record in the notation (mgn), with its tags, ply numbers, round markers and result
    #[arg(long, value_enum, default_value = "text")]
    pub format: PlayFormat,
}

/// What `play` writes.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayFormat {
    /// The position string reached.
    Text,
    /// One JSON object per ply, {"type": "ply", "data": ..} (spec/notation.md §11).
    Json,
    /// A complete record in the canonical notation: Notation, Game, Options, Opener (Position
    /// when it starts elsewhere), the plies numbered, the round markers and the result.
    Mgn,
}

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// A record file; `-` or none reads standard input (not with --position)
    #[arg(value_name = "FILE|-", conflicts_with = "position")]
    pub file: Option<std::path::PathBuf>,

    /// The record of the file, from 1
    #[arg(long, value_name = "K", default_value = "1", value_parser = clap::value_parser!(u32).range(1..))]
    pub record: u32,

    /// The ply of the record, from 1; every ply when left out
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub ply: Option<u32>,

    /// Explain MOVE played from this position (a position string, its JSON form or a game's name;
    /// not `-`: one position, from the command line) instead of a ply of a record
    #[arg(long, short = 'p', value_name = "POS", requires = "mv")]
    pub position: Option<String>,

    /// The move to explain, with --position
    #[arg(long = "move", short = 'm', value_name = "MOVE", requires = "position")]
    pub mv: Option<String>,

    #[command(flatten)]
    pub options: PositionOptions,

    /// Lenient validation of the record (Redu R25, R26), as for validate
    #[arg(long)]
    pub lenient: bool,
}

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port)
    #[arg(long, value_name = "N", default_value = "8035")]
    pub port: u16,
    /// The address to listen on; anything but 127.0.0.1 or ::1 lets other machines reach the
    /// server, which has no password: give it only on a network you trust
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    /// Open the address in the system's browser
    #[arg(long)]
    pub open: bool,
    /// A Bechi database (mancala solve --out) the analyses consult, one per game and options
    #[arg(long, value_name = "FILE")]
    pub db: Vec<std::path::PathBuf>,
    /// Analyses at once, 1 to 16; one more is refused until one ends
    #[arg(long, value_name = "N", default_value = "2", value_parser = clap::value_parser!(u32).range(1..=16))]
    pub analyses: u32,
    /// The transposition tables of all analyses together, shared out between them
    #[arg(long, value_name = "SIZE", default_value = "512M", value_parser = parse_size)]
    pub hash: usize,
    /// Search threads of each analysis
    #[arg(long, short = 't', value_name = "N", default_value = "1", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
}

#[derive(Args, Debug)]
pub struct RulesArgs {
    /// Rule IDs (B9, r19a), ranges (U18-U20), games (bechi) or topics (perft, 6.3); none lists
    /// the book
    #[arg(value_name = "WORD")]
    pub words: Vec<String>,

    /// Output format: text for people, or JSON lines
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct ManArgs {
    /// The command whose page to print (validate, replay, collection-select, ...); mancala's own
    /// page when left out
    #[arg(value_name = "COMMAND", conflicts_with = "out")]
    pub command: Option<String>,

    /// Write every page into DIR instead, and list the files written
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
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
pub enum ToFormat {
    /// The canonical notation (spec/notation.md §10.2).
    Notation,
    /// JSON lines, one record per line (spec/notation.md §7).
    Json,
}

/// What convert reads.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FromFormat {
    /// JSON if the input starts with `{`, notation otherwise.
    Auto,
    /// Notation.
    Notation,
    /// JSON lines.
    Json,
}

#[derive(Args, Debug)]
pub struct CheckProofArgs {
    /// Proof files; `-` or none reads standard input
    #[arg(value_name = "FILE|-")]
    pub files: Vec<std::path::PathBuf>,
}

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Record files or folders (every *.mgn and *.jsonl under them) to check; `-` or none reads
    /// standard input
    #[arg(value_name = "FILE|-")]
    pub files: Vec<std::path::PathBuf>,

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
    /// Record files, replayed one after the other (one file with --html); `-` or none reads
    /// standard input
    #[arg(value_name = "FILE|-")]
    pub files: Vec<std::path::PathBuf>,

    /// Output format: text for people, or JSON lines with the same data
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,

    /// Lenient validation, for transcriptions of real games (Redu R25, R26): also accept a
    /// forgotten M1 capture (`4B~`: the seeds stay) and a penalty claim (`p4B`: the opponent's
    /// last ply is cancelled and the singleton's seeds go to the claimant). Without it such
    /// records are invalid, with a message that says they need lenient validation
    #[arg(long)]
    pub lenient: bool,

    /// Write one SVG picture per position into DIR (created if needed) instead of the text
    /// replay: the start, every ply with its sowing path and captures, every new round, named
    /// STEM-RRR-PPP.svg after the record file. Each file is written whole or not at all; stdout
    /// lists the files written. A DIR that already holds pictures named after STEM (of another
    /// record file of the same name, or of an earlier run) is refused, so that pictures never mix:
    /// see --replace
    #[arg(long, value_name = "DIR", conflicts_with = "format")]
    pub svg: Option<std::path::PathBuf>,

    /// With --svg: first remove the pictures named after STEM that DIR already holds
    /// (STEM-RRR-PPP.svg and STEM-RRR-PPP-roundN.svg, nothing else), then write the new ones
    #[arg(long, requires = "svg")]
    pub replace: bool,

    /// Write one self-contained HTML page of the records of one record file (or of standard
    /// input) to FILE (`-`: standard output; a device or a FIFO is written in place) instead of
    /// the text replay: the board, the move list by round and each ply explained with its rules,
    /// stepped with buttons, the arrow keys, Home/End or a link such as
    /// `page.html#record-2-ply-17`; at most 1,000 records and 20,000 plies (spec/replay-page.md)
    #[arg(long, value_name = "FILE|-", conflicts_with_all = ["format", "svg"])]
    pub html: Option<std::path::PathBuf>,
}

#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// Input files or folders (every *.mgn and *.jsonl under them); `-` or none reads standard
    /// input
    #[arg(value_name = "FILE|-")]
    pub files: Vec<std::path::PathBuf>,

    /// Output: canonical notation, or JSON lines
    #[arg(long, value_enum, default_value = "notation")]
    pub to: ToFormat,

    /// Input: notation, JSON lines, or decided by the first character of each input
    #[arg(long, value_enum, default_value = "auto")]
    pub from: FromFormat,

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
    #[arg(long, short = 'g', value_name = "NAME", value_parser = GameNames, hide_possible_values = true)]
    pub game: Option<String>,

    /// A rule option of the game, exactly as the rule book names it (mancala rules options), e.g.
    /// holes=6, balla=optional; repeatable
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE", value_parser = OptionValues, hide_possible_values = true)]
    pub options: Vec<String>,

    /// Start from this position instead of the start of round 1: a position string (spec/notation.md
    /// §4), its JSON form, or a game's name (its start position); not `-`
    #[arg(long, short = 'p', value_name = "POS")]
    pub position: Option<String>,

    /// Who opens round 1 of a start position [default: B]
    #[arg(long, value_name = "A|B", value_parser = ["A", "B"])]
    pub opener: Option<String>,
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

    /// Transposition table of SIZE bytes (such as 64M or 1G), one table shared by the threads: it
    /// keeps the counts of positions already met, with the whole position as key, so the counts
    /// never change; it pays where positions transpose (spec/engine.md, "perft"). Its memory is
    /// taken as it fills; a SIZE the machine cannot give is a usage error
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

/// The longest `--time`, in seconds: 10,000,000 s, about 115 days.
pub const MAX_SECONDS: f64 = 1e7;

/// A duration: a number with ms, s or m (`500ms`, `2s`, `1m`); a bare number is seconds; above 0
/// and at most [`MAX_SECONDS`].
fn parse_duration(s: &str) -> Result<std::time::Duration, String> {
    let (num, scale) = if let Some(n) = s.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = s.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = s.strip_suffix('m') {
        (n, 60.0)
    } else {
        (s, 1.0)
    };
    let seconds = num
        .parse::<f64>()
        .ok()
        .filter(|n| !n.is_nan() && *n >= 0.0)
        .map(|n| n * scale)
        .ok_or_else(|| format!("`{s}` is not a duration such as 500ms, 2s or 1m"))?;
    if seconds == 0.0 {
        // A search given no time would still search to the depth its first polls allow (depth
        // 2 before, by chance): no time is refused, as a count of 0 nodes is.
        return Err(format!(
            "`{s}` is no time: give a duration above 0 and at most {MAX_SECONDS:.0}s, such as \
             100ms"
        ));
    }
    if seconds > MAX_SECONDS {
        return Err(format!(
            "`{s}` is longer than the longest time, {MAX_SECONDS:.0}s (about 115 days)"
        ));
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}

/// A count of at least 1 (`--nodes`, `--max-positions`), with the largest named when it is
/// passed.
fn parse_count(s: &str) -> Result<u64, String> {
    let digits = s.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{s}` is not a count such as 1000000"));
    }
    match digits.parse::<u64>() {
        Ok(0) => Err("a count of 0: give at least 1".to_owned()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "`{s}` is more than the largest count, {} (2^64 - 1)",
            u64::MAX
        )),
    }
}

/// [`parse_count`] for a count held in memory (`usize`).
fn parse_count_usize(s: &str) -> Result<usize, String> {
    let n = parse_count(s)?;
    usize::try_from(n).map_err(|_| format!("`{s}` is more than the largest count, {}", usize::MAX))
}

#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// A position string, e.g. "bechi 0,2*,0/3*,0,1* B store=20,10 opener=B", its JSON form or
    /// a game's name; `-` reads one per line of standard input (each followed by its moves, if
    /// any) and answers each in order
    #[arg(value_name = "POSITION|-")]
    pub position: String,

    /// Moves played from POSITION, in any legal spelling: the position they reach is analysed,
    /// and the positions they pass through are the game's history (a line back to one of them
    /// is a repetition), as a program playing the game move by move needs
    #[arg(value_name = "MOVE")]
    pub moves: Vec<String>,

    #[command(flatten)]
    pub options: PositionOptions,

    #[command(flatten)]
    pub limits: SearchLimits,

    /// Give the best N moves, each with its value and line
    #[arg(long, value_name = "N", default_value = "1", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub multipv: u32,

    /// Transposition table of SIZE bytes (such as 64M or 4G), shared by the threads and kept
    /// from one line of `-` to the next. Its memory is taken as it fills; a SIZE the machine
    /// cannot give is a usage error
    #[arg(long, value_name = "SIZE", default_value = "64M", value_parser = parse_size)]
    pub hash: usize,

    /// Search threads, sharing the table; exact values never depend on it, estimates may
    /// [default: the number of cores]
    #[arg(long, short = 't', value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,

    /// With `-`: empty the table before each line, so that each answer depends on its line
    /// alone (as a process per line would give)
    #[arg(long)]
    pub clear_hash: bool,

    /// A database written by `mancala solve --out`, consulted for the positions it holds. Each
    /// block read is checked for damage, its values are trusted: `mancala solve --verify FILE`
    /// checks them against the rules
    #[arg(long, value_name = "FILE")]
    pub db: Option<std::path::PathBuf>,

    /// Endgame tables (giuthi, uugg): positions with at most K seeds in play (every seed on
    /// the board; in uugg those outside the uuggs) are solved once by retrograde analysis, as
    /// the search meets them, and looked up instead of searched
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=31))]
    pub endgame: Option<u32>,

    /// With --endgame K, for giuthi: solve every board of at most K seeds first, perfectly
    /// indexed (two bytes a board: 60 MB at K = 20 for 2x5), rather than as the search meets
    /// them; cheaper when the search will meet most of them. Solved within half of --time (the
    /// levels done by then are kept); one larger than the machine gives is refused
    #[arg(long, requires = "endgame")]
    pub endgame_indexed: bool,

    /// Write a proof of the exact value to FILE, for `mancala check-proof` (with no limit
    /// given, the search runs until the value is proved); - writes it to standard output and
    /// the analysis to standard error
    #[arg(long, value_name = "FILE")]
    pub proof: Option<std::path::PathBuf>,

    /// Prove bounds on the value instead (spec/analysis.md §2): null-window tests, deepening,
    /// each proving "at least" or "at most" a value where it can, until the bounds meet or a
    /// limit; the bounds proved so far are reported whether or not they meet
    #[arg(long, conflicts_with_all = ["proof", "multipv"])]
    pub bounds: bool,

    /// Output format: text for people, or one JSON line
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

/// The threads of `--threads`, or the number of cores.
pub fn thread_count(threads: Option<u32>) -> usize {
    threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        |t| t as usize,
    )
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The game: bechi (the only one solve covers)
    #[arg(long, short = 'g', value_name = "NAME", default_value = "bechi")]
    pub game: String,

    /// A rule option, e.g. holes=3; repeatable
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    pub options: Vec<String>,

    /// Solve from these position strings instead of the start of round 1 (both openers);
    /// repeatable; not `-`
    #[arg(long, short = 'p', value_name = "POS")]
    pub position: Vec<String>,

    /// Write the database to FILE (whole or not at all; a device or a FIFO in place), or to
    /// standard output with `-` (the report then goes to stderr)
    #[arg(long, value_name = "FILE|-")]
    pub out: Option<std::path::PathBuf>,

    /// Keep each solved pair of slices in DIR/journal as it is done, so that a run stopped
    /// before the end resumes there (checked, not solved again) [default: FILE.work beside
    /// --out FILE, removed once the database is written; none without --out]
    #[arg(long, value_name = "DIR")]
    pub work: Option<std::path::PathBuf>,

    /// Check the database FILE instead of solving (spec/analysis.md §4.1): every block against
    /// its check, then every value against the rules: the value its moves give from its
    /// children's values, and forced (not resting on a cycle); the first findings on stderr.
    /// Exit 0 when it holds, 1 when it does not, 2 when FILE cannot be read
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "out", "work", "max_positions", "options"])]
    pub verify: Option<std::path::PathBuf>,

    /// Worker threads [default: the number of cores]
    #[arg(long, short = 't', value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,

    /// Stop with an error, saying how far it went, once more than N positions are reachable
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub max_positions: Option<u64>,

    /// No progress on stderr
    #[arg(long, short = 'q')]
    pub quiet: bool,

    /// Output format: text for people, or one JSON line
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

/// How `mancala match` solves.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchMethod {
    /// Retrograde analysis on 2x3, search on 2x4.
    Auto,
    /// Every position of every round start, stores included.
    Retrograde,
    /// Each round start's seed margin by search, forcing searches where it does not settle.
    Search,
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The game: bechi (the only one whose match is solved)
    #[arg(long, short = 'g', value_name = "NAME", default_value = "bechi")]
    pub game: String,

    /// A rule option, e.g. holes=3; repeatable
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    pub options: Vec<String>,

    /// Who opens the next round: round 1 at the start, or the round after --holdings [default: B]
    #[arg(long, value_name = "A|B", value_parser = ["A", "B"])]
    pub opener: Option<String>,

    /// The state between two rounds: A's and B's holdings, e.g. 21,15 [default: equal, the start]
    #[arg(long, value_name = "A,B", conflicts_with = "position")]
    pub holdings: Option<String>,

    /// A position in the middle of a round (a position string): its value for the match
    #[arg(long, short = 'p', value_name = "POS")]
    pub position: Option<String>,

    /// How to solve
    #[arg(long, value_enum, default_value = "auto")]
    pub method: MatchMethod,

    /// Print every state of the match with its value and the value of each of its set-ups
    #[arg(long)]
    pub states: bool,

    /// Search every round start, instead of taking a round start's answers from its mirror
    /// image (the rows swapped, the other player opening) (search)
    #[arg(long)]
    pub no_symmetry: bool,

    /// The most positions of one round start (retrograde, --position) or of one forcing search
    /// (search)
    #[arg(long, value_name = "N", default_value = "50000000", value_parser = parse_count_usize)]
    pub max_positions: usize,

    /// Transposition table of SIZE bytes for the searches of round starts (search)
    #[arg(long, value_name = "SIZE", default_value = "64M", value_parser = parse_size)]
    pub hash: usize,

    /// A database written by `mancala solve --out`, consulted by the searches of round starts
    /// without blocked holes (search)
    #[arg(long, value_name = "FILE")]
    pub db: Option<std::path::PathBuf>,

    /// Output format: text for people, or one JSON line
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct AnnotateArgs {
    /// Record files or folders (every *.mgn and *.jsonl under them); `-` or none reads standard
    /// input
    #[arg(value_name = "FILE|-")]
    pub files: Vec<std::path::PathBuf>,

    #[command(flatten)]
    pub limits: SearchLimits,

    /// A database written by `mancala solve --out`. Each block read is checked for damage, its
    /// values are trusted: `mancala solve --verify FILE` checks them against the rules
    #[arg(long, value_name = "FILE")]
    pub db: Option<std::path::PathBuf>,

    /// Threads: the plies of a record are searched this many at a time, each by one thread with
    /// a table of its own, so the record written never depends on it [default: the number of
    /// cores]
    #[arg(long, short = 't', value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,

    /// Transposition table of each thread, SIZE bytes (such as 16M), emptied before each
    /// position. Its memory is taken as it fills; a SIZE the machine cannot give is a usage
    /// error
    #[arg(long, value_name = "SIZE", default_value = "16M", value_parser = parse_size)]
    pub hash: usize,

    /// Seeds lost from which a move is dubious (?!)
    #[arg(long, value_name = "SEEDS", default_value = "1")]
    pub dubious: i32,

    /// Seeds lost from which a move is a mistake (?)
    #[arg(long, value_name = "SEEDS", default_value = "3")]
    pub mistake: i32,

    /// Seeds lost from which a move is a blunder (??)
    #[arg(long, value_name = "SEEDS", default_value = "6")]
    pub blunder: i32,

    /// Output format: the annotated records in notation, or in the JSON form (one per line)
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

/// When a search of one position stops deepening (analyse, and annotate per position).
#[derive(Args, Debug, Clone, Copy)]
pub struct SearchLimits {
    /// Search at most this many plies deep
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub depth: Option<u32>,

    /// Stop deepening after this time (500ms, 2s, 1m; above 0 and at most 10000000s) [default
    /// when no limit is given: 2s for analyse, 200ms per position for annotate]
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    pub time: Option<std::time::Duration>,

    /// Stop deepening after visiting this many positions (with threads and more than 4096,
    /// give or take 16 a thread)
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub nodes: Option<u64>,
}

/// `--game`: a game's name, checked with the engine's own message; shell completion offers the
/// five names.
#[derive(Clone, Copy, Debug)]
pub struct GameNames;

impl TypedValueParser for GameNames {
    type Value = String;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        let text = value.to_string_lossy();
        text.parse::<GameKind>()
            .map(|_| text.into_owned())
            .map_err(|e| clap::Error::raw(clap::error::ErrorKind::InvalidValue, format!("{e}\n")))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            GameKind::ALL
                .into_iter()
                .map(|g| PossibleValue::new(g.name())),
        ))
    }
}

/// `--option KEY=VALUE`: taken as written (the game decides, once known, with a message that
/// names the option); shell completion offers every key with every value some game gives it.
#[derive(Clone, Copy, Debug)]
pub struct OptionValues;

impl TypedValueParser for OptionValues {
    type Value = String;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        Ok(value.to_string_lossy().into_owned())
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let mut all: Vec<String> = Vec::new();
        for game in GameKind::ALL {
            let v = Variant::default_for(game);
            for key in v.option_keys() {
                for value in v.option_values(key) {
                    let kv = format!("{key}={value}");
                    if !all.contains(&kv) {
                        all.push(kv);
                    }
                }
            }
        }
        Some(Box::new(all.into_iter().map(PossibleValue::new)))
    }
}

// `mancala collection` (spec/collections.md): its subcommands and their arguments.

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
        Exit status: 0 every record valid, 1 some record invalid or a --position that does not \
        read, 2 usage or I/O error (a criterion that does not read: a tag expression, an option \
        value no game takes, a word of --moves that is no move).",
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
        Each file is written as every output file is (mancala --help): a file whole or not at \
        all, a FIFO or a device in place, a link to a file refused; stdout lists the files \
        written. A file that already exists is not replaced: nothing is written and the exit \
        status is 2, unless --replace is given; an input that is one of the files split would \
        replace is refused before anything is read. An invalid record is reported on stderr and \
        not written.\n\n\
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
    pub files: Vec<std::path::PathBuf>,

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
