//! What a newcomer met in the first hour (issue 37): the messages of the records written by hand
//! (a ply number as chess writes it, a hole in lower case, an illegal move, bare moves without a
//! header), `validate` waiting at a terminal, and the facts the README states about the tool
//! (the version, the tutorial's message, the synopses' formats), held to what the binary does.

use crate::support::{mancala, root};
use std::process::Command;

/// A Bechi record of the given movetext, with its header.
fn bechi(movetext: &str) -> String {
    format!("[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n{movetext}\n")
}

/// `validate -` on `text`: its exit code and stderr.
fn validate(text: &str) -> (Option<i32>, String) {
    let out = mancala()
        .args(["validate", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `1. 3B 2A 2. 4B` said "move number 2. is written before ply 3", and not that every ply has
/// its own number.
#[test]
fn a_ply_number_as_chess_writes_it_names_the_right_one() {
    let (code, err) = validate(&bechi("1. 3B 2A 2. 4B *"));
    assert_eq!(code, Some(1));
    assert!(
        err.contains(
            "error[number]: move number 2. is written before ply 3: every ply has its own number, counted from 1 over the whole record (not one number for a move of each side, as in chess); write `3. 4B`\n"
        ),
        "{err}"
    );
    // Another wrong number is not taken for chess's.
    let (_, err) = validate(&bechi("1. 3B 5. 2A *"));
    assert!(
        err.contains(
            "move number 5. is written before ply 2: every ply has its own number, counted from 1 over the whole record; write `2. 2A`\n"
        ),
        "{err}"
    );
}

/// `3b` said it is not a Bechi move, without the `3B` it meant.
#[test]
fn a_hole_in_lower_case_suggests_the_upper_case() {
    let (code, err) = validate(&bechi("1. 3b *"));
    assert_eq!(code, Some(1));
    assert!(
        err.contains(
            "error[token]: `3b` is not a bechi move: did you mean `3B`? (a hole's side is written A or B, in upper case)\n"
        ),
        "{err}"
    );
    // The same from `play`, whose moves are read alike.
    let out = mancala().args(["play", "redu", "4b"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("did you mean `4B`?"), "{err}");
}

/// An illegal move named the rule but not the moves that are legal there.
#[test]
fn an_illegal_move_lists_the_legal_ones() {
    let (code, err) = validate(&bechi("1. 1A *"));
    assert_eq!(code, Some(1));
    assert!(
        err.contains(
            "error[illegal-move]: illegal move 1A: 1A is not one of B's holes (B4); legal here: 1B 2B 3B 4B\n"
        ),
        "{err}"
    );
    // `play` says the same, before the position it was played in.
    let out = mancala().args(["play", "bechi", "1A"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(
            "mancala: error: ply 1: illegal move 1A: 1A is not one of B's holes (B4); legal here: 1B 2B 3B 4B (B to move in bechi"
        ),
        "{err}"
    );
    // Many moves: the first twenty, and how many more (Redu's 40 sowings from the start).
    let out = mancala().args(["play", "redu", "1A"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("; legal here: 1B+ 1B- 2B+ 2B-w 2B-wdh 2B-b 2B-bdh 2B-hw 2B-hwdh 2B-hb 2B-hbdh 3B+ 3B-w 3B-wh 3B-b 3B-bh 3B-dhw 3B-dhwh 3B-dhb 3B-dhbh and 20 more (`mancala moves` lists them) (B to move in redu"),
        "{err}"
    );
}

/// Bare moves gave three header errors, one per missing tag, and no word of the command that
/// writes a record with its header.
#[test]
fn bare_moves_get_one_header_problem_naming_play_format_mgn() {
    for text in ["1. 3B 2. 2A *\n", "3B 2A 4B\n"] {
        let (code, err) = validate(text);
        assert_eq!(code, Some(1), "{text}");
        assert_eq!(err.matches("error[").count(), 1, "{err}");
        assert!(
            err.starts_with("error[header]: the record has no header: it starts with the tags [Notation \"1.0\"], [Game \"NAME\"]"),
            "{err}"
        );
        assert!(
            err.contains("`mancala play --format mgn GAME MOVE...` writes a complete record"),
            "{err}"
        );
    }
    // A header with a tag missing still names that tag.
    let (_, err) = validate("[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3B *\n");
    assert!(err.contains("the Notation tag is missing"), "{err}");
}

/// `mancala validate` with no file, at a terminal, waited on standard input without a word. It
/// says so on stderr, and reads on; in a pipe it says nothing.
#[test]
fn reading_records_from_a_terminal_is_said() {
    // A terminal for the command: `script` (util-linux) runs it on a pseudo-terminal, which gets
    // an end of input (Ctrl-D) from our pipe.
    let have_script = Command::new("script").arg("--version").output().is_ok();
    if !have_script {
        testkit::skip::skipped(
            "validate at a terminal (tests/cli/newcomer.rs)",
            "`script` is not on PATH (Debian package `bsdutils`)",
        );
        return;
    }
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            // `timeout`: a reader that waits after Ctrl-D fails the test instead of hanging it.
            "printf '\\004' | timeout 60 script -qec '{} validate' /dev/null",
            env!("CARGO_BIN_EXE_mancala")
        ))
        .output()
        .unwrap();
    let screen = String::from_utf8_lossy(&out.stdout);
    assert!(
        screen.contains(
            "mancala: reading records from standard input, the terminal: type or paste them, then Ctrl-D on a line of its own to end (or give a FILE)"
        ),
        "{screen}"
    );
    assert!(screen.contains("0 records: 0 valid, 0 invalid"), "{screen}");
    // In a pipe: nothing but the counts.
    let out = mancala().arg("validate").write_stdin("").output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "0 records: 0 valid, 0 invalid\n"
    );
}

/// The notation's version: what spec/notation.md declares, what `--version` names, what the
/// README shows (`--version` said 1.0 while `annotate` wrote 1.1, the version of variations).
#[test]
fn the_notation_version_is_the_specs_everywhere() {
    let spec = std::fs::read_to_string(root().join("spec/notation.md")).unwrap();
    let declared = spec
        .lines()
        .find_map(|l| l.strip_prefix("Version: **"))
        .and_then(|l| l.split_once("**"))
        .map(|(v, _)| v)
        .expect("spec/notation.md: a `Version: **X.Y**` line");
    assert_eq!(declared, notation::STANDARD_VERSION);
    assert!(
        notation::VARIATIONS_VERSION <= notation::STANDARD_VERSION
            && notation::VERSION <= notation::STANDARD_VERSION
    );
    let out = mancala().arg("--version").output().unwrap();
    let version = String::from_utf8_lossy(&out.stdout);
    let first = version.lines().next().unwrap();
    assert_eq!(
        first,
        format!(
            "mancala {} (mancala game notation {declared})",
            env!("CARGO_PKG_VERSION")
        )
    );
    let readme = crate::docs::document("README.md");
    let shown = readme
        .split_once("$ mancala --version\n")
        .and_then(|(_, after)| after.lines().next())
        .expect("the README shows `mancala --version`");
    assert_eq!(shown, first, "README: {shown}\nbinary: {first}");
}

/// The tutorial's record with a wrong annotation (docs/guide/tutorial.md, "Record your own
/// game"): `validate` prints the two lines the tutorial shows (its `captures 4` message lacked
/// "; 3B would fit it").
#[test]
fn the_tutorials_validate_message_is_what_validate_prints() {
    let readme = crate::docs::document("docs/guide/tutorial.md");
    let at = readme
        .find("mancala validate my-game.mgn\n")
        .expect("the tutorial validates my-game.mgn");
    let record = readme[..at]
        .rsplit_once("```text\n")
        .and_then(|(_, r)| r.split_once("```"))
        .map(|(r, _)| r)
        .expect("the tutorial's record, in a text block before it");
    let shown: Vec<&str> = readme[at..]
        .lines()
        .skip(1)
        .map_while(|l| l.strip_prefix("# "))
        .collect();
    assert_eq!(shown.len(), 2, "{shown:?}");
    let dir = crate::support::fresh_dir("tutorial");
    std::fs::write(dir.join("my-game.mgn"), record).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["validate", "my-game.mgn"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let got: Vec<&str> = err.lines().take(2).collect();
    assert_eq!(got, shown);
}

/// The synopses of the README and the guide (`mancala play [--format text|json|mgn] ...`) name every value of
/// `--format` the command takes, and no other (`play` lacked `mgn`): each line names values the
/// command takes, and its lines together name them all (`play -` takes fewer: one line each).
#[test]
fn the_readmes_synopses_name_the_formats_the_commands_take() {
    use std::collections::{BTreeMap, BTreeSet};
    let docs: Vec<String> = crate::docs::documents()
        .into_iter()
        .map(|(_, t)| t)
        .collect();
    let readme = docs.join("\n");
    // By command: the values the documents name, and those it takes.
    let mut named: BTreeMap<Vec<&str>, (BTreeSet<String>, BTreeSet<String>)> = BTreeMap::new();
    for line in readme.lines().filter(|l| l.starts_with("mancala ")) {
        let Some(values) = line
            .split_once("--format ")
            .map(|(_, rest)| rest.split([']', ' ']).next().unwrap_or(""))
            .filter(|v| v.contains('|'))
        else {
            continue;
        };
        let command: Vec<&str> = line
            .split_whitespace()
            .skip(1)
            .take_while(|w| w.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
            .filter(|w| !w.starts_with('-'))
            .collect();
        let entry = named.entry(command.clone()).or_insert_with(|| {
            // The short help lists the values each option takes, its lines wrapped.
            let out = mancala().args(&command).arg("-h").output().unwrap();
            let help = String::from_utf8_lossy(&out.stdout);
            let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
            let taken = help
                .split_once("--format <FORMAT>")
                .and_then(|(_, rest)| rest.split_once("[possible values: "))
                .and_then(|(_, v)| v.split_once(']'))
                .map(|(v, _)| v.split(", ").map(str::to_owned).collect())
                .unwrap_or_else(|| panic!("mancala {command:?} -h: {help}"));
            (BTreeSet::new(), taken)
        });
        for v in values.split('|') {
            assert!(
                entry.1.contains(v),
                "README: {line}
taken: {:?}",
                entry.1
            );
            entry.0.insert(v.to_owned());
        }
    }
    assert!(named.len() >= 6, "{named:?}");
    for (command, (shown, taken)) in &named {
        assert_eq!(shown, taken, "README's synopses of mancala {command:?}");
    }
}
