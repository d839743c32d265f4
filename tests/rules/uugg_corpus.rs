//! The Uugg records of `corpus/ok/` replayed by the reference implementation: before every ply the
//! legal moves and their positions (children found by Brent's cycle finder and whole-setup
//! comparison), every round's scores and the next round's set-up (U18–U23, written again in
//! `reference::uugg`) agree with the engine's.
//! `mancala validate` checks each record's annotations against the engine; this test makes every
//! number in those records, the generated matches' included, rest on two implementations.

use crate::reference;
use rules_core::{AfterRound, Decision, PlayOptions, Position, Setup, StatedOptions};
use std::path::PathBuf;

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus/ok")
}

/// Replays one record with both implementations; returns the plies and round changes checked.
fn replay_both(text: &str, what: &str) -> (usize, usize) {
    let parsed = notation::parse_record(text).unwrap_or_else(|e| panic!("{what}: {e:?}"));
    let r = parsed.record;
    let variant = r.variant;
    let options = StatedOptions::of(variant);
    let start = match &r.position {
        Some(p) => notation::parse_position(p, Some(&options)).unwrap(),
        None => Setup::start(variant, r.opener),
    };
    let mut pos = Position::from_setup(&start).unwrap();
    // Ownership by rows written out (a lenient spelling) is no ownership written.
    let mut setup = pos.to_setup();
    assert_eq!(
        notation::write_position(&setup),
        notation::write_position(&start)
    );
    let (mut plies, mut rounds) = (0, 0);
    for item in &r.movetext {
        match item {
            notation::Item::Ply { token, .. } => {
                let mv = rules_core::Move::parse(r.game(), token).unwrap();
                let played = pos
                    .play(&mv, PlayOptions::FULL)
                    .unwrap_or_else(|e| panic!("{what}: {token}: {e}"));
                let name = played.canonical.to_string();
                let theirs = reference::children(&setup);
                // Every move of the position, not only the one played.
                let mut ours: Vec<(String, Setup)> = pos
                    .legal_moves_with_positions()
                    .into_iter()
                    .map(|(m, c)| (m.to_string(), c.to_setup()))
                    .collect();
                let mut all = theirs.clone();
                ours.sort_by(|a, b| a.0.cmp(&b.0));
                all.sort_by(|a, b| a.0.cmp(&b.0));
                assert_eq!(ours, all, "{what}: the moves before ply {}", plies + 1);
                let Some((_, child)) = theirs.iter().find(|(m, _)| *m == name) else {
                    panic!("{what}: the reference has no move {name} in {setup:?}")
                };
                assert_eq!(
                    played.position.to_setup(),
                    *child,
                    "{what}: ply {} ({name})",
                    plies + 1
                );
                pos = played.position;
                setup = child.clone();
                plies += 1;
            }
            notation::Item::Round { .. } => {
                assert!(reference::children(&setup).is_empty(), "{what}: round over");
                let ours = pos.round_result().unwrap();
                assert_eq!(ours.totals, reference::uugg::scores(&setup), "{what}");
                let AfterRound::Next(next) = pos.after_round(&Decision::None).unwrap() else {
                    panic!("{what}: the match goes on")
                };
                let theirs = reference::uugg::next_round(&setup).expect("the match goes on");
                assert_eq!(next.to_setup(), theirs, "{what}: round set-up");
                pos = next;
                setup = theirs;
                rounds += 1;
            }
            _ => {}
        }
    }
    // The end of the record: a finished match agrees on the winner (U22).
    if r.result != notation::Outcome::Unfinished {
        assert!(reference::children(&setup).is_empty());
        assert_eq!(
            pos.round_result().unwrap().totals,
            reference::uugg::scores(&setup)
        );
        let winner = reference::uugg::next_round(&setup).expect_err("the match is over");
        assert_eq!(
            r.result,
            notation::Outcome::of_winner(Some(winner)),
            "{what}"
        );
    }
    (plies, rounds)
}

#[test]
fn uugg_corpus_records_agree_with_the_reference() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n.ends_with(".mgn") && n.contains("uugg")
        })
        .collect();
    files.sort();
    let (mut records, mut plies, mut rounds) = (0, 0, 0);
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        for (k, chunk) in notation::RecordReader::new(&bytes[..]).enumerate() {
            let chunk = chunk.unwrap();
            let what = format!("{} record {}", f.display(), k + 1);
            let (p, r) = replay_both(&chunk.text, &what);
            records += 1;
            plies += p;
            rounds += r;
        }
    }
    assert!(files.len() >= 20, "{} files", files.len());
    assert!(
        records >= 30 && plies >= 250 && rounds >= 12,
        "{records} {plies} {rounds}"
    );
}
