//! Random complete matches: seeds are conserved after every ply and every set-up, every position
//! survives the round trip through its position string, `play` agrees with `legal_moves`, and the
//! engine's children agree with the reference implementation's.

use crate::reference;
use crate::support::{Rng, bechi_and_giuthi_variants, seed_total, sulus_variants};
use proptest::prelude::*;
use rules_core::{
    AfterRound, Decision, DecisionRequest, GameKind, Hole, PlayOptions, Player, Position, Variant,
};

/// A random legal set-up decision for the next round.
fn random_decision(p: &Position, rng: &mut Rng) -> Decision {
    match p.decision_request().expect("the round is over") {
        DecisionRequest::None => Decision::None,
        DecisionRequest::Fill { player, holes } => {
            let n = p.geometry().per_side() as u8;
            let mut all: Vec<Hole> = (1..=n).map(|k| Hole::new(k, player)).collect();
            let mut chosen = vec![];
            for _ in 0..holes {
                chosen.push(all.remove(rng.below(all.len())));
            }
            Decision::Fill(chosen)
        }
        DecisionRequest::Layout { seeds, holes, .. } => {
            let mut v = vec![1u32; holes as usize];
            for _ in 0..seeds - holes {
                v[rng.below(holes as usize)] += 1;
            }
            Decision::Layout(v)
        }
    }
}

/// What each game keeps true in every position, beyond seed conservation.
fn game_invariants(setup: &rules_core::Setup) {
    if setup.variant.kind() == GameKind::SulusNishtaw {
        crate::sulus_nishtaw_examples::check_territories(setup);
    }
}

/// The engine's round totals and next round (`None`: the match is over) agree with the
/// reference's, where the reference computes them.
fn next_round_by_reference(p: &Position, next: Option<&Position>) {
    let s = p.to_setup();
    if s.variant.kind() == GameKind::SulusNishtaw {
        let r = p.round_result().unwrap();
        assert_eq!(r.totals, reference::sulus_nishtaw::totals(&s), "S16 totals");
        assert_eq!(
            next.map(Position::to_setup),
            reference::sulus_nishtaw::next_round(&s),
            "S18-S21 next round"
        );
    }
}

pub struct MatchStats {
    pub plies: usize,
    pub rounds: usize,
    pub finished: bool,
}

/// Plays a random match, checking invariants after every ply; `check_reference` also compares the
/// children with the reference implementation at every position.
pub fn random_match(variant: Variant, seed: u64, check_reference: bool) -> MatchStats {
    random_match_checked(variant, seed, check_reference, &mut |_, _| {})
}

