//! Limits that hold (issue 8): a closed standard output ends every command quietly; input streams
//! in bounded memory whatever its size; pathological records (a million plies, a 10 MB comment,
//! deep "nesting", which the notation does not have) are read and checked (`cargo xtask limits`
//! times them: linear in their size); perft
//! depth and option values are bounded with clear errors, and the exit statuses are the same for
//! every command (`mancala --help`, docs/guide/exit-status.md).
//!
//! The gigabyte runs are measured outside `cargo test` (docs/guide/limits.md); these tests run the same
//! paths at sizes CI affords.

#[cfg(target_os = "linux")]
use crate::support::peak_kb;
use crate::support::{mancala, root};
use predicates::prelude::*;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mancala"));
    c.current_dir(root());
    c
}

/// Copies of a corpus file's records, separated by blank lines, up to `bytes`.
fn repeated(file: &str, bytes: usize) -> Vec<u8> {
    let text = std::fs::read(root().join(file)).unwrap();
    let mut out = Vec::with_capacity(bytes + text.len());
    while out.len() < bytes {
        out.extend_from_slice(&text);
        out.push(b'\n');
    }
    out
}

/// Runs `args` with `input` on stdin and stdout closed by the reader at once: the command must
/// end with status 0 and print nothing on stderr.
fn with_closed_stdout(args: &[&str], input: Vec<u8>) {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    // The command may stop reading as soon as its stdout is gone: a failed write here is fine.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).as_ref()
        ),
        (Some(0), ""),
        "mancala {}",
        args.join(" ")
    );
}

#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    let records = repeated("corpus/ok/match-giuthi-2x6.mgn", 1 << 20);
    let json = bin()
        .args(["convert", "--to", "json", "corpus/ok/match-giuthi-2x6.mgn"])
        .output()
        .unwrap()
        .stdout
        .repeat(40);
    for args in [
        &["validate", "-"][..],
        &["validate", "--format", "json", "-"],
        &["validate", "--quiet", "-"],
        &["replay", "-"],
        &["replay", "--format", "json", "-"],
        &["convert", "-"],
        &["convert", "--to", "json", "-"],
        &["explain", "-"],
    ] {
        with_closed_stdout(args, records.clone());
    }
    with_closed_stdout(&["convert", "--from", "json", "-"], json);
    // `check-proof F | head -1` ended in a panic and a backtrace under `cargo xtask` (issue 34):
    // the binary's command, and every command below that the list above left out.
    let proof = bin()
        .args([
            "analyse",
            "--proof",
            "-",
            "bechi 0,2*,0/3*,0,1* B store=20,10 opener=B",
        ])
        .output()
        .unwrap()
        .stdout;
    with_closed_stdout(&["check-proof", "-"], proof.clone());
    with_closed_stdout(&["check-proof", "-", "-"], proof);
    for args in [
        &["perft", "--game", "giuthi", "--divide", "3"][..],
        &["perft", "--game", "redu", "2"],
        &["perft", "--help"],
        &["completions", "bash"],
        &["rules"],
        &["show", "bechi"],
        &["moves", "bechi"],
        &["play", "bechi", "1B"],
        &["analyse", "bechi", "--depth", "2"],
        &["man"],
        &["collection", "stats", "corpus/ok"],
        &["collection", "select", "corpus/ok"],
        &["--help"],
        &["--version"],
    ] {
        with_closed_stdout(args, Vec::new());
    }
}

/// 48 MB of records streamed through `validate`: small valid records, records with half-megabyte
/// comments, and 5 MB records beyond the 1 MiB limit, which are reported and skipped without
/// being kept. Memory stays a few MB, far below the input.
#[cfg(target_os = "linux")]
#[test]
fn input_streams_in_bounded_memory() {
    let small = repeated("corpus/ok/bechi-fig03.mgn", 64 << 10);
    let head = "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n";
    let commented = format!("{head}{{{}}} 1. 1B *\n\n", "word ".repeat(100_000));
    let huge = format!("{head}{{{}}} *\n\n", "word ".repeat(1_000_000));
    let mut chunk = small.clone();
    chunk.extend_from_slice(commented.as_bytes());
    chunk.extend_from_slice(huge.as_bytes());
    chunk.extend_from_slice(commented.as_bytes());
    let rounds = (48 << 20) / chunk.len() + 1;
    let total_mb = (rounds * chunk.len()) >> 20;
    let copies = String::from_utf8_lossy(&small).matches("[Notation").count();
    let mut child = bin()
        .args(["validate", "--quiet", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for _ in 0..rounds {
            stdin.write_all(&chunk).unwrap();
        }
    });
    let mut peak = 0;
    while !writer.is_finished() {
        peak = peak.max(peak_kb(pid).unwrap_or(0));
        std::thread::sleep(Duration::from_millis(5));
    }
    writer.join().unwrap();
    peak = peak.max(peak_kb(pid).unwrap_or(0));
    let out = child.wait_with_output().unwrap();
    let summary = String::from_utf8(out.stdout).unwrap();
    assert!(
        summary.ends_with(&format!(
            "records: {} valid, {rounds} invalid\n",
            (copies + 2) * rounds
        )),
        "{summary}"
    );
    assert!(
        peak > 0 && peak < 24 * 1024,
        "peak memory {peak} kB for {total_mb} MB of input"
    );
}

