//! Values worked by hand from the rules, near the end of a round.

use crate::support::{analysis, pos};
use analysis::Outcome;
use rules_core::PlayOptions;

/// B to move in `bechi 0,2*,0/3*,0,1* B store=20,10`: 6 seeds on the board, 1B, 2A and 3B chosen.
/// B's only start is 1B (B4: 3B holds 1 seed). 1B sows clockwise (B4): 1B, 3A, 2A (B6); 2A
/// then holds 3, odd: no capture (B9). A to move in `1,3*,0/1*,0,1*`: his only start is the
/// middle hole 2A, either way (B4).
/// * 2A−: 2A, 1A, 3B; 3B holds 2 and is chosen: A takes 2 (B9); the chain looks at 2B, empty,
///   and stops (B10). Every hole holds 0 or 1: neither can move, the round ends (B13) with A
///   20 + 2 + 3 on his side = 25, B 10 + 1 = 11: +14 for A.
/// * 2A+: 2A, 3A, 1B; 1B holds 2 and is chosen: A takes 2; 2B is empty (B10). B's only seed
///   hole holds 1: he passes (B5); A plays 3A (2 seeds, +): 3A, 1B, odd, no capture. The round
///   ends with A 22 + 2 = 24, B 10 + 2 = 12: +12 for A.
///
/// So A plays 2A− (+14), and B's value is −14.
#[test]
fn bechi_2x3_ending_with_a_capture_on_either_side() {
    let b = pos("bechi 0,2*,0/3*,0,1* B store=20,10 opener=B", &[]);
    let a = analysis(&b, 100_000, 1);
    assert_eq!(
        (a.value, a.worst, a.exact),
        (Outcome::Seeds(-14), Outcome::Seeds(-14), true)
    );
    assert_eq!(a.lines[0].moves[0].to_string(), "1B");

    let after = pos("bechi 1,3*,0/1*,0,1* A store=20,10 opener=B", &[]);
    assert_eq!(
        b.play(&a.lines[0].moves[0], PlayOptions::FULL)
            .unwrap()
            .position,
        after
    );
    let a = analysis(&after, 100_000, 2);
    let lines = first_moves(&a);
    assert_eq!(
        lines,
        [
            ("2A-".to_owned(), Outcome::Seeds(14), true),
            ("2A+".to_owned(), Outcome::Seeds(12), true)
        ]
    );
    // The line after 2A+: B's forced pass, then A's 3A, and the round is over.
    let moves: Vec<String> = a.lines[1].moves.iter().map(ToString::to_string).collect();
    assert_eq!(moves, ["2A+", "pass", "3A"]);
}

/// A finished round is its own value: `bechi 1,0,1/0,1,1* B store=20,12` has no hole with 2
/// seeds, so the round is over (B13): A 20 + 2 = 22, B 12 + 2 = 14; B to move: −8, no line.
#[test]
fn a_finished_round_is_scored_by_b13() {
    let p = pos("bechi 1,0,1/0,1,1* B store=20,12 opener=B", &[]);
    let a = analysis(&p, 1_000, 1);
    assert_eq!((a.value, a.exact), (Outcome::Seeds(-8), true));
    assert!(a.lines.is_empty());
}

/// At depth 1 the value of a start is the round scored as if it ended right after it (every
/// seed on the board to the owner of its hole), with the start's captures: the capture chain
/// runs through chosen even holes and stops at a hole never chosen (B9, B10).
/// `bechi 2*,1*,0/6,0,3* B store=12,12`, B to move; his starts are 1B (6 seeds) and 3B (3 seeds).
/// * 3B (+): 3B, 1A, 2A. 2A holds 2 and is chosen: B takes 2 (B9); the chain goes on to 3A,
///   2 seeds, chosen: taken; then 1B, 6 seeds, even but never chosen: it stops (B10). B has
///   taken 4: A 12 + (0 + 0 + 1), B 16 + (6 + 0 + 1): +10 for B.
/// * 1B (−): 1B, 3A, 2A, 1A, 3B, 2B; 2B holds 1, odd: nothing. A 12 + (3 + 2 + 1), B 12 +
///   (1 + 1 + 4): 0.
#[test]
fn a_depth_one_value_is_the_round_scored_after_the_start() {
    let p = pos("bechi 2*,1*,0/6,0,3* B store=12,12 opener=B", &[]);
    let a = analysis::analyse(
        &p,
        &analysis::SearchOptions {
            limits: analysis::Limits {
                depth: Some(1),
                ..analysis::Limits::default()
            },
            multipv: 8,
            ..analysis::SearchOptions::default()
        },
    )
    .unwrap();
    let lines = first_moves(&a);
    assert_eq!(
        lines,
        [
            ("3B".to_owned(), Outcome::Seeds(10), false),
            ("1B".to_owned(), Outcome::Seeds(0), false)
        ]
    );
    assert_eq!((a.exact, a.depth), (false, 1));
}

/// Each line's first move, value and exactness.
fn first_moves(a: &analysis::Analysis) -> Vec<(String, Outcome, bool)> {
    a.lines
        .iter()
        .map(|l| (l.moves[0].to_string(), l.value, l.exact))
        .collect()
}
