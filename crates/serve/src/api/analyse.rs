//! `POST /api/analyse`: an analysis of the position shown, as the game's history makes it
//! (`Engine::analyse_after`: a line back to a position played before is a repetition), streamed
//! as server-sent events while the search deepens (spec/serve.md §2.3):
//!
//! * `event: progress` after every completed iteration: depth, value (exact or estimate), the
//!   best lines with an arrow for each of their first moves;
//! * `event: done` with the last iteration and the best move (what the engine plays), or
//!   `event: error` with why there is none;
//! * a comment line every half second while the search is quiet, so that a client gone away is
//!   noticed (its connection refuses the write) and the search stopped.
//!
//! The search stops at its time limit (at most [`limits::MAX_ANALYSIS_SECONDS`]), when the
//! client goes away, or when the server stops. At most `--analyses` analyses run at once, each
//! with an equal share of the `--hash` budget; one more is refused with 503.

use crate::exchange::Refusal;
use crate::view::{self, Options};
use crate::{Shared, limits};
use analysis::search::Oracle;
use analysis::{Analysis, Engine, Limits, SearchOptions};
use rules_core::{Event, Move, PlayOptions, Position};
use serde::Deserialize;
use serde_json::{Value, json};
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyseRequest {
    position: String,
    #[serde(default)]
    options: Option<Value>,
    /// The positions of the game before this one, oldest first (those of its round matter).
    #[serde(default)]
    history: Vec<String>,
    /// Lines to give (1 to [`limits::MAX_MULTIPV`]).
    #[serde(default = "one")]
    multipv: usize,
    /// The time limit in seconds; the longest when not given.
    #[serde(default)]
    seconds: Option<f64>,
    /// The last depth to search.
    #[serde(default)]
    depth: Option<u32>,
}

fn one() -> usize {
    1
}

/// Counts an analysis running for as long as it lives.
struct Running(Arc<Shared>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A checked request, ready to search.
struct Job {
    pos: Position,
    history: Vec<Position>,
    multipv: usize,
    limits: Limits,
}

fn check(r: AnalyseRequest) -> Result<Job, Refusal> {
    let options: Options = view::options(r.options.as_ref())?;
    let pos = view::read(&r.position, &options, None)?;
    if pos.round_result().is_some() {
        return Err(Refusal::invalid(
            "the round is over: there is nothing to analyse (set up the next round first)",
            Vec::new(),
        ));
    }
    if r.history.len() > limits::MAX_HISTORY {
        return Err(Refusal::new(
            413,
            format!(
                "a history holds at most {} positions; this one has {}",
                limits::MAX_HISTORY,
                r.history.len()
            ),
        ));
    }
    let mut history = Vec::with_capacity(r.history.len());
    for (k, text) in r.history.iter().enumerate() {
        let p = view::read(text, &options, None).map_err(|mut e| {
            e.message = format!("history position {}: {}", k + 1, e.message);
            e
        })?;
        history.push(p);
    }
    if !(1..=limits::MAX_MULTIPV).contains(&r.multipv) {
        return Err(Refusal::invalid(
            format!(
                "multipv {} is not between 1 and {}",
                r.multipv,
                limits::MAX_MULTIPV
            ),
            Vec::new(),
        ));
    }
    let seconds = r.seconds.unwrap_or(limits::MAX_ANALYSIS_SECONDS);
    if !(seconds > 0.0 && seconds <= limits::MAX_ANALYSIS_SECONDS) {
        return Err(Refusal::invalid(
            format!(
                "an analysis lasts more than 0 and at most {} seconds, not {seconds}",
                limits::MAX_ANALYSIS_SECONDS
            ),
            Vec::new(),
        ));
    }
    Ok(Job {
        pos,
        history,
        multipv: r.multipv,
        limits: Limits {
            depth: r.depth.map(|d| d.clamp(1, analysis::search::MAX_DEPTH)),
            time: Some(Duration::from_secs_f64(seconds)),
            nodes: None,
        },
    })
}

/// Checks the request and takes a place among the analyses running; the stream is the job.
pub fn start(r: AnalyseRequest, shared: &Arc<Shared>) -> Result<crate::exchange::Job, Refusal> {
    let job = check(r)?;
    let most = shared.config.analyses;
    if shared
        .running
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
            (n < most).then_some(n + 1)
        })
        .is_err()
    {
        return Err(Refusal::new(
            503,
            format!(
                "{most} analyses are running, the most this server runs at once (mancala serve --analyses): stop one, or try again when one ends"
            ),
        ));
    }
    let running = Running(shared.clone());
    Ok(Box::new(move |out: &mut dyn Write| {
        let _running = running;
        run(&job, &_running.0, out);
    }))
}

