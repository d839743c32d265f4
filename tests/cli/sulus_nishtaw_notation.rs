//! Sulus Nishtaw in the notation and the command: the annotations its rule-book examples need
//! (`marked`, `territories`, the opening's gathered lap in `laps`), their canonical values, and how
//! `replay` reads the 3×6 board, the opening, claims, taxes and repeat moves (spec/notation.md
//! §5.3, §6.2).

use crate::support::mancala;

fn run(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let out = mancala().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const ROUND_2: &str = r#"[Notation "1.0"]
[Game "sulus-nishtaw"]
[Opener "B"]
[Position "sulus-nishtaw 0,2b,0,0,0,0/0,5b,0,2,4,1a/2,0,4a,6,3,1 A store=16,8 opener=B"]

( totals 21 , 33 ) <round 2> (territories 7,  11) 1. open
(laps 1A - 6A : 6, 3B:4,7B:4,2A:3,5A:3,8A:5,4B:5,9B:5) (marked   none) *
"#;

#[test]
fn sulus_annotations_are_written_in_canonical_form() {
    let (code, out, err) = run(&["convert", "-"], ROUND_2);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains(
            "(totals 21,33) <round 2> (territories 7,11) 1. open\n(laps 1A-6A:6,3B:4,7B:4,2A:3,5A:3,8A:5,4B:5,9B:5) (marked none) *"
        ),
        "{out}"
    );
    // And the canonical text is its own canonical form.
    let (code, again, _) = run(&["convert", "-"], &out);
    assert_eq!((code, again), (Some(0), out));
}

#[test]
fn marked_checks_every_claim_of_the_ply_with_its_creator() {
    let record = |marks: &str| {
        format!(
            "[Notation \"1.0\"]\n[Game \"sulus-nishtaw\"]\n[Opener \"A\"]\n[Position \"sulus-nishtaw 1,3,2,0,4,2/3,4b,0,5,2,1/6,0,6,5,1,4 B store=5,0 opener=A\"]\n\n1. 9B (marked {marks}) *\n"
        )
    };
    assert_eq!(run(&["validate", "-q", "-"], &record("5A:b")).0, Some(0));
    for (wrong, why) in [
        ("5A:a", "ply 1 marked 5A:b, not 5A:a (S8)"),
        ("none", "ply 1 marked 5A:b, not none (S8)"),
        ("5A:b,8A:b", "ply 1 marked 5A:b, not 5A:b,8A:b (S8)"),
        ("5A:*", "mark `*` on 5A: Sulus Nishtaw marks are a and b"),
        ("5A", "expected HOLE:MARK such as 1A:b, found `5A`"),
    ] {
        let (code, _, err) = run(&["validate", "-q", "-"], &record(wrong));
        assert_eq!(code, Some(1), "{wrong}");
        assert!(err.contains(why), "{wrong}: {err}");
    }
}

#[test]
fn replay_reads_the_opening_as_one_gathered_lap_then_relays() {
    let (code, out, _) = run(&["replay", "corpus/ok/sulus-nishtaw-opening.mgn"], "");
    assert_eq!(code, Some(0));
    assert!(out.contains(
        "  lap 1: 8 taken, one from each of 1B 2B 3B 4B 5B 6B 7B 8B, sown counterclockwise (+) (S4)\n    sown: 9B 1A 2A 3A 4A 5A 6A 7A\n  lap 2 (relay): 4 lifted from 7A, sown counterclockwise (+) (S4)\n"
    ), "{out}");
    assert!(!out.contains("1 lifted from"), "{out}");
    // The JSON trace has the same lap as one `gather` event.
    let (_, json, _) = run(
        &[
            "replay",
            "--format",
            "json",
            "corpus/ok/sulus-nishtaw-opening.mgn",
        ],
        "",
    );
    assert!(json.contains(
        r#"{"dir":"+","event":"gather","holes":["1B","2B","3B","4B","5B","6B","7B","8B"],"rule":"S4","seeds":8}"#
    ));
}

#[test]
fn replay_reads_claims_taxes_and_repeat_moves() {
    let (_, out, _) = run(&["replay", "corpus/ok/sulus-nishtaw-jug01-03c.mgn"], "");
    assert!(out.contains("  B claims 8A (S8)\n"), "{out}");
    assert!(out.contains("  claims: B claimed 8A\n"), "{out}");
    let (_, out, _) = run(&["replay", "corpus/ok/sulus-nishtaw-jug05-06b.mgn"], "");
    assert_eq!(
        out.matches("  tax: B takes 2 from 7B (S9), B moves again (S10)\n")
            .count(),
        2,
        "{out}"
    );
    assert!(
        out.contains("  claims: A claimed 3B,7B; B claimed 8A\n"),
        "{out}"
    );
}

#[test]
fn replay_draws_three_rows_with_the_boundary_and_the_territories() {
    let (_, out, _) = run(&["replay", "corpus/ok/sulus-nishtaw-fig-round2.mgn"], "");
    // Round 1: the middle row split between 9A and 9B.
    assert!(
        out.contains(concat!(
            "       6A  5A  4A  3A  2A  1A\n",
            "  A:    0  2b   0   0   0   0    store 16\n",
            "       7A  8A  9A |9B  8B  7B\n",
            "        0  5b   0 | 2   4  1a\n",
            "  B:    2   0  4a   6   3   1    store 8\n",
            "       1B  2B  3B  4B  5B  6B\n",
            "  territories: A 1A-9A (9 holes); B 1B-9B (9 holes)\n",
        )),
        "{out}"
    );
    // Round 2: B owns 8A and 9A; the boundary moves to 7A | 8A.
    assert!(
        out.contains(concat!(
            "       7A |8A  9A  9B  8B  7B\n",
            "        3 | 3   3   3   3   3\n",
        )),
        "{out}"
    );
    assert!(out.contains("  territories: A 1A-7A (7 holes); B 8A-9A,1B-9B (11 holes)\n"));
    assert!(out.contains(
        "round 2 set up (no set-up decision; the territories follow from the round totals by S18 and S19), A to move"
    ));
}
