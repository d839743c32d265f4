//! The JSON forms pinned (issue 16.3, 16.4): the JSON form of a position (spec/notation.md §4.4),
//! and the `{"type", "data"}` lines of show, moves, play and replay, errors included. A change
//! here changes what scripts read: make it on purpose, and say so in spec/notation.md.

use crate::support::mancala;
use serde_json::Value;

/// The position strings of spec/notation.md §4, one of each kind of field.
const SPEC_POSITIONS: [&str; 6] = [
    "bechi 6,6,6,6/6,6,6,6 B opener=B",
    "giuthi 0,4,2,0,0,1,5,3/5,1,2,0,0,2,5,4 A store=22,40",
    "bechi 6,6,0x,0x/6,6,6,6 A reserve=2,10 round=2 opener=A",
    "sulus-nishtaw 0,3,0,5,4,3/4,4b,5,3,7,2/4,3,0,5,2,0 A opener=A",
    "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 A round=2 opener=A owners=AAAAAA/ABBBBB/BBBBBB opening",
    "redu 3,3,1,3,3,3/2,3,2,0,4,1 A store=10,10 right=O3:4A",
];

fn run(args: &[&str], stdin: &str) -> (Option<i32>, String) {
    let out = mancala().args(args).write_stdin(stdin).output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn the_json_form_of_a_position_is_pinned_and_reads_back() {
    let mut all = String::new();
    for p in SPEC_POSITIONS {
        let (code, text) = run(&["show", "--format", "json", p], "");
        assert_eq!(code, Some(0), "{p}");
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["type"], "position");
        assert_eq!(v["data"]["position"], p);
        let data = &v["data"]["position_data"];
        assert_eq!(data["schema"], "mancala-position/1");
        // Every command that takes a position string takes its JSON form: same position back.
        let (code, back) = run(&["play", &data.to_string()], "");
        assert_eq!((code, back.trim_end()), (Some(0), p));
        all.push_str(&serde_json::to_string_pretty(data).unwrap());
        all.push('\n');
    }
    insta::assert_snapshot!("position-json-spec-examples", all);
}

