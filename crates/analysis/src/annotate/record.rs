//! A record annotated (spec/analysis.md §6): each ply of a checked record judged from one search
//! of the position it was played in, and the record written back with `(value)`, `(best)` and
//! `(judgement)` after each ply, the principal variation after a mistake, and an `Annotator`
//! tag; what `mancala annotate` and the Python package's `Record.annotate` both do.

use super::{Judgement, Thresholds, Verdict, judge};
use crate::search::{Engine, Limits, Oracle, SearchOptions};
use crate::value::Outcome;
use crate::variation::principal_variation;
use crate::{Analysis, Unfinished};
use notation::{Annotation, Eval, Item, Judged, MAX_RECORD_PLIES, Record, Score, Sign, Step};
use rules_core::{Move, Position};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

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
#[must_use]
pub fn notes(v: &Verdict) -> Vec<Annotation> {
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

/// What `annotate` writes after one ply: its annotations, and the principal variation after a
/// mistake (spec/analysis.md §6).
pub type Notes = (Vec<Annotation>, Option<Item>);

/// Whether a verdict gets its principal variation: a mistake or a blunder (`?`, `??`), or a won
/// round let go; a dubious move keeps only its `best`.
fn wants_line(v: &Verdict) -> bool {
    v.best.is_some()
        && (v.missed_win || matches!(v.judgement, Some(Judgement::Mistake | Judgement::Blunder)))
}

/// How the plies of a record are searched: the limits for each position, a database, and a stop
/// from outside ([`SearchOptions::stop`]: once set, every search left stops at once and the
/// notes are to be thrown away).
#[derive(Copy, Clone)]
pub struct Judging<'a> {
    pub limits: Limits,
    pub oracle: Option<&'a dyn Oracle>,
    pub thresholds: Thresholds,
    pub stop: Option<&'a Arc<AtomicBool>>,
}

/// A ply to judge: the position it was played in, the move played, its number, and where the
/// positions of its round before it lie in the record's line of positions ([`plies`]).
struct Job {
    pos: Position,
    played: Move,
    number: u32,
    before: std::ops::Range<usize>,
}

/// The positions of `steps` (a checked record's) in order, and each of its plies as a [`Job`];
/// `None` where the move is not among the position's legal moves (a lenient Redu mark).
fn plies(steps: &[Step]) -> (Vec<Position>, Vec<Option<Job>>) {
    let mut line = Vec::new();
    let mut jobs = Vec::new();
    let mut round_start = 0;
    let mut before: Option<Position> = None;
    for step in steps {
        match step {
            Step::Start { position } | Step::Round { position, .. } => {
                // A new round: no position of an earlier one can come again.
                round_start = line.len();
                line.push(*position);
                before = Some(*position);
            }
            Step::Ply { after, number, .. } => {
                let earlier = round_start..line.len().saturating_sub(1).max(round_start);
                jobs.push(before.take().and_then(|b| {
                    let played = b
                        .legal_moves_with_positions()
                        .into_iter()
                        .find(|(_, c)| c == after)
                        .map(|(m, _)| m)?;
                    Some(Job {
                        pos: b,
                        played,
                        number: *number,
                        before: earlier,
                    })
                }));
                line.push(*after);
                before = Some(*after);
            }
            Step::RoundOver { .. } | Step::MatchOver { .. } => {}
        }
    }
    (line, jobs)
}

/// The analysis of one ply's position, the move played searched with the best, on a table
/// emptied first: what one search gives, whatever was searched before. The positions of the
/// round before it are its history, as `mancala analyse POSITION MOVE...` has them: a line back
/// to one is a repetition (spec/analysis.md §2, §6).
fn analyse_ply(
    engine: &mut Engine,
    (pos, before): (&Position, &[Position]),
    played: Move,
    j: &Judging<'_>,
) -> Result<Analysis, Unfinished> {
    engine.clear();
    let opts = SearchOptions {
        limits: j.limits,
        multipv: 1,
        also: std::slice::from_ref(&played),
        oracle: j.oracle,
        stop: j.stop,
        ..SearchOptions::default()
    };
    engine.analyse_after(pos, crate::history::repeatable(pos, before), &opts)
}

/// The annotations (and principal variation) of each ply of `steps`, in order, the plies searched `engines.len()` at a
/// time, each by one of `engines` (one thread each; give them one thread each) with its table
/// emptied first: the result depends on the limits alone, never on the number of engines or the
/// order they finish in. A ply whose search the limits stopped before depth 1 gets none.
pub fn judge_steps(steps: &[Step], engines: &mut [Engine], j: &Judging<'_>) -> Vec<Notes> {
    let (line, jobs) = plies(steps);
    let next = AtomicUsize::new(0);
    let work = |engine: &mut Engine| {
        let mut done = Vec::new();
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(job) = jobs.get(k) else {
                return done;
            };
            let notes = job
                .as_ref()
                .and_then(|job| {
                    let before = line.get(job.before.clone()).unwrap_or_default();
                    let a = analyse_ply(engine, (&job.pos, before), job.played, j).ok()?;
                    let v = judge(&a, job.played, &j.thresholds)?;
                    let pv_moves = a.lines.first().map_or(&[][..], |l| l.moves.as_slice());
                    let pv = wants_line(&v)
                        .then(|| principal_variation(&job.pos, job.number, pv_moves))
                        .flatten();
                    Some((notes(&v), pv))
                })
                .unwrap_or_default();
            done.push((k, notes));
        }
    };
    let busy = engines.len().min(jobs.len()).max(1);
    let done: Vec<(usize, Notes)> = match engines {
        [] => Vec::new(),
        [one, ..] if busy == 1 => work(one),
        _ => std::thread::scope(|s| {
            let handles: Vec<_> = engines[..busy]
                .iter_mut()
                .map(|e| s.spawn(|| work(e)))
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        }),
    };
    let mut out = vec![Notes::default(); jobs.len()];
    for (k, notes) in done {
        out[k] = notes;
    }
    out
}

