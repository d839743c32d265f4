//! The bounds of every request (spec/serve.md §3): what a page or any other client may ask of
//! the server at most. Beyond them a request is refused with 413, 422 or 503 and a message that
//! names the limit.

/// The largest request body: a record of the notation's largest size (1 MiB, spec/notation.md
/// §3.5) with its JSON around it.
pub const MAX_BODY: usize = 2 << 20;

/// The longest position string or JSON position (a 3×6 board of 999-seed holes with every field
/// is under 200 characters).
pub const MAX_POSITION: usize = 4096;

/// The most positions of a game's history given to an analysis (the positions of its round
/// before the one analysed; only those since the last capture matter).
pub const MAX_HISTORY: usize = 20_000;

/// The longest analysis, in seconds: it stops then, as if the user had stopped it.
pub const MAX_ANALYSIS_SECONDS: f64 = 600.0;

/// The longest the engine thinks over one move, in seconds.
pub const MAX_MOVE_SECONDS: f64 = 60.0;

/// The most lines an analysis gives (multi-line).
pub const MAX_MULTIPV: usize = 8;

/// The transposition tables of all analyses together (`--hash`): one budget, shared out
/// equally between the analyses that may run at once. Each table is taken as it fills.
pub const HASH_BYTES: usize = 512 << 20;

/// Analyses at once (`--analyses`); another one is refused with 503 until one ends.
pub const ANALYSES: usize = 2;

/// The most analyses at once `--analyses` accepts.
pub const MAX_ANALYSES: usize = 16;

/// Threads answering requests. An analysis holds one while it streams; the others go on
/// answering.
pub const WORKERS: usize = 24;

/// The most plies of a traced move shown with its path: a sowing with more events than this is
/// shown without its seed-by-seed path (a Giuthi or Uugg relay chain of thousands of laps).
pub const MAX_EVENTS: usize = 20_000;

/// The most records a pasted text is read for: the first is loaded, the count of the others
/// said.
pub const MAX_RECORDS: usize = 1;

/// The most rules one request asks for.
pub const MAX_RULES: usize = 64;
