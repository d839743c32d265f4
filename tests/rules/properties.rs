//! Properties over all five games and every option combination (issue 8), on positions reached by
//! random play (`matches::random_match` already checks seed conservation and the position-string
//! round trip after every ply of the families' random matches; this file makes sure no option
//! combination is left out, and adds what they do not check):
//!
//! * every option combination that the option tables allow plays complete matches with every seed
//!   kept after every ply and set-up;
//! * `play` never panics, in any of its ways (quiet, traced, lenient), whatever the move: every token form of
//!   every game (other games' tokens, malformed ones, out-of-range holes, over-long decisions) and
//!   moves built directly;
//! * each legal move's canonical token reads back to a move with the same outcome and the same
//!   canonical spelling, and a redundant direction is spelled canonically;
//! * position strings read back to the same position, in canonical form or not (fields in any
//!   order, tabs and runs of spaces, defaults written out);
//! * perft equals the sum, over the distinct children found by brute force (every hole, direction,
//!   pass, open and, for Redu, every decision string, O1 prefix and capture, played one by one),
//!   of the children's perft: on random positions at depth 1 and 2.

use crate::matches::random_match;
use crate::redu_matches::redu_variants;
use crate::support::{bechi_and_giuthi_variants, seed_total, sulus_variants};
use crate::uugg_matches::uugg_variants;
use proptest::prelude::*;
use rules_core::{
    AfterRound, Dir, GameKind, Hole, Letter, Letters, Move, PlayOptions, Player, Position, ReduSow,
    Variant,
};
use std::collections::HashSet;
use testkit::generate::{Rng, random_decision};

/// Every variant the families' tests play: all option combinations of the five games.
fn all_variants() -> Vec<Variant> {
    let mut v = bechi_and_giuthi_variants();
    v.extend(sulus_variants());
    v.extend(uugg_variants());
    v.extend(redu_variants());
    v
}

/// Every option combination of `game`, from the option tables themselves (`option_keys`,
/// `option_values`): a new option or value is covered without changing this file.
fn every_combination(game: GameKind) -> Vec<Variant> {
    let mut out = vec![Variant::default_for(game)];
    for key in Variant::default_for(game).option_keys() {
        out = out
            .into_iter()
            .flat_map(|v| {
                v.option_values(key).into_iter().map(move |value| {
                    let mut w = v;
                    w.set_option(key, value).unwrap();
                    w
                })
            })
            .collect();
    }
    out
}

#[test]
fn every_option_combination_plays_complete_matches_keeping_every_seed() {
    let tested = all_variants();
    let mut n = 0;
    for game in GameKind::ALL {
        for v in every_combination(game) {
            assert!(tested.contains(&v), "{v} is left out of the match tests");
            let mut finished = 0;
            for seed in 0..3u64 {
                // Seeds are checked after every ply and every set-up (matches::random_match).
                finished += usize::from(random_match(v, 31 * seed + n, false).finished);
            }
            assert!(finished >= 1, "{v}: no random match finished");
            n += 1;
        }
    }
    assert_eq!(n as usize, tested.len());
}

/// Positions reached by random play from the start of a match of `v`, over round boundaries,
/// each with the position before it and the ply that led there (for lenient penalty claims).
fn reachable(v: Variant, seed: u64, plies: usize) -> Vec<(Position, Option<(Position, Move)>)> {
    let mut rng = Rng::new(seed);
    let opener = if rng.below(2) == 0 {
        Player::A
    } else {
        Player::B
    };
    let mut p = Position::start(v, opener);
    let mut prev: Option<(Position, Move)>;
    let mut out = vec![(p, None)];
    for _ in 0..plies {
        let moves = p.legal_moves_with_positions();
        if moves.is_empty() {
            match p.after_round(&random_decision(&p, &mut rng)) {
                Ok(AfterRound::Next(next)) => {
                    p = next;
                    prev = None;
                }
                _ => break,
            }
        } else {
            let (m, child) = moves[rng.below(moves.len())];
            prev = Some((p, m));
            p = child;
        }
        out.push((p, prev));
    }
    out
}

