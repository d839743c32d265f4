//! The tool around the checker (issue 9): pictures (`replay --svg`, `show --svg`), explanations
//! (`explain`), scripting (`moves`, `play`, composing with `perft --divide`), colour only on
//! terminals, completions and `--version`; files written whole or not at all.

use crate::support::{mancala, root};
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A fresh empty folder under the system's temporary folder, made exclusively under an
/// unpredictable name (tempfile; a fixed name in a shared /tmp could be planted); the test removes
/// it.
fn scratch(name: &str) -> PathBuf {
    tempfile::Builder::new()
        .prefix(&format!("mancala-{name}-"))
        .tempdir()
        .unwrap()
        .keep()
}

fn stdout(args: &[&str]) -> String {
    let out = mancala().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Well-formed XML (a real parser, roxmltree) with one root element `svg`.
fn check_xml(text: &str) -> Result<(), String> {
    let doc = roxmltree::Document::parse(text).map_err(|e| e.to_string())?;
    match doc.root_element().tag_name().name() {
        "svg" => Ok(()),
        other => Err(format!("root element <{other}>")),
    }
}

/// The SVG files `replay --svg` writes for `file`, by name.
fn replay_svg(file: &str, dir: &Path, extra: &[&str]) -> Vec<(String, String)> {
    let out = mancala()
        .args(["replay", "--svg"])
        .arg(dir)
        .args(extra)
        .arg(file)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{file}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|p| {
            let name = Path::new(p)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            (name, std::fs::read_to_string(p).unwrap())
        })
        .collect()
}

