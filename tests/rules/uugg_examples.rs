//! Uugg (`uugg.md`, `seeds/uugg.ca.txt`). The text has no worked examples, so every rule gets one
//! here: a position chosen to show it, the position after worked out by hand from the rules file,
//! never read off the engine. Each test quotes the Catalan sentence it reproduces. Every count is
//! chosen (the text fixes only the rules); the comments give the sowing hole by hole.
//!
//! Board strings read as the diagrams: top row NA … 1A, bottom row 1B … NB, so the top row is
//! sown right to left and the bottom row left to right (counterclockwise, U2). `a`/`b` marks an
//! uugg of A/of B (U8); `owners=` gives the owner of every hole when it is not its row's player
//! (U21).

use crate::reference;
use crate::support::{mv_in, pos, text};
use rules_core::Rule;
use rules_core::notes::{CommonRound, RoundReason};
use rules_core::{
    AfterRound, Decision, Event, Game, Mark, MarkKind, Move, PlayOptions, Player, Position,
};

/// Plays a token and returns the position after.
fn after(p: &Position, token: &str) -> Position {
    p.play(&mv_in(p, token), PlayOptions::FULL)
        .unwrap_or_else(|e| panic!("{}: {e}", text(p)))
        .position
}

/// The rule that forbids a token.
fn refused(p: &Position, token: &str) -> String {
    let e = p.play(&mv_in(p, token), PlayOptions::FULL).unwrap_err();
    format!("{}: {}", e.rule, e.reason)
}

fn moves(p: &Position) -> Vec<String> {
    p.legal_moves().iter().map(ToString::to_string).collect()
}

fn laps(t: &rules_core::Trace) -> Vec<String> {
    t.laps()
        .into_iter()
        .map(|(h, v)| {
            let v: Vec<String> = v.iter().map(ToString::to_string).collect();
            format!("{h}: {}", v.join(" "))
        })
        .collect()
}

fn captures(t: &rules_core::Trace) -> Vec<(String, u32, Rule)> {
    t.events
        .iter()
        .filter_map(|e| match e {
            Event::Capture {
                hole, seeds, rule, ..
            } => Some((hole.to_string(), *seeds, *rule)),
            _ => None,
        })
        .collect()
}

fn marks(t: &rules_core::Trace) -> Vec<(String, Mark, Rule)> {
    t.events
        .iter()
        .filter_map(|e| match e {
            Event::Mark { hole, mark, rule } => Some((hole.to_string(), *mark, *rule)),
            _ => None,
        })
        .collect()
}

const UUGG_OF_B: Mark = Mark {
    kind: MarkKind::Uugg,
    owner: Player::B,
};

/// U5.3, U7: uagga on the first lap. «Si l’última llavor cau en un forat de l’adversari que conté
/// 3 llavors (4 llavors, comptant l’acabada de dipositar), aleshores es diu que el jugador «ha
/// colpejat». Aquesta acció s’anomena «uagga». El torn s’acaba.» Chosen: 2×6, 1A holds 3, 4B holds
/// 3 so that its lap ends in 1A; the other counts make 48 (U1).
#[test]
fn uagga_on_the_first_lap() {
    let p = pos("uugg 4,4,4,4,4,3/4,4,4,3,5,5 B opener=B", &[]);
    let played = p.play(&mv_in(&p, "4B"), PlayOptions::FULL).unwrap();
    // 4B (3): 5B 5 -> 6, 6B 5 -> 6, 1A 3 -> 4: A's hole, not an uugg, held 3: uagga. 1A becomes an
    // uugg of B with its 4 seeds and the turn ends (U5.3).
    assert_eq!(
        text(&played.position),
        "uugg 4,4,4,4,4,4b/4,4,4,0,6,6 A opener=B"
    );
    assert_eq!(laps(&played.trace), ["4B: 5B 6B 1A"]);
    assert_eq!(
        marks(&played.trace),
        [("1A".to_owned(), UUGG_OF_B, Rule::U5)]
    );
    assert_eq!(played.trace.captured(), [0, 0]);
    // U3: the uugg is a start hole for neither player; «les quatre llavors no es poden usar per
    // sembrar».
    let q = played.position;
    assert_eq!(
        refused(&q, "1A"),
        "U3: 1A is an uugg, which is never a start hole"
    );
}

