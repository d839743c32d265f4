//! The Bechi solver and its database: its boards against the rules core, its numbering, the whole
//! of Bechi 2×3's first round against the first solver (`hashed.rs`), the search, and the file.

use crate::hashed;
use crate::support::{Lcg, analysis, endgames, pos};
use analysis::db::{self, Database};
use analysis::search::Oracle;
use analysis::solve::board::{Board, Shape, Step};
use analysis::solve::index::{Layout, SliceId};
use analysis::solve::{Solution, SolveOptions, solve};
use analysis::value::Outcome;
use rules_core::{AfterRound, BechiOptions, Decision, Player, Position, Variant};
use std::collections::HashMap;

fn bechi(holes: u8) -> Variant {
    Variant::Bechi(BechiOptions { holes })
}

fn solved(roots: &[Position]) -> Solution {
    let options = SolveOptions {
        work: None,
        threads: 1,
        max_positions: None,
    };
    solve(roots, &options, &mut |_| {}).unwrap().0
}

fn starts(holes: u8) -> [Position; 2] {
    [
        Position::start(bechi(holes), Player::B),
        Position::start(bechi(holes), Player::A),
    ]
}

/// Positions of random games of Bechi: round 1 of both widths, and round 2 with blocked holes
/// (the poorer player filling the holes a random choice gives).
fn random_positions(rng: &mut Lcg, count: usize) -> Vec<Position> {
    let mut out = Vec::new();
    while out.len() < count {
        let holes = if rng.below(2) == 0 { 3 } else { 4 };
        let mut p = Position::start(bechi(holes), Player::B);
        for round in 1..=2 {
            while p.round_result().is_none() {
                out.push(p);
                let moves = p.legal_moves_with_positions();
                p = moves[rng.below(moves.len())].1;
            }
            out.push(p);
            if round == 2 {
                break;
            }
            let decision = match p.decision_request() {
                Ok(rules_core::DecisionRequest::Fill { player, holes: k }) => {
                    let mut mine: Vec<rules_core::Hole> = (1..=holes)
                        .map(|n| format!("{n}{player}").parse().unwrap())
                        .collect();
                    while mine.len() > k as usize {
                        mine.remove(rng.below(mine.len()));
                    }
                    Decision::Fill(mine)
                }
                _ => Decision::None,
            };
            match p.after_round(&decision) {
                Ok(AfterRound::Next(next)) => p = next,
                _ => break,
            }
        }
    }
    out
}

/// The solver's moves are the rules core's: the same children (turned to their mover) with the
/// same captures, the same forced passes and the same ends of round, blocked holes included.
#[test]
fn the_solvers_moves_are_the_rules_cores() {
    let mut rng = Lcg(17);
    let mut blocked = 0;
    for p in random_positions(&mut rng, 6000) {
        let shape = Shape::of(p.variant()).unwrap();
        let (b, so_far) = shape.board_of(&p).unwrap();
        blocked += usize::from(b.blocked != 0);
        let mover = p.to_move().index();
        match shape.step(&b) {
            Step::Over(v) => {
                let r = p.round_result().expect("the round is over");
                let totals = r.totals;
                let margin = totals[mover] as i32 - totals[1 - mover] as i32;
                assert_eq!(i32::from(v) + so_far, margin, "{p:?}");
            }
            Step::Moves(children) => {
                let mut ours: Vec<(Board, u8)> = children.as_slice().to_vec();
                let mut theirs: Vec<(Board, u8)> = p
                    .legal_moves_with_positions()
                    .into_iter()
                    .map(|(_, c)| {
                        let (cb, _) = shape.board_of(&c).unwrap();
                        let s = c.view().stores()[mover] - p.view().stores()[mover];
                        (cb, s as u8)
                    })
                    .collect();
                // The rules core lists a move once per outcome (the 2×3 middle hole's two
                // directions may end alike): compare the distinct outcomes.
                for v in [&mut ours, &mut theirs] {
                    v.sort_by_key(|(b, c)| (b.seeds, b.chosen, *c));
                    v.dedup();
                }
                assert_eq!(ours, theirs, "{p:?}");
            }
        }
    }
    assert!(blocked > 500, "{blocked} positions with blocked holes");
}

