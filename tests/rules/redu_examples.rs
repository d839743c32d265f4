//! The worked examples of the Redu text (`seeds/redu.ca.txt`), reproduced, and every rule that can
//! forbid a move. Positions after are worked out by hand from redu.md; the diagrams are lost, so
//! each test says which counts the text fixes and which were chosen.
//!
//! Board strings read as the diagrams of the 2×6 board: top row 6A 5A 4A 3A 2A 1A, bottom row
//! 1B 2B 3B 4B 5B 6B. kB faces (7−k)A: 1B–6A, 2B–5A, 3B–4A, 4B–3A, 5B–2A, 6B–1A.
//! Redu tokens (spec/notation.md §5): `4B` a lone seed, `4B+` two seeds or a zigzag, `o` the
//! start opposite the start hole, `d`/`h` the entry row (other row than the previous seed / same
//! row; omitted entries are `d`), `w`/`b` wrap or bounce, `/` the long form listing the sown holes,
//! `x3B` a capture, `x3B:` an O1 capture before a sowing, `~` a forgotten capture, `p4B` a penalty.

use crate::support::{mv_in, pos, text};
use rules_core::Rule;
use rules_core::{Move, PlayOptions, Player, Position};

/// Plays `token` in `p` and returns the position string after it.
fn after(p: &Position, token: &str) -> String {
    let played = p
        .play(&mv_in(p, token), PlayOptions::FULL)
        .unwrap_or_else(|e| panic!("{token}: {e}"));
    text(&played.position)
}

/// The holes sown by `token`, in order.
fn sown(p: &Position, token: &str) -> Vec<String> {
    let played = p.play(&mv_in(p, token), PlayOptions::FULL).unwrap();
    played.trace.sown().map(|h| h.to_string()).collect()
}

/// The rule that forbids `token` in `p`, with the message.
fn refused(p: &Position, token: &str) -> (Rule, String) {
    let e = p.play(&mv_in(p, token), PlayOptions::FULL).unwrap_err();
    (e.rule, e.reason.to_string())
}

/// jugB002, fig001 / fig002. Fixed by the text: B moves from 4B, which holds 2 («Decideix moure
/// des del forat 4B que conté dues llavors»); counterclockwise the first seed falls in 2A, which
/// then holds 3 («En passar pel forat de l'adversari (2A), torna ha tenir 3 llavors…»), so 2A
/// held 2. Chosen: every other count (4A holds 4, so the clockwise form captures nothing) and the
/// stores (48 seeds in all, R1).
const JUG_B002: &str = "redu 4,4,4,4,2,4/4,4,4,2,4,4 B store=2,2";

#[test]
fn jug_b002_two_seeds_capture_three_and_the_clockwise_form() {
    let p = pos(JUG_B002, &[]);
    // R6: «cal sembrar primer al forat oposat a l'adjacent i després al forat adjacent». 4B+ : the
    // adjacent hole is 5B, the opposite of it 2A. 2A held 2: M2 captures its 3 (R8), «Així doncs,
    // el jugador que està sembrant (jugador B), captura aquestes 3 llavors del forat 2A».
    assert_eq!(sown(&p, "4B+"), ["2A", "5B"]);
    assert_eq!(after(&p, "4B+"), "redu 4,4,4,4,0,4/4,4,4,0,5,4 A store=2,5");
    let played = p.play(&mv_in(&p, "4B+"), PlayOptions::FULL).unwrap();
    assert_eq!(played.trace.captured(), [0, 3]);
    // fig002, «O bé, en sentit horari…»: 4B- sows 4A (opposite 3B) then 3B; 4A held 4: nothing
    // happens (R8).
    assert_eq!(sown(&p, "4B-"), ["4A", "3B"]);
    assert_eq!(after(&p, "4B-"), "redu 4,4,5,4,2,4/4,4,5,0,4,4 A store=2,2");
    // The long form names the same moves.
    assert_eq!(after(&p, "4B/2A/5B"), after(&p, "4B+"));
    assert_eq!(
        p.play(&mv_in(&p, "4B/4A/3B"), PlayOptions::FULL)
            .unwrap()
            .canonical
            .to_string(),
        "4B-"
    );
}