/// U5.3, U7 on a relay lap, and U7's own hole going from 3 to 4, which is relayed. «Si l’última
/// llavor cau en un forat ocupat, el seu contingut s’agafa i es sembra en un nova volta.» Chosen:
/// 2×5, 1B holds 2 and 3B 2 so that the relay from 3B (3 seeds) ends in 1A, which holds 3.
#[test]
fn uagga_on_a_relay_lap() {
    let p = pos("uugg 5,5,5,5,3/2,5,2,4,4 B opener=B", &[]);
    let played = p.play(&mv_in(&p, "1B"), PlayOptions::FULL).unwrap();
    // 1B (2): 2B 5 -> 6, 3B 2 -> 3: B's own hole, held 2: relay (U5.4). 3B (3): 4B 4 -> 5, 5B
    // 4 -> 5, 1A 3 -> 4: uagga on the relay lap (U7).
    assert_eq!(
        text(&played.position),
        "uugg 5,5,5,5,4b/0,6,0,5,5 A opener=B"
    );
    assert_eq!(laps(&played.trace), ["1B: 2B 3B", "3B: 4B 5B 1A"]);
    assert_eq!(
        marks(&played.trace),
        [("1A".to_owned(), UUGG_OF_B, Rule::U5)]
    );

    // From the same position, 2B (5): 3B 2 -> 3, 4B 4 -> 5, 5B 4 -> 5, 1A 3 -> 4 (not the last
    // seed: nothing happens), 2A 5 -> 6: relay 6: 3A 5 -> 6, 4A 5 -> 6, 5A 5 -> 6, 1B 2 -> 3,
    // 2B 0 -> 1, 3B 3 -> 4: B's own hole went from 3 to 4: relayed, never an uugg (U7). 3B (4):
    // 4B 5 -> 6, 5B 5 -> 6, 1A 4 -> 5, 2A 0 -> 1: empty before: the turn ends (U5.2).
    let played = p.play(&mv_in(&p, "2B"), PlayOptions::FULL).unwrap();
    assert_eq!(
        text(&played.position),
        "uugg 6,6,6,1,5/3,1,0,6,6 A opener=B"
    );
    assert_eq!(
        laps(&played.trace),
        [
            "2B: 3B 4B 5B 1A 2A",
            "2A: 3A 4A 5A 1B 2B 3B",
            "3B: 4B 5B 1A 2A"
        ]
    );
    assert!(marks(&played.trace).is_empty());
}

/// U3: an uugg receives the seeds that reach it. «Les llavors que caiguin en un «uugg» en torns
/// posteriors hi queden acumulades.» Chosen: 2×5, an uugg of A in 3B holding 4, 2B holding 3 (not
/// a lone seed, so no balla, U9).
#[test]
fn sowing_through_an_uugg() {
    let p = pos("uugg 6,6,5,5,5/4,3,4a,2,0 B opener=B", &[]);
    // 2B (3): 3B 4 -> 5 (the uugg keeps it, U3), 4B 2 -> 3, 5B 0 -> 1: empty before, the turn ends.
    let played = p.play(&mv_in(&p, "2B"), PlayOptions::FULL).unwrap();
    assert_eq!(
        text(&played.position),
        "uugg 6,6,5,5,5/4,0,5a,3,1 A opener=B"
    );
    assert_eq!(laps(&played.trace), ["2B: 3B 4B 5B"]);
    // U3: the uugg is in B's row but B cannot start from it, nor can its creator.
    assert_eq!(
        refused(&p, "3B"),
        "U3: 3B is an uugg, which is never a start hole"
    );
    let a = p.with_to_move(Player::A).unwrap();
    assert_eq!(
        refused(&a, "3B"),
        "U3: 3B is an uugg, which is never a start hole"
    );
}

/// U5.1, U6, U13: a lap that ends in an uugg ends the move; the seed stays, nothing is eaten,
/// whoever owns the uugg. Chosen: 2×5, an uugg of A in 3B and one of B in 2A; 2B holds 2 (no
/// balla).
#[test]
fn turn_ending_in_an_uugg() {
    let p = pos("uugg 6,6,5,6b,3/2,2,5a,3,2 B opener=B", &[]);
    // 1B (2): 2B 2 -> 3, 3B 5 -> 6: the opponent's uugg. The seed stays; this is not a balla (U13):
    // B eats nothing.
    let played = p.play(&mv_in(&p, "1B"), PlayOptions::FULL).unwrap();
    assert_eq!(
        text(&played.position),
        "uugg 6,6,5,6b,3/0,3,6a,3,2 A opener=B"
    );
    assert_eq!(played.trace.captured(), [0, 0]);
    assert!(
        played
            .trace
            .events
            .iter()
            .any(|e| matches!(e, Event::Note { rule: Rule::U6, .. }))
    );
    // 4B (3): 5B 2 -> 3, 1A 3 -> 4 (not the last seed), 2A 6 -> 7: B's own uugg: the turn ends.
    let played = p.play(&mv_in(&p, "4B"), PlayOptions::FULL).unwrap();
    assert_eq!(
        text(&played.position),
        "uugg 6,6,5,7b,4/2,2,5a,0,3 A opener=B"
    );
    assert!(marks(&played.trace).is_empty());
}

