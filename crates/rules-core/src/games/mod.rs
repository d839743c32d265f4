//! The games, one module each. Each game's peculiarities live in its own module; what several
//! games really share (the relay sowing, perft, the position enum) lives outside.

pub mod bechi;
mod common;
pub mod giuthi;
pub mod redu;
pub mod sulus_nishtaw;
pub mod uugg;
