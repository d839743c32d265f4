//! `mancala match`: the match of Bechi solved (spec/analysis.md §10): the value of the start, of
//! a state between two rounds, or of a position in a round, with a line of best play.

use crate::cli::{Format, MatchArgs, MatchMethod};
use crate::outputs::exit::{CliError, Verdict as Exit};
use analysis::matches::{
    Between, ExactStats, LineRound, MatchOutcome, MatchSolution, MatchState, Questions,
    SearchRounds, StateValue, position_value, solve_by_search, solve_exact,
};
use analysis::search::Oracle;
use notation::{write_position, write_view};
use rules_core::{Decision, GameKind, Player, Position, Variant};
use serde_json::json;
use std::io::{IsTerminal, Write};
use std::time::Instant;

/// What the command values.
enum Asked {
    /// A state between two rounds (the start is one).
    State(MatchState),
    /// A position in a round.
    Position(Position),
}

/// The variant and what to value, from the arguments.
fn asked(args: &MatchArgs) -> Result<Option<(Variant, Asked)>, CliError> {
    let game: GameKind = args
        .game
        .parse()
        .map_err(|e: rules_core::UnknownGame| CliError::Usage(e.to_string()))?;
    analysis::solve::guard("match", game).map_err(CliError::Usage)?;
    let given = crate::inputs::position::Given::new(&args.options, args.opener.as_deref())?;
    if let Some(text) = &args.position {
        let Some(p) = crate::inputs::position::read_or_report(text, &given)? else {
            return Ok(None);
        };
        analysis::solve::guard("match", p.variant().kind())
            .map_err(|e| CliError::Usage(format!("{e} (the game of --position)")))?;
        return Ok(Some((p.variant(), Asked::Position(p))));
    }
    let variant = crate::inputs::option_args::variant(game, &given.options, |k, v, e| {
        format!("bad --option {k}={v}: {e}")
    })?;
    let opener = given.opener.unwrap_or(Player::B);
    let Some(text) = &args.holdings else {
        return Ok(Some((
            variant,
            Asked::State(MatchState::start(variant, opener)),
        )));
    };
    let total = variant.total_seeds();
    let bad = || {
        CliError::Usage(format!(
            "bad --holdings `{text}`: expected A's and B's holdings, such as {},{}, adding up to {total}",
            total / 2 + 3,
            total / 2 - 3
        ))
    };
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let h = [
        a.trim().parse::<u32>().map_err(|_| bad())?,
        b.trim().parse::<u32>().map_err(|_| bad())?,
    ];
    if h[0].checked_add(h[1]) != Some(total) {
        return Err(bad());
    }
    match MatchState::after(variant, h, opener).map_err(CliError::Usage)? {
        Between::Next(st) => Ok(Some((variant, Asked::State(st)))),
        Between::Over(w) => Err(CliError::Usage(format!(
            "--holdings {text}: the match is over, {} holds fewer than 6 seeds and {w} has won \
             (B15)",
            w.other()
        ))),
    }
}

/// The figures of the solve, for text and JSON.
enum Figures<'a> {
    Exact(ExactStats),
    Search {
        questions: Questions,
        rounds: Box<SearchRounds<'a>>,
    },
}

fn solve<'a>(
    variant: Variant,
    args: &MatchArgs,
    oracle: Option<&'a dyn Oracle>,
) -> Result<(MatchSolution, Figures<'a>), CliError> {
    let show = std::io::stderr().is_terminal();
    let mut progress = |m: &str| {
        if show {
            crate::outputs::diag::note(format_args!("match: {m}"));
        }
    };
    let retrograde = match args.method {
        MatchMethod::Retrograde => true,
        MatchMethod::Search => false,
        MatchMethod::Auto => variant.geometry().per_side() <= 3,
    };
    if retrograde {
        let (s, stats) =
            solve_exact(variant, args.max_positions, &mut progress).map_err(CliError::Usage)?;
        return Ok((s, Figures::Exact(stats)));
    }
    let mut rounds = Box::new(SearchRounds::new(
        args.hash,
        oracle,
        !args.no_symmetry,
        args.max_positions,
    ));
    let (s, questions) =
        solve_by_search(variant, rounds.as_mut(), &mut progress).map_err(CliError::Usage)?;
    Ok((s, Figures::Search { questions, rounds }))
}

/// The holes the poorer player fills (B16), or `null` when both fill every hole.
fn fill_json(decision: &Decision) -> serde_json::Value {
    match decision {
        Decision::Fill(holes) => json!(holes.iter().map(ToString::to_string).collect::<Vec<_>>()),
        _ => serde_json::Value::Null,
    }
}

fn state_json(sv: &StateValue) -> serde_json::Value {
    let set_ups: Vec<serde_json::Value> = sv
        .set_ups
        .iter()
        .map(|u| {
            json!({
                "fill": fill_json(&u.set_up.decision),
                "start": write_view(u.set_up.start.view()),
                "value": u.value,
                "best": u.best,
            })
        })
        .collect();
    json!({
        "holdings": sv.state.holdings,
        "opener": sv.state.opener,
        "chooser": sv.chooser,
        "value": sv.value,
        "set_ups": set_ups,
    })
}

