//! The replay's comparison of a written token with the canonical spelling (`notation::spells`,
//! which builds no text) answers as comparing the spelled-out text does, on every ply of the
//! corpus and of random matches of every variant.

use crate::roundtrip::{redu_variants, variants};
use crate::support::{corpus_files, root};
use notation::{CheckOptions, Record, RecordReader, Step, check_with, parse_record, spells};
use rules_core::Move;
use testkit::generate::{GenOptions, random_record};

/// For every ply replayed in `record`: the written and the canonical token, each read as a move,
/// against both tokens and near misses (a letter more, the first one less), `spells` agrees with `==` on
/// the move's text. Returns how many plies were compared.
fn agrees_on(record: &Record) -> usize {
    let opts = CheckOptions {
        steps: true,
        canonical: false,
        lenient: true,
    };
    let checked = check_with(record, None, opts);
    let mut plies = 0;
    for step in &checked.steps {
        let Step::Ply { written, token, .. } = step else {
            continue;
        };
        plies += 1;
        let moves: Vec<Move> = [written, token]
            .iter()
            .filter_map(|t| Move::parse(record.game(), t).ok())
            .collect();
        assert!(!moves.is_empty(), "{written} / {token}");
        let texts = [
            written.clone(),
            token.clone(),
            format!("{token}a"),
            token.chars().skip(1).collect(),
            String::new(),
        ];
        for m in &moves {
            for t in &texts {
                assert_eq!(spells(m, t), m.to_string() == *t, "{m} against {t:?}");
            }
        }
    }
    plies
}

#[test]
fn spells_agrees_with_the_text_on_every_corpus_ply() {
    let mut plies = 0;
    for dir in ["ok", "err", "lenient"] {
        for f in corpus_files(dir) {
            let text = std::fs::read(root().join(&f)).unwrap();
            for chunk in RecordReader::new(&text[..]).flatten() {
                if let Ok(p) = parse_record(&chunk.text) {
                    plies += agrees_on(&p.record);
                }
            }
        }
    }
    assert!(plies > 1000, "{plies}");
}

#[test]
fn spells_agrees_with_the_text_on_random_matches() {
    let opts = GenOptions {
        max_rounds: 3,
        max_plies: 300,
        ..GenOptions::default()
    };
    let mut plies = 0;
    for (i, v) in variants().into_iter().chain(redu_variants()).enumerate() {
        for seed in 0..3 {
            plies += agrees_on(&random_record(v, 1000 * i as u64 + seed, opts));
        }
    }
    assert!(plies > 1000, "{plies}");
}
