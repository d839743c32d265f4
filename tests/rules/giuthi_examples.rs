//! The worked examples of the Giuthi text (`seeds/giuthi.ca.txt`), reproduced, and the round
//! rules (G19–G26) on hand-made positions. Positions after are worked out by hand from giuthi.md.
//!
//! Board strings read as the diagrams of a 2×8 board: top row 8A 7A … 1A, bottom row 1B 2B … 8B.
//! kB faces (9−k)A: 1B–8A, 4B–5A, 5B–4A.

use crate::support::{mv, pos, text};
use rules_core::games::giuthi::notes as giuthi;
use rules_core::{AfterRound, Decision, Event, PlayOptions, Player};
use rules_core::{RoundError, Rule};

/// regles_giuthi_fig_01. Fixed by the text:
/// * 2B holds 2: clockwise its seeds go to 1B and 8A («Caieu en el forat 8A»), counterclockwise to
///   3B and 4B («caieu en el forat 4B»);
/// * 8A holds 3 («agafeu les 3 llavors i la llavor que acabeu de deixar-hi»);
/// * 4B is empty («I acabeu en el forat 4B del propi costat que està buit»);
/// * 5A holds 6 («captureu les 6 llavors del forat 5A»);
/// * 5B is empty and 4A holds 7 («el 5B, captureu les 7 llavors del forat oposat ...: el 4A»);
/// * 14 captured in all, so the chain stops at 6B: chosen here to hold 2 seeds.
///
/// Chosen: every other count and the stores (96 seeds in all, G1).
const FIG_01: &str = "giuthi 3,4,2,6,7,1,5,3/3,2,1,0,0,2,5,4 B store=22,26";

#[test]
fn fig_01_to_02d_clockwise_from_2b_captures_fourteen() {
    let p = pos(FIG_01, &[]);
    let played = p.play(&mv("2B-"), PlayOptions::FULL).unwrap();
    // Lap 1 (clockwise): 1B, 8A (3 -> 4: relay, G8). Lap 2 (counterclockwise, 4 seeds): 1B, 2B,
    // 3B, 4B (empty: the sowing ends, G9). 8A was sown, so the opponent's row has been played
    // (G12): 5A's 6 and 4B's seed are captured (G15); 5B is empty and 4A holds 7: captured too
    // (G17, in the direction of the last lap); 6B holds seeds: the chain stops.
    assert_eq!(
        text(&played.position),
        "giuthi 0,4,2,0,0,1,5,3/5,1,2,0,0,2,5,4 A store=22,40"
    );
    let laps: Vec<(String, Vec<String>)> = played
        .trace
        .laps()
        .into_iter()
        .map(|(h, v)| (h.to_string(), v.iter().map(ToString::to_string).collect()))
        .collect();
    assert_eq!(
        laps,
        [
            ("2B".to_owned(), vec!["1B".to_owned(), "8A".to_owned()]),
            (
                "8A".to_owned(),
                vec![
                    "1B".to_owned(),
                    "2B".to_owned(),
                    "3B".to_owned(),
                    "4B".to_owned()
                ]
            )
        ]
    );
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
            ("5A".to_owned(), 6, Rule::G15),
            ("4B".to_owned(), 1, Rule::G15),
            ("4A".to_owned(), 7, Rule::G17)
        ]
    );
    // «Així doncs, en aquest torn heu capturat 14 llavors.»
    assert_eq!(played.trace.captured(), [0, 14]);
    assert_eq!(played.position.to_move(), Player::A);
}

