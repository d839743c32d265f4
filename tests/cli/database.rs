//! `mancala solve` and its database file, end to end: a file is trusted for nothing it does not
//! prove (issue 23: every byte under a check, counts and values checked against the game before
//! anything is allocated, another game refused, folders, special files and truncated files named),
//! a stopped solve resumes from its journal, and a solve under a memory limit stops with its
//! message (spec/analysis.md §3, §4).

use crate::support::{fresh_dir, mancala};
use std::path::{Path, PathBuf};

/// The Bechi 2×3 ending of `analysis.rs`: −14 for B, worked by hand.
const ENDING: &str = "bechi 0,2*,0/3*,0,1* B store=20,10 opener=B";

/// A small database: every position reachable from two 2×3 middle games.
fn small_db(dir: &Path) -> PathBuf {
    let db = dir.join("small.db");
    let out = mancala()
        .args(["solve", "--quiet", "--position", ENDING])
        .args(["--position", "bechi 6,6,2*/4*,0,2* A store=8,8 opener=B"])
        .args(["--out", db.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    db
}

/// `mancala analyse --db DB POSITION`: exit code, stdout, stderr.
fn analyse_with(db: &Path, position: &str) -> (Option<i32>, String, String) {
    let out = mancala()
        .args(["analyse", "--db", db.to_str().unwrap(), position])
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_database_answers_exactly_at_the_root() {
    let dir = fresh_dir("db-answers");
    let db = small_db(&dir);
    let (code, out, err) = analyse_with(&db, ENDING);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("value -14 (exact)"), "{out}");
    assert!(out.contains("depth 1,"), "{out}");
}

/// Issue 23.2: the header was outside the checksum; `holes=3` made `holes=4` gave −14 exact for
/// a position whose value is +6. Now every header byte is under the header's check.
#[test]
fn a_changed_header_byte_is_refused() {
    let dir = fresh_dir("db-header");
    let db = small_db(&dir);
    let mut bytes = std::fs::read(&db).unwrap();
    let at = bytes.windows(7).position(|w| w == b"holes=3").unwrap();
    bytes[at + 6] = b'4';
    std::fs::write(&db, &bytes).unwrap();
    let (code, out, err) = analyse_with(&db, "bechi 0,0,0*,0*/16*,1*,4*,17* B store=4,6 opener=B");
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("small.db: the header or tables are damaged"),
        "{err}"
    );
}

/// The header and the rest of a database file.
fn split(bytes: &[u8]) -> (String, Vec<u8>) {
    let end = bytes.windows(2).position(|w| w == b"\n\n").unwrap() + 2;
    (
        String::from_utf8(bytes[..end].to_vec()).unwrap(),
        bytes[end..].to_vec(),
    )
}

/// Issue 23.2: with its checks made again, a file could claim −100 for a 36-seed game. Values
/// are range-checked against their slice (at most the seeds on the board, even, best ≥ worst).
#[test]
fn values_out_of_range_are_refused_even_with_the_checks_made_again() {
    let dir = fresh_dir("db-values");
    let db = small_db(&dir);
    let bytes = std::fs::read(&db).unwrap();
    // Every value −100, a margin no 2×3 board allows, the checks made again.
    let bad = testkit::hostile_db::rewrite_values(&bytes, |_| [-100, -100]).unwrap();
    std::fs::write(&db, &bad).unwrap();
    // The whole file checked block by block, as `cargo xtask solve-check` does first: refused.
    let opened = analysis::db::Database::open_path(&db).unwrap();
    let e = opened.verify().unwrap_err();
    assert!(e.contains("values lie in −"), "{e}");
    // A lookup fails the command (exit 2) instead of answering.
    let (code, out, err) = analyse_with(&db, ENDING);
    assert_eq!(code, Some(2), "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("small.db: block ") && err.contains("has values -100 / -100"),
        "{err}"
    );
    assert!(err.contains("values lie in −"), "{err}");
    // Values in range but odd (a margin of an even number of seeds is even): refused too.
    let odd = testkit::hostile_db::rewrite_values(&bytes, |[b, w]| [b | 1, w | 1]).unwrap();
    std::fs::write(&db, &odd).unwrap();
    let (code, _, err) = analyse_with(&db, ENDING);
    assert_eq!(code, Some(2));
    assert!(err.contains("are even"), "{err}");
}

/// Issue 23.5: "more than 1 positions".
#[test]
fn the_position_limit_speaks_english() {
    let out = mancala()
        .args(["solve", "--quiet", "-o", "holes=3", "--max-positions", "1"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("more than 1 position: stopped after finding"),
        "{err}"
    );
    let out = mancala()
        .args([
            "solve",
            "--quiet",
            "-o",
            "holes=3",
            "--max-positions",
            "1000",
        ])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("more than 1000 positions: "));
}

/// Issue 23.2: `positions 18446744073709551615` or `1000000000000` in the header aborted analyse
/// and annotate (capacity overflow, exit 101 or 134). Counts are checked against the game and the
/// file's length before anything is allocated: exit 2, in little memory.
#[cfg(target_os = "linux")]
#[test]
fn huge_counts_are_refused_before_anything_is_allocated() {
    let dir = fresh_dir("db-counts");
    let db = small_db(&dir);
    let (header, rest) = split(&std::fs::read(&db).unwrap());
    let line = |name: &str| {
        header
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap()
            .to_owned()
    };
    for (old, claim) in [
        (line("slices "), "slices 18446744073709551615"),
        (line("slices "), "slices 1000000000000"),
        (line("slices "), "slices 99999"),
        (line("positions "), "positions 18446744073709551615"),
        (line("positions "), "positions 1000000000000"),
    ] {
        let mut raw = header.replacen(&old, claim, 1).into_bytes();
        raw.extend_from_slice(&rest);
        // The checks made again where the tables allow it, so that the count itself is judged.
        let raw = testkit::hostile_db::reseal(&raw).unwrap_or(raw);
        let hostile = dir.join("hostile.db");
        std::fs::write(&hostile, &raw).unwrap();
        for args in [
            vec!["analyse", "--db", hostile.to_str().unwrap(), ENDING],
            vec![
                "annotate",
                "--db",
                hostile.to_str().unwrap(),
                "corpus/ok/bechi-fig03.mgn",
            ],
        ] {
            let run = crate::support::run_bounded("db-counts", &args, 60_000);
            assert_eq!(run.code, Some(2), "{claim}: {}", run.stderr);
            let word = claim.split(' ').next().unwrap();
            assert!(run.stderr.contains(word), "{claim}: {}", run.stderr);
            assert!(!run.stderr.contains("overflow"), "{}", run.stderr);
        }
    }
}

/// Issue 23.2: `--db /dev/zero` read a header line without a bound; a folder said "Is a
/// directory (os error 21)"; a truncated file "failed to fill whole buffer".
#[cfg(target_os = "linux")]
#[test]
fn special_files_folders_and_truncated_files_get_clear_messages() {
    let dir = fresh_dir("db-files");
    let db = small_db(&dir);
    let run =
        crate::support::run_bounded("db-zero", &["analyse", "--db", "/dev/zero", ENDING], 60_000);
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr
            .contains("--db /dev/zero: not a mancala database"),
        "{}",
        run.stderr
    );
    let (code, _, err) = analyse_with(&dir, ENDING);
    assert_eq!(code, Some(2));
    assert!(err.contains("it is a folder, not a database file"), "{err}");
    assert!(!err.contains("os error"), "{err}");
    let bytes = std::fs::read(&db).unwrap();
    for cut in [bytes.len() - 1, bytes.len() / 2, 150, 20] {
        std::fs::write(&db, &bytes[..cut]).unwrap();
        let (code, _, err) = analyse_with(&db, ENDING);
        assert_eq!(code, Some(2), "cut at {cut}");
        assert!(
            err.contains("is truncated") || err.contains("ends inside its header"),
            "cut at {cut}: {err}"
        );
        assert!(!err.contains("failed to fill"), "{err}");
    }
    let (code, _, err) = analyse_with(&dir.join("absent.db"), ENDING);
    assert_eq!(code, Some(2));
    assert!(err.contains("absent.db: no such file or folder"), "{err}");
    // A record file is not a database either.
    let (code, _, err) = analyse_with(Path::new("corpus/ok/bechi-fig03.mgn"), ENDING);
    assert_eq!(code, Some(2));
    assert!(err.contains("not a mancala database"), "{err}");
}

