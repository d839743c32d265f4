//! The perfectly indexed Giuthi table (spec/analysis.md §12.5) against the hashed table filled on
//! demand (§12.2) and the reference solver (`reference.rs`): the same two values on random
//! boards, endless play deciding many of them; a search reading it proves the reference's values.

use crate::agree::variant;
use crate::endgame::giuthi_boards;
use crate::reference::Reference;
use crate::support::{Lcg, endgames};
use analysis::endgame::indexed::Indexed;
use analysis::endgame::{CLOSURE_LIMIT, Endgame};
use analysis::search::Oracle;
use analysis::{Engine, Limits, Outcome, SearchOptions};
use rules_core::{GameKind, Player, Position, Setup};

/// Every board of at most 10 seeds, solved on two threads: the values of 200 random boards of at
/// most 10 seeds (random stores and mover) are the hashed table's, and for those of at most 8
/// the reference solver's.
#[test]
fn indexed_values_are_the_hashed_and_reference_values() {
    let v = variant(GameKind::Giuthi, &[("holes", "5"), ("seeds", "4")]);
    let mut levels = Vec::new();
    let t = Indexed::solve(v, 10, 2, &mut |r| levels.push(*r)).unwrap();
    assert_eq!(levels.len(), 11);
    assert_eq!(t.stats().boards, 184_756); // C(20, 10)
    assert_eq!(levels[10].boards, 92_378); // C(19, 9)
    let hashed = Endgame::new(v, 10, CLOSURE_LIMIT).unwrap();
    let mut rng = Lcg(2027);
    let (mut endless, mut referenced) = (0, 0);
    for p in giuthi_boards(v, 10, 200, &mut rng) {
        let got = t.probe(&p).expect("a board of at most 10 seeds");
        let text = notation::write_view(p.view());
        assert_eq!(Some(got), hashed.probe(&p), "{text}");
        endless += usize::from(got[0] != got[1]);
        let seeds = p.view().on_board();
        if seeds <= 8 {
            let truth = Reference::solve(&p, 400_000).expect("a small position");
            assert_eq!(got.map(Outcome::from_score), truth.of(&p), "{text}");
            referenced += 1;
        }
    }
    assert!(endless >= 20 && referenced >= 100, "{endless} {referenced}");
    assert_eq!(t.stats().hits, 200);
}

/// Positions near the end of random games: the same values as the reference's; a board of more
/// seeds than the table's, or of another variant, is not answered; other games have none.
#[test]
fn indexed_values_near_the_end_of_games() {
    let v = variant(GameKind::Giuthi, &[("holes", "5"), ("seeds", "4")]);
    let t = Indexed::solve(v, 8, 1, &mut |_| {}).unwrap();
    let mut rng = Lcg(5);
    let mut covered = 0;
    for p in endgames(v, 10, 60, &mut rng) {
        let Some(got) = t.probe(&p) else { continue };
        let truth = Reference::solve(&p, 400_000).expect("a small position");
        assert_eq!(got.map(Outcome::from_score), truth.of(&p));
        covered += 1;
    }
    assert!(covered >= 20, "{covered}");
    let mut s = Setup::start(v, Player::A);
    s.seeds.iter_mut().for_each(|x| *x = 1);
    s.stores = [15, 15];
    assert_eq!(t.probe(&Position::from_setup(&s).unwrap()), None); // 10 seeds
    let other = variant(GameKind::Giuthi, &[("holes", "6"), ("seeds", "4")]);
    let mut s = Setup::start(other, Player::A);
    s.seeds.iter_mut().for_each(|x| *x = 0);
    s.seeds[0] = 2;
    s.stores = [24, 22];
    assert_eq!(t.probe(&Position::from_setup(&s).unwrap()), None);
    let uugg = variant(GameKind::Uugg, &[("holes", "5")]);
    let e = Indexed::solve(uugg, 4, 1, &mut |_| {}).err();
    assert!(e.is_some_and(|e| e.0.contains("cover giuthi")));
    assert!(Indexed::solve(v, 32, 1, &mut |_| {}).is_err());
}

