//! `mancala analyse POSITION MOVE...` and a position with its moves on each line of `analyse -`:
//! the position the moves reach, analysed with the positions they passed through as the game's
//! history (spec/analysis.md §2, §13.2; issue 27, item 5).

use crate::support::mancala;
use analysis::{Engine, Limits, SearchOptions};
use rules_core::{Move, PlayOptions, Position};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};

/// The Giuthi 2×8 ending of issue 27: A to move, +20 for him with endless play counted as his
/// worst outcome (the reference solver of `tests/analysis/reference.rs`).
const ENDING: &str = "giuthi 1,3,0,0,1,9,1,8/1,1,1,0,0,0,0,0 A store=32,38";

/// A Giuthi position where A, far ahead, can shuffle his seeds with repeat moves (G13) while B
/// waits: `7A- 6A- 4A+ 5A- 4A+ 5A+ 7A- 6A+` are all A's and come back to it
/// (spec/analysis.md §13.2).
const SHUFFLE: &str = "giuthi 0,2,1,1,1,0,22,1/0,0,1,1,1,0,1,1 A store=55,8";
const CYCLE: [&str; 8] = ["7A-", "6A-", "4A+", "5A-", "4A+", "5A+", "7A-", "6A+"];

fn position(text: &str) -> Position {
    let setup = notation::parse_position(text, None).unwrap();
    Position::from_setup(&setup).unwrap()
}

/// The positions from `from` through each of `moves`, `from` first.
fn positions(from: &str, moves: &[&str]) -> Vec<Position> {
    let mut line = vec![position(from)];
    for m in moves {
        let at = line[line.len() - 1];
        let mv = Move::parse(at.variant().kind(), m).unwrap();
        line.push(at.play(&mv, PlayOptions::FULL).unwrap().position);
    }
    line
}

