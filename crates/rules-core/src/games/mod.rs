//! The games, one folder each, and the registry: the one list of the games, from which
//! [`crate::GameKind`], [`crate::Variant`], [`crate::Position`] and their dispatch follow.
//!
//! A game's folder holds everything that is that game: `options.rs` (its name, options, board,
//! tokens and marks: what its `Variant` knows), `mod.rs` (its positions, moves, plies, rounds
//! and scoring: the [`crate::Game`] it implements), `prose.rs` (how its plies read), and, where it
//! has them, its perft fast paths, its own tokens and its lenient forms. What several games
//! really share lives outside: the relay sowing (`sowing/`), perft (`perft.rs`), the words common
//! to all plies (`prose/`).
//!
//! A sixth game is a folder here, its `pub mod` line and one line in `registry!`.

pub(crate) mod common;

/// The registry: one line per game, `Name(module, position type, options type)` with the game's
/// description (and `#[cfg(...)]` for a game compiled only under a condition), in the order
/// messages name them (`GameKind`'s order; [`crate::GameKind::ALL`] follows the rule book's
/// table). It hands the list to
/// `$callback`, a macro that generates what follows from it: `GameKind` and `Variant` in
/// `variant.rs`, `Position` in `position.rs`.
macro_rules! registry {
    ($callback:ident) => {
        $callback! {
            /// Bechi (Kunama, Eritrea), `bechi.md`.
            Bechi(bechi, Bechi, BechiOptions),
            /// Giuthi (Kikuyu, Kenya), `giuthi.md`.
            Giuthi(giuthi, Giuthi, GiuthiOptions),
            /// Sulus Nishtaw (Tigrinya, Ethiopia and Eritrea), `sulus-nishtaw.md`.
            SulusNishtaw(sulus_nishtaw, SulusNishtaw, SulusOptions),
            /// Uugg (Ethiopia), `uugg.md`.
            Uugg(uugg, Uugg, UuggOptions),
            /// Redu (Yoruba, Nigeria), `redu.md`.
            Redu(redu, Redu, ReduOptions),
            #[cfg(any(test, feature = "toy"))]
            /// The sixth game of the tests, which has no book (`games/toy/`): rules-core's own,
            /// and those of other crates through the `toy` feature.
            Toy(toy, Toy, ToyOptions),
        }
    };
}
pub(crate) use registry;

// The games' folders. Declared here rather than generated from the registry so that
// `cargo fmt` (which does not look inside macros) formats and checks them.
pub mod bechi;
pub mod giuthi;
pub mod redu;
pub mod sulus_nishtaw;
#[cfg(any(test, feature = "toy"))]
pub mod toy;
pub mod uugg;
