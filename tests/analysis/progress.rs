//! A player that wins, not one that loops (issue 27, item 5): following the best moves of the
//! search, a won round is played to its end, never coming back to a position.

use crate::support::pos;
use analysis::{Engine, Limits, Outcome, SearchOptions};
use rules_core::{PlayOptions, Position};

/// Plays `p` to the end of its round with the best move of each analysis (one engine, its
/// table kept from move to move as a player's would be, `nodes` a move). Returns the positions
/// played through and the final margin for the player to move at `p`.
fn play_out(p: Position, nodes: u64, max_plies: usize) -> (Vec<Position>, i32) {
    let engine = Engine::new(16 << 20, 1).unwrap();
    let opts = SearchOptions {
        limits: Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
        multipv: 1,
        ..SearchOptions::default()
    };
    let mut seen = vec![p];
    let mut at = p;
    while at.round_result().is_none() {
        assert!(seen.len() <= max_plies, "no end after {max_plies} plies");
        let a = engine.analyse(&at, &opts).unwrap();
        let best = a.best().expect("a move while the round goes on");
        at = at.play(&best, PlayOptions::FULL).unwrap().position;
        let shown = notation::write_view(at.view());
        assert!(!seen.contains(&at), "ply {}: back to {shown}", seen.len());
        seen.push(at);
    }
    let m = analysis::eval::final_margin(&at).unwrap();
    (seen, if at.to_move() == p.to_move() { m } else { -m })
}

/// The Giuthi 2×8 ending of issue 27. The round's value for A with endless play counted as his
/// worst outcome is +20 (the reference solver of `reference.rs`, over every position reachable
/// once B's three seeds are captured: A can force the end with all his seeds, B none of his).
/// Before, the search counted endless play as A's best and shuffled his seeds with repeat
/// moves (G13) while B could only pass, for ever. Now A finishes with the +20.
#[test]
fn the_giuthi_ending_of_issue_27_is_won_to_its_end() {
    let p = pos("giuthi 1,3,0,0,1,9,1,8/1,1,1,0,0,0,0,0 A store=32,38", &[]);
    let (line, margin) = play_out(p, 100_000, 120);
    assert_eq!(margin, 20, "{} plies", line.len() - 1);
}

/// Among moves of the same proved value, the one that forces the end soonest: in `giuthi
/// 1,1,0,0,4,3,1,0/0,0,0,0,0,0,0,0 A store=48,38` (the ending above once B is empty) every move
/// of A keeps +20, and the best is said to force it within a number of plies.
#[test]
fn the_best_of_equal_moves_is_the_one_that_ends_soonest() {
    let p = pos("giuthi 1,1,0,0,4,3,1,0/0,0,0,0,0,0,0,0 A store=48,38", &[]);
    let engine = Engine::new(16 << 20, 1).unwrap();
    let a = engine
        .analyse(
            &p,
            &SearchOptions {
                limits: Limits {
                    nodes: Some(300_000),
                    ..Limits::default()
                },
                multipv: 1,
                ..SearchOptions::default()
            },
        )
        .unwrap();
    assert_eq!(a.worst, Outcome::Seeds(20));
    assert_eq!(a.value, Outcome::Endless(true));
    let progress = a.progress.expect("several moves of value +20");
    assert!(progress.tied >= 2, "{progress:?}");
    let plies = progress.plies.expect("a forced end within the budget");
    // Played out, the round ends within that many plies: each best move brings the forced
    // end nearer, and the opponent can put it off no further.
    let (line, margin) = play_out(p, 300_000, 60);
    assert_eq!(margin, 20);
    assert!(
        line.len() - 1 <= plies as usize,
        "{plies} plies forced, {} played",
        line.len() - 1
    );
}
