//! `mancala analyse`: the value of a position and its best moves (spec/analysis.md §2), with
//! threads (§11); `-` analyses one position per line of standard input, one table for all.
//! Moves after the position (`analyse POSITION MOVE...`, or on a line of `-`) are played from
//! it: the position they reach is analysed as a position of that game, the positions they
//! passed through being its history, so that a line back to one of them is a repetition
//! (`Engine::analyse_after`): what a program playing a game through the command line needs
//! not to go round in circles (issue 27, item 5).

pub mod endgame_table;

use crate::cli::{AnalyseArgs, Format, SearchLimits};
use crate::commands::analyse::endgame_table::{Table, indexed_words};
use crate::commands::position::{Answer, run_on};
use crate::inputs::batch::Outcome as LineOutcome;
use crate::inputs::position::{Given, split_play_line};
use crate::outputs::exit::{CliError, Verdict as Exit};
use analysis::db::Database;
use analysis::endgame::indexed::Indexed;
use analysis::endgame::{Both, CLOSURE_LIMIT, Endgame};
use analysis::search::Oracle;
use analysis::{Analysis, Bounds, Engine, Limits, Line, Outcome, SearchOptions, Unfinished};
use notation::write_view;
use rules_core::{Player, Position};
use serde_json::json;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// The time limit when no limit is given.
const DEFAULT_TIME: Duration = Duration::from_secs(2);

/// Opens a database file for `--db` (spec/analysis.md §4): its header and tables are read and
/// checked now, its blocks when a lookup needs them. A folder, a special file, a file that is not
/// a database, truncated or damaged, is an I/O error (2).
pub fn load_db(path: &Path) -> Result<Database, CliError> {
    Database::open_path(path).map_err(|m| CliError::Io(format!("--db {}: {m}", path.display())))
}

/// A game with every option spelt out: `bechi holes=4`, not `bechi`.
fn full_name(v: rules_core::Variant) -> String {
    let mut name = v.to_string().split(' ').next().unwrap_or("").to_owned();
    for key in v.option_keys() {
        if let Some(value) = v.option_value(key) {
            name.push_str(&format!(" {key}={value}"));
        }
    }
    name
}

/// Refuses a database of another game or options than `pos` (exit 2, naming both).
pub fn same_game(db: &Database, path: &Path, pos: &Position) -> Result<(), CliError> {
    if db.variant() == pos.variant() {
        return Ok(());
    }
    let hint = if analysis::solve::covers(pos.variant()) {
        let v = pos.variant();
        let options: String = v
            .option_keys()
            .iter()
            .filter_map(|k| Some(format!(" -o {k}={}", v.option_value(k)?)))
            .collect();
        format!(
            "`mancala solve{options} --out FILE` writes the database of {}",
            full_name(v)
        )
    } else {
        format!("databases are of {} only", analysis::solve::GAME.title())
    };
    Err(CliError::Usage(format!(
        "--db {}: a database of {}, but the position is of {}; {hint}",
        path.display(),
        full_name(db.variant()),
        full_name(pos.variant()),
    )))
}

/// A block of the database found damaged during the search: the answer cannot be trusted.
pub fn db_failure(db: Option<&Database>, path: Option<&Path>) -> Result<(), CliError> {
    match (db.and_then(Database::failure), path) {
        (Some(f), Some(p)) => Err(CliError::Io(format!("--db {}: {f}", p.display()))),
        _ => Ok(()),
    }
}

/// The limits of the command line, with `default` time when none is given.
pub fn limits(l: &SearchLimits, default: Duration) -> Limits {
    let mut limits = Limits {
        depth: l.depth,
        time: l.time,
        nodes: l.nodes,
    };
    if limits.depth.is_none() && limits.time.is_none() && limits.nodes.is_none() {
        limits.time = Some(default);
    }
    limits
}

