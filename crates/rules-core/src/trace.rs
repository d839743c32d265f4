//! What a ply did, step by step: each lap with the holes it sowed, each capture, each mark, who
//! moves next. `replay`, `explain` and error messages show it.
//!
//! The sowing code is generic over a [`Tracer`]; perft uses [`NoTrace`], whose events are never
//! built, so tracing costs nothing on the hot path.

use crate::geometry::Hole;
use crate::marks::Mark;
use crate::player::{Dir, Player};
#[cfg(feature = "serde")]
use serde::Serialize;

pub use crate::rule::Rule;

/// One step of a ply.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "event", rename_all = "kebab-case"))]
pub enum Event {
    /// Seeds lifted from a hole to sow a lap: the first lap of a move, or a relay.
    Lift {
        /// The hole emptied.
        hole: Hole,
        /// How many seeds were lifted.
        seeds: u32,
        /// The direction of the lap.
        dir: Dir,
        /// Whether this lap is a relay (a forced new lap).
        relay: bool,
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
        /// What happened, in plain English.
        text: String,
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