/// Every token form of every game, well-formed or not, for holes 0 to 13 of both rows.
fn token_forms() -> Vec<String> {
    let mut t: Vec<String> = [
        "",
        "pass",
        "open",
        "PASS",
        "Pass",
        "3",
        "B",
        "+",
        "-",
        "~",
        "/",
        "x",
        "p",
        "o",
        ":",
        "3B+-",
        "3B++",
        "3B-+",
        "3Bo",
        "3B+o",
        "3B+oo",
        "3B+dhwb",
        "3B-bwhd",
        "3B+wwww",
        "3B+bbbbbbbb",
        "3B/",
        "3B//2A",
        "3B/2A/5B",
        "3B+/2A/5B",
        "4B/2A/5B/1A/5B/2A/4A/3B/5A",
        "3B4B+",
        "3B4B-",
        "3B3B+",
        "4B3B+",
        "2B3B",
        "1A2A+",
        "x3B:",
        "x3B:4B",
        "x3B:4B+dh",
        "x:4B",
        "p3B~",
        "3B~~",
        "3B+~",
        "3B+dh~",
        "999B",
        "999999999999A",
        "4294967296A",
        "256B",
        "01B",
        "00B",
        "0B",
        "-3B",
        "+3B",
        "3b",
        "3a",
        "３B",
        "é",
        "3B\u{0}",
        "3Bé",
        "A-wins",
        "*",
        "draw",
        "1.",
        "1.3B",
        "3B.",
        "\u{feff}3B",
        "x3B+",
        "p3B+",
        "xx3B",
        "pp3B",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    t.push(format!("3B+{}", "d".repeat(40)));
    t.push(format!("3B+{}", "hw".repeat(40)));
    t.push(format!("3B/{}", "2A/".repeat(60)));
    for n in 0..=13 {
        for s in ["A", "B"] {
            let h = format!("{n}{s}");
            for suffix in [
                "", "+", "-", "~", "+~", "+d", "+h", "+b", "+w", "-hdb", "+o", "/1A",
            ] {
                t.push(format!("{h}{suffix}"));
            }
            t.push(format!("x{h}"));
            t.push(format!("p{h}"));
            t.push(format!("x{h}:{h}+"));
            t.push(format!("{h}{}{s}+", (n + 1) % 14));
        }
    }
    t
}

/// Tries `token` read as a move of every game, at `p`, in every way of playing: none may panic.
fn try_everywhere(p: &Position, prev: Option<&(Position, Move)>, token: &str) {
    for g in GameKind::ALL {
        if let Ok(mv) = Move::parse(g, token) {
            try_move(p, prev, &mv);
        }
    }
}

fn try_move(p: &Position, prev: Option<&(Position, Move)>, mv: &Move) {
    let strict = p.play(mv, PlayOptions::FULL);
    assert_eq!(
        strict.as_ref().map(|x| x.position).ok(),
        p.play(mv, PlayOptions::QUIET).map(|p| p.position).ok(),
        "play traced and play quiet disagree on {mv}"
    );
    if let Err(e) = &strict {
        assert!(!e.reason.to_string().is_empty(), "{mv}: {e:?}");
        assert!(
            !e.reason.to_string().ends_with('.'),
            "no trailing period: {}",
            e.reason
        );
    }
    let _ = p.play(mv, PlayOptions::FULL.lenient(prev.map(|(q, m)| (q, m))));
    let _ = p.play(mv, PlayOptions::FULL.lenient(None));
}

/// Moves built directly, not read from a token: holes out of range, every field of a Redu sowing
/// at its extremes.
fn built_moves() -> Vec<Move> {
    let mut out = vec![Move::Pass, Move::Open];
    for n in [0u8, 1, 3, 6, 9, 10, 11, 12, 13, 200, 255] {
        for side in [Player::A, Player::B] {
            let h = Hole::new(n, side);
            out.push(Move::sow(h));
            out.push(Move::sow_dir(h, Dir::Ccw));
            out.push(Move::sow_dir(h, Dir::Cw));
            out.push(Move::ReduCapture { hole: h });
            out.push(Move::ReduPenalty { hole: h });
            let mut full = Letters::EMPTY;
            while full.push(Letter::B) {}
            for (letters, seeds) in [(Letters::EMPTY, Some(0)), (full, Some(255)), (full, None)] {
                out.push(Move::ReduSow(ReduSow {
                    capture: Some(h),
                    start: h,
                    second: Some(h),
                    dir: Some(Dir::Ccw),
                    special: true,
                    letters,
                    seeds,
                    forgotten: true,
                }));
                out.push(Move::ReduSow(ReduSow {
                    letters,
                    seeds,
                    ..ReduSow::new(h)
                }));
            }
        }
    }
    out
}

#[test]
fn play_never_panics_on_any_token_form_at_reachable_positions() {
    let tokens = token_forms();
    let moves = built_moves();
    // Every game's canonical tokens, tried in every other game.
    let mut foreign: HashSet<String> = HashSet::new();
    let mut positions = 0;
    for (k, v) in all_variants().into_iter().enumerate() {
        let sample: Vec<_> = reachable(v, 7 + k as u64, 400)
            .into_iter()
            .step_by(37)
            .collect();
        for (p, _) in &sample {
            foreign.extend(p.legal_moves().iter().map(ToString::to_string));
        }
        for (p, prev) in &sample {
            for t in &tokens {
                try_everywhere(p, prev.as_ref(), t);
            }
            for m in &moves {
                try_move(p, prev.as_ref(), m);
            }
            positions += 1;
        }
    }
    let foreign: Vec<String> = foreign.into_iter().collect();
    for (k, v) in all_variants().into_iter().enumerate().step_by(3) {
        for (p, prev) in reachable(v, 100 + k as u64, 200).into_iter().step_by(50) {
            for t in &foreign {
                try_everywhere(&p, prev.as_ref(), t);
            }
        }
    }
    assert!(positions > 300, "{positions} positions");
}

/// A token of any shape: made of the characters of move tokens, or of anything.
fn any_token() -> impl Strategy<Value = String> {
    prop_oneof![
        "[xp]?[0-9]{0,3}[AB]?([0-9]{0,2}[AB])?(:[0-9]{1,2}[AB])?[+-]{0,2}o?[dhwb]{0,24}(/[0-9]{1,2}[AB]){0,12}~?",
        "[0-9ABxpo+/:~dhwb-]{0,16}",
        "\\PC{0,12}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    /// Any token at any reachable position of any variant: reading and playing it never panics.
    #[test]
    fn play_never_panics_on_generated_tokens(
        which in 0usize..56,
        seed in any::<u64>(),
        plies in 0usize..300,
        tokens in prop::collection::vec(any_token(), 1..24),
    ) {
        let variants = all_variants();
        let v = variants[which % variants.len()];
        let walk = reachable(v, seed, plies);
        let (p, prev) = walk.last().unwrap();
        for t in &tokens {
            try_everywhere(p, prev.as_ref(), t);
        }
    }
}

/// The canonical spelling of every legal move reads back to a move with the same outcome and the
/// same canonical spelling; a forced direction written out (rules README §6.2, spec/notation.md
/// §5.2) plays the same outcome and is spelled canonically.
#[test]
fn canonical_move_spellings_round_trip() {
    let mut checked = 0;
    for (k, v) in all_variants().into_iter().enumerate() {
        for (p, _) in reachable(v, 500 + k as u64, 300).into_iter().step_by(7) {
            let game = v.kind();
            let moves = p.legal_moves_with_positions();
            let mut seen = HashSet::new();
            for (m, child) in &moves {
                assert!(seen.insert(*child), "{m}: two moves with one outcome");
                let token = m.to_string();
                let read = Move::parse(game, &token)
                    .unwrap_or_else(|e| panic!("{v}: canonical token {token}: {e}"));
                let played = p.play(&read, PlayOptions::FULL).unwrap();
                assert_eq!(played.position, *child, "{v}: {token}");
                assert_eq!(played.canonical, *m, "{v}: {token}");
                assert_eq!(played.canonical.to_string(), token);
                for alt in [format!("{token}+"), format!("{token}-")] {
                    let Ok(mv) = Move::parse(game, &alt) else {
                        continue;
                    };
                    if let Ok(pl) = p.play(&mv, PlayOptions::FULL) {
                        let canon = moves
                            .iter()
                            .find(|(_, c)| *c == pl.position)
                            .map(|(m, _)| *m);
                        assert_eq!(Some(pl.canonical), canon, "{v}: {alt}");
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 5000, "{checked} moves");
}

/// The `owners=` value of ownership by rows.
fn rows_owners(s: &rules_core::Setup) -> String {
    let g = s.geometry();
    g.diagram_rows()
        .iter()
        .map(|r| r.iter().map(|&i| g.row(i).letter()).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

/// The same position string, not canonical: fields shuffled, separators of tabs and runs of
/// spaces, defaults written out.
fn respell(canonical: &str, s: &rules_core::Setup, rng: &mut Rng) -> String {
    let mut parts: Vec<String> = canonical.split(' ').map(str::to_owned).collect();
    let mut fields = parts.split_off(3);
    for (present, default) in [
        ("store=", "store=0,0".to_owned()),
        ("reserve=", "reserve=0,0".to_owned()),
        ("round=", "round=1".to_owned()),
        ("owners=", format!("owners={}", rows_owners(s))),
    ] {
        if !fields.iter().any(|f| f.starts_with(present)) && rng.below(2) == 0 {
            fields.push(default);
        }
    }
    for k in (1..fields.len()).rev() {
        fields.swap(k, rng.below(k + 1));
    }
    parts.extend(fields);
    let seps = [" ", "  ", "\t", " \t "];
    let mut out = seps[rng.below(2) * 2].to_owned();
    for (k, p) in parts.iter().enumerate() {
        if k > 0 {
            out.push_str(seps[rng.below(seps.len())]);
        }
        out.push_str(p);
    }
    out.push_str(seps[rng.below(2) * 3]);
    out
}

#[test]
fn position_strings_round_trip_in_any_spelling() {
    let mut rng = Rng::new(8);
    let mut checked = 0;
    for (k, v) in all_variants().into_iter().enumerate() {
        let options = rules_core::StatedOptions::of(v);
        for (p, _) in reachable(v, 900 + k as u64, 400).into_iter().step_by(5) {
            let setup = p.to_setup();
            let text = notation::write_position(&setup);
            assert_eq!(
                notation::parse_position(&text, Some(&options)).as_ref(),
                Ok(&setup)
            );
            for _ in 0..3 {
                let other = respell(&text, &setup, &mut rng);
                let read = notation::parse_position(&other, Some(&options))
                    .unwrap_or_else(|e| panic!("`{other}` (`{text}`): {e}"));
                assert_eq!(read, setup, "`{other}` reads otherwise than `{text}`");
                assert_eq!(notation::write_position(&read), text);
                assert_eq!(Position::from_setup(&read), Ok(p));
            }
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked} positions");
}

/// The estimate's totals in the games whose seeds all go to their row's owner at the end
/// (Bechi B13, Giuthi G20, Redu R27) are the stores plus each hole's seeds to the owner the
/// position's set-up names: what `provisional_totals` computed from the set-up before the games
/// computed it from their own fields (the search estimates every child it orders with it).
#[test]
fn provisional_totals_give_each_holes_seeds_to_its_owner() {
    let mut checked = 0;
    for (k, v) in all_variants().into_iter().enumerate() {
        if !matches!(
            v.kind(),
            GameKind::Bechi | GameKind::Giuthi | GameKind::Redu
        ) {
            continue;
        }
        for (p, _) in reachable(v, 700 + k as u64, 300) {
            let s = p.to_setup();
            let mut totals = s.stores;
            for (i, &n) in s.seeds.iter().enumerate() {
                totals[s.owner(i).index()] += n;
            }
            assert_eq!(
                p.provisional_totals(),
                totals,
                "{v}: {}",
                notation::write_position(&s)
            );
            checked += 1;
        }
    }
    assert!(checked > 3000, "{checked} positions");
}

/// Every hole of the board, by name.
fn holes(p: &Position) -> Vec<Hole> {
    let g = p.geometry();
    (0..g.len()).map(|i| g.hole(i)).collect()
}

/// Redu sowings from `base`, by brute force over decision strings. A string that plays is kept
/// and extended by every letter. A string stopped at a far end that asks for w or b (R13, R14) is
/// extended too, unless the far end already had its letter and it was an entry letter: then
/// adding w or b changes nothing, and no longer string can play. Any other error (letters left
/// over, R15; a forbidden entry, R11; ...) ends the string's line.
fn redu_decisions(p: &Position, base: ReduSow, out: &mut HashSet<Position>) {
    enum Tried {
        Plays(Position),
        FarEnd(String),
        Fails,
    }
    fn attempt(p: &Position, m: ReduSow) -> Tried {
        match p
            .play(&Move::ReduSow(m), PlayOptions::QUIET)
            .map(|p| p.position)
        {
            Ok(child) => Tried::Plays(child),
            Err(e)
                if e.reason
                    .to_string()
                    .contains("write w (wrap) or b (bounce)") =>
            {
                Tried::FarEnd(e.reason.to_string())
            }
            Err(_) => Tried::Fails,
        }
    }
    fn with(m: ReduSow, l: Letter) -> Option<ReduSow> {
        let mut n = m;
        n.letters.push(l).then_some(n)
    }
    fn go(p: &Position, m: ReduSow, out: &mut HashSet<Position>) {
        match attempt(p, m) {
            Tried::Fails => return,
            Tried::Plays(child) => {
                out.insert(child);
            }
            Tried::FarEnd(why) => {
                // Does a w or b added here reach past that far end?
                let stuck = [Letter::W, Letter::B].into_iter().all(|l| {
                    with(m, l).is_none_or(|n| matches!(attempt(p, n), Tried::FarEnd(w) if w == why))
                });
                if stuck {
                    return;
                }
            }
        }
        for l in [Letter::D, Letter::H, Letter::W, Letter::B] {
            if let Some(n) = with(m, l) {
                go(p, n, out);
            }
        }
    }
    go(p, base, out);
}

/// The distinct children of `p`, by trying every move this brute force can write and keeping what
/// plays: no use of the move generator.
fn naive_children(p: &Position) -> HashSet<Position> {
    let mut out = HashSet::new();
    let hs = holes(p);
    let dirs = [None, Some(Dir::Ccw), Some(Dir::Cw)];
    for mv in [Move::Pass, Move::Open] {
        if let Ok(c) = p.play(&mv, PlayOptions::QUIET).map(|p| p.position) {
            out.insert(c);
        }
    }
    if p.variant().kind() != GameKind::Redu {
        for &h in &hs {
            for dir in dirs {
                if let Ok(c) = p
                    .play(&Move::Sow { hole: h, dir }, PlayOptions::QUIET)
                    .map(|p| p.position)
                {
                    out.insert(c);
                }
            }
        }
        return out;
    }
    let captures: Vec<Option<Hole>> = std::iter::once(None)
        .chain(hs.iter().map(|&h| Some(h)))
        .collect();
    for &h in &hs {
        if let Ok(c) = p
            .play(&Move::ReduCapture { hole: h }, PlayOptions::QUIET)
            .map(|p| p.position)
        {
            out.insert(c);
        }
    }
    for &capture in &captures {
        for &start in &hs {
            for second in std::iter::once(None).chain(hs.iter().map(|&h| Some(h))) {
                for dir in dirs {
                    for special in [false, true] {
                        let base = ReduSow {
                            capture,
                            second,
                            dir,
                            special,
                            ..ReduSow::new(start)
                        };
                        redu_decisions(p, base, &mut out);
                    }
                }
            }
        }
    }
    out
}

fn naive_perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    naive_children(p)
        .iter()
        .map(|c| naive_perft(c, depth - 1))
        .sum()
}

#[test]
fn perft_is_the_sum_over_distinct_children_found_by_brute_force() {
    let mut checked = 0;
    for (k, v) in all_variants().into_iter().enumerate() {
        let redu = v.kind() == GameKind::Redu;
        let walk = reachable(v, 1300 + k as u64, if redu { 60 } else { 200 });
        let step = if redu { 20 } else { 40 };
        for (p, _) in walk.into_iter().step_by(step) {
            let children = naive_children(&p);
            let legal: HashSet<Position> = p
                .legal_moves_with_positions()
                .into_iter()
                .map(|(_, c)| c)
                .collect();
            assert_eq!(
                children,
                legal,
                "{v}: children of {}",
                notation::write_view(p.view())
            );
            assert_eq!(p.perft(1), children.len() as u128);
            let depth2: u128 = children.iter().map(|c| u128::from(naive_perft(c, 1))).sum();
            assert_eq!(
                p.perft(2),
                depth2,
                "{v}: perft 2 of {}",
                notation::write_view(p.view())
            );
            checked += 1;
            let s = p.to_setup();
            assert_eq!(seed_total(&s), v.total_seeds());
        }
    }
    assert!(checked > 200, "{checked} positions");
}

/// Every event of a traced ply says its rule as a value (`Event::rule`), the one its JSON form
/// writes: what counts or lists the rules a ply applied needs no reading of the JSON. A trace's
/// `rules` are those of its events, each once, in order.
#[test]
fn events_say_the_rule_their_json_names() {
    let mut events = 0;
    for (k, game) in GameKind::ALL.into_iter().enumerate() {
        for (p, _) in reachable(Variant::default_for(game), 7 + k as u64, 60) {
            for mv in p.legal_moves() {
                let played = p.play(&mv, PlayOptions::FULL).unwrap();
                let mut named = Vec::new();
                for e in &played.trace.events {
                    let json = serde_json::to_value(e).unwrap();
                    let written = json.get("rule").map(|r| r.as_str().unwrap().to_owned());
                    assert_eq!(
                        e.rule().map(|r| r.to_string()),
                        written,
                        "{game} {mv}: {e:?}"
                    );
                    if let Some(r) = e.rule()
                        && !named.contains(&r)
                    {
                        named.push(r);
                    }
                    events += 1;
                }
                assert_eq!(played.trace.rules(), named);
            }
        }
    }
    assert!(events > 10_000, "{events} events");
}
