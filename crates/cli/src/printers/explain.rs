//! `mancala explain`: one ply, seed by seed, in plain English, with the rule behind every step.
//!
//! The explanation is read from the ply's trace (the events the rules core records while it
//! plays: laps, seeds, captures, marks, notes, who moves next) together with the position before
//! the ply. Following the seeds on a copy of the board gives what every hole held before each
//! seed, which says why a lap relays or stops and why a capture is made; the rules core's notes
//! give the reasons it states itself (an odd count, an empty opposite hole, a far end, a right).

use crate::outputs::exit::CliError;
use crate::outputs::style::{Paint, Style};
use crate::printers::board;
use notation::write_view;
use rules_core::{Position, Rule, Trace};
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
        style.paint(Paint::Dim, &write_view(before.view()))
    )?;
    write!(out, "{}", board::draw(before, "  ", style))?;
    writeln!(out)?;
    Ok(())
}

/// Prints the explanation of one ply with the boards before and after.
#[allow(clippy::too_many_arguments)]
pub fn print(
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
        style.paint(Paint::Dim, &write_view(after.view()))
    )?;
    write!(out, "{}", board::draw(after, "  ", style))?;
    let ids: Vec<&str> = cited(&explanation.cites).iter().map(|r| r.id()).collect();
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
pub fn print_refused(
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

/// The rules an explanation cites (`rules_core::prose::Explanation::cites`), each once, in the
/// rule book's order.
pub fn cited(rules: &[Rule]) -> Vec<Rule> {
    let mut out = rules.to_vec();
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use notation::Step;

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
        let ids: Vec<String> = cited(&e.cites).iter().map(ToString::to_string).collect();
        assert_eq!(ids, in_words, "{at}: {:?}", e.lines);
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