fn json_lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Item 5's ending played to its end through the command line: each side takes `analyse`'s
/// best, each line of one `analyse -` process giving the start and every move played so far.
/// The round ends, no position comes a third time, and A has the +20 the position holds
/// (round totals 58 to 38). At this limit (20 000 nodes a move, one thread), the same process
/// given each position alone (no moves) goes round a cycle of A's repeat moves (G13): the
/// position `giuthi 0,2,1,1,0,16,1,1/1,0,0,0,0,0,0,0 A store=35,38` comes a third time at ply
/// 34, as it does from 5 000 to 25 000 nodes.
#[test]
fn the_item_5_ending_is_won_to_its_end_through_the_cli() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["analyse", "-", "--format", "json", "--threads", "1"])
        .args(["--nodes", "20000"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut moves: Vec<String> = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let last = loop {
        assert!(moves.len() <= 120, "no end after 120 plies: {moves:?}");
        writeln!(input, "{ENDING} {}", moves.join(" ")).unwrap();
        input.flush().unwrap();
        let mut line = String::new();
        output.read_line(&mut line).unwrap();
        let v: Value = serde_json::from_str(&line).unwrap();
        line.clear();
        output.read_line(&mut line).unwrap();
        assert!(line.contains(r#""type":"end""#), "{line}");
        let d = &v["data"];
        assert_eq!(v["type"], "analysis", "{v}");
        // Every earlier position is the history; since the last capture, the search knows them.
        let h = &d["history"];
        if moves.is_empty() {
            assert_eq!(*h, Value::Null);
        } else {
            assert_eq!(h["positions"], moves.len(), "{h}");
            assert_eq!(h["from"], ENDING);
            assert!(h["repeatable"].as_u64().unwrap() <= moves.len() as u64);
        }
        let at = d["position"].as_str().unwrap().to_owned();
        let n = seen.entry(at.clone()).or_default();
        *n += 1;
        assert!(*n < 3, "ply {}: {at} a third time: {moves:?}", moves.len());
        if d["to_move"].is_null() {
            break at;
        }
        moves.push(d["best"].as_str().unwrap().to_owned());
    };
    drop(input);
    assert_eq!(child.wait().unwrap().code(), Some(0));
    let result = position(&last).round_result().expect("the round is over");
    assert_eq!(
        result.totals,
        [58, 38],
        "A +20 expected, after {} plies: {moves:?}",
        moves.len()
    );
}

/// What `analyse` answers for `from` and `moves`, as one process of its own (the command line)
/// and as one line of `analyse -`.
fn answers(from: &str, moves: &[&str], limits: &[&str]) -> (Value, Value) {
    let out = mancala()
        .args(["analyse", "--format", "json", "--threads", "1"])
        .args(limits)
        .arg(from)
        .args(moves)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let alone = json_lines(&out.stdout).remove(0);
    let line = format!("{from} {}\n", moves.join(" "));
    let out = mancala()
        .args(["analyse", "-", "--format", "json", "--threads", "1"])
        .args(limits)
        .write_stdin(line)
        .output()
        .unwrap();
    let mut batch = json_lines(&out.stdout).remove(0);
    batch["data"]
        .as_object_mut()
        .unwrap()
        .remove("input")
        .unwrap();
    (alone, batch)
}

/// The answer with moves is `Engine::analyse_after` of the position reached, with the positions
/// played since the last capture as its history: the same value, best move, lines, depth and
/// nodes (one thread, a depth limit); the line form of `analyse -` gives the same answer.
#[test]
fn moves_give_what_analyse_after_gives() {
    for k in [0, 1, 5, 8] {
        let moves = &CYCLE[..k];
        let (alone, batch) = answers(SHUFFLE, moves, &["--depth", "6"]);
        let without_time = |v: &Value| {
            let mut d = v["data"].clone();
            d["seconds"] = Value::Null;
            d["nodes_per_second"] = Value::Null;
            d
        };
        assert_eq!(without_time(&alone), without_time(&batch), "{k} moves");
        let line = positions(SHUFFLE, moves);
        let (pos, before) = line.split_last().unwrap();
        let known = analysis::history::repeatable(pos, before);
        // No capture along A's shuffle: every earlier position can come again.
        assert_eq!(known.len(), k);
        let engine = Engine::new(64 << 20, 1).unwrap();
        let opts = SearchOptions {
            limits: Limits {
                depth: Some(6),
                ..Limits::default()
            },
            multipv: 1,
            ..SearchOptions::default()
        };
        let a = engine.analyse_after(pos, known, &opts).unwrap();
        let d = &alone["data"];
        assert_eq!(d["position"], notation::write_view(pos.view()));
        assert_eq!(d["value"], json!(a.value), "{k} moves");
        assert_eq!(d["worst"], json!(a.worst), "{k} moves");
        assert_eq!(d["best"], json!(a.best().map(|m| m.to_string())));
        assert_eq!(d["nodes"], a.nodes, "{k} moves");
        assert_eq!(d["depth"], a.depth);
        let lines: Vec<Vec<String>> = a
            .lines
            .iter()
            .map(|l| l.moves.iter().map(ToString::to_string).collect())
            .collect();
        assert_eq!(d["lines"][0]["moves"], json!(lines[0]));
        let expected = (k > 0)
            .then(|| json!({"from": SHUFFLE, "moves": moves, "positions": k, "repeatable": k}));
        assert_eq!(d["history"], json!(expected), "{k} moves");
    }
}

/// Round the cycle and back to its first position, a move back into the cycle is a repetition:
/// endless play, A's worst outcome, so it is not the best move; given the position alone, the
/// search sees no cycle within its horizon and takes that move (spec/analysis.md §13.2). The
/// text says how many earlier positions the analysis knew.
#[test]
fn a_move_back_to_a_position_of_the_game_is_a_repetition() {
    let limits = ["--nodes", "2000", "--multipv", "12"];
    let (alone, _) = answers(SHUFFLE, &[], &limits);
    assert_eq!(alone["data"]["best"], "7A-", "{alone}");
    let (after, _) = answers(SHUFFLE, &CYCLE, &limits);
    let d = &after["data"];
    assert_ne!(d["best"], "7A-", "{d}");
    assert_eq!(d["position"], SHUFFLE);
    let back = d["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["moves"][0] == "7A-")
        .expect("a line for 7A-");
    assert_eq!(back["worst"], "-endless", "{back}");
    assert_eq!(back["moves"], json!(["7A-"]));

    let out = mancala()
        .args(["analyse", "--threads", "1", "--nodes", "2000", SHUFFLE])
        .args(CYCLE)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().nth(1),
        Some(
            "history: 8 positions played before this one; a line back to one of them is a \
             repetition (endless play)"
        ),
        "{text}"
    );
}

/// Moves that end the round reach a position that is its own value; a move after the end, a
/// move the rules refuse and a token that is no move are reported as `play` reports them (the
/// ply, the rule, the `mancala rules` hint, exit 1), on stderr for the command line and in
/// place for a line of `analyse -`; MOVEs with `-` or with `--proof` are usage errors.
#[test]
fn bad_moves_and_bad_lines_are_reported_with_their_ply_and_rule() {
    // A's last move, 2A+, ends the round (G19, G20): A 58, B 38.
    let last = "giuthi 0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0 A store=56,38";
    let out = mancala()
        .args(["analyse", "--format", "json", last, "2A+"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let d = &json_lines(&out.stdout)[0]["data"];
    assert_eq!(d["to_move"], Value::Null, "{d}");
    assert_eq!(d["best"], Value::Null, "{d}");
    assert_eq!(d["history"]["positions"], 1);
    assert_eq!(d["value"], 20, "{d}");

    let cases: [(&[&str], &str, &str); 3] = [
        (
            &[last, "2A+", "pass"],
            "ply 2: illegal move pass: the round is over",
            "G19",
        ),
        (
            &[SHUFFLE, "7A-", "1B"],
            "ply 2: illegal move 1B: 1B is not one of A's holes",
            "G4",
        ),
        (&[SHUFFLE, "9Z"], "ply 1: `9Z` is not a giuthi move", ""),
    ];
    for (args, message, rule) in cases {
        let out = mancala().arg("analyse").args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(message), "{err}");
        if !rule.is_empty() {
            assert!(err.contains(&format!("see: mancala rules {rule}")), "{err}");
        }
    }

    let input = format!("{SHUFFLE} 7A- 1B\n{SHUFFLE} 7A-\nbechi 3B 9B\n");
    let out = mancala()
        .args(["analyse", "-", "--depth", "2"])
        .write_stdin(input.as_str())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("error: line 1: ply 2: illegal move 1B: 1B is not one of A's holes"),
        "{text}"
    );
    assert_eq!(lines[1], "A to move", "{text}");
    assert!(
        lines.last().unwrap().starts_with("error: line 3: ply 2: "),
        "{text}"
    );

    let out = mancala()
        .args(["analyse", "-", "--format", "json", "--depth", "2"])
        .write_stdin(input.as_str())
        .output()
        .unwrap();
    let v = json_lines(&out.stdout);
    let kinds: Vec<&str> = v.iter().map(|l| l["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["error", "end", "analysis", "end", "error", "end"]);
    let e = &v[0]["data"];
    assert_eq!(
        (e["kind"].clone(), e["ply"].clone()),
        (json!("move"), json!(2))
    );
    assert_eq!(
        (e["rule"].clone(), e["move"].clone()),
        (json!("G4"), json!("1B"))
    );
    assert_eq!(e["rules"], json!(["G4"]));
    assert_eq!(v[1]["data"]["ok"], false);
    assert_eq!(v[2]["data"]["history"]["moves"], json!(["7A-"]));

    for args in [
        &["analyse", "-", "7A-"][..],
        &["analyse", "--proof", "-", SHUFFLE, "7A-"][..],
    ] {
        let out = mancala().args(args).write_stdin("").output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// A line of `analyse -` is a position followed by its moves in each of the position's forms:
/// a game's name, a position string with its fields, its JSON form.
#[test]
fn lines_give_their_moves_after_every_form_of_position() {
    let json_form = {
        let out = mancala()
            .args(["show", "--format", "json", SHUFFLE])
            .output()
            .unwrap();
        json_lines(&out.stdout)[0]["data"]["position_data"].to_string()
    };
    let input = format!(
        "bechi 3B 1A\nbechi 6,6,6,6/6,6,6,6 B opener=B 3B 1A\n{json_form} 7A- 6A-\n{json_form}\n"
    );
    let out = mancala()
        .args(["analyse", "-", "--format", "json", "--depth", "2"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let answers: Vec<Value> = json_lines(&out.stdout)
        .into_iter()
        .filter(|v| v["type"] == "analysis")
        .map(|v| v["data"].clone())
        .collect();
    let reached = notation::write_position(
        &positions("bechi 6,6,6,6/6,6,6,6 B opener=B", &["3B", "1A"])[2].to_setup(),
    );
    for d in &answers[..2] {
        assert_eq!(d["position"], reached.as_str());
        assert_eq!(d["history"]["moves"], json!(["3B", "1A"]));
        assert_eq!(d["history"]["from"], "bechi 6,6,6,6/6,6,6,6 B opener=B");
    }
    assert_eq!(answers[2]["history"]["moves"], json!(["7A-", "6A-"]));
    assert_eq!(answers[2]["history"]["from"], SHUFFLE);
    assert_eq!(answers[3]["history"], Value::Null);
    assert_eq!(answers[3]["position"], SHUFFLE);
}
