//! `mancala explain`: one ply, seed by seed, in plain English, with the rule behind every step.
//!
//! The explanation is read from the ply's trace (the events the rules core records while it
//! plays: laps, seeds, captures, marks, notes, who moves next) together with the position before
//! the ply. Following the seeds on a copy of the board gives what every hole held before each
//! seed, which says why a lap relays or stops and why a capture is made; the rules core's notes
//! give the reasons it states itself (an odd count, an empty opposite hole, a far end, a right).

use crate::cli::{ExplainArgs, FromFormat};
use crate::commands::validate;
use crate::inputs::position::{self, Given};
use crate::inputs::records;
use crate::outputs::exit::{CliError, Verdict};
use crate::outputs::style::{Paint, Style};
use crate::printers::board;
use notation::{Step, write_position};
use rules_core::{Move, PlayOptions, Position, Rule, Trace};
use std::io::Write;

/// Prints the heading of an explanation and the board before the ply.
fn print_before(
    out: &mut impl Write,
    style: Style,
    head: &str,
    before: &Position,
) -> Result<(), CliError> {
    writeln!(out, "{}", style.paint(Paint::Heading, head))?;
    writeln!(
        out,
        "before: {}",
        style.paint(Paint::Dim, &write_position(&before.to_setup()))
    )?;
    write!(out, "{}", board::draw(before, "  ", style))?;
    writeln!(out)?;
    Ok(())
}

/// Prints the explanation of one ply with the boards before and after.
#[allow(clippy::too_many_arguments)]
fn print(
    out: &mut impl Write,
    style: Style,
    title: &str,
    before: &Position,
    token: &str,
    written: &str,
    trace: &Trace,
    after: &Position,
) -> Result<(), CliError> {
    let mover = before.to_move();
    let head = if written == token {
        format!("{title}: {mover} plays {token}")
    } else {
        format!(
            "{title}: {mover} plays {token} (written {}, the same outcome)",
            notation::text::for_terminal(written)
        )
    };
    print_before(out, style, &head, before)?;
    let explanation = rules_core::prose::explanation(before, trace, after);
    for line in &explanation.lines {
        writeln!(out, "{}", style.rules(line))?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "after: {}",
        style.paint(Paint::Dim, &write_position(&after.to_setup()))
    )?;
    write!(out, "{}", board::draw(after, "  ", style))?;
    let ids = cited(&explanation.cites);
    if !ids.is_empty() {
        let ids = ids.join(" ");
        writeln!(
            out,
            "rules cited: {}; read them with `mancala rules {ids}`",
            style.paint(Paint::Rule, &ids)
        )?;
    }
    Ok(())
}

/// Prints what was traced of a refused move, with the board before it: for a start whose
/// sowing never ends (rules README §4), its first laps and its period. Nothing when nothing was
/// traced (most refusals are decided before a seed moves).
fn print_refused(
    out: &mut impl Write,
    style: Style,
    before: &Position,
    token: &str,
    trace: &Trace,
) -> Result<(), CliError> {
    if trace.events.is_empty() {
        return Ok(());
    }
    let head = format!(
        "the move, refused: {} plays {}",
        before.to_move(),
        notation::text::for_terminal(token)
    );
    print_before(out, style, &head, before)?;
    let lines = rules_core::prose::explain_refused(before, trace);
    for line in &lines {
        writeln!(out, "{}", style.rules(line))?;
    }
    Ok(())
}

/// The IDs of the rules an explanation cites (`rules_core::prose::Explanation::cites`), each
/// once, in the rule book's order.
pub fn cited(rules: &[Rule]) -> Vec<String> {
    let book = rulebook::book();
    let mut ids: Vec<&'static str> = Vec::new();
    for r in rules {
        if !ids.contains(&r.id()) {
            ids.push(r.id());
        }
    }
    let order = |id: &str| book.rules().position(|x| x.id == id);
    ids.sort_by_key(|id| order(id));
    ids.into_iter().map(str::to_owned).collect()
}

