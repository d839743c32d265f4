//! Bound proofs (`Engine::prove_bounds`, spec/analysis.md §2) against the reference solver
//! (`reference.rs`): every proved bound holds on random endings of every game, with one thread
//! and two; the settled interval of an Uugg position with an uugg holds its value under both
//! conventions; proved bounds kept in the table from one analysis to the next stay true.

use crate::agree::variant;
use crate::reference::Reference;
use crate::support::{Lcg, endgames, pos};
use analysis::search::settled::interval;
use analysis::{Bounds, Engine, Limits, Outcome, SearchOptions};
use rules_core::{GameKind, MarkKind, Position, Variant};

fn opts(nodes: u64) -> SearchOptions<'static> {
    SearchOptions {
        limits: Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
        multipv: 1,
        ..SearchOptions::default()
    }
}

fn text(p: &Position) -> String {
    notation::write_view(p.view())
}

/// The proved bounds of `b` hold: the mover can make the round end with at least `lower` (the
/// reference's value with endless play his worst outcome is at least that), his opponent with
/// at most `upper` (with endless play his best); `exact` only when they meet on the value.
fn check(b: &Bounds, truth: [Outcome; 2], p: &Position) {
    let [best, worst] = truth;
    let at_least = |o: Outcome, l: i32| match o {
        Outcome::Seeds(v) => v >= l,
        Outcome::Endless(forced) => forced,
    };
    let at_most = |o: Outcome, u: i32| match o {
        Outcome::Seeds(v) => v <= u,
        Outcome::Endless(forced) => !forced,
    };
    if let Some(l) = b.lower {
        assert!(at_least(worst, l), "{}: lower {l}, {truth:?}", text(p));
    }
    if let Some(u) = b.upper {
        assert!(at_most(best, u), "{}: upper {u}, {truth:?}", text(p));
    }
    if b.exact {
        assert_eq!(b.lower, b.upper);
        assert_eq!(truth, [Outcome::Seeds(b.lower.unwrap()); 2], "{}", text(p));
    }
}

/// Proves bounds on endings of `v` with `threads` threads; returns how many were exact and how
/// many had a proved bound.
fn agree(v: Variant, plies: usize, count: usize, seed: u64, threads: usize) -> (usize, usize) {
    let mut rng = Lcg(seed);
    let (mut exact, mut bounded) = (0, 0);
    for p in endgames(v, plies, count, &mut rng) {
        let Some(truth) = Reference::solve(&p, 300_000) else {
            continue;
        };
        let b = Engine::new(16 << 20, threads)
            .unwrap()
            .prove_bounds(&p, &opts(20_000))
            .unwrap();
        check(&b, truth.of(&p), &p);
        exact += usize::from(b.exact);
        bounded += usize::from(b.lower.is_some() || b.upper.is_some());
    }
    (exact, bounded)
}

#[test]
fn bounds_hold_in_every_game_with_one_thread_and_two() {
    for threads in [1, 2] {
        for (game, options, plies, least) in [
            (GameKind::Bechi, &[("holes", "3")][..], 8, 15),
            (
                GameKind::Giuthi,
                &[("holes", "5"), ("seeds", "4")][..],
                8,
                3,
            ),
            (GameKind::Uugg, &[("holes", "5")][..], 14, 15),
            (GameKind::Uugg, &[("holes", "6")][..], 12, 15),
            (GameKind::Redu, &[][..], 6, 5),
            (GameKind::SulusNishtaw, &[][..], 10, 5),
        ] {
            let (exact, bounded) = agree(variant(game, options), plies, 20, 27, threads);
            eprintln!("{game:?} {options:?} {threads}: {exact} exact, {bounded} bounded");
            assert!(
                exact >= least,
                "{game:?} {options:?} {threads}: {exact} exact"
            );
            assert!(bounded >= exact);
        }
    }
}

