//! `mancala check-proof` (spec/analysis.md §8.4): what a valid proof proves, a forged one refused
//! at its line and node (issue 34), statuses over several files, hostile text shown escaped.

use crate::support::{fresh_dir, mancala};
use std::path::{Path, PathBuf};

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

/// The forgery of issue 34, byte for byte (`tests/analysis/forgery.rs`): the ending "proved" to
/// be 99 for B. Before: `valid ... is 99 for the player to move, exact`, exit 0.
const FORGED: &str = "\
mancala-proof 1
game bechi holes=3
root bechi 0,2*,0/3*,0,1* B store=20,10 opener=B
value 99
nodes 9
lower 0
upper 6
checksum fnv1a64 9376f6ca231607d3

0 >=99 bechi 0,2*,0/3*,0,1* B store=20,10 opener=B ; 1B 1
1 <=-99 bechi 1,3*,0/1*,0,1* A store=20,10 opener=B ; 2A+ 3 2A- 2
2 >=-2147483648 bechi 1,1*,1/1*,0,0* B store=22,10 opener=B ;
3 >=-2147483648 bechi 2,1*,0/0*,0,1* B store=22,10 opener=B ; pass 4
4 <=14 bechi 2,1*,0/0*,0,1* A store=22,10 opener=B ; 3A 5
5 >=-14 bechi 1*,1*,0/1*,0,1* B store=22,10 opener=B ;
6 <=99 bechi 0,2*,0/3*,0,1* B store=20,10 opener=B ; 1B 7
7 >=-99 bechi 1,3*,0/1*,0,1* A store=20,10 opener=B ; 2A- 8
8 <=-14 bechi 1,1*,1/1*,0,0* B store=22,10 opener=B ;
";

/// `text` with the checksum of its body.
fn resealed(text: &str) -> String {
    let (head, body) = text.split_once("\n\n").unwrap();
    let sum = format!(
        "checksum fnv1a64 {:016x}",
        proof_check::fnv1a64(body.as_bytes())
    );
    let head: Vec<String> = head
        .lines()
        .map(|l| {
            if l.starts_with("checksum ") {
                sum.clone()
            } else {
                l.to_owned()
            }
        })
        .collect();
    format!("{}\n\n{body}", head.join("\n"))
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
    let in_range = resealed(
        &FORGED
            .replace("value 99", "value -4")
            .replace(">=99 ", ">=-4 ")
            .replace("<=-99 ", "<=4 ")
            .replace("<=99 ", "<=-4 ")
            .replace(">=-99 ", ">=4 "),
    );
    std::fs::write(dir.join("in-range.proof"), in_range).unwrap();
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
