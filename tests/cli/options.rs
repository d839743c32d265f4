//! Command-line behaviour: standard input, exit codes, JSON lines, broken pipes, --help, perft.

use crate::support::{mancala, root};
use predicates::prelude::*;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

const GAME: &str = "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3B 2. 2A *\n";

#[test]
fn reads_standard_input_with_a_dash_or_no_file() {
    for args in [vec!["validate", "-"], vec!["validate"]] {
        mancala()
            .args(&args)
            .write_stdin(GAME)
            .assert()
            .code(0)
            .stdout(
                "<stdin>:1: record 1: valid (bechi, 2 plies, *)\n1 record: 1 valid, 0 invalid\n",
            );
    }
    mancala()
        .args(["convert"])
        .write_stdin(GAME)
        .assert()
        .code(0)
        .stdout(GAME);
}

#[test]
fn exit_codes() {
    mancala()
        .args(["validate", "corpus/ok/bechi-fig03.mgn"])
        .assert()
        .code(0);
    mancala()
        .args([
            "validate",
            "corpus/ok/bechi-fig03.mgn",
            "corpus/err/annotation-captures.mgn",
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::ends_with("2 records: 1 valid, 1 invalid\n"));
    // A missing file is an I/O error (2), reported, and the other files are still checked.
    mancala()
        .args(["validate", "no-such-file.mgn", "corpus/ok/bechi-fig03.mgn"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no-such-file.mgn"))
        .stdout(predicate::str::ends_with("1 record: 1 valid, 0 invalid\n"));
    mancala()
        .args(["validate", "--format", "yaml"])
        .assert()
        .code(2);
    mancala()
        .args(["replay", "no-such-file.mgn"])
        .assert()
        .code(2);
    mancala().args(["convert", "--to", "pgn"]).assert().code(2);
}

#[test]
fn json_findings_and_records_in_envelopes() {
    let out = mancala()
        .args([
            "validate",
            "--format",
            "json",
            "corpus/err/mixed-good-and-bad-records.mgn",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let types: Vec<&str> = lines.iter().map(|v| v["type"].as_str().unwrap()).collect();
    assert_eq!(
        types,
        [
            "finding", "record", "record", "record", "finding", "record", "record", "summary"
        ]
    );
    let f = &lines[4]["data"];
    assert_eq!(f["line"], 22);
    assert_eq!(f["column"], 10);
    assert_eq!(f["record"], 4);
    assert_eq!(f["ply"], 2);
    assert_eq!(f["token"], "9A");
    assert_eq!(f["rule"], "B1");
    assert_eq!(f["kind"], "illegal-move");
    assert_eq!(lines[7]["data"]["valid"], 3);
    assert_eq!(lines[7]["data"]["invalid"], 2);
}

#[test]
fn quiet_on_a_broken_pipe() {
    // A long replay whose reader stops after one line.
    let mut text = String::new();
    for _ in 0..400 {
        text.push_str(&std::fs::read_to_string(root().join("corpus/ok/bechi-fig03.mgn")).unwrap());
        text.push('\n');
    }
    let mut file = tempfile::Builder::new().suffix(".mgn").tempfile().unwrap();
    file.write_all(text.as_bytes()).unwrap();
    let path = file.into_temp_path();
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["replay", path.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let out = child.wait_with_output().unwrap();
    path.close().unwrap();
    assert!(first.starts_with("record 1 of "), "{first}");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn help_documents_every_flag() {
    for (cmd, flags) in [
        (
            "validate",
            &["--format", "--quiet", "--lenient", "FILE|-"][..],
        ),
        ("replay", &["--format", "--lenient", "FILE|-"][..]),
        ("convert", &["--to", "--from", "--lenient", "FILE|-"][..]),
        (
            "perft",
            &[
                "--game",
                "--option",
                "--position",
                "--opener",
                "--divide",
                "--threads",
                "--hash",
            ][..],
        ),
    ] {
        let out = mancala().args([cmd, "--help"]).output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        let help = String::from_utf8(out.stdout).unwrap();
        for f in flags {
            assert!(help.contains(f), "{cmd} --help lacks {f}:\n{help}");
        }
        assert!(help.contains("Exit status") || cmd == "perft", "{cmd}");
    }
}

#[test]
fn perft_still_works() {
    mancala()
        .args(["perft", "--game", "bechi", "--option", "holes=3", "3"])
        .assert()
        .code(0)
        .stdout("34\n");
}

#[test]
fn convert_reads_json_lines_back() {
    let json = mancala()
        .args([
            "convert",
            "--to",
            "json",
            "corpus/ok/bechi-fig00b.mgn",
            "corpus/ok/giuthi-fig03b.mgn",
        ])
        .output()
        .unwrap();
    assert_eq!(json.status.code(), Some(0));
    let back = mancala()
        .args(["convert", "--from", "json"])
        .write_stdin(json.stdout.clone())
        .output()
        .unwrap();
    let expected = format!(
        "{}\n{}",
        std::fs::read_to_string(root().join("corpus/ok/bechi-fig00b.mgn")).unwrap(),
        std::fs::read_to_string(root().join("corpus/ok/giuthi-fig03b.mgn")).unwrap()
    );
    assert_eq!(String::from_utf8(back.stdout).unwrap(), expected);
    // A bad JSON line is one invalid record; the others are converted.
    let mut bad = b"{\"notation\": 1}\n".to_vec();
    bad.extend_from_slice(&json.stdout);
    mancala()
        .args(["convert", "--to", "json"])
        .write_stdin(bad)
        .assert()
        .code(1)
        .stdout(String::from_utf8(json.stdout).unwrap())
        .stderr(
            predicate::str::contains("<stdin>:1:")
                .and(predicate::str::contains("not a JSON record")),
        );
}

#[test]
fn replay_json_gives_the_same_data() {
    let out = mancala()
        .args(["replay", "--format", "json", "corpus/ok/bechi-fig03.mgn"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let types: Vec<&str> = lines.iter().map(|v| v["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["start", "position", "ply", "record"]);
    let ply = &lines[2]["data"];
    assert_eq!(ply["move"], "3B");
    assert_eq!(ply["player"], "B");
    assert_eq!(ply["captured"], serde_json::json!([0, 10]));
    assert_eq!(ply["stores"], serde_json::json!([12, 22]));
    assert_eq!(ply["to_move"], "A");
    assert_eq!(
        ply["position"],
        "bechi 0*,0*,0*,4/0*,3,1*,6 A store=12,22 opener=B"
    );
    let captures: Vec<(String, u64, String)> = ply["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "capture")
        .map(|e| {
            (
                e["hole"].as_str().unwrap().to_owned(),
                e["seeds"].as_u64().unwrap(),
                e["rule"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        captures,
        [
            ("2A".to_owned(), 2, "B9".to_owned()),
            ("3A".to_owned(), 2, "B10".to_owned()),
            ("4A".to_owned(), 4, "B10".to_owned()),
            ("1B".to_owned(), 2, "B10".to_owned())
        ]
    );
}
