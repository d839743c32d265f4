//! The worked examples of the Bechi text (`seeds/bechi.ca.txt`), reproduced. Each position before
//! is reconstructed from the text; the comments say which counts the text fixes and which were
//! chosen. The positions after are worked out by hand from bechi.md, not read off the engine.
//!
//! Board strings read as the diagrams: top row 4A 3A 2A 1A, bottom row 1B 2B 3B 4B; `*` marks a
//! chosen hole (B2), `x` a blocked one (B3).

use crate::support::{mv, mv_in, pos, text};
use rules_core::Rule;
use rules_core::games::bechi::notes as bechi;
use rules_core::notes::RoundReason;
use rules_core::{AfterRound, Decision, Event, Hole, PlayOptions, Player, Position};

/// Fig.01/Fig.02, one situation. Fixed by the text: 2B holds 1 seed («aquest forat conté sols 1
/// llavor»); a move from 1B ends in 4A, so 1B holds 2 (first seed back into 1B, B6; second into 4A
/// going clockwise, B4); 4A then holds an odd number («aquest forat conté un nombre senar»), so it
/// held an even number, chosen here: 2. Chosen: every other count, the stores, and 4A marked
/// chosen so that only its odd count prevents the capture.
const FIG_01: &str = "bechi 2*,5,3,6/2,1,7,4 B store=8,10 opener=A";

#[test]
fn fig_01_no_move_from_a_single_seed() {
    // «no podreu moure des del forat 2B perquè aquest forat conté sols 1 llavor»
    let p = pos(FIG_01, &[]);
    let e = p.play(&mv("2B"), PlayOptions::FULL).unwrap_err();
    assert_eq!(e.rule, Rule::B4);
    assert_eq!(
        e.to_string(),
        "illegal move 2B: 2B holds 1 seed; a move needs at least 2 (B4)"
    );
    assert!(!p.legal_moves().contains(&mv("2B")));
}

#[test]
fn fig_02_from_1b_ends_in_4a_odd_no_capture() {
    // «Si en la situació del diagrama anterior decidiu moure des del forat 1B, acabeu en el forat
    // 4A i no captureu res, doncs aquest forat conté un nombre senar de llavors.»
    let p = pos(FIG_01, &[]);
    let played = p.play(&mv("1B"), PlayOptions::FULL).unwrap();
    // 1B: 2 lifted, one back in 1B (now chosen), one in 4A (2 -> 3, odd): nothing captured.
    assert_eq!(
        text(&played.position),
        "bechi 3*,5,3,6/1*,1,7,4 A store=8,10 opener=A"
    );
    assert_eq!(played.trace.captured(), [0, 0]);
    let laps = played.trace.laps();
    assert_eq!(laps.len(), 1);
    assert_eq!(laps[0].1.last().unwrap().to_string(), "4A");
}

/// Fig.03: B moves from 3B and ends in 2A (3B holds 4: 3B, 4B, 1A, 2A counterclockwise, B4, B6).
/// Fixed by the text: 2A holds 2 after the drop, so 1 before («les 2 llavors que conté el forat
/// 2A»); 2A, 3A, 4A and 1B are even and hold 10 in all («captureu en total 10 llavors (dels forats
/// 2A, 3A, 4A i 1B)»), so 3A + 4A + 1B = 8, chosen here as 2, 4, 2; all four were chosen in earlier
/// moves (B2, B9, B10); 2B is odd («aquest forat conté un nombre senar»), chosen here: 3. Chosen:
/// 4B 5, 1A 3, the stores.
const FIG_03: &str = "bechi 4*,2*,1*,3/2*,3,4,5 B store=12,12 opener=B";

#[test]
fn fig_03_chain_capture_of_ten_stops_at_odd_2b() {
    let p = pos(FIG_03, &[]);
    let played = p.play(&mv("3B"), PlayOptions::FULL).unwrap();
    // «Acabareu en el forat 2A.» 3B keeps 1 (chosen now), 4B 6, 1A 4, 2A 2: captured, then 3A 2,
    // 4A 4, 1B 2 (B10, across the row end); «La captura encadenada s'atura al forat 2B».
    assert_eq!(
        text(&played.position),
        "bechi 0*,0*,0*,4/0*,3,1*,6 A store=12,22 opener=B"
    );
    assert_eq!(played.trace.captured(), [0, 10]);
    let captures: Vec<(String, u32, Rule)> = played
        .trace
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Capture {
                hole, seeds, rule, ..
            } => Some((hole.to_string(), *seeds, *rule)),
            _ => None,
        })
        .collect();
    assert_eq!(
        captures,
        [
            ("2A".to_owned(), 2, Rule::B9),
            ("3A".to_owned(), 2, Rule::B10),
            ("4A".to_owned(), 4, Rule::B10),
            ("1B".to_owned(), 2, Rule::B10)
        ]
    );
}

