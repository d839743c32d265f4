//! Replays a record with the rules core (`spec/notation.md` §9): every ply, round boundary,
//! annotation and the result are checked, and the record is put in its canonical form.

use crate::parse::Spans;
use crate::position::{
    mark_char, mark_of, parse_position, read_owners, write_owners, write_position,
};
use crate::problem::{Problem, ProblemKind};
use crate::record::{Item, Outcome, Record};
use rules_core::{
    AfterRound, Decision, Event, Hole, MarkKind, MatchResult, Move, Player, Position, RoundResult,
    Setup, StatedOptions, Trace,
};
use std::cell::OnceCell;
use std::ops::Range;

/// One step of a replay, for `mancala replay`.
#[derive(Clone, Debug)]
pub enum Step {
    /// The position the record starts from.
    Start {
        /// The position.
        position: Position,
    },
    /// A ply.
    Ply {
        /// Its number, from 1.
        number: u32,
        /// Its canonical token.
        token: String,
        /// The token as written.
        written: String,
        /// Who played it.
        mover: Player,
        /// What happened.
        trace: Trace,
        /// The position after it.
        after: Position,
    },
    /// The round is over (its scoring).
    RoundOver {
        /// The round number.
        round: u32,
        /// The scoring.
        result: RoundResult,
    },
    /// A new round was set up.
    Round {
        /// Its number.
        round: u32,
        /// The set-up decision.
        decision: Decision,
        /// Its start position.
        position: Position,
    },
    /// The match is over.
    MatchOver {
        /// How.
        result: MatchResult,
    },
}

/// The outcome of checking a record.
#[derive(Clone, Debug, Default)]
pub struct Checked {
    /// Every problem found; empty when the record is valid.
    pub problems: Vec<Problem>,
    /// The replay, when asked for (stops at the first problem that leaves no position to go on).
    pub steps: Vec<Step>,
    /// The record in canonical form, when it is valid.
    pub canonical: Option<Record>,
    /// The number of plies played.
    pub plies: u32,
    /// The plies that only lenient validation accepts (Redu R25, R26: `4B~`, `p4B`).
    pub lenient_plies: u32,
    /// The plies written in another spelling than their canonical one (rules README §6.2), in
    /// order.
    pub respelled: Vec<Respelled>,
}

/// A ply written in another legal spelling than its canonical one.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Respelled {
    /// The ply's number.
    pub ply: u32,
    /// The token as written.
    pub written: String,
    /// Its canonical spelling.
    pub canonical: String,
}

/// Checking a record stops after this many problems.
pub const MAX_PROBLEMS: usize = 50;

/// The annotation keys of §6.2.
pub const ANNOTATION_KEYS: [&str; 15] = [
    "captures",
    "taken",
    "ends",
    "laps",
    "sown",
    "right",
    "territories",
    "marked",
    "next",
    "position",
    "moves",
    "forbidden",
    "totals",
    "holdings",
    "owners",
];

/// What the last item left to annotate.
enum Last {
    Start,
    Ply {
        number: u32,
        mover: Player,
        mv: Move,
        /// The position the ply was played in.
        before: Position,
        /// The ply's trace, made when something first needs it (most plies need none).
        trace: OnceCell<Trace>,
    },
    Round(u32),
}

struct Ctx<'a> {
    spans: Option<&'a Spans>,
    problems: Vec<Problem>,
}

impl Ctx<'_> {
    fn item_span(&self, k: usize) -> Option<Range<usize>> {
        self.spans.and_then(|s| s.items.get(k).cloned())
    }
    fn tag_span(&self, name: &str) -> Option<Range<usize>> {
        self.spans.and_then(|s| s.tag(name))
    }
    fn push(&mut self, p: Problem) {
        self.problems.push(p);
    }
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What [`check_with`] produces besides the problems, and in which validation mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckOptions {
    /// The replay, ply by ply ([`Checked::steps`]), with every ply's trace.
    pub steps: bool,
    /// The canonical record ([`Checked::canonical`]); `validate` does without.
    pub canonical: bool,
    /// Lenient validation (spec/notation.md §9; Redu R25, R26).
    pub lenient: bool,
}

/// Checks a record in strict validation; `spans` locate its parts when it was read from text;
/// `steps` asks for the replay. Gives the canonical record when the record is valid.
#[must_use]
pub fn check(record: &Record, spans: Option<&Spans>, steps: bool) -> Checked {
    check_with(
        record,
        spans,
        CheckOptions {
            steps,
            canonical: true,
            lenient: false,
        },
    )
}

/// The annotations that state the path of the ply before them, not only its outcome: which hole
/// was lifted, where each seed fell, where the last one did.
const PATH_KEYS: [&str; 3] = ["ends", "laps", "sown"];

/// The path annotations among the items after a ply, up to the next ply or round marker.
fn path_annotations(rest: &[Item]) -> Vec<&str> {
    rest.iter()
        .take_while(|i| !matches!(i, Item::Ply { .. } | Item::Round { .. }))
        .filter_map(|i| match i {
            Item::Annotation { key, .. } if PATH_KEYS.contains(&key.as_str()) => Some(key.as_str()),
            _ => None,
        })
        .collect()
}

