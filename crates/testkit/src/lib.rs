//! What the tests, `xtask` and the fuzz targets share, and nothing the product needs: not
//! published.
//!
//! * [`generate`]: random complete records played by the engine (`cargo xtask gen-records`, the
//!   benchmarks, the round-trip properties);
//! * [`suite`]: perft suites, `tests/perft/*.perft` (`cargo xtask perft-suites`, the tests);
//! * [`mod@reference`]: naive reference implementations of the five games, the second counting method
//!   of the perft suites and the oracle of the random-position tests;
//! * [`exact`]: an exact solver of small positions of any game, every reachable position
//!   solved, that shares nothing with the search: the truth the search, the bound proofs and
//!   the proof checker are compared with;
//! * [`forge`]: real proofs of small positions forged by edits, and the truth of every claim of
//!   a proof, for the proof checker's property test and fuzz target (issue 34);
//! * [`fuzz`]: what each fuzz target checks, run by `fuzz/` and, on the regressions, by the tests;
//! * [`hostile_db`]: database files changed with their checks made again (issue 23);
//! * [`pathological`]: records large in one way, checked by the tests and timed by `cargo xtask
//!   limits`;
//! * [`skip`]: a check that cannot run here reported as skipped, to the reader and to `cargo
//!   xtask test`'s summary.

pub mod exact;
pub mod forge;
pub mod fuzz;
pub mod generate;
pub mod hostile_db;
pub mod http;
pub mod pathological;
pub mod reference;
pub mod skip;
pub mod suite;
