//! `mancala explain`: one ply, seed by seed, in plain English, with the rule behind every step.
//!
//! The explanation is read from the ply's trace (the events the rules core records while it
//! plays: laps, seeds, captures, marks, notes, who moves next) together with the position before
//! the ply. Following the seeds on a copy of the board gives what every hole held before each
//! seed, which says why a lap relays or stops and why a capture is made; the rules core's notes
//! give the reasons it states itself (an odd count, an empty opposite hole, a far end, a right).

use crate::board;
use crate::cli::{ExplainArgs, From};
use crate::exit::{CliError, Outcome};
use crate::input;
use crate::position_cmd;
use crate::style::{Paint, Style};
use crate::validate;
use notation::{Step, write_position};
use rules_core::{Dir, Event, GameKind, MarkKind, Move, Player, Position, Trace};
use std::io::Write;

fn dir_words(dir: Dir) -> &'static str {
    match dir {
        Dir::Ccw => "counterclockwise (+)",
        Dir::Cw => "clockwise (-)",
    }
}

/// "all 7 seeds", "the single seed".
fn all_seeds(n: u32) -> String {
    if n == 1 {
        "the single seed".to_owned()
    } else {
        format!("all {n} seeds")
    }
}

fn seeds_word(n: u32) -> String {
    if n == 1 {
        "1 seed".to_owned()
    } else {
        format!("{n} seeds")
    }
}

