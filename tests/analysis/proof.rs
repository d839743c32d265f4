//! Proofs of exact values (spec/analysis.md §8): written by `analysis::proof`, checked by
//! `proof-check`, which shares no code with the search; and refused when corrupted, with the node
//! at fault named.

use crate::support::{Lcg, analysis, endgames, pos};
use analysis::Outcome;
use analysis::proof::{Claim, Proof, ProofError, prove};
use proof_check::{CheckError, check, fnv1a64};
use rules_core::{BechiOptions, GameKind, Player, Position, Variant};

/// The proof's file.
fn bytes(p: &Proof) -> Vec<u8> {
    let mut out = Vec::new();
    p.write(&mut out).unwrap();
    out
}

fn text(p: &Proof) -> String {
    String::from_utf8(bytes(p)).unwrap()
}

/// The checker's verdict on a file.
fn checked(text: &str) -> Result<proof_check::Report, CheckError> {
    check(&mut text.as_bytes())
}

/// `text` with its body's lines changed by `edit`, and the checksum written again so that only
/// the checks of the nodes can refuse it.
fn edited(text: &str, edit: impl FnOnce(&mut Vec<String>)) -> String {
    let (head, body) = text.split_once("\n\n").unwrap();
    let mut lines: Vec<String> = body.lines().map(str::to_owned).collect();
    edit(&mut lines);
    let body: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let head: Vec<String> = head
        .lines()
        .map(|l| {
            if l.starts_with("checksum ") {
                format!("checksum fnv1a64 {:016x}", fnv1a64(body.as_bytes()))
            } else {
                l.to_owned()
            }
        })
        .collect();
    format!("{}\n\n{body}", head.join("\n"))
}

/// The Bechi 2×3 ending of `hand.rs`, B to move: B's only move 1B, then A's 2A− (+14 for him)
/// or 2A+ (+12: B passes, A plays 3A). Its proof, worked by hand:
///
/// * lower half (B's margin at least −14): B's 1B (node 1); A's every move, 2A+ first (the
///   rules' order, B4: `+` first): 2A+ (node 3: A 22, B's pass, node 4, A's 3A, node 5: over,
///   22 + 2 against 10 + 2, −12 for B) and 2A− (node 2: over, A 20 + 2 + 3 = 25 against
///   10 + 1 = 11, −14 for B). Nodes are numbered in reverse post-order of a walk that takes
///   the moves in order: 0, 1, then the 2A− leaf (finished last), then the 2A+ line.
/// * upper half (at most −14): B's every move (1B only, node 7), A's one move 2A− (node 8).
const ENDING_BODY: &str = "\
0 >=-14 bechi 0,2*,0/3*,0,1* B store=20,10 opener=B ; 1B 1
1 <=14 bechi 1,3*,0/1*,0,1* A store=20,10 opener=B ; 2A+ 3 2A- 2
2 >=-14 bechi 1,1*,1/1*,0,0* B store=22,10 opener=B ;
3 >=-14 bechi 2,1*,0/0*,0,1* B store=22,10 opener=B ; pass 4
4 <=14 bechi 2,1*,0/0*,0,1* A store=22,10 opener=B ; 3A 5
5 >=-14 bechi 1*,1*,0/1*,0,1* B store=22,10 opener=B ;
6 <=-14 bechi 0,2*,0/3*,0,1* B store=20,10 opener=B ; 1B 7
7 >=14 bechi 1,3*,0/1*,0,1* A store=20,10 opener=B ; 2A- 8
8 <=-14 bechi 1,1*,1/1*,0,0* B store=22,10 opener=B ;
";

