//! A start whose sowing never ends costs memory independent of its period on every path that
//! traces plies (issue 13): `play`, `explain`, `replay`, `replay --svg`, and `validate` with
//! `forbidden` annotations. The start used is a real one, reached from the Uugg 2×7 start in 7
//! plies (`cargo xtask uugg-endless --holes 7 --list`): A's 7A comes back to its first lap-start
//! state after 1 135 008 laps, which a trace of every lap (2.8 million seeds) made cost 365 MB.
//!
//! Memory is the child's peak resident set (VmHWM, sampled from `/proc` while it runs); a child
//! that passes the bound is killed at once, so a regression fails in a second instead of running
//! for hours. No test here is timed: `cargo xtask limits` times the mebibyte record.

use crate::support::{fresh_dir, run_bounded};

/// The position before the endless start, A to move (2×7, round 1, B opened).
const BEFORE: &str = "uugg 12,3,2,5,1,2,3/5,4,1,0,6,0,12 A opener=B";
/// The record that reaches it.
const HEAD: &str = testkit::pathological::ENDLESS_HEAD;
/// What a traced path may use: a few MB for the tool itself; a trace of every lap takes 365 MB.
const LIMIT_KB: u64 = 48 * 1024;

fn run(name: &str, args: &[&str]) -> crate::support::Run {
    run_bounded(&format!("endless-{name}"), args, LIMIT_KB)
}

const REFUSED: &str = "the sowing from 7A never ends (U15)";

#[test]
fn playing_an_endless_start_costs_bounded_memory() {
    let r = run("play", &["play", BEFORE, "7A"]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stdout.is_empty());
    assert_eq!(
        r.stderr.lines().next(),
        Some(
            format!(
                "mancala: error: ply 1: illegal move 7A: {REFUSED}; legal here: 1A 2A 3A 4A 5A 6A (A to move in {BEFORE})"
            )
            .as_str()
        )
    );
    let r = run(
        "explain-move",
        &["explain", "--position", BEFORE, "--move", "7A"],
    );
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stderr.contains(REFUSED), "{}", r.stderr);
    // The refused start is shown as far as it is traced: its first laps, then its period.
    assert!(
        r.stdout.starts_with("the move, refused: A plays 7A\n"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains(
        "The last seed of lap 1 fell in 5A, which held 2 before it: it is not an uugg, it was not empty"
    ), "{}", r.stdout);
    assert_eq!(
        r.stdout.lines().last(),
        Some(
            "The sowing never ends: after 1135008 laps it is back where its first lap began, 12 seeds from 7A on the same board, and goes round again for ever (the first 16 laps are shown) (U15)."
        )
    );
    // `moves` proves the same start endless and leaves it out.
    let r = run("moves", &["moves", BEFORE]);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (Some(0), "1A\n2A\n3A\n4A\n5A\n6A\n")
    );
}

#[test]
fn replaying_a_record_that_plays_an_endless_start_costs_bounded_memory() {
    let dir = fresh_dir("endless-record");
    let file = dir.join("endless.mgn");
    std::fs::write(&file, format!("{HEAD} 8. 7A *\n")).unwrap();
    let file = file.to_str().unwrap();
    let svg = dir.join("svg");
    std::fs::create_dir(&svg).unwrap();
    for (name, args) in [
        ("validate", vec!["validate", file]),
        ("replay", vec!["replay", file]),
        ("replay-json", vec!["replay", "--format", "json", file]),
        ("explain", vec!["explain", file]),
        ("svg", vec!["replay", "--svg", svg.to_str().unwrap(), file]),
    ] {
        let r = run(name, &args);
        assert_eq!(r.code, Some(1), "{name}: {}", r.stderr);
        // JSON findings go to stdout, text ones to stderr.
        let found = format!("{}{}", r.stdout, r.stderr);
        let json = [r#""ply":8,"record":1,"rule":"U15""#, r#""token":"7A""#];
        assert!(
            found.contains(&format!("illegal move 7A: {REFUSED}"))
                && (found.contains("(record 1, ply 8, token `7A`)")
                    || json.iter().all(|j| found.contains(j))),
            "{name}: {found}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each annotation plays the refused start traced; the proof is made once and remembered, so
/// the record validates in about the time of one proof. 64 KiB of them here (`cargo xtask
/// limits` times a mebibyte).
#[test]
fn forbidden_annotations_of_an_endless_start_cost_bounded_memory() {
    let dir = fresh_dir("endless-forbidden");
    let file = dir.join("forbidden.mgn");
    std::fs::write(&file, testkit::pathological::forbidden_record(3_400)).unwrap();
    let r = run(
        "forbidden",
        &["validate", "--format", "json", file.to_str().unwrap()],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout.contains(r#""plies":7,"problems":0"#) && r.stdout.contains(r#""valid":true"#),
        "{}",
        r.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}