/// `+4 (exact)`, `+4 (estimate at depth 9)`, or both conventions when endless play decides.
pub fn value_words(pos: &Position, a: &Analysis) -> String {
    if a.value == a.worst {
        return if a.exact {
            format!("{} (exact)", a.value)
        } else {
            format!("{} (estimate at depth {})", a.value, a.depth)
        };
    }
    let proof = if a.proved {
        "each proved".to_owned()
    } else {
        format!("estimates at depth {}", a.depth)
    };
    format!(
        "{} with endless play counted as the best outcome for {p}, {} as the worst \
         ({proof}; not exact: endless play decides)",
        a.value,
        a.worst,
        p = pos.to_move()
    )
}

/// Why the best move is the one given, when it is not simply the only move of the best value
/// with both conventions agreeing: ranked by the worst convention, and among equals the one
/// that forces the end soonest (spec/analysis.md §2).
pub fn best_words(mover: Player, a: &Analysis) -> Option<String> {
    let best = a.best()?;
    let mut why = Vec::new();
    if a.value != a.worst {
        why.push(format!(
            "the best value with endless play counted as {mover}'s worst outcome (the rules \
             score no endless round)"
        ));
    }
    if let Some(p) = a.progress {
        why.push(match p.plies {
            Some(n) => format!(
                "of the {} moves of value {}, the one that forces the end of the round soonest \
                 (within {n} plies)",
                p.tied, a.worst
            ),
            None => format!(
                "{} moves have value {}; which forces the end of the round soonest was not \
                 found within the limits",
                p.tied, a.worst
            ),
        });
    }
    (!why.is_empty()).then(|| format!("best {best}: {}", why.join("; ")))
}

fn line_words(k: usize, l: &Line) -> String {
    let moves: Vec<String> = l.moves.iter().map(ToString::to_string).collect();
    let value = if l.value == l.worst {
        l.value.to_string()
    } else {
        format!("{} / {}", l.value, l.worst)
    };
    let exact = if l.exact { " exact" } else { "" };
    format!("{k}. {value}{exact}: {}", moves.join(" "))
}

/// The JSON of a line.
fn line_json(l: &Line) -> serde_json::Value {
    json!({
        "moves": l.moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "value": l.value,
        "worst": l.worst,
        "exact": l.exact,
        "worst_proved": l.worst_proved,
    })
}

/// The JSON object of an analysis (spec/analysis.md §2).
pub fn analysis_json(pos: &Position, a: &Analysis) -> serde_json::Value {
    json!({
        "position": write_view(pos.view()),
        "to_move": pos.round_result().is_none().then(|| pos.to_move()),
        "value": a.value,
        "worst": a.worst,
        "exact": a.exact,
        "proved": a.proved,
        "endless_met": a.endless_met,
        "best": a.best().map(|m| m.to_string()),
        "progress": a.progress,
        "lines": a.lines.iter().map(line_json).collect::<Vec<_>>(),
        "depth": a.depth,
        "nodes": a.nodes,
        "threads": a.threads,
        "seconds": a.elapsed.as_secs_f64(),
        "nodes_per_second": a.nodes_per_second().round(),
        "unfinished": null,
    })
}

/// The JSON object of a search its limits stopped before depth 1: no value, no move.
fn unfinished_json(pos: &Position, u: &Unfinished, threads: usize) -> serde_json::Value {
    json!({
        "position": write_view(pos.view()),
        "to_move": pos.to_move(),
        "value": null,
        "worst": null,
        "exact": false,
        "proved": false,
        "endless_met": false,
        "best": null,
        "progress": null,
        "lines": [],
        "depth": 0,
        "nodes": u.nodes,
        "threads": threads,
        "seconds": u.elapsed.as_secs_f64(),
        "nodes_per_second": 0,
        "unfinished": u.to_string(),
    })
}

