//! `mancala analyse`, `mancala solve` and `mancala annotate`, end to end (spec/analysis.md).

use crate::support::{fresh_dir, mancala};
use serde_json::json;

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
        lines[3].starts_with("depth ") && lines[3].contains(" nodes/s"),
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
    // proved (no `~`). The comment stays after the engine's annotations of its ply. The
    // Annotator tag states the limits, and that a time limit may judge differently another time.
    insta::assert_snapshot!(out, @r#"
    [Notation "1.0"]
    [Game "bechi"]
    [Options "holes=3"]
    [Opener "B"]
    [Position "bechi 0,2*,0/3*,0,1* B store=20,10 opener=B"]
    [Annotator "mancala annotate --time 200ms (a time limit: another run may judge differently)"]

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
    [Annotator "mancala annotate --time 200ms --mistake 2 (a time limit: another run may judge differently)"]

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
    // start's value, −6, which the solved database gives (docs/guide/analysis.md, Bechi 2×3).
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

/// `analyse -`: one position per line, each answered in order with its own limits, a bad line
/// answered in its place (issue 27, item 2).
#[test]
fn analyse_reads_one_position_per_line() {
    let input =
        format!("{ENDING}\nbechi 0,2*,0\nbechi 1,0,1/0,1,1* B store=20,12 opener=B\n{ENDING}\n");
    let out = mancala()
        .args(["analyse", "-", "--depth", "6"])
        .write_stdin(input.as_str())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "a bad line: exit 1");
    let text = String::from_utf8(out.stdout).unwrap();
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 4, "{text}");
    assert_eq!(blocks[3], "", "{text}");
    assert!(blocks[0].starts_with("B to move\nvalue -14 (exact)\n1. -14 exact: 1B 2A-\n"));
    assert!(
        blocks[1].starts_with("error: line 2: bad position"),
        "{text}"
    );
    // The error line has no blank line of its own: the third position follows it.
    assert!(
        blocks[1].contains("\nthe round is over (B13): round totals A 22, B 14\nvalue -8 (exact)"),
        "{text}"
    );
    assert!(
        blocks[2].starts_with("B to move\nvalue -14 (exact)"),
        "{text}"
    );

    let out = mancala()
        .args(["analyse", "-", "--format", "json", "--nodes", "5000"])
        .write_stdin(input.as_str())
        .output()
        .unwrap();
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let kinds: Vec<(String, i64)> = lines
        .iter()
        .map(|v| {
            (
                v["type"].as_str().unwrap().to_owned(),
                v["data"]["input"].as_i64().unwrap(),
            )
        })
        .collect();
    let expected: Vec<(String, i64)> = [
        ("analysis", 1),
        ("end", 1),
        ("error", 2),
        ("end", 2),
        ("analysis", 3),
        ("end", 3),
        ("analysis", 4),
        ("end", 4),
    ]
    .iter()
    .map(|(k, n)| ((*k).to_owned(), *n))
    .collect();
    assert_eq!(kinds, expected);
    assert_eq!(lines[0]["data"]["value"], -14);
    assert_eq!(lines[4]["data"]["value"], -8);
    // Each line has its own budget.
    assert!(lines[6]["data"]["nodes"].as_u64().unwrap() <= 5000);
}