/// fig010–fig012. Fixed by the text: B to move; 2B and 3B hold one seed each («decideix moure
/// des del forat 2B que conté una llavor. Com que el forat del costat (3B) també conté una sola
/// llavor…»); afterwards A may capture the lone seed in 3A («el jugador A pot capturar la llavor
/// solitària del forat 3A»), so 3A was empty. Chosen: every other count and the stores.
const FIG_010: &str = "redu 4,4,4,0,4,4/4,1,1,4,4,4 B store=5,5";

#[test]
fn fig_010_two_singletons_then_a_captures_3a() {
    let p = pos(FIG_010, &[]);
    // R9: both seeds are sown as a two-seed move from 3B, counterclockwise: 3A (opposite 4B), then
    // 4B. 3A was empty: A receives O2 (R8).
    assert_eq!(sown(&p, "2B3B+"), ["3A", "4B"]);
    let p1 = pos(&after(&p, "2B3B+"), &[]);
    assert_eq!(
        text(&p1),
        "redu 4,4,4,1,4,4/4,0,0,5,4,4 A store=5,5 right=O2:3A"
    );
    // Either order of the two holes is read; the canonical spelling is lower hole first.
    assert_eq!(
        p.play(&mv_in(&p, "3B2B+"), PlayOptions::FULL)
            .unwrap()
            .canonical
            .to_string(),
        "2B3B+"
    );
    // The other direction sows from 2B: 6A (opposite 1B, 4 seeds: nothing), 1B.
    assert_eq!(
        after(&p, "2B3B-"),
        "redu 5,4,4,0,4,4/5,0,0,4,4,4 A store=5,5"
    );
    // Either singleton alone stays legal (R9): 2B into 5A (4 seeds: nothing, R5).
    assert_eq!(after(&p, "2B"), "redu 4,5,4,0,4,4/4,0,1,4,4,4 A store=5,5");
    // A captures the seed in 3A: his whole turn (R23), and B moves again.
    assert_eq!(
        after(&p1, "x3A"),
        "redu 4,4,4,0,4,4/4,0,0,5,4,4 B store=6,5"
    );
    let moves: Vec<String> = p1.legal_moves().iter().map(ToString::to_string).collect();
    assert!(moves.contains(&"x3A".to_owned()));
}

/// fig013. Fixed by the text: A moves from 3A, which holds 6; the adjacent hole and the hole
/// opposite it are empty («si el forat adjacent i el forat oposat a l'adjacent estan buits, es pot
/// començar a sembrar les llavors en el forat oposat al inicial»): counterclockwise for A these
/// are 4A and 3B; the last seed falls in 6A («Arriba al forat 6A amb la seqüència següent i acaba
/// el torn»). Chosen: every other count (2B holds 3, so the antepenultimate seed in 5A gives no
/// right either way), the entries (all `d`), and the stores.
const FIG_013: &str = "redu 2,3,0,6,4,4/4,3,0,2,4,4 A store=6,6";

#[test]
fn fig_013_start_opposite_the_initial_hole() {
    let p = pos(FIG_013, &[]);
    // R12: seed #1 into 4B (opposite 3A); then columns 4 (4A, 3B) and 5 (5A, 2B); column 6 is a
    // far end and receives the last seed, in 6A.
    assert_eq!(sown(&p, "3A+o"), ["4B", "4A", "3B", "5A", "2B", "6A"]);
    assert_eq!(
        after(&p, "3A+o"),
        "redu 3,4,1,0,4,4/4,4,1,3,4,4 B store=6,6"
    );
    assert_eq!(after(&p, "3A/4B/4A/3B/5A/2B/6A"), after(&p, "3A+o"));
    // Without the special start the same direction ends elsewhere: a different move.
    assert_ne!(after(&p, "3A+w"), after(&p, "3A+o"));
    // R12 needs both holes of the first column empty: clockwise, column 2 (2A, 5B) is not.
    let (rule, reason) = refused(&p, "3A-o");
    assert_eq!(rule, Rule::R12);
    assert_eq!(
        reason,
        "the start opposite 3A needs both holes of the first column, 2A and 5B, empty"
    );
}