/// Fig.04: B moves from 4B, which holds 7 («des del forat 4B, que conté 7 llavors»): one seed back
/// into 4B, then 1A 2A 3A 4A 1B 2B counterclockwise («Acabeu amb la darrera llavor de la sembra en
/// el forat 2B»). Fixed: 2B holds 2 after the drop, so 1 before, and is chosen («Captureu les 2
/// llavors»); the next hole, 3B, holds 4 and is chosen («el forat següent conté també un nombre
/// parell de llavors (4)»); 6 captured in all. Chosen: 1B 3, the top row 2 0 5 2 (4A..1A), the
/// stores.
const FIG_04: &str = "bechi 2,0,5,2/3,1*,4*,7 B store=12,12 opener=B";

#[test]
fn fig_04_seven_from_4b_captures_six() {
    let p = pos(FIG_04, &[]);
    let played = p.play(&mv("4B"), PlayOptions::FULL).unwrap();
    // 4B keeps 1 (odd: the chain stops there), 1A 3, 2A 6, 3A 1, 4A 3, 1B 4; 2B (2) and 3B (4)
    // captured: «acaba el vostre torn amb la captura de 6 llavors».
    assert_eq!(
        text(&played.position),
        "bechi 3,1,6,3/4,0*,0*,1* A store=12,18 opener=B"
    );
    assert_eq!(played.trace.captured(), [0, 6]);
    assert_eq!(played.position.to_move(), Player::A);
}

/// Fig.00b: after round 1, B has captured 34 and A 14 («si el jugador B captura 34 llavors en la
/// primera ronda ... El jugador A només haurà capturat 14 llavors»). The round-1 end is chosen:
/// neither player can move (B13), A's side holds 2 single seeds and B's 2, so the stores are 12 and
/// 32 (captures are even, B9) and the round totals 14 and 34.
const ROUND_1_END: &str = "bechi 1,0,1,0/1,0,0,1 A store=12,32 opener=B";

#[test]
fn fig_00b_round_two_with_six_holes() {
    let p = pos(ROUND_1_END, &[]);
    let r = p.round_result().expect("neither player can move (B13)");
    assert_eq!(r.totals, [14, 34]);
    assert_eq!(r.holdings, [14, 34]);
    assert_eq!(r.winner, Some(Player::B));
    assert!(p.legal_moves().is_empty());
    // «omplirà els seus quatre forats amb 6 llavors cada un i les 10 llavors restants les retira»;
    // «tan sols podrà omplir 2 forats ... i les dues llavors restants les diposita en el seu
    // magatzem»: A chooses 4A and 3A here; the other two are blocked (B3). A opens round 2, since B
    // opened round 1 (B17).
    let fill = Decision::Fill(vec!["4A".parse::<Hole>().unwrap(), "3A".parse().unwrap()]);
    let AfterRound::Next(next) = p.after_round(&fill).unwrap() else {
        panic!("the match goes on")
    };
    assert_eq!(
        text(&next),
        "bechi 6,6,0x,0x/6,6,6,6 A reserve=2,10 round=2 opener=A"
    );
    // «la segona ronda es jugaria amb només 6 forats»: the blocked holes are skipped (B7).
    let played = next.play(&mv("4A"), PlayOptions::FULL).unwrap();
    // 4A (6, counterclockwise): 4A, 1B, 2B, 3B, 4B, then 1A and 2A are skipped, 3A: 7, odd.
    assert_eq!(
        text(&played.position),
        "bechi 1*,7,0x,0x/7,7,7,7 B reserve=2,10 round=2 opener=A"
    );
    // Three holes would be one too many (B16).
    let three = Decision::Fill(vec![
        "4A".parse::<Hole>().unwrap(),
        "3A".parse().unwrap(),
        "2A".parse().unwrap(),
    ]);
    let e = p.after_round(&three).unwrap_err();
    assert_eq!(e.rule, Rule::B16);
    assert_eq!(
        e.reason,
        RoundReason::Bechi(bechi::RoundReason::FillCount {
            player: Player::A,
            seeds: 14,
            holes: 2,
            given: 3,
        })
    );
    assert_eq!(
        e.to_string(),
        "A holds 14 seeds and fills exactly 2 holes with 6, not 3 (B16)"
    );
    // No holes chosen: A must choose his 2 (B16).
    let e = p.after_round(&Decision::None).unwrap_err();
    assert_eq!(e.rule, Rule::B16);
    assert!(matches!(
        e.reason,
        RoundReason::Bechi(bechi::RoundReason::FillNeeded {
            player: Player::A,
            holes: 2
        })
    ));
}