/// The endgame table for `pos` (`--endgame K`): the one kept from the lines before when it is
/// of the same game and options, a new one otherwise (with `--endgame-indexed`, every board of
/// at most K seeds solved now, its moves played on `threads` threads, until `deadline`: the
/// levels solved by then are kept). A hashed table gives its closures up at `time_up`, the
/// analysis's own time limit (spec/analysis.md §12.3).
fn endgame_for<'t>(
    tables: &'t mut Option<Table>,
    pos: &Position,
    k: u32,
    indexed: Option<usize>,
    deadline: Option<Instant>,
    time_up: Option<Instant>,
) -> Result<&'t Table, CliError> {
    if tables.as_ref().is_none_or(|t| t.variant() != pos.variant()) {
        let t = match indexed {
            None => Endgame::new(pos.variant(), k, CLOSURE_LIMIT).map(Table::Hashed),
            Some(threads) => {
                let late = move || deadline.is_some_and(|d| Instant::now() >= d);
                Indexed::solve_until(pos.variant(), k, threads, &late, &mut |_| {})
                    .map(Table::Indexed)
            }
        }
        .map_err(|e| CliError::Usage(format!("--endgame {k}: {e}")))?;
        *tables = Some(t);
    }
    let table = tables
        .as_ref()
        .ok_or_else(|| CliError::Usage(format!("--endgame {k}: no table")))?;
    if let Table::Hashed(t) = table {
        t.set_deadline(time_up);
    }
    Ok(table)
}

/// The report line of either form of endgame table (`--endgame`).
fn table_words(t: &Table) -> String {
    match t {
        Table::Hashed(t) => endgame_words(t),
        Table::Indexed(t) => indexed_words(t),
    }
}

/// The report line of a hashed endgame table.
fn endgame_words(t: &Endgame) -> String {
    let s = t.stats();
    let mut ceiling = s.ceiling.map_or(String::new(), |c| {
        format!("; a closure too large stopped solving at {c} seeds")
    });
    if s.timed_out > 0 {
        ceiling.push_str(&format!(
            "; {} closure{} given up when the time limit came",
            s.timed_out,
            if s.timed_out == 1 { "" } else { "s" }
        ));
    }
    if s.full {
        ceiling.push_str(&format!(
            "; the table came to its limit: {} positions least used dropped, {} held",
            s.dropped, s.held
        ));
    }
    format!(
        "endgame tables (at most {} seeds in play): {} positions solved in {} closure{}, {:.3} \
         s; {} probes answered{ceiling}",
        s.seeds,
        s.positions,
        s.closures,
        if s.closures == 1 { "" } else { "s" },
        s.seconds,
        s.hits
    )
}

/// The game a position analysed is in: the moves played to it and the positions before it.
pub struct History {
    /// The position the moves were played from.
    pub from: Position,
    /// The moves, canonical.
    pub moves: Vec<String>,
    /// The positions before the one analysed, oldest first: `from` and every position the moves
    /// passed through.
    pub before: Vec<Position>,
}

impl History {
    /// The positions of [`History::before`] play can come back to, which the search is given
    /// (since the last capture: `analysis::history::repeatable`).
    pub fn repeatable(&self, pos: &Position) -> &[Position] {
        analysis::history::repeatable(pos, &self.before)
    }

    /// The JSON member `history` (spec/analysis.md §2).
    fn json(&self, pos: &Position) -> serde_json::Value {
        json!({
            "from": write_view(self.from.view()),
            "moves": self.moves,
            "positions": self.before.len(),
            "repeatable": self.repeatable(pos).len(),
        })
    }

    /// The text line on the history.
    fn words(&self, pos: &Position) -> String {
        let n = self.before.len();
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let known = match self.repeatable(pos).len() {
            0 => "none since the last capture: none can come again".to_owned(),
            1 if n == 1 => "a line back to it is a repetition (endless play)".to_owned(),
            k if k == n => "a line back to one of them is a repetition (endless play)".to_owned(),
            k => format!(
                "{k} since the last capture: a line back to one of those is a repetition \
                 (endless play)"
            ),
        };
        format!(
            "history: {n} position{} played before this one; {known}",
            plural(n)
        )
    }
}