/// U13: in round 1 an uugg in the mover's hole 1 is preceded by the opponent's hole N, so it can
/// never be eaten; a lone seed sown into the mover's own uugg is an ordinary move. Chosen: 2×5, an
/// uugg of B in 1A, 5B holding 1.
#[test]
fn uugg_in_hole_1_cannot_be_eaten_in_round_1() {
    let p = pos("uugg 6,6,6,6,4b/3,3,3,2,1 B opener=B", &[]);
    // 5B (1): 1A 4 -> 5, B's own uugg: the lap ends there (U5.1), nothing is eaten.
    let played = p.play(&mv_in(&p, "5B"), PlayOptions::FULL).unwrap();
    assert_eq!(
        text(&played.position),
        "uugg 6,6,6,6,5b/3,3,3,2,0 A opener=B"
    );
    assert_eq!(played.trace.captured(), [0, 0]);
}

/// U9, U10, U11: the balla, compulsory by default and one move among others under `balla` =
/// `optional`. «Si el jugador que no és el propietari d’un forat «uugg» en el seu torn té una
/// llavor solitària en el forat precedent de la seva fila, ha d’agafar aquesta llavor, desplaçar-la
/// al forat «uugg» de l’adversari i retirar-la de nou, acompanyada d’una altra llavor continguda en
/// aquest forat bloquejat. Les dues llavors són capturades i es retiren del tauler.» Chosen: 2×5, an
/// uugg of A in 3B holding 5, a lone seed in 2B.
#[test]
fn balla_compulsory_and_optional() {
    const P: &str = "uugg 6,6,5,5,5/3,1,5a,2,2 B opener=B";
    let p = pos(P, &[]);
    // U10: «ha d’agafar aquesta llavor»: the balla is B's only move.
    assert_eq!(moves(&p), ["2B"]);
    assert_eq!(
        refused(&p, "1B"),
        "U10: B has a balla (2B) and must play it: the balla is compulsory"
    );
    // 2B's seed goes into 3B and comes out with one more: B eats 2, 3B keeps 4, and the turn ends
    // (U11).
    let played = p.play(&mv_in(&p, "2B"), PlayOptions::FULL).unwrap();
    assert_eq!(
        text(&played.position),
        "uugg 6,6,5,5,5/3,0,4a,2,2 A store=0,2 opener=B"
    );
    assert_eq!(captures(&played.trace), [("3B".to_owned(), 2, Rule::U9)]);
    assert!(played.trace.events.iter().any(|e| matches!(
        e,
        Event::Note { rule: Rule::U9, note } if note.to_string().starts_with("balla")
    )));
    assert!(played.trace.events.contains(&Event::Next {
        player: Player::A,
        repeat: false,
        rule: Rule::U11
    }));

    // Optional: every start is a move, and 2B is still the balla (U9: «there is no plain sowing
    // from p»). 1B (3): 2B 2, 3B 6, 4B 3: relay 3: 5B 3, 1A 6, 2A 6: relay 6: 3A 6, 4A 7, 5A 7,
    // 1B 1, 2B 3, 3B 7: an uugg, the end. 5B (2): 1A 6, 2A 6: relay 6: 3A 6, 4A 7, 5A 7, 1B 4,
    // 2B 2, 3B 6: the end. Both end; 4B is worked below.
    let o = pos(P, &["balla=optional"]);
    assert_eq!(moves(&o), ["1B", "2B", "4B", "5B"]);
    assert_eq!(
        text(&after(&o, "2B")),
        "uugg 6,6,5,5,5/3,0,4a,2,2 A store=0,2 opener=B"
    );
    // 4B (2): 5B 2 -> 3, 1A 5 -> 6: relay 6: 2A 6, 3A 6, 4A 7, 5A 7, 1B 4, 2B 1 -> 2: relay 2:
    // 3B 6 (the uugg), 4B 0 -> 1: empty before, the end.
    assert_eq!(
        text(&after(&o, "4B")),
        "uugg 7,7,6,6,0/4,0,6a,1,3 A opener=B"
    );
}

/// U12: a balla into an empty uugg eats the entering seed only. «…acompanyada d’una altra llavor
/// continguda en aquest forat bloquejat.» Chosen: 2×5, A's uugg in 3B emptied by four earlier
/// ballas (B has eaten 8).
#[test]
fn balla_on_an_empty_uugg() {
    let p = pos("uugg 5,5,5,5,4/3,1,0a,2,2 B store=0,8 opener=B", &[]);
    let played = p.play(&mv_in(&p, "2B"), PlayOptions::FULL).unwrap();
    // 2B's seed goes into 3B and comes out alone: B eats 1; 3B stays an empty uugg of A (U8).
    assert_eq!(
        text(&played.position),
        "uugg 5,5,5,5,4/3,0,0a,2,2 A store=0,9 opener=B"
    );
    assert_eq!(captures(&played.trace), [("3B".to_owned(), 1, Rule::U12)]);
}

