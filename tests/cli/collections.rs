//! Collections of records (issue 26, spec/collections.md): folders read recursively wherever a
//! record FILE is accepted, `collection select|merge|dedupe|split|stats`, and `play --format mgn`.
//!
//! Expected counts come from the corpus's own files, counted here by other means (the `[Game`
//! lines of the files, the files themselves), not from the command under test.

use crate::support::{corpus_files, fresh_dir, mancala, root};
use predicates::prelude::*;

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `collection select ... --count` on `corpus/ok`.
fn count(args: &[&str]) -> usize {
    let out = mancala()
        .args(["collection", "select", "--count"])
        .args(args)
        .arg("corpus/ok")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    stdout(&out).trim().parse().unwrap()
}

/// Records in corpus/ok by game, counted from the `[Game "..."]` lines of the files.
fn games_in_corpus(game: &str) -> usize {
    corpus_files("ok")
        .iter()
        .map(|f| std::fs::read_to_string(root().join(f)).unwrap())
        .map(|t| {
            t.lines()
                .filter(|l| {
                    l.starts_with("[Game")
                        && l.trim_start_matches("[Game").trim() == format!("\"{game}\"]")
                })
                .count()
        })
        .sum()
}

#[test]
fn a_folder_is_read_recursively_wherever_a_file_is() {
    // Every record of corpus/ok, read through the folder, as through the files one by one.
    let files = corpus_files("ok");
    let one_by_one = mancala().arg("validate").args(&files).output().unwrap();
    let folder = mancala().args(["validate", "corpus/ok"]).output().unwrap();
    assert_eq!(folder.status.code(), Some(0), "{}", stderr(&folder));
    assert_eq!(stdout(&folder), stdout(&one_by_one));
    // corpus/ holds err/ too: some record invalid, exit 1 (not 2, as before folders were read).
    mancala()
        .args(["validate", "-q", "corpus"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("invalid"));
    // A nested folder with a file of another kind: only *.mgn and *.jsonl are read.
    let dir = fresh_dir("folders");
    std::fs::create_dir_all(dir.join("a/b")).unwrap();
    std::fs::copy(root().join(&files[0]), dir.join("a/b/x.mgn")).unwrap();
    std::fs::write(dir.join("a/notes.txt"), "not a record").unwrap();
    let json = mancala()
        .args(["convert", "--to", "json", &files[1]])
        .output()
        .unwrap();
    std::fs::write(dir.join("y.jsonl"), &json.stdout).unwrap();
    mancala()
        .args(["validate", "--format", "json", dir.to_str().unwrap()])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(r#""records":2"#));
}

/// Issue 34 (Low): a record file's name on a FIFO, a socket or a dangling link in a folder was
/// skipped without a word (exit 0); each is now reported in its place as an input that cannot be
/// read, saying what it is (exit 2), and the other files are read. A FIFO is never opened (it
/// could keep the run waiting); a link to a folder is still not followed, and a file of another
/// name still not read.
#[cfg(unix)]
#[test]
fn a_folder_names_the_record_files_it_cannot_read() {
    let dir = fresh_dir("folder-specials");
    std::fs::copy(root().join("corpus/ok/bechi-fig03.mgn"), dir.join("a.mgn")).unwrap();
    let made = |what: &str, ok: bool| assert!(ok, "cannot make {what}");
    made(
        "a FIFO",
        std::process::Command::new("mkfifo")
            .arg(dir.join("f.mgn"))
            .status()
            .unwrap()
            .success(),
    );
    made(
        "a FIFO",
        std::process::Command::new("mkfifo")
            .arg(dir.join("notes.txt"))
            .status()
            .unwrap()
            .success(),
    );
    std::os::unix::fs::symlink("nothing-here", dir.join("d.mgn")).unwrap();
    std::os::unix::fs::symlink(".", dir.join("loop.mgn")).unwrap();
    let socket = std::os::unix::net::UnixListener::bind(dir.join("s.jsonl")).unwrap();
    let out = mancala()
        .arg("validate")
        .arg(&dir)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    drop(socket);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        stdout(&out).contains("1 record: 1 valid"),
        "{}",
        stdout(&out)
    );
    for (name, says) in [
        (
            "d.mgn",
            "symbolic link that cannot be followed (nothing-here",
        ),
        ("f.mgn", "it is a FIFO (named pipe), not a regular file"),
        ("s.jsonl", "it is a socket, not a regular file"),
    ] {
        assert!(
            err.lines().any(
                |l| l.contains(&format!("cannot read {}", dir.join(name).display()))
                    && l.contains(says)
            ),
            "{name}: {err}"
        );
    }
    assert_eq!(err.lines().count(), 3, "{err}");
}

#[test]
fn select_by_game_tag_player_result_and_options() {
    let total = count(&[]);
    let mut by_game = 0;
    for game in ["bechi", "giuthi", "sulus-nishtaw", "uugg", "redu"] {
        let n = count(&["--game", game]);
        assert_eq!(n, games_in_corpus(game), "{game}");
        assert_eq!(n, count(&["--tag", &format!("Game={game}")]), "{game}");
        by_game += n;
    }
    assert_eq!(by_game, total);
    // --invert selects the rest.
    assert_eq!(
        count(&["--game", "uugg"]) + count(&["--game", "uugg", "--invert"]),
        total
    );
    // hostile-text.mgn is the one record with players; it is a Bechi record.
    assert_eq!(count(&["--tag", "Player*~svg"]), 1);
    assert_eq!(count(&["--player", "SVG", "--game", "bechi"]), 1);
    assert_eq!(count(&["--player", "SVG", "--game", "uugg"]), 0);
    // Results: the four together are every record.
    let results: usize = ["A-wins", "B-wins", "draw", "*"]
        .iter()
        .map(|r| count(&["--result", r]))
        .sum();
    assert_eq!(results, total);
    // Options, stated or by default: every Bechi record is holes=4 or holes=3.
    assert_eq!(
        count(&["-g", "bechi", "-o", "holes=4"]) + count(&["-g", "bechi", "-o", "holes=3"]),
        count(&["-g", "bechi"])
    );
    assert!(count(&["-o", "holes=3"]) > 0);
}

#[test]
fn select_by_position_reached_with_marks_and_stores_ignored_if_asked() {
    // bechi-fig03.mgn reaches this after 3B (its own position annotation, Fig.03d).
    let reached = "bechi 0*,0*,0*,4/0*,3,1*,6 A store=12,22 opener=B";
    assert_eq!(count(&["--position", reached]), 1);
    let out = mancala()
        .args(["collection", "select", "--position", reached, "corpus/ok"])
        .output()
        .unwrap();
    assert!(stdout(&out).contains("Fig.03"), "{}", stdout(&out));
    // Without its marks the position differs, unless marks are ignored; so for the stores.
    let bare = "bechi 0,0,0,4/0,3,1,6 A store=12,22";
    assert_eq!(count(&["--position", bare]), 0);
    assert_eq!(count(&["--position", bare, "--ignore-marks"]), 1);
    let no_stores = "bechi 0,0,0,4/0,3,1,6 A";
    assert_eq!(count(&["--position", no_stores, "--ignore-marks"]), 0);
    assert_eq!(
        count(&["--position", no_stores, "--ignore-marks", "--ignore-stores"]),
        1
    );
    // A game's name is not a position: the message shows the start position string. As every
    // POSITION that does not read, invalid input (exit 1; docs/guide/exit-status.md, issue 34).
    mancala()
        .args(["collection", "select", "--position", "bechi", "corpus/ok"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("bechi 6,6,6,6/6,6,6,6 B"));
}

#[test]
fn select_by_first_moves_and_length() {
    // match-bechi-2x3.mgn opens 2A+ 3B 3A; the canonical spelling and move numbers are accepted.
    assert!(count(&["--moves", "1. 2A+ 2. 3B 3. 3A", "-o", "holes=3"]) >= 1);
    let n = count(&["--moves", "2A+ 3B 3A 1B 1A 2B+ 3B 2A+", "-o", "holes=3"]);
    assert_eq!(n, 1);
    assert_eq!(count(&["--moves", "2A+ 3B 3A 1B 1A 2B+ 3B 2A-"]), 0);
    // Lengths: the record of 0 plies and the rest partition the corpus.
    let total = count(&[]);
    assert_eq!(
        count(&["--max-plies", "9"]) + count(&["--min-plies", "10"]),
        total
    );
    assert_eq!(count(&["--min-plies", "100000"]), 0);
}

/// A bad criterion is refused before anything is read, naming the bad value and what is
/// expected. Issue 34 (Low): `--option holes=abc` without `--game` blamed Giuthi alone; `--tag
/// 'Event <> 3'` was read as `Event < "> 3"` and `Event==3` as `Event = "=3"`; `--moves '9Z 1A'`
/// selected nothing (exit 0) instead of refusing.
#[test]
fn a_bad_criterion_is_a_usage_error_naming_it() {
    for (args, says) in [
        (&["--tag", "Event"][..], "NAME OP VALUE"),
        (&["--option", "holse=5"][..], "holse"),
        (&["--game", "chess"][..], "chess"),
        (&["--result", "won"][..], "won"),
        (
            &["--option", "holes=abc"][..],
            "bad --option holes=abc: no game takes `abc` for `holes`: giuthi takes 5, 6, 7, 8, 9, 10; bechi takes 4, 3; uugg takes 5, 6, 7",
        ),
        (
            &["--game", "bechi", "--option", "holes=abc"][..],
            "bad value `abc` for bechi option `holes`: expected one of 4, 3",
        ),
        (&["--tag", "Event <> 3"][..], "`<>` is not an operator"),
        (&["--tag", "Event==3"][..], "`==` is not an operator"),
        (&["--tag", "Event < > 3"][..], "`<>` is not an operator"),
        (
            &["--moves", "9Z 1A"][..],
            "bad --moves: move 1 `9Z`: it is not a move token of any game",
        ),
        (
            &["--game", "bechi", "--moves", "1. 3B 2. 9Z"][..],
            "bad --moves: move 2 `9Z`: `9Z` is not a bechi move",
        ),
    ] {
        mancala()
            .args(["collection", "select"])
            .args(args)
            .arg("corpus/ok")
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(says));
    }
}

#[test]
fn merge_writes_records_that_validate_and_dedupe_drops_the_repeats() {
    let total = count(&[]);
    let merged = mancala()
        .args(["collection", "merge", "corpus/ok"])
        .output()
        .unwrap();
    assert_eq!(merged.status.code(), Some(0));
    mancala()
        .args(["validate", "-q", "-"])
        .write_stdin(merged.stdout.clone())
        .assert()
        .code(0)
        .stdout(format!("{total} records: {total} valid, 0 invalid\n"));
    // The folder twice: dedupe keeps each record once, and names every one it leaves out.
    let twice = mancala()
        .args(["collection", "dedupe", "corpus/ok", "corpus/ok"])
        .output()
        .unwrap();
    assert_eq!(twice.status.code(), Some(0));
    let err = stderr(&twice);
    let repeats = err.lines().filter(|l| l.contains(" repeats ")).count();
    assert!(repeats >= total, "{err}");
    // The corpus itself repeats some games (a record and its lenient respelling, the same
    // moves with other annotations): dedupe of the folder once leaves the same records as
    // dedupe of the folder twice.
    let once = mancala()
        .args(["collection", "dedupe", "corpus/ok"])
        .output()
        .unwrap();
    assert_eq!(once.stdout, twice.stdout);
    // --to json: one JSON line per record, which convert reads back.
    let json = mancala()
        .args([
            "collection",
            "merge",
            "--to",
            "json",
            "corpus/ok/match-bechi.mgn",
        ])
        .output()
        .unwrap();
    assert_eq!(stdout(&json).lines().count(), 1);
    mancala()
        .args(["convert", "-"])
        .write_stdin(json.stdout)
        .assert()
        .code(0);
}

#[test]
fn dedupe_ignores_tags_comments_and_spellings_but_not_moves() {
    let a = "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n[Event \"one\"]\n\n1. 3B {x} 2. 1A *\n";
    let b = "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n[Event \"two\"]\n\n3B (captures 0) 1A *\n";
    let c = "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"A\"]\n\n1. 3A 2. 1B *\n";
    let d = "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3B 2. 2A *\n";
    let out = mancala()
        .args(["collection", "dedupe"])
        .write_stdin(format!("{a}\n{b}\n{c}\n{d}"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.matches("[Notation").count(), 3, "{text}");
    assert!(text.contains("[Event \"one\"]") && !text.contains("[Event \"two\"]"));
    assert!(
        stderr(&out).contains("<stdin>:8: record 2 repeats <stdin>:1: record 1"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn invalid_records_are_reported_and_never_selected() {
    let out = mancala()
        .args([
            "collection",
            "merge",
            "corpus/err/illegal-bechi-b4-single-seed.mgn",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    let err = stderr(&out);
    assert!(
        err.contains("corpus/err/illegal-bechi-b4-single-seed.mgn:6:4"),
        "{err}"
    );
    assert!(err.contains("1 invalid record left out"), "{err}");
    mancala()
        .args(["collection", "merge", "no-such-file.mgn"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no-such-file.mgn"));
}

#[test]
fn split_writes_one_file_per_record_and_refuses_to_replace() {
    let dir = fresh_dir("split-records");
    let out_dir = dir.join("out");
    let out_s = out_dir.to_str().unwrap();
    let args = [
        "collection",
        "split",
        "--out",
        out_s,
        "corpus/ok/lenient-bechi-spellings.mgn",
    ];
    let out = mancala().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written: Vec<String> = stdout(&out).lines().map(str::to_owned).collect();
    let names: Vec<String> = ["001", "002"]
        .iter()
        .map(|n| format!("{out_s}/lenient-bechi-spellings-{n}.mgn"))
        .collect();
    assert_eq!(written, names);
    for n in &names {
        mancala()
            .args(["validate", "-q", n])
            .assert()
            .code(0)
            .stdout("1 record: 1 valid, 0 invalid\n");
    }
    // Again: the files exist, nothing is written, exit 2; --replace writes them.
    std::fs::write(&names[0], "kept").unwrap();
    mancala()
        .args(args)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--replace"));
    assert_eq!(std::fs::read_to_string(&names[0]).unwrap(), "kept");
    mancala().args(args).arg("--replace").assert().code(0);
    assert!(
        std::fs::read_to_string(&names[0])
            .unwrap()
            .starts_with("[Notation")
    );
}

#[test]
fn split_by_game_writes_one_file_per_game_with_all_its_records() {
    let dir = fresh_dir("split-games");
    let out_s = dir.to_str().unwrap();
    let out = mancala()
        .args([
            "collection",
            "split",
            "--by",
            "game",
            "--out",
            out_s,
            "corpus/ok",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let games = ["bechi", "giuthi", "sulus-nishtaw", "uugg", "redu"];
    let mut listed: Vec<String> = stdout(&out).lines().map(str::to_owned).collect();
    listed.sort();
    let mut sorted = games;
    sorted.sort_unstable();
    assert_eq!(listed.len(), 5, "{listed:?}");
    for (game, line) in sorted.iter().zip(&listed) {
        let n = games_in_corpus(game);
        assert_eq!(*line, format!("{out_s}/{game}.mgn ({n} records)"));
        mancala()
            .args(["validate", "-q", &format!("{out_s}/{game}.mgn")])
            .assert()
            .code(0)
            .stdout(format!("{n} records: {n} valid, 0 invalid\n"));
    }
    // Standard output cannot hold many files.
    mancala()
        .args(["collection", "split", "--out", "-", "corpus/ok"])
        .assert()
        .code(2);
}

#[test]
fn stats_count_what_the_corpus_holds() {
    let out = mancala()
        .args(["collection", "stats", "--format", "json", "corpus/ok"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["type"], "stats");
    let d = &v["data"];
    let total = count(&[]);
    assert_eq!(d["records"], total);
    assert_eq!(d["invalid"], 0);
    let groups = d["games"].as_array().unwrap();
    for game in ["bechi", "giuthi", "sulus-nishtaw", "uugg", "redu"] {
        let n: u64 = groups
            .iter()
            .filter(|g| g["game"] == game)
            .map(|g| g["records"].as_u64().unwrap())
            .sum();
        assert_eq!(n as usize, games_in_corpus(game), "{game}");
    }
    // match-bechi-2x3.mgn: 31 plies, A (the opener, who played 2A+) won.
    let g = groups
        .iter()
        .find(|g| g["game"] == "bechi" && g["options"] == "holes=3")
        .unwrap();
    let first = g["first_moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == "2A+")
        .unwrap();
    assert_eq!(
        (first["finished"].as_u64(), first["score"].as_f64()),
        (Some(1), Some(100.0))
    );
    assert_eq!(g["plies"]["max"], 31);
    // The rules fired come in the book's order: the games as its table lists them (Giuthi, Bechi,
    // Sulus Nishtaw, Uugg, Redu, as the groups above), a game's rules as its file does (B2
    // before B10, R19 before R19a).
    let fired: Vec<&str> = d["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rule"].as_str().unwrap())
        .collect();
    let in_book: Vec<&str> = rulebook::book()
        .rules()
        .map(|r| r.id.as_str())
        .filter(|id| fired.contains(id))
        .collect();
    assert_eq!(fired, in_book);
    assert!(fired.len() > 40, "{fired:?}");
    // Every rule fired is one of the rule book's.
    for r in d["rules"].as_array().unwrap() {
        let id = r["rule"].as_str().unwrap();
        mancala().args(["rules", id]).assert().code(0);
    }
    // In text, for a file of two records.
    let text = mancala()
        .args(["collection", "stats", "corpus/ok/match-bechi-2x3.mgn"])
        .output()
        .unwrap();
    insta::assert_snapshot!("stats-match-bechi-2x3", stdout(&text));
}

#[test]
fn play_writes_a_complete_record_that_validates() {
    let out = mancala()
        .args(["play", "--format", "mgn", "bechi", "3B", "1A", "4B"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3B 2. 1A 3. 4B *\n"
    );
    // A whole match of Bechi 2x3 (corpus/ok/match-bechi-2x3.mgn): round 2 needs no decision
    // (equal holdings) and gets its marker; round 3's is given; the result is the match's.
    let moves = "2A+ 3B 3A 1B 1A 2B+ 3B 2A+ 2B- 1A 1B 2A- 3B 3A 3B 2A+ 1B 2A- 2B- 3A 1B 3A \
                 <round-3> 3A 2B- 3A 2B- 1A pass 1A pass 2A+";
    let args: Vec<String> = moves
        .split_whitespace()
        .map(|m| m.replace("<round-3>", "<round 3 fill 2B>"))
        .collect();
    let out = mancala()
        .args([
            "play", "--format", "mgn", "-o", "holes=3", "--opener", "A", "bechi",
        ])
        .args(&args)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let record = stdout(&out);
    assert!(
        record.contains("[Options \"holes=3\"]\n[Opener \"A\"]"),
        "{record}"
    );
    assert!(record.contains("6. 2B+ <round 2> 7. 3B"), "{record}");
    assert!(
        record.contains("22. 3A <round 3 fill 2B> 23. 3A"),
        "{record}"
    );
    assert!(record.ends_with("31. 2A+ A-wins\n"), "{record}");
    mancala()
        .args(["validate", "-q", "-"])
        .write_stdin(record)
        .assert()
        .code(0);
    // From a position string: a Position tag.
    mancala()
        .args([
            "play",
            "--format",
            "mgn",
            "bechi 4*,2*,1*,3/2*,3,4,5 B store=12,12 opener=B",
            "3B",
        ])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "[Position \"bechi 4*,2*,1*,3/2*,3,4,5 B store=12,12 opener=B\"]\n\n1. 3B *",
        ));
}

#[test]
fn play_mgn_reports_an_illegal_move_and_a_missing_decision() {
    mancala()
        .args(["play", "--format", "mgn", "bechi", "3B", "5B"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("ply 2").and(predicate::str::contains("(B1)")));
    // Round 3 of this Bechi 2x3 match needs B's fill (B16): the note says how to give it.
    mancala()
        .args([
            "play", "--format", "mgn", "-o", "holes=3", "--opener", "A", "bechi",
        ])
        .args(
            "2A+ 3B 3A 1B 1A 2B+ 3B 2A+ 2B- 1A 1B 2A- 3B 3A 3B 2A+ 1B 2A- 2B- 3A 1B 3A 3A"
                .split(' '),
        )
        .assert()
        .code(1)
        .stderr(predicate::str::contains("(B16)").and(predicate::str::contains("<round 2 fill")));
    mancala()
        .args(["play", "--format", "mgn", "-"])
        .assert()
        .code(2);
}

/// `collection` and its subcommands have their help and their manual pages, from the binary.
#[test]
fn collection_help_and_man_pages() {
    for sub in ["select", "merge", "dedupe", "split", "stats"] {
        mancala()
            .args(["collection", sub, "--help"])
            .assert()
            .code(0)
            .stdout(predicate::str::contains("spec/collections.md"));
        mancala()
            .args(["man", &format!("collection-{sub}")])
            .assert()
            .code(0)
            .stdout(predicate::str::contains(format!(
                ".TH mancala-collection-{sub}"
            )));
    }
    mancala()
        .args(["play", "--help"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("--format mgn"));
}