#[test]
fn a_bad_json_position_says_what_is_wrong() {
    for (json, says) in [
        (r#"{"game":"bechi"}"#, "missing field `holes`"),
        (
            r#"{"schema":"mancala-position/9","game":"bechi","holes":{},"to_move":"A"}"#,
            "schema",
        ),
        (
            r#"{"game":"bechi","holes":{"1A":6},"to_move":"A","colour":1}"#,
            "unknown field `colour`",
        ),
        (
            r#"{"game":"bechi","holes":{"1A":6,"2A":6,"3A":6,"4A":6,"1B":6,"2B":6,"3B":6,"4B":6,"9Z":1},"to_move":"A"}"#,
            "9Z",
        ),
    ] {
        let out = mancala().args(["show", json]).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{json}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{json}: {err}");
    }
}

#[test]
fn the_envelope_of_every_command_is_pinned() {
    let fig04 = "bechi 2,0,5,2/3,1*,4*,7 B store=12,12 opener=B";
    let over = "bechi 0,0,0,0/0,0,0,0 B store=24,24 opener=B";
    let mut all = String::new();
    for (title, args, stdin) in [
        (
            "moves, a finished round",
            vec!["moves", "--format", "json", over],
            String::new(),
        ),
        (
            "play, an illegal move after a legal one",
            vec!["play", "--format", "json", fig04, "4B", "4B"],
            String::new(),
        ),
        (
            "play, a move that is no token",
            vec!["play", "--format", "json", fig04, "Q"],
            String::new(),
        ),
        (
            "show, a position that is not legal",
            vec![
                "show",
                "--format",
                "json",
                "bechi 6,6,6,6/6,6,6,7 B opener=B",
            ],
            String::new(),
        ),
        (
            "moves -, three lines",
            vec!["moves", "-", "--format", "json"],
            format!("bechi\nuugg x\n{over}\n"),
        ),
        (
            "show -, text",
            vec!["show", "-"],
            "redu\nnothing\n".to_owned(),
        ),
        (
            "play -, text",
            vec!["play", "-"],
            format!("bechi 3B 1A\n{fig04} 4B 4B\n"),
        ),
    ] {
        let (code, text) = run(&args, &stdin);
        all.push_str(&format!("--- {title}: exit {code:?}\n"));
        for line in text.lines() {
            match serde_json::from_str::<Value>(line) {
                Ok(mut v) => {
                    // The JSON form of a position is pinned above; keep these short.
                    if let Some(d) = v["data"].get_mut("position_data") {
                        *d = Value::String("(position_data)".to_owned());
                    }
                    all.push_str(&v.to_string());
                }
                Err(_) => all.push_str(line),
            }
            all.push('\n');
        }
    }
    insta::assert_snapshot!("envelope-position-commands", all);
}

#[test]
fn replay_lines_carry_their_round_and_read_many_files() {
    let (code, text) = run(
        &[
            "replay",
            "--format",
            "json",
            "corpus/ok/bechi-fig00.mgn",
            "corpus/ok/match-redu.mgn",
        ],
        "",
    );
    assert_eq!(code, Some(0));
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let files: Vec<&str> = lines
        .iter()
        .filter(|l| l["type"] == "start")
        .map(|l| l["data"]["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        files,
        ["corpus/ok/bechi-fig00.mgn", "corpus/ok/match-redu.mgn"]
    );
    for l in &lines {
        let t = l["type"].as_str().unwrap();
        if ["position", "ply", "round-over", "round", "match-over"].contains(&t) {
            assert!(l["data"]["round"].as_u64().is_some_and(|r| r >= 1), "{l}");
        }
        if ["position", "ply", "round"].contains(&t) {
            assert_eq!(
                l["data"]["position_data"]["schema"], "mancala-position/1",
                "{l}"
            );
        }
    }
}

#[test]
fn validate_reads_the_json_records_convert_writes() {
    let (code, json) = run(&["convert", "--to", "json", "corpus/ok/match-redu.mgn"], "");
    assert_eq!(code, Some(0));
    assert!(json.starts_with('{'));
    let (code, text) = run(&["validate", "-"], &json);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("1 record: 1 valid") || text.contains("valid"),
        "{text}"
    );
    let (code, _) = run(&["replay", "-"], &json);
    assert_eq!(code, Some(0));
}

/// A record with variations and assessments (spec/notation.md §6.3, §6.4, §11): each variation
/// after the ply it replaces, as `variation`, its plies with their variation number (a nested
/// one inside), `variation-end`; each assessed ply with its `assessment` and the seeds it lost
/// (`-6` less `-32`: 26; `+32` less `0`: 32).
#[test]
fn replay_lines_of_variations_and_assessments() {
    let out = mancala()
        .args([
            "replay",
            "--format",
            "json",
            "corpus/ok/bechi-2x3-variations.mgn",
        ])
        .current_dir(crate::support::root())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let mut all = String::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let mut keep = serde_json::Map::new();
        for k in [
            "variation",
            "parent",
            "depth",
            "ply",
            "replaces",
            "move",
            "assessment",
        ] {
            if let Some(x) = v["data"].get(k) {
                keep.insert(k.to_owned(), x.clone());
            }
        }
        all.push_str(&format!(
            "{} {}\n",
            v["type"].as_str().unwrap(),
            Value::Object(keep)
        ));
    }
    insta::assert_snapshot!(all, @r#"
    start {}
    position {}
    ply {"assessment":{"lost":0,"value":"-6"},"move":"2A+","ply":1}
    ply {"assessment":{"lost":0,"value":"+6"},"move":"3B","ply":2}
    variation {"depth":1,"parent":null,"ply":2,"replaces":"3B","variation":1}
    ply {"move":"1B","ply":2,"variation":1}
    ply {"move":"2A+","ply":3,"variation":1}
    variation {"depth":2,"parent":1,"ply":3,"replaces":"2A+","variation":2}
    ply {"move":"3A","ply":3,"variation":2}
    variation-end {"depth":2,"variation":2}
    ply {"move":"3B","ply":4,"variation":1}
    variation-end {"depth":1,"variation":1}
    ply {"assessment":{"best":{"move":"2A+","value":"-6"},"judgement":"??","lost":26,"value":"-32"},"move":"3A","ply":3}
    variation {"depth":1,"parent":null,"ply":3,"replaces":"3A","variation":3}
    ply {"move":"2A+","ply":3,"variation":3}
    ply {"move":"1B","ply":4,"variation":3}
    ply {"move":"2A+","ply":5,"variation":3}
    ply {"move":"1B","ply":6,"variation":3}
    ply {"move":"3A","ply":7,"variation":3}
    ply {"move":"1B","ply":8,"variation":3}
    ply {"move":"1A","ply":9,"variation":3}
    ply {"move":"1B","ply":10,"variation":3}
    variation-end {"depth":1,"variation":3}
    ply {"assessment":{"best":{"move":"2B-","value":"+32"},"judgement":"?? missed-win","lost":32,"value":"0"},"move":"1B","ply":4}
    variation {"depth":1,"parent":null,"ply":4,"replaces":"1B","variation":4}
    ply {"move":"2B-","ply":4,"variation":4}
    ply {"move":"1A","ply":5,"variation":4}
    ply {"move":"2B+","ply":6,"variation":4}
    ply {"move":"1A","ply":7,"variation":4}
    ply {"move":"1B","ply":8,"variation":4}
    ply {"move":"1A","ply":9,"variation":4}
    ply {"move":"2B+","ply":10,"variation":4}
    ply {"move":"pass","ply":11,"variation":4}
    variation-end {"depth":1,"variation":4}
    record {}
    "#);
}
