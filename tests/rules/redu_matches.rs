//! Random complete Redu games under every option combination: seeds are conserved after every
//! ply, every position survives its position string, every canonical move token re-parses (via
//! `Move::parse`) to a move with the same outcome and the same canonical spelling, and
//! the engine's children agree with the reference implementation's.

use crate::reference;
use crate::support::{Rng, seed_total};
use proptest::prelude::*;
use rules_core::{AfterRound, Decision, GameKind, PlayOptions, Player, Position, Setup, Variant};

/// The four option combinations (redu.md §3).
pub fn redu_variants() -> Vec<Variant> {
    let mut out = vec![];
    for entry in ["free", "alternate"] {
        for o1 in ["no", "yes"] {
            let mut v = Variant::default_for(GameKind::Redu);
            v.set_option("entry", entry).unwrap();
            v.set_option("o1-costs-turn", o1).unwrap();
            out.push(v);
        }
    }
    out
}

fn key(s: &Setup) -> String {
    format!("{s:?}")
}

/// Checks the children of `p` against the reference implementation.
pub fn check_reference(p: &Position) {
    let setup = p.to_setup();
    let mut ours: Vec<String> = p
        .legal_moves_with_positions()
        .iter()
        .map(|(_, c)| key(&c.to_setup()))
        .collect();
    let mut theirs: Vec<String> = reference::children(&setup)
        .iter()
        .map(|(_, c)| key(c))
        .collect();
    ours.sort();
    theirs.sort();
    if ours != theirs {
        let only_ours: Vec<_> = ours.iter().filter(|x| !theirs.contains(x)).collect();
        let only_theirs: Vec<_> = theirs.iter().filter(|x| !ours.contains(x)).collect();
        eprintln!("only engine: {only_ours:#?}\nonly reference: {only_theirs:#?}");
    }
    assert_eq!(
        ours,
        theirs,
        "children of {}",
        notation::write_position(&setup)
    );
}

/// Plays every decision string of the reference (zigzags in the long form, every entry and w/b
/// choice) in the engine: each is accepted, reaches the reference's outcome, and is answered
/// with a canonical spelling that `legal_moves` lists for that outcome.
pub fn check_every_spelling(p: &Position) {
    let setup = p.to_setup();
    let moves = p.legal_moves_with_positions();
    for (token, child) in reference::children(&setup) {
        let m = rules_core::Move::parse(GameKind::Redu, &token)
            .unwrap_or_else(|e| panic!("{}: {token}: {e}", notation::write_position(&setup)));
        let played = p
            .play(&m, PlayOptions::FULL)
            .unwrap_or_else(|e| panic!("{}: {token}: {e}", notation::write_position(&setup)));
        assert_eq!(played.position.to_setup(), child, "{token}");
        assert!(
            moves.contains(&(played.canonical, played.position)),
            "{token}"
        );
    }
}

/// Plays one random game; returns the number of plies.
pub fn random_game(variant: Variant, seed: u64, with_reference: bool) -> usize {
    let mut rng = Rng(seed | 1);
    let opener = if seed.is_multiple_of(2) {
        Player::A
    } else {
        Player::B
    };
    let mut p = Position::start(variant, opener);
    let options = rules_core::StatedOptions::of(variant);
    for ply in 0..2000 {
        let setup = p.to_setup();
        assert_eq!(seed_total(&setup), 48, "seeds conserved: {setup:?}");
        let text = notation::write_position(&setup);
        assert_eq!(
            notation::parse_position(&text, Some(&options)).unwrap(),
            setup,
            "{text}"
        );
        assert_eq!(Position::from_setup(&setup).unwrap(), p, "{text}");
        if with_reference {
            check_reference(&p);
            check_every_spelling(&p);
        }
        let moves = p.legal_moves_with_positions();
        if moves.is_empty() {
            let r = p
                .round_result()
                .expect("no moves only when the game is over");
            assert_eq!(r.totals[0] + r.totals[1], 48);
            match p.after_round(&Decision::None).unwrap() {
                AfterRound::MatchOver(m) => assert_eq!(m.winner, r.winner),
                AfterRound::Next(_) => panic!("a Redu game is one round"),
            }
            return ply;
        }
        for (m, child) in &moves {
            let token = m.to_string();
            let parsed = rules_core::Move::parse(GameKind::Redu, &token)
                .unwrap_or_else(|e| panic!("{text}: {token}: {e}"));
            let played = p
                .play(&parsed, PlayOptions::FULL)
                .unwrap_or_else(|e| panic!("{text}: {token}: {e}"));
            assert_eq!(played.position, *child, "{text}: {token}");
            assert_eq!(played.canonical, *m, "{text}: {token}");
        }
        let (m, child) = moves[rng.below(moves.len())];
        let played = p.play(&m, PlayOptions::FULL).unwrap();
        assert_eq!(played.position, child);
        let before = p.view().stores();
        let after = child.view().stores();
        let captured = played.trace.captured();
        for i in 0..2 {
            assert_eq!(
                after[i],
                before[i] + captured[i],
                "trace captures match the stores"
            );
        }
        p = child;
    }
    2000
}

#[test]
fn engine_and_reference_agree_along_random_games() {
    for (k, v) in redu_variants().into_iter().enumerate() {
        for seed in 0..6u64 {
            random_game(v, 31 * seed + k as u64, true);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    /// Seed conservation and token round trips along random complete games, every option
    /// combination.
    #[test]
    fn redu_games_conserve_seeds_and_tokens(seed in any::<u64>(), which in 0usize..4) {
        random_game(redu_variants()[which], seed, false);
    }
}

#[test]
fn engine_and_reference_agree_on_long_zigzags() {
    // Holes of 13 to 19 seeds: several far ends, wraps, bounces and skips of the start column,
    // rights of every kind, under every option combination.
    for text in [
        "redu 1,0,13,0,2,0/0,0,13,0,0,19 B",
        "redu 0,0,0,0,0,0/17,0,0,0,0,14 B store=10,7",
        "redu 2,0,0,15,0,1/0,1,0,16,0,0 A store=6,7 right=O3:3A",
        "redu 0,1,0,0,0,0/12,0,1,0,0,18 B store=8,8 right=O1:3B",
        "redu 0,0,1,0,0,0/0,0,0,13,1,11 B store=11,11 right=O2:5B",
    ] {
        for v in redu_variants() {
            let options = rules_core::StatedOptions::of(v);
            let setup = notation::parse_position(text, Some(&options)).unwrap();
            let p = Position::from_setup(&setup).unwrap_or_else(|e| panic!("{text}: {e}"));
            check_reference(&p);
            check_every_spelling(&p);
            for (_, c) in p.legal_moves_with_positions().iter().take(40) {
                check_reference(c);
            }
        }
    }
}
