//! The match of Bechi (B13–B17, spec/analysis.md §10): set-ups worked by hand, endings a round
//! or two from the end of the match worked by hand, the invariants of the match value, the
//! forcing search against the round's graph, and the Bechi 2×3 match solved twice (every
//! position of every round start; searches of the round starts) with the same result.

use crate::support::{Lcg, pos};
use analysis::matches::{
    Between, MatchOutcome, MatchSolution, MatchState, SearchRounds, can_force_by_graph,
    can_force_by_search, position_value, solve_by_search, solve_exact,
};
use rules_core::{BechiOptions, Decision, Hole, Player, Position, Variant};
use std::sync::OnceLock;

fn bechi(holes: u8) -> Variant {
    Variant::Bechi(BechiOptions { holes })
}

fn win(winner: Player, rounds: u32) -> MatchOutcome {
    MatchOutcome::Win { winner, rounds }
}

fn state(a: u32, b: u32, opener: Player) -> MatchState {
    MatchState {
        holdings: [a, b],
        opener,
    }
}

/// The Bechi 2×3 match solved by retrograde analysis, once for all the tests.
fn exact_2x3() -> &'static MatchSolution {
    static SOLVED: OnceLock<MatchSolution> = OnceLock::new();
    SOLVED.get_or_init(|| {
        let (s, stats) = solve_exact(bechi(3), 20_000_000, &mut |_| {}).expect("solved");
        // 26 round starts (below); the first round alone is 1 117 727 boards from either opener.
        assert_eq!(stats.graphs, 26);
        assert_eq!(stats.boards, 2_756_448);
        assert_eq!(stats.positions, 9_374_608);
        s
    })
}

/// B15: after a round, a player with fewer than 6 loses; 6 is enough to go on.
#[test]
fn fewer_than_six_loses_the_match() {
    let v = bechi(3);
    assert_eq!(
        MatchState::after(v, [31, 5], Player::A),
        Ok(Between::Over(Player::A))
    );
    assert_eq!(
        MatchState::after(v, [0, 36], Player::B),
        Ok(Between::Over(Player::B))
    );
    assert_eq!(
        MatchState::after(v, [6, 30], Player::B),
        Ok(Between::Next(state(6, 30, Player::B)))
    );
    // Every state of the match has both players at 6 or more: 25 holdings of A, two openers.
    let all = MatchState::all(v);
    assert_eq!(all.len(), 50);
    assert!(all.iter().all(|s| s.holdings.iter().all(|&h| h >= 6)));
    assert_eq!(MatchState::all(bechi(4)).len(), 74);
}

/// B16 by hand: with 23 against 13 on 2×3, A fills his three holes (18) and keeps 5; B fills
/// ⌊13/6⌋ = 2 of his holes and keeps 1, and chooses which: {1B 2B}, {1B 3B}, {2B 3B}, the hole
/// left empty blocked (B3). B17: the state's opener opens. With 18 each, both fill every hole,
/// keep nothing, and nobody chooses.
#[test]
fn set_ups_follow_b16() {
    let v = bechi(3);
    let st = state(23, 13, Player::A);
    assert_eq!(st.chooser(v), Ok(Some(Player::B)));
    let ups = st.set_ups(v).unwrap();
    let fills: Vec<String> = ups.iter().map(|u| u.words()).collect();
    assert_eq!(fills, ["1B 2B", "1B 3B", "2B 3B"]);
    for u in &ups {
        assert_eq!(u.reserves(), [5, 1]);
        assert_eq!(u.start.to_move(), Player::A);
        let Decision::Fill(holes) = &u.decision else {
            panic!("a fill")
        };
        let blocked: Vec<Hole> = (1..=3)
            .map(|k| Hole::new(k, Player::B))
            .filter(|h| !holes.contains(h))
            .collect();
        assert_eq!(blocked.len(), 1);
        let text = notation::write_view(u.start.view());
        assert!(text.contains("0x"), "{text}");
        assert!(text.ends_with("A reserve=5,1 round=2 opener=A"), "{text}");
    }
    let even = state(18, 18, Player::B);
    assert_eq!(even.chooser(v), Ok(None));
    let ups = even.set_ups(v).unwrap();
    assert_eq!(ups.len(), 1);
    assert_eq!(
        notation::write_view(ups[0].start.view()),
        "bechi 6,6,6/6,6,6 B round=2 opener=B"
    );
    // On 2×4, 33 against 15: B fills 2 of 4 holes, 6 ways.
    assert_eq!(state(33, 15, Player::B).set_ups(bechi(4)).unwrap().len(), 6);
}