/// As [`random_match`], calling `check` on every position of the match: `check(p, None)` during a
/// round, `check(next, Some(finished))` on the set-up of each new round.
pub fn random_match_checked(
    variant: Variant,
    seed: u64,
    check_reference: bool,
    check: &mut dyn FnMut(&Position, Option<&Position>),
) -> MatchStats {
    let mut rng = Rng(seed | 1);
    let opener = if seed.is_multiple_of(2) {
        Player::A
    } else {
        Player::B
    };
    let mut p = Position::start(variant, opener);
    let total = variant.total_seeds();
    let mut stats = MatchStats {
        plies: 0,
        rounds: 1,
        finished: false,
    };
    for _ in 0..40 {
        let mut round_plies = 0;
        loop {
            check(&p, None);
            let setup = p.to_setup();
            assert_eq!(seed_total(&setup), total, "seeds conserved: {setup:?}");
            game_invariants(&setup);
            assert_eq!(Position::from_setup(&setup).unwrap(), p, "setup round trip");
            let text = notation::write_position(&setup);
            let options = rules_core::StatedOptions::of(variant);
            assert_eq!(
                notation::parse_position(&text, Some(&options)).unwrap(),
                setup,
                "{text}"
            );
            let moves = p.legal_moves_with_positions();
            if check_reference {
                let mut ours: Vec<_> = moves.iter().map(|(_, c)| c.to_setup()).collect();
                let mut theirs: Vec<_> = reference::children(&setup)
                    .into_iter()
                    .map(|(_, c)| c)
                    .collect();
                let key = |s: &rules_core::Setup| format!("{s:?}");
                ours.sort_by_key(key);
                theirs.sort_by_key(key);
                assert_eq!(ours, theirs, "children of {text}");
            }
            if moves.is_empty() {
                assert!(
                    p.round_result().is_some(),
                    "no moves only when the round is over: {text}"
                );
                break;
            }
            assert!(p.round_result().is_none());
            round_plies += 1;
            if round_plies > 3000 {
                return stats; // a round that random play does not end; it is not an error
            }
            let (m, child) = moves[rng.below(moves.len())];
            let played = p
                .play(&m, PlayOptions::FULL)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(played.position, child);
            assert_eq!(played.canonical, m);
            let captured = played.trace.captured();
            let before = p.view().stores();
            let after = child.view().stores();
            for i in 0..2 {
                assert_eq!(
                    after[i],
                    before[i] + captured[i],
                    "trace captures match the stores"
                );
            }
            stats.plies += 1;
            p = child;
        }
        let decision = random_decision(&p, &mut rng);
        match p
            .after_round(&decision)
            .unwrap_or_else(|e| panic!("{decision:?}: {e}"))
        {
            AfterRound::Next(next) => {
                let r = p.round_result().unwrap();
                assert_eq!(r.holdings[0] + r.holdings[1], total);
                assert_eq!(seed_total(&next.to_setup()), total);
                game_invariants(&next.to_setup());
                if check_reference {
                    next_round_by_reference(&p, Some(&next));
                }
                check(&next, Some(&p));
                stats.rounds += 1;
                p = next;
            }
            AfterRound::MatchOver(_) => {
                if check_reference {
                    next_round_by_reference(&p, None);
                }
                stats.finished = true;
                return stats;
            }
        }
    }
    stats
}

#[test]
fn every_variant_plays_complete_matches() {
    for (k, v) in bechi_and_giuthi_variants().into_iter().enumerate() {
        let mut finished = 0;
        let mut rounds = 0;
        for seed in 0..6u64 {
            let s = random_match(v, seed * 7919 + k as u64, false);
            finished += usize::from(s.finished);
            rounds += s.rounds;
        }
        assert!(
            finished >= 3,
            "{v}: only {finished} of 6 random matches finished"
        );
        assert!(
            rounds > 6,
            "{v}: matches of several rounds ({rounds} rounds in 6 matches)"
        );
    }
}

#[test]
fn engine_and_reference_agree_along_random_matches() {
    for v in [
        Variant::default_for(GameKind::Bechi),
        bechi_and_giuthi_variants()[1],
        Variant::default_for(GameKind::Giuthi),
        bechi_and_giuthi_variants()[2], // giuthi holes=5 seeds=4
    ] {
        for seed in 0..4u64 {
            random_match(v, 1000 + seed, true);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    /// Seed conservation after every ply of random complete matches, every variant.
    #[test]
    fn seeds_are_conserved(seed in any::<u64>(), which in 0usize..38) {
        let v = bechi_and_giuthi_variants()[which];
        random_match(v, seed, false);
    }
}

#[test]
fn every_sulus_variant_plays_complete_matches() {
    for (k, v) in sulus_variants().into_iter().enumerate() {
        let mut finished = 0;
        let mut rounds = 0;
        for seed in 0..6u64 {
            let s = random_match(v, seed * 7919 + k as u64, false);
            finished += usize::from(s.finished);
            rounds += s.rounds;
        }
        assert!(
            finished >= 3,
            "{v}: only {finished} of 6 random matches finished"
        );
        assert!(
            rounds > 6,
            "{v}: matches of several rounds ({rounds} rounds in 6 matches)"
        );
    }
}

#[test]
fn sulus_engine_and_reference_agree_along_random_matches() {
    for (k, v) in sulus_variants().into_iter().enumerate() {
        for seed in 0..4u64 {
            random_match(v, 2000 + 10 * k as u64 + seed, true);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    /// Seed conservation and territories (S18, S19) after every ply and set-up of random complete
    /// Sulus Nishtaw matches, every option combination.
    #[test]
    fn sulus_seeds_and_territories_hold(seed in any::<u64>(), which in 0usize..8) {
        random_match(sulus_variants()[which], seed, false);
    }
}
