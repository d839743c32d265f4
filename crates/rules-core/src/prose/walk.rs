//! The words every game's plies share, and the walk through a ply's events that the
//! explanation and the step lines make: following the seeds on a copy of the board (which says
//! what every hole held before each seed), the seeds, marks, notes and turns. What one game says
//! in its own words (why a lap starts or relays, why a capture is made, why a player passes)
//! is that game's [`Prose`], in its folder (`games/<game>/prose.rs`).
//!
//! Every rule an explanation cites is written through [`Walk::cite`], which records it: the
//! rules an explanation cites are known as typed values, never read back out of its words.

use crate::geometry::{Geometry, Hole};
use crate::marks::{Mark, MarkKind};
use crate::player::{Dir, Player};
use crate::round::Decision;
use crate::rule::Rule;
use crate::setup::Setup;
use crate::trace::{CaptureKind, Event, LapKind, Trace};
use std::cell::RefCell;
use std::fmt::Write as _;

/// The direction of a lap in words.
#[must_use]
pub fn dir_words(dir: Dir) -> &'static str {
    match dir {
        Dir::Ccw => "counterclockwise (+)",
        Dir::Cw => "clockwise (-)",
    }
}

/// "all 7 seeds", "the single seed".
pub(crate) fn all_seeds(n: u32) -> String {
    if n == 1 {
        "the single seed".to_owned()
    } else {
        format!("all {n} seeds")
    }
}

/// "1 seed", "7 seeds".
pub(crate) fn seeds_word(n: u32) -> String {
    if n == 1 {
        "1 seed".to_owned()
    } else {
        format!("{n} seeds")
    }
}

/// Upper-cases the first letter of a sentence.
pub(crate) fn sentence(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// A lap that starts: its hole, seeds, direction and rule.
pub(crate) struct LapStart {
    pub(crate) hole: Hole,
    pub(crate) seeds: u32,
    pub(crate) dir: Dir,
    pub(crate) rule: Rule,
}

/// A capture: the hole, its index, the seeds and who takes them, and the rule.
pub(crate) struct Taking {
    pub(crate) hole: Hole,
    pub(crate) i: usize,
    pub(crate) seeds: u32,
    pub(crate) player: Player,
    pub(crate) kind: CaptureKind,
    pub(crate) rule: Rule,
}

/// A relay: "so the sowing goes on (G8): all 3 seeds of 2B are lifted and sown as lap 2, ",
/// then `how` and the direction.
pub(crate) fn goes_on(w: &Walk<'_>, l: &LapStart, how: &str) -> String {
    format!(
        "so the sowing goes on ({}): all {} of {} are lifted and sown as lap {}, {how}{}",
        w.cite(l.rule),
        seeds_word(l.seeds),
        l.hole,
        w.lap,
        dir_words(l.dir)
    )
}

/// A first lap in the words any game may use.
pub(crate) fn default_first_lap(w: &Walk<'_>, l: &LapStart) -> String {
    format!(
        "{} lifts {} of {} and sows them {} ({}).",
        w.mover,
        all_seeds(l.seeds),
        l.hole,
        dir_words(l.dir),
        w.cite(l.rule)
    )
}

/// A capture in the words any game may use.
pub(crate) fn default_capture(w: &Walk<'_>, c: &Taking) -> String {
    format!(
        "{} captures {} from {} ({}).",
        c.player,
        seeds_word(c.seeds),
        c.hole,
        w.cite(c.rule)
    )
}

/// What a game says in its own words. The defaults are the words any game may use.
pub(crate) trait Prose {
    /// The first lap of the move.
    fn first_lap(&self, w: &Walk<'_>, l: &LapStart) -> String {
        default_first_lap(w, l)
    }

    /// Why the sowing goes on from the hole `i` of the last seed, which held `held` before it,
    /// as lap `w.lap`.
    fn relay(&self, w: &Walk<'_>, i: usize, held: u32, l: &LapStart) -> String {
        let _ = (i, held);
        format!(
            "so all {} of {} are lifted and sown as lap {}, {} ({})",
            seeds_word(l.seeds),
            l.hole,
            w.lap,
            dir_words(l.dir),
            w.cite(l.rule)
        )
    }

    /// Seeds gathered one from each of several holes: the opening of Sulus Nishtaw (S4, S6).
    fn gather(&self, w: &Walk<'_>, holes: &[Hole], seeds: u32, dir: Dir, rule: Rule) -> String {
        let names: Vec<String> = holes.iter().map(ToString::to_string).collect();
        format!(
            "The opening: {} takes one seed from each of {} ({seeds} in all) and sows them {}, starting in the hole after the last of them ({}).",
            w.mover,
            names.join(" "),
            dir_words(dir),
            w.cite(rule),
        )
    }

    /// A capture.
    fn capture(&self, w: &mut Walk<'_>, c: &Taking) -> String {
        default_capture(w, c)
    }

    /// Why a player has no legal move, after "has no legal move".
    fn pass_why(&self, w: &Walk<'_>) -> String {
        let _ = w;
        String::new()
    }

    /// The steps of a ply in the game's own layout, if it has one (Redu: seed by seed, column
    /// by column); by default lap by lap ([`lap_steps`]).
    fn steps(&self, trace: &Trace, indent: &str) -> Option<String> {
        let _ = (trace, indent);
        None
    }

    /// What is pending at a position besides the player to move, in words (Redu's right), and
    /// the rules the words cite.
    fn pending(&self, setup: &Setup) -> Option<(String, &'static [Rule])> {
        let _ = setup;
        None
    }

    /// How a round set up by `decision` was set up, where the game says it in its own words.
    fn set_up_words(&self, decision: &Decision) -> Option<&'static str> {
        let _ = decision;
        None
    }
}