/// A round a move from its end, worked by hand. `bechi 1*,0*,1*/2*,0x,2* B`: round 2, opened by
/// A; B filled two holes (2B blocked), every other hole has been played. B's starts are 1B and
/// 3B, 2 seeds each (B4).
/// * 3B (+): 3B, 1A (B6); 1A holds 2, chosen: B takes 2 (B9); the chain looks at 2A, empty, and
///   stops (B10). A's only seeds are 1 in 3A: he passes (B5). B plays 1B (−): 1B, 3A; 3A holds
///   2: B takes 2; 2A is empty. 1B and 3B hold 1 each: the round is over (B13), B's 2 to him.
/// * 1B (−) first: 1B, 3A: B takes 2; A passes; 3B: 3B, 1A: B takes 2; the same end.
///
/// Either way B adds 4 captured and 2 on his side, A nothing. With `store=4,20 reserve=1,5`, A
/// ends with 1 + 4 = 5 < 6 and loses the match now (B14, B15): B wins in 1 round. With
/// `store=4,20 reserve=2,4`, A ends with exactly 6 and B with 4 + 20 + 6 = 30: the match goes on
/// from A 6 B 30 with B to open round 3 (B17), worth one round more than that state.
#[test]
fn a_round_one_move_from_its_end() {
    let s = exact_2x3();
    let lost = pos(
        "bechi 1*,0*,1*/2*,0x,2* B store=4,20 reserve=1,5 round=2 opener=A",
        &[],
    );
    assert_eq!(position_value(s, &lost, 1000), Ok(win(Player::B, 1)));
    for (m, child) in lost.legal_moves_with_positions() {
        assert_eq!(
            position_value(s, &child, 1000),
            Ok(win(Player::B, 1)),
            "{m}"
        );
    }
    let on = pos(
        "bechi 1*,0*,1*/2*,0x,2* B store=4,20 reserve=2,4 round=2 opener=A",
        &[],
    );
    let next = s.get(&state(6, 30, Player::B)).unwrap().value;
    assert_eq!(next, win(Player::B, 2));
    assert_eq!(position_value(s, &on, 1000), Ok(next.one_round_earlier()));
}

/// The round already over: its holdings decide (B13–B15).
#[test]
fn a_finished_round_is_worth_what_follows() {
    let s = exact_2x3();
    // Round over: every hole holds 0 or 1. A: store 2 + 1 on his side + reserve 2 = 5 < 6.
    let over = pos(
        "bechi 0*,1*,0*/1*,0x,0* A store=2,26 reserve=2,4 round=2 opener=A",
        &[],
    );
    assert!(over.round_result().is_some());
    assert_eq!(position_value(s, &over, 10), Ok(win(Player::B, 1)));
}

/// The match value's invariants on Bechi 2×3: the rows swapped, the players swap (the rules name
/// no player but the opener); the chooser's value is his best set-up's; every set-up has a line
/// of best play that ends its round in a state worth one round less (the solution keeps a line
/// only if it does).
#[test]
fn the_2x3_match_value_is_symmetric_and_consistent() {
    let s = exact_2x3();
    for sv in &s.states {
        let twin = s.get(&sv.state.swapped()).unwrap();
        assert_eq!(twin.value, sv.value.swapped(), "{}", sv.state);
        let judge = sv.chooser.unwrap_or(Player::A);
        let best = sv.set_ups.iter().map(|u| u.value.rank(judge)).max();
        assert_eq!(best, Some(sv.value.rank(judge)), "{}", sv.state);
        for u in &sv.set_ups {
            // By retrograde analysis every set-up has a line of best play that ends the round.
            let t = u.line_total.expect("a line total");
            assert!(u.reachable.unwrap() >> t & 1 == 1);
        }
    }
    // No state is endless: one player or the other can force the win from every one.
    assert!(s.states.iter().all(|sv| sv.value != MatchOutcome::Endless));
    assert_eq!(s.levels, 6);
}

/// The result (spec/analysis.md §9.4): from the start, the player who does not open round 1 wins
/// the match in 5 rounds; the line of best play, round by round.
#[test]
fn the_2x3_match_is_won_by_the_second_player_in_5_rounds() {
    let s = exact_2x3();
    let v = bechi(3);
    assert_eq!(
        s.get(&MatchState::start(v, Player::B)).unwrap().value,
        win(Player::A, 5)
    );
    assert_eq!(
        s.get(&MatchState::start(v, Player::A)).unwrap().value,
        win(Player::B, 5)
    );
    let line: Vec<(String, String, Option<[u32; 2]>)> = s
        .line(&MatchState::start(v, Player::B))
        .iter()
        .map(|r| (r.state.to_string(), r.set_up.words(), r.totals))
        .collect();
    assert_eq!(line.len(), 5);
    assert_eq!(line[0].0, "A 18 B 18, B opens");
    // Round 1 ends 21 to 15: the opener loses it by 6, as the first round's value says.
    assert_eq!(line[0].2, Some([21, 15]));
    let last = s.line(&MatchState::start(v, Player::B)).pop().unwrap();
    assert_eq!(last.after, Some(Between::Over(Player::A)));
    // Every state can be reached from the start.
    assert_eq!(
        s.reachable(&MatchState::start(v, Player::B)).unwrap().len(),
        50
    );
}

