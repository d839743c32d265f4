//! One comparison per annotation kind (`spec/notation.md` §6.2): what the annotation states
//! against what the replay reached. Each gives the annotation in its canonical form, or why it
//! does not hold with the rule behind it where one is.

use super::setup_diff::setup_diff;
use super::{Last, Mode, play_in_mode, plural, trace_of};
use crate::annotation::{Annotation, Lap};
use crate::assessment::Eval;
use crate::position::{mark_of, parse_position, read_owners, write_owners};
use crate::write_position;
use rules_core::{Event, Hole, Move, PlayOptions, Player, Position, Right, StatedOptions, Trace};

/// Why an annotation does not hold, with the rule behind it where one is.
pub(super) type Why = (String, Option<rules_core::Rule>);

type Check = Result<Annotation, Why>;

fn bad(msg: impl Into<String>) -> Why {
    (msg.into(), None)
}

/// The point an annotation is checked at.
struct At<'a> {
    pos: &'a Position,
    last: &'a Last,
}

/// The ply the annotation follows: its number, mover, move and trace.
fn last_ply(last: &Last) -> Result<(u32, Player, &Move, &Trace), Why> {
    match last {
        Last::Ply {
            number,
            mover,
            mv,
            before,
            trace,
        } => Ok((*number, *mover, mv, trace_of(before, mv, trace))),
        Last::Start => Err(bad("no ply precedes it: it must follow a ply")),
        Last::Round(r) => Err(bad(format!("it follows the start of round {r}, not a ply"))),
    }
}

/// What the events of `trace` say, one item per event that `f` reads.
fn of_trace<T>(trace: &Trace, f: impl Fn(&Event) -> Option<T>) -> Vec<T> {
    trace.events.iter().filter_map(f).collect()
}

/// Checks one annotation, `key` and its reading `read`, at the point reached; returns its
/// canonical form.
pub(super) fn annotate(
    key: &str,
    read: &Result<Annotation, String>,
    pos: &Position,
    last: &Last,
    options: &StatedOptions,
    mode: Mode<'_>,
) -> Check {
    let annotation = match read {
        Ok(a) => a,
        Err(message) => {
            // These say first that they need a ply, then what is wrong with their value.
            if matches!(key, "taken" | "sown" | "marked") {
                last_ply(last)?;
            }
            return Err(bad(message.clone()));
        }
    };
    let at = At { pos, last };
    match annotation {
        Annotation::Captures(n) => captures(*n, &at),
        Annotation::Taken(want) => taken(want, &at),
        Annotation::Ends(h) => ends(*h, &at),
        Annotation::Laps(want) => laps(want, &at),
        Annotation::Sown(want) => sown(want, &at),
        Annotation::Right(want) => right(*want, &at),
        Annotation::Territories(want) => territories(*want, &at),
        Annotation::Marked(want) => marked(want, &at),
        Annotation::Next(p) => next(*p, &at),
        Annotation::Position(text) => position(text, &at, options),
        Annotation::Moves(want) => moves(want, &at),
        Annotation::Forbidden { token, rule } => forbidden(token, rule, &at, mode),
        Annotation::Totals(want) => scores(*want, true, &at),
        Annotation::Holdings(want) => scores(*want, false, &at),
        Annotation::Owners(text) => owners(text, &at),
        // What an engine says (§6.3) is checked as a comment is: its form, and what the replay
        // alone can tell; the value is not searched again.
        Annotation::Value(_) | Annotation::Judgement(_) => {
            last_ply(last)?;
            Ok(annotation.clone())
        }
        Annotation::Best { token, value } => best(token, *value, &at),
    }
}

fn captures(n: u32, at: &At<'_>) -> Check {
    let (ply, mover, _, trace) = last_ply(at.last)?;
    let got = trace.captured()[mover.index()];
    if got != n {
        return Err(bad(format!(
            "wrong number {n}: ply {ply} captured {}, not {n}",
            plural(got, "seed", "seeds")
        )));
    }
    Ok(Annotation::Captures(n))
}

fn taken(want: &[(Hole, u32)], at: &At<'_>) -> Check {
    let (ply, _, _, trace) = last_ply(at.last)?;
    let got = of_trace(trace, |e| match e {
        Event::Capture { hole, seeds, .. } => Some((*hole, *seeds)),
        _ => None,
    });
    if got != want {
        let detail = want
            .iter()
            .zip(&got)
            .find(|(w, g)| w != g)
            .map(|((wh, wn), (gh, gn))| {
                if wh == gh {
                    format!(": {gn} taken from {gh}, not {wn}")
                } else {
                    format!(": {gh} ({gn}) taken where the annotation says {wh} ({wn})")
                }
            })
            .unwrap_or_default();
        let got = Annotation::Taken(got).value();
        return Err(bad(format!("ply {ply} took {got}{detail}")));
    }
    Ok(Annotation::Taken(want.to_vec()))
}