/// jugB001. Fixed by the text: B moves from 4B, which holds one seed, into 3A («L'ha de moure al
/// forat oposat (3A)»), which then holds 3 («Com que el forat oposat conté 3 llavors, comptant la
/// llavor que s'acaba de dipositar»), so 3A held 2. Chosen: every other count and the stores.
const JUG_B001: &str = "redu 4,4,4,2,4,4/4,4,4,1,4,4 B store=2,3";

#[test]
fn jug_b001_lone_seed_captures_three() {
    let p = pos(JUG_B001, &[]);
    // R5: «el jugador B les captura i les retira del tauler. Acaba el torn.»
    assert_eq!(sown(&p, "4B"), ["3A"]);
    assert_eq!(after(&p, "4B"), "redu 4,4,4,0,4,4/4,4,4,0,4,4 A store=2,6");
    // The long form of a lone seed; a lone seed has no direction (R4).
    assert_eq!(after(&p, "4B/3A"), after(&p, "4B"));
    assert_eq!(refused(&p, "4B+").0, Rule::R4);
}

#[test]
fn jug_b001_penalty_and_forgotten_capture_are_lenient_only() {
    let before = pos(JUG_B001, &[]);
    // «Si el jugador que pot fer aquesta captura, no se n'adona, l'adversari pot (si vol)
    // obligar-lo a fer el moviment i com a penalització captura les llavors que havia de
    // capturar l'altre jugador i és el torn de joc del jugador que ha penalitzat a l'altre.»
    // B overlooks 4B and plays 1B+ (chosen); A claims the penalty on 4B (R26): B's move is
    // cancelled, 4B is played from the position before it, and its 3 seeds go to A, who moves.
    let x_move = mv_in(&before, "1B+");
    let after_x = before.play(&x_move, PlayOptions::FULL).unwrap().position;
    let claim = mv_in(&after_x, "p4B");
    let (rule, reason) = refused(&after_x, "p4B");
    assert_eq!(rule, Rule::R26);
    assert_eq!(
        reason,
        "a penalty claim is accepted only in lenient validation"
    );
    assert!(!after_x.legal_moves().contains(&claim));
    let penalised = after_x
        .play(&claim, PlayOptions::FULL.lenient(Some((&before, &x_move))))
        .unwrap();
    assert_eq!(
        text(&penalised.position),
        "redu 4,4,4,0,4,4/4,4,4,0,4,4 A store=5,3"
    );
    assert_eq!(penalised.position.to_move(), Player::A);
    assert_eq!(penalised.trace.captured(), [3, 0]);
    // Without the previous ply there is nothing to cancel.
    assert_eq!(
        after_x
            .play(&claim, PlayOptions::FULL.lenient(None))
            .unwrap_err()
            .rule,
        Rule::R26
    );
    // Only a singleton that would capture can be named: 1B held 4.
    let bad = mv_in(&after_x, "p1B");
    assert_eq!(
        after_x
            .play(&bad, PlayOptions::FULL.lenient(Some((&before, &x_move))))
            .unwrap_err()
            .rule,
        Rule::R26
    );
    // «Si el jugador fa el moviment però es descuida de capturar les llavors del forat oposat,
    // aquestes resten al tauler…» (R25): 4B~ leaves the 3 seeds in 3A, A moves, and there is no
    // penalty for it.
    let forgot = mv_in(&before, "4B~");
    assert_eq!(refused(&before, "4B~").0, Rule::R25);
    let kept = before
        .play(&forgot, PlayOptions::FULL.lenient(None))
        .unwrap();
    assert_eq!(
        text(&kept.position),
        "redu 4,4,4,3,4,4/4,4,4,0,4,4 A store=2,3"
    );
    assert_eq!(
        kept.position
            .play(&claim, PlayOptions::FULL.lenient(Some((&before, &forgot))))
            .unwrap_err()
            .rule,
        Rule::R26
    );
    // Only an M1 capture can be forgotten: 1B holds 4.
    let e = before
        .play(&mv_in(&before, "1B+~"), PlayOptions::FULL.lenient(None))
        .unwrap_err();
    assert_eq!(
        (e.rule, e.reason.to_string().as_str()),
        (
            Rule::R25,
            "only an M1 capture (a singleton) can be forgotten"
        )
    );
}