/// Unmaking moves finds exactly the parents inside a slice: every move that captures nothing and
/// marks no new hole (and every forced pass) is found from its child, once, and nothing else.
#[test]
fn parents_are_the_moves_inside_a_slice_unmade() {
    let mut rng = Lcg(5);
    let mut edges = 0;
    for p in random_positions(&mut rng, 4000) {
        let shape = Shape::of(p.variant()).unwrap();
        let (b, _) = shape.board_of(&p).unwrap();
        let Step::Moves(children) = shape.step(&b) else {
            continue;
        };
        for (c, captured) in children.as_slice() {
            let inside = *captured == 0 && shape.swap_mask(c.chosen) == b.chosen;
            let mut found = Vec::new();
            shape.parents(c, |q| found.push(q));
            let times = found.iter().filter(|&&q| q == b).count();
            let moves = children
                .as_slice()
                .iter()
                .filter(|x| x.0 == *c && x.1 == 0)
                .count();
            assert_eq!(times, if inside { moves } else { 0 }, "{p:?} -> {c:?}");
            edges += usize::from(inside);
            // Every parent found leads to the child by a move inside the slice.
            for q in found {
                let Step::Moves(qc) = shape.step(&q) else {
                    panic!("a parent whose round is over: {q:?}");
                };
                assert!(
                    qc.as_slice().iter().any(|(x, cap)| x == c && *cap == 0),
                    "{q:?} is not a parent of {c:?}"
                );
                assert_eq!(shape.swap_mask(c.chosen), q.chosen);
            }
        }
    }
    assert!(edges > 3000, "{edges}");
}

/// The numbering of a slice is a bijection onto 0..size, in order.
#[test]
fn ranks_number_each_slice_without_gaps() {
    let shape = Shape::new(3).unwrap();
    for (chosen, blocked, low, seeds) in [
        (0b101_001, 0, false, 36),
        (0b111_111, 0, false, 12),
        (0, 0b000_010, false, 34),
        (0b000_001, 0b100_000, true, 10),
    ] {
        let id = SliceId {
            seeds,
            chosen,
            blocked,
            low,
        };
        let l = Layout::new(shape, id).unwrap();
        assert!(l.size > 10, "{id:?}");
        for r in 0..l.size {
            let b = l.unrank(r);
            assert_eq!(
                b.seeds.iter().map(|&s| u32::from(s)).sum::<u32>(),
                u32::from(seeds)
            );
            assert_eq!(
                b.seeds[..6]
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| blocked & (1 << i) != 0)
                    .map(|(_, s)| *s)
                    .sum::<u8>(),
                0
            );
            assert_eq!(l.rank(&b), r, "{id:?} {b:?}");
        }
    }
    // The start of 2×4: the one board of its slice.
    let shape4 = Shape::new(4).unwrap();
    let (b, _) = shape4
        .board_of(&Position::start(bechi(4), Player::A))
        .unwrap();
    let l = Layout::new(shape4, SliceId::of(shape4, &b)).unwrap();
    assert_eq!((l.size, l.rank(&b)), (1, 0));
    // Every unchosen hole full and every hole chosen: C(48 + 7, 7) boards.
    let all = SliceId {
        seeds: 48,
        chosen: 0xff,
        blocked: 0,
        low: false,
    };
    assert_eq!(Layout::new(shape4, all).unwrap().size, 202_927_725);
}