fn ends(h: Hole, at: &At<'_>) -> Check {
    let (ply, _, _, trace) = last_ply(at.last)?;
    let got = trace.sown().next_back();
    match got {
        None => Err(bad(format!("ply {ply} sowed no seed"))),
        Some(g) if g != h => Err(bad(format!(
            "the last seed of ply {ply} fell in {g}, not {h}"
        ))),
        Some(_) => Ok(Annotation::Ends(h)),
    }
}

/// Why the lap `got` is not the lap `want`, naming the numbers of both.
fn lap_differs(got: &Lap, want: &Lap) -> String {
    let took = |a: &Hole, b: &Hole, n: &u32| {
        format!(
            "took one seed from each of {a} to {b} ({})",
            plural(*n, "seed", "seeds")
        )
    };
    match (got, want) {
        (Lap::Lifted(gh, gn), Lap::Lifted(wh, wn)) => {
            format!("lifted {gn} from {gh}, not {wn} from {wh}")
        }
        (Lap::Gathered(ga, gb, gn), Lap::Gathered(wa, wb, wn)) => {
            format!("{}, not from each of {wa} to {wb} ({wn})", took(ga, gb, gn))
        }
        (Lap::Lifted(gh, gn), Lap::Gathered(wa, wb, wn)) => {
            format!("lifted {gn} from {gh}, not {}", took(wa, wb, wn))
        }
        (Lap::Gathered(ga, gb, gn), Lap::Lifted(wh, wn)) => {
            format!("{}, not lifted {wn} from {wh}", took(ga, gb, gn))
        }
    }
}

fn laps(want: &[Lap], at: &At<'_>) -> Check {
    let (ply, _, _, trace) = last_ply(at.last)?;
    let got = of_trace(trace, |e| match e {
        Event::Lift { hole, seeds, .. } => Some(Lap::Lifted(*hole, *seeds)),
        Event::Gather { holes, seeds, .. } => {
            Some(Lap::Gathered(*holes.first()?, *holes.last()?, *seeds))
        }
        _ => None,
    });
    if got != want {
        let detail = want
            .iter()
            .zip(&got)
            .enumerate()
            .find(|(_, (w, g))| w != g)
            .map(|(k, (w, g))| format!(": lap {} {}", k + 1, lap_differs(g, w)))
            .unwrap_or_else(|| format!(": {} laps, not {}", got.len(), want.len()));
        let got = Annotation::Laps(got).value();
        return Err(bad(format!("ply {ply} sowed {got}{detail}")));
    }
    Ok(Annotation::Laps(want.to_vec()))
}

fn sown(want: &[Hole], at: &At<'_>) -> Check {
    let (ply, _, _, trace) = last_ply(at.last)?;
    let got: Vec<Hole> = trace.sown().collect();
    if got != want {
        let detail = match want.iter().zip(&got).position(|(w, g)| w != g) {
            Some(k) => format!(": seed #{} fell in {}, not {}", k + 1, got[k], want[k]),
            None => format!(
                ": {}, not {}",
                plural(got.len() as u32, "seed", "seeds"),
                want.len()
            ),
        };
        let got = Annotation::Sown(got).value();
        return Err(bad(format!("ply {ply} sowed {got}{detail}")));
    }
    Ok(Annotation::Sown(want.to_vec()))
}

fn right(want: Option<Right>, at: &At<'_>) -> Check {
    let got = at.pos.view().right();
    if got != want {
        // The rule that creates (or would create) the right, when the last ply says.
        let rule = last_ply(at.last).ok().and_then(|(.., trace)| {
            trace.events.iter().find_map(|e| match e {
                Event::Note { rule, note } if note.decides_right() => Some(*rule),
                _ => None,
            })
        });
        let holder = at.pos.to_move();
        let want = Annotation::Right(want).value();
        return Err((
            match got {
                Some(r) => format!(
                    "the pending right is {r} ({holder}'s, on the seed in {}), not {want}",
                    r.hole,
                ),
                None => format!("no right is pending, not {want}"),
            },
            rule,
        ));
    }
    Ok(Annotation::Right(want))
}