const HEAD: &str = "[Notation \"1.0\"]\n[Game \"giuthi\"]\n[Opener \"B\"]\n\n";

/// A million plies, very many annotations, a 10 MB comment, runs of openers, a long position
/// string (`testkit::pathological`): read and checked with the right results, each at its larger
/// size. That they are read in linear time is timed by `cargo xtask limits`, in release, outside
/// `cargo test` (a loaded machine makes any time limit flaky).
#[test]
fn pathological_records_are_handled() {
    for case in testkit::pathological::cases() {
        if let Err(e) = (case.run)(8 * case.n) {
            panic!("{}: {e}", case.what);
        }
    }
}

#[test]
fn records_beyond_the_limit_are_reported_and_skipped() {
    let ok = std::fs::read_to_string(root().join("corpus/ok/bechi-fig03.mgn")).unwrap();
    let comment = format!("{HEAD}{{{}}} 1. 1B+ *\n", "x".repeat(10 << 20));
    let plies = format!("{HEAD}{} *\n", "1B+ 1A- ".repeat(500_000));
    let input = format!("{ok}\n{comment}\n{ok}\n{plies}\n{ok}");
    let out = mancala()
        .args(["validate", "--format", "json", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let kinds: Vec<(&str, bool)> = lines
        .iter()
        .filter(|v| v["type"] == "finding" || v["type"] == "record")
        .map(|v| {
            (
                v["type"].as_str().unwrap(),
                v["data"]["kind"] == "too-large" || v["data"]["valid"] == true,
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("record", true),
            ("finding", true),
            ("record", false),
            ("record", true),
            ("finding", true),
            ("record", false),
            ("record", true)
        ]
    );
    let summary = &lines.last().unwrap()["data"];
    assert_eq!(
        (summary["valid"].as_u64(), summary["invalid"].as_u64()),
        (Some(3), Some(2))
    );
    // The same limit for a JSON line.
    let line = format!("{{\"notation\":\"{}\"}}\n", "1".repeat(2 << 20));
    mancala()
        .args(["convert", "--from", "json", "-"])
        .write_stdin(line)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "error[too-large]: expected a JSON record line of at most 1048576 bytes",
        ));
}

#[test]
fn json_lines_that_are_not_utf8_are_one_bad_record_each() {
    let json = bin()
        .args(["convert", "--to", "json", "corpus/ok/bechi-fig03.mgn"])
        .output()
        .unwrap()
        .stdout;
    let mut input = json.clone();
    input.extend_from_slice(b"{\"notation\": \"1.\xff\"}\n");
    input.extend_from_slice(&json);
    mancala()
        .args(["convert", "--from", "json", "--to", "json", "-"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(String::from_utf8(json.repeat(2)).unwrap())
        .stderr(
            predicate::str::contains("error[encoding]: expected UTF-8 text")
                .and(predicate::str::contains("<stdin>:2:17 (record 2)")),
        );
}

#[test]
fn perft_depth_and_option_values_are_bounded_with_clear_errors() {
    for (args, code, message) in [
        (
            &["perft", "--game", "bechi", "41"][..],
            2,
            "invalid value '41' for '<DEPTH>': 41 is not in 0..=40",
        ),
        (
            &["perft", "--game", "bechi", "--threads", "0", "2"],
            2,
            "0 is not in 1..=256",
        ),
        (
            &["perft", "--game", "bechi", "--threads", "257", "2"],
            2,
            "257 is not in 1..=256",
        ),
        (
            &["perft", "--game", "chess", "1"],
            2,
            "unknown game `chess`: expected one of bechi, giuthi",
        ),
        (
            &["perft", "--game", "giuthi", "-o", "holes=11", "1"],
            2,
            "bad value `11` for giuthi option `holes`: expected one of 5, 6, 7, 8, 9, 10",
        ),
        (
            &[
                "perft",
                "--game",
                "giuthi",
                "-o",
                "holes=99999999999999999999999",
                "1",
            ],
            2,
            "bad value `99999999999999999999999` for giuthi option `holes`",
        ),
        (
            &["perft", "--game", "uugg", "-o", "balla", "1"],
            2,
            "bad --option `balla`: expected KEY=VALUE",
        ),
        (
            &["perft", "--game", "redu", "-o", "seeds=4", "1"],
            2,
            "redu has no option `seeds`: its options are entry, o1-costs-turn",
        ),
        (
            &[
                "perft",
                "--position",
                "bechi 1000,6,6,6/6,6,6,6 B opener=B",
                "1",
            ],
            1,
            "bad --position at column 7: expected a seed count of at most 999, found `1000`",
        ),
        (
            &[
                "perft",
                "--position",
                "bechi 6,6,6,6/6,6,6,6 B opener=B round=99999999999",
                "1",
            ],
            1,
            "expected a number of at most 9999, found `99999999999`",
        ),
        (
            &[
                "perft",
                "--position",
                "bechi 6,6,6,6/6,6,6,7 B opener=B",
                "1",
            ],
            1,
            "bad --position: not a legal bechi position: seed total is 49",
        ),
        (
            &[
                "perft",
                "--game",
                "giuthi",
                "--position",
                "bechi 6,6,6,6/6,6,6,6 B opener=B",
                "1",
            ],
            2,
            "--game giuthi does not match the position",
        ),
    ] {
        let out = mancala().args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(
            err.starts_with("mancala: error: ") && err.contains(message),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        assert!(out.stdout.is_empty());
    }
}

/// Issue 34, item 12: an unknown game in a POSITION (a bare word, a position string, its JSON
/// form), wherever a command takes one, is invalid input like any position that does not read:
/// exit 1 everywhere (docs/guide/exit-status.md). `collection select --position` exited 2 (with
/// "expected a space, found the end" for a bare word); a game named by `--game` is an argument,
/// and an unknown one a usage error (exit 2) in every command that has it.
#[test]
fn an_unknown_game_has_one_status_wherever_a_position_is_given() {
    let json = r#"{"game": "chess", "holes": {"1A": 1}, "to_move": "B"}"#;
    for position in ["chess", "chess 1,2,3/4,5,6 B", json] {
        for args in [
            vec!["show", position],
            vec!["moves", position],
            vec!["play", position, "1A"],
            vec!["analyse", position, "--depth", "1"],
            vec!["perft", "--position", position, "1"],
            vec!["explain", "--position", position, "--move", "1A"],
            vec!["match", "--position", position],
            vec!["solve", "--position", position],
            vec!["collection", "select", "--position", position, "corpus/ok"],
        ] {
            let out = mancala().args(&args).output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
            assert!(err.contains("unknown game `chess`"), "{args:?}: {err}");
            assert!(out.stdout.is_empty(), "{args:?}");
        }
    }
    for args in [
        &["perft", "--game", "chess", "1"][..],
        &["match", "--game", "chess"],
        &["solve", "--game", "chess"],
        &["collection", "select", "--game", "chess", "corpus/ok"],
    ] {
        let out = mancala().args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("unknown game `chess`"), "{args:?}: {err}");
    }
}

/// Issue 34, item 13: a round number is at most 9999 in every form of a position: the JSON form
/// took up to 65535 (and `show` printed a position string that does not read back).
#[test]
fn round_numbers_have_one_range_in_every_form() {
    let json = |round: u32| {
        format!(
            r#"{{"game": "bechi", "holes": {{"1A": 6, "2A": 6, "3A": 6, "4A": 6, "1B": 6, "2B": 6, "3B": 6, "4B": 6}}, "to_move": "B", "opener": "B", "round": {round}}}"#
        )
    };
    let string = |round: u32| format!("bechi 6,6,6,6/6,6,6,6 B round={round} opener=B");
    for round in [9999, 10000, 65535] {
        for position in [json(round), string(round)] {
            let out = mancala().args(["show", &position]).output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            if round == 9999 {
                assert_eq!(out.status.code(), Some(0), "{position}: {err}");
                assert!(String::from_utf8_lossy(&out.stdout).contains("round=9999"));
            } else {
                assert_eq!(out.status.code(), Some(1), "{position}: {err}");
                assert!(
                    err.contains(&format!("found `{round}`"))
                        || err.contains(&format!("round {round} is past the limit")),
                    "{position}: {err}"
                );
                assert!(err.contains("at most 9999"), "{position}: {err}");
            }
        }
    }
}

/// Every command of `mancala`.
const COMMANDS: [&str; 15] = [
    "perft",
    "validate",
    "replay",
    "convert",
    "show",
    "moves",
    "play",
    "explain",
    "rules",
    "analyse",
    "annotate",
    "check-proof",
    "solve",
    "completions",
    "man",
];

fn help_of(args: &[&str]) -> String {
    let out = mancala().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// `mancala --help` gives the exit statuses in full and says when `--color auto` colours; every
/// command's help keeps these shared blocks short (issue 26.6): a line or two at its end (its
/// description gives its own statuses) and a one-line `--color`.
#[test]
fn every_command_documents_the_same_exit_statuses() {
    let main = help_of(&["--help"]);
    for line in [
        "Exit status, for every command:",
        "  0    success",
        "  1    invalid input",
        "  2    usage error",
        "  101  internal error",
        "A closed standard output",
        "NO_COLOR",
        "CLICOLOR_FORCE",
    ] {
        assert!(main.contains(line), "--help lacks `{line}`:\n{main}");
    }
    for cmd in COMMANDS {
        for flag in ["-h", "--help"] {
            let help = help_of(&[cmd, flag]);
            let shared = help.trim_end().rsplit("\n\n").next().unwrap();
            assert!(
                shared.contains("101") && shared.contains("mancala --help"),
                "{cmd} {flag} does not end with the shared statuses:\n{help}"
            );
            assert!(shared.lines().count() <= 2, "{cmd} {flag}:\n{shared}");
            assert!(
                !help.contains("Exit status, for every command") && !help.contains("NO_COLOR"),
                "{cmd} {flag} repeats a block of mancala --help:\n{help}"
            );
            // Its first line, and the lines that continue it up to a blank line or the next
            // option.
            let color = help
                .lines()
                .skip_while(|l| !l.trim_start().starts_with("--color"))
                .enumerate()
                .take_while(|(i, l)| {
                    *i == 0 || !(l.trim().is_empty() || l.trim_start().starts_with('-'))
                })
                .count();
            assert!(
                (1..=2).contains(&color),
                "{cmd} {flag}: --color takes {color} lines"
            );
        }
        let long = help_of(&[cmd, "--help"]);
        assert!(long.contains("Exit status: 0 "), "{cmd}: its own statuses");
        let short = help_of(&[cmd, "-h"]);
        assert!(
            short.contains("0 success, 1 invalid input, 2 usage or I/O"),
            "{cmd} -h"
        );
    }
    let guide = crate::docs::document("docs/guide/exit-status.md");
    assert!(guide.starts_with("# Exit status"));
}

/// Records of side lines (issue 34; `testkit::pathological::side_line_record`). Past the record's
/// limit of plies (a 1 MiB record of 5-byte side lines holds 130 000) every command refuses the
/// record as it reads it, `too-large` with the limit, exit 1, in a few MB: it took 305 MB in
/// `replay`, 299 MB in `annotate`, 7.6 GB in `replay --html`. At the limit, each shape validates in
/// bounded memory (`cargo xtask limits` measures every command on them, in release).
#[cfg(target_os = "linux")]
#[test]
fn side_lines_are_bounded_by_the_plies_of_a_record() {
    use crate::support::{fresh_dir, run_bounded};
    use testkit::pathological::{SIDE_LINE_SHAPES, side_line_record};
    let dir = fresh_dir("side-lines");
    let over = side_line_record("wide", (notation::reader::MAX_RECORD - 100) / 8);
    assert!(over.len() < notation::reader::MAX_RECORD);
    let file = dir.join("over.mgn");
    std::fs::write(&file, &over).unwrap();
    let file = file.to_str().unwrap();
    let html = dir.join("page.html");
    for args in [
        vec!["validate", file],
        vec!["convert", file],
        vec!["replay", file],
        vec!["replay", "--format", "json", file],
        vec!["replay", "--html", html.to_str().unwrap(), file],
        vec!["annotate", "--depth", "1", file],
        vec!["explain", file],
    ] {
        let run = run_bounded("side-lines-over", &args, 48 * 1024);
        assert_eq!(run.code, Some(1), "{args:?}: {}", run.stderr);
        // On stderr, or in the JSON lines of `--format json`.
        let said = format!("{}{}", run.stdout, run.stderr);
        assert!(
            said.contains(&format!(
                "more than {0} plies: a record holds at most {0} plies, its own line and its variations together",
                notation::MAX_RECORD_PLIES
            )),
            "{args:?}: {said}"
        );
    }
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    for shape in SIDE_LINE_SHAPES {
        let text = side_line_record(shape, notation::MAX_RECORD_PLIES);
        let file = dir.join(format!("{shape}.mgn"));
        std::fs::write(&file, &text).unwrap();
        let run = run_bounded(
            "side-lines",
            &["validate", file.to_str().unwrap()],
            48 * 1024,
        );
        assert_eq!(run.code, Some(0), "{shape}: {}", run.stderr);
    }
}