/// What the path annotation `key` reads from a trace: the laps lifted (`laps`), the holes sown
/// (`sown`), the last of them (`ends`).
fn path_of<'t>(trace: &'t Trace, key: &str) -> Vec<&'t Event> {
    let lifts = |e: &&Event| matches!(e, Event::Lift { .. } | Event::Gather { .. });
    let sows = |e: &&Event| matches!(e, Event::Sow { .. });
    match key {
        "laps" => trace.events.iter().filter(lifts).collect(),
        "sown" => trace.events.iter().filter(sows).collect(),
        _ => trace.events.iter().rev().find(sows).into_iter().collect(),
    }
}

/// Whether `canonical` played at `pos` reads as `trace` does to each of the path annotations
/// `keys`.
fn same_path(pos: &Position, canonical: &Move, trace: &Trace, keys: &[&str]) -> bool {
    if keys.is_empty() {
        return true;
    }
    pos.play(canonical).is_ok_and(|p| {
        keys.iter()
            .all(|k| path_of(&p.trace, k) == path_of(trace, k))
    })
}

/// A move as written, in its shortest spelling: Redu decisions with every omitted entry (`d`
/// before `w`, `b` or the end) left out, the long form as its letters (spec/notation.md §5.5).
fn written(mv: &Move) -> Move {
    match mv {
        Move::ReduSow(s) => Move::ReduSow(rules_core::ReduSow {
            letters: s.letters.shortest(),
            seeds: None,
            ..*s
        }),
        m => *m,
    }
}

/// Whether a move is one that only lenient validation accepts (Redu R25, R26): a forgotten M1
/// capture (`4B~`) or a penalty claim (`p4B`).
#[must_use]
pub fn is_lenient_only(mv: &Move) -> bool {
    matches!(mv, Move::ReduPenalty { .. }) || matches!(mv, Move::ReduSow(s) if s.forgotten)
}

/// Plays `mv` at `pos` in the validation mode: strictly (`Position::play`), or leniently
/// (`Position::play_lenient`, with `previous`, the position before the last ply and that ply).
fn play_in_mode(
    pos: &Position,
    mv: &Move,
    lenient: bool,
    previous: Option<&(Position, Move)>,
) -> Result<rules_core::Played, rules_core::PlayError> {
    if lenient {
        pos.play_lenient(mv, previous.map(|(p, m)| (p, m)))
    } else {
        pos.play(mv)
    }
}