/// A walk through the events of a ply, following the seeds from the position before it.
pub(crate) struct Walk<'a> {
    /// The position before the ply.
    pub(crate) setup: Setup,
    pub(crate) g: Geometry,
    pub(crate) mover: Player,
    pub(crate) trace: &'a Trace,
    /// What each hole holds now, and its mark.
    pub(crate) seeds: Vec<u32>,
    pub(crate) marks: Vec<Option<Mark>>,
    /// The lap under way, from 1, and the seeds of it sown so far.
    pub(crate) lap: u32,
    seed_no: u32,
    /// The hole of the last seed sown and what it held before that seed.
    pub(crate) last: Option<(usize, u32)>,
    /// Whether a seed of this move fell in a row not the mover's.
    pub(crate) sown_in_opponents_row: bool,
    /// Whether a capture of this ply has already said why captures are made.
    pub(crate) capture_explained: bool,
    /// Whether the counts every seed changes are the board's (see [`follow`]).
    counts: bool,
    /// The rules the lines cite, each once, in the order first cited.
    cites: RefCell<Vec<Rule>>,
}

impl Walk<'_> {
    /// `rule`, recorded as cited: every rule a line writes is written through here.
    pub(crate) fn cite(&self, rule: Rule) -> Rule {
        let mut cites = self.cites.borrow_mut();
        if !cites.contains(&rule) {
            cites.push(rule);
        }
        rule
    }

    /// `rules` as a line writes them, `R5, R20, R22`, recorded as cited.
    pub(crate) fn cite_all(&self, rules: &[Rule]) -> String {
        let ids: Vec<&str> = rules.iter().map(|&r| self.cite(r).id()).collect();
        ids.join(", ")
    }

    /// "A's own", "B's": whose hole `i` is, from the mover's side.
    fn whose(&self, i: usize) -> String {
        let o = self.setup.owner(i);
        if o == self.mover {
            format!("{o}'s own")
        } else {
            format!("{o}'s")
        }
    }
}

/// One line per event of `trace` from `before`, and the rules they cite (each once, in the
/// order first cited); `counts` shows each hole's count before and after each seed.
pub(crate) fn steps_explained(
    game: &dyn Prose,
    setup: Setup,
    trace: &Trace,
    counts: bool,
) -> (Vec<String>, Vec<Rule>) {
    let mut w = Walk {
        g: setup.geometry(),
        mover: setup.to_move,
        trace,
        seeds: setup.seeds.clone(),
        marks: setup.marks.clone(),
        setup,
        lap: 0,
        seed_no: 0,
        last: None,
        sown_in_opponents_row: false,
        capture_explained: false,
        counts,
        cites: RefCell::new(Vec::new()),
    };
    let mut out: Vec<String> = Vec::new();
    for (k, e) in trace.events.iter().enumerate() {
        if let Some(line) = explain_event(game, &mut w, k, e) {
            out.push(line);
        }
    }
    (out, w.cites.into_inner())
}