/// What an answer shows besides the analysis: the proof written (`--proof`), the endgame table
/// used (`--endgame`) and the game's history (moves after the position).
#[derive(Copy, Clone, Default)]
struct Extras<'x> {
    written: Option<&'x crate::printers::proof::Written>,
    table: Option<&'x Table>,
    history: Option<&'x History>,
}

/// Writes the answer for one position, with its [`Extras`].
fn write_answer(
    pos: &Position,
    result: &Result<Analysis, Unfinished>,
    threads: usize,
    extras: Extras<'_>,
    a: Answer,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let Extras {
        written,
        table,
        history,
    } = extras;
    if a.format == Format::Json {
        let mut data = match result {
            Ok(an) => analysis_json(pos, an),
            Err(u) => unfinished_json(pos, u, threads),
        };
        data["history"] = history.map_or(serde_json::Value::Null, |h| h.json(pos));
        if let Some(w) = written {
            data["proof"] = w.json();
        }
        if let Some(t) = table {
            data["endgame"] = t.json();
        }
        return a.line(out, "analysis", data);
    }
    writeln!(out, "{}", crate::commands::position::status_line(pos))?;
    if let Some(h) = history {
        writeln!(out, "{}", h.words(pos))?;
    }
    match result {
        Err(u) => writeln!(out, "value unknown: {u}")?,
        Ok(an) => {
            writeln!(out, "value {}", value_words(pos, an))?;
            if let Some(why) = best_words(pos.to_move(), an) {
                writeln!(out, "{why}")?;
            }
            for (k, l) in an.lines.iter().enumerate() {
                writeln!(out, "{}", line_words(k + 1, l))?;
            }
            let threads = if an.threads > 1 {
                format!(", {} threads", an.threads)
            } else {
                String::new()
            };
            writeln!(
                out,
                "depth {}, {} nodes in {:.3} s ({:.0} nodes/s{threads})",
                an.depth,
                an.nodes,
                an.elapsed.as_secs_f64(),
                an.nodes_per_second()
            )?;
            if let Some(t) = table {
                writeln!(out, "{}", table_words(t))?;
            }
            if let Some(w) = written {
                writeln!(out, "{}", w.words())?;
            }
        }
    }
    if a.input.is_some() {
        writeln!(out)?;
    }
    Ok(())
}

/// The words of the bounds proved (`--bounds`): `value at least +20, at most +28`.
fn bound_words(b: &Bounds) -> String {
    let mut parts = Vec::new();
    if let Some(l) = b.lower {
        parts.push(format!("at least {}", Outcome::Seeds(l)));
    }
    if let Some(u) = b.upper {
        parts.push(format!("at most {}", Outcome::Seeds(u)));
    }
    if parts.is_empty() {
        "no bound proved yet".to_owned()
    } else {
        format!(
            "proved: value {} (the round can be made to end so, whichever way endless play is \
             counted)",
            parts.join(", ")
        )
    }
}

/// Writes the answer of a bound proof (`--bounds`).
fn write_bounds(
    pos: &Position,
    result: &Result<Bounds, Unfinished>,
    threads: usize,
    table: Option<&Table>,
    a: Answer,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if a.format == Format::Json {
        let mut data = match result {
            Ok(b) => {
                let mut d = json!(b);
                d["position"] = json!(write_view(pos.view()));
                d["to_move"] = json!(pos.to_move().to_string());
                d["best"] = json!(b.best.map(|m| m.to_string()));
                d["value"] = json!(b.exact.then_some(b.lower).flatten());
                d["nodes_per_second"] = json!(per_second(b.nodes, b.elapsed));
                d["unfinished"] = serde_json::Value::Null;
                d
            }
            Err(u) => unfinished_json(pos, u, threads),
        };
        if let Some(t) = table {
            data["endgame"] = t.json();
        }
        return a.line(out, "bounds", data);
    }
    writeln!(out, "{}", crate::commands::position::status_line(pos))?;
    match result {
        Err(u) => writeln!(out, "bounds unknown: {u}")?,
        Ok(b) => {
            if b.exact {
                let v = b
                    .lower
                    .map_or(String::new(), |v| Outcome::Seeds(v).to_string());
                writeln!(out, "value {v} (exact, proved by bounds)")?;
            } else {
                writeln!(out, "{}", bound_words(b))?;
                if let Some(e) = b.estimate {
                    writeln!(out, "estimate {} at depth {}", Outcome::Seeds(e), b.depth)?;
                }
            }
            if let Some(m) = b.best {
                writeln!(out, "best {m}")?;
            }
            writeln!(
                out,
                "depth {}, {} tests, {} nodes in {:.3} s ({:.0} nodes/s{})",
                b.depth,
                b.tests,
                b.nodes,
                b.elapsed.as_secs_f64(),
                per_second(b.nodes, b.elapsed),
                if b.threads > 1 {
                    format!(", {} threads", b.threads)
                } else {
                    String::new()
                }
            )?;
            if let Some(t) = table {
                writeln!(out, "{}", table_words(t))?;
            }
        }
    }
    if a.input.is_some() {
        writeln!(out)?;
    }
    Ok(())
}

