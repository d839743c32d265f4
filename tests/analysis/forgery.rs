//! Forged proofs (issue 34): the checker (`proof-check`) accepts a proof only when every claim in
//! it is true. The forgeries of the issue, which a checker turning claims round in `i32` took for
//! proofs of any value in every game; claims that no end of the round can make true; a round end
//! against its margin; the one spelling of every number and line; and a property test that
//! forges real proofs of small positions of every game at random and compares every claim of
//! what the checker accepts with the exact solver (`testkit::exact`).

use analysis::Outcome;
use analysis::proof::prove;
use proof_check::{CheckError, Margins, Report, check};
use proptest::prelude::*;
use rules_core::{GameKind, Player, Position, Variant};
use std::sync::LazyLock;
use testkit::forge::{
    Case, Draft, Edit, ISSUE_34, POSITIONS, false_claims, issue_34_in_range, position, resealed,
};

fn checked(text: &str) -> Result<Report, CheckError> {
    check(&mut text.as_bytes())
}

fn refused(text: &str) -> CheckError {
    checked(text).expect_err("a forged proof is refused")
}

/// The proof file of `text`'s exact value (from the search).
fn proof_of(game: &str, text: &str) -> (String, i32, Position) {
    let root = position(game, text);
    let a = crate::support::analysis(&root, 20_000_000, 1);
    let (true, Outcome::Seeds(v)) = (a.exact, a.value) else {
        panic!("{text}: no exact value");
    };
    let mut file = Vec::new();
    prove(&root, v).unwrap().write(&mut file).unwrap();
    (String::from_utf8(file).unwrap(), v, root)
}

#[test]
fn the_issue_forgery_is_refused_at_its_value() {
    let e = refused(ISSUE_34);
    assert_eq!((e.line, e.node), (4, None), "{e}");
    assert_eq!(
        e.message,
        "value 99: no end of the round from the root gives it: B's store 10, A's 20, 6 seeds on \
         the board, so B's final margin is between -16 and -4"
    );
    // The same claims under a value the root can have: the grandchildren are refused, their bound
    // beyond any margin of the round (36 seeds: 30 in the stores, 6 on the board).
    let forged = issue_34_in_range();
    let e = refused(&forged);
    assert_eq!((e.line, e.node), (12, Some(2)), "{e}");
    assert!(
        e.message.starts_with(
            "claims at least -2147483648 for B, beyond every margin of the round: its 36 seeds"
        ),
        "{e}"
    );
    // And at the lowest bound of the round instead of `i32::MIN`: `>=-36` for B is `<=36` for A,
    // which does not give A's claim of at most 4.
    let mut draft = Draft::read(&forged.replace(">=-2147483648 ", ">=-36 "));
    draft.checksum = None;
    let e = refused(&draft.text());
    assert_eq!(e.node, Some(1), "{e}");
    assert_eq!(
        e.message,
        "claims at most 4 for A, but 2A+ leads to node 3, which gives at most 36"
    );
}

/// The forgery of the issue in every game (Bechi 2×3 from its start, −6, forged to +36, as the
/// issue did, and the endings of `testkit::forge::POSITIONS`), of a value the root can have but
/// does not (the highest margin its position leaves, or the lowest where that is the value):
/// each node claims
/// what its parent needs, down to `>=-2147483648` where the turn passes under an "at most"
/// (`Draft::forge_overflow`). Each was accepted before ("valid ... exact", exit 0); each is
/// refused now at the first node claiming `i32::MIN`.
#[test]
fn forgeries_of_any_value_are_refused_in_every_game() {
    let mut cases: Vec<(&str, &str)> = vec![("bechi holes=3", "bechi 6,6,6/6,6,6 B opener=B")];
    cases.extend(POSITIONS);
    for (game, text) in cases {
        let (file, value, root) = proof_of(game, text);
        let margins = Margins::of(&root.to_setup());
        let forged_value = if i64::from(value) < margins.highest() {
            margins.highest()
        } else {
            margins.lowest()
        };
        let mut draft = Draft::read(&file);
        draft.forge_overflow(forged_value);
        let forged = draft.text();
        assert!(forged.contains(">=-2147483648 "), "{text}");
        let e = refused(&forged);
        let node = e.node.expect("a node");
        assert!(
            forged.contains(&format!("\n{node} >=-2147483648 ")),
            "{text}: {e}"
        );
        assert!(
            e.message.contains(&format!(
                "beyond every margin of the round: its {} seeds",
                margins.round_seeds()
            )),
            "{text}: {e}"
        );
    }
}

