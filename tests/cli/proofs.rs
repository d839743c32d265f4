//! `mancala check-proof` (spec/analysis.md §8.4): what a valid proof proves, a forged one refused
//! at its line and node (issue 34), statuses over several files, hostile text shown escaped.

use crate::support::{fresh_dir, mancala};
use std::path::{Path, PathBuf};
use testkit::forge::{ISSUE_34 as FORGED, issue_34_in_range};

const ENDING: &str = "bechi 0,2*,0/3*,0,1* B store=20,10 opener=B";

/// The ending's proof (−14 for B, 9 nodes), as `analyse --proof` writes it, in `dir`.
fn ending_proof(dir: &Path) -> PathBuf {
    let file = dir.join("ending.proof");
    mancala()
        .args(["analyse", "--proof", file.to_str().unwrap(), ENDING])
        .assert()
        .success();
    file
}

#[test]
fn check_proof_says_what_a_valid_proof_proves() {
    let dir = fresh_dir("check-proof-valid");
    let file = ending_proof(&dir);
    let out = mancala()
        .current_dir(&dir)
        .args(["check-proof", "ending.proof"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(
        lines[0],
        "ending.proof: valid: bechi holes=3 from `bechi 0,2*,0/3*,0,1* B store=20,10 opener=B` is \
         -14 for the player to move, exact (both bounds proved, every line reaching the end of \
         the round)"
    );
    assert!(
        lines[1].starts_with(
            "ending.proof: 9 nodes, 7 moves, 3 round ends, depth 4 plies, 677 bytes, checked in "
        ),
        "{text}"
    );
    // From standard input, and through `cargo xtask check-proof`'s code, the same.
    let out = mancala()
        .args(["check-proof", "-"])
        .pipe_stdin(&file)
        .unwrap()
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("<stdin>: valid: ")
    );
}

/// The issue's forgery: refused at the header's value, which no end of the round gives (exit 1);
/// the same claims under a value the root can have: refused at the first node claiming
/// `>=-2147483648`.
#[test]
fn check_proof_refuses_the_forgery_of_issue_34() {
    let dir = fresh_dir("check-proof-forged");
    std::fs::write(dir.join("forged.proof"), FORGED).unwrap();
    let out = mancala()
        .current_dir(&dir)
        .args(["check-proof", "forged.proof"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "forged.proof: refused at line 4\n"
    );
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error[proof]: value 99: no end of the round from the root gives it: B's store 10, A's \
         20, 6 seeds on the board, so B's final margin is between -16 and -4\n --> \
         forged.proof:4\n"
    );
    std::fs::write(dir.join("in-range.proof"), issue_34_in_range()).unwrap();
    let out = mancala()
        .current_dir(&dir)
        .args(["check-proof", "in-range.proof"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "in-range.proof: refused at line 12, node 2\n"
    );
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error[proof]: claims at least -2147483648 for B, beyond every margin of the round: its \
         36 seeds (both stores and the board) allow none below -36 or above 36\n --> \
         in-range.proof:12 (node 2)\n"
    );
}

/// Every file is checked: a refused one gives 1, an unreadable one (missing, a folder) 2, each
/// reported in its place.
#[test]
fn check_proof_checks_every_file_and_says_which_failed() {
    let dir = fresh_dir("check-proof-statuses");
    ending_proof(&dir);
    std::fs::write(dir.join("forged.proof"), FORGED).unwrap();
    std::fs::create_dir(dir.join("folder")).unwrap();
    let run = |args: &[&str]| {
        let out = mancala()
            .current_dir(&dir)
            .arg("check-proof")
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (code, out, _) = run(&["forged.proof", "ending.proof"]);
    assert_eq!(code, Some(1));
    assert!(out.starts_with("forged.proof: refused at line 4\nending.proof: valid: "));
    let (code, out, err) = run(&["missing.proof", "folder", "ending.proof", "forged.proof"]);
    assert_eq!(code, Some(2));
    assert!(out.starts_with("ending.proof: valid: "), "{out}");
    assert!(out.ends_with("forged.proof: refused at line 4\n"), "{out}");
    assert!(
        err.starts_with(
            "mancala: error: cannot read missing.proof: no such file or folder\nmancala: error: \
             cannot read folder: it is a folder, not a file\n"
        ),
        "{err}"
    );
}

/// A file name and a proof holding control characters (an escape sequence) are shown escaped.
#[test]
fn check_proof_shows_hostile_text_escaped() {
    let dir = fresh_dir("check-proof-hostile");
    let name = "\u{1b}[2J.proof";
    std::fs::write(
        dir.join(name),
        FORGED.replace("game bechi holes=3", "game bechi\u{1b}]0;title\u{7}"),
    )
    .unwrap();
    let out = mancala()
        .current_dir(&dir)
        .args(["check-proof", name])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    for stream in [&out.stdout, &out.stderr] {
        let text = String::from_utf8(stream.clone()).unwrap();
        assert!(
            !text.contains('\u{1b}') && !text.contains('\u{7}'),
            "{text:?}"
        );
        assert!(text.contains("\\u{1b}[2J.proof"), "{text:?}");
    }
}
