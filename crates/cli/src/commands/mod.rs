//! The commands, one module each, named after the command (`-` written `_`, `match` as
//! `match_`): each reads its arguments (`cli.rs`), its inputs (`inputs`) and writes through
//! `outputs` and `printers`.

pub mod analyse;
pub mod annotate;
pub mod check_proof;
pub mod collection;
pub mod convert;
pub mod generate;
pub mod match_;
pub mod perft;
pub mod position;
pub mod rules;
pub mod serve;
pub mod solve;
pub mod validate;
