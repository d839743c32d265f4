//! The Bechi solver and its database: against the search, and the file format.

use crate::support::{Lcg, analysis, endgames, pos};
use analysis::db::{Database, key};
use analysis::search::Oracle;
use analysis::solve::solve;
use analysis::value::Outcome;
use rules_core::{BechiOptions, Position, Variant};

fn small_database() -> (Database, Vec<Position>) {
    let roots = [
        pos("bechi 2*,1*,0/6,0,3* B store=12,12 opener=B", &[]),
        pos("bechi 6,6,2*/4*,0,2* A store=8,8 opener=B", &[]),
    ];
    let (db, stats) = solve(&roots, usize::MAX, &mut |_| {}).unwrap();
    assert_eq!(stats.positions, db.keys.len());
    assert!(stats.positions > 1000, "{}", stats.positions);
    (db, roots.to_vec())
}

/// Every position of a small database: its two stored values are those the search proves
/// without the database.
#[test]
fn every_position_of_a_small_database_agrees_with_the_search() {
    let (db, _) = small_database();
    let mut checked = 0;
    for (i, &k) in db.keys.iter().enumerate().step_by(7) {
        let p = key::position(k, 3).unwrap();
        let a = analysis(&p, 2_000_000, 1);
        assert!(a.proved, "{k:#x}");
        let stored = db.probe(&p).unwrap();
        assert_eq!(
            [a.value, a.worst],
            stored.map(Outcome::from_score),
            "{} (record {i})",
            notation::write_position(&p.to_setup())
        );
        checked += 1;
    }
    assert!(checked > 150, "{checked}");
}

/// The search with the database as oracle stops at the root with the stored value.
#[test]
fn the_search_uses_the_database_as_an_oracle() {
    let (db, roots) = small_database();
    for r in &roots {
        let without = analysis(r, 5_000_000, 1);
        let with = analysis::analyse(
            r,
            &analysis::SearchOptions {
                oracle: Some(&db),
                ..analysis::SearchOptions::default()
            },
        )
        .unwrap();
        assert!(with.exact && without.exact);
        assert_eq!(with.value, without.value);
        // Depth 1: each move of the root answered by the database (a move searched again when
        // it beats the first is visited twice).
        assert_eq!(with.depth, 1);
        assert!(
            with.nodes <= 2 * r.legal_moves().len() as u64,
            "{}",
            with.nodes
        );
        assert!(with.nodes < without.nodes);
    }
}

/// Random Bechi 2×3 endgames from the start agree with a database solved from them.
#[test]
fn endgames_from_the_start_agree() {
    let variant = Variant::Bechi(BechiOptions { holes: 3 });
    let ps = endgames(variant, 12, 20, &mut Lcg(9));
    let (db, _) = solve(&ps, usize::MAX, &mut |_| {}).unwrap();
    for p in &ps {
        let a = analysis(p, 2_000_000, 1);
        assert!(a.exact);
        assert_eq!(
            Some([a.value, a.worst]),
            db.probe(p).map(|v| v.map(Outcome::from_score))
        );
    }
}

#[test]
fn the_database_file_round_trips_and_its_checksum_catches_a_changed_byte() {
    let (db, _) = small_database();
    let mut bytes = Vec::new();
    db.write(&mut bytes).unwrap();
    let text_end = bytes.windows(2).position(|w| w == b"\n\n").unwrap() + 2;
    let header = String::from_utf8(bytes[..text_end].to_vec()).unwrap();
    assert!(header.starts_with("mancala-db 1\ngame bechi holes=3\npositions "));
    assert_eq!(bytes.len() - text_end, db.keys.len() * 10);
    assert_eq!(Database::read(&mut &bytes[..]).unwrap(), db);
    let mut bad = bytes.clone();
    let last = bad.len() - 1;
    bad[last] ^= 1;
    let e = Database::read(&mut &bad[..]).unwrap_err();
    assert!(e.contains("checksum mismatch"), "{e}");
    let e = Database::read(&mut &bytes[..bytes.len() - 3]).unwrap_err();
    assert!(e.contains("record"), "{e}");
}

#[test]
fn keys_round_trip() {
    let p = pos("bechi 2*,1*,0/6,0,3* B store=12,12 opener=B", &[]);
    let k = key::key(&p).unwrap();
    let back = key::position(k, 3).unwrap();
    assert_eq!(key::key(&back), Some(k));
    assert_eq!(back.to_setup().seeds, p.to_setup().seeds);
    // A round with blocked holes is not covered.
    let blocked = pos(
        "bechi 6,6,6/0x,6,6 B store=0,0 reserve=0,6 round=2 opener=B",
        &[],
    );
    assert_eq!(key::key(&blocked), None);
}