#[test]
fn the_hand_worked_ending_has_the_hand_worked_proof() {
    let root = pos("bechi 0,2*,0/3*,0,1* B store=20,10 opener=B", &[]);
    let p = prove(&root, -14).unwrap();
    let expected = format!(
        "mancala-proof 1\ngame bechi holes=3\nroot bechi 0,2*,0/3*,0,1* B store=20,10 \
         opener=B\nvalue -14\nnodes 9\nlower 0\nupper 6\nchecksum fnv1a64 {:016x}\n\n{ENDING_BODY}",
        fnv1a64(ENDING_BODY.as_bytes())
    );
    assert_eq!(text(&p), expected);
    let s = p.stats();
    assert_eq!(
        (s.lower_nodes, s.upper_nodes, s.edges, s.leaves, s.depth),
        (6, 3, 7, 3, 4)
    );
    let r = checked(&expected).unwrap();
    assert_eq!(
        (r.value, r.nodes, r.edges, r.leaves, r.depth),
        (-14, 9, 7, 3, 4)
    );
    assert_eq!(r.root, "bechi 0,2*,0/3*,0,1* B store=20,10 opener=B");
    // From A's position after 1B, +14 for A: his proof follows 2A− alone (the lower half's
    // root), and the upper half's root both his moves.
    let after = pos("bechi 1,3*,0/1*,0,1* A store=20,10 opener=B", &[]);
    let p = prove(&after, 14).unwrap();
    let moves = |n: usize| -> Vec<String> {
        p.nodes()[n]
            .children
            .iter()
            .map(|(m, _)| m.to_string())
            .collect()
    };
    assert_eq!(moves(0), ["2A-"]);
    assert_eq!(moves(p.upper_root()), ["2A+", "2A-"]);
    assert_eq!(p.nodes()[0].claim, Claim::AtLeast(14));
    assert!(checked(&text(&p)).is_ok());
}

/// The other endings of `hand.rs`: a finished round (−8 for B, B13) is two leaves; the depth-one
/// example's position is proved at its exact value, found by the search.
#[test]
fn the_other_hand_worked_positions_are_proved() {
    let over = pos("bechi 1,0,1/0,1,1* B store=20,12 opener=B", &[]);
    let p = prove(&over, -8).unwrap();
    assert_eq!(p.nodes().len(), 2);
    let r = checked(&text(&p)).unwrap();
    assert_eq!((r.value, r.nodes, r.leaves, r.depth), (-8, 2, 2, 0));
    // Not −7 nor −9: each fails on its side.
    assert!(matches!(
        prove(&over, -7),
        Err(ProofError::Fails {
            at_most: false,
            endless: false,
            ..
        })
    ));
    assert!(matches!(
        prove(&over, -9),
        Err(ProofError::Fails {
            at_most: true,
            endless: false,
            ..
        })
    ));

    let p = pos("bechi 2*,1*,0/6,0,3* B store=12,12 opener=B", &[]);
    let a = analysis(&p, 5_000_000, 1);
    assert!(a.exact);
    let v = a.value.seeds().unwrap();
    let proof = prove(&p, v).unwrap();
    let r = checked(&text(&proof)).unwrap();
    assert_eq!(r.value, v);
    assert!(prove(&p, v + 1).is_err() && prove(&p, v - 1).is_err());
}

/// Endgames of random games of every game (the positions of `agree.rs`): where the search finds
/// the value exact, its proof is built and checked; where endless play decides (the two
/// conventions differ), no proof that every line ends exists, and `prove` says so. Counts: proofs
/// checked, repeat moves (G13, S10: the same player moves again, so a child's claim is not turned
/// round) among their moves, values refused for endless play.
fn endgame_proofs(variant: Variant, plies: usize, count: usize, seed: u64) -> [usize; 3] {
    let mut counts = [0; 3];
    for p in endgames(variant, plies, count, &mut Lcg(seed)) {
        let a = analysis(&p, 100_000, 1);
        let shown = notation::write_view(p.view());
        match (a.proved, a.exact, a.value, a.worst) {
            (true, true, Outcome::Seeds(v), _) => {
                let proof = prove(&p, v).unwrap_or_else(|e| panic!("{shown}: {e}"));
                let r = checked(&text(&proof)).unwrap_or_else(|e| panic!("{shown}: {e}"));
                assert_eq!(r.value, v, "{shown}");
                counts[0] += 1;
                let nodes = proof.nodes();
                counts[1] += nodes
                    .iter()
                    .flat_map(|n| n.children.iter().map(move |&(_, c)| (n, c)))
                    .filter(|(n, c)| nodes[*c].position.to_move() == n.position.to_move())
                    .filter(|(n, _)| n.position.round_result().is_none())
                    .count();
            }
            (true, false, _, Outcome::Seeds(w)) => {
                // The player to move gets `w` when endless play is his worst outcome, and more
                // only through endless play: his opponent cannot hold him to `w` on lines that
                // all end.
                let e = prove(&p, w).expect_err(&shown);
                assert!(
                    matches!(e, ProofError::Fails { endless: true, .. }),
                    "{shown}: {e}"
                );
                counts[2] += 1;
            }
            _ => {}
        }
    }
    counts
}

