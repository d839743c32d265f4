//! Round trips: canonical(parse(x)) re-parses to the same record for every corpus record; notation
//! -> JSON -> notation is the identity on canonical text; and the same on random complete matches
//! (property tests). Arbitrary input never makes the reader panic.

use crate::support::{corpus_files, root};
use notation::generate::{GenOptions, random_record};
use notation::{Record, RecordReader, check, parse_record, print_record};
use proptest::prelude::*;
use rules_core::{GameKind, Variant};

/// Checks one valid record: its canonical text re-parses to the canonical record, is a fixed point
/// of canonicalisation, and survives JSON both ways.
fn round_trip(record: &Record) -> String {
    let canonical = check(record, None, false)
        .canonical
        .unwrap_or_else(|| panic!("{record:?}"));
    let text = print_record(&canonical);
    let again = parse_record(&text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    assert_eq!(again.record, canonical, "{text}");
    let checked = check(&again.record, Some(&again.spans), false);
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
    assert!(n >= 12, "{n}");
    // Sulus Nishtaw records among them: the rule-book examples and the complete matches.
    let sulus = corpus_files("ok")
        .iter()
        .filter(|f| f.contains("sulus-nishtaw"))
        .count();
    assert!(sulus >= 12, "{sulus} Sulus Nishtaw files in corpus/ok");
}

fn variants() -> Vec<Variant> {
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