fn territories(want: [u32; 2], at: &At<'_>) -> Check {
    let v = at.pos.view();
    let n = v.seeds().len();
    let got = Player::BOTH.map(|p| (0..n).filter(|&i| v.owner(i) == p).count() as u32);
    for (k, p) in Player::BOTH.iter().enumerate() {
        if got[k] != want[k] {
            return Err(bad(format!(
                "wrong number {}: {p} owns {}, not {}",
                want[k],
                plural(got[k], "hole", "holes"),
                want[k]
            )));
        }
    }
    Ok(Annotation::Territories(want))
}

fn marked(written: &[(Hole, char)], at: &At<'_>) -> Check {
    let (ply, _, _, trace) = last_ply(at.last)?;
    let g = at.pos.geometry();
    let got = of_trace(trace, |e| match e {
        Event::Mark { hole, mark, .. } => Some((*hole, mark.letter())),
        _ => None,
    });
    let mut want = Vec::with_capacity(written.len());
    for &(hole, c) in written {
        let i = g
            .index(hole)
            .ok_or_else(|| bad(format!("there is no hole {hole} on this board")))?;
        let mark = mark_of(at.pos.variant().kind(), g, i, c).map_err(bad)?;
        want.push((hole, mark.letter()));
    }
    if got != want {
        let rule = trace.events.iter().find_map(|e| match e {
            Event::Mark { rule, .. } => Some(*rule),
            _ => None,
        });
        let (got, want) = (Annotation::Marked(got), Annotation::Marked(want));
        return Err((
            format!("ply {ply} marked {}, not {}", got.value(), want.value()),
            rule,
        ));
    }
    Ok(Annotation::Marked(want))
}

fn owners(text: &str, at: &At<'_>) -> Check {
    let got = at.pos.view();
    let want = read_owners(text, got.geometry()).map_err(bad)?;
    let g = got.geometry();
    let diffs: Vec<String> = g
        .diagram_rows()
        .iter()
        .flatten()
        .filter(|&&i| want[i] != got.owner(i))
        .map(|&i| format!("{} is {}'s, not {}'s", g.hole(i), got.owner(i), want[i]))
        .collect();
    if !diffs.is_empty() {
        return Err(bad(format!(
            "{}; the owners are {}",
            diffs.join(", "),
            write_owners(&got)
        )));
    }
    Ok(Annotation::Owners(write_owners(&got)))
}

fn next(p: Player, at: &At<'_>) -> Check {
    if at.pos.to_move() != p {
        let why = last_ply(at.last).ok().and_then(|(.., trace)| {
            trace.events.iter().rev().find_map(|e| match e {
                Event::Next { rule, .. } => Some(*rule),
                _ => None,
            })
        });
        return Err((format!("{} is to move, not {p}", at.pos.to_move()), why));
    }
    Ok(Annotation::Next(p))
}

fn position(text: &str, at: &At<'_>, options: &StatedOptions) -> Check {
    let mut setup = parse_position(text, Some(options))
        .map_err(|e| bad(format!("not a position string: {}", e.message)))?;
    let got = at.pos.to_setup();
    // `owners=` written out for ownership by rows says what no `owners=` says (§4.1).
    if setup.owners.as_ref().is_some_and(|o| {
        o.iter()
            .enumerate()
            .all(|(i, p)| *p == setup.geometry().row(i))
    }) {
        setup.owners = None;
    }
    if setup != got {
        let diffs = setup_diff(&setup, &got);
        return Err(bad(format!(
            "{}; the position is {}",
            diffs.join(", "),
            write_position(&got)
        )));
    }
    Ok(Annotation::Position(write_position(&got)))
}

fn moves(written: &[String], at: &At<'_>) -> Check {
    let pos = at.pos;
    let legal: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    let mut want: Vec<String> = Vec::new();
    for t in written {
        let mv = Move::parse(pos.variant().kind(), t).map_err(|e| bad(e.message))?;
        let c = pos
            .play(&mv, PlayOptions::FULL)
            .map(|p| p.canonical.to_string())
            .map_err(|e| {
                (
                    format!("{t} is not a legal move here: {}", e.reason),
                    Some(e.rule),
                )
            })?;
        want.push(c);
    }
    let mut a = want.clone();
    a.sort();
    a.dedup();
    let mut b = legal.clone();
    b.sort();
    if a != b || a.len() != want.len() {
        let missing: Vec<&str> = b
            .iter()
            .filter(|m| !a.contains(m))
            .map(String::as_str)
            .collect();
        let missing = if missing.is_empty() {
            String::new()
        } else {
            format!(" ({} missing)", missing.join(","))
        };
        let list = Annotation::Moves(legal).value();
        return Err(bad(format!("the legal moves are {list}{missing}")));
    }
    Ok(Annotation::Moves(legal))
}

