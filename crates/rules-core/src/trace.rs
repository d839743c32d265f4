//! What a ply did, step by step: each lap with the holes it sowed, each capture, each mark, who
//! moves next. `replay`, `explain` and error messages show it.
//!
//! The sowing code is generic over a [`Tracer`]; perft uses [`NoTrace`], whose events are never
//! built, so tracing costs nothing on the hot path.

use crate::geometry::Hole;
use crate::marks::Mark;
use crate::notes::Note;
use crate::player::{Dir, Player};
use crate::rule::Rule;
#[cfg(feature = "serde")]
use serde::{Serialize, Serializer};

/// What kind of lap a [`Event::Lift`] starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LapKind {
    /// The first lap of a move, from its start hole (or the holes it gathers from).
    Start,
    /// A relay: a lap forced by the last seed of the lap before (G8, S8, U5); in the Sulus
    /// Nishtaw opening, the lap from the hole of the last gathered seed (S4, S6).
    Relay,
}

/// What kind of capture a [`Event::Capture`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CaptureKind {
    /// Made by where a seed fell (the hole of the last seed, the hole facing it: B9, G15, M1,
    /// M2), by a balla (U9), by a right or a penalty (R22-R24, R26).
    Made,
    /// A further hole taken after the first, in a chain (B10, G17).
    Chain,
    /// A tax (S9): the last seed, and one seed the hole the opponent claimed held; the mover moves
    /// again (S10).
    Tax,
}

/// One step of a ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Seeds lifted from a hole to sow a lap: the first lap of a move, or a relay.
    Lift {
        /// The hole emptied.
        hole: Hole,
        /// How many seeds were lifted.
        seeds: u32,
        /// The direction of the lap.
        dir: Dir,
        /// Whether this lap is the move's first or a relay.
        lap: LapKind,
        /// The rule that makes this lap.
        rule: Rule,
    },
    /// One seed taken from each of several holes into one hand, which the `Sow` events that
    /// follow sow as one lap: the first lap of the Sulus Nishtaw opening (S4, S6), where sowing
    /// starts in the hole after the last of `holes`, as a lap lifted from that hole would; and
    /// Redu's two singletons (R9), sown as the two seeds of one of them (a `Note` says which).
    Gather {
        /// The holes a seed was taken from, in cycle order.
        holes: Vec<Hole>,
        /// How many seeds were taken: one per hole.
        seeds: u32,
        /// The direction of the lap.
        dir: Dir,
        /// The rule that makes this lap.
        rule: Rule,
    },
    /// One seed dropped into a hole.
    Sow {
        /// The hole.
        hole: Hole,
    },
    /// Seeds taken from a hole into a player's store.
    Capture {
        /// The hole.
        hole: Hole,
        /// How many seeds.
        seeds: u32,
        /// Who takes them.
        player: Player,
        /// What kind of capture.
        kind: CaptureKind,
        /// The rule that captures.
        rule: Rule,
    },
    /// A mark set on a hole.
    Mark {
        /// The hole.
        hole: Hole,
        /// The mark with its owner.
        mark: Mark,
        /// The rule that sets it.
        rule: Rule,
    },
    /// An explanation of a step: why a lap ended, why nothing was captured.
    Note {
        /// The rule applied.
        rule: Rule,
        /// What happened; its `Display` says it in plain English.
        note: Note,
    },
    /// A forced pass.
    Pass {
        /// The player who passes.
        player: Player,
        /// The rule that makes him pass.
        rule: Rule,
    },
    /// Who moves next, and why.
    Next {
        /// The player to move after this ply.
        player: Player,
        /// Whether the same player moves again (a repeat move).
        repeat: bool,
        /// The rule that decides.
        rule: Rule,
    },
}

impl Event {
    /// The rule that makes the step: every event names one but a seed's sowing, which belongs
    /// to the lap its [`Event::Lift`] or [`Event::Gather`] names the rule of.
    #[must_use]
    pub fn rule(&self) -> Option<Rule> {
        match self {
            Event::Lift { rule, .. }
            | Event::Gather { rule, .. }
            | Event::Capture { rule, .. }
            | Event::Mark { rule, .. }
            | Event::Note { rule, .. }
            | Event::Pass { rule, .. }
            | Event::Next { rule, .. } => Some(*rule),
            Event::Sow { .. } => None,
        }
    }
}

/// Receives the events of a ply.
pub trait Tracer {
    /// Whether events are recorded at all; when false the event closures are never called.
    const ON: bool;
    /// Records an event.
    fn push(&mut self, event: Event);
}

/// Records nothing: the tracer of perft and move generation.
#[derive(Copy, Clone, Debug, Default)]
pub struct NoTrace;

impl Tracer for NoTrace {
    const ON: bool = false;
    #[inline(always)]
    fn push(&mut self, _: Event) {}
}