/// Where endless play decides (Giuthi's repeat moves), the bounds say only what holds under
/// both conventions, and are never exact.
#[test]
fn endless_play_keeps_the_bounds_apart() {
    let v = variant(GameKind::Giuthi, &[("holes", "5"), ("seeds", "4")]);
    let mut rng = Lcg(31);
    let mut decided = 0;
    for p in endgames(v, 12, 16, &mut rng) {
        let Some(r) = Reference::solve(&p, 300_000) else {
            continue;
        };
        let truth = r.of(&p);
        if truth[0] == truth[1] {
            continue;
        }
        decided += 1;
        for threads in [1, 2] {
            let b = Engine::new(16 << 20, threads)
                .unwrap()
                .prove_bounds(&p, &opts(20_000))
                .unwrap();
            check(&b, truth, &p);
            assert!(!b.exact, "{b:?}");
        }
    }
    assert!(decided >= 3, "{decided}");
}

/// The settled interval: only for Uugg with an uugg on the board, where no position repeats
/// (both conventions give the same value) and the value lies in it.
#[test]
fn settled_intervals_hold_the_value() {
    let mut covered = 0;
    for (holes, seed) in [("5", 3), ("6", 8)] {
        let v = variant(GameKind::Uugg, &[("holes", holes)]);
        let mut rng = Lcg(seed);
        for p in endgames(v, 24, 60, &mut rng) {
            let uugg = p.view().marked().any(|(_, m)| m.kind == MarkKind::Uugg);
            let got = interval(&p);
            assert_eq!(got.is_some(), uugg, "{}", text(&p));
            let Some((lo, hi)) = got else { continue };
            let Some(r) = Reference::solve(&p, 300_000) else {
                continue;
            };
            let truth = r.of(&p);
            assert_eq!(truth[0], truth[1], "{}: a repetition", text(&p));
            let Outcome::Seeds(value) = truth[0] else {
                panic!("{}: endless play", text(&p));
            };
            assert!(
                lo <= value && value <= hi,
                "{}: {value} outside {lo}..{hi}",
                text(&p)
            );
            covered += 1;
        }
    }
    assert!(covered >= 60, "{covered}");
    for game in [GameKind::Bechi, GameKind::Giuthi, GameKind::Redu] {
        let p = Position::start(Variant::default_for(game), rules_core::Player::B);
        assert_eq!(interval(&p), None, "{game:?}");
    }
}

/// One engine proves bounds on endings and then on each of their children, its table kept: the
/// proved bounds it stored (lower and upper apart, under both conventions) serve the later
/// analyses, which must still hold. A bound stored as the other kind, or a bound of one side
/// of a question taken for the other's, fails it.
#[test]
fn proved_bounds_kept_in_the_table_stay_true() {
    for (game, options, plies, seed) in [
        (GameKind::Uugg, &[("holes", "5")][..], 16, 5),
        (
            GameKind::Giuthi,
            &[("holes", "5"), ("seeds", "4")][..],
            8,
            6,
        ),
        (GameKind::Bechi, &[("holes", "3")][..], 8, 7),
    ] {
        let v = variant(game, options);
        let mut rng = Lcg(seed);
        for threads in [1, 2] {
            let engine = Engine::new(16 << 20, threads).unwrap();
            let mut proved = 0;
            for p in endgames(v, plies, 10, &mut rng) {
                let Some(truth) = Reference::solve(&p, 300_000) else {
                    continue;
                };
                let b = engine.prove_bounds(&p, &opts(5_000)).unwrap();
                check(&b, truth.of(&p), &p);
                for (_, c) in p.legal_moves_with_positions() {
                    let b = engine.prove_bounds(&c, &opts(2_000)).unwrap();
                    check(&b, truth.of(&c), &c);
                    proved += usize::from(b.lower.is_some() || b.upper.is_some());
                }
            }
            assert!(proved >= 8, "{game:?} {threads}: {proved}");
        }
    }
}

/// The Uugg 2×5 ending of §12.4 (−24), proved by bound tests, with and without an endgame
/// table, and the start: bounds proved at a few plies are far apart but hold.
#[test]
fn the_uugg_ending_is_proved_by_bounds() {
    let p = pos(
        "uugg 1,4,2,0,2/4a,7,4,1,13a B store=0,2 opener=B",
        &[("holes", "5")],
    );
    for threads in [1, 2] {
        let b = Engine::new(64 << 20, threads)
            .unwrap()
            .prove_bounds(&p, &opts(2_000_000))
            .unwrap();
        assert!(b.exact, "{b:?}");
        assert_eq!(b.lower, Some(-24));
    }
}