/// U14: a player without a legal move passes, and the round goes on. «No hi ha obligatorietat
/// d’alimentar l’adversari.» Chosen: 2×5, A's holes empty except B's uugg in 3A; B has 1B and 5B.
#[test]
fn forced_pass() {
    let p = pos("uugg 0,0,10b,0,0/2,0,16a,0,2 A store=6,4 opener=B", &[]);
    assert_eq!(moves(&p), ["pass"]);
    assert_eq!(refused(&p, "4A"), "U2: 4A is empty");
    assert_eq!(refused(&p, "1B"), "U2: 1B is not one of A's holes");
    let played = p.play(&Move::Pass, PlayOptions::FULL).unwrap();
    assert_eq!(
        played.trace.events,
        [
            Event::Pass {
                player: Player::A,
                rule: Rule::U14
            },
            Event::Next {
                player: Player::B,
                repeat: false,
                rule: Rule::U14
            }
        ]
    );
    let q = played.position;
    assert_eq!(
        text(&q),
        "uugg 0,0,10b,0,0/2,0,16a,0,2 B store=6,4 opener=B"
    );
    assert_eq!(
        refused(&q, "pass"),
        "U14: B has a legal move, and a player passes only when he has none"
    );
    // 5B (2): 1A 0 -> 1, 2A 0 -> 1: empty before, the end. A can move again, and must: the lone
    // seed of 2A before B's uugg 3A is a balla (U9, U10).
    let r = after(&q, "5B");
    assert_eq!(
        text(&r),
        "uugg 0,0,10b,1,1/2,0,16a,0,0 A store=6,4 opener=B"
    );
    assert_eq!(moves(&r), ["2A"]);
}

/// U15 (README §4): a start whose sowing never ends is not a move. A real one, found by
/// `cargo xtask uugg-endless --holes 6 --depth 7 --list`: a breadth-first search over the distinct
/// positions reachable from the 2×6 start (B opens) that tries every start of the player to move
/// and keeps those `play` refuses with U15. The first is at ply 5; its sowing comes back to its
/// first lap-start state after 159 748 laps, far beyond working by hand. What is checked by hand is
/// the way there, ply by ply, below; the verdict is checked by the reference implementation, which
/// finds the cycle with Brent's algorithm (the engine compares every lap start with the first).
#[test]
fn endless_start_refused() {
    let start = Position::start(
        {
            let mut v = rules_core::Variant::default_for(rules_core::GameKind::Uugg);
            v.set_option("holes", "6").unwrap();
            v
        },
        Player::B,
    );
    // 4B (4): 5B 6B 1A 2A (4 -> 5: relay 5); 3A 4A 5A 6A 1B (4 -> 5: relay 5); 2B 3B 4B 5B 6B
    // (5 -> 6: relay 6); 1A .. 6A (6A 5 -> 6: relay 6); 1B .. 6B, 6B was emptied: the end.
    let p = after(&start, "4B");
    assert_eq!(text(&p), "uugg 0,6,6,6,1,6/1,6,6,2,7,1 A opener=B");
    // 2A (1): 3A 6 -> 7, relay 7: 4A 5A 6A 1B 2B 3B 4B (2 -> 3: B's hole held 2, relay 3); 5B 6B
    // 1A (6 -> 7: relay 7); 2A .. 6A 1B 2B (7 -> 8: relay 8); 3B .. 6B 1A .. 4A (8 -> 9: relay
    // 9); 5A 6A 1B .. 6B 1A (1 -> 2: relay 2); 2A 3A (2 -> 3: relay 3); 4A 5A 6A (3 -> 4, A's own:
    // relay 4, U7); 1B 2B 3B 4B (2 -> 3: relay 3); 5B 6B 1A (emptied: the end).
    let p = after(&p, "2A");
    assert_eq!(text(&p), "uugg 0,10,1,0,3,1/5,2,10,0,11,5 B opener=B");
    // 1B (5): 2B .. 6B (5 -> 6: relay 6); 1A .. 6A (6A empty: the end).
    let p = after(&p, "1B");
    assert_eq!(text(&p), "uugg 1,11,2,1,4,2/0,3,11,1,12,0 A opener=B");
    // 6A (1): 1B, empty: the end.
    let p = after(&p, "6A");
    assert_eq!(text(&p), "uugg 0,11,2,1,4,2/1,3,11,1,12,0 B opener=B");
    // 2B (3): 3B 4B 5B (12 -> 13: relay 13); 6B 1A .. 6A 1B .. 6B (6B 1 -> 2: relay 2); 1A 2A
    // (5 -> 6: relay 6); 3A .. 6A 1B 2B (1 -> 2: relay 2); 3B 4B (3 -> 4, B's own: relay 4, U7);
    // 5B 6B 1A 2A (emptied: the end).
    let p = after(&p, "2B");
    assert_eq!(text(&p), "uugg 2,13,4,3,1,5/3,0,14,0,2,1 A opener=B");

    assert_eq!(refused(&p, "3A"), "U15: the sowing from 3A never ends");
    assert_eq!(moves(&p), ["1A", "2A", "4A", "5A", "6A"]);
    let s = p.to_setup();
    let i = p.geometry().index("3A".parse().unwrap()).unwrap();
    assert_eq!(reference::uugg::endless_period(&s, i), Some(159_748));
    assert!(!reference::children(&s).iter().any(|(m, _)| m == "3A"));
    // Traced, the refused start keeps its first laps and says the rest, with the period the
    // reference measures (spec/engine.md §4): the trace does not grow with the period.
    let e = p
        .play(&mv_in(&p, "3A"), PlayOptions::QUIET.traced())
        .unwrap_err();
    let t = e.trace.clone();
    assert_eq!(e.rule, Rule::U15);
    assert_eq!(t.laps().len(), rules_core::TRACED_LAPS as usize);
    // The first two laps by hand from the board above: 3 seeds from 3A into 4A (4 -> 5), 5A
    // (13 -> 14), 6A (2 -> 3: occupied, relay 3); 1B (3 -> 4), 2B (0 -> 1), 3B (14 -> 15, a hole
    // of B's that held 14, not 3: relay 15).
    assert_eq!(laps(&t)[..2], ["3A: 4A 5A 6A", "6A: 1B 2B 3B"]);
    assert!(matches!(
        t.events.last(),
        Some(Event::Note { rule: Rule::U15, note }) if note.to_string() == "the sowing never ends: after 159748 laps it is back where its first lap began, 3 seeds from 3A on the same board, and goes round again for ever (the first 16 laps are shown)"
    ));
}