/// Checks a record, in lenient validation when `opts.lenient` (spec/notation.md §9; Redu R25,
/// R26: forgotten M1 captures and penalty claims are accepted, and kept as written in the
/// canonical record; strict validation rejects them saying they need lenient validation). The
/// replay and the canonical record are made only if `opts` asks for them: the problems found,
/// and the respellings, are the same.
#[must_use]
pub fn check_with(record: &Record, spans: Option<&Spans>, opts: CheckOptions) -> Checked {
    let CheckOptions { steps, lenient, .. } = opts;
    let mut cx = Ctx {
        spans,
        problems: Vec::new(),
    };
    let mut out = Checked::default();
    let mut canon = opts.canonical.then(|| record.clone());

    // What the reading grammar guarantees, checked again for JSON input: a record the notation
    // cannot hold is not checked further, as a syntax error stops a record read from text.
    let form = crate::form::problems(record, |name| cx.tag_span(name), &[]);
    if !form.is_empty() {
        out.problems = form;
        return out;
    }
    let variant = record.variant;
    let options = StatedOptions::of(variant);

    // The start.
    let start = match &record.position {
        None => Position::from_setup(&Setup::start(variant, record.opener)).map_err(|e| {
            let s = cx.tag_span("Game");
            Problem::new(ProblemKind::Header, s, e.to_string())
        }),
        Some(text) => start_from(&mut cx, text, record, &options).map_err(|b| *b),
    };
    let mut pos = match start {
        Ok(p) => p,
        Err(p) => {
            cx.push(p);
            out.problems = cx.problems;
            return out;
        }
    };
    if let Some(p) = canon.as_mut().and_then(|c| c.position.as_mut()) {
        *p = write_position(&pos.to_setup());
    }
    if steps {
        out.steps.push(Step::Start { position: pos });
        if let Some(result) = pos.round_result() {
            out.steps.push(Step::RoundOver {
                round: pos.to_setup().round,
                result,
            });
        }
    }

    let mut last = Last::Start;
    // The position before the last ply and that ply: what a penalty claim (R26) answers.
    let mut previous: Option<(Position, Move)> = None;
    let mut ply = 0u32;
    let mut stopped = false;
    for (k, item) in record.movetext.iter().enumerate() {
        if cx.problems.len() >= MAX_PROBLEMS {
            let s = cx.item_span(k);
            let kind = cx.problems[cx.problems.len() - 1].kind;
            cx.push(Problem::new(
                kind,
                s,
                format!("more than {MAX_PROBLEMS} problems: the rest of the record is not checked"),
            ));
            stopped = true;
            break;
        }
        match item {
            Item::Comment { .. } => {}
            Item::Ply { number, token } => {
                ply += 1;
                if let Some(n) = number
                    && *n != ply
                {
                    let s = cx
                        .spans
                        .and_then(|s| s.numbers.get(k).cloned().flatten())
                        .or_else(|| cx.item_span(k));
                    cx.push(
                        Problem::new(
                            ProblemKind::Number,
                            s,
                            format!("move number {n}. is written before ply {ply}"),
                        )
                        .at_ply(Some(ply), Some(token)),
                    );
                }
                let mv = match Move::parse(record.game(), token) {
                    Ok(m) => m,
                    Err(e) => {
                        let s = cx.item_span(k);
                        cx.push(
                            Problem::new(ProblemKind::Token, s, e.message)
                                .at_ply(Some(ply), Some(token)),
                        );
                        stopped = true;
                        break;
                    }
                };
                let mover = pos.to_move();
                // The trace only when the replay or lenient validation needs it; an annotation
                // that needs it replays the ply (`trace_of`).
                let result = if steps || lenient {
                    play_in_mode(&pos, &mv, lenient, previous.as_ref())
                        .map(|p| (p.position, p.canonical, OnceCell::from(p.trace)))
                } else {
                    pos.play_spelled(&mv).map(|(p, c)| (p, c, OnceCell::new()))
                };
                match result {
                    Ok((after, spelled, trace)) => {
                        let paths = path_annotations(&record.movetext[k + 1..]);
                        // A lenient-only mark is not a move of the game: it keeps its own
                        // (normalised) spelling.
                        let canonical = if is_lenient_only(&mv) {
                            written(&mv).to_string()
                        } else if !paths.is_empty()
                            && !same_path(&pos, &spelled, trace_of(&pos, &mv, &trace), &paths)
                        {
                            // The ply's path is annotated, and the outcome's first spelling
                            // takes another path: the decisions as written stay (§10.2).
                            written(&mv).to_string()
                        } else {
                            spelled.to_string()
                        };
                        out.lenient_plies += u32::from(is_lenient_only(&mv));
                        let before = pos;
                        previous = Some((pos, mv));
                        if *token != canonical {
                            out.respelled.push(Respelled {
                                ply,
                                written: token.clone(),
                                canonical: canonical.clone(),
                            });
                        }
                        if let Some(Item::Ply { number, token }) =
                            canon.as_mut().map(|c| &mut c.movetext[k])
                        {
                            *number = Some(ply);
                            token.clone_from(&canonical);
                        }
                        pos = after;
                        if steps {
                            out.steps.push(Step::Ply {
                                number: ply,
                                written: token.clone(),
                                token: canonical,
                                mover,
                                trace: trace_of(&before, &mv, &trace).clone(),
                                after: pos,
                            });
                            if let Some(result) = pos.round_result() {
                                out.steps.push(Step::RoundOver {
                                    round: pos.to_setup().round,
                                    result,
                                });
                            }
                        }
                        last = Last::Ply {
                            number: ply,
                            mover,
                            mv,
                            before,
                            trace,
                        };
                    }
                    Err(e) => {
                        let s = cx.item_span(k);
                        let hint = if !lenient && is_lenient_only(&mv) {
                            " (mancala validate --lenient)"
                        } else {
                            ""
                        };
                        cx.push(
                            Problem::new(
                                ProblemKind::IllegalMove,
                                s,
                                format!("illegal move {token}: {}{hint}", e.reason),
                            )
                            .rule(Some(e.rule))
                            .at_ply(Some(ply), Some(token)),
                        );
                        stopped = true;
                        break;
                    }
                }
            }
            Item::Round { round, decision } => {
                let now = pos.to_setup().round;
                let s = cx.item_span(k);
                if pos.round_result().is_none() {
                    // The rule that ends rounds (B13, G19, S15, ...), as the rules core names it.
                    let rule = pos.decision_request().err().and_then(|e| e.rule);
                    cx.push(
                        Problem::new(
                            ProblemKind::Round,
                            s,
                            format!(
                                "round {now} is not over: {} can still move, so round {round} cannot start",
                                pos.to_move()
                            ),
                        )
                        .rule(rule)
                        .at_ply(Some(ply), None),
                    );
                    stopped = true;
                    break;
                }
                if *round != now + 1 {
                    cx.push(Problem::new(
                        ProblemKind::Round,
                        s.clone(),
                        format!(
                            "round {now} is over: the next round is {}, not {round}",
                            now + 1
                        ),
                    ));
                }
                match pos.after_round(decision) {
                    Ok(AfterRound::Next(next)) => {
                        pos = next;
                        if let Some(Item::Round { decision, .. }) =
                            canon.as_mut().map(|c| &mut c.movetext[k])
                            && let Decision::Fill(h) = decision
                        {
                            h.sort_by_key(|h| (h.side, h.number));
                        }
                        if steps {
                            out.steps.push(Step::Round {
                                round: *round,
                                decision: decision.clone(),
                                position: pos,
                            });
                        }
                        last = Last::Round(*round);
                    }
                    Ok(AfterRound::MatchOver(m)) => {
                        cx.push(Problem::new(
                            ProblemKind::Round,
                            s,
                            format!(
                                "the match is over after round {now}: {}; end the record with {}",
                                match_text(&m),
                                Outcome::of_winner(m.winner)
                            ),
                        ).rule(Some(m.rule)));
                        stopped = true;
                        break;
                    }
                    Err(e) => {
                        cx.push(Problem::new(ProblemKind::Round, s, e.message).rule(e.rule));
                        stopped = true;
                        break;
                    }
                }
            }
            Item::Annotation { key, value } => {
                let s = cx.item_span(k);
                let mode = Mode {
                    lenient,
                    previous: previous.as_ref(),
                };
                match annotate(key, value, &pos, &last, &options, mode) {
                    Ok(canonical) => {
                        if let Some(Item::Annotation { value, .. }) =
                            canon.as_mut().map(|c| &mut c.movetext[k])
                        {
                            *value = canonical;
                        }
                    }
                    Err((message, rule)) => {
                        let (p, t) = match &last {
                            Last::Ply { number, mv, .. } => (Some(*number), Some(mv.to_string())),
                            _ => (None, None),
                        };
                        cx.push(
                            Problem::new(
                                ProblemKind::Annotation,
                                s,
                                format!("annotation ({key} {value}): {message}"),
                            )
                            .rule(rule)
                            .at_ply(p, t.as_deref()),
                        );
                    }
                }
            }
        }
    }
    out.plies = ply;

    if !stopped {
        let expected = match_end(&pos);
        if steps && let Some(m) = &expected {
            out.steps.push(Step::MatchOver { result: m.clone() });
        }
        let want = expected
            .as_ref()
            .map_or(Outcome::Unfinished, |m| Outcome::of_winner(m.winner));
        if want != record.result {
            let s = cx.spans.map(|s| s.result.clone());
            let message = match (&expected, record.result) {
                (Some(m), Outcome::Unfinished) => format!(
                    "the match is over: {}; the result is {want}, not *",
                    match_text(m)
                ),
                (Some(m), got) => format!(
                    "the match is over: {}; the result is {want}, not {got}",
                    match_text(m)
                ),
                (None, got) => {
                    let s = pos.to_setup();
                    if pos.round_result().is_some() {
                        format!(
                            "the match is not over: round {} is over and the match goes on to round {}; the result is *, not {got}",
                            s.round,
                            s.round + 1
                        )
                    } else {
                        format!(
                            "the match is not over: round {} goes on with {} to move; the result is *, not {got}",
                            s.round, s.to_move
                        )
                    }
                }
            };
            // The rule that ends the match, or, when the round is not over, the one that ends
            // rounds.
            let rule = expected
                .as_ref()
                .map(|m| m.rule)
                .or_else(|| pos.decision_request().err().and_then(|e| e.rule));
            cx.push(
                Problem::new(ProblemKind::Result, s, message)
                    .rule(rule)
                    .at_ply((ply > 0).then_some(ply), None),
            );
        }
    }
    out.problems = cx.problems;
    if out.problems.is_empty() {
        out.canonical = canon;
    }
    out
}