/// From the hole a move lifts to the hole its last seed falls in, by hole index: the arrow the
/// board draws for it.
fn arrow(before: &Position, mv: Move) -> Option<(Value, Position)> {
    let played = before.play(&mv, PlayOptions::FULL).ok()?;
    let g = before.geometry();
    let from = played.trace.events.iter().find_map(|e| match e {
        Event::Lift { hole, .. } | Event::Capture { hole, .. } => Some(*hole),
        Event::Gather { holes, .. } => holes.first().copied(),
        _ => None,
    })?;
    let to = played.trace.sown().last().unwrap_or(from);
    Some((
        json!({"from": g.index(from)?, "to": g.index(to)?, "move": mv.to_string(), "player": before.to_move()}),
        played.position,
    ))
}

/// The first moves of a line as arrows (at most three: the move and the answers to it).
fn arrows(root: &Position, moves: &[Move]) -> Vec<Value> {
    let mut out = Vec::new();
    let mut pos = *root;
    for mv in moves.iter().take(3) {
        let Some((a, next)) = arrow(&pos, *mv) else {
            break;
        };
        out.push(a);
        pos = next;
    }
    out
}

/// An analysis as the page shows it.
fn analysis_json(root: &Position, a: &Analysis) -> Value {
    let lines: Vec<Value> = a
        .lines
        .iter()
        .map(|l| {
            json!({
                "moves": l.moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "value": l.value, "worst": l.worst, "exact": l.exact,
                "arrows": arrows(root, &l.moves),
            })
        })
        .collect();
    json!({
        "to_move": root.to_move(),
        "value": a.value, "worst": a.worst, "exact": a.exact, "proved": a.proved,
        "endless_met": a.endless_met,
        "best": a.best().map(|m| m.to_string()),
        "depth": a.depth, "nodes": a.nodes, "seconds": a.elapsed.as_secs_f64(),
        "lines": lines,
    })
}

fn event(out: &mut dyn Write, kind: &str, data: &Value) -> std::io::Result<()> {
    write!(out, "event: {kind}\ndata: {data}\n\n")?;
    out.flush()
}

/// What the search thread sends the writing thread.
enum Said {
    Progress(Value),
    Done(Value),
    Error(String),
}

/// Runs the analysis on a thread of its own and writes what it says as it says it; stops it
/// when a write fails (the client went away) or the server stops.
fn run(job: &Job, shared: &Arc<Shared>, out: &mut dyn Write) {
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<Said>();
    let hash = shared.config.hash_bytes / shared.config.analyses.max(1);
    let oracle: Option<&dyn Oracle> = shared
        .dbs
        .iter()
        .find(|d| d.variant() == job.pos.variant())
        .map(|d| d as &dyn Oracle);
    std::thread::scope(|scope| {
        let tx_search = tx.clone();
        let stop_search = stop.clone();
        scope.spawn(move || {
            let said = search(job, shared, hash, oracle, &stop_search, &tx_search);
            let _ = tx_search.send(said);
        });
        drop(tx);
        let _ = event(
            out,
            "start",
            &json!({"position": notation::write_view(job.pos.view()), "to_move": job.pos.to_move(), "db": oracle.is_some()}),
        );
        loop {
            if shared.stopping.load(Ordering::Relaxed) {
                stop.store(true, Ordering::Relaxed);
            }
            let written = match rx.recv_timeout(Duration::from_millis(500)) {
                Ok(Said::Progress(v)) => event(out, "progress", &v),
                Ok(Said::Done(v)) => {
                    let _ = event(out, "done", &v);
                    break;
                }
                Ok(Said::Error(m)) => {
                    let _ = event(out, "error", &json!({"message": m}));
                    break;
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    out.write_all(b": searching\n\n").and_then(|()| out.flush())
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            if written.is_err() {
                // The client went away: stop the search; the thread ends within milliseconds.
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
}

fn search(
    job: &Job,
    shared: &Shared,
    hash: usize,
    oracle: Option<&dyn Oracle>,
    stop: &Arc<AtomicBool>,
    tx: &mpsc::Sender<Said>,
) -> Said {
    let engine = match Engine::new(hash, shared.config.threads) {
        Ok(e) => e,
        Err(e) => return Said::Error(format!("no table for the analysis: {e}")),
    };
    let report = |a: &Analysis| {
        let _ = tx.send(Said::Progress(analysis_json(&job.pos, a)));
    };
    let opts = SearchOptions {
        limits: job.limits,
        multipv: job.multipv,
        oracle,
        stop: Some(stop),
        progress: Some(&report),
        ..SearchOptions::default()
    };
    let history = analysis::history::repeatable(&job.pos, &job.history);
    match engine.analyse_after(&job.pos, history, &opts) {
        Ok(a) => {
            if let Some(f) = shared
                .dbs
                .iter()
                .find(|d| d.variant() == job.pos.variant())
                .and_then(analysis::db::Database::failure)
            {
                return Said::Error(format!("the database failed: {f}"));
            }
            let mut v = analysis_json(&job.pos, &a);
            v["stopped"] = json!(stop.load(Ordering::Relaxed));
            Said::Done(v)
        }
        Err(u) => Said::Error(format!("no answer: {u}")),
    }
}