/// U16, U18, U19 (two and two), U20, U23 in one round end. «el joc acaba…: quan no hi ha cap
/// llavor en els forats del tauler que no siguin «uugg».» Chosen: 2×5; B's last free seed is in
/// 5B, before his own uugg 1A; A has eaten 6 and made the uugg 2B (8 seeds), B has eaten 10 and
/// made 3A (9) and 1A (6).
#[test]
fn round_end_scoring_and_two_and_two() {
    let p = pos("uugg 0,0,9b,0,6b/0,8a,0,0,1 B store=6,10 opener=B", &[]);
    assert_eq!(moves(&p), ["5B"]);
    let end = after(&p, "5B");
    // 5B (1): 1A 6 -> 7, an uugg of B's own (not a balla, U13). No seed is left outside the uuggs.
    assert_eq!(
        text(&end),
        "uugg 0,0,9b,0,7b/0,8a,0,0,0 A store=6,10 opener=B"
    );
    assert!(end.legal_moves().is_empty());
    assert_eq!(
        refused(&end, "pass"),
        "U16: the round is over: no seed is left outside the uuggs"
    );
    // U18: «cada jugador compta les llavors «menjades» en la fila pròpia i les llavors acumulades
    // en els forats «uugg» creats en la fila de l’adversari»: A 6 + 8 = 14, B 10 + 9 + 7 = 26.
    let r = end.round_result().unwrap();
    assert_eq!(
        (r.totals, r.holdings, r.rule),
        ([14, 26], [14, 26], Rule::U18)
    );
    assert_eq!(r.winner, Some(Player::B));
    // U19: 14 = 3·4 + 2 and 26 = 6·4 + 2: «Si tan sols hi ha 2 llavors de més, aquestes no compten.
    // I cap jugador guanya ni perd cap forat.» B, the higher scorer, takes 5B 4B 3B 2B 1B 5A (U20);
    // the next hole in that order, 4A, gets 2 + 2 and keeps its owner of round 1, A. A owns 4A 3A
    // 2A 1A. B opened round 1, so A opens round 2 (U23).
    let AfterRound::Next(next) = end.after_round(&Decision::None).unwrap() else {
        panic!("the match goes on")
    };
    assert_eq!(
        text(&next),
        "uugg 4,4,4,4,4/4,4,4,4,4 A round=2 opener=A owners=BAAAA/BBBBB"
    );
    // U19: the scores decide the next round; no decision is made.
    let e = end.after_round(&Decision::Fill(vec![])).unwrap_err();
    assert_eq!(e.rule, Rule::U19);
    assert!(matches!(
        e.reason,
        RoundReason::Common(CommonRound::NoDecision { .. })
    ));
    // U16: the round is not over.
    let e = p.after_round(&Decision::None).unwrap_err();
    assert_eq!(e.rule, Rule::U16);
    assert!(matches!(
        e.reason,
        RoundReason::Common(CommonRound::NotOver { .. })
    ));
}

/// A round over on 2×6 by U16: A's uugg in 3B holds `ua`, B's in 3A holds `ub`; A has eaten
/// `ea`, B `eb`. Scores: A `ua + ea`, B `ub + eb`.
fn ended(ua: u32, ub: u32, ea: u32, eb: u32, tail: &str) -> Position {
    pos(
        &format!("uugg 0,0,0,{ub}b,0,0/0,0,{ua}a,0,0,0 A store={ea},{eb} {tail}"),
        &[],
    )
}

fn next_round(p: &Position) -> String {
    match p.after_round(&Decision::None).unwrap() {
        AfterRound::Next(q) => text(&q),
        AfterRound::MatchOver(m) => format!("over: {:?} {} {}", m.winner, m.rule, m.reason),
    }
}

