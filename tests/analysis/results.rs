//! The results of docs/guide/results.md and spec/analysis.md §7: the exact value of Bechi 2×4's first
//! round from the start, and of each first move, in the test profile (a few seconds of CPU each;
//! the figures and their commands are in spec/analysis.md §7).

use analysis::proof::prove;
use analysis::{Engine, Limits, Outcome, SearchOptions};
use rules_core::{BechiOptions, Player, Position, Variant};

fn start() -> Position {
    Position::start(Variant::Bechi(BechiOptions { holes: 4 }), Player::B)
}

/// `mancala analyse bechi`: −4 for the opener, exact, no endless play met on the way; a best
/// first move is 2B or 3B. The search needs 4.84 million positions with the command's 64 MB
/// table; the bound of 10 million makes a slower search fail here instead of running on.
#[test]
fn bechi_2x4_start_is_minus_4_for_the_opener() {
    let a = Engine::new(64 << 20, 1)
        .unwrap()
        .analyse(
            &start(),
            &SearchOptions {
                limits: Limits {
                    nodes: Some(10_000_000),
                    ..Limits::default()
                },
                ..SearchOptions::default()
            },
        )
        .unwrap();
    assert_eq!(
        (a.value, a.worst, a.exact, a.endless_met),
        (Outcome::Seeds(-4), Outcome::Seeds(-4), true, false),
        "{} nodes",
        a.nodes
    );
    let best = a.lines[0].moves[0].to_string();
    assert!(best == "2B" || best == "3B", "{best}");
}

/// Every first move, as `mancala analyse bechi --multipv 4` gives them: 2B and 3B −4, 1B and
/// 4B −6 for B; proved as the value of the position after each, +4 or +6 for A, and each proof
/// checked by the independent checker.
#[test]
fn bechi_2x4_first_moves_are_proved() {
    let mut values = Vec::new();
    for (m, child) in start().legal_moves_with_positions() {
        let v = if ["2B", "3B"].contains(&m.to_string().as_str()) {
            4
        } else {
            6
        };
        let proof = prove(&child, v).unwrap_or_else(|e| panic!("{m}: {e}"));
        let mut file = Vec::new();
        proof.write(&mut file).unwrap();
        let report = proof_check::check(&mut file.as_slice()).unwrap();
        values.push((m.to_string(), -report.value));
    }
    let values: Vec<(&str, i32)> = values.iter().map(|(m, v)| (m.as_str(), *v)).collect();
    assert_eq!(values, [("1B", -6), ("2B", -4), ("3B", -4), ("4B", -6)]);
}