/// One rule-book example of each game, every picture of it under a snapshot.
#[test]
fn svg_pictures_of_a_rule_book_example_of_each_game() {
    let dir = scratch("svg-snapshots");
    for file in [
        "corpus/ok/bechi-fig04.mgn",
        "corpus/ok/giuthi-fig01-02d.mgn",
        "corpus/ok/sulus-nishtaw-jug01-03c.mgn",
        "corpus/ok/uugg-u21-ownership-after-the-rows.mgn",
        "corpus/ok/redu-fig008-009-jugb003.mgn",
    ] {
        for (name, svg) in replay_svg(file, &dir, &[]) {
            check_xml(&svg).unwrap_or_else(|e| panic!("{name}: {e}"));
            insta::assert_snapshot!(format!("svg-{name}"), svg);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every record of the corpus gives well-formed SVG pictures, one per position (the start, each
/// ply, each new round), named after the file, the record and the ply.
#[test]
fn every_corpus_record_gives_well_formed_pictures() {
    let dir = scratch("svg-corpus");
    let mut pictures = 0;
    for f in crate::support::corpus_files("ok")
        .into_iter()
        .chain(crate::support::corpus_files("lenient"))
    {
        let lenient: &[&str] = if f.contains("/lenient/") {
            &["--lenient"]
        } else {
            &[]
        };
        for (name, svg) in replay_svg(&f, &dir, lenient) {
            check_xml(&svg).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(svg.ends_with("</svg>\n"), "{name}");
            pictures += 1;
        }
    }
    // Every file in the folder is a picture listed on stdout: no temporary file is left.
    let files = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(files, pictures);
    assert!(pictures > 300, "{pictures}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn svg_picture_names_follow_record_and_ply() {
    let dir = scratch("svg-names");
    let names: Vec<String> = replay_svg("corpus/ok/bechi-fig00b.mgn", &dir, &[])
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(
        names,
        [
            "bechi-fig00b-001-000.svg",
            "bechi-fig00b-001-000-round2.svg",
            "bechi-fig00b-001-001.svg"
        ]
    );
    // From standard input the pictures are named stdin-...
    let out = mancala()
        .args(["replay", "--svg"])
        .arg(&dir)
        .write_stdin(std::fs::read_to_string(root().join("corpus/ok/bechi-fig03.mgn")).unwrap())
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("stdin-001-001.svg"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An invalid record is drawn up to its problem, reported on stderr: exit 1.
#[test]
fn svg_of_an_invalid_record_stops_at_the_problem() {
    let dir = scratch("svg-invalid");
    mancala()
        .args(["replay", "--svg"])
        .arg(&dir)
        .arg("corpus/err/illegal-bechi-b4-single-seed.mgn")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("B4"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn show_draws_a_position_as_text_and_svg() {
    let mut text = String::new();
    for pos in [
        "bechi 1*,7,0x,0x/7,7,7,7 B reserve=2,10 round=2 opener=A",
        "sulus-nishtaw 0,2b,0,0,0,0/0,5b,0,2,4,1a/2,0,4a,6,3,1 A store=16,8 opener=B",
        "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 A round=2 opener=A owners=AAAAAA/ABBBBB/BBBBBB opening",
        "uugg 5,5,5,5,6,4b/4,4,4,3,1,0 B store=2,0 round=2 opener=A owners=AAAAAA/BBBBAA",
        "redu 3,3,1,3,3,3/2,3,2,0,4,1 A store=10,10 right=O3:4A",
        "giuthi 0,0,0,0,0/1,1,1,1,1 A store=25,30",
    ] {
        text.push_str(&format!("$ mancala show \"{pos}\"\n"));
        text.push_str(&stdout(&["show", pos]));
    }
    insta::assert_snapshot!("show-text", text);
    let svg = stdout(&[
        "show",
        "--svg",
        "--caption",
        "B's 33 seeds give him 11 holes (S18, S19)",
        "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 A round=2 opener=A owners=AAAAAA/ABBBBB/BBBBBB opening",
    ]);
    check_xml(&svg).unwrap();
    insta::assert_snapshot!("show-svg-sulus-round2", svg);
    assert_eq!(
        stdout(&[
            "show",
            "--format",
            "svg",
            "redu 3,3,1,3,3,3/2,3,2,0,4,1 A store=10,10 right=O3:4A"
        ]),
        stdout(&[
            "show",
            "--svg",
            "redu 3,3,1,3,3,3/2,3,2,0,4,1 A store=10,10 right=O3:4A"
        ])
    );
}

#[test]
fn bad_positions_are_invalid_input() {
    for cmd in ["show", "moves", "play"] {
        mancala()
            .args([cmd, "bechi 6,6,6,6/6,6,6 B opener=B"])
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains("bad position"));
        mancala()
            .args([cmd, "bechi 6,6,6,6/6,6,6,7 B opener=B"])
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains("seed total is 49"));
    }
    mancala()
        .args([
            "moves",
            "--option",
            "holes",
            "bechi 6,6,6,6/6,6,6,6 B opener=B",
        ])
        .assert()
        .code(2);
}

const BECHI_FIG04: &str = "bechi 2,0,5,2/3,1*,4*,7 B store=12,12 opener=B";

#[test]
fn moves_lists_canonical_tokens_or_json_lines() {
    assert_eq!(stdout(&["moves", BECHI_FIG04]), "1B\n3B\n4B\n");
    let json = stdout(&["moves", "--format", "json", BECHI_FIG04]);
    let mut text = String::new();
    for line in json.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["type"], "move");
        let mv = v["data"]["move"].as_str().unwrap();
        let pos = v["data"]["position"].as_str().unwrap();
        // Each move's position is the one `play` reaches.
        assert_eq!(stdout(&["play", BECHI_FIG04, mv]).trim_end(), pos);
        text.push_str(line);
        text.push('\n');
    }
    insta::assert_snapshot!("moves-json-bechi-fig04", text);
    // Every game, from its start: the moves, one per line.
    let mut all = String::new();
    for pos in [
        "bechi 6,6,6,6/6,6,6,6 B opener=B",
        "giuthi 6,6,6,6,6/6,6,6,6,6 B",
        "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 B opener=B opening",
        "uugg 4,4,4,4,4,4/4,4,4,4,4,4 B opener=B",
        "redu 3,3,1,3,3,3/2,3,2,0,4,1 A store=10,10 right=O3:4A",
    ] {
        all.push_str(&format!("$ mancala moves \"{pos}\"\n"));
        all.push_str(&stdout(&["moves", pos]));
    }
    insta::assert_snapshot!("moves-text", all);
    // A finished round has no moves: nothing on stdout, the reason on stderr, exit 0.
    mancala()
        .args(["moves", "giuthi 0,0,0,0,0/1,1,1,1,1 A store=25,30"])
        .assert()
        .code(0)
        .stdout("")
        .stderr(predicate::str::contains("round is over (G20)"));
}

#[test]
fn play_prints_the_position_reached_or_the_rule_that_forbids_a_move() {
    // The Bechi Fig.04 ply, then A's reply, in any legal spelling.
    mancala()
        .args(["play", BECHI_FIG04, "4B+", "2A"])
        .assert()
        .code(0)
        // 4B: as in the rule book. 2A, a left-hand hole, sows clockwise, the first seed back
        // into 2A (B4, B6): 2A 0->1, 1A 3->4, 4B 1->2, 3B 0->1, 2B 0->1, 1B 4->5, odd: no
        // capture (B9); 2A is chosen (B2).
        .stdout("bechi 3,1,1*,4/5,1*,1*,2* B store=12,18 opener=B\n");
    mancala()
        .args(["play", BECHI_FIG04])
        .assert()
        .code(0)
        .stdout(format!("{BECHI_FIG04}\n"));
    // An illegal move: exit 1, the ply and the rule on stderr, nothing on stdout.
    mancala()
        .args(["play", BECHI_FIG04, "4B", "3A"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            predicate::str::contains("ply 2: illegal move 3A")
                .and(predicate::str::contains("(B4)")),
        );
    mancala()
        .args(["play", BECHI_FIG04, "4B-"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("(B4)"));
    mancala()
        .args(["play", BECHI_FIG04, "4X"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("ply 1: `4X` is not a bechi move"));
    // JSON: one line per ply, with the canonical spelling and the spelling written.
    let json = stdout(&["play", "--format", "json", BECHI_FIG04, "4B+"]);
    let v: serde_json::Value = serde_json::from_str(json.trim_end()).unwrap();
    assert_eq!(v["type"], "ply");
    assert_eq!(v["data"]["move"], "4B");
    assert_eq!(v["data"]["written"], "4B+");
    assert_eq!(v["data"]["captured"], serde_json::json!({"A": 0, "B": 6}));
    assert_eq!(v["data"]["to_move"], "A");
}

/// perftree-style debugging: the count `perft --divide` gives a move is the perft of the position
/// `play` reaches with it, and `moves` lists the same moves.
#[test]
fn moves_and_play_compose_with_perft_divide() {
    for (pos, depth) in [
        ("bechi 2,0,5,2/3,1*,4*,7 B store=12,12 opener=B", 3),
        ("giuthi 6,6,6,6,6/6,6,6,6,6 B", 2),
        (
            "sulus-nishtaw 0,3,0,5,4,3/4,4b,5,3,7,2/4,3,0,5,2,0 A opener=A",
            2,
        ),
        ("uugg 5,5,5,5,4b/0,6,0,5,5 A opener=B", 2),
        ("redu 3,3,1,3,3,3/2,3,2,0,4,1 A store=10,10 right=O3:4A", 2),
    ] {
        let d = depth.to_string();
        let divide = stdout(&["perft", "--divide", "--position", pos, &d]);
        let (lines, total) = divide.split_once("\n\n").unwrap();
        let mut moves: Vec<String> = stdout(&["moves", pos]).lines().map(str::to_owned).collect();
        moves.sort();
        let mut sum = 0;
        let mut listed = Vec::new();
        for line in lines.lines() {
            let (mv, count) = line.split_once(' ').unwrap();
            let child = stdout(&["play", pos, mv]);
            let below = stdout(&[
                "perft",
                "--position",
                child.trim_end(),
                &(depth - 1).to_string(),
            ]);
            assert_eq!(below.trim_end(), count, "{pos}: {mv}");
            sum += count.parse::<u64>().unwrap();
            listed.push(mv.to_owned());
        }
        assert_eq!(listed, moves, "{pos}");
        assert_eq!(total.trim_end(), sum.to_string());
    }
}

#[test]
fn explain_a_ply_of_each_game() {
    let mut text = String::new();
    for args in [
        vec!["explain", "corpus/ok/bechi-fig04.mgn"],
        vec!["explain", "corpus/ok/giuthi-fig01-02d.mgn"],
        vec!["explain", "corpus/ok/sulus-nishtaw-jug01-03c.mgn"],
        vec![
            "explain",
            "--ply",
            "2",
            "corpus/ok/sulus-nishtaw-jug05-06b.mgn",
        ],
        vec!["explain", "corpus/ok/sulus-nishtaw-opening.mgn"],
        vec![
            "explain",
            "--record",
            "2",
            "corpus/ok/uugg-u7-uagga-on-a-relay-lap.mgn",
        ],
        vec![
            "explain",
            "--ply",
            "1",
            "corpus/ok/uugg-u9-u10-balla-compulsory.mgn",
        ],
        vec![
            "explain",
            "--ply",
            "1",
            "corpus/ok/redu-fig008-009-jugb003.mgn",
        ],
        vec!["explain", "corpus/ok/redu-juga001.mgn"],
        vec![
            "explain",
            "--lenient",
            "corpus/lenient/redu-jugb001-penalty.mgn",
        ],
        vec![
            "explain",
            "--position",
            "giuthi 6,6,6,6,6/6,6,6,6,6 B",
            "--move",
            "3B-",
        ],
        vec![
            "explain",
            "--position",
            "bechi 0,2,0,0/1,0,0,1 B store=20,24 opener=B",
            "--move",
            "pass",
        ],
    ] {
        text.push_str(&format!("$ mancala {}\n", args.join(" ")));
        text.push_str(&stdout(&args));
        text.push('\n');
    }
    insta::assert_snapshot!("explain", text);
}

#[test]
fn explain_errors() {
    // No such ply: a usage error.
    mancala()
        .args(["explain", "--ply", "9", "corpus/ok/bechi-fig04.mgn"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("has 1 ply: there is no ply 9"));
    mancala()
        .args(["explain", "--record", "3", "corpus/ok/bechi-fig04.mgn"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("has no record 3"));
    // An illegal move from a position: exit 1 with the rule.
    mancala()
        .args(["explain", "--position", BECHI_FIG04, "--move", "2B"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("(B4)"));
    // An invalid record: explained up to the problem, which is reported; exit 1.
    mancala()
        .args(["explain", "corpus/err/illegal-bechi-b4-single-seed.mgn"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("B4"));
    // --move needs --position, and a file excludes --position.
    mancala().args(["explain", "--move", "4B"]).assert().code(2);
}

#[test]
fn colour_only_on_request_or_terminals() {
    let pos = "bechi 2,0,5,2/3,1*,4*,7 B store=12,12 opener=B";
    // In a pipe: no colour, whatever NO_COLOR says.
    let plain = stdout(&["show", pos]);
    assert!(!plain.contains('\x1b'));
    let out = mancala()
        .args(["show", pos])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stdout).contains('\x1b'));
    // --color always colours even a pipe; --color never never does.
    let coloured = stdout(&["--color", "always", "show", pos]);
    assert!(coloured.contains("\x1b["));
    let stripped = coloured
        .split('\x1b')
        .enumerate()
        .map(|(k, part)| {
            if k == 0 {
                part.to_owned()
            } else {
                part.split_once('m').map_or("", |(_, t)| t).to_owned()
            }
        })
        .collect::<String>();
    assert_eq!(stripped, plain, "colour changes nothing but colour");
    assert!(!stdout(&["show", "--color", "never", pos]).contains('\x1b'));
    let e = stdout(&["explain", "--color", "always", "corpus/ok/bechi-fig04.mgn"]);
    assert!(e.contains("\x1b[2;36m(B9)\x1b[0m"), "{e}");
    // CLICOLOR_FORCE colours a pipe under auto (anstream decides, as for clap's own output);
    // NO_COLOR still wins.
    let forced = mancala()
        .args(["show", pos])
        .env("CLICOLOR_FORCE", "1")
        .env_remove("NO_COLOR")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&forced.stdout), coloured);
    let both = mancala()
        .args(["show", pos])
        .env("CLICOLOR_FORCE", "1")
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&both.stdout).contains('\x1b'));
}

/// clap's tips survive (a similar subcommand or argument), and completion offers the games, the
/// option keys and their values (issue 16.5).
#[test]
fn usage_errors_keep_their_tips_and_completion_knows_games_and_options() {
    let out = mancala().args(["valdate"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("mancala: error: unrecognized subcommand 'valdate'"),
        "{err}"
    );
    assert!(
        err.contains("tip: a similar subcommand exists: 'validate'"),
        "{err}"
    );
    let bash = stdout(&["completions", "bash"]);
    for word in [
        "sulus-nishtaw",
        "balla=optional",
        "claims-score-to=side-owner",
        "holes=10",
    ] {
        assert!(bash.contains(word), "{word}");
    }
}

#[test]
fn version_names_the_notation_and_completions_are_generated() {
    mancala()
        .arg("--version")
        .assert()
        .code(0)
        .stdout(predicate::str::contains(format!(
            "mancala game notation {}",
            notation::STANDARD_VERSION
        )));
    for (shell, needle) in [
        ("bash", "_mancala()"),
        ("zsh", "#compdef mancala"),
        ("fish", "complete -c mancala"),
    ] {
        let out = stdout(&["completions", shell]);
        assert!(out.contains(needle), "{shell}");
        for sub in ["validate", "replay", "explain", "moves", "play", "show"] {
            assert!(out.contains(sub), "{shell}: {sub}");
        }
    }
    mancala().args(["completions", "tcsh"]).assert().code(2);
}

/// A replay --svg that fails to write a picture (its name is taken by a folder) stops with exit
/// 2, leaves the folder as it was and no temporary file.
#[test]
fn svg_write_failure_leaves_no_partial_file() {
    let dir = scratch("svg-fail");
    std::fs::create_dir_all(dir.join("bechi-fig03-001-001.svg/inside")).unwrap();
    mancala()
        .args(["replay", "--svg"])
        .arg(&dir)
        .arg("corpus/ok/bechi-fig03.mgn")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bechi-fig03-001-001.svg"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["bechi-fig03-001-000.svg", "bechi-fig03-001-001.svg"]
    );
    assert!(dir.join("bechi-fig03-001-001.svg/inside").is_dir());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A replay --svg killed while it writes leaves only whole pictures under their names (SIGKILL
/// cannot be handled: at most a hidden temporary file `.NAME.XXXXXX.tmp` besides).
#[test]
fn svg_killed_mid_run_leaves_only_whole_pictures() {
    let dir = scratch("svg-kill");
    let input = dir.join("input.mgn");
    let game = std::fs::read_to_string(root().join("corpus/ok/match-uugg-2x6.mgn")).unwrap();
    std::fs::write(&input, [game.as_str(); 20].join("\n")).unwrap();
    let out = dir.join("out");
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["replay", "--svg"])
        .arg(&out)
        .arg(&input)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait for some pictures, then kill the writer.
    for _ in 0..400 {
        if std::fs::read_dir(&out).map_or(0, Iterator::count) >= 20 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let _ = child.kill();
    let _ = child.wait();
    let mut whole = 0;
    for e in std::fs::read_dir(&out).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".svg") && !name.starts_with('.') {
            let text = std::fs::read_to_string(out.join(&name)).unwrap();
            assert!(text.ends_with("</svg>\n"), "{name} is not whole");
            check_xml(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            whole += 1;
        } else {
            assert!(name.starts_with('.') && name.ends_with(".tmp"), "{name}");
        }
    }
    assert!(whole > 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn explain_is_quiet_on_a_broken_pipe() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["explain", "corpus/ok/match-uugg-2x6.mgn"])
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// The perftree script of the scripting recipes (docs/guide/scripting.md): `perft --divide` of
/// the position reached by the moves.
#[test]
fn readme_perftree_recipe() {
    let readme = crate::docs::document("docs/guide/scripting.md");
    let start = readme.find("#!/bin/sh\n# mancala-perftree.sh").unwrap();
    let script = &readme[start..start + readme[start..].find("```").unwrap()];
    let dir = scratch("perftree");
    let path = dir.join("mancala-perftree.sh");
    std::fs::write(&path, script).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_mancala")).parent().unwrap();
    let run = |moves: &str| {
        let out = Command::new("sh")
            .arg(&path)
            .args(["2", BECHI_FIG04, moves])
            .env(
                "PATH",
                format!(
                    "{}:{}",
                    bin.display(),
                    std::env::var("PATH").unwrap_or_default()
                ),
            )
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        run(""),
        stdout(&["perft", "--divide", "--position", BECHI_FIG04, "2"])
    );
    let child = stdout(&["play", BECHI_FIG04, "4B", "2A"]);
    assert_eq!(
        run("4B 2A"),
        stdout(&["perft", "--divide", "--position", child.trim_end(), "2"])
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