pub fn run(args: &ExplainArgs, style: Style) -> Result<Verdict, CliError> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if let (Some(text), Some(token)) = (&args.position, &args.mv) {
        let given = Given::new(&args.options.options, args.options.opener.as_deref())?;
        let Some(before) = position::read_or_report(text, &given)? else {
            return Ok(Verdict::Invalid);
        };
        let mv: Move = match Move::parse(before.variant().kind(), token) {
            Ok(m) => m,
            Err(e) => {
                crate::outputs::diag::error(&e.message);
                return Ok(Verdict::Invalid);
            }
        };
        let opts = if args.lenient {
            PlayOptions::FULL.lenient(None)
        } else {
            PlayOptions::FULL
        };
        let played = match before.play(&mv, opts) {
            Ok(p) => p,
            Err(e) => {
                // What was traced before a strict refusal (an endless sowing's first laps).
                let trace = if args.lenient {
                    Trace::default()
                } else {
                    e.trace.clone()
                };
                crate::outputs::diag::error(&e);
                if let Some(see) = notation::see(Some(e.rule)) {
                    crate::outputs::diag::see(&see);
                }
                print_refused(&mut out, style, &before, token, &trace)?;
                out.flush()?;
                return Ok(Verdict::Invalid);
            }
        };
        print(
            &mut out,
            style,
            "the move",
            &before,
            &played.canonical.to_string(),
            token,
            &played.trace,
            &played.position,
        )?;
        out.flush()?;
        return Ok(Verdict::Valid);
    }
    let name = records::Input::new(args.file.clone().unwrap_or_else(|| "-".into()));
    let reader = records::open(&name).map_err(CliError::Io)?;
    let mut found = false;
    let mut outcome = Verdict::Valid;
    let mut failure: Option<CliError> = None;
    let opts = notation::CheckOptions {
        lenient: args.lenient,
        ..records::REPLAY
    };
    records::each_record(name.name(), reader, FromFormat::Auto, opts, |u| {
        if u.index != args.record as usize {
            return Ok(());
        }
        found = true;
        let mut before: Option<&Position> = None;
        let mut shown = 0;
        let mut plies = 0;
        for step in &u.checked.steps {
            match step {
                Step::Start { position } | Step::Round { position, .. } => before = Some(position),
                Step::Ply {
                    number,
                    token,
                    written,
                    trace,
                    after,
                    ..
                } => {
                    plies = *number;
                    if args.ply.is_none_or(|n| n == *number)
                        && let Some(b) = before
                    {
                        if shown > 0 {
                            writeln!(out)?;
                        }
                        print(
                            &mut out,
                            style,
                            &format!("ply {number} of record {} of {}", u.index, u.shown_file()),
                            b,
                            token,
                            written,
                            trace,
                            after,
                        )?;
                        shown += 1;
                    }
                    before = Some(after);
                }
                Step::RoundOver { .. } | Step::MatchOver { .. } => {}
            }
        }
        out.flush()?;
        validate::report(&u, crate::cli::Format::Text, &mut out)?;
        if !u.valid() {
            outcome = Verdict::Invalid;
        } else if shown == 0 {
            let why = match args.ply {
                Some(n) => format!("has {}: there is no ply {n}", validate::plies(plies)),
                None => "has no plies: there is nothing to explain".to_owned(),
            };
            failure = Some(CliError::Usage(format!(
                "record {} of {} {why}",
                u.index, u.file
            )));
        }
        Ok(())
    })?;
    out.flush()?;
    if let Some(e) = failure {
        return Err(e);
    }
    if !found {
        return Err(CliError::Usage(format!(
            "{} has no record {}",
            name.shown(),
            args.record
        )));
    }
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules an explanation records as cited are those its words cite (ranges spelt out),
    /// for every ply of the corpus: the "rules cited" line needs no reading of the words.
    fn assert_cites_are_the_words(before: &Position, trace: &Trace, after: &Position, at: &str) {
        let book = rulebook::book();
        let e = rules_core::prose::explanation(before, trace, after);
        let mut in_words: Vec<String> = Vec::new();
        for c in e.lines.iter().flat_map(|l| rulebook::citations(l)) {
            let rules = match &c.last {
                Some(last) => book.range(&c.id, last).unwrap_or_default(),
                None => book.rule(&c.id).into_iter().collect(),
            };
            for r in rules {
                if !in_words.contains(&r.id) {
                    in_words.push(r.id.clone());
                }
            }
        }
        in_words.sort_by_key(|id| book.rules().position(|x| x.id == *id));
        assert_eq!(cited(&e.cites), in_words, "{at}: {:?}", e.lines);
    }

    /// Following the seeds of every ply of the corpus from the position before it gives the
    /// position after it (penalty claims aside, which replay another ply): so the counts
    /// `explain` prints before and after every seed are the board's. Its explanation cites the
    /// rules it records.
    #[test]
    fn the_seeds_followed_through_every_corpus_ply_give_the_board_after_it() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
        let mut plies = 0;
        for dir in ["ok", "lenient"] {
            for e in std::fs::read_dir(root.join(dir)).unwrap() {
                let path = e.unwrap().path();
                let bytes = std::fs::read(&path).unwrap();
                for chunk in notation::RecordReader::new(&bytes[..]) {
                    let parsed = notation::parse_record(&chunk.unwrap().text).unwrap();
                    let checked = notation::check_with(
                        &parsed.record,
                        None,
                        notation::CheckOptions {
                            steps: true,
                            canonical: true,
                            lenient: true,
                        },
                    );
                    let mut before: Option<&Position> = None;
                    for step in &checked.steps {
                        match step {
                            Step::Start { position } | Step::Round { position, .. } => {
                                before = Some(position);
                            }
                            Step::Ply {
                                token,
                                trace,
                                after,
                                ..
                            } => {
                                let at = format!("{}: {token}", path.display());
                                assert_cites_are_the_words(before.unwrap(), trace, after, &at);
                                if !token.starts_with('p') {
                                    let end = rules_core::prose::follow(before.unwrap(), trace);
                                    assert_eq!(
                                        end,
                                        Some(after.to_setup().seeds),
                                        "{}: {token}",
                                        path.display()
                                    );
                                    plies += 1;
                                }
                                before = Some(after);
                            }
                            _ => {}
                        }
                    }
                }
            }
        }
        assert!(plies > 1000, "{plies}");
    }
}
