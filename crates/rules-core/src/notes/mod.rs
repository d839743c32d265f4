//! What a ply's trace notes and why a move is refused, typed: [`Note`] and [`Refusal`], one arm
//! per game of the registry (each game's `notes.rs`) beside what the games share
//! ([`common`]). The English is their `Display`, made only when something shows it: a ply traced
//! for its captures builds no sentence.

pub mod common;

pub use common::{Common, Endless, GameNote};
use std::fmt;

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
        }

        /// Why a move is refused: a reason every game uses, or one of a game's own. Its
        /// `Display` is the reason in words.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Refusal {
            /// A reason every game uses.
            Common(Common),
            $($(#[cfg($cfg)])? $(#[doc = $doc])* $name(crate::games::$module::notes::Refusal),)*
        }

        $($(#[cfg($cfg)])?
        impl From<crate::games::$module::notes::Refusal> for Refusal {
            fn from(r: crate::games::$module::notes::Refusal) -> Refusal {
                Refusal::$name(r)
            }
        })*

        impl fmt::Display for Refusal {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    Refusal::Common(r) => r.fmt(f),
                    $($(#[cfg($cfg)])? Refusal::$name(r) => r.fmt(f),)*
                }
            }
        }
    };
}
crate::games::registry!(note_types);

impl From<Endless> for Note {
    fn from(n: Endless) -> Note {
        Note::Endless(n)
    }
}

impl From<Common> for Refusal {
    fn from(r: Common) -> Refusal {
        Refusal::Common(r)
    }
}