/// How the match ended, if it is over at `pos`: the round is over and needs no set-up decision
/// to end the match.
#[must_use]
pub fn match_end(pos: &Position) -> Option<MatchResult> {
    pos.round_result()?;
    match pos.after_round(&Decision::None) {
        Ok(AfterRound::MatchOver(m)) => Some(m),
        _ => None,
    }
}

fn match_text(m: &MatchResult) -> String {
    match m.winner {
        Some(w) => format!("{w} wins ({}: {})", m.rule, m.reason),
        None => format!("drawn ({}: {})", m.rule, m.reason),
    }
}

fn start_from(
    cx: &mut Ctx<'_>,
    text: &str,
    record: &Record,
    options: &StatedOptions,
) -> Result<Position, Box<Problem>> {
    let variant = options.variant();
    let span = cx.tag_span("Position");
    let inner = |off: usize, len: usize| {
        span.clone().map(|s| {
            let a = (s.start + 1 + off).min(s.end);
            a..(a + len.max(1)).min(s.end.max(a + 1))
        })
    };
    let setup = parse_position(text, Some(options)).map_err(|e| {
        Box::new(Problem::new(
            ProblemKind::Position,
            inner(e.offset, e.len),
            format!("bad Position: {}", e.message),
        ))
    })?;
    if setup.variant.kind() != record.game() {
        return Err(Box::new(Problem::new(
            ProblemKind::Position,
            inner(0, setup.variant.kind().name().len()),
            format!(
                "the Position is a {} position, the Game is {}",
                setup.variant.kind(),
                record.game()
            ),
        )));
    }
    if setup.variant != variant {
        return Err(Box::new(Problem::new(
            ProblemKind::Position,
            span.clone(),
            format!(
                "the Position's board is that of {}, the header's options give {variant}",
                setup.variant
            ),
        )));
    }
    // B17, S20, U23: the opener of round r follows from the opener of round 1.
    if let Some(o) = setup.opener {
        let want = if setup.round % 2 == 1 {
            record.opener
        } else {
            record.opener.other()
        };
        if o != want {
            return Err(Box::new(Problem::new(
                ProblemKind::Position,
                span.clone(),
                format!(
                    "the Position says {o} opened round {}, but with {} opening round 1 the openers alternate and {want} opens it",
                    setup.round, record.opener
                ),
            )
            .rule(match record.game() {
                rules_core::GameKind::Bechi => Some("B17"),
                rules_core::GameKind::SulusNishtaw => Some("S20"),
                rules_core::GameKind::Uugg => Some("U23"),
                _ => None,
            })));
        }
    }
    Position::from_setup(&setup).map_err(|e| {
        let first = &e.problems[0];
        let mut msg = format!("the Position is not a position of {}: ", record.game());
        let parts: Vec<String> = e
            .problems
            .iter()
            .map(|p| match p.rule {
                Some(r) => format!("{} ({r})", p.message),
                None => p.message.clone(),
            })
            .collect();
        msg.push_str(&parts.join("; "));
        Box::new(Problem::new(ProblemKind::Position, span.clone(), msg).rule(
            if e.problems.len() == 1 {
                first.rule
            } else {
                None
            },
        ))
    })
}

