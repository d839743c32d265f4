//! The independent exact solver of whole positions, which the search is compared with: in
//! `testkit` (`testkit::exact`), where the proof fuzz target and the forged-proof property test
//! use it too.

pub use testkit::exact::Reference;
