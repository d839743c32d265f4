//! Threads (spec/analysis.md §11): two threads give the values one gives. Against the reference
//! solver on endgames of every game, and against one thread on random positions further from
//! the end (a property): whenever both are proved, the values are the same under both
//! conventions, and so is the value of the best move.

use crate::agree::{agree_with, variant};
use crate::support::{Lcg, analysis_threads, endgames};
use analysis::Outcome;
use proptest::prelude::*;
use rules_core::{GameKind, Variant};

#[test]
fn two_threads_agree_with_the_reference_in_every_game() {
    let bechi = agree_with(variant(GameKind::Bechi, &[("holes", "3")]), 8, 20, 11, 2).0;
    let giuthi = agree_with(
        variant(GameKind::Giuthi, &[("holes", "5"), ("seeds", "4")]),
        6,
        30,
        13,
        2,
    );
    let uugg = agree_with(variant(GameKind::Uugg, &[("holes", "5")]), 8, 15, 14, 2).0;
    let redu = agree_with(variant(GameKind::Redu, &[]), 6, 15, 15, 2).0;
    let sulus = agree_with(variant(GameKind::SulusNishtaw, &[]), 12, 15, 17, 2).0;
    assert!(bechi >= 15, "{bechi}");
    assert!(giuthi.0 >= 10 && giuthi.1 >= 2, "{giuthi:?}");
    assert!(uugg >= 10, "{uugg}");
    assert!(redu >= 8, "{redu}");
    assert!(sulus >= 10, "{sulus}");
}

/// The variants of the property: every game, with the smaller boards where the game has them.
fn variants() -> Vec<Variant> {
    vec![
        variant(GameKind::Bechi, &[("holes", "3")]),
        variant(GameKind::Bechi, &[]),
        variant(GameKind::Giuthi, &[("holes", "5"), ("seeds", "4")]),
        variant(GameKind::Giuthi, &[]),
        variant(GameKind::SulusNishtaw, &[]),
        variant(GameKind::Uugg, &[("holes", "5")]),
        variant(GameKind::Redu, &[]),
    ]
}

/// The value of the best move under the convention moves are ranked by.
fn best_worst(a: &analysis::Analysis) -> Option<Outcome> {
    a.lines.first().map(|l| l.worst)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// A random position of a random game, up to 24 plies before the end of the round.
    #[test]
    fn two_threads_prove_the_values_one_proves(
        game in 0..7usize,
        plies in 1..24usize,
        seed in any::<u64>(),
    ) {
        let variant = variants()[game];
        let Some(p) = endgames(variant, plies, plies, &mut Lcg(seed)).pop() else {
            return Ok(());
        };
        let one = analysis_threads(&p, 150_000, 1);
        let two = analysis_threads(&p, 300_000, 2);
        let shown = notation::write_position(&p.to_setup());
        if one.proved && two.proved {
            prop_assert_eq!([one.value, one.worst], [two.value, two.worst], "{}", shown);
            prop_assert_eq!(best_worst(&one), best_worst(&two), "{}", shown);
        }
        // An exact value is the truth, whichever search proved it.
        for (a, b) in [(&one, &two), (&two, &one)] {
            if a.exact && b.proved {
                prop_assert_eq!((a.value, a.worst), (b.value, b.worst), "{}", shown);
            }
        }
    }
}
