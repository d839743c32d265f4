//! Scripting `mancala` (issue 16): start positions by name, many positions per process (`-`),
//! driven as a coprocess line by line, and the JSON envelope of errors.

use crate::support::mancala;
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

const BECHI_START: &str = "bechi 6,6,6,6/6,6,6,6 B opener=B";

fn stdout_of(args: &[&str]) -> String {
    let out = mancala().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_game_name_is_its_start_position_everywhere() {
    // The start of round 1 (B1: four seeds... six in each of 2x4 holes, bechi.md §3), B opens.
    assert_eq!(stdout_of(&["play", "bechi"]), format!("{BECHI_START}\n"));
    assert_eq!(
        stdout_of(&["play", "bechi", "3B", "1A"]),
        stdout_of(&["play", BECHI_START, "3B", "1A"])
    );
    assert_eq!(
        stdout_of(&["play", "bechi", "--opener", "A"]),
        "bechi 6,6,6,6/6,6,6,6 A opener=A\n"
    );
    assert_eq!(
        stdout_of(&["play", "bechi", "-o", "holes=3"]),
        "bechi 6,6,6/6,6,6 B opener=B\n"
    );
    // Uugg on 2x7: B's seven holes are his moves.
    assert_eq!(
        stdout_of(&["moves", "uugg", "-o", "holes=7"]),
        "1B\n2B\n3B\n4B\n5B\n6B\n7B\n"
    );
    assert!(stdout_of(&["show", "giuthi"]).contains("B to move"));
    assert_eq!(
        stdout_of(&["perft", "--position", "uugg", "-o", "holes=5", "2"]),
        stdout_of(&["perft", "--game", "uugg", "-o", "holes=5", "2"])
    );
    assert!(stdout_of(&["explain", "--position", "giuthi", "--move", "1B+"]).contains("1B"));
    // --opener is for a start by name; an option the game lacks is a usage error.
    mancala()
        .args(["show", BECHI_START, "--opener", "A"])
        .assert()
        .code(2);
    mancala()
        .args(["show", "bechi", "-o", "seeds=4"])
        .assert()
        .code(2);
}

/// No move token begins with `-` (spec/notation.md §5), so an option written after the moves is
/// an option, not a move: `play bechi 3B --format json` answers in JSON.
#[test]
fn options_after_the_moves_are_options() {
    let lines = json_lines(&stdout_of(&["play", "bechi", "3B", "--format", "json"]));
    assert!(!lines.is_empty());
    assert!(lines.iter().all(|l| l["type"].is_string()), "{lines:?}");
    let plain = stdout_of(&["explain", "--position", "bechi", "--move", "3B"]);
    assert!(plain.contains("3B"), "{plain}");
}

#[test]
fn dash_answers_every_line_in_order_and_goes_on_after_a_bad_one() {
    let out = mancala()
        .args(["moves", "-"])
        .write_stdin("bechi\nchess 1\nuugg -o\nredu 4,4,4,4,4,4/4,4,4,4,4,4 B\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(lines[0], "1B 2B 3B 4B");
    assert!(lines[1].starts_with("error: line 2: "), "{text}");
    assert!(lines[2].starts_with("error: line 3: "), "{text}");
    assert!(lines[3].starts_with("1B"), "{text}");
    // JSON: the same envelope, every line with its input, an `end` per input.
    let out = mancala()
        .args(["play", "-", "--format", "json"])
        .write_stdin(format!("bechi 3B\n{BECHI_START} 4B 9Z\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&String::from_utf8(out.stdout).unwrap());
    let kinds: Vec<(&str, u64)> = v
        .iter()
        .map(|l| {
            (
                l["type"].as_str().unwrap(),
                l["data"]["input"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [("ply", 1), ("end", 1), ("ply", 2), ("error", 2), ("end", 2)]
    );
    assert_eq!(v[3]["data"]["ply"], 2);
    assert_eq!(v[3]["data"]["move"], "9Z");
    assert_eq!(v[4]["data"]["ok"], false);
}

#[test]
fn an_illegal_move_in_json_gives_the_plies_before_then_the_rule() {
    let out = mancala()
        .args(["play", "--format", "json", BECHI_START, "3B", "4B"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["type"], "ply");
    assert_eq!(v[1]["type"], "error");
    // 4B after 3B: A to move, and 4B is B's hole (B4).
    assert_eq!(v[1]["data"]["ply"], 2);
    assert_eq!(v[1]["data"]["kind"], "move");
    assert_eq!(v[1]["data"]["rule"], "B4");
    assert!(v[1]["data"]["reason"].as_str().is_some());
}

#[test]
fn moves_on_a_finished_round_says_so_and_why() {
    // Bechi round over: the mover has no seeds left (B12, B13).
    let over = "bechi 0,0,0,0/0,0,0,0 B store=24,24 opener=B";
    let out = mancala()
        .args(["moves", "--format", "json", over])
        .output()
        .unwrap();
    let v = json_lines(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(v.len(), 1, "{v:?}");
    assert_eq!(v[0]["type"], "round-over");
    assert_eq!(v[0]["data"]["round_over"], true);
    assert!(
        v[0]["data"]["reason"]
            .as_str()
            .unwrap()
            .contains("round is over")
    );
    assert_eq!(
        v[0]["data"]["totals"]["A"].as_u64().unwrap()
            + v[0]["data"]["totals"]["B"].as_u64().unwrap(),
        48
    );
}

/// Kills the process `pid` unless the test is over within a minute, so that a lost answer fails
/// the test instead of hanging it.
fn watchdog(pid: u32) -> std::sync::mpsc::Sender<()> {
    let (done, wait) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        if wait
            .recv_timeout(std::time::Duration::from_secs(60))
            .is_err()
        {
            let _ = Command::new("kill").arg(pid.to_string()).status();
        }
    });
    done
}

#[test]
fn moves_and_play_answer_a_coprocess_line_by_line() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["moves", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let done = watchdog(child.id());
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    // Each answer is read before the next question is written: the stdin stays open throughout.
    for (question, answer) in [
        ("bechi", "1B 2B 3B 4B"),
        ("uugg -o", "error: line 2: "),
        ("bechi -o holes=3", ""),
        (
            "giuthi 0,4,2,0,0,1,5,3/5,1,2,0,0,2,5,4 A store=22,40",
            "1A+",
        ),
    ] {
        writeln!(input, "{question}").unwrap();
        input.flush().unwrap();
        line.clear();
        output.read_line(&mut line).unwrap();
        assert!(line.starts_with(answer), "{question}: {line}");
    }
    drop(input);
    assert_eq!(child.wait().unwrap().code(), Some(1));

    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["play", "-", "--format", "json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let _done2 = watchdog(child.id());
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    // Move by move: the position each answer reaches is the next question.
    let mut position = BECHI_START.to_owned();
    for mv in ["3B", "1A", "4B"] {
        writeln!(input, "{position} {mv}").unwrap();
        input.flush().unwrap();
        let mut answer = Vec::new();
        loop {
            line.clear();
            output.read_line(&mut line).unwrap();
            let v: Value = serde_json::from_str(&line).unwrap();
            if v["type"] == "end" {
                assert_eq!(v["data"]["ok"], true);
                break;
            }
            answer.push(v);
        }
        assert_eq!(answer.len(), 1);
        assert_eq!(answer[0]["data"]["move"], mv);
        position = answer[0]["data"]["position"].as_str().unwrap().to_owned();
    }
    assert_eq!(
        position,
        stdout_of(&["play", "bechi", "3B", "1A", "4B"]).trim_end()
    );
    drop(input);
    assert_eq!(child.wait().unwrap().code(), Some(0));
    drop(done);
}