fn variant(game: GameKind, options: &[(&str, &str)]) -> Variant {
    let mut v = Variant::default_for(game);
    for (k, val) in options {
        v.set_option(k, val).unwrap();
    }
    v
}

#[test]
fn endgames_of_every_game_are_proved_and_checked() {
    let [bechi, _, _] = endgame_proofs(variant(GameKind::Bechi, &[("holes", "3")]), 8, 20, 1);
    let [giuthi, repeats, endless] = endgame_proofs(
        variant(GameKind::Giuthi, &[("holes", "5"), ("seeds", "4")]),
        6,
        40,
        3,
    );
    let [uugg, _, _] = endgame_proofs(variant(GameKind::Uugg, &[("holes", "5")]), 8, 15, 4);
    let [redu, _, _] = endgame_proofs(variant(GameKind::Redu, &[]), 6, 15, 5);
    let [sulus, sulus_repeats, _] = endgame_proofs(variant(GameKind::SulusNishtaw, &[]), 12, 15, 7);
    let counts = [
        bechi,
        giuthi,
        uugg,
        redu,
        sulus,
        repeats,
        sulus_repeats,
        endless,
    ];
    assert!(
        bechi >= 10 && giuthi >= 4 && uugg >= 8 && redu >= 8 && sulus >= 8,
        "{counts:?}"
    );
    assert!(
        repeats > 0 && sulus_repeats > 0 && endless > 0,
        "{counts:?}"
    );
}

fn bechi(holes: u8) -> Variant {
    Variant::Bechi(BechiOptions { holes })
}

/// Bechi 2×3 from the start (B opens): −6 (docs/guide/results.md), proved and checked; each first
/// move's value too (1B −8, 2B+ −6, 3B −8, from the database of `mancala solve`), as the proof
/// of the position after it, for A: +8, +6, +8. The same proof twice is the same bytes.
#[test]
fn bechi_2x3_start_and_first_moves_are_proved_and_checked() {
    let start = Position::start(bechi(3), Player::B);
    let p = prove(&start, -6).unwrap();
    let file = text(&p);
    assert_eq!(file, text(&prove(&start, -6).unwrap()));
    let r = checked(&file).unwrap();
    assert_eq!((r.value, r.nodes), (-6, p.nodes().len()));
    assert_eq!(r.game, "bechi holes=3");
    for (m, child) in start.legal_moves_with_positions() {
        let v = match m.to_string().as_str() {
            "1B" | "3B" => 8,
            "2B+" => 6,
            other => panic!("B's first moves are 1B, 2B+ and 3B, not {other}"),
        };
        let p = prove(&child, v).unwrap();
        assert_eq!(checked(&text(&p)).unwrap().value, v, "{m}");
    }
    assert!(prove(&start, -5).is_err() && prove(&start, -7).is_err());
}

/// Bechi 2×4 from the start, the result of docs/guide/results.md: −4 for the opener, proved by the
/// proof search and checked by the independent checker, in memory (about 24 MB of proof).
#[test]
fn bechi_2x4_start_value_is_proved_and_checked() {
    let start = Position::start(bechi(4), Player::B);
    let p = prove(&start, -4).unwrap();
    let r = check(&mut bytes(&p).as_slice()).unwrap();
    assert_eq!(
        (r.value, r.root.as_str()),
        (-4, "bechi 6,6,6,6/6,6,6,6 B opener=B")
    );
    assert_eq!(r.nodes, p.nodes().len());
    assert_eq!(r.depth, p.stats().depth);
}