/// Why an annotation does not hold, with the rule behind it where one is.
type Why = (String, Option<&'static str>);

type Check = Result<String, Why>;

fn bad(msg: impl Into<String>) -> Why {
    (msg.into(), None)
}

fn parse_hole(s: &str) -> Result<Hole, Why> {
    s.parse::<Hole>()
        .map_err(|_| bad(format!("`{s}` is not a hole name such as 3B")))
}

fn parse_num(s: &str) -> Result<u32, Why> {
    if s.is_empty() || s.len() > 6 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad(format!("`{s}` is not a number")));
    }
    s.parse().map_err(|_| bad(format!("`{s}` is not a number")))
}

fn parse_pair(s: &str) -> Result<[u32; 2], Why> {
    let (a, b) = s
        .split_once(',')
        .ok_or_else(|| bad(format!("expected two numbers A,B, found `{s}`")))?;
    Ok([parse_num(a.trim())?, parse_num(b.trim())?])
}

/// `H:n` pairs separated by commas.
fn parse_hole_counts(s: &str) -> Result<Vec<(Hole, u32)>, Why> {
    s.split(',')
        .map(|p| {
            let (h, n) = p
                .trim()
                .split_once(':')
                .ok_or_else(|| bad(format!("expected HOLE:SEEDS such as 2A:4, found `{p}`")))?;
            Ok((parse_hole(h)?, parse_num(n)?))
        })
        .collect()
}

fn fmt_hole_counts(v: &[(Hole, u32)]) -> String {
    let parts: Vec<String> = v.iter().map(|(h, n)| format!("{h}:{n}")).collect();
    parts.join(",")
}

/// A lap as the `laps` annotation states it: `2B:3`, the hole lifted and its seeds; or `1B-8B:8`,
/// one seed gathered from each hole of that arc of the cycle (the Sulus Nishtaw opening, S4, S6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lap {
    Lifted(Hole, u32),
    Gathered(Hole, Hole, u32),
}

impl Lap {
    /// Why the lap `got` is not the lap `want`, naming the numbers of both.
    fn differs(got: &Lap, want: &Lap) -> String {
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
}

fn parse_laps(s: &str) -> Result<Vec<Lap>, Why> {
    s.split(',')
        .map(|p| {
            let (h, n) = p.trim().split_once(':').ok_or_else(|| {
                bad(format!(
                    "expected HOLE:SEEDS such as 2A:4 (or FIRST-LAST:SEEDS such as 1B-8B:8), found `{p}`"
                ))
            })?;
            let n = parse_num(n.trim())?;
            Ok(match h.split_once('-') {
                Some((a, b)) => Lap::Gathered(parse_hole(a.trim())?, parse_hole(b.trim())?, n),
                None => Lap::Lifted(parse_hole(h.trim())?, n),
            })
        })
        .collect()
}

fn fmt_laps(v: &[Lap]) -> String {
    let parts: Vec<String> = v
        .iter()
        .map(|l| match l {
            Lap::Lifted(h, n) => format!("{h}:{n}"),
            Lap::Gathered(a, b, n) => format!("{a}-{b}:{n}"),
        })
        .collect();
    parts.join(",")
}

/// The ply's trace: the one kept, or the ply replayed the first time it is needed.
fn trace_of<'a>(before: &Position, mv: &Move, trace: &'a OnceCell<Trace>) -> &'a Trace {
    trace.get_or_init(|| {
        before
            .play_traced(mv)
            .map(|(_, t)| t)
            .expect("the ply was legal when it was played")
    })
}

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

/// The validation mode, for the annotations that play a move (`forbidden`).
#[derive(Clone, Copy)]
struct Mode<'a> {
    lenient: bool,
    previous: Option<&'a (Position, Move)>,
}

/// A right as written in position strings and the `right` annotation: `O3:4A`.
fn fmt_right(r: Option<rules_core::Right>) -> String {
    r.map_or("none".to_owned(), |r| format!("{:?}:{}", r.kind, r.hole))
}