/// The line of one event, if it has one.
fn explain_event(game: &dyn Prose, w: &mut Walk<'_>, k: usize, e: &Event) -> Option<String> {
    match e {
        Event::Lift {
            hole,
            seeds,
            dir,
            lap,
            rule,
        } => {
            let i = w.g.index(*hole)?;
            w.lap += 1;
            w.seed_no = 0;
            let l = LapStart {
                hole: *hole,
                seeds: *seeds,
                dir: *dir,
                rule: *rule,
            };
            let line = if *lap == LapKind::Relay {
                let held = w.last.filter(|(j, _)| *j == i).map_or(0, |(_, h)| h);
                format!(
                    "The last seed of lap {} fell in {hole}, which held {held} before it: {}.",
                    w.lap - 1,
                    game.relay(w, i, held, &l)
                )
            } else {
                game.first_lap(w, &l)
            };
            w.seeds[i] -= (*seeds).min(w.seeds[i]);
            w.last = None;
            Some(line)
        }
        Event::Gather {
            holes,
            seeds,
            dir,
            rule,
        } => {
            w.lap += 1;
            w.seed_no = 0;
            let line = game.gather(w, holes, *seeds, *dir, *rule);
            for h in holes {
                if let Some(i) = w.g.index(*h) {
                    w.seeds[i] = w.seeds[i].saturating_sub(1);
                }
            }
            w.last = None;
            Some(line)
        }
        Event::Sow { hole } => sow_line(w, k, *hole),
        Event::Capture {
            hole,
            seeds,
            player,
            kind,
            rule,
        } => {
            let i = w.g.index(*hole)?;
            let c = Taking {
                hole: *hole,
                i,
                seeds: *seeds,
                player: *player,
                kind: *kind,
                rule: *rule,
            };
            let line = game.capture(w, &c);
            w.seeds[i] = w.seeds[i].saturating_sub(*seeds);
            Some(line)
        }
        Event::Mark { hole, mark, rule } => {
            if let Some(i) = w.g.index(*hole) {
                w.marks[i] = Some(*mark);
            }
            Some(mark_line(w, *hole, *mark, *rule))
        }
        Event::Note { rule, note } => {
            // The note's words first, then its rule, as the line reads.
            for &r in note.cites() {
                w.cite(r);
            }
            Some(format!(
                "{} ({}).",
                sentence(&note.to_string()),
                w.cite(*rule)
            ))
        }
        Event::Pass { player, rule } => Some(format!(
            "{player} has no legal move{}, so he passes, and the pass is a ply ({}).",
            game.pass_why(w),
            w.cite(*rule)
        )),
        Event::Next {
            player,
            repeat,
            rule,
        } => Some(if *repeat {
            format!("{player} moves again ({}).", w.cite(*rule))
        } else {
            format!("The turn passes to {player} ({}).", w.cite(*rule))
        }),
    }
}

/// One seed into `hole`: its number, whose hole, the count before and after, its mark, and
/// whether it is the last of the lap.
fn sow_line(w: &mut Walk<'_>, k: usize, hole: Hole) -> Option<String> {
    let i = w.g.index(hole)?;
    w.seed_no += 1;
    let held = w.seeds[i];
    w.seeds[i] += 1;
    if w.setup.owner(i) != w.mover {
        w.sown_in_opponents_row = true;
    }
    let mut l = format!("  seed #{} into {hole} ({} hole)", w.seed_no, w.whose(i));
    if w.counts {
        let _ = write!(l, ": {held} -> {}", w.seeds[i]);
    }
    if let Some(m) = w.marks[i] {
        let what = match m.kind {
            MarkKind::Chosen => "chosen".to_owned(),
            MarkKind::Blocked => "blocked".to_owned(),
            MarkKind::Claim => format!("claimed by {}", m.owner),
            MarkKind::Uugg => format!("an uugg of {}", m.owner),
        };
        let _ = write!(l, " [{what}]");
    }
    // The last seed of a lap: no other seed falls before the next lap.
    let more = w.trace.events[k + 1..]
        .iter()
        .take_while(|e| !matches!(e, Event::Lift { .. } | Event::Gather { .. }))
        .any(|e| matches!(e, Event::Sow { .. }));
    if !more {
        l.push_str("  (last seed of the lap)");
    }
    w.last = Some((i, held));
    Some(l)
}