/// The same match solved by searches of its round starts, without the rows' symmetry: every
/// state and every set-up gets the outcome of the retrograde analysis.
#[test]
fn the_2x3_match_by_search_agrees_with_retrograde_analysis() {
    let exact = exact_2x3();
    let mut rounds = SearchRounds::new(16 << 20, None, false, 1_000_000);
    let (s, q) = solve_by_search(bechi(3), &mut rounds, &mut |_| {}).unwrap();
    assert_eq!(rounds.starts.len(), 26);
    assert!(
        rounds
            .starts
            .iter()
            .all(|r| r.value.proved && !r.by_symmetry)
    );
    assert!(q.asked > 0);
    for (a, b) in s.states.iter().zip(&exact.states) {
        assert_eq!(a.state, b.state);
        assert_eq!(a.value, b.value, "{}", a.state);
        for (x, y) in a.set_ups.iter().zip(&b.set_ups) {
            assert_eq!(x.value, y.value, "{} {}", a.state, x.set_up.words());
        }
    }
}

/// The forcing search against the round's graph: random sets of A's round totals, for either
/// player, from set-ups of Bechi 2×3 and from positions of random play in them.
#[test]
fn forcing_search_agrees_with_the_round_graph() {
    let v = bechi(3);
    let mut rng = Lcg(24);
    let mut starts: Vec<Position> = Vec::new();
    for st in [
        state(10, 26, Player::A),
        state(14, 22, Player::B),
        state(20, 16, Player::A),
    ] {
        for u in st.set_ups(v).unwrap() {
            let mut p = u.start;
            starts.push(p);
            for _ in 0..rng.below(12) {
                let moves = p.legal_moves_with_positions();
                if moves.is_empty() {
                    break;
                }
                p = moves[rng.below(moves.len())].1;
            }
            starts.push(p);
        }
    }
    let mut agreed = [0; 2];
    for p in &starts {
        for _ in 0..4 {
            let targets = (rng.below(1 << 30) as u64) << 1 | rng.below(2) as u64;
            for x in Player::BOTH {
                let g = can_force_by_graph(p, x, targets, 2_000_000).unwrap();
                let f = can_force_by_search(p, x, targets, 2_000_000).unwrap();
                assert_eq!(g, f, "{} {x} {targets:#x}", notation::write_view(p.view()));
                agreed[usize::from(g)] += 1;
            }
        }
    }
    // Both answers occur.
    assert!(agreed[0] > 10 && agreed[1] > 10, "{agreed:?}");
}

/// A line of best play played out by forcing searches (what a solve by search does where the seed
/// margin's line is not one of best play for the match): with every round total of the 2×3
/// solution forgotten, `complete_line` finds one for each round of the line, and each round ends
/// in a state worth exactly one round less (the winner no slower, the loser holding out as long
/// as he can), down to the end of the match in round 5.
#[test]
fn a_line_played_out_by_forcing_searches_is_one_of_best_play() {
    let v = bechi(3);
    let mut rounds = SearchRounds::new(16 << 20, None, true, 1_000_000);
    let (mut s, _) = solve_by_search(v, &mut rounds, &mut |_| {}).unwrap();
    for sv in &mut s.states {
        for u in &mut sv.set_ups {
            u.line_total = None;
        }
    }
    for opener in Player::BOTH {
        let start = MatchState::start(v, opener);
        s.complete_line(&start, 1_000_000).unwrap();
        let line = s.line(&start);
        assert_eq!(line.len(), 5, "{opener}");
        for (k, r) in line.iter().enumerate() {
            let value = s.get(&r.state).unwrap().value;
            assert_eq!(value, win(opener.other(), 5 - k as u32));
            let t = r.totals.expect("a round total");
            assert_eq!(t[0] + t[1], r.set_up.start.view().on_board());
            match r.after {
                Some(Between::Next(m)) => {
                    assert_eq!(s.get(&m).unwrap().value, win(opener.other(), 4 - k as u32));
                }
                Some(Between::Over(w)) => assert_eq!((w, k), (opener.other(), 4)),
                None => panic!("round {k} has no end"),
            }
        }
    }
}
