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

#[test]
fn annotate_judges_every_ply() {
    let dir = fresh_dir("annotate");
    let rec = dir.join("ending.mgn");
    // From the ending, B's 1B then A's 2A+ (12 instead of 14: 2 lost, dubious), B's pass and
    // A's 3A end the round.
    std::fs::write(
        &rec,
        "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Options \"holes=3\"]\n[Opener \"B\"]\n[Position \"bechi 0,2*,0/3*,0,1* B store=20,10 opener=B\"]\n\n1. 1B 2. 2A+ 3. pass 4. 3A *\n",
    )
    .unwrap();
    let out = mancala()
        .args(["annotate", "--format", "json", rec.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(v.len(), 4);
    assert_eq!(v[1]["data"]["move"], "2A+");
    assert_eq!(v[1]["data"]["value"], 14);
    assert_eq!(v[1]["data"]["played"], 12);
    assert_eq!(v[1]["data"]["best"], "2A-");
    assert_eq!(v[1]["data"]["lost"], 2);
    assert_eq!(v[1]["data"]["judgement"], "?!");
    assert_eq!(v[0]["data"]["judgement"], serde_json::Value::Null);
}
