//! Naive reference implementations, written again from the rules files and sharing no rules code
//! with the engine: they work on an unchecked [`Setup`] with plain vectors, find endless sowings
//! with a set of every state seen (the engine compares lap starts), and deduplicate outcomes by
//! comparing whole setups. Slow and obvious on purpose: the second counting method of the perft
//! suites and the oracle of the random-position tests.

pub mod bechi;
pub mod giuthi;
pub mod redu;
pub mod sulus_nishtaw;
pub mod uugg;

use rules_core::{GameKind, Setup};

/// The distinct outcomes of a position, each with one decision string that reaches it, in no
/// particular order. Empty when the round is over.
pub fn children(s: &Setup) -> Vec<(String, Setup)> {
    let all = match s.variant.kind() {
        GameKind::Bechi => bechi::children(s),
        GameKind::Giuthi => giuthi::children(s),
        GameKind::SulusNishtaw => sulus_nishtaw::children(s),
        GameKind::Uugg => uugg::children(s),
        GameKind::Redu => redu::children(s),
        // The toy game of the tests, which other crates' tests compile in (rules-core's `toy`
        // feature), has no reference: no test counts it twice.
        #[allow(unreachable_patterns)]
        other => panic!("no reference implementation of {}", other.name()),
    };
    let mut out: Vec<(String, Setup)> = Vec::new();
    for (m, c) in all {
        if !out.iter().any(|(_, d)| *d == c) {
            out.push((m, c));
        }
    }
    out
}

/// perft by the reference rules.
pub fn perft(s: &Setup, depth: u32) -> u64 {
    if s.variant.kind() == GameKind::Redu {
        return redu::perft(s, depth); // the same rules, on arrays, to reach depth 6
    }
    if depth == 0 {
        return 1;
    }
    let kids = children(s);
    if depth == 1 {
        return kids.len() as u64;
    }
    kids.iter().map(|(_, c)| perft(c, depth - 1)).sum()
}

/// Index of hole k of row `a` (true for A) on a board of `p` holes per row.
pub fn idx(p: usize, a: bool, k: usize) -> usize {
    if a { p + k - 1 } else { k - 1 }
}
