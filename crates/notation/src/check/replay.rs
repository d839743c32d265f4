//! The replay loop: the movetext item by item (plies, round boundaries, annotations), then the
//! result (`spec/notation.md` §9).

use super::annotate::{annotate, fitting_moves};
use super::{
    CheckOptions, Checked, Ctx, Last, MAX_PROBLEMS, Mode, Respelled, Step, header, match_end,
    match_text, play_in_mode, trace_of,
};
use crate::problem::{Cause, Problem, ProblemKind};
use crate::record::{Item, Outcome, Record};
use crate::spans::Spans;
use crate::write_view;
use rules_core::{AfterRound, Decision, Event, Move, PlayOptions, Position, StatedOptions, Trace};
use std::cell::OnceCell;
use std::ops::ControlFlow;

/// Whether the replay goes on after an item, or stops there.
type Flow = ControlFlow<()>;

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
    pos.play(canonical, PlayOptions::FULL).is_ok_and(|p| {
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

/// A replay under way: the record, the position reached, and what was found.
pub(super) struct Replay<'r> {
    record: &'r Record,
    opts: CheckOptions,
    cx: Ctx<'r>,
    out: Checked,
    /// The canonical record being written, when asked for.
    canon: Option<Record>,
    options: StatedOptions,
    pos: Position,
    last: Last,
    /// The position before the last ply and that ply: what a penalty claim (R26) answers.
    previous: Option<(Position, Move)>,
    /// Plies played so far in the line being checked.
    ply: u32,
    /// The line of movetext being checked: the record's, or a variation's.
    line: &'r [Item],
    /// Where that line is: the indexes of the variations that lead to it from the record's.
    path: Vec<usize>,
    /// The index of the item being checked in the order of [`Spans::items`].
    here: usize,
    /// The point before the last ply of the line, and that ply's step: what a variation after it
    /// starts from (§6.4). `None` before the first ply and after a round marker.
    before_ply: Option<(Point, usize)>,
    /// The side line whose steps are being made (an index of [`Checked::variations`]), or
    /// `None` for the record's own.
    side: Option<usize>,
}

/// The point a replay has reached in a line: what a variation saves and goes back to.
#[derive(Clone)]
struct Point {
    pos: Position,
    last: Last,
    previous: Option<(Position, Move)>,
    ply: u32,
}

impl<'r> Replay<'r> {
    /// Checks `record` (see [`super::check_with`]).
    pub(super) fn run(record: &'r Record, spans: Option<&'r Spans>, opts: CheckOptions) -> Checked {
        let mut cx = Ctx {
            spans,
            problems: Vec::new(),
        };
        let mut out = Checked::default();
        // What the reading grammar guarantees, checked again for JSON input: a record the
        // notation cannot hold is not checked further, as a syntax error stops a record read
        // from text.
        let form =
            crate::form::problems(record, |name| cx.tag_span(name), |k| cx.item_span(k), &[]);
        if !form.is_empty() {
            out.problems = form;
            return out;
        }
        let options = StatedOptions::of(record.variant);
        let pos = match header::start(&mut cx, record, &options) {
            Ok(p) => p,
            Err(p) => {
                cx.push(*p);
                out.problems = cx.problems;
                return out;
            }
        };
        let mut replay = Replay {
            record,
            opts,
            cx,
            out,
            canon: opts.canonical.then(|| Record {
                options: crate::record::canonical_options(record.variant),
                ..record.clone()
            }),
            options,
            pos,
            last: Last::Start,
            previous: None,
            ply: 0,
            line: &record.movetext,
            path: Vec::new(),
            here: 0,
            before_ply: None,
            side: None,
        };
        replay.start();
        let flow = replay.movetext();
        replay.out.plies = replay.ply;
        if flow.is_continue() {
            replay.result();
        }
        let mut out = replay.out;
        out.problems = replay.cx.problems;
        if out.problems.is_empty() {
            out.canonical = replay.canon;
        }
        out
    }

    /// The start position, in the canonical record and the replay.
    fn start(&mut self) {
        let pos = self.pos;
        if let Some(p) = self.canon.as_mut().and_then(|c| c.position.as_mut()) {
            *p = write_view(pos.view());
        }
        if self.opts.steps {
            self.steps().push(Step::Start { position: pos });
            self.round_over_step();
        }
    }

    /// A `RoundOver` step when the round is over at the position reached.
    fn round_over_step(&mut self) {
        if let Some(result) = self.pos.round_result() {
            let round = self.pos.view().round();
            self.steps().push(Step::RoundOver { round, result });
        }
    }

    /// The steps of the line being checked: the record's, or a side line's.
    fn steps(&mut self) -> &mut Vec<Step> {
        match self.side {
            Some(k) => &mut self.out.variations[k].steps,
            None => &mut self.out.steps,
        }
    }

    /// The item `k` of the line being checked in the canonical record, when one is made.
    fn canon_item(&mut self, k: usize) -> Option<&mut Item> {
        let mut items = &mut self.canon.as_mut()?.movetext;
        for &v in &self.path {
            match items.get_mut(v)? {
                Item::Variation { items: inner } => items = inner,
                _ => return None,
            }
        }
        items.get_mut(k)
    }

    fn point(&self) -> Point {
        Point {
            pos: self.pos,
            last: self.last.clone(),
            previous: self.previous,
            ply: self.ply,
        }
    }

    fn go_to(&mut self, p: Point) {
        self.pos = p.pos;
        self.last = p.last;
        self.previous = p.previous;
        self.ply = p.ply;
    }

    /// Every item of the movetext, until one stops the replay.
    fn movetext(&mut self) -> Flow {
        self.items(self.record.movetext.as_slice())
    }

    /// Every item of one line, until one stops its replay.
    fn items(&mut self, line: &'r [Item]) -> Flow {
        self.line = line;
        for (k, item) in line.iter().enumerate() {
            if self.cx.problems.len() >= MAX_PROBLEMS {
                let s = self.cx.item_span(self.here);
                let kind = self.cx.problems[self.cx.problems.len() - 1].kind;
                self.cx.push(Problem::new(
                    kind,
                    s,
                    format!(
                        "more than {MAX_PROBLEMS} problems: the rest of the record is not checked"
                    ),
                ));
                return Flow::Break(());
            }
            match item {
                Item::Comment { .. } => Flow::Continue(()),
                Item::Ply { number, token } => self.ply(k, *number, token),
                Item::Round { round, decision } => self.round(k, *round, decision),
                Item::Annotation { key, value, read } => {
                    self.annotation(k, key, value, read);
                    Flow::Continue(())
                }
                Item::Variation { items } => self.variation(k, items),
            }?;
            self.here += 1;
        }
        Flow::Continue(())
    }

    /// A variation (§6.4): its items checked from the position before the ply it replaces, then
    /// the line goes on from where it was. An illegal move in it stops the variation only: the
    /// line it left is not played from the position it reached.
    fn variation(&mut self, k: usize, items: &'r [Item]) -> Flow {
        let start = self.here;
        self.here += 1;
        // The form check refused a variation with no ply before it (`form.rs`).
        let Some((before, replaced)) = self.before_ply.clone() else {
            self.here = start + Item::count(items);
            return Flow::Continue(());
        };
        let (line, point, side, first_problem) =
            (self.line, self.point(), self.side, self.cx.problems.len());
        let after_ply = self.before_ply.take();
        let number = before.ply + 1;
        if self.opts.steps {
            self.out.variations.push(super::SideLine {
                parent: side,
                replaces: replaced,
                ply: number,
                depth: self.path.len() + 1,
                start: before.pos,
                steps: Vec::new(),
            });
            self.side = Some(self.out.variations.len() - 1);
        }
        self.go_to(before);
        self.path.push(k);
        let flow = self.items(items);
        self.path.pop();
        // A problem of a variation nested in this one says the innermost.
        // The side line is complete: it keeps its steps without the room its vector grew by
        // doubling (four steps for a side line of one ply).
        if let Some(k) = self.side {
            self.out.variations[k].steps.shrink_to_fit();
        }
        for p in &mut self.cx.problems[first_problem..] {
            p.variation.get_or_insert(number);
        }
        self.go_to(point);
        // The next variation of the same ply starts from the same point.
        self.before_ply = after_ply;
        self.line = line;
        self.side = side;
        self.here = start + Item::count(items);
        if self.cx.problems.len() >= MAX_PROBLEMS {
            return flow;
        }
        Flow::Continue(())
    }

    /// Whether the ply before the item `k` of this line, if any, has no number (`2A` in `1. 3B
    /// 2A 2. 4B`: numbers as chess writes them).
    fn after_unnumbered(&self, k: usize) -> bool {
        self.line[..k]
            .iter()
            .rev()
            .find_map(|i| match i {
                Item::Ply { number, .. } => Some(number.is_none()),
                _ => None,
            })
            .unwrap_or(false)
    }

    /// A ply: its number, its token, and the move played.
    fn ply(&mut self, k: usize, number: Option<u32>, token: &str) -> Flow {
        let point = self.point();
        self.ply += 1;
        let ply = self.ply;
        if let Some(n) = number
            && n != ply
        {
            let s = self
                .cx
                .spans
                .and_then(|s| s.numbers.get(self.here).cloned().flatten())
                .or_else(|| self.cx.item_span(self.here));
            self.cx.push(
                Problem::new(
                    ProblemKind::Number,
                    s,
                    crate::hints::wrong_number(n, ply, token, self.after_unnumbered(k)),
                )
                .at_ply(Some(ply), Some(token)),
            );
        }
        let mv = match Move::parse(self.record.game(), token) {
            Ok(m) => m,
            Err(e) => {
                let s = self.cx.item_span(self.here);
                self.cx.push(
                    Problem::new(ProblemKind::Token, s, e.message.clone())
                        .cause(Cause::Token(e))
                        .at_ply(Some(ply), Some(token)),
                );
                return Flow::Break(());
            }
        };
        let (pos, lenient) = (self.pos, self.opts.lenient);
        // The trace only when the replay or lenient validation needs it; an annotation that
        // needs it replays the ply (`trace_of`).
        let result = if self.opts.steps || lenient {
            play_in_mode(&pos, &mv, lenient, self.previous.as_ref())
                .map(|p| (p.position, p.canonical, OnceCell::from(p.trace)))
        } else {
            pos.play(&mv, PlayOptions::QUIET.spelled())
                .map(|p| (p.position, p.canonical, OnceCell::new()))
        };
        match result {
            Ok((after, spelled, trace)) => {
                let step = if self.opts.steps {
                    self.steps().len()
                } else {
                    0
                };
                self.played(k, token, mv, (after, spelled, trace));
                self.before_ply = Some((point, step));
                Flow::Continue(())
            }
            Err(e) => {
                let s = self.cx.item_span(self.here);
                let lenient_only = !lenient && pos.is_lenient_only(&mv);
                let message = if lenient_only {
                    // Not a move of the game but a mark lenient validation accepts: that is
                    // the fix, not another move.
                    format!(
                        "illegal move {token}: {} (mancala validate --lenient)",
                        e.reason
                    )
                } else {
                    format!("illegal move {token}: {}", e.reason)
                };
                // The rule stays with the reason it belongs to (Display writes it), before the
                // moves that are legal there (issue 37.5).
                let legal = if lenient_only {
                    None
                } else {
                    crate::hints::legal_here(&pos)
                };
                self.cx.push(
                    Problem::new(ProblemKind::IllegalMove, s, message)
                        .cause(Cause::Refused(e.reason))
                        .rule(Some(e.rule))
                        .hint(legal.map_or_else(String::new, |l| format!("; {l}")))
                        .at_ply(Some(ply), Some(token)),
                );
                Flow::Break(())
            }
        }
    }

    /// A legal ply `mv`, written `token`, played: its canonical spelling, the replay step, and
    /// the new position.
    fn played(
        &mut self,
        k: usize,
        token: &str,
        mv: Move,
        (after, spelled, trace): (Position, Move, OnceCell<Trace>),
    ) {
        let (ply, before) = (self.ply, self.pos);
        let mover = before.to_move();
        let paths = path_annotations(self.line.get(k + 1..).unwrap_or_default());
        // A lenient-only mark is not a move of the game: it keeps its own (normalised) spelling.
        let lenient_only = before.is_lenient_only(&mv);
        let canonical = if lenient_only
            || (!paths.is_empty()
                && !same_path(&before, &spelled, trace_of(&before, &mv, &trace), &paths))
        {
            // (Or) the ply's path is annotated, and the outcome's first spelling takes another
            // path: the decisions as written stay (§10.2).
            written(&mv)
        } else {
            spelled
        };
        self.out.lenient_plies += u32::from(lenient_only);
        self.previous = Some((before, mv));
        // The canonical token as text only when something keeps it: most plies are written
        // canonically, and the comparison needs no text.
        let as_written = super::spelling::spells(&canonical, token);
        let text =
            (!as_written || self.canon.is_some() || self.opts.steps).then(|| canonical.to_string());
        if !as_written && let Some(text) = &text {
            self.out.respelled.push(Respelled {
                ply,
                written: token.to_owned(),
                canonical: text.clone(),
            });
        }
        if let Some(Item::Ply { number, token }) = self.canon_item(k)
            && let Some(text) = &text
        {
            *number = Some(ply);
            token.clone_from(text);
        }
        self.pos = after;
        if self.opts.steps {
            self.steps().push(Step::Ply {
                number: ply,
                written: token.to_owned(),
                token: text.unwrap_or_else(|| canonical.to_string()),
                mover,
                trace: trace_of(&before, &mv, &trace).clone(),
                after,
            });
            self.round_over_step();
        }
        self.last = Last::Ply {
            number: ply,
            mover,
            mv,
            before,
            trace,
        };
    }

    /// A round boundary: the round must be over, the number the next one, the decision one the
    /// game allows.
    fn round(&mut self, k: usize, round: u32, decision: &Decision) -> Flow {
        let now = self.pos.view().round();
        let s = self.cx.item_span(self.here);
        if self.pos.round_result().is_none() {
            // The rule that ends rounds (B13, G19, S15, ...), as the rules core names it.
            let rule = self.pos.decision_request().err().map(|e| e.rule);
            self.cx.push(
                Problem::new(
                    ProblemKind::Round,
                    s,
                    format!(
                        "round {now} is not over: {} can still move, so round {round} cannot start",
                        self.pos.to_move()
                    ),
                )
                .rule(rule)
                .at_ply(Some(self.ply), None),
            );
            return Flow::Break(());
        }
        if round != now + 1 {
            self.cx.push(Problem::new(
                ProblemKind::Round,
                s.clone(),
                format!(
                    "round {now} is over: the next round is {}, not {round}",
                    now + 1
                ),
            ));
        }
        match self.pos.after_round(decision) {
            Ok(AfterRound::Next(next)) => {
                self.pos = next;
                if let Some(Item::Round { decision, .. }) = self.canon_item(k)
                    && let Decision::Fill(h) = decision
                {
                    h.sort_by_key(|h| (h.side, h.number));
                }
                if self.opts.steps {
                    self.steps().push(Step::Round {
                        round,
                        decision: decision.clone(),
                        position: next,
                    });
                }
                self.last = Last::Round(round);
                self.before_ply = None;
                Flow::Continue(())
            }
            Ok(AfterRound::MatchOver(m)) => {
                self.cx.push(
                    Problem::new(
                        ProblemKind::Round,
                        s,
                        format!(
                            "the match is over after round {now}: {}; end the record with {}",
                            match_text(&m),
                            Outcome::of_winner(m.winner)
                        ),
                    )
                    .rule(Some(m.rule))
                    .cause(Cause::MatchOver(m)),
                );
                Flow::Break(())
            }
            Err(e) => {
                self.cx.push(
                    Problem::new(ProblemKind::Round, s, e.reason.to_string())
                        .rule(Some(e.rule))
                        .cause(Cause::Round(e.reason)),
                );
                Flow::Break(())
            }
        }
    }

    /// An annotation, checked at the point reached; its canonical form goes into the canonical
    /// record.
    fn annotation(
        &mut self,
        k: usize,
        key: &str,
        value: &str,
        read: &Result<crate::Annotation, String>,
    ) {
        let s = self.cx.item_span(self.here);
        let mode = Mode {
            lenient: self.opts.lenient,
            previous: self.previous.as_ref(),
        };
        match annotate(key, read, &self.pos, &self.last, &self.options, mode) {
            Ok(canonical) => {
                if let Some(Item::Annotation { value, read, .. }) = self.canon_item(k) {
                    *value = canonical.value();
                    *read = Ok(canonical);
                }
            }
            Err((message, rule)) => {
                let (p, t) = match &self.last {
                    Last::Ply { number, mv, .. } => (Some(*number), Some(mv.to_string())),
                    _ => (None, None),
                };
                // A wrong but legal move: say which moves the annotation would fit.
                let hint = fitting_moves(key, read, &self.pos, &self.last, &self.options, mode)
                    .map_or_else(String::new, |fits| match fits.as_slice() {
                        [] => "; no other legal move would fit it".to_owned(),
                        [one] => format!("; {one} would fit it"),
                        [init @ .., last] => {
                            format!("; {} or {last} would fit it", init.join(", "))
                        }
                    });
                // The rule stays with the reason it belongs to, before the hint.
                self.cx.push(
                    Problem::new(
                        ProblemKind::Annotation,
                        s,
                        format!("annotation ({key} {value}): {message}"),
                    )
                    .rule(rule)
                    .hint(hint)
                    .at_ply(p, t.as_deref()),
                );
            }
        }
    }

    /// The result terminator against how the replay ended.
    fn result(&mut self) {
        let expected = match_end(&self.pos);
        if self.opts.steps
            && let Some(m) = &expected
        {
            self.steps().push(Step::MatchOver { result: m.clone() });
        }
        let want = expected
            .as_ref()
            .map_or(Outcome::Unfinished, |m| Outcome::of_winner(m.winner));
        let got = self.record.result;
        if want == got {
            return;
        }
        let s = self.cx.spans.map(|s| s.result.clone());
        let message = match &expected {
            Some(m) if got == Outcome::Unfinished => format!(
                "the match is over: {}; the result is {want}, not *",
                match_text(m)
            ),
            Some(m) => format!(
                "the match is over: {}; the result is {want}, not {got}",
                match_text(m)
            ),
            None => {
                let s = self.pos.view();
                if self.pos.round_result().is_some() {
                    format!(
                        "the match is not over: round {} is over and the match goes on to round {}; the result is *, not {got}",
                        s.round(),
                        s.round() + 1
                    )
                } else {
                    format!(
                        "the match is not over: round {} goes on with {} to move; the result is *, not {got}",
                        s.round(),
                        s.to_move()
                    )
                }
            }
        };
        // The rule that ends the match, or, when the round is not over, the one that ends rounds.
        let rule = expected
            .as_ref()
            .map(|m| m.rule)
            .or_else(|| self.pos.decision_request().err().map(|e| e.rule));
        let ply = self.ply;
        self.cx.push(
            Problem::new(ProblemKind::Result, s, message)
                .rule(rule)
                .cause(expected.map_or(Cause::Notation, Cause::MatchOver))
                .at_ply((ply > 0).then_some(ply), None),
        );
    }
}