/// A mark set on `hole`.
fn mark_line(w: &Walk<'_>, hole: Hole, mark: Mark, rule: Rule) -> String {
    match mark.kind {
        MarkKind::Chosen => format!(
            "{hole} is now chosen: a move has started from it this round, so its seeds can be captured ({}).",
            w.cite(Rule::B2)
        ),
        MarkKind::Blocked => format!("{hole} is blocked ({}).", w.cite(rule)),
        MarkKind::Claim => format!(
            "{hole} becomes a claimed hole of {}: nobody sows from it, and its seeds count for its creator ({}, {}).",
            mark.owner,
            w.cite(rule),
            w.cite(Rule::S16)
        ),
        MarkKind::Uugg => format!(
            "{hole} becomes an uugg of {}: nobody sows from it, and its seeds count for {} ({}, {}).",
            mark.owner,
            mark.owner,
            w.cite(rule),
            w.cite(Rule::U8)
        ),
    }
}

/// The steps of a ply, one line each, indented by `indent`, lap by lap, with the holes each lap
/// sowed.
pub(crate) fn lap_steps(trace: &Trace, indent: &str) -> String {
    let mut out = String::new();
    let mut lap = 0;
    let mut sown: Vec<String> = Vec::new();
    let flush = |out: &mut String, sown: &mut Vec<String>| {
        if !sown.is_empty() {
            let _ = writeln!(out, "{indent}  sown: {}", sown.join(" "));
            sown.clear();
        }
    };
    let events = &trace.events;
    let mut k = 0;
    while k < events.len() {
        let e = &events[k];
        if let Event::Sow { hole } = e {
            sown.push(hole.to_string());
        } else {
            flush(&mut out, &mut sown);
            if let Event::Lift { .. } | Event::Gather { .. } = e {
                lap += 1;
            }
            // A tax reads as one step together with the repeat move that follows it.
            let next = events.get(k + 1);
            let tax_then_repeat = matches!(
                e,
                Event::Capture {
                    kind: CaptureKind::Tax,
                    ..
                }
            ) && matches!(next, Some(Event::Next { repeat: true, .. }));
            step_line(
                &mut out,
                e,
                lap,
                indent,
                if tax_then_repeat { next } else { None },
            );
            k += usize::from(tax_then_repeat);
        }
        k += 1;
    }
    flush(&mut out, &mut sown);
    out
}

/// The line of one event other than a seed, lap `lap`; `then` is the repeat move a tax takes
/// with it.
fn step_line(out: &mut String, e: &Event, lap: u32, indent: &str, then: Option<&Event>) {
    let _ = match e {
        Event::Sow { .. } => Ok(()),
        Event::Lift {
            hole,
            seeds,
            dir,
            lap: kind,
            rule,
        } => writeln!(
            out,
            "{indent}lap {lap}{}: {seeds} lifted from {hole}, sown {} ({rule})",
            if *kind == LapKind::Relay {
                " (relay)"
            } else {
                ""
            },
            dir_words(*dir)
        ),
        Event::Gather {
            holes,
            seeds,
            dir,
            rule,
        } => {
            let names: Vec<String> = holes.iter().map(ToString::to_string).collect();
            writeln!(
                out,
                "{indent}lap {lap}: {seeds} taken, one from each of {}, sown {} ({rule})",
                names.join(" "),
                dir_words(*dir)
            )
        }
        Event::Capture {
            hole,
            seeds,
            player,
            kind: CaptureKind::Tax,
            rule,
        } => {
            let mut l = format!("{indent}tax: {player} takes {seeds} from {hole} ({rule})");
            if let Some(Event::Next {
                player: p, rule: r, ..
            }) = then
            {
                let _ = write!(l, ", {p} moves again ({r})");
            }
            writeln!(out, "{l}")
        }
        Event::Capture {
            hole,
            seeds,
            player,
            rule,
            ..
        } => writeln!(
            out,
            "{indent}{player} captures {seeds} from {hole} ({rule})"
        ),
        Event::Mark { hole, mark, rule } => match mark.kind {
            MarkKind::Claim => writeln!(out, "{indent}{} claims {hole} ({rule})", mark.owner),
            MarkKind::Uugg => writeln!(
                out,
                "{indent}{hole} becomes an uugg of {} ({rule})",
                mark.owner
            ),
            MarkKind::Chosen => writeln!(out, "{indent}{hole} is marked chosen ({rule})"),
            MarkKind::Blocked => writeln!(out, "{indent}{hole} is marked blocked ({rule})"),
        },
        Event::Note { rule, note } => writeln!(out, "{indent}{note} ({rule})"),
        Event::Pass { player, rule } => writeln!(
            out,
            "{indent}{player} has no legal move and passes ({rule})"
        ),
        Event::Next {
            player,
            repeat,
            rule,
        } => {
            if *repeat {
                writeln!(out, "{indent}{player} moves again ({rule})")
            } else {
                Ok(())
            }
        }
    };
}