/// Issue 23.2: a database of another game or options was silently ignored. It is exit 2, naming
/// both, in analyse and annotate.
#[test]
fn a_database_of_another_game_is_refused_naming_both() {
    let dir = fresh_dir("db-game");
    let db = small_db(&dir);
    let (code, _, err) = analyse_with(&db, "bechi");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("a database of bechi holes=3, but the position is of bechi holes=4; "),
        "{err}"
    );
    let (code, _, err) = analyse_with(&db, "giuthi");
    assert_eq!(code, Some(2));
    assert!(err.contains("the position is of giuthi holes="), "{err}");
    let out = mancala()
        .args([
            "annotate",
            "--db",
            db.to_str().unwrap(),
            "corpus/ok/bechi-fig03.mgn",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("a database of bechi holes=3"), "{err}");
}

/// A solve keeps each solved pair of slices in its journal: run again, it takes them from there
/// (checked) and gives the same database; a journal cut in the middle of a record, or with a
/// changed byte, keeps what is good and solves the rest.
#[test]
fn a_solve_resumes_from_its_journal() {
    let dir = fresh_dir("solve-resume");
    let work = dir.join("work");
    let solve = |args: &[&str]| {
        let out = mancala()
            .args(["solve", "-o", "holes=3", "--format", "json", "--work"])
            .arg(&work)
            .args(args)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (
            v["data"]["check"].as_str().unwrap().to_owned(),
            v["data"]["stats"]["resumed_pairs"].as_u64().unwrap(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (check, resumed, progress) = solve(&["--quiet"]);
    assert_eq!(resumed, 0);
    assert!(progress.is_empty(), "{progress}");
    let journal = work.join("journal");
    let len = std::fs::metadata(&journal).unwrap().len();
    assert!(len > 1_000_000, "{len}");
    // Whole: every pair taken from it. Progress: a line per pair of slices (stderr is a file).
    let (again, all, progress) = solve(&[]);
    assert_eq!(again, check);
    assert!(all > 100, "{all}");
    assert!(progress.contains("solve: reaching "), "{progress}");
    assert!(progress.contains("solve: resuming "), "{progress}");
    // Cut in the middle of a record: the records before it are kept.
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open(&journal)
        .unwrap();
    f.set_len(len * 2 / 3).unwrap();
    drop(f);
    let (again, some, _) = solve(&["--quiet"]);
    assert_eq!(again, check);
    assert!(some > 10 && some < all, "{some} of {all}");
    // A changed byte: the records from there on are solved again.
    let mut bytes = std::fs::read(&journal).unwrap();
    let at = bytes.len() / 3;
    bytes[at] ^= 1;
    std::fs::write(&journal, &bytes).unwrap();
    let (again, fewer, _) = solve(&["--quiet"]);
    assert_eq!(again, check);
    assert!(fewer < all, "{fewer} of {all}");
    // The journal of another solve is refused, naming it.
    let out = mancala()
        .args(["solve", "--quiet", "--position", ENDING, "--work"])
        .arg(&work)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the work file of another solve"));
}

/// Issue 23.3: `solve` (Bechi 2×4) under a memory limit aborted (exit 134) after minutes. Its
/// memory is reserved fallibly: the documented message, exit 2.
#[cfg(target_os = "linux")]
#[test]
fn a_solve_under_a_memory_limit_stops_with_its_message() {
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 200000 && exec '{}' solve --quiet --threads 1",
            env!("CARGO_BIN_EXE_mancala")
        ))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("mancala: error: not enough memory for the"),
        "{err}"
    );
    assert!(err.contains("spec/analysis.md"), "{err}");
}

