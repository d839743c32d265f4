//! The largest numbers a position holds, below the set-up (`setup.rs`) and the reasons that
//! name them (`notes/`), which both read them.

/// The highest round number a position holds: 9999, the largest number a position string or a
/// record writes (spec/notation.md §3.3, §4.1). The JSON form, [`Position::from_setup`] and
/// [`Position::after_round`] keep to it too, so that every position the tool makes can be
/// written and read back in every form.
///
/// [`Position::from_setup`]: crate::Position::from_setup
/// [`Position::after_round`]: crate::Position::after_round
pub const MAX_ROUND: u32 = 9999;