/// The search reading the indexed table proves the reference's values, with one thread and two.
#[test]
fn the_search_reads_the_indexed_table() {
    let v = variant(GameKind::Giuthi, &[("holes", "5"), ("seeds", "4")]);
    let t = Indexed::solve(v, 10, 1, &mut |_| {}).unwrap();
    let mut rng = Lcg(11);
    let ends: Vec<_> = endgames(v, 14, 20, &mut rng)
        .into_iter()
        .filter_map(|p| Some((p, Reference::solve(&p, 400_000)?.of(&p))))
        .collect();
    let mut proved = 0;
    for threads in [1, 2] {
        for (p, truth) in &ends {
            let a = Engine::new(16 << 20, threads)
                .unwrap()
                .analyse(
                    p,
                    &SearchOptions {
                        limits: Limits {
                            nodes: Some(10_000),
                            ..Limits::default()
                        },
                        multipv: 1,
                        oracle: Some(&t as &dyn Oracle),
                        ..SearchOptions::default()
                    },
                )
                .unwrap();
            if a.proved {
                assert_eq!([a.value, a.worst], *truth);
                proved += 1;
            }
        }
    }
    assert!(proved >= 10, "{proved}");
}

/// Issue 34.8: `analyse --endgame 31 --endgame-indexed --time 1s` solved its table for minutes
/// whatever the time. The time limit bounds the solving: at the deadline the level being solved
/// is given up and the table holds the levels solved before it, answering as the whole table for
/// those; a table larger than the machine gives is refused before anything is solved, with its
/// figures.
#[test]
fn the_time_limit_and_the_memory_bound_the_indexed_table() {
    let v = variant(GameKind::Giuthi, &[("holes", "5"), ("seeds", "4")]);
    // A limit already passed: not even the first level (of 20: 60 MB of values, what any
    // machine gives).
    let none = Indexed::solve_until(v, 20, 1, &|| true, &mut |_| {}).unwrap();
    let s = none.stats();
    assert!(s.timed_out && s.boards == 0 && s.asked == 20, "{s:?}");
    let mut rng = Lcg(9);
    let boards = giuthi_boards(v, 6, 20, &mut rng);
    assert!(boards.iter().all(|p| none.probe(p).is_none()));
    // The limit passes once level 6 is solved: levels 0 to 6 are held, with the values of a
    // table of 6 seeds; boards of more seeds are not answered.
    let late = std::sync::atomic::AtomicBool::new(false);
    let stop = || late.load(std::sync::atomic::Ordering::Relaxed);
    let cut = Indexed::solve_until(v, 12, 2, &stop, &mut |r| {
        if r.seeds == 6 {
            late.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    })
    .unwrap();
    let s = cut.stats();
    assert!(s.timed_out && s.seeds == 6 && s.asked == 12, "{s:?}");
    assert_eq!(s.boards, 8008); // C(16, 10)
    let six = Indexed::solve(v, 6, 1, &mut |_| {}).unwrap();
    assert!(!six.stats().timed_out);
    for p in &boards {
        assert!(six.probe(p).is_some());
        assert_eq!(cut.probe(p), six.probe(p));
    }
    assert!(
        giuthi_boards(v, 12, 20, &mut rng)
            .iter()
            .filter(|p| p.to_setup().seeds.iter().sum::<u32>() > 6)
            .all(|p| cut.probe(p).is_none())
    );
    // Every board of at most 31 seeds of Giuthi 2×8 (1.5 × 10^12): refused at once, with its
    // figures.
    let big = rules_core::Variant::default_for(GameKind::Giuthi);
    let e = Indexed::solve(big, 31, 1, &mut |_| {}).err().unwrap();
    assert!(e.0.contains("1503232609098 boards"), "{e}");
    assert!(e.0.contains("GB of values"), "{e}");
    assert!(e.0.contains("the machine or its limits give less"), "{e}");
}