/// `hand.rs`'s ending, as the prover writes it (its hand-worked bytes are in `proof.rs`).
fn ending() -> String {
    proof_of(
        "bechi holes=3",
        "bechi 0,2*,0/3*,0,1* B store=20,10 opener=B",
    )
    .0
}

/// The ending with node `i`'s claim replaced, the checksum written again.
fn with_claim(i: usize, claim: &str) -> String {
    let mut d = Draft::read(&ending());
    d.body[i].claim = claim.to_owned();
    d.text()
}

/// A claim that no end of the round from its position gives is refused where it is read,
/// whatever its children say; a round's end is held to its margin.
#[test]
fn claims_out_of_their_positions_range_and_false_round_ends_are_refused() {
    // Node 3, `bechi 2,1*,0/0*,0,1* B store=22,10`: B has 10, A 22, 4 seeds on the board, so B's
    // final margin is between -16 and -8.
    let e = refused(&with_claim(3, ">=-7"));
    assert_eq!((e.line, e.node), (13, Some(3)), "{e}");
    assert_eq!(
        e.message,
        "claims at least -7 for B, more than any end of the round from here gives him: B's store \
         10, A's 22, 4 seeds on the board, so B's final margin is between -16 and -8"
    );
    let e = refused(&with_claim(3, "<=-17"));
    assert_eq!(e.node, Some(3), "{e}");
    assert!(
        e.message.starts_with(
            "claims at most -17 for B, less than any end of the round from here gives him"
        ),
        "{e}"
    );
    // Within the range but beyond the seeds of the round (36) the other way: refused too.
    let e = refused(&with_claim(3, ">=-37"));
    assert!(
        e.message
            .contains("beyond every margin of the round: its 36 seeds"),
        "{e}"
    );
    // Node 5 is a round's end, 24-12 (B13: each row's seeds to its owner): -12 for B. `>=-11`
    // is in its range (-16 to -8), and node 4 above it (A: at most 14) is content with `<=11`
    // from it: only the round's margin refuses it. `>=-12` is kept (exactly the margin).
    let e = refused(&with_claim(5, ">=-11"));
    assert_eq!((e.line, e.node), (15, Some(5)), "{e}");
    assert_eq!(
        e.message,
        "the round is over with 24-12 (A-B), a margin of -12 for B: not at least -11"
    );
    assert!(checked(&with_claim(5, ">=-12")).is_ok());
    // Node 8 (the upper half), a round's end at 25-11: -14 for B. `<=-15` is in its range and
    // gives node 7 (A: at least 14) at least 15: only the round's margin refuses it.
    let e = refused(&with_claim(8, "<=-15"));
    assert_eq!((e.line, e.node), (18, Some(8)), "{e}");
    assert_eq!(
        e.message,
        "the round is over with 25-11 (A-B), a margin of -14 for B: not at most -15"
    );
    // A weaker claim that is true (`>=-16`, B's lowest margin at node 5) breaks the step above
    // it: node 4 needs at most 14 for A and gets at most 16.
    let e = refused(&with_claim(5, ">=-16"));
    assert_eq!(e.node, Some(4), "{e}");
}

