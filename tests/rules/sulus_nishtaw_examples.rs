//! The worked examples of the Sulus Nishtaw text (`seeds/sulus-nishtaw.ca.txt`), reproduced, and
//! the rules that forbid moves, end rounds, score them and set up the next (S1–S21) on hand-made
//! positions. Each position before is reconstructed from the text; the comments say which counts
//! the text fixes and which were chosen. Every position after was worked out by hand from
//! sulus-nishtaw.md, seed by seed, not read off the engine.
//!
//! Board strings read as the diagrams of the 3×6 board (rules README §2.2):
//! top row `6A 5A 4A 3A 2A 1A` / middle row `7A 8A 9A 9B 8B 7B` / bottom row `1B 2B 3B 4B 5B 6B`.
//! The sowing cycle is 1B … 9B, 1A … 9A, 1B. `a`/`b` mark a hole claimed by A/B (S2); `owners=`
//! gives the territories in the same layout when they are not the rows.

use crate::support::{mv_in, pos, text};
use rules_core::Rule;
use rules_core::{
    AfterRound, Decision, Event, GameKind, MarkKind, PlayOptions, Player, Position, Setup, Variant,
};

/// Checks what S2, S3, S18 and S19 make true of every position: the two territories have at least
/// one hole each, add up to 18, are arcs of the cycle, and have the shape of S19 (the player with
/// h ≤ 9 holes owns his holes 1 … h). Claims lie in the creator's opponent's territory.
pub fn check_territories(s: &Setup) {
    let owner = |i: usize| s.owner(i);
    let size = |p: Player| (0..18).filter(|&i| owner(i) == p).count();
    let (a, b) = (size(Player::A), size(Player::B));
    assert_eq!(a + b, 18);
    assert!(a >= 1 && b >= 1, "each player owns a hole: {s:?}");
    for p in [Player::A, Player::B] {
        // An arc has exactly one hole whose predecessor belongs to the other player.
        let starts = (0..18)
            .filter(|&i| owner(i) == p && owner((i + 17) % 18) != p)
            .count();
        assert_eq!(starts, 1, "{p}'s territory is an arc: {s:?}");
    }
    let (small, h) = if b <= 9 {
        (Player::B, b)
    } else {
        (Player::A, a)
    };
    let base = if small == Player::B { 0 } else { 9 };
    for k in 0..9 {
        assert_eq!(
            owner(base + k) == small,
            k < h,
            "S19: {small} owns his holes 1 to {h}: {s:?}"
        );
    }
    for (i, m) in s.marked() {
        assert_eq!(m.kind, MarkKind::Claim);
        assert_ne!(
            m.owner,
            owner(i),
            "S2: a claim lies in the opponent's territory"
        );
    }
}

fn sulus(options: &[&str]) -> Variant {
    let mut v = Variant::default_for(GameKind::SulusNishtaw);
    for o in options {
        v.set_option_str(o).unwrap();
    }
    v
}

fn laps(p: &rules_core::Played) -> Vec<(String, Vec<String>)> {
    p.trace
        .laps()
        .into_iter()
        .map(|(h, v)| (h.to_string(), v.iter().map(ToString::to_string).collect()))
        .collect()
}

fn lap(from: &str, holes: &str) -> (String, Vec<String>) {
    (
        from.to_owned(),
        holes.split(' ').map(ToOwned::to_owned).collect(),
    )
}

fn rule_and_reason(p: &Position, token: &str) -> String {
    let e = p.play(&mv_in(p, token), PlayOptions::FULL).unwrap_err();
    format!("{} | {}", e.rule, e.reason)
}