/// jugA001. Fixed by the text: A moves from 4A, which holds one seed, into 3B, which was empty
/// («Com que el forat 3B estava buit abans de sembrar, podeu capturar aquesta llavor»). Chosen:
/// every other count (5B holds 2 for B's sowing) and the stores.
const JUG_A001: &str = "redu 4,4,1,4,4,4/4,4,0,4,2,4 A store=4,5";

#[test]
fn jug_a001_free_o1_capture() {
    let p = pos(JUG_A001, &[]);
    // R5: B receives O1 on the seed in 3B.
    let p1 = pos(&after(&p, "4A"), &[]);
    assert_eq!(
        text(&p1),
        "redu 4,4,0,4,4,4/4,4,1,4,2,4 B store=4,5 right=O1:3B"
    );
    // R22: «Tan si la llavor és capturada com no, és ara el torn del jugador B.» B takes the seed
    // and sows in the same ply: 5B+ sows 1A (opposite 6B; 4 seeds: nothing) and 6B.
    assert_eq!(
        after(&p1, "x3B:5B+"),
        "redu 4,4,0,4,4,5/4,4,0,4,0,5 A store=4,6"
    );
    // Declining needs no ply (R21): the right lapses.
    assert_eq!(
        after(&p1, "5B+"),
        "redu 4,4,0,4,4,5/4,4,1,4,0,5 A store=4,5"
    );
    // The capture alone is not a ply under the default (R22).
    assert_eq!(refused(&p1, "x3B").0, Rule::R22);
    // Under o1-costs-turn=yes it is, and A moves next; a prefix is refused.
    let q = pos(&text(&p1), &["o1-costs-turn=yes"]);
    let q1 = q
        .play(&mv_in(&q, "x3B"), PlayOptions::FULL)
        .unwrap()
        .position;
    assert_eq!(text(&q1), "redu 4,4,0,4,4,4/4,4,0,4,2,4 A store=4,6");
    assert_eq!(refused(&q, "x3B:5B+").0, Rule::R22);
}

/// jugA002. Fixed by the text: A moves from 4A, which holds 2, first into 4B and ends in 3A
/// («primer al forat 4B, i acaba en el forat 3A»), so clockwise for A; 4B was empty (B «pot
/// capturar la llavor solitària del forat 4B»). Chosen: every other count and the stores.
const JUG_A002: &str = "redu 4,4,2,4,4,4/4,4,4,0,4,4 A store=3,3";

#[test]
fn jug_a002_o2_capture_ends_the_capturers_turn() {
    let p = pos(JUG_A002, &[]);
    assert_eq!(sown(&p, "4A-"), ["4B", "3A"]);
    let p1 = pos(&after(&p, "4A-"), &[]);
    assert_eq!(
        text(&p1),
        "redu 4,4,0,5,4,4/4,4,4,1,4,4 B store=3,3 right=O2:4B"
    );
    // «Si decideixes capturar-la, la retires del tauler i amb aquesta acció s'acaba el teu torn»
    // (R23): A moves again.
    assert_eq!(
        after(&p1, "x4B"),
        "redu 4,4,0,5,4,4/4,4,4,0,4,4 A store=3,4"
    );
    // An O2 capture cannot precede a sowing (R23).
    assert_eq!(refused(&p1, "x4B:1B+").0, Rule::R23);
    // The right is usable only at once (R20): after B's sowing it is gone.
    let p2 = p1
        .play(&mv_in(&p1, "1B+"), PlayOptions::FULL)
        .unwrap()
        .position;
    assert_eq!(p2.view().right(), None);
}

/// fig008 / fig009 / jugB003b. Fixed by the text: B moves from 4B, which holds 8, ends in 5A,
/// the antepenultimate seed falls in 4A, which was empty, and 4B and 3A receive nothing («Decidiu
/// moure des del forat 4B que conté 8 llavors. Després de sembrar totes les llavors de la mà,
/// arribeu al forat 5A. Com que l'antepenúltima llavor sembrada ha caigut en un forat buit (4A)
/// del jugador A…»; «no es diposita cap llavor en aquests (forats 4B i 3A en l'exemple)»). By
/// R13–R15 only one route does this: counterclockwise, columns 5 and 6, a bounce at the far end
/// 6, column 5 again, the start column 4 skipped, column 3 entered in 4A, and 5A last. Chosen:
/// the entry at the far end (1A; `4B+dhb` would choose 6B), every other count and the stores.
const JUG_B003: &str = "redu 3,2,0,3,1,2/2,3,1,8,2,1 B store=10,10";

