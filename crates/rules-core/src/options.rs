//! What a game is before any position (rules README §5): its name, its options with their
//! values and defaults, its board, and how its moves and marks are written. Each game's
//! `options.rs` fulfils [`GameOptions`]; [`crate::Variant`] and [`crate::GameKind`] follow from
//! them through the registry (`games/mod.rs`). An engine supports exactly these options, with
//! these defaults, and no others.

use crate::geometry::Geometry;
use crate::marks::MarkKind;
use crate::moves::{Move, TokenError, Tokens};
use crate::rule::Rule;
use crate::settled::TableKey;
use std::fmt::Debug;
use std::hash::Hash;

/// A game's options, and what it is before any position: the contract of each game's
/// `options.rs`. The options type is the payload of the game's [`crate::Variant`].
pub trait GameOptions: Copy + Eq + Hash + Debug + Send + Sync + 'static {
    /// The name used by `--game`, records and position strings: `sulus-nishtaw`.
    const NAME: &'static str;
    /// The game's name as the rule book titles it: `Sulus Nishtaw`.
    const TITLE: &'static str;
    /// Every option at its default.
    const DEFAULT: Self;
    /// The option keys, in their fixed order.
    const KEYS: &'static [&'static str];
    /// The rule by which the openers of the rounds alternate, in the games whose matches have
    /// several rounds with an opener each (B17, S20, U23); the opener is then part of every
    /// position.
    const ALTERNATING_OPENERS: Option<Rule> = None;
    /// Whether every round begins with an opening, a ply of its own (Sulus Nishtaw S4, S6).
    const OPENING: bool = false;
    /// Whether a position can hold a pending capture right of the player to move (Redu R19).
    const RIGHTS: bool = false;
    /// What the game's endgame tables know its positions by, if its final margin splits into a
    /// settled part and a value of the board (spec/analysis.md §12.1); `None` where it does not.
    const TABLE_KEY: Option<TableKey> = None;
    /// How its moves are written.
    const TOKENS: Tokens;
    /// The marks of its position strings: each mark character with the kind of mark it writes
    /// (`spec/notation.md` §4.1); none for a game without marks.
    const MARKS: &'static [(char, MarkKind)] = &[];
    /// The marks in words, for messages: `* (chosen) and x (blocked)`.
    const MARK_WORDS: &'static str = "";

    /// The values `key` accepts, as written; none for a key the game does not have.
    fn values(key: &str) -> &'static [&'static str];
    /// The current value of `key`, as written.
    fn value(&self, key: &str) -> Option<&'static str>;
    /// Sets `key` to `value`, one of [`GameOptions::values`] of `key`; anything else changes
    /// nothing.
    fn set(&mut self, key: &str, value: &str);
    /// The board.
    fn geometry(&self) -> Geometry;
    /// Seeds per hole at the start of round 1.
    fn seeds_per_hole(&self) -> u32;
    /// Reads a move token of a game with tokens of its own (Redu); `None` for a game whose moves
    /// are the common tokens that [`Tokens`] describes.
    fn parse_move(token: &str) -> Option<Result<Move, TokenError>> {
        let _ = token;
        None
    }
}

/// The written value among `values` that is the number `n`: how numeric options write
/// themselves.
pub(crate) fn number_value(values: &'static [&'static str], n: u8) -> Option<&'static str> {
    values.iter().copied().find(|v| v.parse() == Ok(n))
}