/// Issue 34.2: a journal's records carry a check, which catches damage, not an edit: with its
/// check made again, an edited record was taken as solved, and the database written from it
/// was wrong (`analyse --db` then called positions exact with wrong values). A record's values
/// are now checked against their moves before they are kept: the edit is refused, naming a
/// position, and nothing is written.
#[test]
fn an_edited_journal_is_refused_naming_what_is_inconsistent() {
    let dir = fresh_dir("solve-edited-journal");
    let work = dir.join("work");
    let db = dir.join("edited.db");
    let solve = |out: bool| {
        let mut c = mancala();
        c.args(["solve", "--quiet", "--position", ENDING])
            .args(["--position", "bechi 6,6,2*/4*,0,2* A store=8,8 opener=B"])
            .arg("--work")
            .arg(&work);
        if out {
            c.arg("--out").arg(&db);
        }
        c.output().unwrap()
    };
    // Without --out the journal is kept: every pair is in it.
    assert_eq!(solve(false).status.code(), Some(0));
    // Every record edited: in each, the first board whose value is not 0 has it negated (still
    // even and within its slice's seeds, so that the range checks hold), checks made again.
    let journal = work.join("journal");
    let bytes = std::fs::read(&journal).unwrap();
    let mut edited = std::collections::HashSet::new();
    let forged = testkit::hostile_db::rewrite_journal(&bytes, |record, _, [b, w]| {
        if b == w && b != 0 && edited.insert(record) {
            [-b, -w]
        } else {
            [b, w]
        }
    })
    .unwrap();
    assert!(edited.len() > 5, "{edited:?}");
    std::fs::write(&journal, &forged).unwrap();
    let out = solve(true);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("journal: a record was changed after it was written"),
        "{err}"
    );
    assert!(err.contains("its moves give"), "{err}");
    assert!(err.contains("remove the journal"), "{err}");
    assert!(
        !db.exists(),
        "no database is written from an edited journal"
    );
    // The journal is left as it was, for whoever looks into it; put back, it serves.
    assert_eq!(std::fs::read(&journal).unwrap(), forged);
    std::fs::write(&journal, &bytes).unwrap();
    assert_eq!(solve(true).status.code(), Some(0));
    assert!(db.exists());
}