#[test]
fn jug_b003_eight_seeds_bounce_skip_and_o3() {
    let p = pos(JUG_B003, &[]);
    assert_eq!(
        sown(&p, "4B+bdh"),
        ["2A", "5B", "1A", "5B", "2A", "4A", "3B", "5A"]
    );
    let p1 = pos(&after(&p, "4B+bdh"), &[]);
    assert_eq!(
        text(&p1),
        "redu 3,3,1,3,3,3/2,3,2,0,4,1 A store=10,10 right=O3:4A"
    );
    // The long form names the same move, and its canonical spelling is 4B+bdh.
    let long = p
        .play(&mv_in(&p, "4B/2A/5B/1A/5B/2A/4A/3B/5A"), PlayOptions::FULL)
        .unwrap();
    assert_eq!(long.position, p1);
    assert_eq!(long.canonical.to_string(), "4B+bdh");
    // Every entry written out is the same move.
    assert_eq!(after(&p, "4B+ddbdhd"), text(&p1));
    // The far-end entry in 6B instead: another move.
    assert_eq!(
        after(&p, "4B+dhb"),
        "redu 3,3,1,3,3,2/2,3,2,0,4,2 A store=10,10 right=O3:4A"
    );
    // A takes the seed: his whole turn (R23), B sows again.
    assert_eq!(
        after(&p1, "x4A"),
        "redu 3,3,0,3,3,3/2,3,2,0,4,1 B store=11,10"
    );
}

#[test]
fn every_rule_that_forbids_a_move_names_itself() {
    let p = pos(JUG_B003, &[]);
    for (token, rule) in [
        ("7B", Rule::R1),        // no such hole
        ("4A+", Rule::R3),       // not the mover's hole
        ("4B+", Rule::R13),      // far end reached with seeds in hand: w or b needed
        ("4B+bdhdd", Rule::R15), // a decision left over
        ("4B", Rule::R15),       // no direction
        ("4B+o", Rule::R12),     // first column (5B, 2A) not empty
        ("2B", Rule::R6),        // 2B holds 3: fine; see below for R6
        ("x4A", Rule::R20),      // no right
        ("1B2B+", Rule::R9),     // 1B holds 2
        ("4B~", Rule::R25),      // strict validation
        ("p3B", Rule::R26),      // strict validation
    ] {
        if token == "2B" {
            continue;
        }
        let (r, reason) = refused(&p, token);
        assert_eq!(r, rule, "{token}: {reason}");
    }
    // R30: no passes (`pass` is not even a Redu token).
    assert!(Move::parse(rules_core::GameKind::Redu, "pass").is_err());
    assert_eq!(
        p.play(&Move::Pass, PlayOptions::FULL).unwrap_err().rule,
        Rule::R30
    );
    assert_eq!(
        refused(&p, "4B+").1,
        "with 5 seeds in hand the path reaches the far end at column 6 (6B and 1A): write w (wrap) or b (bounce) there"
    );
    assert_eq!(
        refused(&p, "4B~").1,
        "a forgotten capture (~) is accepted only in lenient validation"
    );
    // R6: two seeds need a direction; R4: a lone seed has none; R9: not consecutive.
    let q = pos("redu 4,4,4,4,4,4/2,1,4,1,1,4 B store=5,6", &[]);
    assert_eq!(refused(&q, "1B").0, Rule::R6);
    assert_eq!(refused(&q, "2B+").0, Rule::R4);
    assert_eq!(refused(&q, "2B4B+").0, Rule::R9);
    assert_eq!(refused(&q, "4B5B").0, Rule::R9);
    assert_eq!(refused(&q, "1B+d").0, Rule::R6);
    // R3: an empty hole; the long form must sow every seed.
    let e = pos("redu 4,4,4,4,4,4/0,4,4,4,0,12 B", &[]);
    assert_eq!(refused(&e, "1B/6A").0, Rule::R3);
    assert_eq!(
        refused(&e, "2B/4A/3B/4B"),
        (
            Rule::R3.to_owned(),
            "the move sows 3 seeds, but 2B holds 4: all its seeds are sown".to_owned()
        )
    );
    // R14: from 6B, 11 or more seeds skip the start column and leave the board.
    assert_eq!(refused(&e, "6B+").0, Rule::R14);
    assert!(
        e.play(&mv_in(&e, "6B+w"), PlayOptions::FULL).is_ok()
            && e.play(&mv_in(&e, "6B+b"), PlayOptions::FULL).is_ok()
    );
    // R11: under entry=alternate only the first entry is chosen.
    let a = pos(JUG_B003, &["entry=alternate"]);
    assert_eq!(refused(&a, "4B+dhb").0, Rule::R11);
    assert!(a.play(&mv_in(&a, "4B+hb"), PlayOptions::FULL).is_ok());
    // R19: the right is on another hole; R24: a capture that empties the row is a ply alone.
    let r = pos("redu 0,0,0,0,0,1/4,4,4,4,4,27 A store=0,0 right=O1:1A", &[]);
    assert_eq!(refused(&r, "x2A").0, Rule::R19);
    let (rule, _) = refused(&r, "x1A:1A");
    assert_eq!(rule, Rule::R24);
    let ended = r
        .play(&mv_in(&r, "x1A"), PlayOptions::FULL)
        .unwrap()
        .position;
    assert_eq!(text(&ended), "redu 0,0,0,0,0,0/4,4,4,4,4,27 A store=1,0");
    // R27: the game is over: A must sow and has nothing; B takes the rest and wins (R28).
    assert!(ended.legal_moves().is_empty());
    assert_eq!(refused(&ended, "1A").0, Rule::R27);
    let result = ended.round_result().unwrap();
    assert_eq!(result.totals, [1, 47]);
    assert_eq!(result.winner, Some(Player::B));
    // A Redu token in another game is refused there.
    let g = pos("giuthi 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 B", &[]);
    assert!(
        g.play(
            &Move::ReduCapture {
                hole: "1B".parse().unwrap()
            },
            PlayOptions::FULL
        )
        .is_err()
    );
}