/// Checks one annotation at the point reached; returns its canonical value.
fn annotate(
    key: &str,
    value: &str,
    pos: &Position,
    last: &Last,
    options: &StatedOptions,
    mode: Mode<'_>,
) -> Check {
    let value = value.trim();
    match key {
        "captures" => {
            let n = parse_num(value)?;
            let (ply, mover, _, trace) = last_ply(last)?;
            let got = trace.captured()[mover.index()];
            if got != n {
                return Err(bad(format!(
                    "wrong number {n}: ply {ply} captured {}, not {n}",
                    plural(got, "seed", "seeds")
                )));
            }
            Ok(n.to_string())
        }
        "taken" => {
            let (ply, _, _, trace) = last_ply(last)?;
            let got: Vec<(Hole, u32)> = trace
                .events
                .iter()
                .filter_map(|e| match e {
                    Event::Capture { hole, seeds, .. } => Some((*hole, *seeds)),
                    _ => None,
                })
                .collect();
            let want = if value == "none" {
                Vec::new()
            } else {
                parse_hole_counts(value)?
            };
            if got != want {
                let got_s = if got.is_empty() {
                    "none".to_owned()
                } else {
                    fmt_hole_counts(&got)
                };
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
                return Err(bad(format!("ply {ply} took {got_s}{detail}")));
            }
            Ok(if want.is_empty() {
                "none".to_owned()
            } else {
                fmt_hole_counts(&want)
            })
        }
        "ends" => {
            let h = parse_hole(value)?;
            let (ply, _, _, trace) = last_ply(last)?;
            let got = trace.events.iter().rev().find_map(|e| match e {
                Event::Sow { hole } => Some(*hole),
                _ => None,
            });
            match got {
                None => Err(bad(format!("ply {ply} sowed no seed"))),
                Some(g) if g != h => Err(bad(format!(
                    "the last seed of ply {ply} fell in {g}, not {h}"
                ))),
                Some(_) => Ok(h.to_string()),
            }
        }
        "laps" => {
            let want = parse_laps(value)?;
            let (ply, _, _, trace) = last_ply(last)?;
            let got: Vec<Lap> = trace
                .events
                .iter()
                .filter_map(|e| match e {
                    Event::Lift { hole, seeds, .. } => Some(Lap::Lifted(*hole, *seeds)),
                    Event::Gather { holes, seeds, .. } => {
                        Some(Lap::Gathered(*holes.first()?, *holes.last()?, *seeds))
                    }
                    _ => None,
                })
                .collect();
            if got != want {
                let detail = want
                    .iter()
                    .zip(&got)
                    .enumerate()
                    .find(|(_, (w, g))| w != g)
                    .map(|(k, (w, g))| format!(": lap {} {}", k + 1, Lap::differs(g, w)))
                    .unwrap_or_else(|| format!(": {} laps, not {}", got.len(), want.len()));
                return Err(bad(format!("ply {ply} sowed {}{detail}", fmt_laps(&got))));
            }
            Ok(fmt_laps(&want))
        }
        "sown" => {
            let (ply, _, _, trace) = last_ply(last)?;
            let got: Vec<Hole> = trace
                .events
                .iter()
                .filter_map(|e| match e {
                    Event::Sow { hole } => Some(*hole),
                    _ => None,
                })
                .collect();
            let want: Vec<Hole> = if value == "none" {
                Vec::new()
            } else {
                value
                    .split(',')
                    .map(|h| parse_hole(h.trim()))
                    .collect::<Result<_, _>>()?
            };
            let list = |v: &[Hole]| {
                if v.is_empty() {
                    "none".to_owned()
                } else {
                    v.iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(",")
                }
            };
            if got != want {
                let detail = match want.iter().zip(&got).position(|(w, g)| w != g) {
                    Some(k) => format!(": seed #{} fell in {}, not {}", k + 1, got[k], want[k]),
                    None => format!(
                        ": {}, not {}",
                        plural(got.len() as u32, "seed", "seeds"),
                        want.len()
                    ),
                };
                return Err(bad(format!("ply {ply} sowed {}{detail}", list(&got))));
            }
            Ok(list(&want))
        }
        "right" => {
            let want = if value == "none" {
                None
            } else {
                let parsed = value.split_once(':').and_then(|(k, h)| {
                    let kind = match k.trim() {
                        "O1" => rules_core::RightKind::O1,
                        "O2" => rules_core::RightKind::O2,
                        "O3" => rules_core::RightKind::O3,
                        _ => return None,
                    };
                    Some(rules_core::Right {
                        kind,
                        hole: h.trim().parse().ok()?,
                    })
                });
                Some(parsed.ok_or_else(|| {
                    bad(format!(
                        "`{value}` is not a right: expected O1, O2 or O3 and a hole, such as O3:4A, or none"
                    ))
                })?)
            };
            let got = pos.to_setup().right;
            if got != want {
                // The rule that creates (or would create) the right, when the last ply says.
                let rule = last_ply(last).ok().and_then(|(.., trace)| {
                    trace.events.iter().find_map(|e| match e {
                        Event::Note { rule, .. } if matches!(*rule, "R5" | "R8" | "R17") => {
                            Some(*rule)
                        }
                        _ => None,
                    })
                });
                let holder = pos.to_move();
                return Err((
                    match got {
                        Some(r) => format!(
                            "the pending right is {} ({holder}'s, on the seed in {}), not {}",
                            fmt_right(got),
                            r.hole,
                            fmt_right(want)
                        ),
                        None => format!("no right is pending, not {}", fmt_right(want)),
                    },
                    rule,
                ));
            }
            Ok(fmt_right(want))
        }
        "territories" => {
            let want = parse_pair(value)?;
            let s = pos.to_setup();
            let n = s.seeds.len();
            let got = Player::BOTH.map(|p| (0..n).filter(|&i| s.owner(i) == p).count() as u32);
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
            Ok(format!("{},{}", want[0], want[1]))
        }
        "marked" => {
            let (ply, _, _, trace) = last_ply(last)?;
            let g = pos.geometry();
            let got: Vec<String> = trace
                .events
                .iter()
                .filter_map(|e| match e {
                    Event::Mark { hole, mark, .. } => Some(format!("{hole}:{}", mark_char(*mark))),
                    _ => None,
                })
                .collect();
            let mut want: Vec<String> = Vec::new();
            if value != "none" {
                for part in value.split(',') {
                    let (h, m) = part.trim().split_once(':').ok_or_else(|| {
                        bad(format!("expected HOLE:MARK such as 1A:b, found `{part}`"))
                    })?;
                    let hole = parse_hole(h)?;
                    let i = g
                        .index(hole)
                        .ok_or_else(|| bad(format!("there is no hole {hole} on this board")))?;
                    let mut chars = m.chars();
                    let (Some(c), None) = (chars.next(), chars.next()) else {
                        return Err(bad(format!(
                            "expected one mark character after {hole}:, found `{m}`"
                        )));
                    };
                    let mark = mark_of(pos.variant().kind(), g, i, c).map_err(bad)?;
                    want.push(format!("{hole}:{}", mark_char(mark)));
                }
            }
            if got != want {
                let list = |v: &[String]| {
                    if v.is_empty() {
                        "none".to_owned()
                    } else {
                        v.join(",")
                    }
                };
                let rule = trace.events.iter().find_map(|e| match e {
                    Event::Mark { rule, .. } => Some(*rule),
                    _ => None,
                });
                return Err((
                    format!("ply {ply} marked {}, not {}", list(&got), list(&want)),
                    rule,
                ));
            }
            Ok(if want.is_empty() {
                "none".to_owned()
            } else {
                want.join(",")
            })
        }
        "owners" => {
            let got = pos.to_setup();
            let want = read_owners(value, got.geometry()).map_err(bad)?;
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
            Ok(write_owners(&got))
        }
        "next" => {
            let p = match value {
                "A" => Player::A,
                "B" => Player::B,
                _ => return Err(bad(format!("expected A or B, found `{value}`"))),
            };
            if pos.to_move() != p {
                let why = last_ply(last).ok().and_then(|(.., trace)| {
                    trace.events.iter().rev().find_map(|e| match e {
                        Event::Next { rule, .. } => Some(*rule),
                        _ => None,
                    })
                });
                return Err((format!("{} is to move, not {p}", pos.to_move()), why));
            }
            Ok(value.to_owned())
        }
        "position" => {
            let mut setup = parse_position(value, Some(options))
                .map_err(|e| bad(format!("not a position string: {}", e.message)))?;
            let got = pos.to_setup();
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
            Ok(write_position(&got))
        }
        "moves" => {
            let legal: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
            let mut want: Vec<String> = Vec::new();
            if value != "none" {
                for t in value.split(',') {
                    let t = t.trim();
                    let mv = Move::parse(pos.variant().kind(), t).map_err(|e| bad(e.message))?;
                    let c = pos
                        .play(&mv)
                        .map(|p| p.canonical.to_string())
                        .map_err(|e| {
                            (
                                format!("{t} is not a legal move here: {}", e.reason),
                                Some(e.rule),
                            )
                        })?;
                    want.push(c);
                }
            }
            let mut a = want.clone();
            a.sort();
            a.dedup();
            let mut b = legal.clone();
            b.sort();
            if a != b || a.len() != want.len() {
                let missing: Vec<&String> = b.iter().filter(|m| !a.contains(m)).collect();
                let list = if legal.is_empty() {
                    "none".to_owned()
                } else {
                    legal.join(",")
                };
                return Err(bad(format!(
                    "the legal moves are {list}{}",
                    if missing.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " ({} missing)",
                            missing
                                .iter()
                                .map(|s| s.as_str())
                                .collect::<Vec<_>>()
                                .join(",")
                        )
                    }
                )));
            }
            Ok(if legal.is_empty() {
                "none".to_owned()
            } else {
                legal.join(",")
            })
        }
        "forbidden" => {
            let mut parts = value.split(' ');
            let (Some(t), Some(r), None) = (parts.next(), parts.next(), parts.next()) else {
                return Err(bad(format!(
                    "expected a move token and the rule that forbids it, such as `2B B4`, found `{value}`"
                )));
            };
            let mv = match Move::parse(pos.variant().kind(), t) {
                Ok(m) => m,
                Err(e) => return Err(bad(e.message)),
            };
            match play_in_mode(pos, &mv, mode.lenient, mode.previous) {
                Ok(p) => Err(bad(format!(
                    "{t} is a legal move here (played as {})",
                    if is_lenient_only(&mv) {
                        mv.to_string()
                    } else {
                        p.canonical.to_string()
                    }
                ))),
                Err(e) if e.rule != r => Err((
                    format!("{t} is illegal by {}, not {r}: {}", e.rule, e.reason),
                    Some(e.rule),
                )),
                Err(_) => Ok(format!("{t} {r}")),
            }
        }
        "totals" | "holdings" => {
            let want = parse_pair(value)?;
            let r = pos.round_result().ok_or_else(|| {
                bad(format!(
                    "round {} is not over: {} can still move",
                    pos.to_setup().round,
                    pos.to_move()
                ))
            })?;
            let got = if key == "totals" {
                r.totals
            } else {
                r.holdings
            };
            for (k, p) in Player::BOTH.iter().enumerate() {
                if got[k] != want[k] {
                    return Err((
                        format!(
                            "wrong number {}: {p}'s {} {} {}, not {}",
                            want[k],
                            if key == "totals" {
                                "round total"
                            } else {
                                "holdings"
                            },
                            if key == "totals" { "is" } else { "are" },
                            got[k],
                            want[k]
                        ),
                        Some(r.rule),
                    ));
                }
            }
            Ok(format!("{},{}", want[0], want[1]))
        }
        _ => Err(bad(format!(
            "unknown annotation `{key}`: expected one of {}",
            ANNOTATION_KEYS.join(", ")
        ))),
    }
}