/// The 2×3 proof, for the corruptions below.
fn small() -> String {
    text(&prove(&Position::start(bechi(3), Player::B), -6).unwrap())
}

/// The first node line (its index in the body) that `pick` accepts.
fn find(text: &str, pick: impl Fn(&str) -> bool) -> usize {
    let body = text.split_once("\n\n").unwrap().1;
    body.lines().position(pick).unwrap()
}

/// The number of moves a node line follows.
fn edges(line: &str) -> usize {
    line.split_once(" ;").unwrap().1.split_whitespace().count() / 2
}

fn refused(text: &str) -> CheckError {
    checked(text).expect_err("a corrupted proof is refused")
}

#[test]
fn a_changed_bound_is_refused_at_its_node() {
    let good = small();
    // An inner node of B's strategy (not the root) claiming more than its move gives.
    let k = find(&good, |l| {
        !l.starts_with("0 ") && l.contains(" >=-6 ") && edges(l) == 1
    });
    let bad = edited(&good, |lines| {
        lines[k] = lines[k].replacen(" >=-6 ", " >=-5 ", 1);
    });
    let e = refused(&bad);
    assert_eq!(e.node, Some(k), "{e}");
    assert!(
        e.message.starts_with("claims at least -5 for B, but ")
            && e.message.ends_with("which gives at least -6"),
        "{e}"
    );
    // A round's end claiming more than its margin, within what its position leaves possible
    // (one seed more than the margin); and more than any end of the round (30: refused where it
    // is read, spec/analysis.md §8.4).
    let body = good.split_once("\n\n").unwrap().1;
    let (k, margin) = body
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains(" >=-6 ") && edges(l) == 0)
        .find_map(|(k, l)| {
            let text = l.split_once(" >=-6 ").unwrap().1.trim_end_matches(" ;");
            let p = pos(text, &[("holes", "3")]);
            let m = analysis::eval::final_margin(&p).unwrap();
            let highest = proof_check::Margins::of(&p.to_setup()).highest();
            (i64::from(m) < highest).then_some((k, m))
        })
        .unwrap();
    let bad = edited(&good, |lines| {
        lines[k] = lines[k].replacen(" >=-6 ", &format!(" >={} ", margin + 1), 1);
    });
    let e = refused(&bad);
    assert_eq!(e.node, Some(k), "{e}");
    assert!(e.message.contains("the round is over"), "{e}");
    let bad = edited(&good, |lines| {
        lines[k] = lines[k].replacen(" >=-6 ", " >=30 ", 1);
    });
    let e = refused(&bad);
    assert_eq!(e.node, Some(k), "{e}");
    assert!(
        e.message
            .contains("more than any end of the round from here"),
        "{e}"
    );
    // Without the checksum written again, the node is still named: nodes are checked first.
    let line = good.split_once("\n\n").unwrap().1.lines().nth(k).unwrap();
    let bad = good.replacen(line, &line.replacen(" >=-6 ", " >=-5 ", 1), 1);
    assert_eq!(refused(&bad).node, Some(k));
}

#[test]
fn a_dropped_move_is_refused_at_its_node() {
    let good = small();
    let k = find(&good, |l| l.contains(" <=6 ") && edges(l) >= 2);
    let mut dropped = String::new();
    let bad = edited(&good, |lines| {
        let (head, moves) = lines[k].split_once(" ;").unwrap();
        let mut words: Vec<&str> = moves.split_whitespace().collect();
        words.truncate(words.len() - 2);
        dropped = moves.split_whitespace().rev().nth(1).unwrap().to_owned();
        lines[k] = format!("{head} ; {}", words.join(" "));
    });
    let e = refused(&bad);
    assert_eq!(e.node, Some(k), "{e}");
    assert!(
        e.message.contains("every legal move")
            && e.message.ends_with(&format!("{dropped} missing")),
        "{e}"
    );
}