fn forbidden(t: &str, r: &str, at: &At<'_>, mode: Mode<'_>) -> Check {
    let mv = Move::parse(at.pos.variant().kind(), t).map_err(|e| bad(e.message))?;
    match play_in_mode(at.pos, &mv, mode.lenient, mode.previous) {
        Ok(p) => Err(bad(format!(
            "{t} is a legal move here (played as {})",
            if at.pos.is_lenient_only(&mv) {
                mv.to_string()
            } else {
                p.canonical.to_string()
            }
        ))),
        Err(e) if r.parse::<rules_core::Rule>().ok() != Some(e.rule) => Err((
            format!("{t} is illegal by {}, not {r}: {}", e.rule, e.reason),
            Some(e.rule),
        )),
        Err(_) => Ok(Annotation::Forbidden {
            token: t.to_owned(),
            rule: r.to_owned(),
        }),
    }
}

/// `best`: a legal move of the position the last ply was played in, other than the one played.
fn best(token: &str, value: Eval, at: &At<'_>) -> Check {
    let Last::Ply {
        number: ply,
        mv,
        before,
        ..
    } = at.last
    else {
        return Err(last_ply(at.last)
            .err()
            .unwrap_or_else(|| bad("it must follow a ply")));
    };
    let parsed = Move::parse(before.variant().kind(), token).map_err(|e| bad(e.message))?;
    let canonical = before.play(&parsed, PlayOptions::FULL).map_err(|e| {
        (
            format!(
                "{token} is not a legal move where ply {ply} was played: {}",
                e.reason
            ),
            Some(e.rule),
        )
    })?;
    let played = before.play(mv, PlayOptions::FULL).map(|p| p.canonical);
    if played.as_ref().is_ok_and(|p| *p == canonical.canonical) {
        return Err(bad(format!(
            "{token} is the move ply {ply} played: a best move names another one"
        )));
    }
    Ok(Annotation::Best {
        token: canonical.canonical.to_string(),
        value,
    })
}

/// `totals` (when `totals`) or `holdings` of a finished round.
fn scores(want: [u32; 2], totals: bool, at: &At<'_>) -> Check {
    let r = at.pos.round_result().ok_or_else(|| {
        bad(format!(
            "round {} is not over: {} can still move",
            at.pos.view().round(),
            at.pos.to_move()
        ))
    })?;
    let (got, what, verb) = if totals {
        (r.totals, "round total", "is")
    } else {
        (r.holdings, "holdings", "are")
    };
    for (k, p) in Player::BOTH.iter().enumerate() {
        if got[k] != want[k] {
            return Err((
                format!(
                    "wrong number {}: {p}'s {what} {verb} {}, not {}",
                    want[k], got[k], want[k]
                ),
                Some(r.rule),
            ));
        }
    }
    Ok(if totals {
        Annotation::Totals(want)
    } else {
        Annotation::Holdings(want)
    })
}

/// The legal moves other than the one played after which an annotation of the ply would hold,
/// in canonical spelling: the hint for a wrong but legal move (issue 26), whose annotation
/// fails first and whose record may fail later on a move that was legal only after the right
/// one. `None` when the annotation says nothing about the ply (it follows no ply, does not read,
/// or states the position's moves, a forbidden move or an engine's assessment).
pub(super) fn fitting_moves(
    key: &str,
    read: &Result<Annotation, String>,
    pos: &Position,
    last: &Last,
    options: &StatedOptions,
    mode: Mode<'_>,
) -> Option<Vec<String>> {
    let Ok(annotation) = read else {
        return None;
    };
    let of_the_ply = matches!(
        annotation,
        Annotation::Captures(_)
            | Annotation::Taken(_)
            | Annotation::Ends(_)
            | Annotation::Laps(_)
            | Annotation::Sown(_)
            | Annotation::Marked(_)
            | Annotation::Next(_)
            | Annotation::Position(_)
            | Annotation::Right(_)
    );
    let Last::Ply {
        number,
        mover,
        mv,
        before,
        ..
    } = last
    else {
        return None;
    };
    if !of_the_ply {
        return None;
    }
    let mut fits: Vec<String> = Vec::new();
    for m in before.legal_moves() {
        let Ok(played) = before.play(&m, PlayOptions::FULL) else {
            continue;
        };
        if m == *mv || played.position == *pos {
            continue;
        }
        let alternative = Last::Ply {
            number: *number,
            mover: *mover,
            mv: m,
            before: *before,
            trace: std::cell::OnceCell::from(played.trace),
        };
        if annotate(key, read, &played.position, &alternative, options, mode).is_ok() {
            fits.push(played.canonical.to_string());
        }
    }
    Some(fits)
}
