//! Replays a record with the rules core (`spec/notation.md` §9): every ply, round boundary,
//! annotation and the result are checked, and the record is put in its canonical form.
//!
//! * [`header`]: the start position, from the `Position` tag or the start of round 1;
//! * [`replay`]: the movetext, item by item, and the result;
//! * [`annotate`]: one comparison per annotation kind (§6.2);
//! * [`setup_diff`]: what differs between a written position and the engine's.

mod annotate;
mod header;
mod replay;
mod setup_diff;
mod spelling;
pub use spelling::spells;

use crate::problem::Problem;
use crate::record::Record;
use crate::spans::Spans;
use rules_core::{
    AfterRound, Decision, MatchResult, Move, PlayOptions, Player, Position, RoundResult, Trace,
};
use std::cell::OnceCell;
use std::collections::BTreeMap;
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
    /// The replay of each variation (§6.4), when the replay is asked for, in the order they are
    /// written: a variation's own variations after it.
    pub variations: Vec<SideLine>,
}

/// The replay of one variation (spec/notation.md §6.4): a side line that replaces a ply of the
/// line it branches from, played from the position before that ply.
#[derive(Clone, Debug)]
pub struct SideLine {
    /// The line it branches from: `None` for the record's own, or the index of another side line
    /// in [`Checked::variations`].
    pub parent: Option<usize>,
    /// The index, in the steps of that line, of the ply it replaces.
    pub replaces: usize,
    /// The number of that ply, which is its first ply's.
    pub ply: u32,
    /// How deep it is nested: 1 for a variation of the record's own line.
    pub depth: usize,
    /// The position it starts from: the one the replaced ply was played in.
    pub start: Position,
    /// Its plies, round ends and set-ups, as [`Checked::steps`] (without a `Start`).
    pub steps: Vec<Step>,
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

/// One thing of a replay, in the order the record writes it ([`Checked::walk`]).
#[derive(Clone, Copy, Debug)]
pub enum Walked<'a> {
    /// A step of the record's line (`line` `None`) or of the side line `line`
    /// ([`Checked::variations`]), at its `index` in that line's steps.
    Step {
        /// The line.
        line: Option<usize>,
        /// The step's index in the line.
        index: usize,
        /// The step.
        step: &'a Step,
    },
    /// A variation starts: the side line `line`.
    Enter {
        /// Its index in [`Checked::variations`].
        line: usize,
        /// The side line.
        side: &'a SideLine,
    },
    /// The variation `line` ends; its parent line goes on.
    Leave {
        /// Its index in [`Checked::variations`].
        line: usize,
        /// The side line.
        side: &'a SideLine,
    },
}

impl Checked {
    /// The replay in the order the record writes it: the steps of its line, each variation
    /// after the ply it replaces (and after the end of the round or match that ply made), with
    /// its own steps and variations between its `Enter` and `Leave`.
    #[must_use]
    pub fn walk(&self) -> Vec<Walked<'_>> {
        let mut out = Vec::with_capacity(self.steps.len());
        let mut children: Children = BTreeMap::new();
        for (k, side) in self.variations.iter().enumerate() {
            children
                .entry((side.parent, side.replaces))
                .or_default()
                .push(k);
        }
        self.walk_line(None, &self.steps, &children, &mut out);
        out
    }

    fn walk_line<'a>(
        &'a self,
        line: Option<usize>,
        steps: &'a [Step],
        children: &Children,
        out: &mut Vec<Walked<'a>>,
    ) {
        let mut ply = None;
        for (index, step) in steps.iter().enumerate() {
            out.push(Walked::Step { line, index, step });
            if matches!(step, Step::Ply { .. }) {
                ply = Some(index);
            }
            let ends = !matches!(
                steps.get(index + 1),
                Some(Step::RoundOver { .. } | Step::MatchOver { .. })
            );
            if let (true, Some(replaced)) = (ends, ply.take()) {
                for &k in children.get(&(line, replaced)).into_iter().flatten() {
                    let side = &self.variations[k];
                    out.push(Walked::Enter { line: k, side });
                    self.walk_line(Some(k), &side.steps, children, out);
                    out.push(Walked::Leave { line: k, side });
                }
            }
        }
    }
}

/// The side lines of each (line, index of the ply they replace).
type Children = BTreeMap<(Option<usize>, usize), Vec<usize>>;

/// Checking a record stops after this many problems.
pub const MAX_PROBLEMS: usize = 50;

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

/// Checks a record, in lenient validation when `opts.lenient` (spec/notation.md §9; Redu R25,
/// R26: forgotten M1 captures and penalty claims are accepted, and kept as written in the
/// canonical record; strict validation rejects them saying they need lenient validation). The
/// replay and the canonical record are made only if `opts` asks for them: the problems found,
/// and the respellings, are the same.
#[must_use]
pub fn check_with(record: &Record, spans: Option<&Spans>, opts: CheckOptions) -> Checked {
    // The root cause first: a board the header's options do not give (a missing Options tag).
    if let Some(p) = crate::hints::board_of_other_options(record, spans) {
        return Checked {
            problems: vec![p],
            ..Checked::default()
        };
    }
    replay::Replay::run(record, spans, opts)
}

/// What the last item left to annotate.
#[derive(Clone)]
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

/// The validation mode, for the annotations that play a move (`forbidden`).
#[derive(Clone, Copy)]
struct Mode<'a> {
    lenient: bool,
    previous: Option<&'a (Position, Move)>,
}

/// The ply's trace: the one kept, or the ply replayed the first time it is needed.
fn trace_of<'a>(before: &Position, mv: &Move, trace: &'a OnceCell<Trace>) -> &'a Trace {
    trace.get_or_init(|| {
        before
            .play(mv, PlayOptions::QUIET.traced())
            .map(|p| p.trace)
            .expect("the ply was legal when it was played")
    })
}