/// Upper-cases the first letter of a sentence.
fn sentence(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// The seeds on the board after the events of `trace`, followed from `before`; `None` when the
/// trace does not describe the board change seed by seed (a Redu penalty, which replays another
/// ply).
fn follow(before: &Position, trace: &Trace) -> Option<Vec<u32>> {
    let s = before.to_setup();
    let g = s.geometry();
    let mut seeds = s.seeds.clone();
    for e in &trace.events {
        match e {
            Event::Lift { hole, seeds: n, .. } => {
                let i = g.index(*hole)?;
                seeds[i] = seeds[i].checked_sub(*n)?;
            }
            Event::Gather { holes, .. } => {
                for h in holes {
                    let i = g.index(*h)?;
                    seeds[i] = seeds[i].checked_sub(1)?;
                }
            }
            Event::Sow { hole } => seeds[g.index(*hole)?] += 1,
            Event::Capture { hole, seeds: n, .. } => {
                let i = g.index(*hole)?;
                seeds[i] = seeds[i].checked_sub(*n)?;
            }
            _ => {}
        }
    }
    Some(seeds)
}

/// The explanation of one ply, one paragraph line per step.
#[allow(clippy::too_many_lines)]
pub fn explain(before: &Position, trace: &Trace, after: &Position) -> Vec<String> {
    let s = before.to_setup();
    let g = s.geometry();
    let kind = before.variant().kind();
    let mover = before.to_move();
    let counts = follow(before, trace).is_some_and(|end| end == after.to_setup().seeds);
    let mut seeds = s.seeds.clone();
    let mut marks = s.marks.clone();
    let owner = |i: usize| s.owner(i);
    let mut out: Vec<String> = Vec::new();
    let mut lap = 0u32;
    let mut seed_no = 0u32;
    // The hole of the last seed sown and what it held before that seed.
    let mut last: Option<(usize, u32)> = None;
    let mut sown_in_opponents_row = false;
    let mut first_g15 = true;
    let whose = |i: usize| -> String {
        let o = owner(i);
        if o == mover {
            format!("{mover}'s own")
        } else {
            format!("{o}'s")
        }
    };
    for (k, e) in trace.events.iter().enumerate() {
        match e {
            Event::Lift {
                hole,
                seeds: n,
                dir,
                relay,
                rule,
            } => {
                let Some(i) = g.index(*hole) else { continue };
                lap += 1;
                seed_no = 0;
                if *relay {
                    let held = last.filter(|(j, _)| *j == i).map_or(0, |(_, h)| h);
                    let why = match kind {
                        GameKind::Giuthi => format!(
                            "not empty, so the sowing goes on (G8): all {} of {hole} are lifted and sown as lap {lap}, in the opposite direction, {}",
                            seeds_word(*n),
                            dir_words(*dir)
                        ),
                        GameKind::SulusNishtaw => {
                            let opening = trace
                                .events
                                .iter()
                                .any(|e| matches!(e, Event::Note { rule: "S5", .. }));
                            let claimable = owner(i) != mover && held == 3;
                            format!(
                                "it is occupied and not claimed{}, so the sowing goes on ({rule}): all {} of {hole} are lifted and sown as lap {lap}, {}",
                                if claimable && opening {
                                    "; it is the opponent's and held 3, but no hole is claimed during the opening (S5)"
                                } else if owner(i) == mover && held == 3 {
                                    "; it is the mover's own, so going from 3 to 4 claims nothing (S8)"
                                } else {
                                    ""
                                },
                                seeds_word(*n),
                                dir_words(*dir)
                            )
                        }
                        GameKind::Uugg => format!(
                            "it is not an uugg, it was not empty{}, so the sowing goes on ({rule}): all {} of {hole} are lifted and sown as lap {lap}, {}",
                            if owner(i) == mover && held == 3 {
                                ", and it is the mover's own, so going from 3 to 4 makes no uugg (U7)".to_owned()
                            } else if owner(i) != mover {
                                format!(", and it held {held}, not 3, so it is no uagga")
                            } else {
                                String::new()
                            },
                            seeds_word(*n),
                            dir_words(*dir)
                        ),
                        _ => format!(
                            "so all {} of {hole} are lifted and sown as lap {lap}, {} ({rule})",
                            seeds_word(*n),
                            dir_words(*dir)
                        ),
                    };
                    out.push(format!(
                        "The last seed of lap {} fell in {hole}, which held {held} before it: {why}.",
                        lap - 1
                    ));
                } else {
                    let k_no = hole.number;
                    let intro = match *rule {
                        "B6" => {
                            let side = if g.per_side() == 3 && k_no == 2 {
                                "the middle hole of the 2x3 board, which sows in the direction the mover chooses".to_owned()
                            } else if k_no <= 2 {
                                format!(
                                    "{mover}'s hole {k_no}, a left-hand hole: holes 1 and 2 sow clockwise"
                                )
                            } else {
                                format!(
                                    "{mover}'s hole {k_no}, a right-hand hole: holes {} sow counterclockwise",
                                    if g.per_side() == 3 { "3" } else { "3 and 4" }
                                )
                            };
                            format!(
                                "{mover} lifts {} of {hole}. {hole} is {side} (B4), so the seeds go {}. The first seed goes back into {hole} itself, then one into each following hole (B6){}.",
                                all_seeds(*n),
                                dir_words(*dir),
                                if marks
                                    .iter()
                                    .any(|m| m.is_some_and(|m| m.kind == MarkKind::Blocked))
                                {
                                    "; blocked holes are skipped (B7)"
                                } else {
                                    ""
                                }
                            )
                        }
                        "G6" => format!(
                            "{mover} lifts {} of {hole}, an own hole with at least 2 seeds (G4), and sows them {}, the direction he chose, one per hole from the next hole (G6).",
                            all_seeds(*n),
                            dir_words(*dir)
                        ),
                        "S7" => format!(
                            "{mover} lifts {} of {hole}, an unclaimed hole of his territory (S7), and sows them {}, one per hole from the next hole of the cycle (S7, S11).",
                            all_seeds(*n),
                            dir_words(*dir)
                        ),
                        "U2" => format!(
                            "{mover} lifts {} of {hole}, a hole of his that is not an uugg (U2), and sows them {}, one per hole from the next hole (U2, U4).",
                            all_seeds(*n),
                            dir_words(*dir)
                        ),
                        "R4" => format!(
                            "{mover} lifts the lone seed of {hole}; a single seed goes into the opposite hole (R4)."
                        ),
                        "R6" => format!(
                            "{mover} lifts the 2 seeds of {hole} and sows them {}: the first into the hole opposite the adjacent one, the second into the adjacent one (R6, R7).",
                            dir_words(*dir)
                        ),
                        "R15" => format!(
                            "{mover} lifts {} of {hole} and sows them in zigzag {}, column by column: in each column the entry hole, then the other one; the start column is never sown again (R10, R14, R15).",
                            all_seeds(*n),
                            dir_words(*dir)
                        ),
                        "U9" | "U12" => {
                            format!("{mover} lifts the lone seed of {hole} for a balla ({rule}).")
                        }
                        r => format!(
                            "{mover} lifts {} of {hole} and sows them {} ({r}).",
                            all_seeds(*n),
                            dir_words(*dir)
                        ),
                    };
                    out.push(intro);
                }
                seeds[i] -= (*n).min(seeds[i]);
                last = None;
            }
            Event::Gather {
                holes,
                seeds: n,
                dir,
                rule,
            } => {
                lap += 1;
                seed_no = 0;
                let names: Vec<String> = holes.iter().map(ToString::to_string).collect();
                out.push(if kind == GameKind::Redu {
                    format!(
                        "{mover} lifts the two singletons {} together and sows their 2 seeds {} as a 2-seed sowing from {} ({rule}, R6).",
                        names.join(" and "),
                        dir_words(*dir),
                        names.last().map_or("", String::as_str)
                    )
                } else {
                    format!(
                        "The opening: {mover} takes one seed from each of {} ({} in all) and sows them {}, starting in the hole after the last of them ({rule}).",
                        names.join(" "),
                        n,
                        dir_words(*dir)
                    )
                });
                for h in holes {
                    if let Some(i) = g.index(*h) {
                        seeds[i] = seeds[i].saturating_sub(1);
                    }
                }
                last = None;
            }
            Event::Sow { hole } => {
                let Some(i) = g.index(*hole) else { continue };
                seed_no += 1;
                let held = seeds[i];
                seeds[i] += 1;
                if owner(i) != mover {
                    sown_in_opponents_row = true;
                }
                let mut l = format!("  seed #{seed_no} into {hole} ({} hole)", whose(i));
                if counts {
                    l.push_str(&format!(": {held} -> {}", seeds[i]));
                }
                if marks[i].is_some() {
                    let m = marks[i].expect("checked");
                    let what = match m.kind {
                        MarkKind::Chosen => "chosen".to_owned(),
                        MarkKind::Blocked => "blocked".to_owned(),
                        MarkKind::Claim => format!("claimed by {}", m.owner),
                        MarkKind::Uugg => format!("an uugg of {}", m.owner),
                    };
                    l.push_str(&format!(" [{what}]"));
                }
                // The last seed of a lap: no other seed falls before the next lap.
                let more = trace.events[k + 1..]
                    .iter()
                    .take_while(|e| !matches!(e, Event::Lift { .. } | Event::Gather { .. }))
                    .any(|e| matches!(e, Event::Sow { .. }));
                if !more {
                    l.push_str("  (last seed of the lap)");
                }
                out.push(l);
                last = Some((i, held));
            }
            Event::Capture {
                hole,
                seeds: n,
                player,
                rule,
            } => {
                let Some(i) = g.index(*hole) else { continue };
                let text = match *rule {
                    "B9" => format!(
                        "The last seed fell in {hole}, which now holds {n}, an even number, and is chosen (B2): {player} captures its {} (B9).",
                        seeds_word(*n)
                    ),
                    "B10" => format!(
                        "The next hole in the direction of the sowing, {hole}, holds {n}, an even number of at least 2, and is chosen: {player} captures it too (B10)."
                    ),
                    "G15" if last.is_some_and(|(j, _)| j == i) => {
                        format!("{player} also takes the last seed, in {hole} (G15).")
                    }
                    "G15" => {
                        let lead = if first_g15 {
                            first_g15 = false;
                            let (j, _) = last.unwrap_or((i, 0));
                            format!(
                                "The last seed fell in {}, an own hole that was empty before it, and {} of this move fell in the opponent's row (G12): ",
                                g.hole(j),
                                if sown_in_opponents_row {
                                    "a seed"
                                } else {
                                    "no seed"
                                }
                            )
                        } else {
                            String::new()
                        };
                        format!(
                            "{lead}the opposite hole {hole} holds {n}, so {player} captures {} (G15).",
                            if *n == 1 { "it" } else { "them" }
                        )
                    }
                    "G17" => {
                        let own = g
                            .opposite(i)
                            .map_or_else(String::new, |o| g.hole(o).to_string());
                        format!(
                            "The next hole of {player}'s row in the direction of the last lap, {own}, is empty and its opposite {hole} holds {n}: {player} captures them too (G17)."
                        )
                    }
                    "S9" => format!(
                        "Tax: {player} takes {} from {hole}, the last seed{} (S9).",
                        seeds_word(*n),
                        if *n > 1 {
                            " and one seed the hole held"
                        } else {
                            " alone, as the hole was empty before it"
                        }
                    ),
                    r => format!("{player} captures {} from {hole} ({r}).", seeds_word(*n)),
                };
                out.push(text);
                seeds[i] = seeds[i].saturating_sub(*n);
            }
            Event::Mark { hole, mark, rule } => {
                if let Some(i) = g.index(*hole) {
                    marks[i] = Some(*mark);
                }
                out.push(match mark.kind {
                    MarkKind::Chosen => format!(
                        "{hole} is now chosen: a move has started from it this round, so its seeds can be captured (B2)."
                    ),
                    MarkKind::Blocked => format!("{hole} is blocked ({rule})."),
                    MarkKind::Claim => format!(
                        "{hole} becomes a claimed hole of {}: nobody sows from it, and its seeds count for its creator ({rule}, S16).",
                        mark.owner
                    ),
                    MarkKind::Uugg => format!(
                        "{hole} becomes an uugg of {}: nobody sows from it, and its seeds count for {} ({rule}, U8).",
                        mark.owner, mark.owner
                    ),
                });
            }
            Event::Note { rule, text } => out.push(format!("{} ({rule}).", sentence(text))),
            Event::Pass { player, rule } => {
                let why = match *rule {
                    "B5" => ": none of his holes holds 2 seeds or more (B4)",
                    "G5" => {
                        ": none of his holes holds 2 seeds or more, or every start of his never ends (G4, G10)"
                    }
                    "U14" => {
                        ": every hole of his is empty or an uugg, or every start of his never ends (U2, U15)"
                    }
                    _ => "",
                };
                out.push(format!(
                    "{player} has no legal move{why}, so he passes, and the pass is a ply ({rule})."
                ));
            }
            Event::Next {
                player,
                repeat,
                rule,
            } => {
                if *repeat {
                    out.push(format!("{player} moves again ({rule})."));
                } else {
                    out.push(format!("The turn passes to {player} ({rule})."));
                }
            }
        }
    }
    let c = trace.captured();
    if c != [0, 0] {
        let parts: Vec<String> = Player::BOTH
            .iter()
            .filter(|p| c[p.index()] > 0)
            .map(|p| format!("{p} captured {}", seeds_word(c[p.index()])))
            .collect();
        out.push(format!("In all, {} in this ply.", parts.join(" and ")));
    } else if trace.events.iter().any(|e| matches!(e, Event::Sow { .. })) {
        out.push("Nothing was captured in this ply.".to_owned());
    }
    let a = after.to_setup();
    out.push(format!("Stores: A {}, B {}.", a.stores[0], a.stores[1]));
    match after.round_result() {
        Some(r) => out.push(format!(
            "The round is over ({}): round totals A {}, B {}; holdings A {}, B {}.",
            r.rule, r.totals[0], r.totals[1], r.holdings[0], r.holdings[1]
        )),
        None => {
            if let Some(rl) = position_cmd::right_line(after) {
                out.push(format!("{}.", sentence(&rl)));
            }
            out.push(format!("{} to move.", after.to_move()));
        }
    }
    out
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
    writeln!(out, "{}", style.paint(Paint::Heading, &head))?;
    writeln!(
        out,
        "before: {}",
        style.paint(Paint::Dim, &write_position(&before.to_setup()))
    )?;
    write!(out, "{}", board::draw_styled(before, "  ", style))?;
    writeln!(out)?;
    let lines = explain(before, trace, after);
    for line in &lines {
        writeln!(out, "{}", style.rules(line))?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "after: {}",
        style.paint(Paint::Dim, &write_position(&after.to_setup()))
    )?;
    write!(out, "{}", board::draw_styled(after, "  ", style))?;
    let ids = cited(&lines);
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

/// The rule IDs an explanation cites, each once, in the rule book's order (ranges spelt out).
pub fn cited(lines: &[String]) -> Vec<String> {
    let book = rulebook::book();
    let mut ids: Vec<&rulebook::Rule> = Vec::new();
    for c in lines.iter().flat_map(|l| rulebook::citations(l)) {
        let rules = match &c.last {
            Some(last) => book.range(&c.id, last).unwrap_or_default(),
            None => book.rule(&c.id).into_iter().collect(),
        };
        for r in rules {
            if !ids.iter().any(|x| x.id == r.id) {
                ids.push(r);
            }
        }
    }
    let order = |r: &rulebook::Rule| book.rules().position(|x| x.id == r.id);
    ids.sort_by_key(|r| order(r));
    ids.into_iter().map(|r| r.id.clone()).collect()
}

pub fn run(args: &ExplainArgs, style: Style) -> Result<Outcome, CliError> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if let (Some(text), Some(token)) = (&args.position, &args.mv) {
        let opts = position_cmd::options(&args.options, text)?;
        let before = match position_cmd::parse(text, &opts) {
            Ok(p) => p,
            Err(m) => {
                position_cmd::report_position(&m);
                return Ok(Outcome::Invalid);
            }
        };
        let mv: Move = match notation::parse_move(before.variant().kind(), token) {
            Ok(m) => m,
            Err(e) => {
                crate::diag::error(&e.message);
                return Ok(Outcome::Invalid);
            }
        };
        let played = if args.lenient {
            before.play_lenient(&mv, None)
        } else {
            before.play(&mv)
        };
        let played = match played {
            Ok(p) => p,
            Err(e) => {
                crate::diag::error(&e);
                if let Some(see) = notation::see(Some(e.rule)) {
                    crate::diag::see(&see);
                }
                return Ok(Outcome::Invalid);
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
        return Ok(Outcome::Valid);
    }
    let name = args.file.clone().unwrap_or_else(|| "-".to_owned());
    let reader = input::open(&name).map_err(CliError::Io)?;
    let mut found = false;
    let mut outcome = Outcome::Valid;
    let mut failure: Option<CliError> = None;
    let opts = notation::CheckOptions {
        lenient: args.lenient,
        ..input::REPLAY
    };
    input::each_record(&name, reader, From::Notation, opts, |u| {
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
            outcome = Outcome::Invalid;
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
            input::display(&name),
            args.record
        )));
    }
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Following the seeds of every ply of the corpus from the position before it gives the
    /// position after it (penalty claims aside, which replay another ply): so the counts
    /// `explain` prints before and after every seed are the board's.
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
                                if !token.starts_with('p') {
                                    let end = follow(before.unwrap(), trace);
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
