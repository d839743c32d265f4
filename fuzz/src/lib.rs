//! What the fuzz targets check lives in the internal `testkit` crate (`testkit::fuzz`), which
//! `cargo test` also runs on the seed corpus and the regressions (`tests/cli/fuzz_regressions.rs`).

pub use testkit::fuzz::*;