fn next_round(p: &Position) -> Position {
    match p.after_round(&Decision::None).unwrap() {
        AfterRound::Next(n) => n,
        AfterRound::MatchOver(m) => panic!("match over: {m:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// The opening (S4–S6)

#[test]
fn s4_opening_from_the_start() {
    // «agafeu una llavor del forat 1B, una del forat 2B, una del forat 3B,… fins que hagueu agafat
    // una llavor de cada un dels primers vuit forats. Aleshores, una a una, les sembreu en els
    // forats 9B, 1A, etc, fins que la darrera llavor arribi al forat 7A. Aleshores, agafeu totes
    // les llavors contingudes en aquest darrer forat i les sembreu de manera convencional.»
    // Everything is fixed by the text (S1, S4): 3 seeds everywhere, B opens (chosen: the opener is
    // a record header).
    let p = Position::start(sulus(&[]), Player::B);
    assert_eq!(
        text(&p),
        "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 B opener=B opening"
    );
    // S4: the opening is the only legal ply.
    assert_eq!(p.legal_moves(), [rules_core::Move::Open]);
    let played = p.play(&rules_core::Move::Open, PlayOptions::FULL).unwrap();
    // By hand. 1B..8B give one seed each (2 left in each); 9B, 1A … 7A get one (4 each).
    // Lift 7A (4): 8A 4, 9A 4, 1B 3, 2B 3; 2B held 2: relay (S8.5).
    // Lift 2B (3): 3B 3, 4B 3, 5B 3; 5B held 2: relay.
    // Lift 5B (3): 6B 3, 7B 3, 8B 3; 8B held 2: relay.
    // Lift 8B (3): 9B 5, 1A 5, 2A 5; 2A held 4: relay.
    // Lift 2A (5): 3A 5, 4A 5, 5A 5, 6A 5, 7A 1; 7A was empty: the turn ends (S8.3).
    // B: 1B 3, 2B 0, 3B 3, 4B 3, 5B 0, 6B 3, 7B 3, 8B 0, 9B 5 (20);
    // A: 1A 5, 2A 0, 3A 5, 4A 5, 5A 5, 6A 5, 7A 1, 8A 4, 9A 4 (34).
    assert_eq!(
        text(&played.position),
        "sulus-nishtaw 5,5,5,5,0,5/1,4,4,5,0,3/3,0,3,3,0,3 A opener=B"
    );
    assert_eq!(played.canonical, rules_core::Move::Open);
    let l = laps(&played);
    // The eight seeds taken one from each of 1B … 8B into one hand (S4): one lap, listed under
    // the last hole a seed came from, then the laps.
    assert_eq!(l.len(), 1 + 5);
    assert_eq!(l[0], lap("8B", "9B 1A 2A 3A 4A 5A 6A 7A"));
    assert!(
        played.trace.events.contains(&Event::Gather {
            holes: ["1B", "2B", "3B", "4B", "5B", "6B", "7B", "8B"]
                .map(|h| h.parse().unwrap())
                .to_vec(),
            seeds: 8,
            dir: rules_core::Dir::Ccw,
            rule: Rule::S4,
        })
    );
    assert_eq!(
        l[1..],
        [
            lap("7A", "8A 9A 1B 2B"),
            lap("2B", "3B 4B 5B"),
            lap("5B", "6B 7B 8B"),
            lap("8B", "9B 1A 2A"),
            lap("2A", "3A 4A 5A 6A 7A"),
        ]
    );
    assert!(played.trace.events.contains(&Event::Next {
        player: Player::A,
        repeat: false,
        rule: Rule::S8
    }));
}

#[test]
fn s4_s6_the_opening_is_the_only_first_ply_and_is_played_once() {
    let p = Position::start(sulus(&[]), Player::A);
    assert_eq!(
        rule_and_reason(&p, "1A"),
        "S4 | the round begins with the opening (open), the only legal ply at its start"
    );
    // The notation has no `pass` token for Sulus Nishtaw; the engine refuses the move too.
    let e = p
        .play(&rules_core::Move::Pass, PlayOptions::FULL)
        .unwrap_err();
    assert_eq!(
        (e.rule, e.reason.to_string().as_str()),
        (
            Rule::S15,
            "Sulus Nishtaw has no passes: the player to move sows"
        )
    );
    let after = p
        .play(&rules_core::Move::Open, PlayOptions::FULL)
        .unwrap()
        .position;
    // By symmetry (README §2.2, kB ↔ kA) A's opening mirrors B's.
    assert_eq!(
        text(&after),
        "sulus-nishtaw 3,0,3,3,0,3/3,0,5,4,4,1/5,0,5,5,5,5 B opener=A"
    );
    assert_eq!(
        rule_and_reason(&after, "open"),
        "S4 | the opening is played once, as the first ply of the round; it has been played"
    );
}

#[test]
fn s6_every_territory_split_has_an_opening_that_ends() {
    // S6: «Every territory split gives an opening that ends; no opening is endless.» Checked for
    // every split (h = 1 … 17 holes for B, S18) and both openers.
    for holes_b in 1..=17usize {
        for opener in [Player::A, Player::B] {
            let mut s = Setup::start(sulus(&[]), opener);
            s.round = 2;
            s.owners = Some(
                (0..18)
                    .map(|i| {
                        let b = if holes_b <= 9 {
                            i < holes_b
                        } else {
                            !(9..27 - holes_b).contains(&i)
                        };
                        if b { Player::B } else { Player::A }
                    })
                    .collect(),
            );
            check_territories(&s);
            let p = Position::from_setup(&s).unwrap();
            let played = p.play(&rules_core::Move::Open, PlayOptions::FULL).unwrap();
            assert_eq!(played.position.to_move(), opener.other());
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The worked examples

/// regles_sulus_nishtaw_jug_01. Fixed by the text: B to move, 6B holds 7 («moure des del forat 6B
/// que conté 7 llavors»), so the first lap is 7B … 4A; 4A is occupied and not claimed (a relay,
/// «agafeu el contingut»), and its lap reaches 6A, so 4A held 1 (2 seeds: 5A, 6A); 6A is occupied
/// and its lap reaches 8A, so 6A held 1; 8A held 3 and is A's, unclaimed («conté tres llavors,
/// per tant n'hi ha ara quatre»). Chosen: every other count (54 in all, no claims, no taxes yet),
/// round 1, A opened.
const JUG_01: &str = "sulus-nishtaw 1,2,1,4,3,2/3,3,5,2,6,1/4,3,0,5,2,7 B opener=A";

#[test]
fn jug_01_to_03c_6b_relays_through_4a_and_6a_and_claims_8a() {
    let p = pos(JUG_01, &[]);
    let played = p.play(&mv_in(&p, "6B"), PlayOptions::FULL).unwrap();
    // «una llavor al forat 7B, una altra al forat 8B, una al forat 9B. Continueu la sembra en el
    // forat 1A fins que arribeu al forat 4A.» 7B 2, 8B 7, 9B 3, 1A 3, 2A 4, 3A 5, 4A 2: relay.
    // «Sembreu des del forat 4A… i arribeu al forat 6A.» 5A 3, 6A 2: relay.
    // «Moveu des del forat 6A… i arribeu al forat 8A.» 7A 4, 8A 4: claimed by B (S8.4).
    // «El vostre torn acaba.»
    assert_eq!(
        laps(&played),
        [
            lap("6B", "7B 8B 9B 1A 2A 3A 4A"),
            lap("4A", "5A 6A"),
            lap("6A", "7A 8A"),
        ]
    );
    assert_eq!(
        text(&played.position),
        "sulus-nishtaw 0,3,0,5,4,3/4,4b,5,3,7,2/4,3,0,5,2,0 A opener=A"
    );
    assert!(played.trace.events.iter().any(|e| matches!(
        e,
        Event::Mark { hole, mark, rule: Rule::S8 }
            if hole.to_string() == "8A" && mark.kind == MarkKind::Claim && mark.owner == Player::B
    )));
    assert_eq!(played.trace.captured(), [0, 0]);
    assert_eq!(played.position.to_move(), Player::A);
}

/// regles_sulus_nishtaw_jug_5. Fixed by the text: B to move; 3B and 7B are claimed by A, 8A by B
/// («Els forats 3B i 7B són “forats reclamats” creats per l'oponent… El forat 8A és un “forat
/// reclamat” que heu creat»); 5B holds 2 («el forat 5B que conté 2 llavors»), so its lap is 6B, 7B;
/// 6B holds 1 at the second move («el forat 6B que conté 1 llavor»), the seed of the first move,
/// so it held 0; both taxes take 2 seeds («captureu aquesta darrera llavor sembrada i també
/// captureu una altra llavor»), so 7B held at least 2 before the first (x + 1 − 2 ≥ 1 for the
/// second). Chosen: 7B holds 3, every other count, the stores (A 7: taxes from 8A; B 6).
const JUG_5: &str = "sulus-nishtaw 2,0,4,1,3,2/1,5b,2,4,1,3a/2,5,4a,0,2,0 B store=7,6 opener=B";

#[test]
fn jug_5_to_6b_two_taxes_from_7b_with_repeat_moves() {
    let p = pos(JUG_5, &[]);
    // 3B is claimed: no move starts from it (S7).
    assert_eq!(
        rule_and_reason(&p, "3B"),
        "S7 | 3B is a hole claimed by A, and no move starts from a claimed hole"
    );
    let first = p.play(&mv_in(&p, "5B"), PlayOptions::FULL).unwrap();
    // 6B 1, 7B 4: «captureu aquesta darrera llavor sembrada i també captureu una altra llavor que
    // contingui el forat»: 2 seeds, 7B keeps 2; B's store 6 → 8; B moves again (S10).
    assert_eq!(laps(&first), [lap("5B", "6B 7B")]);
    assert_eq!(
        text(&first.position),
        "sulus-nishtaw 2,0,4,1,3,2/1,5b,2,4,1,2a/2,5,4a,0,0,1 B store=7,8 opener=B"
    );
    assert_eq!(first.trace.captured(), [0, 2]);
    assert!(first.trace.events.contains(&Event::Next {
        player: Player::B,
        repeat: true,
        rule: Rule::S10
    }));
    // «I torneu a repetir torn, sembrant des de qualsevol forat del propi costat que no sigui un
    // “forat reclamat”.» The repeat move is a ply of its own, from any unclaimed own hole.
    let p2 = first.position;
    assert_eq!(
        p2.legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["1B", "2B", "6B", "8B", "9B"]
    );
    let second = p2.play(&mv_in(&p2, "6B"), PlayOptions::FULL).unwrap();
    // 7B 3: tax of 2 again, 7B keeps 1; B's store 10; B moves again.
    assert_eq!(
        text(&second.position),
        "sulus-nishtaw 2,0,4,1,3,2/1,5b,2,4,1,1a/2,5,4a,0,0,0 B store=7,10 opener=B"
    );
    assert_eq!(second.trace.captured(), [0, 2]);
    assert_eq!(second.position.to_move(), Player::B);
}

/// regles_sulus_nishtaw_jug_10. Fixed by the text: B to move, 9B holds 5 («el forat 9B que conté 5
/// llavors»), so its lap is 1A … 5A; 5A is A's, unclaimed, and held 3. 1A … 4A receive a seed but
/// do not end a lap. Chosen: every other count; 8A claimed by B earlier, A's store 5 (taxes from
/// 8A).
const JUG_10: &str = "sulus-nishtaw 1,3,2,0,4,2/3,4b,0,5,2,1/6,0,6,5,1,4 B store=5,0 opener=A";

#[test]
fn jug_10_9b_claims_5a() {
    let p = pos(JUG_10, &[]);
    let played = p.play(&mv_in(&p, "9B"), PlayOptions::FULL).unwrap();
    // «… arribeu al forat 5A. … heu creat un “forat reclamat”. … El vostre torn acaba.»
    // 1A 3, 2A 5, 3A 1, 4A 3, 5A 4 (claimed by B).
    assert_eq!(laps(&played), [lap("9B", "1A 2A 3A 4A 5A")]);
    assert_eq!(
        text(&played.position),
        "sulus-nishtaw 1,4b,3,1,5,3/3,4b,0,0,2,1/6,0,6,5,1,4 A store=5,0 opener=A"
    );
    assert_eq!(played.position.to_move(), Player::A);
}

// ---------------------------------------------------------------------------------------------
// Lap ends (S8), taxes (S9), sowing through every hole (S11). Chosen positions.

#[test]
fn s8_1_a_lap_ending_in_an_own_claim_ends_the_turn() {
    // B's 9B (1) falls into 1A, claimed by B, holding 2: «Si la darrera llavor sembrada cau en un
    // forat reclamat durant la sembra, en el costat oposat, el torn acaba sense captures.»
    // A's store 3: taxes from B's claim.
    let p = pos(
        "sulus-nishtaw 3,3,3,3,3,2b/3,3,3,1,3,3/3,3,3,3,3,3 B store=3,0 opener=A",
        &[],
    );
    let played = p.play(&mv_in(&p, "9B"), PlayOptions::FULL).unwrap();
    assert_eq!(
        text(&played.position),
        "sulus-nishtaw 3,3,3,3,3,3b/3,3,3,0,3,3/3,3,3,3,3,3 A store=3,0 opener=A"
    );
    assert_eq!(played.trace.captured(), [0, 0]);
}

#[test]
fn s8_5_an_own_hole_going_from_3_to_4_relays() {
    // B's 6B (1) falls into 7B, B's own, 3 → 4: relayed, never claimed (S8.5). 4 seeds: 8B 4, 9B 4,
    // 1A 4 (A's, 3 → 4, but not the lap's last seed), 2A 4: A's, held 3: claimed by B (S8.4).
    let p = pos(
        "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/5,3,3,3,3,1 B opener=A",
        &[],
    );
    let played = p.play(&mv_in(&p, "6B"), PlayOptions::FULL).unwrap();
    assert_eq!(laps(&played), [lap("6B", "7B"), lap("7B", "8B 9B 1A 2A")]);
    assert_eq!(
        text(&played.position),
        "sulus-nishtaw 3,3,3,3,4b,4/3,3,3,4,4,0/5,3,3,3,3,0 A opener=A"
    );
}

#[test]
fn s9_a_tax_on_an_empty_claimed_hole_takes_the_last_seed_only() {
    // 7B is claimed by A and empty. B's 6B (1) falls into it: B takes the last seed only and still
    // moves again (S9, S10). B's store 3 → 4.
    let p = pos(
        "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,0a/5,3,3,3,3,1 B store=0,3 opener=A",
        &[],
    );
    let played = p.play(&mv_in(&p, "6B"), PlayOptions::FULL).unwrap();
    assert_eq!(
        text(&played.position),
        "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,0a/5,3,3,3,3,0 B store=0,4 opener=A"
    );
    assert_eq!(played.trace.captured(), [0, 1]);
    assert_eq!(played.position.to_move(), Player::B);
}

#[test]
fn s11_a_lap_of_18_seeds_reaches_the_start_hole_and_claimed_holes() {
    // 1B holds 18: one seed in each of 2B … 9A (5A, claimed by B, included), the 18th in 1B itself,
    // empty before: the turn ends (S8.3).
    let p = pos(
        "sulus-nishtaw 2,2b,2,2,2,2/2,2,2,2,2,2/18,4,2,2,2,2 B opener=A",
        &[],
    );
    let played = p.play(&mv_in(&p, "1B"), PlayOptions::FULL).unwrap();
    assert_eq!(
        text(&played.position),
        "sulus-nishtaw 3,3b,3,3,3,3/3,3,3,3,3,3/1,5,3,3,3,3 A opener=A"
    );
}

// ---------------------------------------------------------------------------------------------
// Moves that are not legal: the rule and the reason.

#[test]
fn s1_s7_moves_from_holes_that_cannot_be_played() {
    let p = pos(JUG_01, &[]);
    assert_eq!(rule_and_reason(&p, "1A"), "S7 | 1A is not in B's territory");
    assert_eq!(rule_and_reason(&p, "3B"), "S7 | 3B is empty");
    assert_eq!(
        rule_and_reason(&p, "10B"),
        "S1 | there is no hole 10B on the 3×6 board"
    );
    let cw = rules_core::Move::sow_dir("6B".parse().unwrap(), rules_core::Dir::Cw);
    let e = p.play(&cw, PlayOptions::FULL).unwrap_err();
    assert_eq!(
        (e.rule, e.reason.to_string().as_str()),
        (Rule::S1, "Sulus Nishtaw sows counterclockwise only")
    );
    // A counterclockwise sign written out is the same move (spec/notation.md §5).
    let ccw = rules_core::Move::sow_dir("6B".parse().unwrap(), rules_core::Dir::Ccw);
    assert_eq!(
        p.play(&ccw, PlayOptions::FULL)
            .unwrap()
            .canonical
            .to_string(),
        "6B"
    );
    // S7: a single seed is enough.
    assert!(p.legal_moves().contains(&mv_in(&p, "7B")));
}

/// B's candidate holes (S13: his unclaimed holes holding at least one seed) all hold 3. Chosen.
const ALL_THREE: &str = "sulus-nishtaw 5,5,5,5,5,5/3,3,3,3,0,3/3,0,3,0,3,0 B opener=A";

fn moves(p: &Position) -> Vec<String> {
    p.legal_moves().iter().map(ToString::to_string).collect()
}

#[test]
fn s13_v1_no_start_from_three_seeds_unless_all_hold_three() {
    // «cap moviment pot ser iniciat des d'un forat que contingui tres llavors, a no ser que tots
    // els forats continguin tres llavors». In JUG_01 2B holds 3 and other holes do not.
    let p = pos(JUG_01, &["v1=on"]);
    assert_eq!(
        rule_and_reason(&p, "2B"),
        "S13 | 2B holds 3 seeds; under V1 a move starts from a 3-seed hole only when every hole B could otherwise start from holds 3"
    );
    assert_eq!(moves(&p), ["1B", "4B", "5B", "6B", "7B", "8B", "9B"]);
    assert_eq!(moves(&pos(JUG_01, &[])).len(), 8);
    // Every hole B could start from holds 3: all of them may be played.
    let p = pos(ALL_THREE, &["v1=on"]);
    assert_eq!(moves(&p), ["1B", "3B", "5B", "7B", "9B"]);
}

#[test]
fn s14_v2_hole_one_needs_more_than_three() {
    // «no es pot començar un moviment des del forat propi que hi ha a l'extrem esquerre de la fila
    // exterior … llevat que contingui més de tres llavors.»
    let p = pos(ALL_THREE, &["v2=on"]);
    assert_eq!(
        rule_and_reason(&p, "1B"),
        "S14 | 1B holds 3 seeds; under V2 a move starts from it only with more than 3"
    );
    assert_eq!(moves(&p), ["3B", "5B", "7B", "9B"]);
    let p = pos(ALL_THREE, &["v1=on", "v2=on"]);
    assert_eq!(moves(&p), ["3B", "5B", "7B", "9B"]);
    // JUG_01: 1B holds 4, more than 3.
    assert!(moves(&pos(JUG_01, &["v2=on"])).contains(&"1B".to_owned()));
}

/// A position where B's 3B never ends (S12). Found by a search over random 54-seed boards; the
/// test below re-runs the sowing with a plain loop of its own. Round 1, no claims, no taxes.
const ENDLESS_3B: &str = "sulus-nishtaw 6,4,2,0,1,2/5,4,3,1,2,0/2,4,6,6,2,4 B opener=A";

#[test]
fn s12_an_endless_sowing_is_not_a_move() {
    let p = pos(ENDLESS_3B, &[]);
    assert_eq!(
        rule_and_reason(&p, "3B"),
        "S12 | the sowing from 3B never ends"
    );
    assert_eq!(moves(&p), ["1B", "2B", "4B", "5B", "6B", "8B", "9B"]);
    // The sowing state at the start of each lap (board, hand, hole): after lifting 3B's 6 seeds,
    // no lap ends (no lap's last seed falls into an empty hole, nor turns a hole of A from 3 into
    // 4), and after 276 laps the state is the first one again: the sowing is periodic (README §4).
    let mut board: Vec<u32> = p.to_setup().seeds;
    let (mut hand, mut at) = (board[2], 2usize);
    board[2] = 0;
    let first = (board.clone(), hand, at);
    for lap in 1..=276 {
        for _ in 0..hand {
            at = (at + 1) % 18;
            board[at] += 1;
        }
        assert!(board[at] > 1, "lap {lap} ends in an empty hole");
        assert!(at < 9 || board[at] != 4, "lap {lap} claims a hole");
        hand = board[at];
        board[at] = 0;
        assert_eq!(
            (board.clone(), hand, at) == first,
            lap == 276,
            "the first state comes back at lap 276 only (lap {lap})"
        );
    }
    // Traced, the refusal keeps the first laps and gives that period (spec/engine.md §4).
    let t = p
        .play(&mv_in(&p, "3B"), PlayOptions::QUIET.traced())
        .unwrap_err()
        .trace;
    assert_eq!(t.laps().len(), rules_core::TRACED_LAPS as usize);
    assert!(matches!(
        t.events.last(),
        Some(Event::Note { rule: Rule::S12, note }) if note.to_string().contains("after 276 laps it is back where its first lap began, 6 seeds from 3B")
    ));
}

// ---------------------------------------------------------------------------------------------
// End of round (S15), scoring (S16, S17), territories (S18, S19), opener (S20), match end (S21).

#[test]
fn s15_a_the_mover_starving_himself_ends_the_round() {
    // B's only seed in his unclaimed holes is in 9B; it falls into 1A, empty: the turn ends and B
    // has no seed left in his territory. The round is over although A is to move and could sow
    // («Si un jugador no té llavors en els propis forats que no siguin forats reclamats, el joc
    // acaba.»). Chosen position.
    let p = pos(
        "sulus-nishtaw 8,8,8,8,8,0/6,6,1,1,0,0/0,0,0,0,0,0 B opener=A",
        &[],
    );
    let after = p
        .play(&mv_in(&p, "9B"), PlayOptions::FULL)
        .unwrap()
        .position;
    assert_eq!(
        text(&after),
        "sulus-nishtaw 8,8,8,8,8,1/6,6,1,0,0,0/0,0,0,0,0,0 A opener=A"
    );
    assert!(after.legal_moves().is_empty());
    assert_eq!(
        rule_and_reason(&after, "1A"),
        "S15 | the round is over: B has no seed in the unclaimed holes of his territory"
    );
    let r = after.round_result().unwrap();
    assert_eq!(
        (r.totals, r.winner, r.rule),
        ([54, 0], Some(Player::A), Rule::S16)
    );
    // S21: B's total is 0; S18 would give him no hole: the match is over.
    match after.after_round(&Decision::None).unwrap() {
        AfterRound::MatchOver(m) => {
            assert_eq!((m.winner, m.rule), (Some(Player::A), Rule::S21));
        }
        AfterRound::Next(n) => panic!("the match goes on: {}", text(&n)),
    }
}

#[test]
fn s15_a_after_a_tax_then_a_one_hole_territory_and_its_opening() {
    // B's only unclaimed seed is in 6B; it falls into 7B, claimed by A and holding 1: tax of 2
    // (S9). B would move again (S10), but has no seed in his unclaimed holes: the round is over
    // (S15 a, after any ply, repeat moves included). Chosen position.
    let p = pos(
        "sulus-nishtaw 8,8,8,8,8,8/2,2,0,0,0,1a/0,0,0,0,0,1 B opener=A",
        &[],
    );
    let after = p
        .play(&mv_in(&p, "6B"), PlayOptions::FULL)
        .unwrap()
        .position;
    assert_eq!(
        text(&after),
        "sulus-nishtaw 8,8,8,8,8,8/2,2,0,0,0,0a/0,0,0,0,0,0 B store=0,2 opener=A"
    );
    assert!(after.legal_moves().is_empty());
    // S16 (creator): A 52 in his holes, his claim 7B is empty; B 2 in taxes.
    assert_eq!(after.round_result().unwrap().totals, [52, 2]);
    // S18: 52 → 17 holes, 2 → 1 hole (remainder 2 gains a hole); S19: B keeps 1B only. S20: A
    // opened round 1, B opens round 2.
    let r2 = next_round(&after);
    assert_eq!(
        text(&r2),
        "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 B round=2 opener=B owners=AAAAAA/AAAAAA/BAAAAA opening"
    );
    // S6 with k = 1: B lifts his only hole and sows it. By hand:
    // 1B (3): 2B 4, 3B 4, 4B 4 (A's, 3 → 4: no claim in the opening, S5): relay.
    // 4B (4): 5B 4, 6B 4, 7B 4, 8B 4: relay.   8B (4): 9B 4, 1A 4, 2A 4, 3A 4: relay.
    // 3A (4): 4A 4, 5A 4, 6A 4, 7A 4: relay.   7A (4): 8A 4, 9A 4, 1B 1, 2B 5: relay.
    // 2B (5): 3B 5, 4B 1, 5B 5, 6B 5, 7B 5: relay.
    // 7B (5): 8B 1, 9B 5, 1A 5, 2A 5, 3A 1: 3A was empty, the turn ends.
    let played = r2.play(&rules_core::Move::Open, PlayOptions::FULL).unwrap();
    assert_eq!(
        text(&played.position),
        "sulus-nishtaw 4,4,4,1,5,5/0,4,4,5,1,0/1,0,5,1,5,5 A round=2 opener=B owners=AAAAAA/AAAAAA/BAAAAA"
    );
    assert_eq!(played.trace.laps().len(), 7);
}

#[test]
fn s15_b_no_legal_move_under_v2_ends_the_round() {
    // B's only seeds are in 1B, which holds 3: under V2 he cannot move; there are no passes, so
    // the round is over («El joc acaba quan algun jugador no pot jugar cap forat.»).
    const P: &str = "sulus-nishtaw 8,8,8,8,8,8/2,1,0,0,0,0/3,0,0,0,0,0 B opener=A";
    let p = pos(P, &["v2=on"]);
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        rule_and_reason(&p, "1B"),
        "S15 | the round is over: B has no legal move"
    );
    let r = p.round_result().unwrap();
    assert_eq!((r.totals, r.winner), ([51, 3], Some(Player::A)));
    // 3 seeds: one hole (S18). B opens round 2 (S20).
    assert_eq!(
        text(&next_round(&p)),
        "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 B round=2 opener=B owners=AAAAAA/AAAAAA/BAAAAA opening"
    );
    // Without V2, 1B is a move: 2B, 3B, 4B; 4B was empty.
    let p = pos(P, &[]);
    assert_eq!(moves(&p), ["1B"]);
    assert!(p.round_result().is_none());
}

/// The end of a round 1 where B has 33 seeds (regles_sulus_nishtaw_fig_round2). Chosen: A has no
/// seed in his unclaimed holes (S15 a); A claimed 3B (4) and 7B (1), B claimed 5A (2) and 8A (5);
/// taxes A 16, B 8; B's unclaimed holes hold 18; B opened.
const END_33: &str = "sulus-nishtaw 0,2b,0,0,0,0/0,5b,0,2,4,1a/2,0,4a,6,3,1 A store=16,8 opener=B";

#[test]
fn s16_scoring_under_both_values_of_claims_score_to() {
    // creator: A 16 + 3B 4 + 7B 1 = 21; B 8 + 8A 5 + 5A 2 + 18 = 33.
    let r = pos(END_33, &[]).round_result().unwrap();
    assert_eq!(
        (r.totals, r.winner, r.rule),
        ([21, 33], Some(Player::B), Rule::S16)
    );
    assert_eq!(r.holdings, r.totals);
    // side-owner: A 16 + 8A 5 + 5A 2 = 23; B 8 + 3B 4 + 7B 1 + 18 = 31.
    let r = pos(END_33, &["claims-score-to=side-owner"])
        .round_result()
        .unwrap();
    assert_eq!((r.totals, r.winner), ([23, 31], Some(Player::B)));
    // An ongoing round has no result.
    assert!(pos(JUG_01, &[]).round_result().is_none());
    assert_eq!(
        pos(JUG_01, &[])
            .after_round(&Decision::None)
            .unwrap_err()
            .rule,
        Rule::S15
    );
}

#[test]
fn s18_s19_the_33_seed_round_2_territory_of_11_holes() {
    // «Si el jugador B és el guanyador i ha aconseguit 33 llavors al final d'una ronda del joc, pot
    // col·locar les llavors en el tauler de la manera que es pot veure en el diagrama següent.»
    // 33 → 11 holes: B annexes 9A and 8A («Els primers forats que seran afegits al territori propi
    // són els forats centrals, de dreta a esquerra (9A, 8A i 7A)»); A has 21 → 7 holes, 1A … 7A.
    // Every hole holds 3 again, claims and taxes are cleared; A, who did not open round 1, opens
    // round 2 (S20).
    let p = pos(END_33, &[]);
    assert_eq!(
        p.after_round(&Decision::Layout(vec![1; 9]))
            .unwrap_err()
            .rule,
        Rule::S18
    );
    let r2 = next_round(&p);
    assert_eq!(
        text(&r2),
        "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 A round=2 opener=A owners=AAAAAA/ABBBBB/BBBBBB opening"
    );
    check_territories(&r2.to_setup());
    // Under side-owner B has 31: 10 holes, 9A only.
    let r2s = next_round(&pos(END_33, &["claims-score-to=side-owner"]));
    assert_eq!(
        text(&r2s),
        "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 A round=2 opener=A owners=AAAAAA/AABBBB/BBBBBB opening"
    );

    // S6 with k = 7: A's territory is 1A … 7A, first 1A, last 7A. By hand:
    // one seed from each of 1A … 6A (2 left each); 7A 4, 8A 4, 9A 4, 1B 4, 2B 4, 3B 4.
    // 3B (4): 4B 4, 5B 4, 6B 4, 7B 4: 7B is B's and held 3, but no claim in the opening (S5):
    //   relay.
    // 7B (4): 8B 4, 9B 4, 1A 3, 2A 3: relay.       2A (3): 3A 3, 4A 3, 5A 3: relay.
    // 5A (3): 6A 3, 7A 5, 8A 5: relay.             8A (5): 9A 5, 1B 5, 2B 5, 3B 1, 4B 5: relay.
    // 4B (5): 5B 5, 6B 5, 7B 1, 8B 5, 9B 5: relay. 9B (5): 1A 4, 2A 1, 3A 4, 4A 4, 5A 1: 5A was
    //   empty, the turn ends.
    let opened = r2.play(&rules_core::Move::Open, PlayOptions::FULL).unwrap();
    assert_eq!(
        laps(&opened),
        [
            lap("6A", "7A 8A 9A 1B 2B 3B"),
            lap("3B", "4B 5B 6B 7B"),
            lap("7B", "8B 9B 1A 2A"),
            lap("2A", "3A 4A 5A"),
            lap("5A", "6A 7A 8A"),
            lap("8A", "9A 1B 2B 3B 4B"),
            lap("4B", "5B 6B 7B 8B 9B"),
            lap("9B", "1A 2A 3A 4A 5A"),
        ]
    );
    let p = opened.position;
    assert_eq!(
        text(&p),
        "sulus-nishtaw 3,1,4,4,1,4/5,0,5,0,5,1/5,5,1,0,5,5 B round=2 opener=A owners=AAAAAA/ABBBBB/BBBBBB"
    );
    // B's moves in canonical order: his territory in cycle order from its first hole, 8A
    // (spec/engine.md §2). 8A, 4B and 9B are empty.
    assert_eq!(moves(&p), ["9A", "1B", "2B", "3B", "5B", "6B", "7B", "8B"]);
    // B sows from 9A, a hole of his territory in round 2. By hand:
    // 9A (5): 1B 6, 2B 6, 3B 2, 4B 1, 5B 6: B's own, held 5: relay.
    // 5B (6): 6B 6, 7B 2, 8B 6, 9B 1, 1A 5, 2A 2: A's, held 1: relay.
    // 2A (2): 3A 5, 4A 5: held 4: relay.
    // 4A (5): 5A 2, 6A 4, 7A 6, 8A 1, 9A 1: 9A was emptied at the start: the turn ends.
    let after = p
        .play(&mv_in(&p, "9A"), PlayOptions::FULL)
        .unwrap()
        .position;
    assert_eq!(
        text(&after),
        "sulus-nishtaw 4,2,0,5,0,5/6,1,1,1,6,2/6,6,2,1,0,6 A round=2 opener=A owners=AAAAAA/ABBBBB/BBBBBB"
    );
    assert_eq!(
        rule_and_reason(&after, "8A"),
        "S7 | 8A is not in A's territory"
    );
    assert_eq!(moves(&after), ["1A", "3A", "5A", "6A", "7A"]);
}

/// A finished round 1 with round totals A `ta`, B 54 − `ta` under `creator`: A has no seed in his
/// unclaimed holes; his only claim, 7B, holds `ta`; B's other holes hold the rest. Chosen.
fn end_of_round(ta: u32) -> Position {
    let rest = 54 - ta;
    let (q, r) = (rest / 8, rest % 8);
    pos(
        &format!(
            "sulus-nishtaw 0,0,0,0,0,0/0,0,0,{q},{q},{ta}a/{},{q},{q},{q},{q},{q} A opener=B",
            q + r
        ),
        &[],
    )
}

#[test]
fn s17_s18_territory_sizes() {
    let owners_after = |ta: u32| {
        let p = end_of_round(ta);
        let r = p.round_result().unwrap();
        assert_eq!(r.totals, [ta, 54 - ta]);
        let n = next_round(&p);
        check_territories(&n.to_setup());
        let t = text(&n);
        t.split(' ')
            .find_map(|f| f.strip_prefix("owners="))
            .unwrap_or("rows")
            .to_owned()
    };
    // 27–27: nobody wins (S17), 9 holes each.
    assert_eq!(end_of_round(27).round_result().unwrap().winner, None);
    assert_eq!(owners_after(27), "rows");
    // 28 seeds fill 9 holes with one over; 26 give 8 holes and 2 over, which gain a ninth with
    // the other's seed over: still 9 each. S18 departs from «més de 27» exactly here.
    assert_eq!(owners_after(26), "rows");
    assert_eq!(owners_after(28), "rows");
    // 36: 12 holes, the three middle holes of A used up. 38 and 39: 13 holes, so already one hole
    // of A's outer row, 6A (the first from the left as B sees it), below «més de 39».
    assert_eq!(owners_after(18), "AAAAAA/BBBBBB/BBBBBB");
    assert_eq!(owners_after(16), "BAAAAA/BBBBBB/BBBBBB");
    assert_eq!(owners_after(15), "BAAAAA/BBBBBB/BBBBBB");
    // A with 38 annexes 9B, 8B, 7B, then 6B; B keeps 1B … 5B.
    assert_eq!(owners_after(38), "AAAAAA/AAAAAA/BBBBBA");
    // 2 seeds: 1 hole; the other player 17.
    assert_eq!(owners_after(2), "BBBBBA/BBBBBB/BBBBBB");
    assert_eq!(owners_after(52), "AAAAAA/AAAAAA/BAAAAA");
}

#[test]
fn s21_a_total_of_one_or_less_ends_the_match() {
    for (ta, winner) in [
        (0, Player::B),
        (1, Player::B),
        (53, Player::A),
        (54, Player::A),
    ] {
        match end_of_round(ta).after_round(&Decision::None).unwrap() {
            AfterRound::MatchOver(m) => {
                assert_eq!((m.winner, m.rule), (Some(winner), Rule::S21), "A has {ta}");
            }
            AfterRound::Next(_) => panic!("A has {ta}: the match is over"),
        }
    }
}

/// B holds 2 in 1B and 3 in 5B, nothing else in his territory. Chosen.
const V1_V2: &str = "sulus-nishtaw 8,8,8,8,8,8/1,0,0,0,0,0/2,0,0,0,3,0 B opener=A";

#[test]
fn s13_s14_v1_compares_the_holes_b_could_otherwise_start_from() {
    // S13 compares «every hole the mover could otherwise start from»: the holes he could start
    // from but for V1. With V2 on as well, 1B (2 seeds) is not one of them, since V2 forbids it:
    // 5B is the only hole he could otherwise start from, it holds 3, so V1 allows it. A reading,
    // recorded in spec/engine.md.
    assert_eq!(moves(&pos(V1_V2, &[])), ["1B", "5B"]);
    assert_eq!(moves(&pos(V1_V2, &["v1=on"])), ["1B"]);
    assert_eq!(moves(&pos(V1_V2, &["v2=on"])), ["5B"]);
    let p = pos(V1_V2, &["v1=on", "v2=on"]);
    assert_eq!(moves(&p), ["5B"]);
    assert_eq!(
        p.play(&mv_in(&p, "1B"), PlayOptions::FULL)
            .unwrap_err()
            .rule,
        Rule::S14
    );
    let only_v1 = pos(V1_V2, &["v1=on"]);
    assert_eq!(
        only_v1
            .play(&mv_in(&only_v1, "5B"), PlayOptions::FULL)
            .unwrap_err()
            .rule,
        Rule::S13
    );
}

#[test]
fn position_strings_round_trip() {
    for s in [
        JUG_01,
        JUG_5,
        JUG_10,
        END_33,
        ENDLESS_3B,
        ALL_THREE,
        "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 A round=2 opener=A owners=AAAAAA/ABBBBB/BBBBBB opening",
        "sulus-nishtaw 3,1,4,4,1,4/5,0,5,0,5,1/5,5,1,0,5,5 B round=2 opener=A owners=AAAAAA/ABBBBB/BBBBBB",
    ] {
        assert_eq!(text(&pos(s, &[])), s);
        check_territories(&pos(s, &[]).to_setup());
    }
}

fn problems(text: &str) -> Vec<String> {
    let setup = notation::parse_position(text, None).unwrap();
    Position::from_setup(&setup)
        .unwrap_err()
        .problems
        .iter()
        .map(|p| {
            format!(
                "{} [{}]",
                p.reason,
                p.rule.map_or("-".to_owned(), |r| r.to_string())
            )
        })
        .collect()
}

#[test]
fn from_setup_names_every_problem() {
    assert_eq!(
        problems("sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 B opening"),
        ["the opener of the round is required: the next round's opener alternates [S20]"]
    );
    assert_eq!(
        problems("sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,4 A opener=B opening store=0,0"),
        [
            "seed total is 55 (board 55, stores 0 and 0, reserves 0 and 0), sulus-nishtaw has 54 [-]",
            "before the opening every hole holds 3 seeds, with no claims and no taxes taken [S6]",
            "the opening is played by the round's opener, B [S6]",
        ]
    );
    assert_eq!(
        problems("sulus-nishtaw 3,3,3,3,3,3a/3,3,3,3,3,3/3,3,3,3,3,1b B store=0,2 opener=B"),
        [
            "6B lies in B's territory and cannot be claimed by B: a claim arises only in the opponent's territory [S2]",
            "1A lies in A's territory and cannot be claimed by A: a claim arises only in the opponent's territory [S2]",
        ]
    );
    assert_eq!(
        problems("sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,1 B store=2,0 opener=B"),
        [
            "A has taken 2 seeds in taxes, but B has claimed no hole: taxes come only from holes the opponent claimed [S9]"
        ]
    );
    assert_eq!(
        problems("sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,1 B reserve=2,0 opener=B"),
        ["Sulus Nishtaw keeps no reserves: every hole starts a round with 3 seeds [S18]"]
    );
    // Territories: only the shapes S19 gives, and rows in round 1.
    assert_eq!(
        problems(
            "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 A opener=A owners=AAAAAA/ABBBBB/BBBBBB opening"
        ),
        ["in round 1 each player owns his own nine holes [S1]"]
    );
    assert_eq!(
        problems(
            "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 A round=2 opener=A owners=AAAAAA/BABBBB/BBBBBB opening"
        ),
        [
            "territories must be as S19 annexes holes: the player with h ≤ 9 holes owns his holes 1 to h, the other player every other hole [S19]"
        ]
    );
    assert_eq!(
        problems(
            "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 A round=2 opener=A owners=AAAAAA/AAAAAA/AAAAAA opening"
        ),
        [
            "territories must be as S19 annexes holes: the player with h ≤ 9 holes owns his holes 1 to h, the other player every other hole [S19]"
        ]
    );
}