fn after_json(r: &LineRound) -> serde_json::Value {
    match r.after {
        Some(Between::Next(m)) => json!({"holdings": m.holdings, "opener": m.opener}),
        Some(Between::Over(w)) => json!({"winner": w}),
        None => serde_json::Value::Null,
    }
}

/// Positions the searches of round starts visited; a start taken from its mirror image was not
/// searched, and its nodes are its twin's.
fn searched_nodes(rounds: &SearchRounds<'_>) -> u64 {
    rounds
        .starts
        .iter()
        .filter(|r| !r.by_symmetry)
        .map(|r| r.value.nodes)
        .sum()
}

fn figures_json(f: &Figures<'_>) -> serde_json::Value {
    match f {
        Figures::Exact(s) => json!({
            "round_starts": s.graphs,
            "boards": s.boards,
            "positions": s.positions,
            "moves": s.moves,
        }),
        Figures::Search { questions, rounds } => json!({
            "round_starts": rounds.starts.len(),
            "round_starts_searched": rounds.starts.iter().filter(|r| !r.by_symmetry).count(),
            "round_start_nodes": searched_nodes(rounds),
            "questions": questions.asked,
            "settled_by_margins": questions.by_margin,
            "forcing": rounds.stats,
        }),
    }
}

/// Counts of states by outcome: A wins, B wins, endless.
fn counts(s: &MatchSolution) -> [usize; 3] {
    let mut c = [0; 3];
    for sv in &s.states {
        c[match sv.value.winner() {
            Some(Player::A) => 0,
            Some(Player::B) => 1,
            None => 2,
        }] += 1;
    }
    c
}

fn outcome_words(v: MatchOutcome) -> String {
    match v {
        MatchOutcome::Win { .. } => format!("{v} (exact)"),
        MatchOutcome::Endless => "endless: neither player can force a win, and the match never \
             ends with best play (no winner, bechi.md §6; counted as a win for either player \
             under the convention that favours him)"
            .to_owned(),
    }
}

/// The position string of a line's round start, with its round number: the start of the match is
/// round 1; after a state given by its holdings, the first round of the line is round 2 at the
/// earliest, and is written so.
fn start_text(r: &LineRound, round: u32) -> String {
    let mut s = r.set_up.start.to_setup();
    s.round = round;
    write_position(&s)
}

/// The number of the line's first round: 1 from the start of the match, 2 otherwise.
fn first_round(variant: Variant, asked: &Asked) -> u32 {
    match asked {
        Asked::State(st) if MatchState::start(variant, st.opener) == *st => 1,
        _ => 2,
    }
}

fn line_words(k: usize, r: &LineRound) -> String {
    let setup = match &r.set_up.decision {
        Decision::Fill(holes) => format!(
            "{} fills {}",
            holes.first().map_or('?', |h| h.side.letter()),
            r.set_up.words()
        ),
        _ => "every hole filled".to_owned(),
    };
    let totals = r.totals.map_or(
        "its totals on a line of best play were not found (raise --max-positions)".to_owned(),
        |t| format!("round {}-{}", t[0], t[1]),
    );
    let res = r.set_up.reserves();
    let held = r
        .totals
        .map(|t| format!("A {} B {}", res[0] + t[0], res[1] + t[1]));
    let after = match (r.after, held) {
        (Some(Between::Next(_)), Some(h)) => h,
        (Some(Between::Over(w)), Some(h)) => format!(
            "{h}: {} cannot fill a hole (B15), {w} wins the match",
            w.other()
        ),
        _ => return format!("  round {k}: {}; {setup}; {totals}", r.state),
    };
    format!("  round {k}: {}; {setup}; {totals} -> {after}", r.state)
}

fn figures_words(f: &Figures<'_>, seconds: f64) -> String {
    match f {
        Figures::Exact(s) => format!(
            "retrograde analysis: {} round starts, {} boards, {} positions with stores, {} moves, \
             in {seconds:.2} s",
            s.graphs, s.boards, s.positions, s.moves
        ),
        Figures::Search { questions, rounds } => {
            let searched = rounds.starts.iter().filter(|r| !r.by_symmetry).count();
            format!(
                "search: {} round starts ({searched} searched, {} by symmetry; {} positions), {} \
                 questions ({} settled by margins, {} forcing searches of {} positions), in \
                 {seconds:.2} s",
                rounds.starts.len(),
                rounds.starts.len() - searched,
                searched_nodes(rounds),
                questions.asked,
                questions.by_margin,
                rounds.stats.searches,
                rounds.stats.positions
            )
        }
    }
}