/// An event as its JSON form writes it (spec/notation.md §11): a note's sentence as `text`, a
/// lap's kind as `relay`, a capture without its kind.
#[cfg(feature = "serde")]
#[derive(Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
enum EventJson<'a> {
    Lift {
        hole: Hole,
        seeds: u32,
        dir: Dir,
        relay: bool,
        rule: Rule,
    },
    Gather {
        holes: &'a [Hole],
        seeds: u32,
        dir: Dir,
        rule: Rule,
    },
    Sow {
        hole: Hole,
    },
    Capture {
        hole: Hole,
        seeds: u32,
        player: Player,
        rule: Rule,
    },
    Mark {
        hole: Hole,
        mark: Mark,
        rule: Rule,
    },
    Note {
        rule: Rule,
        #[serde(serialize_with = "sentence")]
        text: &'a Note,
    },
    Pass {
        player: Player,
        rule: Rule,
    },
    Next {
        player: Player,
        repeat: bool,
        rule: Rule,
    },
}

#[cfg(feature = "serde")]
fn sentence<S: Serializer>(note: &&Note, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(note)
}

#[cfg(feature = "serde")]
impl Serialize for Event {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let e = match self {
            Event::Lift {
                hole,
                seeds,
                dir,
                lap,
                rule,
            } => EventJson::Lift {
                hole: *hole,
                seeds: *seeds,
                dir: *dir,
                relay: *lap == LapKind::Relay,
                rule: *rule,
            },
            Event::Gather {
                holes,
                seeds,
                dir,
                rule,
            } => EventJson::Gather {
                holes,
                seeds: *seeds,
                dir: *dir,
                rule: *rule,
            },
            Event::Sow { hole } => EventJson::Sow { hole: *hole },
            Event::Capture {
                hole,
                seeds,
                player,
                rule,
                ..
            } => EventJson::Capture {
                hole: *hole,
                seeds: *seeds,
                player: *player,
                rule: *rule,
            },
            Event::Mark { hole, mark, rule } => EventJson::Mark {
                hole: *hole,
                mark: *mark,
                rule: *rule,
            },
            Event::Note { rule, note } => EventJson::Note {
                rule: *rule,
                text: note,
            },
            Event::Pass { player, rule } => EventJson::Pass {
                player: *player,
                rule: *rule,
            },
            Event::Next {
                player,
                repeat,
                rule,
            } => EventJson::Next {
                player: *player,
                repeat: *repeat,
                rule: *rule,
            },
        };
        e.serialize(s)
    }
}

/// The events of one ply, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Trace {
    /// The events.
    pub events: Vec<Event>,
}

impl Tracer for Trace {
    const ON: bool = true;
    fn push(&mut self, event: Event) {
        self.events.push(event);
    }
}

impl Trace {
    /// An empty trace with room for the events of a typical ply, so that recording one does not
    /// grow the list again and again.
    #[must_use]
    pub fn with_capacity() -> Trace {
        Trace {
            events: Vec::with_capacity(32),
        }
    }

    /// The rules the ply's events name ([`Event::rule`]), each once, in the order they first
    /// do.
    #[must_use]
    pub fn rules(&self) -> Vec<Rule> {
        let mut out: Vec<Rule> = Vec::new();
        for r in self.events.iter().filter_map(Event::rule) {
            if !out.contains(&r) {
                out.push(r);
            }
        }
        out
    }

    /// The holes the ply's seeds fell into, one per seed, in the order sown (what the `sown` and
    /// `ends` annotations state, spec/notation.md §6.2).
    pub fn sown(&self) -> impl DoubleEndedIterator<Item = Hole> + '_ {
        self.events.iter().filter_map(|e| match e {
            Event::Sow { hole } => Some(*hole),
            _ => None,
        })
    }

    /// The seeds captured by each player in this ply, (A, B).
    #[must_use]
    pub fn captured(&self) -> [u32; 2] {
        let mut c = [0; 2];
        for e in &self.events {
            if let Event::Capture { seeds, player, .. } = e {
                c[player.index()] += seeds;
            }
        }
        c
    }

    /// The laps: each lifted hole with the holes its seeds went to, in order. A lap of gathered
    /// seeds (the Sulus Nishtaw opening, S4, S6) is listed under the last hole a seed was taken
    /// from: like every lap, its seeds go to the holes after that one.
    #[must_use]
    pub fn laps(&self) -> Vec<(Hole, Vec<Hole>)> {
        let mut laps: Vec<(Hole, Vec<Hole>)> = Vec::new();
        for e in &self.events {
            match e {
                Event::Lift { hole, .. } => laps.push((*hole, Vec::new())),
                Event::Gather { holes, .. } => {
                    if let Some(last) = holes.last() {
                        laps.push((*last, Vec::new()));
                    }
                }
                Event::Sow { hole } => {
                    if let Some(l) = laps.last_mut() {
                        l.1.push(*hole);
                    }
                }
                _ => {}
            }
        }
        laps
    }
}

/// Records an event built by `f`, only when the tracer records.
#[inline(always)]
pub(crate) fn emit<T: Tracer>(t: &mut T, f: impl FnOnce() -> Event) {
    if T::ON {
        t.push(f());
    }
}