/// The whole first round of Bechi 2×3: the new solver gives the first solver's two values on
/// every position it reaches, from both openers, and reaches exactly half as many boards (a
/// position with A to move is the board turned round with B to move).
#[test]
fn bechi_2x3_first_round_agrees_with_the_first_solver_on_every_position() {
    let roots = starts(3);
    let reference = hashed::solve(&roots);
    assert_eq!(reference.len(), 1_160_842);
    let (solution, stats) = solve(
        &roots,
        &SolveOptions {
            work: None,
            threads: 2,
            max_positions: None,
        },
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(stats.positions * 2, reference.len() as u64);
    let shape = solution.shape();
    let mut checked = 0;
    for (&k, &want) in &reference {
        let b = hashed_board(k, shape);
        assert_eq!(solution.get(&b), Some(want), "key {k:#x}");
        checked += 1;
    }
    assert_eq!(checked, 1_160_842);
    // The database file answers the same on all of them.
    let mut bytes = Vec::new();
    db::write(&solution, &mut bytes).unwrap();
    let file = Database::from_bytes(bytes).unwrap();
    file.verify().unwrap();
    for (&k, &want) in reference.iter().step_by(13) {
        assert_eq!(file.get(&hashed_board(k, shape)), Ok(Some(want)));
    }
}

/// The board, from the mover's side, of a key of the first solver.
fn hashed_board(k: u64, shape: Shape) -> Board {
    let len = shape.holes();
    let mut b = Board::default();
    for i in 0..len {
        b.seeds[i] = ((k >> (1 + len + 6 * i)) & 63) as u8;
    }
    b.chosen = ((k >> 1) & ((1 << len) - 1)) as u8;
    if k & 1 == 0 { shape.turned(&b) } else { b }
}

fn small_solution() -> (Solution, Vec<Position>) {
    let roots = vec![
        pos("bechi 2*,1*,0/6,0,3* B store=12,12 opener=B", &[]),
        pos("bechi 6,6,2*/4*,0,2* A store=8,8 opener=B", &[]),
    ];
    (solved(&roots), roots)
}

/// Every seventh position of a small solve (roots with unchosen holes under 6 seeds: low
/// slices): its two stored values are those the search proves without the database.
#[test]
fn every_position_of_a_small_solve_agrees_with_the_search() {
    let (solution, roots) = small_solution();
    let reference = hashed::solve(&roots);
    let shape = solution.shape();
    let mut checked = 0;
    for (i, (&k, want)) in reference.iter().enumerate() {
        let b = hashed_board(k, shape);
        assert_eq!(solution.get(&b), Some(*want));
        if i % 7 != 0 {
            continue;
        }
        let p = shape.position(&b).unwrap();
        let a = analysis(&p, 2_000_000, 1);
        assert!(a.proved, "{k:#x}");
        let stored = solution.probe(&p).unwrap();
        assert_eq!(
            [a.value, a.worst],
            stored.map(Outcome::from_score),
            "{}",
            notation::write_view(p.view())
        );
        checked += 1;
    }
    assert!(checked > 150, "{checked}");
}

/// The search with the database as oracle stops at the root with the stored value.
#[test]
fn the_search_uses_the_database_as_an_oracle() {
    let (solution, roots) = small_solution();
    let mut bytes = Vec::new();
    db::write(&solution, &mut bytes).unwrap();
    let file = Database::from_bytes(bytes).unwrap();
    for r in &roots {
        let without = analysis(r, 5_000_000, 1);
        let with = analysis::analyse(
            r,
            &analysis::SearchOptions {
                oracle: Some(&file),
                ..analysis::SearchOptions::default()
            },
        )
        .unwrap();
        assert!(with.exact && without.exact);
        assert_eq!(with.value, without.value);
        // Depth 1: each move of the root answered by the database (a move searched again when
        // it beats the first is visited twice).
        assert_eq!(with.depth, 1);
        assert!(
            with.nodes <= 2 * r.legal_moves().len() as u64,
            "{}",
            with.nodes
        );
        assert!(with.nodes < without.nodes);
    }
}

/// Random Bechi 2×3 endgames agree with a solve from them.
#[test]
fn endgames_from_the_start_agree() {
    let ps = endgames(bechi(3), 12, 20, &mut Lcg(9));
    let solution = solved(&ps);
    for p in &ps {
        let a = analysis(p, 2_000_000, 1);
        assert!(a.exact);
        assert_eq!(
            Some([a.value, a.worst]),
            solution.probe(p).map(|v| v.map(Outcome::from_score))
        );
    }
}

/// Positions with blocked holes (a later round, B3) are solved by the same machinery: random
/// round-2 endgames against the search.
#[test]
fn later_rounds_with_blocked_holes_agree_with_the_search() {
    let mut rng = Lcg(23);
    let mut roots: Vec<Position> = Vec::new();
    for p in random_positions(&mut rng, 3000) {
        let on_board = p.view().on_board();
        if p.view().round() == 2 && on_board <= 14 && p.round_result().is_none() && roots.len() < 12
        {
            roots.push(p);
        }
    }
    assert!(roots.len() >= 6, "{}", roots.len());
    let mut checked = 0;
    for r in &roots {
        let solution = solved(std::slice::from_ref(r));
        let a = analysis(r, 3_000_000, 1);
        assert!(a.exact, "{r:?}");
        assert_eq!(
            Some([a.value, a.worst]),
            solution.probe(r).map(|v| v.map(Outcome::from_score))
        );
        checked += 1;
    }
    assert!(checked >= 6);
}

#[test]
fn the_database_file_round_trips_and_its_checks_catch_a_changed_byte() {
    let (solution, _) = small_solution();
    let mut bytes = Vec::new();
    db::write(&solution, &mut bytes).unwrap();
    let text_end = bytes.windows(2).position(|w| w == b"\n\n").unwrap() + 2;
    let header = String::from_utf8(bytes[..text_end].to_vec()).unwrap();
    assert!(header.starts_with("mancala-db 2\ngame bechi holes=3\nslices "));
    let file = Database::from_bytes(bytes.clone()).unwrap();
    file.verify().unwrap();
    let mut seen: HashMap<SliceId, u64> = HashMap::new();
    for (id, n) in file.slices() {
        seen.insert(id, n);
    }
    assert_eq!(seen.values().sum::<u64>(), file.positions());
    // Every byte is under a check: flipping any one of them is refused at opening (header,
    // tables) or by `verify` (blocks).
    for i in (0..bytes.len()).step_by(bytes.len() / 997 + 1) {
        let mut bad = bytes.clone();
        bad[i] ^= 0x20;
        let refused = Database::from_bytes(bad).and_then(|d| d.verify());
        assert!(refused.is_err(), "byte {i} changed unnoticed");
    }
    let e = Database::from_bytes(bytes[..bytes.len() - 3].to_vec()).unwrap_err();
    assert!(e.contains("truncated"), "{e}");
}
