//! `mancala analyse`, `mancala solve` and `mancala annotate`, end to end (spec/analysis.md).

use crate::support::{fresh_dir, mancala};

/// The Bechi 2×3 ending worked by hand in `tests/analysis/hand.rs`: B's only move 1B, then A's
/// 2A− takes 2 and the round ends: −14 for B.
const ENDING: &str = "bechi 0,2*,0/3*,0,1* B store=20,10 opener=B";

#[test]
fn analyse_gives_the_value_and_the_line_in_text() {
    let out = mancala().args(["analyse", ENDING]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "B to move");
    assert_eq!(lines[1], "value -14 (exact)");
    assert_eq!(lines[2], "1. -14 exact: 1B 2A-");
    assert!(
        lines[3].starts_with("depth ") && lines[3].contains(" nodes/s)"),
        "{text}"
    );
}

#[test]
fn analyse_json_is_one_enveloped_line() {
    let out = mancala()
        .args(["analyse", "--format", "json", "--multipv", "2", ENDING])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["type"], "analysis");
    let d = &v["data"];
    assert_eq!(d["value"], -14);
    assert_eq!(d["worst"], -14);
    assert_eq!(d["exact"], true);
    assert_eq!(d["best"], "1B");
    assert_eq!(d["to_move"], "B");
    // B has one move only: one line although two were asked for.
    assert_eq!(d["lines"].as_array().unwrap().len(), 1);
    assert!(d["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn analyse_gives_both_conventions_where_endless_play_decides() {
    // A Giuthi 2×5 ending where B can force a repetition; the independent solver of
    // tests/analysis/reference.rs gives the same two values.
    let out = mancala()
        .args([
            "analyse",
            "--format",
            "json",
            "-o",
            "seeds=4",
            "giuthi 0,0,0,1,1/0,1,3,1,0 B store=12,21",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["data"]["value"], "+endless");
    assert_eq!(v["data"]["worst"], 10);
    assert_eq!(v["data"]["exact"], false);
    assert_eq!(v["data"]["proved"], true);
}

#[test]
fn analyse_refuses_bad_input_with_the_right_status() {
    let bad = mancala()
        .args(["analyse", "bechi 0,2*,0/3*,0,2* B store=20,10 opener=B"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(1));
    let usage = mancala()
        .args(["analyse", "--time", "soon", ENDING])
        .output()
        .unwrap();
    assert_eq!(usage.status.code(), Some(2));
    let dir = fresh_dir("analyse-bad-db");
    let db = dir.join("not.db");
    std::fs::write(&db, "mancala-db 1\ngame bechi holes=3\npositions 1\n").unwrap();
    let out = mancala()
        .args(["analyse", "--db", db.to_str().unwrap(), ENDING])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not.db"));
}

/// `--proof FILE`: the proof of the ending's −14 (9 nodes, worked by hand in
/// `tests/analysis/proof.rs`), summed up after the analysis and accepted by the checker.
#[test]
fn analyse_writes_a_proof_the_checker_accepts() {
    let dir = fresh_dir("analyse-proof");
    let file = dir.join("ending.proof");
    let out = mancala()
        .args(["analyse", "--proof", file.to_str().unwrap(), ENDING])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let last = text.lines().last().unwrap();
    let bytes = std::fs::read(&file).unwrap();
    assert_eq!(
        last,
        format!(
            "proof {}: 9 nodes (6 for the lower bound, 3 for the upper), 7 moves, 3 round \
             ends, depth 4, {} bytes, {}",
            file.display(),
            bytes.len(),
            last.rsplit_once(", ").unwrap().1
        )
    );
    let report = proof_check::check(&mut bytes.as_slice()).unwrap();
    assert_eq!((report.value, report.nodes), (-14, 9));
    let out = mancala()
        .args(["analyse", "--format", "json", "--proof"])
        .args([file.to_str().unwrap(), ENDING])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let p = &v["data"]["proof"];
    assert_eq!(
        (p["nodes"].as_u64(), p["value"].as_i64()),
        (Some(9), Some(-14))
    );
    assert_eq!(
        std::fs::read(&file).unwrap(),
        bytes,
        "the same bytes every time"
    );
}

/// A value that is not exact has no proof: the analysis is printed, the error follows (2), and
/// no file is written. Where endless play decides (the Giuthi ending above), the same.
#[test]
fn analyse_proof_refuses_a_value_that_is_not_exact() {
    let dir = fresh_dir("analyse-no-proof");
    let file = dir.join("none.proof");
    let out = mancala()
        .args(["analyse", "--depth", "1", "--proof", file.to_str().unwrap()])
        .arg("bechi 2*,1*,0/6,0,3* B store=12,12 opener=B")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("(estimate at depth 1)"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no proof written: the value is not exact"),
        "{err}"
    );
    assert!(!file.exists());
    let out = mancala()
        .args([
            "analyse",
            "-o",
            "seeds=4",
            "--proof",
            file.to_str().unwrap(),
        ])
        .arg("giuthi 0,0,0,1,1/0,1,3,1,0 B store=12,21")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(!file.exists());
}

#[test]
fn solve_writes_a_database_that_analyse_consults() {
    let dir = fresh_dir("solve-small");
    let db = dir.join("small.db");
    let out = mancala()
        .args(["solve", "--position", ENDING, "--out", db.to_str().unwrap()])
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // The ending, A's position after 1B, the end after 2A-, and after 2A+ B's pass, A's 3A
    // and the end (hand.rs): 6 positions.
    assert_eq!(v["data"]["stats"]["positions"], 6);
    assert_eq!(v["data"]["roots"][0]["values"]["value"], -14);
    assert_eq!(v["data"]["roots"][0]["moves"][0]["move"], "1B");
    let out = mancala()
        .args([
            "analyse",
            "--format",
            "json",
            "--db",
            db.to_str().unwrap(),
            ENDING,
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["data"]["value"].clone(), v["data"]["depth"].clone()),
        (serde_json::json!(-14), serde_json::json!(1))
    );
}

/// The ending above as a record: B's 1B (his only move), A's 2A+ (12 where 2A− makes 14, worked
/// by hand in `tests/analysis/hand.rs`: 2 lost, dubious from 1), B's forced pass, A's 3A.
const ENDING_RECORD: &str = "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Options \"holes=3\"]\n[Opener \"B\"]\n[Position \"bechi 0,2*,0/3*,0,1* B store=20,10 opener=B\"]\n\n1. 1B 2. 2A+ {played} 3. pass 4. 3A *\n";

/// `mancala annotate` on `text` with `args`: exit code, stdout, stderr.
fn annotate(text: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let out = mancala()
        .arg("annotate")
        .args(args)
        .arg("-")
        .write_stdin(text)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn annotate_writes_value_best_and_judgement_into_the_record() {
    let (code, out, err) = annotate(ENDING_RECORD, &[]);
    assert_eq!(code, Some(0), "{err}");
    // Every value by hand (tests/analysis/hand.rs): B's 1B −14 for B; A's 2A+ +12 for A where
    // 2A− gives +14; after it B's pass −12 and A's 3A +12, the round over at A 24, B 12. All
    // proved (no `~`). The comment stays after the engine's annotations of its ply.
    insta::assert_snapshot!(out, @r#"
    [Notation "1.0"]
    [Game "bechi"]
    [Options "holes=3"]
    [Opener "B"]
    [Position "bechi 0,2*,0/3*,0,1* B store=20,10 opener=B"]

    1. 1B (value -14) 2. 2A+ (value +12) (best 2A- +14) (judgement ?!) {played}
    3. pass (value -12) 4. 3A (value +12) *
    "#);
}

/// After a mistake, the line the search expected instead, as a variation (notation 1.1,
/// spec/analysis.md §6): A's 2A− (best, +14 by hand) from the position 2A+ was played in, after
/// which every hole holds 0 or 1 and the round is over (B13; tests/analysis/hand.rs), so the line
/// is that one ply. The record says 1.1, validates, and annotating it again gives it back; each
/// player's summary goes to stderr (A lost 2 in 2 plies, B nothing).
#[test]
fn annotate_writes_the_principal_variation_after_a_mistake() {
    let (code, out, err) = annotate(ENDING_RECORD, &["--dubious", "1", "--mistake", "2"]);
    assert_eq!(code, Some(0), "{err}");
    insta::assert_snapshot!(out, @r#"
    [Notation "1.1"]
    [Game "bechi"]
    [Options "holes=3"]
    [Opener "B"]
    [Position "bechi 0,2*,0/3*,0,1* B store=20,10 opener=B"]

    1. 1B (value -14) 2. 2A+ (value +12) (best 2A- +14) (judgement ?) (2. 2A-)
    {played} 3. pass (value -12) 4. 3A (value +12) *
    "#);
    assert_eq!(
        err,
        "mancala: <stdin> record 1: A 1.00 seeds lost a ply on average over 2 plies; ?! 0, ? 1, ?? 0; B 0.00 seeds lost a ply on average over 2 plies; ?! 0, ? 0, ?? 0\n"
    );
    let validate = mancala()
        .args(["validate", "-"])
        .write_stdin(out.as_str())
        .output()
        .unwrap();
    assert_eq!(validate.status.code(), Some(0));
    assert_eq!(annotate(&out, &["--dubious", "1", "--mistake", "2"]).1, out);
    // A dubious move keeps its best move alone: the record stays 1.0.
    let (_, out, _) = annotate(ENDING_RECORD, &[]);
    assert!(
        out.starts_with("[Notation \"1.0\"]") && !out.contains("(2. "),
        "{out}"
    );
}

#[test]
fn annotate_thresholds_are_the_users() {
    // 2 seeds lost: nothing from 3 up.
    let (code, out, _) = annotate(
        ENDING_RECORD,
        &["--dubious", "3", "--mistake", "4", "--blunder", "5"],
    );
    assert_eq!(code, Some(0));
    assert!(
        out.contains("2. 2A+ (value +12) (best 2A- +14) {played}"),
        "{out}"
    );
    // From 2, a blunder.
    let (_, out, _) = annotate(
        ENDING_RECORD,
        &["--dubious", "1", "--mistake", "2", "--blunder", "2"],
    );
    assert!(out.contains("(best 2A- +14) (judgement ??)"), "{out}");
    let (code, _, err) = annotate(ENDING_RECORD, &["--dubious", "3", "--mistake", "2"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--dubious <= --mistake"), "{err}");
}

#[test]
fn annotated_records_validate_and_keep_their_annotations() {
    let corpus = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../corpus/ok/match-bechi-2x3.mgn"),
    )
    .unwrap();
    let (code, text, err) = annotate(&corpus, &["--nodes", "200000"]);
    assert_eq!(code, Some(0), "{err}");
    // A value after each of the 31 plies; ply 1 (A opens with 2A+, a best start) is worth the
    // start's value, −6, which the solved database gives (README, Bechi 2×3).
    assert_eq!(text.matches("(value ").count(), 31, "{text}");
    assert!(text.contains("1. 2A+ (value -6) 2."), "{text}");
    assert!(text.contains("(judgement ?? missed-win)"), "{text}");
    let validate = mancala()
        .args(["validate", "-"])
        .write_stdin(text.as_str())
        .output()
        .unwrap();
    assert_eq!(validate.status.code(), Some(0));
    // Through JSON and back, the same record; annotating again replaces, and the JSON output is
    // the JSON form of the text output.
    let json = mancala()
        .args(["convert", "--to", "json", "-"])
        .write_stdin(text.as_str())
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&json.stdout).contains(r#""key":"best""#));
    let back = mancala()
        .args(["convert", "--to", "notation", "-"])
        .write_stdin(json.stdout.clone())
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(back.stdout).unwrap(), text);
    assert_eq!(annotate(&text, &["--nodes", "200000"]).1, text);
    let (_, as_json, _) = annotate(&corpus, &["--nodes", "200000", "--format", "json"]);
    assert_eq!(as_json.as_bytes(), json.stdout);
}