/// Nodes a second.
fn per_second(nodes: u64, t: Duration) -> f64 {
    let s = t.as_secs_f64();
    if s > 0.0 { nodes as f64 / s } else { 0.0 }
}

/// The limits of the command line; with --proof and none given, none: the search goes on until
/// the value is proved (§8.4).
fn search_limits(args: &AnalyseArgs) -> Limits {
    let l = &args.limits;
    if args.proof.is_some() && l.depth.is_none() && l.time.is_none() && l.nodes.is_none() {
        Limits::default()
    } else {
        limits(l, DEFAULT_TIME)
    }
}

/// The position a line or the command line asks about: POSITION, or the position its moves
/// reach with the [`History`] of the game; or the outcome of a bad one, reported.
fn reached(
    text: &str,
    moves: &[String],
    given: &Given,
    a: Answer,
    out: &mut dyn Write,
) -> Result<Result<(Position, Option<History>), LineOutcome>, CliError> {
    let (text, moves) = if a.input.is_some() {
        split_play_line(text)
    } else {
        (text, moves.iter().map(String::as_str).collect())
    };
    let from = match a.position(text, given, out)? {
        Ok(p) => p,
        Err(outcome) => return Ok(Err(outcome)),
    };
    if moves.is_empty() {
        return Ok(Ok((from, None)));
    }
    // The moves are played as `play` plays them: one the rules refuse is reported with its ply
    // and rule, and nothing is analysed.
    let (steps, refused) = crate::commands::position::played::play_from(from, &moves);
    if let Some(r) = refused {
        r.report(a, out)?;
        return Ok(Err(a.end(out, LineOutcome::Invalid)?));
    }
    let mut before = vec![from];
    before.extend(steps.iter().map(|s| s.played.position));
    let pos = before.pop().unwrap_or(from);
    let moves = steps
        .iter()
        .map(|s| s.played.canonical.to_string())
        .collect();
    Ok(Ok((
        pos,
        Some(History {
            from,
            moves,
            before,
        }),
    )))
}

/// The command line's refusals: `-` with MOVEs, `--proof` with `-` or with MOVEs.
fn check_args(args: &AnalyseArgs) -> Result<(), CliError> {
    let refuse = |m: &str| Err(CliError::Usage(m.to_owned()));
    if args.position == "-" && !args.moves.is_empty() {
        return refuse(
            "with `-` every line gives a position and its moves: give no MOVE on the command line",
        );
    }
    if args.proof.is_some() && args.position == "-" {
        return refuse("--proof writes the proof of one position: give it as POSITION, not `-`");
    }
    if args.bounds && !args.moves.is_empty() {
        return refuse(
            "--bounds proves bounds on a position on its own, without the game's history: give \
             the position the moves reach (`mancala play POSITION MOVE...` prints it) and no MOVE",
        );
    }
    if args.proof.is_some() && !args.moves.is_empty() {
        // A proof file states a position on its own, and its checker knows no history: the
        // value a search with the game's history finds may not be that position's own.
        return refuse(
            "--proof proves a position on its own, without the game's history: give the \
             position the moves reach (`mancala play POSITION MOVE...` prints it) and no MOVE",
        );
    }
    Ok(())
}

