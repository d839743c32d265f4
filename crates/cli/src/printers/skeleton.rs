//! `mancala play --format mgn`: the moves of the command line as a complete, valid record
//! (issue 26): the mandatory tags (Notation, Game, Options, Opener), a Position tag when it does
//! not start at round 1, the plies numbered, the round markers and the result, in the canonical
//! notation (spec/notation.md §10.2), so that nobody has to learn the tags by failing.
//!
//! The record is checked by the notation's own checker, as `validate` checks a file: an illegal
//! move is reported with its ply and rule, and nothing is printed. Where a round ends and moves
//! follow, a round marker is written: `<round N>` where the next set-up needs no decision (Uugg,
//! Sulus Nishtaw, equal holdings); a decision (Bechi's fill, Giuthi's layout) is given as a MOVE
//! argument in the notation's own form, `'<round 2 fill 4A,3A>'`.

use crate::cli::PlayArgs;
use crate::inputs::position::{self, Bad, Given};
use crate::outputs::exit::{CliError, Verdict};
use notation::{CheckOptions, Checked, Item, Origin, Outcome, Record, Step};
use rules_core::{Decision, GameKind};
use std::io::Write;

/// The shown name of the command line's moves in messages.
const ORIGIN: &str = "<moves>";

/// Reads a round marker argument (`<round 2 fill 4A,3A>`) with the notation's own parser.
fn round_marker(game: GameKind, arg: &str) -> Result<Item, CliError> {
    let text = format!(
        "[Notation \"{}\"]\n[Game \"{}\"]\n[Opener \"B\"]\n\n{arg} *\n",
        notation::VERSION,
        game.name()
    );
    let bad = |why: &str| {
        CliError::Usage(format!(
            "`{arg}` is not a round marker such as <round 2> or <round 2 fill 4A,3A>: {why}"
        ))
    };
    let parsed = notation::parse_record(&text).map_err(|problems| {
        bad(&problems
            .first()
            .map_or_else(String::new, ToString::to_string))
    })?;
    match parsed.record.movetext.as_slice() {
        [item @ Item::Round { .. }] => Ok(item.clone()),
        _ => Err(bad("give one marker per argument")),
    }
}

/// The record's header: the start of round 1 of a game named, or a Position tag.
fn header(args: &PlayArgs) -> Result<Record, CliError> {
    if args.position == "-" {
        return Err(CliError::Usage(
            "--format mgn writes one record: give the game (or a position) and the moves on the command line, not -".to_owned(),
        ));
    }
    let given = Given::new(&args.options.options, args.options.opener.as_deref())?;
    let pos = position::read(&args.position, &given).map_err(|e| match e {
        Bad::Usage(m) => CliError::Usage(m),
        Bad::Invalid(i) => CliError::Invalid(i.to_string()),
    })?;
    let v = pos.view();
    if position::game_name(&args.position).is_some() {
        return Ok(Record::new(v.variant(), v.to_move()));
    }
    let mut record = Record::new(v.variant(), v.opener().unwrap_or(v.to_move()));
    record.position = Some(notation::write_view(v));
    Ok(record)
}

/// Checks the record as it stands, with its steps.
fn replay(record: &Record) -> Checked {
    notation::check_with(
        record,
        None,
        CheckOptions {
            steps: true,
            canonical: true,
            lenient: false,
        },
    )
}

/// The round that is over at the end of the record, when another must start before a ply.
fn round_over(checked: &Checked) -> Option<u32> {
    match checked.steps.last() {
        Some(Step::RoundOver { round, .. }) => Some(*round),
        _ => None,
    }
}

/// The movetext of the arguments, with a `<round N>` marker inserted where a round is over
/// before a ply and the user gave none. Stops at the first problem, which the final check
/// reports.
fn movetext(record: &mut Record, moves: &[String]) -> Result<(), CliError> {
    let game = record.game();
    for arg in moves {
        if arg.trim_start().starts_with('<') {
            record.movetext.push(round_marker(game, arg.trim())?);
            continue;
        }
        let checked = replay(record);
        if !checked.problems.is_empty() {
            break;
        }
        if let Some(round) = round_over(&checked) {
            record.movetext.push(Item::Round {
                round: round + 1,
                decision: Decision::None,
            });
        }
        record.movetext.push(Item::Ply {
            number: None,
            token: arg.clone(),
        });
    }
    Ok(())
}

/// Runs `play --format mgn`.
pub(crate) fn run(args: &PlayArgs) -> Result<Verdict, CliError> {
    let mut record = header(args)?;
    movetext(&mut record, &args.moves)?;
    let mut checked = replay(&record);
    // The result: the match's, when the moves end it.
    if let Some(Step::MatchOver { result }) = checked.steps.last() {
        record.result = Outcome::of_winner(result.winner);
        checked = replay(&record);
    }
    let Some(canonical) = checked
        .canonical
        .as_ref()
        .filter(|_| checked.problems.is_empty())
    else {
        let o = Origin {
            file: ORIGIN,
            record: 1,
            first_line: 1,
            text: None,
        };
        for p in &checked.problems {
            crate::outputs::diag::text(&format!("{}\n", o.render(p)));
        }
        if round_over(&checked).is_some() || needs_decision(&checked) {
            crate::outputs::diag::note(
                "a round's set-up decision is a MOVE argument in the notation's form: '<round 2 fill 4A,3A>' (Bechi), '<round 2 layout 1,2,3,4,5>' (Giuthi)",
            );
        }
        return Ok(Verdict::Invalid);
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    out.write_all(notation::print_record(canonical).as_bytes())?;
    out.flush()?;
    Ok(Verdict::Valid)
}

/// Whether a problem is a round marker that lacks its set-up decision.
fn needs_decision(checked: &Checked) -> bool {
    checked
        .problems
        .iter()
        .any(|p| p.kind == notation::ProblemKind::Round)
}
