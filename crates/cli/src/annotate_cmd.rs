//! `mancala annotate`: every ply of recorded games judged by the search (spec/analysis.md §6),
//! and the records written back with the judgement in annotations (`value`, `best`,
//! `judgement`: spec/notation.md §6.3) and the limits in an `Annotator` tag, in the canonical
//! notation or the JSON form.
//!
//! Each ply is judged from one search of the position it was played in, the move played
//! searched with the best ones to the same depth. The plies of a record are searched
//! `--threads` at a time, each by one thread with a table emptied before it: the record written
//! depends on the limits alone, never on the threads or on the order they finish in.

use crate::cli::{AnnotateArgs, Format, FromFormat, ToFormat};
use crate::exit::{CliError, Verdict as Exit};
use crate::input::{self, Unit};
use analysis::annotate::{Judgement, Thresholds, Verdict, judge};
use analysis::search::Oracle;
use analysis::value::Outcome;
use analysis::{Analysis, Engine, Limits, SearchOptions};
use notation::{Annotation, Eval, Item, Judged, Record, Score, Sign, Step};
use rules_core::{Move, Position};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// The time per position when no limit is given.
const DEFAULT_TIME: Duration = Duration::from_millis(200);

/// The tag that states how a record was annotated.
pub const ANNOTATOR: &str = "Annotator";

/// A value of the search as the notation writes it (spec/notation.md §6.3).
fn eval(o: Outcome, exact: bool) -> Eval {
    let score = match o {
        Outcome::Seeds(s) => Score::Seeds(s),
        Outcome::Endless(best) => Score::Endless(best),
    };
    Eval { score, exact }
}

/// The annotations of one judged ply: its value, the best move when the one played was worse,
/// and the judgement when there is one.
fn notes(v: &Verdict) -> Vec<Annotation> {
    let mut out = vec![Annotation::Value(eval(v.played, v.played_exact))];
    if let Some(b) = v.best {
        out.push(Annotation::Best {
            token: b.to_string(),
            value: eval(v.value, v.value_exact),
        });
    }
    if v.judgement.is_some() || v.missed_win {
        out.push(Annotation::Judgement(Judged {
            sign: v.judgement.map(|j| match j {
                Judgement::Dubious => Sign::Dubious,
                Judgement::Mistake => Sign::Mistake,
                Judgement::Blunder => Sign::Blunder,
            }),
            missed_win: v.missed_win,
            estimate: v.estimate,
        }));
    }
    out
}

/// How the plies are searched.
struct Judge<'a> {
    limits: Limits,
    oracle: Option<&'a dyn Oracle>,
    thresholds: Thresholds,
    /// One engine per thread.
    engines: Vec<Engine>,
}

impl Judge<'_> {
    /// Analyses each (position, move played) of `jobs`, the move searched with the best ones;
    /// `None` where there is no job or the limits left no answer.
    fn analyse_all(&mut self, jobs: &[Option<(Position, Move)>]) -> Vec<Option<Analysis>> {
        let next = AtomicUsize::new(0);
        let (limits, oracle) = (self.limits, self.oracle);
        let work = |engine: &mut Engine| {
            let mut done = Vec::new();
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(k) else {
                    return done;
                };
                let a = job.as_ref().and_then(|(pos, played)| {
                    engine.clear();
                    let opts = SearchOptions {
                        limits,
                        multipv: 1,
                        also: std::slice::from_ref(played),
                        oracle,
                    };
                    engine.analyse(pos, &opts).ok()
                });
                done.push((k, a));
            }
        };
        let mut out: Vec<Option<Analysis>> = vec![None; jobs.len()];
        let busy = self.engines.len().min(jobs.len()).max(1);
        let done: Vec<(usize, Option<Analysis>)> = if busy == 1 {
            work(&mut self.engines[0])
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = self.engines[..busy]
                    .iter_mut()
                    .map(|e| s.spawn(|| work(e)))
                    .collect();
                handles
                    .into_iter()
                    .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                    .collect()
            })
        };
        for (k, a) in done {
            out[k] = a;
        }
        out
    }

    /// Judges the plies of one checked record, in order: each ply's annotations.
    fn plies(&mut self, u: &Unit) -> Vec<Vec<Annotation>> {
        let mut jobs: Vec<Option<(Position, Move)>> = Vec::new();
        let mut before: Option<Position> = None;
        for step in &u.checked.steps {
            match step {
                Step::Start { position } | Step::Round { position, .. } => {
                    before = Some(*position);
                }
                Step::Ply { after, .. } => {
                    let job = before.take().and_then(|b| {
                        let played = b
                            .legal_moves_with_positions()
                            .into_iter()
                            .find(|(_, c)| c == after)
                            .map(|(m, _)| m)?;
                        Some((b, played))
                    });
                    jobs.push(job);
                    before = Some(*after);
                }
                Step::RoundOver { .. } | Step::MatchOver { .. } => {}
            }
        }
        let analyses = self.analyse_all(&jobs);
        jobs.iter()
            .zip(analyses)
            .map(|(job, a)| match (job, a) {
                (Some((_, played)), Some(a)) => judge(&a, *played, &self.thresholds)
                    .as_ref()
                    .map(notes)
                    .unwrap_or_default(),
                _ => Vec::new(),
            })
            .collect()
    }
}