/// Every number of a proof in its one spelling, every line once, nothing after the nodes: the
/// checker reads one text per proof (spec/analysis.md §8.3). Each of these was accepted before.
#[test]
fn only_the_canonical_text_is_read() {
    let good = ending();
    assert!(checked(&good).is_ok());
    let draft = Draft::read(&good);
    let edit = |f: &dyn Fn(&mut Draft)| {
        let mut d = draft.clone();
        f(&mut d);
        d.text()
    };
    // (the file, the line at fault, what the message says)
    let cases: Vec<(String, usize, &str)> = vec![
        (with_claim(0, ">=-014"), 10, "expected a claim"),
        (with_claim(1, "<=+14"), 11, "expected a claim"),
        (with_claim(6, "<=-014"), 16, "expected a claim"),
        (
            edit(&|d| d.game = "bechi holes=3 holes=3".to_owned()),
            2,
            "`game bechi holes=3 holes=3` is not in canonical form, `game bechi holes=3`",
        ),
        (
            edit(&|d| d.game = "bechi holes=4 holes=3".to_owned()),
            2,
            "is not in canonical form",
        ),
        (edit(&|d| d.game = "bechi  holes=3".to_owned()), 2, ""),
        (edit(&|d| d.version = "01".to_owned()), 1, "version 01"),
        (edit(&|d| d.version = "+1".to_owned()), 1, "version +1"),
        (
            edit(&|d| d.value = "-014".to_owned()),
            4,
            "value: expected a number",
        ),
        (
            edit(&|d| d.value = "+-14".to_owned()),
            4,
            "value: expected a number",
        ),
        (
            edit(&|d| d.count = Some("09".to_owned())),
            5,
            "nodes: expected a number",
        ),
        (
            edit(&|d| d.count = Some("+9".to_owned())),
            5,
            "nodes: expected a number",
        ),
        (
            edit(&|d| d.lower = "00".to_owned()),
            6,
            "lower: expected a number",
        ),
        (
            edit(&|d| d.upper = "06".to_owned()),
            7,
            "upper: expected a number",
        ),
        (
            edit(&|d| d.checksum = Some(format!("fnv1a64 {}", "C8B55AF7E3F14B63"))),
            8,
            "16 lowercase hexadecimal digits",
        ),
        (
            edit(&|d| d.body[1].number = "01".to_owned()),
            11,
            "numbered `01`",
        ),
        (
            edit(&|d| d.body[1].moves[0].1 = "03".to_owned()),
            11,
            "expected the number of a node in its one spelling",
        ),
        (
            edit(&|d| d.body[2].moves.push(("".to_owned(), "".to_owned()))),
            12,
            "",
        ),
    ];
    for (text, line, says) in cases {
        let e = refused(&text);
        assert_eq!(e.line, line, "{e}\n{text}");
        assert!(e.message.contains(says), "{e}");
    }
    // `-0`: refused for its spelling before what it says is looked at.
    let e = refused(&with_claim(2, ">=-0"));
    assert!(e.message.starts_with("expected a claim"), "{e}");
    // Spaces doubled, trailing or tabs, in the body and in the header; lines ending in CR LF; a
    // byte-order mark; an empty line after the nodes; a node line twice.
    for (from, to, line) in [
        (" ; 1B 1\n", " ;  1B 1\n", 10),
        (" ; 1B 1\n", " ; 1B 1 \n", 10),
        (" ; 1B 1\n", " ;\t1B 1\n", 10),
        ("\n0 >=-14 ", "\n0  >=-14 ", 10),
        ("\n0 >=-14 ", "\n0\t>=-14 ", 10),
        ("\n0 >=-14 bechi", "\n0 >=-14  bechi", 10),
        ("value -14\n", "value  -14\n", 4),
        ("value -14\n", "value -14 \n", 4),
        ("nodes 9\n", "nodes\t9\n", 5),
        ("root bechi", "root  bechi", 3),
    ] {
        let e = refused(&resealed(&good.replacen(from, to, 1)));
        assert_eq!(e.line, line, "{from:?} -> {to:?}: {e}");
    }
    assert_eq!(refused(&good.replace('\n', "\r\n")).line, 1);
    assert_eq!(refused(&format!("\u{feff}{good}")).line, 1);
    assert!(checked(&good.replace('\n', "\r\n")).is_err());
    assert!(checked(&format!("\u{feff}{good}")).is_err());
    let e = refused(&format!("{good}\n"));
    assert!(e.message.contains("more than the 9 nodes"), "{e}");
}

/// A node written twice: in the 2×3 start's proof, a node that two moves reach (positions
/// transpose) copied at the end, the first of those moves led to the copy. Every claim is still
/// true and every step holds, but a node is written once (§8.3).
#[test]
fn a_node_written_twice_is_refused() {
    let (file, _, _) = proof_of("bechi holes=3", "bechi 6,6,6/6,6,6 B opener=B");
    let mut d = Draft::read(&file);
    let n = d.body.len();
    let mut parents = vec![0; n];
    for line in &d.body {
        for (_, c) in &line.moves {
            parents[c.parse::<usize>().unwrap()] += 1;
        }
    }
    let shared = parents
        .iter()
        .position(|&p| p >= 2)
        .expect("a transposition");
    d.apply(&Edit::Copy {
        node: shared,
        redirect: true,
    });
    let e = refused(&d.text());
    assert_eq!(e.node, Some(n), "{e}");
    assert_eq!(
        e.message,
        format!(
            "node {shared} holds the same position with the same claim: a node is written once, \
             and every move that reaches it points to it"
        )
    );
}