/// Whether an annotation is one `annotate` writes (and so replaces when it annotates again).
fn is_engines(item: &Item) -> bool {
    matches!(item, Item::Annotation { key, .. } if matches!(key.as_str(), "value" | "best" | "judgement"))
}

/// The record with each ply followed by its annotations and variation, those of an earlier run
/// dropped (its variations are those right after its annotations: spec/analysis.md §6), and the
/// `Annotator` tag saying how (an earlier one replaced). A record that gets a variation declares
/// notation 1.1 (spec/notation.md §6.4).
#[must_use]
pub fn annotated(record: &Record, mut plies: Vec<Notes>, annotator: &str) -> Record {
    plies.reverse();
    let mut movetext = Vec::with_capacity(record.movetext.len() + 2 * plies.len());
    let kept = |after_engines: &mut bool, item: &Item| {
        let engines =
            is_engines(item) || (*after_engines && matches!(item, Item::Variation { .. }));
        *after_engines = engines;
        !engines
    };
    // The record's plies without an earlier run's lines: the lines added may bring it up to the
    // limit of a record (spec/notation.md §3.5), not past it, or it would not read back.
    let mut after_engines = false;
    let mut total: usize = record
        .movetext
        .iter()
        .filter(|i| kept(&mut after_engines, i))
        .map(|i| Item::plies(std::slice::from_ref(i)))
        .sum();
    // Where the first line left out would stand, and how many are.
    let (mut note_at, mut left_out) = (None, 0);
    after_engines = false;
    for item in &record.movetext {
        if !kept(&mut after_engines, item) {
            continue;
        }
        movetext.push(item.clone());
        if matches!(item, Item::Ply { .. }) {
            let (notes, line) = plies.pop().unwrap_or_default();
            for a in notes {
                movetext.push(Item::Annotation {
                    key: a.key().to_owned(),
                    value: a.value(),
                    read: Ok(a),
                });
            }
            let Some(line) = line else { continue };
            let n = Item::plies(std::slice::from_ref(&line));
            if total + n <= MAX_RECORD_PLIES {
                total += n;
                movetext.push(line);
            } else {
                note_at.get_or_insert(movetext.len());
                left_out += 1;
            }
        }
    }
    // Said where the first line is missing, with how many are: never dropped without a word.
    if let Some(at) = note_at {
        let text = format!(
            "mancala annotate: {left_out} expected line(s) left out from this ply on: a record holds at most {MAX_RECORD_PLIES} plies (spec/notation.md §3.5)"
        );
        movetext.insert(at, Item::Comment { text });
    }
    let mut tags: Vec<(String, String)> = record
        .tags
        .iter()
        .filter(|(k, _)| k != ANNOTATOR)
        .cloned()
        .collect();
    tags.push((ANNOTATOR.to_owned(), annotator.to_owned()));
    let mut out = Record {
        movetext,
        tags,
        ..record.clone()
    };
    if out.has_variations() && !notation::has_variations_version(&out.notation) {
        notation::VARIATIONS_VERSION.clone_into(&mut out.notation);
    }
    out
}

/// The `Annotator` tag: the limits, the database's name and the thresholds not at their
/// defaults, and whether another run gives the same record (a time limit: not always).
#[must_use]
pub fn annotator(limits: &Limits, db: Option<&str>, t: &Thresholds) -> String {
    let mut words = vec!["mancala annotate".to_owned()];
    if let Some(d) = limits.depth {
        words.push(format!("--depth {d}"));
    }
    if let Some(n) = limits.nodes {
        words.push(format!("--nodes {n}"));
    }
    if let Some(time) = limits.time {
        words.push(format!("--time {}ms", time.as_millis()));
    }
    if let Some(name) = db {
        words.push(format!("--db {name}"));
    }
    let d = Thresholds::default();
    for (flag, ours, default) in [
        ("--dubious", t.dubious, d.dubious),
        ("--mistake", t.mistake, d.mistake),
        ("--blunder", t.blunder, d.blunder),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines `annotate` adds bring a record up to the limit of its plies, not past it, and
    /// those left out are said in a comment where the first is missing (issue 34).
    #[test]
    fn the_lines_added_keep_a_record_within_its_plies() {
        let ply = |n: usize| Item::Ply {
            number: Some(u32::try_from(n).unwrap()),
            token: "1A".to_owned(),
        };
        let mut record = Record::new(
            rules_core::Variant::default_for(rules_core::GameKind::Bechi),
            rules_core::Player::A,
        );
        record.movetext = (1..MAX_RECORD_PLIES).map(ply).collect();
        let line = |n: usize| {
            Some(Item::Variation {
                items: vec![ply(n)],
            })
        };
        let mut notes = vec![Notes::default(); MAX_RECORD_PLIES - 1];
        for n in [1, 2, 3] {
            notes[n - 1].1 = line(n);
        }
        let out = annotated(&record, notes, "test");
        assert_eq!(Item::plies(&out.movetext), MAX_RECORD_PLIES);
        assert!(matches!(&out.movetext[1], Item::Variation { .. }));
        assert_eq!(
            out.movetext[3],
            Item::Comment {
                text: "mancala annotate: 2 expected line(s) left out from this ply on: a record holds at most 20000 plies (spec/notation.md §3.5)".to_owned()
            }
        );
        assert_eq!(out.movetext.len(), MAX_RECORD_PLIES + 1);
    }
}
