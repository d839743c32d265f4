//! Round trips: canonical(parse(x)) re-parses to the same record for every corpus record; notation
//! -> JSON -> notation is the identity on canonical text; and the same on random complete matches
//! (property tests). Arbitrary input never makes the reader panic.

use crate::support::{corpus_files, root};
use notation::{CheckOptions, Record, RecordReader, check, check_with, parse_record, print_record};
use proptest::prelude::*;
use rules_core::{GameKind, PlayOptions, Variant};
use testkit::generate::{GenOptions, random_record};

/// Checks one valid record: its canonical text re-parses to the canonical record, is a fixed point
/// of canonicalisation, and survives JSON both ways.
fn round_trip(record: &Record) -> String {
    round_trip_in(record, false)
}

/// [`round_trip`], in lenient validation when `lenient` (Redu R25, R26).
fn round_trip_in(record: &Record, lenient: bool) -> String {
    let opts = CheckOptions {
        steps: false,
        canonical: true,
        lenient,
    };
    let canonical = check_with(record, None, opts)
        .canonical
        .unwrap_or_else(|| panic!("{record:?}"));
    let text = print_record(&canonical);
    let again = parse_record(&text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    assert_eq!(again.record, canonical, "{text}");
    let checked = check_with(&again.record, Some(&again.spans), opts);
    assert_eq!(checked.canonical.as_ref(), Some(&canonical));
    assert_eq!(print_record(&again.record), text);
    // JSON both ways.
    let json = serde_json::to_string(&canonical).unwrap();
    let back: Record = serde_json::from_str(&json).unwrap();
    assert_eq!(back, canonical);
    assert_eq!(print_record(&back), text);
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
    // Lines are at most 80 characters, unless one unit is longer.
    for l in text.lines().skip_while(|l| l.starts_with('[')) {
        assert!(
            l.chars().count() <= notation::WIDTH || !l.contains(' ') || l.starts_with('('),
            "{l}"
        );
    }
    text
}

#[test]
fn every_corpus_record_round_trips() {
    let mut n = 0;
    for f in corpus_files("ok") {
        let text = std::fs::read(root().join(&f)).unwrap();
        for chunk in RecordReader::new(&text[..]) {
            let chunk = chunk.unwrap();
            let p = parse_record(&chunk.text).unwrap();
            round_trip(&p.record);
            n += 1;
        }
    }
    // Valid records of the err/ files too (a bad record never spoils its neighbours).
    for f in corpus_files("err") {
        let text = std::fs::read(root().join(&f)).unwrap();
        for chunk in RecordReader::new(&text[..]) {
            let chunk = chunk.unwrap();
            if let Ok(p) = parse_record(&chunk.text)
                && check(&p.record, Some(&p.spans), false).problems.is_empty()
            {
                round_trip(&p.record);
                n += 1;
            }
        }
    }
    // The records valid only in lenient validation (Redu R25, R26).
    let mut lenient = 0;
    for f in corpus_files("lenient") {
        let text = std::fs::read(root().join(&f)).unwrap();
        for chunk in RecordReader::new(&text[..]) {
            let p = parse_record(&chunk.unwrap().text).unwrap();
            assert!(!check(&p.record, None, false).problems.is_empty(), "{f}");
            round_trip_in(&p.record, true);
            lenient += 1;
        }
    }
    assert!(lenient >= 2, "{lenient}");
    assert!(n >= 12, "{n}");
    // Sulus Nishtaw records among them: the rule-book examples and the complete matches.
    let sulus = corpus_files("ok")
        .iter()
        .filter(|f| f.contains("sulus-nishtaw"))
        .count();
    assert!(sulus >= 12, "{sulus} Sulus Nishtaw files in corpus/ok");
    // Redu records: every worked example of the text and a complete game under each option
    // combination.
    let redu = corpus_files("ok")
        .iter()
        .filter(|f| f.contains("redu"))
        .count();
    assert!(redu >= 13, "{redu} Redu files in corpus/ok");
}

/// The four Redu option combinations (redu.md §3).
pub(crate) fn redu_variants() -> Vec<Variant> {
    let mut v = vec![];
    for entry in ["free", "alternate"] {
        for o1 in ["no", "yes"] {
            let mut r = Variant::default_for(GameKind::Redu);
            r.set_option("entry", entry).unwrap();
            r.set_option("o1-costs-turn", o1).unwrap();
            v.push(r);
        }
    }
    v
}

pub(crate) fn variants() -> Vec<Variant> {
    let mut v = vec![];
    for h in ["4", "3"] {
        let mut b = Variant::default_for(GameKind::Bechi);
        b.set_option("holes", h).unwrap();
        v.push(b);
    }
    for (h, s) in [("8", "6"), ("5", "4"), ("6", "6"), ("10", "9")] {
        let mut g = Variant::default_for(GameKind::Giuthi);
        g.set_option("holes", h).unwrap();
        g.set_option("seeds", s).unwrap();
        v.push(g);
    }
    for opts in [
        &[][..],
        &["claims-score-to=side-owner"][..],
        &["v1=on"][..],
        &["v2=on"][..],
        &["v1=on", "v2=on", "claims-score-to=side-owner"][..],
    ] {
        let mut s = Variant::default_for(GameKind::SulusNishtaw);
        for o in opts {
            s.set_option_str(o).unwrap();
        }
        v.push(s);
    }
    for (h, b) in [("5", "compulsory"), ("6", "optional"), ("7", "compulsory")] {
        let mut u = Variant::default_for(GameKind::Uugg);
        u.set_option("holes", h).unwrap();
        u.set_option("balla", b).unwrap();
        v.push(u);
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, .. ProptestConfig::default() })]

    /// Random complete matches, annotated and commented, survive every round trip.
    #[test]
    fn random_matches_round_trip(seed in any::<u64>(), which in 0usize..64) {
        let opts = GenOptions { max_rounds: 4, max_plies: 400, ..GenOptions::default() };
        let variants = variants();
        let record = random_record(variants[which % variants.len()], seed, opts);
        let checked = check(&record, None, false);
        prop_assert!(checked.problems.is_empty(), "{:?}", checked.problems);
        let text = round_trip(&record);
        // And the lenient forms: CRLF line ends and a BOM read the same.
        let crlf = format!("\u{feff}{}", text.replace('\n', "\r\n"));
        let chunk = RecordReader::new(crlf.as_bytes()).next().unwrap().unwrap();
        prop_assert_eq!(chunk.text, text);
    }

    /// Random matches with variations nested up to 3 deep (notation 1.1, spec/notation.md §6.4)
    /// survive every round trip, and every variation is replayed, from the position before the
    /// ply it replaces.
    #[test]
    fn random_matches_with_variations_round_trip(seed in any::<u64>(), which in 0usize..64) {
        let opts = GenOptions { max_rounds: 2, max_plies: 120, variations: true, ..GenOptions::default() };
        let variants = variants();
        let record = random_record(variants[which % variants.len()], seed, opts);
        let checked = check(&record, None, true);
        prop_assert!(checked.problems.is_empty(), "{:?}", checked.problems);
        fn variations(items: &[notation::Item]) -> usize {
            items.iter().map(|i| match i {
                notation::Item::Variation { items } => 1 + variations(items),
                _ => 0,
            }).sum()
        }
        let n = variations(&record.movetext);
        prop_assert_eq!(checked.variations.len(), n);
        prop_assert_eq!(record.notation == "1.1", n > 0);
        for v in &checked.variations {
            let first = v.steps.iter().find_map(|s| match s {
                notation::Step::Ply { number, .. } => Some(*number),
                _ => None,
            });
            prop_assert_eq!(first, Some(v.ply));
        }
        round_trip(&record);
    }

    /// Random Sulus Nishtaw matches under every option combination of the corpus, with their
    /// openings, claims, taxes, repeat moves and shifting territories, survive every round trip.
    #[test]
    fn random_sulus_nishtaw_matches_round_trip(seed in any::<u64>(), which in 0usize..5) {
        let opts = GenOptions { max_rounds: 6, max_plies: 400, ..GenOptions::default() };
        let variants = variants();
        let sulus: Vec<&Variant> = variants
            .iter()
            .filter(|v| v.kind() == GameKind::SulusNishtaw)
            .collect();
        let record = random_record(*sulus[which], seed, opts);
        let checked = check(&record, None, false);
        prop_assert!(checked.problems.is_empty(), "{:?}", checked.problems);
        round_trip(&record);
    }

    /// Random complete Redu games under every option combination, with their zigzag decisions,
    /// two-singleton moves, O1 prefixes, capture plies and the `sown` and `right` annotations,
    /// survive every round trip; every token, also in the long form that lists the sown holes,
    /// reads back to the same record.
    #[test]
    fn random_redu_games_round_trip(seed in any::<u64>(), which in 0usize..4) {
        let opts = GenOptions { max_plies: 600, ..GenOptions::default() };
        let record = random_record(redu_variants()[which], seed, opts);
        let checked = check(&record, None, false);
        prop_assert!(checked.problems.is_empty(), "{:?}", checked.problems);
        let text = round_trip(&record);
        prop_assert!(text.contains("[Game \"redu\"]"));
        // Every sowing written in the long form (the holes it sows) is the same record.
        let mut long = record.clone();
        let mut pos = rules_core::Position::from_setup(&rules_core::Setup::start(
            redu_variants()[which],
            record.opener,
        ))
        .unwrap();
        for item in &mut long.movetext {
            if let notation::Item::Ply { token, .. } = item {
                let mv = rules_core::Move::parse(GameKind::Redu, token).unwrap();
                let played = pos.play(&mv, PlayOptions::FULL).unwrap();
                let sown: Vec<String> = played.trace.sown().map(|h| h.to_string()).collect();
                if let rules_core::Move::ReduSow(s) = mv {
                    let mut t = String::new();
                    if let Some(c) = s.capture {
                        t.push_str(&format!("x{c}:"));
                    }
                    t.push_str(&s.start.to_string());
                    if let Some(h) = s.second {
                        t.push_str(&h.to_string());
                    }
                    for h in &sown {
                        t.push('/');
                        t.push_str(h);
                    }
                    *token = t;
                }
                pos = played.position;
            }
        }
        let again = check(&long, None, false);
        prop_assert!(again.problems.is_empty(), "{:?}", again.problems);
        prop_assert_eq!(print_record(&again.canonical.unwrap()), text);
    }

    /// No input makes the reader, the parser or the checker panic.
    #[test]
    fn arbitrary_input_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        for chunk in RecordReader::with_limit(&bytes[..], 200) {
            let chunk = chunk.unwrap();
            if let Ok(p) = parse_record(&chunk.text) {
                let _ = check(&p.record, Some(&p.spans), true);
            }
        }
    }

    /// Text close to a record: mutations of a valid record never make anything panic.
    #[test]
    fn mutated_records_never_panic(at in 0usize..2000, with in "[ -~\n{}()<>\\[\\]\\\\\"]{0,6}") {
        let base = std::fs::read_to_string(root().join("corpus/ok/bechi-fig00b.mgn")).unwrap();
        let at = at.min(base.len());
        let at = (0..=at).rev().find(|&k| base.is_char_boundary(k)).unwrap();
        let text = format!("{}{}{}", &base[..at], with, &base[at..]);
        if let Ok(p) = parse_record(&text) {
            let c = check(&p.record, Some(&p.spans), true);
            for problem in &c.problems {
                let o = notation::Origin { file: "f", record: 1, first_line: 1, text: Some(&text) };
                let _ = o.render(problem);
            }
        }
    }
}