#[test]
fn fig_03b_counterclockwise_from_2b_moves_again() {
    // «Si moveu des del forat 2B en la direcció contrària a les agulles del rellotge, caieu en el
    // forat 4B que està buit però… com que durant el vostre torn no heu passat per cap forat de la
    // fila de l'adversari, no podeu fer cap captura, i torneu a moure, repetint un altre torn.»
    let p = pos(FIG_01, &[]);
    let played = p.play(&mv("2B+"), PlayOptions::FULL).unwrap();
    // 3B and 4B get one each; 4B was empty; no seed fell in A's row (G12, G13): no capture although
    // 5A holds 6, and B moves again.
    assert_eq!(
        text(&played.position),
        "giuthi 3,4,2,6,7,1,5,3/3,0,2,1,0,2,5,4 B store=22,26"
    );
    assert_eq!(played.trace.captured(), [0, 0]);
    assert!(played.trace.events.contains(&Event::Next {
        player: Player::B,
        repeat: true,
        rule: Rule::G13
    }));
    // The repeat move is a ply of its own, from any hole and in any direction (G14).
    let again = played.position.legal_moves();
    assert!(again.contains(&mv("1B+")) && again.contains(&mv("1B-")) && again.contains(&mv("3B+")));
}

#[test]
fn single_seeds_cannot_be_played_and_direction_is_required() {
    let p = pos(FIG_01, &[]);
    // «no es pot començar a moure des d'un forat que contingui una sola llavor» (G4)
    assert_eq!(
        p.play(&mv("3B+"), PlayOptions::FULL).unwrap_err().rule,
        Rule::G4
    );
    assert_eq!(
        p.play(&mv("2B"), PlayOptions::FULL)
            .unwrap_err()
            .to_string(),
        "illegal move 2B: the mover chooses the direction: write 2B+ or 2B- (G4)"
    );
    assert_eq!(
        p.play(&mv("2A+"), PlayOptions::FULL)
            .unwrap_err()
            .to_string(),
        "illegal move 2A+: 2A is not one of B's holes (G4)"
    );
    assert_eq!(
        p.play(&mv("9B+"), PlayOptions::FULL).unwrap_err().rule,
        Rule::G1
    );
}

#[test]
fn lap_ending_in_an_empty_opponent_hole_ends_the_turn() {
    // G11: B sows 8B (2, +): 1A, 2A; 2A was empty: no capture, A to move.
    let p = pos("giuthi 6,6,6,6,6,6,0,6/6,6,6,6,6,6,6,2 B store=0,10", &[]);
    let played = p.play(&mv("8B+"), PlayOptions::FULL).unwrap();
    assert_eq!(
        text(&played.position),
        "giuthi 6,6,6,6,6,6,1,7/6,6,6,6,6,6,6,0 A store=0,10"
    );
    // G16: B sows 2B (2, -): 1B, 8A (6 -> 7: relay +, 7 seeds): 1B 2B 3B 4B 5B 6B 7B (7B was empty:
    // end in an own empty hole after A's row was played), and the opposite hole 2A is empty: no
    // capture, the turn passes.
    let p = pos("giuthi 6,6,6,6,6,6,0,6/6,2,6,6,6,6,0,8 B store=0,14", &[]);
    let played = p.play(&mv("2B-"), PlayOptions::FULL).unwrap();
    assert_eq!(
        text(&played.position),
        "giuthi 0,6,6,6,6,6,0,6/8,1,7,7,7,7,1,8 A store=0,14"
    );
    assert_eq!(played.trace.captured(), [0, 0]);
}

#[test]
fn forced_pass_and_round_end() {
    // A has only single seeds: he must pass (G5); B then moves.
    let p = pos("giuthi 1,0,1,0,1,0,1,0/0,0,0,0,0,0,0,2 A store=40,50", &[]);
    assert_eq!(p.legal_moves(), vec![mv("pass")]);
    let p = p.play(&mv("pass"), PlayOptions::FULL).unwrap().position;
    assert_eq!(
        p.play(&mv("pass"), PlayOptions::FULL).unwrap_err().rule,
        Rule::G5
    );
    // 8B- (2): 7B, 6B: 6B was empty and no seed reached A's row: B moves again (G13), but now he
    // has only single seeds too. Nobody can move: the round is over (G19).
    let p = p.play(&mv("8B-"), PlayOptions::FULL).unwrap().position;
    assert_eq!(
        text(&p),
        "giuthi 1,0,1,0,1,0,1,0/0,0,0,0,0,1,1,0 B store=40,50"
    );
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.play(&mv("pass"), PlayOptions::FULL).unwrap_err().rule,
        Rule::G19
    );
    let r = p.round_result().unwrap();
    // G20: captures plus the seeds in the own row.
    assert_eq!(r.totals, [44, 52]);
    assert_eq!(r.holdings, [44, 52]);
    assert_eq!(r.winner, Some(Player::B));
}