/// U19, U20: «Es col·loquen 4 llavors per forat. Cal omplir cada forat completament abans
/// d’omplir el següent. Si algun jugador disposa de més llavors que a la ronda anterior, pot guanyar
/// un forat o més de la fila pròpia i/o de l’adversari. Cada quatre llavors, guanya un forat.»
#[test]
fn next_round_holes_by_fours_and_fill_order() {
    // A 20 + 8 = 28 = 7·4, B 12 + 8 = 20 = 5·4. A fills 6A 5A 4A 3A 2A 1A, then 6B; B 5B .. 1B.
    assert_eq!(
        next_round(&ended(20, 12, 8, 8, "opener=B")),
        "uugg 4,4,4,4,4,4/4,4,4,4,4,4 A round=2 opener=A owners=AAAAAA/BBBBBA"
    );
    // The fill order from the other side: B 28 + 8 = 36 = 9·4 takes 6B .. 1B, then 6A 5A 4A; A
    // (4 + 8 = 12) keeps 3A 2A 1A.
    assert_eq!(
        next_round(&ended(4, 28, 8, 8, "opener=B")),
        "uugg 4,4,4,4,4,4/4,4,4,4,4,4 A round=2 opener=A owners=BBBAAA/BBBBBB"
    );
    // Equal scores, 24 each (U20): each player owns his row again, whatever he owned before. Round
    // 2 was opened by A, so B opens round 3 (U23).
    assert_eq!(
        next_round(&ended(
            16,
            16,
            8,
            8,
            "round=2 opener=A owners=AAAAAA/BBBBAA"
        )),
        "uugg 4,4,4,4,4,4/4,4,4,4,4,4 B round=3 opener=B"
    );
}

/// U19: «Si un dels dos jugadors disposa de tres llavors de més enlloc de les quatre necessàries,
/// compta per quatre i guanya el forat, agafant la llavor que li falta de l’adversari.»
#[test]
fn three_counts_as_four() {
    // A 21 + 10 = 31 = 7·4 + 3: 8 holes, the eighth completed with a seed of B's; B 9 + 8 = 17 =
    // 4·4 + 1 gives that seed and fills 4 holes. A: 6A .. 1A, 6B, 5B; B: 1B .. 4B.
    assert_eq!(
        next_round(&ended(21, 9, 10, 8, "opener=B")),
        "uugg 4,4,4,4,4,4/4,4,4,4,4,4 A round=2 opener=A owners=AAAAAA/BBBBAA"
    );
    // The lower scorer has the 3: A 11 + 8 = 19 = 4·4 + 3 fills 5 holes; B 21 + 8 = 29 = 7·4 + 1
    // fills 7: 6B .. 1B, 6A. A keeps 5A .. 1A.
    assert_eq!(
        next_round(&ended(11, 21, 8, 8, "opener=B")),
        "uugg 4,4,4,4,4,4/4,4,4,4,4,4 A round=2 opener=A owners=BAAAAA/BBBBBB"
    );
}

/// U19: the two-and-two hole keeps the owner it had in the round just played. «Si tan sols hi ha
/// 2 llavors de més, aquestes no compten. I cap jugador guanya ni perd cap forat.»
#[test]
fn two_and_two_hole_keeps_its_owner() {
    // A 20 + 10 = 30 = 7·4 + 2, B 10 + 8 = 18 = 4·4 + 2. A fills 6A .. 1A, 6B (7 holes); the next
    // hole in A's order, 5B, gets 2 + 2. In round 1 it was B's: B owns 1B .. 5B.
    assert_eq!(
        next_round(&ended(20, 10, 10, 8, "opener=B")),
        "uugg 4,4,4,4,4,4/4,4,4,4,4,4 A round=2 opener=A owners=AAAAAA/BBBBBA"
    );
    // The same scores after a round 2 in which A owned 5B and 6B: 5B stays A's, so A owns 8 holes.
    // A opened round 2, B opens round 3.
    assert_eq!(
        next_round(&ended(
            20,
            10,
            10,
            8,
            "round=2 opener=A owners=AAAAAA/BBBBAA"
        )),
        "uugg 4,4,4,4,4,4/4,4,4,4,4,4 B round=3 opener=B owners=AAAAAA/BBBBAA"
    );
}

/// U22: «objectiu del joc: Aconseguir que al final d’una ronda l’adversari no pugui omplir cap
/// forat amb les llavors capturades.» A score of 2 or less loses; 3 still gains a hole (U19).
#[test]
fn match_end() {
    // A 0 + 2 = 2: he cannot fill a hole. (A's uugg 3B was emptied by B's ballas.)
    assert_eq!(
        next_round(&ended(0, 38, 2, 8, "opener=B")),
        "over: Some(B) U22 A scored 2 seeds, too few to fill a hole"
    );
    // A 1 + 2 = 3 counts as 4 (U19): A fills one hole, 1A, the last in B's order; B 37 + 8 = 45
    // = 11·4 + 1 fills 6B .. 1B, 6A .. 2A.
    assert_eq!(
        next_round(&ended(1, 37, 2, 8, "opener=B")),
        "uugg 4,4,4,4,4,4/4,4,4,4,4,4 A round=2 opener=A owners=BBBBBA/BBBBBB"
    );
}