#[test]
fn a_swapped_move_is_refused_at_its_node() {
    let good = small();
    // A's every move: the first two moves' tokens exchanged, their nodes kept.
    let k = find(&good, |l| l.contains(" <=6 ") && edges(l) >= 2);
    let bad = edited(&good, |lines| {
        let (head, moves) = lines[k].split_once(" ;").unwrap();
        let mut w: Vec<&str> = moves.split_whitespace().collect();
        w.swap(0, 2);
        lines[k] = format!("{head} ; {}", w.join(" "));
    });
    let e = refused(&bad);
    assert_eq!(e.node, Some(k), "{e}");
    // B's one move replaced by another legal one: it leads elsewhere.
    let k = find(&good, |l| l.contains(" >=-6 ") && l.contains(" ; 1B "));
    let bad = edited(&good, |lines| {
        lines[k] = lines[k].replacen(" ; 1B ", " ; 3B ", 1);
    });
    let e = refused(&bad);
    assert_eq!(e.node, Some(k), "{e}");
    assert!(e.message.contains("3B leads to"), "{e}");
    // A move that leads back to an earlier node: a cycle is refused.
    let bad = edited(&good, |lines| {
        let (head, _) = lines[1].rsplit_once(' ').unwrap();
        lines[1] = format!("{head} 0");
    });
    let e = refused(&bad);
    assert_eq!(e.node, Some(1), "{e}");
    assert!(e.message.contains("acyclic"), "{e}");
}

#[test]
fn a_truncated_file_is_refused_at_the_missing_node() {
    let good = small();
    let (head, body) = good.split_once("\n\n").unwrap();
    let n = body.lines().count();
    // Cut after a whole line: the next node is missing.
    let cut: String = body.lines().take(n / 2).map(|l| format!("{l}\n")).collect();
    let e = refused(&format!("{head}\n\n{cut}"));
    assert_eq!(e.node, Some(n / 2), "{e}");
    assert!(e.message.contains("cut short"), "{e}");
    // Cut inside a line: that node's line does not end.
    let inside = format!("{head}\n\n{}", &cut[..cut.len() - 5]);
    let e = refused(&inside);
    assert_eq!(e.node, Some(n / 2 - 1), "{e}");
    // Cut inside the header.
    let e = refused(&good[..40]);
    assert_eq!(e.node, None);
    assert!(e.to_string().starts_with("line "), "{e}");
}

#[test]
fn a_changed_checksum_or_header_is_refused() {
    let good = small();
    let bad = good.replacen("checksum fnv1a64 ", "checksum fnv1a64 f", 1);
    assert!(
        refused(&bad)
            .message
            .contains("16 lowercase hexadecimal digits")
    );
    let sum = good.lines().find(|l| l.starts_with("checksum")).unwrap();
    let flipped = if sum.ends_with('0') { "1" } else { "0" };
    let bad = good.replacen(sum, &format!("{}{flipped}", &sum[..sum.len() - 1]), 1);
    let e = refused(&bad);
    assert_eq!(e.node, None);
    assert!(e.message.contains("checksum"), "{e}");
    // Another value claimed: the roots no longer match.
    let bad = edited(&good.replacen("value -6", "value -5", 1), |_| {});
    assert_eq!(refused(&bad).node, Some(0));
    let bad = good.replacen("mancala-proof 1", "mancala-proof 2", 1);
    assert!(refused(&bad).message.contains("version 2"));
}

/// A line longer than any proof's (`/dev/zero`, a file that is no proof) is refused when it
/// reaches `MAX_LINE`, never held whole (issue 23: lines in bounded memory); in the header as in
/// the body.
#[test]
fn an_over_long_line_is_refused_at_the_limit() {
    use std::io::{BufReader, Read};
    let zeros = || BufReader::new(std::io::repeat(b'0').take(4 << 20));
    let e = check(&mut zeros()).unwrap_err();
    assert_eq!(e.line, 1, "{e}");
    assert!(e.message.contains("longer than 1048576 bytes"), "{e}");
    let good = small();
    let (head, _) = good.split_once("\n\n").unwrap();
    let mut input = std::io::Cursor::new(format!("{head}\n\n")).chain(zeros());
    let e = check(&mut BufReader::new(&mut input)).unwrap_err();
    assert!(e.message.contains("longer than"), "{e}");
    // What was left unread shows the line was not read to its end.
    assert!(input.bytes().count() > (2 << 20));
}
