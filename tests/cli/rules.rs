//! `mancala rules`: the rule book inside the binary. Every rule ID the engine and the corpus cite
//! can be read with it, from any directory, with no file beside the binary; unknown words say
//! what exists; and every citation of the tool (explain, illegal moves, --help, --version) leads
//! there.

use crate::support::{mancala, root};
use predicates::prelude::*;
use std::collections::BTreeSet;
use std::path::Path;

/// The rule IDs cited by the files under `dir` whose names end with one of `endings`, ranges
/// spelt out.
fn cited_in(dir: &Path, endings: &[&str], ids: &mut BTreeSet<String>) {
    let book = rulebook::book();
    for e in std::fs::read_dir(dir).unwrap().filter_map(Result::ok) {
        let path = e.path();
        if path.is_dir() {
            cited_in(&path, endings, ids);
            continue;
        }
        let name = e.file_name().to_string_lossy().into_owned();
        if !endings.iter().any(|x| name.ends_with(x)) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for line in text.lines().filter(|l| !l.contains("tidy: not a citation")) {
            for c in rulebook::citations(line) {
                match &c.last {
                    Some(last) => {
                        let range = book.range(&c.id, last).unwrap_or_default();
                        ids.extend(range.iter().map(|r| r.id.clone()));
                    }
                    None => {
                        ids.insert(c.id);
                    }
                }
            }
        }
    }
}

/// Every ID the engine, the notation, the command and the corpus (records and snapshots) cite.
fn cited() -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for dir in [
        "crates/rules-core/src",
        "crates/notation/src",
        "crates/cli/src",
    ] {
        cited_in(&root().join(dir), &[".rs"], &mut ids);
    }
    cited_in(&root().join("corpus"), &[".mgn"], &mut ids);
    cited_in(&root().join("tests/cli/snapshots"), &[".snap"], &mut ids);
    ids
}

#[test]
fn rules_answers_for_every_id_the_engine_and_the_corpus_cite() {
    let ids: Vec<String> = cited().into_iter().collect();
    assert!(ids.len() > 100, "only {} IDs cited", ids.len());
    let out = mancala().arg("rules").args(&ids).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    for id in &ids {
        let heading = format!("\n{id} · ");
        assert!(
            text.starts_with(&heading[1..]) || text.contains(&heading),
            "`mancala rules` prints no rule {id}"
        );
    }
    // In lower case too, and as JSON: one rule object per ID, with its source sentences.
    let lower: Vec<String> = ids.iter().map(|i| i.to_lowercase()).collect();
    let out = mancala()
        .args(["rules", "--format", "json"])
        .args(&lower)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let got: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(got.len(), ids.len());
    for (v, id) in got.iter().zip(&ids) {
        assert_eq!(v["type"], "rule");
        assert_eq!(v["data"]["id"], id.as_str());
        assert!(v["data"]["sources"][0]["catalan"].is_string(), "{id}");
        assert!(v["data"]["sources"][0]["gloss"].is_string(), "{id}");
        assert!(
            matches!(v["data"]["kind"].as_str(), Some("text" | "ruling")),
            "{id}"
        );
    }
}

