//! The game a position is in: which of the positions played before it a search must know, so
//! that a line back to one of them is a repetition ([`crate::Engine::analyse_after`],
//! spec/analysis.md §2 and §13.2).

use rules_core::Position;

/// The positions of `before` (the game's positions before `pos`, oldest first) that play from
/// `pos` can come back to: those after the last one whose stores differ from `pos`'s, that is,
/// since the last capture. No rule takes seeds out of a store during a round (a capture only adds
/// to it, and a new round has a round number of its own), and a position holds its stores and
/// round, so no earlier position can come again. Leaving the others out changes no answer, and
/// spares the search comparing every node with them.
#[must_use]
pub fn repeatable<'h>(pos: &Position, before: &'h [Position]) -> &'h [Position] {
    let stores = crate::eval::stores(pos);
    let from = before
        .iter()
        .rposition(|p| crate::eval::stores(p) != stores)
        .map_or(0, |i| i + 1);
    &before[from..]
}