#[test]
fn a_drawn_game_is_a_draw() {
    // R29: 24–24. A to move has no seed: the game is over; B adds his 4 to his 20.
    let p = pos("redu 0,0,0,0,0,0/1,1,1,1,0,0 A store=24,20", &[]);
    let r = p.round_result().unwrap();
    assert_eq!(r.totals, [24, 24]);
    assert_eq!(r.winner, None);
    match p.after_round(&rules_core::Decision::None).unwrap() {
        rules_core::AfterRound::MatchOver(m) => {
            assert_eq!((m.winner, m.rule), (None, Rule::R29));
        }
        rules_core::AfterRound::Next(_) => panic!("one round"),
    }
}

#[test]
fn setup_checks_name_every_problem() {
    let problems = |t: &str| -> Vec<String> {
        let setup = notation::parse_position(t, None).unwrap();
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
        problems("redu 4,4,4,4,4,4/4,4,4,4,4,4 B right=O1:3A round=2 opener=B"),
        [
            "a Redu game is a single round (mancala rules redu, §4) [-]",
            "a Redu position names no opener: the game is a single round [-]",
            "the right's hole 3A must be in the row of its holder, B, the player to move, the only one who may use it [R19]",
            "an O1 right concerns the one seed that fell into the empty hole 3A, which holds 4 [R5]",
        ]
    );
    assert_eq!(
        problems("redu 4,4,4,4,4,4/4,4,0,4,4,4 B store=2,2 right=O3:3B"),
        ["the O3 right's hole 3B holds no seed [R19a]"]
    );
    // An O3 hole may hold more than its seed (R19a).
    let p = pos("redu 4,4,4,4,4,4/4,4,3,4,4,1 B store=2,2 right=O3:3B", &[]);
    assert_eq!(
        text(
            &p.play(&mv_in(&p, "x3B"), PlayOptions::FULL)
                .unwrap()
                .position
        ),
        "redu 4,4,4,4,4,4/4,4,2,4,4,1 A store=2,3"
    );
}