#[test]
fn rules_lists_games_prints_a_game_a_rule_a_range_and_a_topic() {
    mancala()
        .arg("rules")
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "bechi           Bechi           B1–B17 (17 rules)",
        ))
        .stdout(predicate::str::contains("R1–R30, R19a (31 rules)"))
        .stdout(predicate::str::contains("§6.3   perft"));
    let bechi = mancala().args(["rules", "bechi"]).output().unwrap();
    let bechi = String::from_utf8(bechi.stdout).unwrap();
    for id in 1..=17 {
        assert!(bechi.contains(&format!("\nB{id} · ")), "B{id}");
    }
    assert!(bechi.contains("\n§3. Options\n"), "{bechi}");
    assert!(
        bechi
            .lines()
            .any(|l| l.starts_with("  holes ") && l.contains("4 (a 2×4 board)")),
        "{bechi}"
    );
    let b9 = mancala().args(["rules", "b9"]).output().unwrap();
    let b9 = String::from_utf8(b9.stdout).unwrap();
    assert!(
        b9.starts_with("B9 · Capturing the last hole\nBechi, text"),
        "{b9}"
    );
    assert!(
        b9.contains("«Les captures es poden fer en ambdues files"),
        "{b9}"
    );
    let r10 = String::from_utf8(mancala().args(["rules", "R10"]).output().unwrap().stdout).unwrap();
    assert!(
        r10.contains("Rejected readings:") && r10.contains("ruling"),
        "{r10}"
    );
    let range = String::from_utf8(
        mancala()
            .args(["rules", "U18-U20"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let heads: Vec<&str> = range.lines().filter(|l| l.contains(" · ")).collect();
    assert_eq!(heads.len(), 3, "{range}");
    // Colour changes nothing but colour, and only on request (or on a terminal).
    let coloured = String::from_utf8(
        mancala()
            .args(["--color", "always", "rules", "b9"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert!(coloured.contains("\x1b[2;36mB9\x1b[0m"), "{coloured}");
    let stripped: String = coloured
        .split('\x1b')
        .enumerate()
        .map(|(k, part)| match k {
            0 => part,
            _ => part.split_once('m').map_or("", |(_, t)| t),
        })
        .collect();
    assert_eq!(stripped, b9);
    mancala()
        .args(["rules", "perft"])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("§6.3 Perft"));
    mancala()
        .args(["rules", "S13"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("spec/engine.md#sulus-nishtaw"));
}

#[test]
fn an_unknown_word_is_a_usage_error_that_says_what_exists() {
    mancala()
        .args(["rules", "B9", "B18"]) // tidy: not a citation
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "there is no rule B18: Bechi's rules are B1–B17", // tidy: not a citation
        ));
    mancala()
        .args(["rules", "chess"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("G1–G26 (giuthi)"))
        .stderr(predicate::str::contains("R1–R30, R19a (redu)"));
}

#[test]
fn rules_json_lists_games_and_topics() {
    let out = mancala()
        .args(["rules", "--format", "json"])
        .output()
        .unwrap();
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let games: Vec<&serde_json::Value> = lines.iter().filter(|v| v["type"] == "game").collect();
    assert_eq!(games.len(), 5);
    assert_eq!(games[1]["data"]["range"], "B1–B17");
    assert_eq!(games[1]["data"]["rules"].as_array().map(Vec::len), Some(17));
    assert!(
        lines
            .iter()
            .any(|v| v["type"] == "topic" && v["data"]["key"] == "perft")
    );
}

/// A binary copied alone into an empty directory, run from another empty directory with a clean
/// environment (no `../shared`, no repository), still prints its rules: the book is inside it.
#[test]
fn an_installed_binary_in_an_empty_directory_prints_a_rule() {
    let base = std::env::temp_dir().join(format!("mancala-installed-{}", std::process::id()));
    let bin_dir = base.join("bin");
    let work = base.join("work");
    std::fs::create_dir_all(&bin_dir).unwrap();
    std::fs::create_dir_all(&work).unwrap();
    let bin = bin_dir.join(if cfg!(windows) {
        "mancala.exe"
    } else {
        "mancala"
    });
    std::fs::copy(env!("CARGO_BIN_EXE_mancala"), &bin).unwrap();
    assert!(!work.join("../shared").exists() && !work.join("spec").exists());
    let run = |args: &[&str]| {
        // A test thread that forks while the copy is open for writing keeps it open in its
        // child until that child execs: running the copy can fail with "text file busy" for
        // that moment, so try again.
        for _ in 0..50 {
            match std::process::Command::new(&bin)
                .args(args)
                .current_dir(&work)
                .env_clear()
                .output()
            {
                Ok(out) => return out,
                Err(e) if e.raw_os_error() == Some(26) => {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                Err(e) => panic!("{}: {e}", bin.display()),
            }
        }
        panic!("{} stays busy", bin.display())
    };
    let out = run(&["rules", "B9"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.starts_with("B9 · "), "{text}");
    assert!(
        text.contains("«Les llavors sols poden ser capturades"),
        "{text}"
    );
    let out = run(&["rules", "redu"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("R19a · "));
    std::fs::remove_dir_all(&base).unwrap();
}

/// `explain` ends every ply with the IDs it cited and the command that prints them, and that
/// command works.
#[test]
fn explain_ends_with_the_rules_it_cites_and_how_to_read_them() {
    let out = mancala()
        .args(["explain", "corpus/ok/bechi-fig04.mgn"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let last = text.lines().last().unwrap();
    assert_eq!(
        last,
        "rules cited: B2 B4 B6 B9 B10 B12; read them with `mancala rules B2 B4 B6 B9 B10 B12`"
    );
    let command = last.split('`').nth(1).unwrap();
    let words: Vec<&str> = command.split(' ').skip(1).collect();
    let rules = mancala().args(&words).output().unwrap();
    assert_eq!(rules.status.code(), Some(0));
    let rules = String::from_utf8(rules.stdout).unwrap();
    for id in ["B2", "B4", "B6", "B9", "B10", "B12"] {
        assert!(rules.contains(&format!("{id} · ")), "{id}");
    }
}

/// Every illegal move names the command that prints the rule forbidding it: in validate's text
/// and JSON, in play and in explain.
#[test]
fn illegal_moves_say_see_mancala_rules() {
    let file = "corpus/err/illegal-bechi-b4-single-seed.mgn";
    mancala()
        .args(["validate", file])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "  |    ^^\n  = see: mancala rules B4\n",
        ));
    mancala()
        .args(["validate", "--format", "json", file])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            r#""rule":"B4","see":"mancala rules B4""#,
        ));
    let pos = "bechi 2,0,5,2/3,1*,4*,7 B store=12,12 opener=B";
    for args in [
        vec!["play", pos, "2B"],
        vec!["explain", "--position", pos, "--move", "2B"],
    ] {
        mancala()
            .args(&args)
            .assert()
            .code(1)
            .stderr(predicate::str::ends_with("\n  = see: mancala rules B4\n"));
    }
}

/// The rules of a "see:" hint and of a JSON error's `rules` come from the typed error, never
/// from its English: every rule a bad position's set-up problems break, each once in their
/// order; an illegal move's rule after those its reason names; the rules a Redu long form's
/// message names. A rule ID that is only echoed input is not cited.
#[test]
fn see_hints_take_the_rules_of_the_typed_errors() {
    let see = |args: &[&str], hint: &str| {
        let out = mancala().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        let last = err.lines().last().unwrap_or_default().to_owned();
        assert_eq!(last, hint, "{args:?}: {err}");
    };
    let json_rules = |args: &[&str]| -> Vec<String> {
        let out = mancala().args(args).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let line = text.lines().last().unwrap();
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["type"], "error", "{line}");
        v["data"]["rules"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().to_owned())
            .collect()
    };
    // The seed total (no rule), a blocked hole holding seeds and blocked holes in round 1 (B3
    // twice), an odd store (B9).
    let bad = "bechi 6,6,6,6/6,6,6,6x B store=1,0 opener=B";
    see(&["show", bad], "  = see: mancala rules B3 B9");
    assert_eq!(json_rules(&["show", "--format", "json", bad]), ["B3", "B9"]);
    // Reserves in round 1 (G25), an opener named (G26).
    let bad = "giuthi 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 B reserve=1,0 opener=B store=0,0";
    assert_eq!(
        json_rules(&["show", "--format", "json", bad]),
        ["G25", "G26"]
    );
    // A Redu long form naming R4; Redu's pass, naming R30 then R27.
    see(&["play", "redu", "4B/4A"], "  = see: mancala rules R4");
    assert_eq!(
        json_rules(&["play", "--format", "json", "redu", "pass"]),
        ["R30", "R27"]
    );
    // The common token forms name their game's rule: Sulus Nishtaw has no passes (S15).
    assert_eq!(
        json_rules(&["play", "--format", "json", "sulus-nishtaw", "pass"]),
        ["S15"]
    );
    // `R5` is not a Bechi move: the message echoes it, and cites nothing.
    let out = mancala().args(["play", "bechi", "R5"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("see:"), "{err}");
    assert!(json_rules(&["play", "--format", "json", "bechi", "R5"]).is_empty());
}

/// The help texts and the version cite the documents the product carries, never a path outside
/// it.
#[test]
fn help_and_version_cite_the_shipped_documents() {
    mancala()
        .arg("--version")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("rule book: mancala rules"))
        .stdout(predicate::str::contains("mancala man"));
    mancala()
        .arg("--help")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("`mancala rules B9` prints one"))
        .stdout(predicate::str::contains("spec/rules/"));
    for sub in [
        "perft",
        "validate",
        "replay",
        "convert",
        "show",
        "moves",
        "play",
        "explain",
        "rules",
        "completions",
        "man",
    ] {
        let out = mancala().args([sub, "--help"]).output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(0), "{sub}");
        for outside in ["../shared", "rules README", "redu.md", "rules files"] {
            assert!(!help.contains(outside), "{sub} --help cites {outside}");
        }
    }
    let perft =
        String::from_utf8(mancala().args(["perft", "--help"]).output().unwrap().stdout).unwrap();
    assert!(perft.contains("mancala rules perft"), "{perft}");
}

/// The manual pages come from the binary: the main page and one per command, printed or
/// written into a folder.
#[test]
fn man_pages_come_from_the_binary() {
    mancala()
        .arg("man")
        .assert()
        .code(0)
        .stdout(predicate::str::contains(".TH mancala"))
        .stdout(predicate::str::contains(format!(
            "notation {}",
            notation::STANDARD_VERSION
        )))
        .stdout(predicate::str::contains("mancala rules"));
    mancala()
        .args(["man", "replay"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(".TH mancala-replay"))
        .stdout(predicate::str::contains(concat!(
            "mancala ",
            env!("CARGO_PKG_VERSION")
        )));
    // -V is mancala's own: a command refuses it, so its page does not list it (issue 26.6).
    mancala().arg("-V").assert().code(0);
    mancala()
        .args(["man"])
        .assert()
        .stdout(predicate::str::contains(r"\-V"));
    mancala().args(["replay", "-V"]).assert().code(2);
    for sub in ["replay", "validate", "perft", "man"] {
        mancala()
            .args(["man", sub])
            .assert()
            .code(0)
            .stdout(predicate::str::contains(r"\-V").not())
            .stdout(predicate::str::contains(r"\-\-version").not());
    }
    mancala()
        .args(["man", "nosuch"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the commands are perft, validate"));
    let dir = std::env::temp_dir().join(format!("mancala-man-{}", std::process::id()));
    let out = mancala()
        .args(["man", "--out", &dir.to_string_lossy()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let listed = String::from_utf8(out.stdout).unwrap();
    for page in [
        "mancala.1",
        "mancala-rules.1",
        "mancala-explain.1",
        "mancala-man.1",
    ] {
        let path = dir.join(page);
        assert!(listed.contains(&path.display().to_string()), "{page}");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with(".ie") || text.contains(".TH"), "{page}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        mancala()
            .args(["completions", shell])
            .assert()
            .code(0)
            .stdout(predicate::str::contains("rules"));
    }
}

/// The tutorial follows a citation up with `mancala rules`, and every `mancala rules` command the
/// README and the guide show works.
#[test]
fn the_readme_follows_citations_up_with_mancala_rules() {
    let tutorial = crate::docs::document("docs/guide/tutorial.md");
    let docs: Vec<String> = crate::docs::documents()
        .into_iter()
        .map(|(_, t)| t)
        .collect();
    let readme = docs.join("\n");
    let commands: Vec<&str> = readme
        .lines()
        .map(|l| l.trim().trim_start_matches("$ "))
        .filter_map(|l| l.strip_prefix("mancala rules"))
        .map(|c| c.split('|').next().unwrap_or(""))
        .collect();
    assert!(
        tutorial.contains("\n$ mancala rules B"),
        "the tutorial shows no `mancala rules ID`"
    );
    assert!(!commands.is_empty());
    for c in commands {
        let words: Vec<&str> = c
            .split('#')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        mancala()
            .arg("rules")
            .args(&words)
            .assert()
            .code(0)
            .stdout(predicate::str::is_empty().not());
    }
}
