//! `mancala match`, end to end (spec/analysis.md §10): the Bechi 2×3 match by search (a second or
//! two; the retrograde solve of the same match is tested in `tests/analysis/matches.rs`), in text
//! and JSON, from the start, from a state given by its holdings and from a position in a round;
//! its usage errors (exit 2) and an invalid position (exit 1).

use crate::support::mancala;
use serde_json::Value;

/// The Bechi 2×3 match by search: the fast way (its round starts' margins settle every question).
const FAST: [&str; 5] = ["match", "-o", "holes=3", "--method", "search"];

fn run(extra: &[&str]) -> (Option<i32>, String, String) {
    let out = mancala().args(FAST).args(extra).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The result of spec/analysis.md §9.4: B opens round 1 (the default) and A wins in 5 rounds; the
/// line of best play ends with B unable to fill a hole (B15).
#[test]
fn the_2x3_match_from_the_start_in_text() {
    let (code, text, err) = run(&[]);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "bechi holes=3: the match from A 18 B 18, B opens: A wins in 5 rounds (exact)"
    );
    assert_eq!(
        lines[1],
        "a line of best play (the first best set-up of each round):"
    );
    // Round 1 with every hole filled (B1), ending 21-15: the opener loses it by 6.
    assert_eq!(
        lines[2],
        "  round 1: A 18 B 18, B opens; every hole filled; round 21-15 -> A 21 B 15"
    );
    assert!(
        lines[6].starts_with("  round 5: A 28 B 8, B opens; B fills "),
        "{text}"
    );
    assert!(
        lines[6].ends_with("B cannot fill a hole (B15), A wins the match"),
        "{text}"
    );
    assert_eq!(
        lines[7],
        "50 states: A wins from 25, B from 25, neither from 0; 6 levels"
    );
    assert!(lines[8].starts_with("search: 26 round starts (13 searched, 13 by symmetry; "));
    assert_eq!(lines.len(), 9);
    // Diagnostics only on a terminal: none here.
    assert_eq!(err, "");
}

/// `--format json`: one `{"type": "match"}` line; A opening round 1, B wins in 5 rounds (the rows'
/// symmetry); the line's round starts are position strings, round 1's the start of the game.
#[test]
fn the_2x3_match_in_json_with_every_state() {
    let (code, text, _) = run(&["--opener", "A", "--format", "json"]);
    assert_eq!(code, Some(0));
    assert_eq!(text.lines().count(), 1);
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["type"], "match");
    let d = &v["data"];
    assert_eq!(d["game"], "bechi holes=3");
    assert_eq!(d["method"], "search");
    assert_eq!(d["state"]["holdings"], serde_json::json!([18, 18]));
    assert_eq!(d["state"]["opener"], "A");
    assert_eq!(d["value"], serde_json::json!({"winner": "B", "rounds": 5}));
    assert_eq!(d["exact"], true);
    let line = d["line"].as_array().unwrap();
    assert_eq!(line.len(), 5);
    assert_eq!(line[0]["start"], "bechi 6,6,6/6,6,6 A opener=A");
    assert_eq!(line[0]["fill"], Value::Null);
    assert!(line[1]["start"].as_str().unwrap().contains(" round=2 "));
    assert_eq!(line[4]["after"], serde_json::json!({"winner": "B"}));
    assert_eq!(
        d["summary"],
        serde_json::json!({"states": 50, "a_wins": 25, "b_wins": 25, "endless": 0, "levels": 6})
    );
    let states = d["states"].as_array().unwrap();
    assert_eq!(states.len(), 50);
    // B16 in the state list: A 23 B 13, B chooses which 2 of his 3 holes he fills.
    let s = states
        .iter()
        .find(|s| s["holdings"] == serde_json::json!([23, 13]) && s["opener"] == "A")
        .unwrap();
    assert_eq!(s["chooser"], "B");
    let fills: Vec<Value> = s["set_ups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["fill"].clone())
        .collect();
    assert_eq!(
        fills,
        [
            serde_json::json!(["1B", "2B"]),
            serde_json::json!(["1B", "3B"]),
            serde_json::json!(["2B", "3B"])
        ]
    );
    assert_eq!(d["figures"]["round_starts"], 26);
}

/// A state between two rounds: `--holdings A,B` and `--opener` (who opens the next round).
#[test]
fn a_state_by_its_holdings() {
    let (code, text, _) = run(&["--holdings", "28,8", "--opener", "B"]);
    assert_eq!(code, Some(0));
    assert!(
        text.starts_with(
            "bechi holes=3: the match from A 28 B 8, B opens: A wins in 1 round (exact)\n"
        ),
        "{text}"
    );
}

/// A position in a round, worked by hand in `tests/analysis/matches.rs`: B takes 4 in two moves
/// and A ends the round with 1 + 4 = 5 < 6 (B15).
#[test]
fn a_position_in_a_round() {
    let pos = "bechi 1*,0*,1*/2*,0x,2* B store=4,20 reserve=1,5 round=2 opener=A";
    let (code, text, _) = run(&["--position", pos, "--format", "json"]);
    assert_eq!(code, Some(0));
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["data"]["position"], pos);
    assert_eq!(v["data"]["state"], Value::Null);
    assert_eq!(
        v["data"]["value"],
        serde_json::json!({"winner": "B", "rounds": 1})
    );
    assert_eq!(v["data"]["line"], serde_json::json!([]));
}

/// Usage errors exit 2 with the reason; a position that is not one of its game exits 1.
#[test]
fn bad_arguments_and_positions() {
    for (args, says) in [
        (
            &["--holdings", "31,5"][..],
            "the match is over, B holds fewer than 6 seeds and A has won",
        ),
        (&["--holdings", "20,20"][..], "adding up to 36"),
        (&["--holdings", "twenty"][..], "bad --holdings `twenty`"),
        (&["-g", "giuthi"][..], "match covers Bechi only, not giuthi"),
        (
            &["--holdings", "20,16", "--position", "bechi"][..],
            "cannot be used with",
        ),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let (code, out, err) = run(&["--position", "bechi 6,6,6/6,6 B"]);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(out, "");
    assert!(!err.is_empty());
}

/// `solve` and `match` stand on the Bechi solver and refuse another game with one guard
/// (`analysis::solve::guard`), in one sentence, whether the game is named by `-g` or is the
/// game of `--position`: exit 2, nothing on stdout.
#[test]
fn solve_and_match_refuse_another_game_in_one_sentence() {
    for (args, says) in [
        (
            &["solve", "-g", "uugg"][..],
            "solve covers Bechi only, not uugg",
        ),
        (
            &["match", "-g", "redu"][..],
            "match covers Bechi only, not redu",
        ),
        (
            &["match", "--position", "giuthi"][..],
            "match covers Bechi only, not giuthi (the game of --position)",
        ),
    ] {
        let out = mancala().args(args).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// `--help` and the manual page describe the command, its objective and its exit statuses.
#[test]
fn help_and_manual_page() {
    let out = mancala().args(["match", "--help"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8(out.stdout).unwrap();
    for word in [
        "--holdings",
        "--position",
        "--method",
        "endless",
        "Exit status",
    ] {
        assert!(help.contains(word), "{word}: {help}");
    }
    let out = mancala().args(["man", "match"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.contains("mancala\\-match"), "{page}");
    assert!(page.contains("holdings"));
}