/// The ending's nodes renumbered by `new` (old number to new), lines in the new order.
fn renumbered(good: &str, new: &[usize], lower: usize, upper: usize) -> String {
    let (head, body) = good.split_once("\n\n").unwrap();
    let mut d = Draft::read(&format!("{head}\n\n{body}"));
    let mut body = vec![None; d.body.len()];
    for (old, mut line) in d.body.drain(..).enumerate() {
        line.number = new[old].to_string();
        for (_, c) in &mut line.moves {
            *c = new[c.parse::<usize>().unwrap()].to_string();
        }
        body[new[old]] = Some(line);
    }
    d.body = body.into_iter().map(Option::unwrap).collect();
    d.lower = lower.to_string();
    d.upper = upper.to_string();
    d.text()
}

/// Nodes renumbered in another topological order (every move still to a later node) describe
/// the same proof: only the writer's numbering is read, each half in reverse post-order of a walk
/// from its root taking the moves in order, the lower half first.
#[test]
fn only_the_writers_numbering_is_read() {
    let good = ending();
    assert_eq!(renumbered(&good, &[0, 1, 2, 3, 4, 5, 6, 7, 8], 0, 6), good);
    // Node 2 (the 2A- leaf, which the walk finishes last) moved after the 2A+ line: 0, 1, then
    // 3, 4, 5 as 2, 3, 4, then the leaf as 5. Topological, but not the walk's order.
    let e = refused(&renumbered(&good, &[0, 1, 5, 2, 3, 4, 6, 7, 8], 0, 6));
    assert_eq!((e.line, e.node), (12, Some(2)), "{e}");
    assert!(
        e.message
            .starts_with("out of order: the lower half's nodes are numbered in reverse post-order"),
        "{e}"
    );
    assert!(e.message.ends_with("which puts node 5 here"), "{e}");
    // The halves exchanged: the upper half (6 to 8) first.
    let e = refused(&renumbered(&good, &[3, 4, 5, 6, 7, 8, 0, 1, 2], 3, 0));
    assert_eq!(e.node, Some(3), "{e}");
    assert!(
        e.message
            .starts_with("the lower root is node 3; it must be node 0"),
        "{e}"
    );
}

/// Every position the exact solver reaches from the cases' roots, and every position of random
/// rounds of every game: its values lie within the margins `Margins` gives it, and the seeds of
/// a round stay the same from its start to its end (what the range check rests on).
#[test]
fn the_margins_of_a_position_hold_every_end_of_its_round() {
    for case in cases() {
        for p in case.truth.positions() {
            let m = Margins::of(&p.to_setup());
            for v in case.truth.of(p) {
                if let Outcome::Seeds(v) = v {
                    let v = i64::from(v);
                    assert!(m.lowest() <= v && v <= m.highest(), "{}: {m}", case.name);
                }
            }
        }
    }
    let mut rng = crate::support::Lcg(34);
    let variants = [
        Variant::default_for(GameKind::Bechi),
        Variant::default_for(GameKind::Giuthi),
        Variant::default_for(GameKind::SulusNishtaw),
        Variant::default_for(GameKind::Uugg),
        Variant::default_for(GameKind::Redu),
    ];
    for variant in variants {
        for game in 0..30 {
            let opener = if game % 2 == 0 { Player::A } else { Player::B };
            let mut line = vec![Position::start(variant, opener)];
            while let Some(p) = line.last().filter(|p| p.round_result().is_none()) {
                if line.len() > 2000 {
                    break;
                }
                let moves = p.legal_moves_with_positions();
                line.push(moves[rng.below(moves.len())].1);
            }
            let end = *line.last().unwrap();
            let Some(r) = end.round_result() else {
                continue;
            };
            let seeds = Margins::of(&line[0].to_setup()).round_seeds();
            for p in &line {
                let m = Margins::of(&p.to_setup());
                assert_eq!(m.round_seeds(), seeds, "{variant}");
                let me = p.to_move().index();
                let margin = i64::from(r.totals[me]) - i64::from(r.totals[1 - me]);
                assert!(
                    m.lowest() <= margin && margin <= m.highest(),
                    "{variant}: {m}, the round ended with {margin}"
                );
            }
        }
    }
}