/// What differs between a written position and the engine's, naming every number.
fn setup_diff(want: &Setup, got: &Setup) -> Vec<String> {
    let mut out = Vec::new();
    let g = got.geometry();
    if want.variant != got.variant {
        out.push(format!("the game is {}, not {}", got.variant, want.variant));
        return out;
    }
    for row in g.diagram_rows() {
        for i in row {
            let h = g.hole(i);
            if want.seeds.get(i) != got.seeds.get(i) {
                out.push(format!(
                    "{h} holds {}, not {}",
                    got.seeds[i],
                    want.seeds.get(i).copied().unwrap_or(0)
                ));
            }
            if want.owner(i) != got.owner(i) {
                out.push(format!(
                    "{h} is {}'s, not {}'s",
                    got.owner(i),
                    want.owner(i)
                ));
            }
            if want.mark(i) != got.mark(i) {
                let m = |m: Option<rules_core::Mark>| {
                    m.map_or("no mark".to_owned(), |m| match m.kind {
                        MarkKind::Claim => format!("claim by {}", m.owner),
                        MarkKind::Uugg => format!("uugg of {}", m.owner),
                        _ => format!("{:?}", m.kind).to_lowercase(),
                    })
                };
                out.push(format!(
                    "{h} has {}, not {}",
                    m(got.mark(i)),
                    m(want.mark(i))
                ));
            }
        }
    }
    for (k, p) in Player::BOTH.iter().enumerate() {
        if want.stores[k] != got.stores[k] {
            out.push(format!(
                "{p}'s store is {}, not {}",
                got.stores[k], want.stores[k]
            ));
        }
        if want.reserves[k] != got.reserves[k] {
            out.push(format!(
                "{p}'s reserve is {}, not {}",
                got.reserves[k], want.reserves[k]
            ));
        }
    }
    if want.to_move != got.to_move {
        out.push(format!("{} is to move, not {}", got.to_move, want.to_move));
    }
    if want.round != got.round {
        out.push(format!("the round is {}, not {}", got.round, want.round));
    }
    if want.opener != got.opener {
        out.push(format!(
            "the round's opener is {}, not {}",
            got.opener.map_or("none".to_owned(), |p| p.to_string()),
            want.opener.map_or("none".to_owned(), |p| p.to_string())
        ));
    }
    if want.right != got.right {
        out.push(format!(
            "the pending right is {}, not {}",
            fmt_right(got.right),
            fmt_right(want.right)
        ));
    }
    if want.opening_pending != got.opening_pending {
        out.push(if got.opening_pending {
            "the round's opening is still to be played".to_owned()
        } else {
            "the round's opening has been played".to_owned()
        });
    }
    if out.is_empty() {
        out.push("the positions differ".to_owned());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_record;

    /// The problems of a Uugg record from the position of the first lap's uagga (U5).
    fn problems(movetext: &str) -> Vec<String> {
        let text = format!(
            "[Notation \"1.0\"]\n[Game \"uugg\"]\n[Opener \"B\"]\n[Position \"uugg 4,4,4,4,4,3/4,4,4,3,5,5 B opener=B\"]\n\n{movetext}\n"
        );
        let p = parse_record(&text).unwrap();
        check(&p.record, Some(&p.spans), false)
            .problems
            .iter()
            .map(|p| p.to_string())
            .collect()
    }

    #[test]
    fn marked_and_owners_annotations() {
        assert!(problems("1. 4B (marked 1A:b) (owners AAAAAA/BBBBBB) *").is_empty());
        // Ownership by rows written out in a position is no ownership written (§4.1).
        assert!(
            problems("(position uugg 4,4,4,4,4,3/4,4,4,3,5,5 B opener=B owners=AAAAAA/BBBBBB) *")
                .is_empty()
        );
        assert_eq!(
            problems("1. 4B (marked none) *"),
            ["annotation (marked none): ply 1 marked 1A:b, not none (U5)"]
        );
        assert_eq!(
            problems("1. 4B (marked 1A) *"),
            ["annotation (marked 1A): expected HOLE:MARK such as 1A:b, found `1A`"]
        );
        assert_eq!(
            problems("1. 4B (marked 1A:*) *"),
            ["annotation (marked 1A:*): mark `*` on 1A: Uugg marks are a and b (uugg of A, of B)"]
        );
        assert_eq!(
            problems("(marked 1A:b) *"),
            ["annotation (marked 1A:b): no ply precedes it: it must follow a ply"]
        );
        assert_eq!(
            problems("(owners AAAAAA/BBBBB) *"),
            [
                "annotation (owners AAAAAA/BBBBB): `AAAAAA/BBBBB` is not an ownership: expected one letter A or B per hole, in the rows of the board (XXXXXX/XXXXXX)"
            ]
        );
        assert_eq!(
            problems("(owners AAAAAA/BBBBBA) *"),
            ["annotation (owners AAAAAA/BBBBBA): 6B is B's, not A's; the owners are AAAAAA/BBBBBB"]
        );
        // A position that differs in ownership or in an uugg's owner names the hole.
        assert_eq!(
            problems("1. 4B (position uugg 4,4,4,4,4,4a/4,4,4,0,6,6 A opener=B) *"),
            [
                "annotation (position uugg 4,4,4,4,4,4a/4,4,4,0,6,6 A opener=B): 1A has uugg of B, not uugg of A; the position is uugg 4,4,4,4,4,4b/4,4,4,0,6,6 A opener=B"
            ]
        );
    }
}
