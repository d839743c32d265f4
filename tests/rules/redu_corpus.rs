//! The Redu records of `corpus/ok/` replayed by the reference implementation: before every ply
//! the children of the position (every decision string, deduplicated) are the engine's, and the
//! position the record reaches is one of the reference's children; at the end of a finished
//! game the winner follows from the totals (R27–R29), counted here again.
//! `mancala validate` checks each record's annotations against the engine; this test makes every
//! number in those records, the generated games' included, rest on two implementations.

use crate::redu_matches::check_reference;
use crate::reference;
use rules_core::{PlayOptions, Player, Position, Setup, StatedOptions};
use std::path::PathBuf;

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus/ok")
}

/// Replays one record with both implementations; returns the plies checked.
fn replay_both(text: &str, what: &str) -> usize {
    let parsed = notation::parse_record(text).unwrap_or_else(|e| panic!("{what}: {e:?}"));
    let r = parsed.record;
    let variant = r.variant;
    let start = match &r.position {
        Some(p) => notation::parse_position(p, Some(&StatedOptions::of(variant))).unwrap(),
        None => Setup::start(variant, r.opener),
    };
    let mut pos = Position::from_setup(&start).unwrap();
    let mut plies = 0;
    for item in &r.movetext {
        let notation::Item::Ply { token, .. } = item else {
            continue;
        };
        check_reference(&pos);
        let mv = rules_core::Move::parse(r.game(), token).unwrap();
        let played = pos
            .play(&mv, PlayOptions::FULL)
            .unwrap_or_else(|e| panic!("{what}: {token}: {e}"));
        let child = played.position.to_setup();
        assert!(
            reference::children(&pos.to_setup())
                .iter()
                .any(|(_, c)| *c == child),
            "{what}: ply {} ({token}) is not a reference move",
            plies + 1
        );
        pos = played.position;
        plies += 1;
    }
    // The end of the record: a finished game has no moves by either implementation, and the
    // winner is the player with more seeds: his captures and the seeds left in his row (R27).
    let setup = pos.to_setup();
    if r.result == notation::Outcome::Unfinished {
        assert!(pos.round_result().is_none(), "{what}: the game is over");
    } else {
        assert!(reference::children(&setup).is_empty(), "{what}");
        let totals = Player::BOTH.map(|p| {
            let row: u32 = (0..12)
                .filter(|&i| (i >= 6) == (p == Player::A))
                .map(|i| setup.seeds[i])
                .sum();
            setup.stores[p.index()] + row
        });
        assert_eq!(totals[0] + totals[1], 48, "{what}");
        let winner = match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => Some(Player::A),
            std::cmp::Ordering::Less => Some(Player::B),
            std::cmp::Ordering::Equal => None,
        };
        assert_eq!(r.result, notation::Outcome::of_winner(winner), "{what}");
        assert_eq!(pos.round_result().unwrap().totals, totals, "{what}");
    }
    plies
}

#[test]
fn redu_corpus_records_agree_with_the_reference() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n.ends_with(".mgn") && n.contains("redu")
        })
        .collect();
    files.sort();
    let (mut records, mut plies) = (0, 0);
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        for (k, chunk) in notation::RecordReader::new(&bytes[..]).enumerate() {
            let chunk = chunk.unwrap();
            let what = format!("{} record {}", f.display(), k + 1);
            plies += replay_both(&chunk.text, &what);
            records += 1;
        }
    }
    // The worked examples of the text and a complete game under each option combination.
    assert!(files.len() >= 13, "{} files", files.len());
    assert!(
        records >= 19 && plies >= 800,
        "{records} records, {plies} plies"
    );
}