/// Whether an annotation is one `annotate` writes (and so replaces when it annotates again).
fn is_engines(item: &Item) -> bool {
    matches!(item, Item::Annotation { key, .. } if matches!(key.as_str(), "value" | "best" | "judgement"))
}

/// The record with each ply followed by its annotations, those of an earlier run dropped, and
/// the `Annotator` tag saying how.
fn annotated(record: &Record, mut plies: Vec<Vec<Annotation>>, annotator: &str) -> Record {
    plies.reverse();
    let mut movetext = Vec::with_capacity(record.movetext.len() + 2 * plies.len());
    for item in record.movetext.iter().filter(|i| !is_engines(i)) {
        movetext.push(item.clone());
        if matches!(item, Item::Ply { .. }) {
            for a in plies.pop().unwrap_or_default() {
                movetext.push(Item::Annotation {
                    key: a.key().to_owned(),
                    value: a.value(),
                    read: Ok(a),
                });
            }
        }
    }
    let mut tags: Vec<(String, String)> = record
        .tags
        .iter()
        .filter(|(k, _)| k != ANNOTATOR)
        .cloned()
        .collect();
    tags.push((ANNOTATOR.to_owned(), annotator.to_owned()));
    Record {
        movetext,
        tags,
        ..record.clone()
    }
}

/// The `Annotator` tag: the limits (and what else decides the values), and whether another run
/// gives the same record.
fn annotator(args: &AnnotateArgs, limits: &Limits) -> String {
    let mut words = vec!["mancala annotate".to_owned()];
    if let Some(d) = limits.depth {
        words.push(format!("--depth {d}"));
    }
    if let Some(n) = limits.nodes {
        words.push(format!("--nodes {n}"));
    }
    if let Some(t) = limits.time {
        words.push(format!("--time {}ms", t.as_millis()));
    }
    if let Some(db) = &args.db {
        let name = db.file_name().unwrap_or(db.as_os_str());
        words.push(format!("--db {}", name.to_string_lossy()));
    }
    let t = Thresholds::default();
    for (flag, ours, default) in [
        ("--dubious", args.dubious, t.dubious),
        ("--mistake", args.mistake, t.mistake),
        ("--blunder", args.blunder, t.blunder),
    ] {
        if ours != default {
            words.push(format!("{flag} {ours}"));
        }
    }
    let mut tag = words.join(" ");
    if limits.time.is_some() {
        tag.push_str(" (a time limit: another run may judge differently)");
    }
    tag
}

pub fn run(args: &AnnotateArgs) -> Result<Exit, CliError> {
    let db = args
        .db
        .as_deref()
        .map(crate::analyse_cmd::load_db)
        .transpose()?;
    let t = Thresholds {
        dubious: args.dubious,
        mistake: args.mistake,
        blunder: args.blunder,
    };
    if !(0 < t.dubious && t.dubious <= t.mistake && t.mistake <= t.blunder) {
        return Err(CliError::Usage(
            "the thresholds must be 0 < --dubious <= --mistake <= --blunder".to_owned(),
        ));
    }
    let limits = crate::analyse_cmd::limits(&args.limits, DEFAULT_TIME);
    let engines = (0..crate::cli::thread_count(args.threads))
        .map(|_| Engine::new(args.hash, 1))
        .collect::<Result<Vec<_>, _>>()
        .map_err(crate::perft::hash_refused)?;
    let mut judge = Judge {
        limits,
        oracle: db.as_ref().map(|d| d as &dyn Oracle),
        thresholds: t,
        engines,
    };
    let tag = annotator(args, &limits);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut invalid, mut failed, mut written) = (false, false, 0usize);
    for name in input::names(&args.files) {
        let Some(reader) = input::open_or_report(&name, &mut failed) else {
            continue;
        };
        input::each_record(&name, reader, FromFormat::Auto, input::REPLAY, |u| {
            if let (true, Some(rec)) = (u.valid(), &u.checked.canonical) {
                let rec = annotated(rec, judge.plies(&u), &tag);
                let to = match args.format {
                    Format::Text => ToFormat::Notation,
                    Format::Json => ToFormat::Json,
                };
                crate::convert::write_record(&rec, to, written, &mut out)?;
                written += 1;
            } else {
                invalid = true;
                crate::validate::report(&u, Format::Text, &mut out)?;
            }
            Ok(())
        })?;
    }
    out.flush()?;
    Ok(if failed {
        Exit::Failed
    } else if invalid {
        Exit::Invalid
    } else {
        Exit::Valid
    })
}