/// Plays `mv` at `pos` in the validation mode: strictly (`Position::play`), or leniently
/// (with `previous`, the position before the last ply and that ply).
fn play_in_mode(
    pos: &Position,
    mv: &Move,
    lenient: bool,
    previous: Option<&(Position, Move)>,
) -> Result<rules_core::Played, rules_core::PlayError> {
    let opts = if lenient {
        PlayOptions::FULL.lenient(previous.map(|(p, m)| (p, m)))
    } else {
        PlayOptions::FULL
    };
    pos.play(mv, opts)
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

    /// A Bechi record of notation 1.1 from the start, B to open, checked with its replay.
    fn bechi(movetext: &str) -> (Checked, String) {
        let text = format!("[Notation \"1.1\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n{movetext}\n");
        let p = parse_record(&text).unwrap();
        let checked = check(&p.record, Some(&p.spans), true);
        let printed = checked
            .canonical
            .as_ref()
            .map(crate::print_record)
            .unwrap_or_default();
        (checked, printed)
    }

    #[test]
    fn a_variation_is_played_from_the_position_before_the_ply_it_replaces() {
        // 2B and 4B instead of 3B: each from the start; the record's own 2. 1A after them.
        let (c, printed) = bechi("1. 3B (2B) (4B 1A) 2. 1A *");
        assert!(c.problems.is_empty(), "{:?}", c.problems);
        assert_eq!(c.plies, 2);
        assert_eq!(c.variations.len(), 2);
        let Step::Start { position: start } = &c.steps[0] else {
            panic!("{:?}", c.steps[0])
        };
        for side in &c.variations {
            assert_eq!(
                (side.parent, side.replaces, side.ply, side.depth),
                (None, 1, 1, 1)
            );
            assert_eq!(side.start, *start);
            // A complete side line keeps no room beyond its steps (issue 34).
            assert_eq!(side.steps.capacity(), side.steps.len());
        }
        assert_eq!(c.variations[1].steps.len(), 2);
        // Numbered in the canonical form, the first ply with the number of the one replaced.
        assert!(
            printed.ends_with("\n\n1. 3B (1. 2B) (1. 4B 2. 1A) 2. 1A *\n"),
            "{printed}"
        );
        // The walk: the record's start and ply 1, each variation, then ply 2.
        let kinds: Vec<String> = c
            .walk()
            .iter()
            .map(|w| match w {
                Walked::Step { line, step, .. } => format!(
                    "{line:?}:{}",
                    match step {
                        Step::Ply { number, .. } => number.to_string(),
                        _ => "s".to_owned(),
                    }
                ),
                Walked::Enter { line, .. } => format!("enter {line}"),
                Walked::Leave { line, .. } => format!("leave {line}"),
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "None:s",
                "None:1",
                "enter 0",
                "Some(0):1",
                "leave 0",
                "enter 1",
                "Some(1):1",
                "Some(1):2",
                "leave 1",
                "None:2"
            ]
        );
    }

    #[test]
    fn a_problem_in_a_variation_says_so_and_the_line_goes_on() {
        // 1A is A's hole (B4): the variation stops there, the record goes on to its own 2. 1A,
        // whose wrong count is found too.
        let (c, _) = bechi("1. 3B (1. 1A 2. 2A) 2. 1A (captures 99) *");
        let messages: Vec<String> = c.problems.iter().map(ToString::to_string).collect();
        assert_eq!(messages.len(), 2, "{messages:?}");
        // Where it is and why are values; the words say them.
        assert_eq!(c.problems[0].variation, Some(1));
        assert!(matches!(c.problems[0].cause, crate::Cause::Refused(_)));
        assert_eq!(c.problems[1].variation, None);
        assert!(
            messages[0].starts_with("in a variation of ply 1: illegal move 1A"),
            "{messages:?}"
        );
        assert!(
            messages[1].starts_with("annotation (captures 99)"),
            "{messages:?}"
        );
        // In a variation in a variation, the innermost is named, once.
        let (c, _) = bechi("1. 3B (1. 2B 2. 1A (2. 2A 3. 1A)) 2. 1A *");
        let shown: Vec<String> = c.problems.iter().map(ToString::to_string).collect();
        assert_eq!(shown.len(), 1, "{shown:?}");
        assert!(
            shown[0].starts_with("in a variation of ply 2: illegal move 1A: "),
            "{shown:?}"
        );
        // The rule, then the moves legal there (issue 37.5).
        assert!(
            shown[0].ends_with(" (B4); legal here: 1B 2B 3B 4B"),
            "{shown:?}"
        );
        // A variation with no ply before it, or after a round marker, is refused as it stands.
        let (c, _) = bechi("(1. 3B) 1. 3B *");
        assert!(
            c.problems[0]
                .message
                .starts_with("a variation replaces the ply before it")
        );
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
            [
                "annotation (marked none): ply 1 marked 1A:b, not none (U5); 1B, 2B, 5B or 6B would fit it"
            ]
        );
        assert_eq!(
            problems("1. 4B (marked 1A) *"),
            ["annotation (marked 1A): expected HOLE:MARK such as 1A:b, found `1A`"]
        );
        assert_eq!(
            problems("1. 4B (marked 1A:*) *"),
            [
                "annotation (marked 1A:*): mark `*` on 1A: Uugg marks are a and b (uugg of A, of B); no other legal move would fit it"
            ]
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
                "annotation (position uugg 4,4,4,4,4,4a/4,4,4,0,6,6 A opener=B): 1A has uugg of B, not uugg of A; the position is uugg 4,4,4,4,4,4b/4,4,4,0,6,6 A opener=B; no other legal move would fit it"
            ]
        );
    }
}