fn state_words(sv: &StateValue) -> Vec<String> {
    let mut out = vec![format!("{}: {}", sv.state, sv.value)];
    for u in &sv.set_ups {
        let who = sv.chooser.map_or("each fills every hole".to_owned(), |p| {
            format!("{p} fills {}", u.set_up.words())
        });
        out.push(format!(
            "  {who}: {}{}",
            u.value,
            if u.best && sv.chooser.is_some() {
                " (best)"
            } else {
                ""
            }
        ));
    }
    out
}

fn write_text(
    out: &mut dyn Write,
    s: &MatchSolution,
    asked: &Asked,
    value: MatchOutcome,
    line: &[LineRound],
    show_states: bool,
    figures: &str,
) -> std::io::Result<()> {
    match asked {
        Asked::State(st) => writeln!(
            out,
            "{}: the match from {st}: {}",
            s.variant,
            outcome_words(value)
        )?,
        Asked::Position(p) => writeln!(
            out,
            "{}: the match from {}: {}",
            s.variant,
            write_view(p.view()),
            outcome_words(value)
        )?,
    }
    if !line.is_empty() {
        writeln!(
            out,
            "a line of best play (the first best set-up of each round):"
        )?;
        for (k, r) in line.iter().enumerate() {
            writeln!(out, "{}", line_words(k + 1, r))?;
        }
        if let Some(Between::Next(m)) = line.last().and_then(|r| r.after) {
            writeln!(out, "  {m} again: the match never ends")?;
        }
    }
    let [a, b, e] = counts(s);
    writeln!(
        out,
        "{} states: A wins from {a}, B from {b}, neither from {e}; {} levels",
        s.states.len(),
        s.levels
    )?;
    if show_states {
        for sv in &s.states {
            for l in state_words(sv) {
                writeln!(out, "{l}")?;
            }
        }
    }
    writeln!(out, "{figures}")
}

/// The `data` of the `{"type": "match"}` line (spec/analysis.md §10.4).
fn json_data(
    s: &MatchSolution,
    asked: &Asked,
    value: MatchOutcome,
    line: &[LineRound],
    figures: &Figures<'_>,
    seconds: f64,
) -> serde_json::Value {
    let (state, position) = match asked {
        Asked::State(st) => (json!({"holdings": st.holdings, "opener": st.opener}), None),
        Asked::Position(p) => (serde_json::Value::Null, Some(write_view(p.view()))),
    };
    let first = first_round(s.variant, asked);
    let line: Vec<serde_json::Value> = line
        .iter()
        .zip(first..)
        .map(|(r, round)| {
            json!({
                "state": {"holdings": r.state.holdings, "opener": r.state.opener},
                "fill": fill_json(&r.set_up.decision),
                "start": start_text(r, round),
                "totals": r.totals,
                "after": after_json(r),
            })
        })
        .collect();
    let [a, b, e] = counts(s);
    json!({
        "game": s.variant.to_string(),
        "method": s.method,
        "state": state,
        "position": position,
        "value": value,
        "exact": value != MatchOutcome::Endless,
        "line": line,
        "summary": {"states": s.states.len(), "a_wins": a, "b_wins": b, "endless": e, "levels": s.levels},
        "states": s.states.iter().map(state_json).collect::<Vec<_>>(),
        "figures": figures_json(figures),
        "seconds": seconds,
    })
}

/// Runs `mancala match`: solves the match, values what was asked, writes text or one JSON line.
pub fn run(args: &MatchArgs) -> Result<Exit, CliError> {
    let Some((variant, asked)) = asked(args)? else {
        return Ok(Exit::Invalid);
    };
    let db = args
        .db
        .as_deref()
        .map(crate::commands::analyse::load_db)
        .transpose()?;
    let oracle = db.as_ref().map(|d| d as &dyn Oracle);
    let t = Instant::now();
    let (mut s, figures) = solve(variant, args, oracle)?;
    let (value, line) = match &asked {
        Asked::State(st) => {
            // A solve by search leaves some rounds' totals unknown: play them out.
            if let Err(e) = s.complete_line(st, args.max_positions) {
                crate::outputs::diag::note(format_args!(
                    "match: the line of best play stops short: {e}"
                ));
            }
            let sv = s
                .get(st)
                .ok_or_else(|| CliError::Usage(format!("{st} is not a state of the match")))?;
            (sv.value, s.line(st))
        }
        Asked::Position(p) => (
            position_value(&s, p, args.max_positions).map_err(CliError::Usage)?,
            Vec::new(),
        ),
    };
    let seconds = t.elapsed().as_secs_f64();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match args.format {
        Format::Json => {
            let data = json_data(&s, &asked, value, &line, &figures, seconds);
            writeln!(out, "{}", json!({"type": "match", "data": data}))?;
        }
        Format::Text => write_text(
            &mut out,
            &s,
            &asked,
            value,
            &line,
            args.states,
            &figures_words(&figures, seconds),
        )?,
    }
    out.flush()?;
    Ok(Exit::Valid)
}
