//! What a ply's trace notes and why a move, a set-up or a next round is refused, typed: [`Note`],
//! [`Refusal`], [`SetupReason`] and [`RoundReason`], one arm per game of the registry (each game's
//! `notes.rs`) beside what the games share ([`common`]). The English is their `Display`, made
//! only when something shows it: a ply traced for its captures builds no sentence. What a reason
//! cites besides its error's rule is typed too ([`GameRefusal::cites`]), so that nothing reads
//! rule IDs back out of the English.

pub mod common;

use crate::rule::Rule;
pub use common::{Common, CommonRound, CommonSetup, Endless, GameNote, GameRefusal};
use std::fmt;

/// A reason enum: a common arm and one arm per game, each a [`GameRefusal`], with `From` for
/// each arm, `Display` and `cites` delegated to the arm.
macro_rules! reason_type {
    ($(#[doc = $tdoc:expr])* $reason:ident, $common:ident, $what:literal,
     $($(#[cfg($cfg:meta)])? $name:ident($module:ident)),*) => {
        $(#[doc = $tdoc])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum $reason {
            /// A reason every game uses.
            Common($common),
            $($(#[cfg($cfg)])?
            #[doc = concat!("A reason of ", stringify!($name), "'s own ", $what, ".")]
            $name(crate::games::$module::notes::$reason),)*
        }

        impl From<$common> for $reason {
            fn from(r: $common) -> $reason {
                $reason::Common(r)
            }
        }

        $($(#[cfg($cfg)])?
        impl From<crate::games::$module::notes::$reason> for $reason {
            fn from(r: crate::games::$module::notes::$reason) -> $reason {
                $reason::$name(r)
            }
        })*

        impl fmt::Display for $reason {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $reason::Common(r) => r.fmt(f),
                    $($(#[cfg($cfg)])? $reason::$name(r) => r.fmt(f),)*
                }
            }
        }

        impl $reason {
            /// The rules its words name besides the rule of its error, in their order
            /// ([`GameRefusal::cites`]).
            #[must_use]
            pub fn cites(&self) -> &'static [Rule] {
                match self {
                    $reason::Common(r) => r.cites(),
                    $($(#[cfg($cfg)])? $reason::$name(r) => r.cites(),)*
                }
            }
        }
    };
}

/// [`Note`] and [`Refusal`] from the registry's list.
macro_rules! note_types {
    ($($(#[cfg($cfg:meta)])? $(#[doc = $doc:expr])* $name:ident($module:ident, $ty:ident, $opts:ident)),* $(,)?) => {
        /// A note of a trace: why a lap ended, why nothing was captured, what a ply gives or
        /// ends. Its `Display` is the sentence.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Note {
            /// A start whose sowing never ends, in the games that relay.
            Endless(Endless),
            $($(#[cfg($cfg)])? $(#[doc = $doc])* $name(crate::games::$module::notes::Note),)*
        }

        $($(#[cfg($cfg)])?
        impl From<crate::games::$module::notes::Note> for Note {
            fn from(n: crate::games::$module::notes::Note) -> Note {
                Note::$name(n)
            }
        })*

        impl fmt::Display for Note {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    Note::Endless(n) => n.fmt(f),
                    $($(#[cfg($cfg)])? Note::$name(n) => n.fmt(f),)*
                }
            }
        }

        impl Note {
            /// Whether the note says what decides the right a ply gives ([`GameNote`]).
            #[must_use]
            pub fn decides_right(&self) -> bool {
                match self {
                    Note::Endless(_) => false,
                    $($(#[cfg($cfg)])? Note::$name(n) => n.decides_right(),)*
                }
            }

            /// The rules the note's words name besides its event's rule ([`GameNote::cites`]).
            #[must_use]
            pub fn cites(&self) -> &'static [Rule] {
                match self {
                    Note::Endless(_) => &[],
                    $($(#[cfg($cfg)])? Note::$name(n) => n.cites(),)*
                }
            }
        }

        reason_type! {
            /// Why a move is refused: a reason every game uses, or one of a game's own. Its
            /// `Display` is the reason in words.
            Refusal, Common, "refusals", $($(#[cfg($cfg)])? $name($module)),*
        }
        reason_type! {
            /// Why a setup is not a position of its game ([`crate::SetupProblem`]): a reason every
            /// game uses, or one of a game's own. Its `Display` is the reason in words.
            SetupReason, CommonSetup, "set-up checks", $($(#[cfg($cfg)])? $name($module)),*
        }
        reason_type! {
            /// Why the next round cannot be set up ([`crate::RoundError`]): a reason every game
            /// uses, or one of a game's own. Its `Display` is the reason in words.
            RoundReason, CommonRound, "round set-up", $($(#[cfg($cfg)])? $name($module)),*
        }
    };
}
crate::games::registry!(note_types);

impl From<Endless> for Note {
    fn from(n: Endless) -> Note {
        Note::Endless(n)
    }
}
