//! Random complete Uugg matches on every board size and both `balla` options: seeds are conserved
//! after every ply and every set-up (`matches::random_match_checked`), ownership stays consistent
//! (two arcs, sizes per U19), and the engine's children agree with the reference implementation's.

use crate::matches::random_match_checked;
use proptest::prelude::*;
use rules_core::{GameKind, MarkKind, Player, Position, Variant};

/// Every Uugg variant: `holes` 5, 6, 7 and `balla` compulsory, optional.
pub fn uugg_variants() -> Vec<Variant> {
    let mut out = vec![];
    for h in ["5", "6", "7"] {
        for b in ["compulsory", "optional"] {
            let mut v = Variant::default_for(GameKind::Uugg);
            v.set_option("holes", h).unwrap();
            v.set_option("balla", b).unwrap();
            out.push(v);
        }
    }
    out
}

/// The owner of every hole by index, rows when the setup says nothing.
fn owners(p: &Position) -> Vec<Player> {
    let s = p.view();
    (0..s.seeds().len()).map(|i| s.owner(i)).collect()
}

/// Ownership consistency, checked from the rules without the engine's own code: in round 1 the
/// rows (U1); later two contiguous arcs of the cycle, one of them a whole row and the other
/// starting at its owner's hole 1 (U20); uuggs only in holes of the creator's opponent (U5.3). On
/// a set-up, the number of holes each player owns follows from the scores (U19).
fn check_ownership(p: &Position, finished: Option<&Position>) {
    let s = p.to_setup();
    let n = s.seeds.len() / 2;
    let own = owners(p);
    // index k-1 is kB, n+k-1 is kA: the cycle is the index order.
    let changes = (0..2 * n)
        .filter(|&i| own[i] != own[(i + 1) % (2 * n)])
        .count();
    assert_eq!(changes, 2, "two arcs: {own:?}");
    if s.round == 1 {
        assert!(s.owners.is_none(), "round 1 is played by rows (U1)");
    } else {
        let row_b = &own[..n];
        let row_a = &own[n..];
        let whole_a = row_a.iter().all(|&o| o == Player::A);
        let whole_b = row_b.iter().all(|&o| o == Player::B);
        assert!(
            whole_a || whole_b,
            "one player owns his whole row (U20): {own:?}"
        );
        // The other player's arc starts at his hole 1.
        assert!(
            (whole_a && row_b[0] == Player::B) || (whole_b && row_a[0] == Player::A),
            "{own:?}"
        );
    }
    for (i, m) in s.marked() {
        assert_eq!(m.kind, MarkKind::Uugg);
        assert_ne!(
            m.owner, own[i],
            "an uugg lies in a hole of its creator's opponent"
        );
    }
    if let Some(f) = finished {
        let score = f.round_result().unwrap().totals;
        assert_eq!(score[0] + score[1], 8 * n as u32, "U18");
        assert!(
            s.seeds.iter().all(|&x| x == 4),
            "U19: 4 seeds in every hole"
        );
        assert!(s.marks.iter().all(Option::is_none) && s.stores == [0, 0]);
        let holes = |x: u32| (x / 4 + u32::from(x % 4 == 3)) as usize;
        let count = |p: Player| own.iter().filter(|&&o| o == p).count();
        let (a, b) = (count(Player::A), count(Player::B));
        if score[0] % 4 == 2 {
            // U19: the two-and-two hole goes to one of them.
            assert_eq!(a + b, holes(score[0]) + holes(score[1]) + 1);
            assert!(a == holes(score[0]) || a == holes(score[0]) + 1);
        } else {
            assert_eq!((a, b), (holes(score[0]), holes(score[1])), "U19: {score:?}");
        }
        assert_eq!(p.to_move(), s.opener.unwrap(), "the opener moves first");
        assert_ne!(s.opener, f.view().opener(), "U23: openers alternate");
    }
}

#[test]
fn uugg_plays_complete_matches_on_every_board() {
    // What the matches went through, over all variants: set-ups by the remainders of the scores
    // (U19), positions with a forced pass (U14), with eaten seeds (U9), with ownership off the rows
    // (U21).
    let mut seen = std::collections::BTreeSet::new();
    for (k, v) in uugg_variants().into_iter().enumerate() {
        let mut finished = 0;
        let mut rounds = 0;
        for seed in 0..6u64 {
            let mut check = |p: &Position, f: Option<&Position>| {
                check_ownership(p, f);
                if let Some(f) = f {
                    let s = f.round_result().unwrap().totals;
                    seen.insert(format!("remainders {} {}", s[0] % 4, s[1] % 4));
                }
                let s = p.to_setup();
                if p.legal_moves() == [rules_core::Move::Pass] {
                    seen.insert("pass".to_owned());
                }
                if s.stores != [0, 0] {
                    seen.insert("balla".to_owned());
                }
                if s.owners.is_some() {
                    seen.insert("ownership off the rows".to_owned());
                }
            };
            let s = random_match_checked(v, seed * 7919 + k as u64, false, &mut check);
            finished += usize::from(s.finished);
            rounds += s.rounds;
        }
        assert!(
            finished >= 3,
            "{v}: only {finished} of 6 random matches finished"
        );
        assert!(rounds > 6, "{v}: {rounds} rounds in 6 matches");
    }
    assert_eq!(
        seen.into_iter().collect::<Vec<_>>(),
        [
            "balla",
            "ownership off the rows",
            "pass",
            "remainders 0 0",
            "remainders 1 3",
            "remainders 2 2",
            "remainders 3 1"
        ]
    );
}

#[test]
fn uugg_engine_and_reference_agree_along_random_matches() {
    for v in uugg_variants() {
        for seed in 0..2u64 {
            random_match_checked(v, 2000 + seed, true, &mut check_ownership);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    /// Seed conservation and ownership consistency after every ply and set-up of random complete
    /// matches, every Uugg variant.
    #[test]
    fn uugg_seeds_and_ownership(seed in any::<u64>(), which in 0usize..6) {
        random_match_checked(uugg_variants()[which], seed, false, &mut check_ownership);
    }
}