#[test]
fn layout_copy_and_richer_opens() {
    let p = pos("giuthi 1,0,1,0,1,0,1,0/0,0,0,0,0,1,1,0 B store=40,50", &[]);
    // G23: A, the poorer player, lays out his 44 seeds with at least one in every hole.
    let layout = Decision::Layout(vec![1, 2, 3, 4, 5, 6, 7, 16]);
    let AfterRound::Next(next) = p.after_round(&layout).unwrap() else {
        panic!()
    };
    // G25: B's hole k gets A's hole k; B keeps 52 - 44 = 8 off the board. G26: B opens.
    assert_eq!(
        text(&next),
        "giuthi 16,7,6,5,4,3,2,1/1,2,3,4,5,6,7,16 B reserve=0,8 round=2"
    );
    for (bad, rule, reason) in [
        (
            Decision::Layout(vec![0, 2, 3, 4, 5, 6, 7, 17]),
            Rule::G23,
            giuthi::RoundReason::EmptyHole { number: 1 },
        ),
        (
            Decision::Layout(vec![1, 2, 3, 4, 5, 6, 7]),
            Rule::G23,
            giuthi::RoundReason::LayoutLength { holes: 8, given: 7 },
        ),
        (
            Decision::Layout(vec![1, 2, 3, 4, 5, 6, 7, 15]),
            Rule::G24,
            giuthi::RoundReason::LayoutTotal {
                player: Player::A,
                seeds: 44,
                placed: 43,
            },
        ),
        (
            Decision::None,
            Rule::G23,
            giuthi::RoundReason::LayoutNeeded {
                player: Player::A,
                seeds: 44,
            },
        ),
    ] {
        let e = p.after_round(&bad).unwrap_err();
        assert_eq!((e.rule, e.reason), (rule, reason.into()), "{bad:?}");
    }
}

#[test]
fn match_ends_by_draw_or_a_poor_player() {
    // G22.1: equal holdings draw the match.
    let p = pos("giuthi 1,0,1,0,1,0,1,0/0,0,0,0,1,1,1,1 B store=44,44", &[]);
    let AfterRound::MatchOver(m) = p.after_round(&Decision::None).unwrap() else {
        panic!()
    };
    assert_eq!((m.winner, m.rule), (None, Rule::G22));
    // G22.2: the poorer player holds N = 8 or fewer: the richer wins.
    let p = pos("giuthi 1,0,1,0,1,0,1,0/0,0,0,0,1,1,1,1 B store=4,84", &[]);
    let AfterRound::MatchOver(m) = p.after_round(&Decision::None).unwrap() else {
        panic!()
    };
    assert_eq!((m.winner, m.rule), (Some(Player::B), Rule::G22));
    assert_eq!(
        p.after_round(&Decision::Layout(vec![1; 8])).unwrap_err(),
        RoundError {
            rule: Rule::G22,
            reason: giuthi::RoundReason::MatchOver.into()
        }
    );
    // 9 seeds are enough to play on.
    let p = pos("giuthi 1,0,1,0,1,0,1,0/0,0,0,0,1,1,1,1 B store=5,83", &[]);
    assert!(matches!(
        p.after_round(&Decision::Layout(vec![1, 1, 1, 1, 1, 1, 1, 2])),
        Ok(AfterRound::Next(_))
    ));
}