/// U23: the players alternate as openers. «El joc es juga a diverses rondes.»
#[test]
fn openers_alternate() {
    // Round 1 opened by A: B opens round 2; round 2 opened by B: A opens round 3.
    let r2 = next_round(&ended(16, 16, 8, 8, "opener=A"));
    assert_eq!(r2, "uugg 4,4,4,4,4,4/4,4,4,4,4,4 B round=2 opener=B");
    let r3 = next_round(&ended(16, 16, 8, 8, "round=2 opener=B"));
    assert_eq!(r3, "uugg 4,4,4,4,4,4/4,4,4,4,4,4 A round=3 opener=A");
}

/// U21: in later rounds ownership is per hole: a player sows from every hole he owns, makes uuggs
/// in every hole of his opponent's, and eats by balla from a hole of his own, whichever row it is
/// in. «…pot guanyar un forat o més de la fila pròpia i/o de l’adversari.» Chosen: round 2 of
/// 2×6 after A scored 31 (`three_counts_as_four`): A owns his row, 6B and 5B.
#[test]
fn ownership_after_the_rows() {
    const OWNERS: &str = "round=2 opener=A owners=AAAAAA/BBBBAA";
    let p = pos(&format!("uugg 5,5,5,5,5,5/4,4,3,1,3,3 B {OWNERS}"), &[]);
    assert_eq!(refused(&p, "5B"), "U2: 5B is not one of B's holes");
    // 4B (1): 5B 3 -> 4: a hole of A's in B's row: uagga by B (U5.3).
    let played = p.play(&mv_in(&p, "4B"), PlayOptions::FULL).unwrap();
    assert_eq!(
        text(&played.position),
        format!("uugg 5,5,5,5,5,5/4,4,3,0,4b,3 A {OWNERS}")
    );
    assert_eq!(
        marks(&played.trace),
        [("5B".to_owned(), UUGG_OF_B, Rule::U5)]
    );
    // A sows from 6B (3): 1A 5 -> 6, 2A 5 -> 6, 3A 5 -> 6, his own: relay 6: 4A 5A 6A 1B 2B 3B,
    // 3B 3 -> 4: B's hole: uagga by A.
    let q = after(&played.position, "6B");
    assert_eq!(
        text(&q),
        format!("uugg 6,6,6,0,6,6/5,5,4a,0,4b,0 B {OWNERS}")
    );

    // B's uugg in 1A, preceded by 6B, which A owns now: A's lone seed in 6B eats from it. In round
    // 1 this uugg could not be eaten (U13).
    let p = pos(&format!("uugg 5,5,5,5,6,5b/4,4,4,3,1,1 A {OWNERS}"), &[]);
    assert_eq!(moves(&p), ["6B"]);
    let played = p.play(&mv_in(&p, "6B"), PlayOptions::FULL).unwrap();
    assert_eq!(
        text(&played.position),
        format!("uugg 5,5,5,5,6,4b/4,4,4,3,1,0 B store=2,0 {OWNERS}")
    );
    assert_eq!(captures(&played.trace), [("1A".to_owned(), 2, Rule::U9)]);
}

/// Every rule that can forbid a move names itself.
#[test]
fn illegal_moves_name_their_rule() {
    let p = pos("uugg 6,6,5,5,5/4,3,4a,2,0 B opener=B", &[]);
    assert_eq!(refused(&p, "6B"), "U1: there is no hole 6B on a 2×5 board");
    assert_eq!(refused(&p, "2A"), "U2: 2A is not one of B's holes");
    assert_eq!(refused(&p, "5B"), "U2: 5B is empty");
    assert_eq!(
        refused(&p, "3B"),
        "U3: 3B is an uugg, which is never a start hole"
    );
    assert_eq!(
        refused(&p, "pass"),
        "U14: B has a legal move, and a player passes only when he has none"
    );
    let e = p
        .play(
            &Move::sow_dir("2B".parse().unwrap(), rules_core::Dir::Cw),
            PlayOptions::FULL,
        )
        .unwrap_err();
    assert_eq!(e.rule, Rule::U2);
    assert_eq!(
        p.play(&Move::Open, PlayOptions::FULL).unwrap_err().rule,
        Rule::U2
    );
    // A forced direction may be written out: 2B+ is 2B.
    let plus = p
        .play(
            &Move::sow_dir("2B".parse().unwrap(), rules_core::Dir::Ccw),
            PlayOptions::FULL,
        )
        .unwrap();
    assert_eq!(plus.canonical, mv_in(&p, "2B"));
}