/// The cases of the property test, solved once: the positions of `testkit::forge::POSITIONS`,
/// each value checked against the search's.
fn cases() -> &'static [Case] {
    static CASES: LazyLock<Vec<Case>> = LazyLock::new(|| {
        POSITIONS
            .iter()
            .map(|(game, text)| {
                let case = Case::new(game, text, 200_000);
                let a = crate::support::analysis(&case.root, 2_000_000, 1);
                assert!(a.exact, "{text}");
                assert_eq!(a.value, Outcome::Seeds(case.value), "{text}");
                case
            })
            .collect()
    });
    &CASES
}

/// The checker's verdict on `case` forged by `edits`: when it accepts, every claim is true.
fn sound(case: &Case, edits: &[Edit]) -> Result<bool, String> {
    let mut draft = Draft::read(&case.proof);
    for e in edits {
        draft.apply(e);
    }
    let text = draft.text();
    match checked(&text) {
        Err(_) => Ok(false),
        Ok(report) => {
            let wrong = false_claims(&text, &case.truth);
            if !wrong.is_empty() || report.value != case.value {
                return Err(format!(
                    "{}: accepted as {} with false claims after {edits:?}: {wrong:?}\n{text}",
                    case.name, report.value
                ));
            }
            Ok(true)
        }
    }
}

/// Every single edit of a kind at every node of every case (claims moved by ±1, ±2 and ±40,
/// flipped, set to each extreme, respelt; moves dropped, doubled, redirected to earlier, later
/// and missing nodes;
/// nodes copied, removed, swapped with the next; the value moved with its roots): the checker
/// accepts only what is true. Counted: the unedited proofs are accepted, and a claim moved down
/// where it does not matter (a weaker true claim) is accepted too, so the test does not pass by
/// refusing everything.
#[test]
fn single_edits_of_real_proofs_are_accepted_only_when_true() {
    let mut accepted = 0;
    let mut refused = 0;
    for case in cases() {
        assert_eq!(sound(case, &[]), Ok(true), "{}", case.name);
        let n = Draft::read(&case.proof).body.len();
        for node in 0..n {
            let mut edits = vec![Edit::Flip { node }, Edit::Remove { node }];
            for by in [-40, -2, -1, 1, 2, 40] {
                edits.push(Edit::Shift { node, by });
            }
            edits.extend((0..12).map(|which| Edit::Extreme { node, which }));
            edits.extend((0..8).map(|which| Edit::Spell { node, which }));
            edits.extend((0..3).map(|k| Edit::Drop { node, k }));
            edits.extend((0..3).map(|k| Edit::Double { node, k }));
            for to in [
                0,
                node.saturating_sub(1),
                node + 1,
                node + 2,
                n / 2,
                n - 1,
                n,
                n + 1,
            ] {
                edits.push(Edit::Redirect { node, k: 0, to });
            }
            edits.push(Edit::Copy {
                node,
                redirect: true,
            });
            edits.push(Edit::Swap {
                a: node,
                b: node + 1,
                renumber: true,
            });
            edits.push(Edit::Position {
                node,
                from: node + 1,
            });
            for edit in edits {
                match sound(case, std::slice::from_ref(&edit)) {
                    Ok(true) => accepted += 1,
                    Ok(false) => refused += 1,
                    Err(e) => panic!("{e}"),
                }
            }
        }
        for by in [-3, -1, 1, 3] {
            for roots in [false, true] {
                assert_eq!(
                    sound(case, &[Edit::Value { by, roots }]),
                    Ok(false),
                    "{}",
                    case.name
                );
            }
        }
    }
    assert!(
        accepted > 0 && refused > accepted,
        "{accepted} accepted, {refused} refused"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    /// Random sequences of edits (`Edit::decode`, as the fuzz target reads its input) of the
    /// cases' proofs, the checksum written again: whatever the checker accepts is true.
    #[test]
    fn forged_proofs_are_accepted_only_when_true(
        case in 0..POSITIONS.len(),
        bytes in proptest::collection::vec(any::<u8>(), 1..24),
    ) {
        let edits = Edit::decode(&bytes);
        if let Err(e) = sound(&cases()[case], &edits) {
            prop_assert!(false, "{}", e);
        }
    }
}