/// A coprocess writes a position and reads its answer before writing the next: the answers
/// are flushed as they are made, and the table is kept between lines.
#[test]
fn analyse_answers_a_coprocess_line_by_line() {
    use std::io::{BufRead, BufReader, Write};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["analyse", "-", "--format", "json", "--depth", "4"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut position = "bechi 6,6,6/6,6,6 B opener=B".to_owned();
    for _ in 0..4 {
        writeln!(input, "{position}").unwrap();
        input.flush().unwrap();
        let mut line = String::new();
        output.read_line(&mut line).unwrap();
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["type"], "analysis", "{line}");
        let best = v["data"]["best"].as_str().unwrap().to_owned();
        line.clear();
        output.read_line(&mut line).unwrap();
        assert!(line.contains(r#""type":"end""#), "{line}");
        let played = mancala().args(["play", &position, &best]).output().unwrap();
        position = String::from_utf8(played.stdout).unwrap().trim().to_owned();
    }
    drop(input);
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

/// The table is kept between lines, so a position met again costs less; `--clear-hash` empties
/// it before each line, and each answer is then what a process of its own gives.
#[test]
fn clear_hash_makes_each_line_its_own() {
    let run = |extra: &[&str]| -> Vec<serde_json::Value> {
        let out = mancala()
            .args([
                "analyse",
                "-",
                "--format",
                "json",
                "--threads",
                "1",
                "--depth",
                "7",
            ])
            .args(extra)
            .write_stdin("giuthi\ngiuthi\n")
            .output()
            .unwrap();
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter(|v| v["type"] == "analysis")
            .map(|v| v["data"].clone())
            .collect()
    };
    let kept = run(&[]);
    assert!(
        kept[1]["nodes"].as_u64() < kept[0]["nodes"].as_u64(),
        "{kept:?}"
    );
    let cleared = run(&["--clear-hash"]);
    let without_time = |v: &serde_json::Value| {
        let mut v = v.clone();
        v["input"] = serde_json::Value::Null;
        v["seconds"] = serde_json::Value::Null;
        v["nodes_per_second"] = serde_json::Value::Null;
        v
    };
    assert_eq!(without_time(&cleared[0]), without_time(&cleared[1]));
    assert_eq!(without_time(&cleared[0]), without_time(&kept[0]));
}

/// Threads give the exact value one thread gives, and say how many searched.
#[test]
fn analyse_with_threads() {
    for threads in ["1", "2", "4"] {
        let out = mancala()
            .args(["analyse", "--format", "json", "--threads", threads, ENDING])
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["data"]["value"], -14);
        assert_eq!(v["data"]["exact"], true);
        assert_eq!(v["data"]["threads"].to_string(), threads);
    }
}

/// The Giuthi 2×8 ending of issue 27 (item 5), once B's seeds are captured: A's every move keeps
/// +20 with endless play counted as his worst outcome (the reference solver says so), and
/// endless play with it counted as his best. The best move is ranked by the first, the one of
/// them that forces the end soonest, and the answer says so; JSON keeps both values.
#[test]
fn the_best_move_makes_progress_and_says_why() {
    let shuffle = "giuthi 1,1,0,0,4,3,1,0/0,0,0,0,0,0,0,0 A store=48,38";
    let args = ["analyse", "--threads", "1", "--nodes", "300000", shuffle];
    let out = mancala().args(args).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[1].starts_with(
            "value +endless with endless play counted as the best outcome for A, +20 as the worst"
        ),
        "{text}"
    );
    assert!(
        lines[2].contains("the best value with endless play counted as A's worst outcome")
            && lines[2].contains("the one that forces the end of the round soonest (within "),
        "{text}"
    );
    let out = mancala()
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let d = &v["data"];
    assert_eq!(
        (d["value"].clone(), d["worst"].clone()),
        ("+endless".into(), 20.into())
    );
    assert_eq!(d["lines"][0]["worst"], 20);
    assert_eq!(d["lines"][0]["value"], "+endless");
    assert!(d["progress"]["tied"].as_u64().unwrap() >= 2, "{d}");
    assert!(d["progress"]["plies"].as_u64().is_some(), "{d}");
}

/// Judgements (issue 27, item 3): the move played and the best move are valued in one search,
/// to one depth, and a judgement that rests on an estimate says so (`~`). In the Bechi example
/// of Fig.04 at depth 2, 4B (played) and 3B are worth the same, +2: before, 4B was valued by a
/// search of the next position (a ply deeper, −6) against 3B's +2, and judged a blunder and a
/// missed win without a `~`.
#[test]
fn annotate_judges_within_one_search_and_marks_estimates() {
    let fig04 = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/ok/bechi-fig04.mgn"),
    )
    .unwrap();
    let (_, out, _) = annotate(&fig04, &["--depth", "2"]);
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("1. 4B (value ~+2) (laps"), "{out}");
    assert!(!out.contains("judgement"), "{out}");
    assert!(
        out.contains(r#"[Annotator "mancala annotate --depth 2"]"#),
        "{out}"
    );
    let (_, out, _) = annotate(&fig04, &["--depth", "3"]);
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("1. 4B (value ~-6) (best 3B ~-2) (judgement ~?)"),
        "{out}"
    );
    // With a time limit, on every record of the corpus that the search can annotate quickly:
    // a judgement without `~` only where both values are proved.
    for name in [
        "bechi-fig03.mgn",
        "bechi-2x3-assessed.mgn",
        "match-bechi-2x3.mgn",
    ] {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../corpus/ok")
                .join(name),
        )
        .unwrap();
        let (code, out, err) = annotate(&text, &["--time", "20ms"]);
        assert_eq!(code, Some(0), "{err}");
        assert!(out.contains("(a time limit: another run may judge differently)"));
        let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
        for ply in flat.split(". ").skip(1) {
            if ply.contains("(judgement ") && !ply.contains("(judgement ~") {
                assert!(!ply.contains('~'), "{name}: {ply}");
            }
        }
    }
}

/// The plies of a record are searched by several threads at once, each on its own: the record
/// is the same whatever their number.
#[test]
fn annotate_gives_the_same_record_with_any_number_of_threads() {
    let corpus = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../corpus/ok/match-bechi-2x3.mgn"),
    )
    .unwrap();
    let one = annotate(&corpus, &["--nodes", "20000", "--threads", "1"]).1;
    let three = annotate(&corpus, &["--nodes", "20000", "--threads", "3"]).1;
    assert_eq!(one, three);
    assert!(
        one.contains(r#"[Annotator "mancala annotate --nodes 20000"]"#),
        "{one}"
    );
}