/// `mancala solve --verify FILE` and its JSON.
fn verify(path: &Path, json: bool) -> (Option<i32>, String, String) {
    let mut c = mancala();
    c.args(["solve", "--quiet", "--verify"]).arg(path);
    if json {
        c.args(["--format", "json"]);
    }
    let out = c.output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Issue 34.2: `solve --verify` checks a whole database against the rules: a database as solved
/// is valid (0); with values changed and every check made again, each change is found (1),
/// positions named on stderr, counted on stdout; what cannot be read at all is 2.
#[test]
fn verify_checks_every_value_against_its_moves() {
    let dir = fresh_dir("db-verify");
    let db = small_db(&dir);
    let (code, out, err) = verify(&db, false);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("small.db: valid: bechi holes=3, "), "{out}");
    assert!(
        out.contains("every value is the one its moves give"),
        "{out}"
    );
    assert!(err.is_empty(), "{err}");
    let (code, out, _) = verify(&db, true);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["type"], "verify");
    assert_eq!(v["data"]["valid"], true);
    assert_eq!(v["data"]["inconsistent"], 0);
    let positions = v["data"]["positions"].as_u64().unwrap();
    assert!(positions > 1000, "{out}");

    // Every value not 0 negated: in range and even, so that only the moves tell.
    let bytes = std::fs::read(&db).unwrap();
    let forged =
        testkit::hostile_db::rewrite_values(
            &bytes,
            |[b, w]| if b == w { [-b, -w] } else { [b, w] },
        )
        .unwrap();
    let bad = dir.join("forged.db");
    std::fs::write(&bad, &forged).unwrap();
    // The checks hold: the database reader takes it.
    analysis::db::Database::open_path(&bad)
        .unwrap()
        .verify()
        .unwrap();
    let (code, out, err) = verify(&bad, false);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.contains("forged.db: invalid: "), "{out}");
    assert!(
        out.contains("positions with values their moves do not give"),
        "{out}"
    );
    assert!(err.contains("mancala: error: "), "{err}");
    assert!(err.contains("forged.db: `bechi "), "{err}");
    assert!(err.contains("but its moves give"), "{err}");
    assert!(err.contains("more not shown"), "{err}");
    let (code, out, _) = verify(&bad, true);
    assert_eq!(code, Some(1));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["data"]["valid"], false);
    assert!(v["data"]["inconsistent"].as_u64().unwrap() > 100, "{out}");
    assert_eq!(v["data"]["findings"].as_array().unwrap().len(), 10);
    assert_eq!(v["data"]["findings"][0]["fault"], "inconsistent");

    // One value changed, at one board: found.
    let seen = std::cell::Cell::new(0);
    let one = testkit::hostile_db::rewrite_values(&bytes, |[b, w]| {
        if b == w && b != 0 {
            seen.set(seen.get() + 1);
            if seen.get() == 500 {
                return [-b, -w];
            }
        }
        [b, w]
    })
    .unwrap();
    assert!(seen.get() > 500);
    std::fs::write(&bad, &one).unwrap();
    let (code, out, _) = verify(&bad, true);
    assert_eq!(code, Some(1), "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // The board itself, and its parents, whose values it no longer gives.
    let n = v["data"]["inconsistent"].as_u64().unwrap();
    assert!((1..10).contains(&n), "{out}");

    // Damaged (a byte changed, its check not made again): invalid, 1.
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 2;
    std::fs::write(&bad, &damaged).unwrap();
    let (code, out, err) = verify(&bad, false);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.contains("invalid: block "), "{out}");
    assert!(out.contains("is damaged"), "{out}");
    // Truncated or not a database: invalid, 1.
    std::fs::write(&bad, &bytes[..bytes.len() / 2]).unwrap();
    assert_eq!(verify(&bad, false).0, Some(1));
    let (code, out, _) = verify(Path::new("corpus/ok/bechi-fig03.mgn"), true);
    assert_eq!(code, Some(1));
    assert!(out.contains("not a mancala database"), "{out}");
    // Nothing to read: 2.
    let (code, _, err) = verify(&dir.join("absent.db"), false);
    assert_eq!(code, Some(2));
    assert!(err.contains("absent.db: no such file or folder"), "{err}");
    let (code, _, err) = verify(&dir, false);
    assert_eq!(code, Some(2));
    assert!(err.contains("it is a folder"), "{err}");
    let (code, _, err) = verify(Path::new("-"), false);
    assert_eq!(code, Some(2));
    assert!(err.contains("not from standard input"), "{err}");
    // Nothing to solve with it.
    let out = mancala()
        .args(["solve", "--verify", "x.db", "--out", "y.db"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
