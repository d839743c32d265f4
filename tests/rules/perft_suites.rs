//! The perft suites of `tests/perft/`, checked by the engine and, where the node limit allows, by
//! the reference implementation: the second, independent counting method. Deeper lines run from
//! `cargo xtask perft-suites`.

use crate::reference;
use rules_core::{PerftOptions, Position, Progress};
use std::sync::atomic::Ordering;

/// Lines with more leaves than this are left to `cargo xtask perft-suites`, which counts every
/// line: here 480 of the 500 lines, 9 million leaves (24 million with a limit of 3 million), and
/// each of the 95 positions at one depth at least.
const ENGINE_LIMIT: u128 = 1_000_000;
/// Lines checked again with a transposition table.
const HASH_LIMIT: u128 = 300_000;
/// The reference implementation is slow: it checks lines up to this many leaves here.
const REFERENCE_LIMIT: u128 = 60_000;

fn run_suite(name: &str) {
    let path = format!("{}/../../tests/perft/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let suite = testkit::suite::parse_suite(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(!suite.is_empty());
    let mut checked = 0;
    for entry in &suite {
        let setup = entry
            .setup()
            .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
        let pos = Position::from_setup(&setup).unwrap_or_else(|e| panic!("{}: {e}", entry.id));
        for &(depth, expected) in &entry.perft {
            if expected > ENGINE_LIMIT {
                continue;
            }
            assert_eq!(pos.perft(depth), expected, "{} perft {depth}", entry.id);
            let divided = pos.perft_divide(depth, 2);
            let total: u128 = divided.iter().map(|(_, n)| n).sum();
            assert_eq!(total, expected, "{} perft {depth}, 2 threads", entry.id);
            if expected <= HASH_LIMIT {
                // `--divide` is the same, move by move, for any number of threads.
                assert_eq!(
                    pos.perft_divide(depth, 1),
                    divided,
                    "{} perft {depth}: divide with 1 and 2 threads",
                    entry.id
                );
                // A small transposition table, so that entries are replaced often: the counts
                // must not change (spec/engine.md §3).
                for threads in [1, 2] {
                    let progress = Progress::default();
                    let opts = PerftOptions {
                        threads,
                        hash_bytes: 1 << 16,
                        progress: Some(&progress),
                        stop: None,
                    };
                    let hashed: u128 = pos
                        .perft_divide_with(depth, &opts)
                        .unwrap()
                        .iter()
                        .map(|(_, n)| n)
                        .sum();
                    assert_eq!(
                        hashed, expected,
                        "{} perft {depth}, hash, {threads} threads",
                        entry.id
                    );
                    assert_eq!(
                        progress.done.load(Ordering::Relaxed),
                        progress.total.load(Ordering::Relaxed),
                        "{} perft {depth}: every part counted",
                        entry.id
                    );
                }
            }
            if expected <= REFERENCE_LIMIT {
                assert_eq!(
                    u128::from(reference::perft(&setup, depth)),
                    expected,
                    "{} reference perft {depth}",
                    entry.id
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn bechi_suite() {
    run_suite("bechi.perft");
}

#[test]
fn giuthi_suite() {
    run_suite("giuthi.perft");
}

#[test]
fn sulus_nishtaw_suite() {
    run_suite("sulus-nishtaw.perft");
}

#[test]
fn uugg_suite() {
    run_suite("uugg.perft");
}

#[test]
fn redu_suite() {
    run_suite("redu.perft");
}