/// `--endgame K`: the same ending answered from the table, its two values the search's without
/// it; the table's report; a game without tables is a usage error.
#[test]
fn analyse_reads_endgame_tables() {
    let pos = "giuthi 0,0,0,1,1/0,1,3,1,0 B store=12,21";
    let run = |extra: &[&str]| {
        let mut args = vec![
            "analyse",
            "--format",
            "json",
            "-o",
            "seeds=4",
            "--threads",
            "1",
        ];
        args.extend_from_slice(extra);
        args.push(pos);
        let out = mancala().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["data"].clone()
    };
    let with = run(&["--endgame", "8"]);
    let without = run(&[]);
    assert_eq!(with["value"], without["value"]);
    assert_eq!(with["worst"], without["worst"]);
    assert_eq!(with["proved"], true);
    assert!(with["endgame"]["positions"].as_u64().unwrap() > 0, "{with}");
    assert_eq!(with["endgame"]["seeds"], 8);
    assert!(without.get("endgame").is_none());
    let out = mancala()
        .args(["analyse", "--endgame", "8", pos, "-o", "seeds=4"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("endgame tables (at most 8 seeds in play): "),
        "{text}"
    );
    let out = mancala()
        .args(["analyse", "--endgame", "8", ENDING])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("--endgame 8: endgame tables cover giuthi and uugg, not bechi"),
        "{err}"
    );
}

/// `--endgame K --endgame-indexed`: every Giuthi board of at most K seeds solved first, the same
/// values as without a table, its report in JSON and text; another game, or the flag without
/// `--endgame`, is a usage error.
#[test]
fn analyse_reads_the_indexed_endgame_table() {
    let pos = "giuthi 0,0,0,1,1/0,1,3,1,0 B store=12,21";
    let run = |extra: &[&str]| {
        let mut args = vec!["analyse", "--format", "json", "-o", "seeds=4", "-t", "1"];
        args.extend_from_slice(extra);
        args.push(pos);
        let out = mancala().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["data"].clone()
    };
    let with = run(&["--endgame", "8", "--endgame-indexed"]);
    let without = run(&[]);
    assert_eq!(with["value"], without["value"]);
    assert_eq!(with["worst"], without["worst"]);
    assert_eq!(with["proved"], true);
    // C(18, 10) boards of at most 8 seeds on 2x5, two bytes each.
    assert_eq!(with["endgame"]["boards"], 43_758, "{with}");
    assert_eq!(with["endgame"]["bytes"], 87_516);
    assert_eq!(with["endgame"]["indexed"], true);
    assert!(with["endgame"]["hits"].as_u64().unwrap() > 0, "{with}");
    let out = mancala()
        .args(["analyse", "--endgame", "8", "--endgame-indexed", pos])
        .args(["-o", "seeds=4"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "endgame table (every board of at most 8 seeds, perfectly indexed): 43758 boards, 1 MB"
        ),
        "{text}"
    );
    let out = mancala()
        .args(["analyse", "--endgame", "8", "--endgame-indexed", "uugg"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("--endgame 8: perfectly indexed tables cover giuthi, not uugg"),
        "{err}"
    );
    let out = mancala()
        .args(["analyse", "--endgame-indexed", pos, "-o", "seeds=4"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// `--bounds`: the Uugg ending of spec/analysis.md §12.4 proved −24 by bound tests, in text and
/// in JSON; the Uugg start at a few plies has no bound proved, and says so; with MOVEs, with
/// `--proof` or with `--multipv`, a usage error.
#[test]
fn analyse_proves_bounds() {
    let ending = "uugg 1,4,2,0,2/4a,7,4,1,13a B store=0,2 opener=B";
    let out = mancala()
        .args(["analyse", "--bounds", "--threads", "1", "--depth", "1000"])
        .args(["-o", "holes=5", ending])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("B to move\nvalue -24 (exact, proved by bounds)\nbest 4B\ndepth "),
        "{text}"
    );
    let out = mancala()
        .args(["analyse", "--bounds", "--threads", "2", "--depth", "1000"])
        .args(["--format", "json", "-o", "holes=5", ending])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["type"], "bounds");
    let d = &v["data"];
    assert_eq!(
        (&d["lower"], &d["upper"], &d["value"], &d["exact"]),
        (&json!(-24), &json!(-24), &json!(-24), &json!(true)),
        "{d}"
    );
    assert_eq!((&d["to_move"], &d["threads"]), (&json!("B"), &json!(2)));
    assert!(d["tests"].as_u64().unwrap() > 1 && d["nodes"].as_u64().unwrap() > 1);
    let out = mancala()
        .args(["analyse", "--bounds", "--threads", "1", "--depth", "4"])
        .args(["-o", "holes=5", "uugg"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("no bound proved yet\nestimate "), "{text}");
    for extra in [&["3B"][..], &["--proof", "-"], &["--multipv", "2"]] {
        let out = mancala()
            .args(["analyse", "--bounds", "-o", "holes=5", "uugg"])
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
    }
}