pub fn run(args: &AnalyseArgs) -> Result<Exit, CliError> {
    let given = Given::new(&args.options.options, args.options.opener.as_deref())?;
    check_args(args)?;
    let db = args.db.as_deref().map(load_db).transpose()?;
    let threads = crate::cli::thread_count(args.threads);
    let mut engine =
        Engine::new(args.hash, threads).map_err(crate::commands::perft::hash_refused)?;
    let base = SearchOptions {
        limits: search_limits(args),
        multipv: args.multipv as usize,
        also: &[],
        oracle: None,
        ..SearchOptions::default()
    };
    let mut tables: Option<Table> = None;
    let indexed = args.endgame_indexed.then_some(threads);
    let mut proof_error = None;
    let verdict = run_on(&args.position, args.format, |text, a, out| {
        let (pos, history) = match reached(text, &args.moves, &given, a, out)? {
            Ok(r) => r,
            Err(outcome) => return Ok(outcome),
        };
        if let (Some(d), Some(path)) = (&db, &args.db) {
            same_game(d, path, &pos)?;
        }
        if args.clear_hash {
            engine.clear();
        }
        // The time limit bounds the endgame table too: an indexed table is solved within half
        // of it (the levels done by then are kept), the search has what is left; a hashed table's
        // closures stop when the search does.
        let started = Instant::now();
        let time = base.limits.time;
        let table = args
            .endgame
            .map(|k| {
                let half = time.map(|t| started + t / 2);
                endgame_for(
                    &mut tables,
                    &pos,
                    k,
                    indexed,
                    half,
                    time.map(|t| started + t),
                )
            })
            .transpose()?;
        let both;
        let oracle: Option<&dyn Oracle> = match (db.as_ref(), table.map(Table::oracle)) {
            (Some(d), Some(t)) => {
                both = Both(d, t);
                Some(&both)
            }
            (Some(d), None) => Some(d),
            (None, t) => t,
        };
        let mut opts = SearchOptions { oracle, ..base };
        opts.limits.time = time.map(|t| t.saturating_sub(started.elapsed()));
        if args.bounds {
            let result = engine.prove_bounds(&pos, &opts);
            db_failure(db.as_ref(), args.db.as_deref())?;
            write_bounds(&pos, &result, threads, table, a, out)?;
            return a.end(out, LineOutcome::Answered);
        }
        let known = history.as_ref().map_or(&[][..], |h| h.repeatable(&pos));
        let result = engine.analyse_after(&pos, known, &opts);
        // A damaged block met by the search: the answer (and a proof of it) cannot be trusted.
        db_failure(db.as_ref(), args.db.as_deref())?;
        let proof = args.proof.as_deref().map(|p| match &result {
            Ok(an) => {
                crate::printers::proof::write(&crate::outputs::target::Target::new(p), &pos, an)
            }
            Err(u) => Err(CliError::Usage(format!(
                "--proof {}: no proof written: {u}",
                p.display()
            ))),
        });
        let extras = Extras {
            written: proof.as_ref().and_then(|r| r.as_ref().ok()),
            table,
            history: history.as_ref(),
        };
        if args.proof.as_deref().is_some_and(|p| p.as_os_str() == "-") {
            // `--proof -` writes the proof to standard output, and the analysis goes to stderr.
            let err = &mut std::io::stderr().lock();
            write_answer(&pos, &result, threads, extras, a, err)?;
        } else {
            write_answer(&pos, &result, threads, extras, a, out)?;
        }
        if let Some(Err(e)) = proof {
            proof_error = Some(e);
        }
        a.end(out, LineOutcome::Answered)
    })?;
    match proof_error {
        Some(e) => Err(e),
        None => Ok(verdict),
    }
}
