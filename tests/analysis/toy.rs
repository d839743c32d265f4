//! The sixth game through the analysis (issue 36): rules-core's toy game (`games/toy/`, compiled
//! in by its `toy` feature) is searched, estimated and bounded by the analysis's shared code, with
//! no line of the analysis about it. So the analysis holds no game's rules: a game that plugs
//! into rules-core by its folder is analysed as it is.
//!
//! The toy (its module's comment): 2×2, holes 1B, 2B, 1A, 2A at indices 0 to 3, sown in that
//! order (`+`); a move sows every seed of one of the mover's holes, one a hole from the next; a
//! last seed that makes two in the opponent's row captures them; the round ends when the player
//! to move has no seed, each player then counting his store and his row.

use analysis::{Engine, Limits, Outcome, SearchOptions, analyse, eval, search::settled};
use rules_core::games::toy::ToyOptions;
use rules_core::{Move, Player, Position, Setup, Variant};

fn toy(seeds: [u32; 4], stores: [u32; 2], to_move: Player) -> Position {
    let mut s = Setup::start(Variant::from(ToyOptions), Player::B);
    s.seeds = seeds.to_vec();
    s.stores = stores;
    s.to_move = to_move;
    Position::from_setup(&s).expect("8 seeds in all")
}

/// 1B 1, 2B 1, 1A 1, 2A 0; A has captured 2, B 3; B to move. Worked by hand:
/// * 2B: its seed makes 1A two, in A's row: B captures them (store 5). A has no seed: the round
///   is over, A 2 + 0, B 5 + 1 (1B): +4 for B.
/// * 1B: its seed makes 2B two, in B's own row: no capture. A's only move, 1A, puts its seed in
///   2A (his own row). B's only move, 2B, sows 1A, 2A: 2A holds two, in A's row: B captures them
///   (store 5). A's only move, 1A, sows 2A; B has no seed: the round is over, A 2 + 1 (2A), B 5
///   + 0: +2 for B.
///
/// So the value is +4, exact, by 2B, and 1B's line is worth +2.
#[test]
fn the_toy_game_is_analysed_exactly() {
    let pos = toy([1, 1, 1, 0], [2, 3], Player::B);
    let a = analyse(
        &pos,
        &SearchOptions {
            limits: Limits {
                depth: Some(10),
                ..Limits::default()
            },
            multipv: 2,
            ..SearchOptions::default()
        },
    )
    .expect("a completed search");
    assert_eq!(
        (a.value, a.worst, a.exact),
        (Outcome::Seeds(4), Outcome::Seeds(4), true)
    );
    let b2 = Move::parse(pos.variant().kind(), "2B").expect("a toy token");
    let b1 = Move::parse(pos.variant().kind(), "1B").expect("a toy token");
    assert_eq!(a.best(), Some(b2));
    let second = &a.lines[1];
    assert_eq!(second.moves.len(), 4, "1B, 1A, 2B, 1A");
    assert_eq!(
        (second.moves[0], second.value, second.exact),
        (b1, Outcome::Seeds(2), true)
    );
    // The estimate is the toy's own scoring (each player's store and row): +2 for B here (3 +
    // 1 + 1 against 2 + 1 + 0); nothing is settled but the stores, so no bound without a search.
    assert_eq!(eval::estimate(&pos), 2);
    assert_eq!(settled::interval(&pos), None);
}

/// The same with an engine of two threads, and its bound proofs: the bounds meet at +4.
#[test]
fn the_toy_game_is_searched_by_threads_and_bounded() {
    let pos = toy([1, 1, 1, 0], [2, 3], Player::B);
    let engine = Engine::new(1 << 20, 2).expect("a small table");
    let opts = SearchOptions {
        limits: Limits {
            depth: Some(10),
            ..Limits::default()
        },
        ..SearchOptions::default()
    };
    let a = engine.analyse(&pos, &opts).expect("a completed search");
    assert_eq!((a.value, a.exact), (Outcome::Seeds(4), true));
    let b = engine.prove_bounds(&pos, &opts).expect("bounds");
    assert_eq!((b.lower, b.upper), (Some(4), Some(4)));
}