#[test]
fn blocked_hole_cannot_be_played_and_is_passed_over_by_captures() {
    // A round-2 board where A left 1A unfilled (B3): A holds 20 (3 holes, reserve 2), B 28 (4
    // holes, reserve 4); some play has happened since.
    let p = pos(
        "bechi 6,1,1*,0x/1,1,1,1 A store=14,16 reserve=2,4 round=2 opener=A",
        &[],
    );
    assert_eq!(
        p.play(&mv("1A"), PlayOptions::FULL).unwrap_err().rule,
        Rule::B3
    );
    // 4A (6, `+`, B4): 4A 1B 2B 3B 4B, 1A skipped (B7), 2A: 2, even and chosen: captured (B9).
    // The chain looks at 3A: 1, odd: it stops (B10).
    let played = p.play(&mv("4A"), PlayOptions::FULL).unwrap();
    assert_eq!(
        text(&played.position),
        "bechi 1*,1,0*,0x/2,2,2,2 B store=16,16 reserve=2,4 round=2 opener=A"
    );
    // B11: 3B (2, `+`): 3B keeps 1, 4B gets 2, even and chosen: captured; the chain passes over the
    // blocked 1A to 2A (2, chosen): captured; 3A (1, odd) stops it.
    let p = pos(
        "bechi 1*,1,2*,0x/3,2,2*,1* B store=14,16 reserve=2,4 round=2 opener=A",
        &[],
    );
    let played = p.play(&mv("3B"), PlayOptions::FULL).unwrap();
    assert_eq!(
        text(&played.position),
        "bechi 1*,1,0*,0x/3,2,1*,0* A store=14,20 reserve=2,4 round=2 opener=A"
    );
    assert_eq!(played.trace.captured(), [0, 4]);
}

#[test]
fn passing_and_round_end() {
    // B5: A has no hole with 2 seeds, B has one: A must pass, and only pass.
    let p = pos("bechi 1,0,1,0/0,0,2,0 A store=22,22 opener=B", &[]);
    assert_eq!(p.legal_moves(), vec![mv("pass")]);
    let e = p.play(&mv("4A"), PlayOptions::FULL).unwrap_err();
    assert_eq!(e.rule, Rule::B4);
    let after = p.play(&mv("pass"), PlayOptions::FULL).unwrap().position;
    assert_eq!(after.to_move(), Player::B);
    assert_eq!(
        after.play(&mv("pass"), PlayOptions::FULL).unwrap_err().rule,
        Rule::B5
    );
    // 3B (2, +): 3B keeps 1, 4B 1: odd, no capture. Now nobody can move: the round is over (B13).
    let end = after.play(&mv("3B"), PlayOptions::FULL).unwrap().position;
    assert!(end.legal_moves().is_empty());
    assert_eq!(
        end.play(&mv("pass"), PlayOptions::FULL).unwrap_err().rule,
        Rule::B13
    );
    let r = end.round_result().unwrap();
    assert_eq!(r.totals, [24, 24]);
    // Equal holdings: both fill all their holes; the other player opens (B17).
    let AfterRound::Next(next) = end.after_round(&Decision::None).unwrap() else {
        panic!()
    };
    assert_eq!(text(&next), "bechi 6,6,6,6/6,6,6,6 A round=2 opener=A");
}

#[test]
fn match_ends_when_a_player_cannot_fill_a_hole() {
    // B15: A holds 4 seeds (store 2 plus 2 singles on his side): he cannot fill a hole.
    let p = pos("bechi 1,0,1,0/1,0,0,1 A store=2,42 opener=B", &[]);
    let AfterRound::MatchOver(m) = p.after_round(&Decision::None).unwrap() else {
        panic!()
    };
    assert_eq!(m.winner, Some(Player::B));
    assert_eq!(m.rule, Rule::B15);
    assert_eq!(
        m.reason,
        "A holds 4 seeds, fewer than 6, and cannot fill a hole"
    );
    // One seed is one seed (the page of mancala serve said "A holds 1 seeds").
    let p = pos("bechi 1,0,0,0/0,0,0,1 A store=0,46 opener=B", &[]);
    let AfterRound::MatchOver(m) = p.after_round(&Decision::None).unwrap() else {
        panic!()
    };
    assert_eq!(
        m.reason,
        "A holds 1 seed, fewer than 6, and cannot fill a hole"
    );
}

#[test]
fn two_by_three_middle_hole_sows_both_ways() {
    // B4 on 2x3: hole 1 clockwise, hole 3 counterclockwise, the middle hole 2 either way, with the
    // direction written.
    let p = Position::start(
        {
            let mut v = rules_core::Variant::default_for(rules_core::GameKind::Bechi);
            v.set_option("holes", "3").unwrap();
            v
        },
        Player::B,
    );
    assert_eq!(
        p.play(&mv("2B"), PlayOptions::FULL).unwrap_err().rule,
        Rule::B4
    );
    assert_eq!(
        p.play(&mv("1B+"), PlayOptions::FULL).unwrap_err().rule,
        Rule::B4
    );
    // From the start, 2B+ and 2B- drop one seed in every hole and end in 1B and 3B, both odd: the
    // same outcome, so one move, spelled 2B+ (README §6.2).
    assert_eq!(
        p.legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["1B", "2B+", "3B"]
    );
    let a = p.play(&mv_in(&p, "2B-"), PlayOptions::FULL).unwrap();
    assert_eq!(a.canonical, mv("2B+"));
    // 2B keeps 1 of its 6 (B6); 3B 1A 2A 3A 1B (or 1B 3A 2A 1A 3B) get one each.
    assert_eq!(text(&a.position), "bechi 7,7,7/7,1*,7 A opener=B");
    // A direction that the rules fix may be written: 1B- is 1B.
    assert_eq!(
        p.play(&mv("1B-"), PlayOptions::FULL).unwrap().canonical,
        mv("1B")
    );
}