/// Position strings with uuggs and ownership survive the round trip, and `from_setup` names every
/// reason a setup cannot be a Uugg position.
#[test]
fn position_strings_and_setup_checks() {
    for s in [
        "uugg 4,4,4,4,4,4/4,4,4,4,4,4 B opener=B",
        "uugg 4,4,4,4,4/4,4,4,4,4 A opener=B",
        "uugg 4,4,4,4,4,4,4/4,4,4,4,4,4,4 B opener=A",
        "uugg 6,6,5,6b,3/2,2,5a,3,2 B opener=B",
        "uugg 5,5,5,5,6,4b/4,4,4,3,1,0 B store=2,0 round=2 opener=A owners=AAAAAA/BBBBAA",
        "uugg 0,0,10b,0,0/2,0,16a,0,2 A store=6,4 opener=B",
    ] {
        let p = pos(s, &[]);
        assert_eq!(text(&p), s);
        assert_eq!(Position::from_setup(&p.to_setup()).unwrap(), p);
    }
    // Ownership by rows written out is read, and written back as the default.
    assert_eq!(
        text(&pos(
            "uugg 4,4,4,4,4/4,4,4,4,4 B round=2 opener=A owners=AAAAA/BBBBB",
            &[]
        )),
        "uugg 4,4,4,4,4/4,4,4,4,4 B round=2 opener=A"
    );
    let problems = |s: &str| -> Vec<String> {
        let setup = notation::parse_position(s, None).unwrap();
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
    };
    assert_eq!(
        problems("uugg 4,4,4,4,4/4,4,4b,4,4 B store=0,1 reserve=0,1"),
        [
            "seed total is 42 (board 40, stores 0 and 1, reserves 0 and 1), uugg holes=5 has 40 [-]",
            "3B is an uugg of B, who owns the hole; an uugg is made in a hole of the opponent [U5]",
            "B has eaten 1, but A has no uugg to eat from [U9]",
            "Uugg keeps no seeds off the board: every hole of a set-up holds 4 [U19]",
            "the opener of the round is required: the next round's opener alternates [U23]",
        ]
    );
    assert_eq!(
        problems("uugg 4,4,4,4,4/4,4,4,4,4 B opener=B owners=AAAAA/BBBBA"),
        ["in round 1 each player owns his own row [U1]"]
    );
    assert_eq!(
        problems("uugg 4,4,4,4,4/4,4,4,4,4 B round=2 opener=B owners=AAAAA/BABBB"),
        [
            "this ownership cannot come from the fill order: one player owns his whole row and the other his holes 1 to m (m at least 1), the rest of his row going to the first [U20]"
        ]
    );
    assert_eq!(
        problems("uugg 4,4,4,4,4/4,4,4,4,4 B round=2 opener=B owners=AAAAA/AAAAA"),
        [
            "this ownership cannot come from the fill order: one player owns his whole row and the other his holes 1 to m (m at least 1), the rest of his row going to the first [U20]"
        ]
    );
}

/// What `mancala replay` says of a round end: the ply that ends the round says why (U16), and the
/// set-up is explained rule by rule (U19, U20, U23). The 2×5 position of
/// `round_end_scoring_and_two_and_two`: A 14 = 3·4 + 2, B 26 = 6·4 + 2.
#[test]
fn round_end_and_set_up_explained() {
    let p = pos("uugg 0,0,9b,0,6b/0,8a,0,0,1 B store=6,10 opener=B", &[]);
    let played = p.play(&mv_in(&p, "5B"), PlayOptions::FULL).unwrap();
    let Some(Event::Note { rule, note }) = played.trace.events.last() else {
        panic!("the trace ends with a note")
    };
    assert_eq!(
        (*rule, note.to_string()),
        (
            Rule::U16,
            "no seed is left outside the uuggs: the round is over".to_owned()
        )
    );
    let Position::Uugg(end) = played.position else {
        panic!("a Uugg position")
    };
    let Position::Uugg(before) = p else {
        panic!("a Uugg position")
    };
    assert!(
        before.next_round_notes().is_empty(),
        "the round is not over"
    );
    let notes: Vec<String> = end
        .next_round_notes()
        .into_iter()
        .map(|(r, t)| format!("{r}: {t}"))
        .collect();
    assert_eq!(
        notes,
        [
            "U19: A scored 14 = 3×4 + 2: 3 holes; his 2 seeds over do not count; B scored 26 = 6×4 + 2: 6 holes; his 2 seeds over do not count",
            "U20: B, the higher scorer, fills 5B 4B 3B 2B 1B 5A; the next hole, 4A, takes the 2 + 2 seeds over and keeps its owner, A; A gets the rest: 3A 2A 1A",
            "U23: B opened round 1, so A opens round 2",
        ]
    );
    // The match ends (U22): nothing to set up.
    let over = pos("uugg 0,0,0,38b,0,0/0,0,0a,0,0,0 A store=2,8 opener=B", &[]);
    let Position::Uugg(over) = over else {
        panic!("a Uugg position")
    };
    assert!(over.next_round_notes().is_empty());
}
