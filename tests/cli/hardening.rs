//! Hardening (issue 13): what a hostile input, a hostile folder or a hostile terminal setup could
//! do to the tool. Files are written only through exclusive temporary files, never through a
//! planted link, and an interrupted run leaves none; a closed or full stderr never crashes the
//! tool; the record limit is per record; JSON converts only to text that reads back the same;
//! statuses and messages in the user's terms; nothing of the input reaches a terminal raw, and
//! every SVG is well-formed XML.

use crate::support::{mancala, root};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

const HEADER: &str = "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n";
const BECHI_FIG04: &str = "bechi 2,0,5,2/3,1*,4*,7 B store=12,12 opener=B";

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mancala"));
    c.current_dir(root());
    c
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Parses an SVG picture with a real XML parser: well-formed, and an `svg` root.
pub fn check_svg(name: &str, text: &str) {
    let doc = roxmltree::Document::parse(text)
        .unwrap_or_else(|e| panic!("{name} is not well-formed XML: {e}\n{text}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg", "{name}");
}

/// Whether `text` holds a character a terminal would obey rather than show.
fn raw_controls(text: &str) -> Vec<char> {
    text.chars()
        .filter(|&c| c != '\n' && notation::text::is_unsafe_on_terminal(c))
        .collect()
}

// Item 2: files written through planted links; temporary files on SIGINT; mixed pictures.

/// Someone who can write to DIR plants links at the names a temporary file could take (today's
/// code used `.STEM-RRR-PPP.svg.tmp-PID`, opened with O_CREAT|O_TRUNC, so it wrote through the
/// link into the file outside DIR). The temporary files are now exclusive and unpredictable:
/// the outside file is untouched and the pictures are written.
#[cfg(unix)]
#[test]
fn replay_svg_never_writes_through_a_planted_link() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("pictures");
    std::fs::create_dir(&dir).unwrap();
    let outside = scratch.path().join("outside.txt");
    std::fs::write(&outside, b"precious").unwrap();
    let mut child = bin()
        .args(["replay", "--svg"])
        .arg(&dir)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The process exists, and waits for its input: plant the links for its id now.
    let pid = child.id();
    for picture in ["stdin-001-000.svg", "stdin-001-001.svg"] {
        for name in [
            format!(".{picture}.tmp-{pid}"),
            format!(".{picture}.tmp"),
            format!("{picture}.tmp"),
        ] {
            std::os::unix::fs::symlink(&outside, dir.join(name)).unwrap();
        }
    }
    let record = std::fs::read(root().join("corpus/ok/bechi-fig03.mgn")).unwrap();
    child.stdin.take().unwrap().write_all(&record).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        std::fs::read(&outside).unwrap() == b"precious",
        "the file outside DIR was written through a planted link"
    );
    for picture in ["stdin-001-000.svg", "stdin-001-001.svg"] {
        let path = dir.join(picture);
        assert!(!path.symlink_metadata().unwrap().file_type().is_symlink());
        check_svg(picture, &std::fs::read_to_string(path).unwrap());
    }
}

/// SIGINT while pictures are being written: the temporary file of the picture being written is
/// removed, every picture left is whole, and the process dies of the signal (as a shell expects).
#[cfg(unix)]
#[test]
fn an_interrupted_replay_svg_leaves_no_temporary_file() {
    use std::os::unix::process::ExitStatusExt;
    let scratch = tempfile::tempdir().unwrap();
    let input = scratch.path().join("input.mgn");
    let game = std::fs::read_to_string(root().join("corpus/ok/match-uugg-2x6.mgn")).unwrap();
    std::fs::write(&input, [game.as_str(); 40].join("\n")).unwrap();
    // Interrupted after a few pictures, and later on: each time a picture is under way.
    for (k, wait_for) in [5usize, 40, 120].into_iter().enumerate() {
        let out = scratch.path().join(format!("out{k}"));
        let mut child = bin()
            .args(["replay", "--svg"])
            .arg(&out)
            .arg(&input)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Wait for the pictures with a generous deadline: on a loaded CI machine the first ones
        // can take seconds, and an interrupt before them would test nothing.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while std::time::Instant::now() < deadline {
            // Whole pictures only: the temporary file of the one under way does not count.
            let whole = std::fs::read_dir(&out).map_or(0, |d| {
                d.filter_map(Result::ok)
                    .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
                    .count()
            });
            if whole >= wait_for {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        let status = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let status = child.wait().unwrap();
        assert!(
            status.signal() == Some(2) || status.success(),
            "{status:?}: died of SIGINT, or had finished"
        );
        let mut whole = 0;
        for name in names(&out) {
            assert!(
                !name.starts_with('.') && name.ends_with(".svg"),
                "a temporary file is left: {name}"
            );
            let text = std::fs::read_to_string(out.join(&name)).unwrap();
            check_svg(&name, &text);
            whole += 1;
        }
        assert!(whole >= wait_for.min(5), "{whole}");
    }
}

/// Two record files of the same name would write pictures of the same names into one folder:
/// the second run is refused (exit 2, nothing written, the folder as it was), and --replace
/// removes the first file's pictures before writing its own.
#[test]
fn pictures_of_two_record_files_never_mix() {
    let scratch = tempfile::tempdir().unwrap();
    let (a, b) = (scratch.path().join("a"), scratch.path().join("b"));
    std::fs::create_dir_all(&a).unwrap();
    std::fs::create_dir_all(&b).unwrap();
    // a/game.mgn: two records; b/game.mgn: one.
    let fig03 = std::fs::read_to_string(root().join("corpus/ok/bechi-fig03.mgn")).unwrap();
    let fig04 = std::fs::read_to_string(root().join("corpus/ok/bechi-fig04.mgn")).unwrap();
    std::fs::write(a.join("game.mgn"), format!("{fig03}\n{fig04}")).unwrap();
    std::fs::write(b.join("game.mgn"), &fig04).unwrap();
    let dir = scratch.path().join("pictures");
    let run = |file: &Path, extra: &[&str]| {
        mancala()
            .args(["replay", "--svg"])
            .arg(&dir)
            .args(extra)
            .arg(file)
            .output()
            .unwrap()
    };
    let first = run(&a.join("game.mgn"), &[]);
    assert_eq!(first.status.code(), Some(0));
    let before = names(&dir);
    assert_eq!(
        before,
        [
            "game-001-000.svg",
            "game-001-001.svg",
            "game-002-000.svg",
            "game-002-001.svg"
        ]
    );
    let contents: Vec<Vec<u8>> = before
        .iter()
        .map(|n| std::fs::read(dir.join(n)).unwrap())
        .collect();
    let second = run(&b.join("game.mgn"), &[]);
    assert_eq!(second.status.code(), Some(2));
    let err = String::from_utf8_lossy(&second.stderr);
    assert!(
        err.contains("already holds 4 pictures named game-RRR-PPP.svg")
            && err.contains("--replace"),
        "{err}"
    );
    assert!(second.stdout.is_empty());
    assert_eq!(names(&dir), before);
    for (n, c) in before.iter().zip(&contents) {
        assert_eq!(&std::fs::read(dir.join(n)).unwrap(), c, "{n} changed");
    }
    // --replace: the old pictures go, the new ones come; other files stay.
    std::fs::write(dir.join("notes.txt"), b"mine").unwrap();
    let replaced = run(&b.join("game.mgn"), &["--replace"]);
    assert_eq!(replaced.status.code(), Some(0));
    assert_eq!(
        names(&dir),
        ["game-001-000.svg", "game-001-001.svg", "notes.txt"]
    );
    // A DIR that is a file is named as such.
    let file = scratch.path().join("a-file");
    std::fs::write(&file, b"").unwrap();
    let out = mancala()
        .args(["replay", "--svg"])
        .arg(&file)
        .arg("corpus/ok/bechi-fig03.mgn")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("it is a regular file, not a folder"), "{err}");
    assert!(!err.contains("os error"), "{err}");
}

/// A write that fails part way names the pictures written before it.
#[test]
fn a_failed_picture_names_those_written_before_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("bechi-fig03-001-001.svg/inside")).unwrap();
    let out = mancala()
        .args(["replay", "--svg"])
        .arg(dir.path())
        .arg("corpus/ok/bechi-fig03.mgn")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let first = dir.path().join("bechi-fig03-001-000.svg");
    assert!(
        err.contains("cannot write ")
            && err.contains(&format!(
                "1 picture was written before it: {}",
                first.display()
            )),
        "{err}"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("{}\n", first.display())
    );
}

// Item 3: a closed or full stderr.

/// Runs `args` with stderr `err`: the exit status.
fn status_with_stderr(args: &[&str], err: Stdio) -> Option<i32> {
    let out = bin()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(err)
        .output()
        .unwrap();
    out.status.code()
}

/// `mancala validate bad.mgn 2>&1 | head -1` and `2>/dev/full` aborted with SIGABRT (134): the
/// panic hook's own write panicked. Every command that writes to stderr now ends with the status
/// it would have had.
#[cfg(unix)]
#[test]
fn a_closed_or_full_stderr_never_crashes_the_tool() {
    let commands: [(&[&str], i32); 10] = [
        (&["validate", "corpus/err/mixed-every-kind.mgn"], 1),
        (
            &["replay", "corpus/err/illegal-bechi-b4-single-seed.mgn"],
            1,
        ),
        (&["convert", "corpus/err/mixed-every-kind.mgn"], 1),
        (
            &["explain", "corpus/err/illegal-bechi-b4-single-seed.mgn"],
            1,
        ),
        (&["validate", "no-such-file.mgn"], 2),
        (&["show", "bechi 9,9/9,9 B"], 1),
        (&["moves", BECHI_FIG04, "-o", "holes=7"], 2),
        (&["play", BECHI_FIG04, "1A"], 1),
        (&["perft", "--depth-is-missing"], 2),
        (
            &["moves", "bechi 0,0,0,0/0,0,0,0 B store=24,24 opener=B"],
            0,
        ),
    ];
    for (args, code) in commands {
        assert_eq!(
            status_with_stderr(args, Stdio::piped()),
            Some(code),
            "{args:?}"
        );
        // A pipe whose reader is gone: every write fails with EPIPE.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        assert_eq!(
            status_with_stderr(args, Stdio::from(writer)),
            Some(code),
            "{args:?} with a closed stderr"
        );
        // A full device: every write fails with ENOSPC.
        if Path::new("/dev/full").exists() {
            let full = std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap();
            assert_eq!(
                status_with_stderr(args, Stdio::from(full)),
                Some(code),
                "{args:?} with stderr on /dev/full"
            );
        }
    }
}

/// Standard output that fails (ENOSPC on /dev/full) ends a command that reads many inputs at the
/// first failed write, said once, exit 2: the one record loop (`inputs::records::each_record_of`)
/// goes on past an input it cannot read, not past its own output. It reported the failure again
/// for every input left, and read them all (132 lines for `validate corpus/ok corpus/err`).
#[test]
fn a_failed_standard_output_is_said_once_and_ends_the_run() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    for args in [
        &["validate", "corpus/ok", "corpus/err"][..],
        &["replay", "corpus/ok", "corpus/err"],
        &["convert", "corpus/ok", "corpus/err"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(args)
            .current_dir(root())
            .stdout(Stdio::from(full))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(
            err.matches("cannot write to standard output").count(),
            1,
            "{args:?}: {err}"
        );
    }
}

// Item 6: the record limit is per record.

/// A valid record just under 1 MiB, then a small valid one: both valid (the second was reported
/// too large, its first line having been read with the room the first record left).
#[test]
fn the_record_limit_is_per_record() {
    let limit = notation::reader::MAX_RECORD;
    let small = format!("{HEADER}\n1. 3B *\n");
    let frame = format!("{HEADER}\n{{}} 1. 3B *\n");
    let word = "x".repeat(limit - frame.len() - 1);
    let big = format!("{HEADER}\n{{{word}}} 1. 3B *\n");
    assert!(big.len() < limit && big.len() + small.len() > limit);
    let input = format!("{big}\n{small}");
    let out = mancala()
        .arg("validate")
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "<stdin>:1: record 1: valid (bechi, 1 ply, *)\n<stdin>:7: record 2: valid (bechi, 1 ply, *)\n2 records: 2 valid, 0 invalid\n"
    );
    assert_eq!(out.status.code(), Some(0));
}

// Item 7: JSON that the notation cannot hold is refused, as the text reader would refuse it.

fn json_of(file: &str) -> serde_json::Value {
    let out = mancala()
        .args(["convert", "--to", "json", file])
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

fn convert_json(v: &serde_json::Value) -> std::process::Output {
    mancala()
        .args(["convert", "--from", "json"])
        .write_stdin(format!("{v}\n"))
        .output()
        .unwrap()
}

/// Options and a Position given as entries of `tags` were printed as header tags but not used
/// (a 2x3 record checked as 2x4); a round past 9999, an annotation value the grammar cannot
/// hold, a repeated option: each is refused, with the member to use.
#[test]
fn json_records_the_notation_cannot_hold_are_refused() {
    let base = json_of("corpus/ok/bechi-fig03.mgn");
    let mut cases: Vec<(serde_json::Value, &str)> = Vec::new();
    let mut v = base.clone();
    v["tags"] = serde_json::json!([["Options", "holes=3"]]);
    cases.push((
        v,
        "tag Options is given among the other tags: in the JSON form it is the member `options`",
    ));
    let mut v = base.clone();
    v["tags"] = serde_json::json!([["Position", "bechi 1,1/1,1 B"]]);
    cases.push((v, "the member `position`"));
    let mut v = base.clone();
    v["options"] = serde_json::json!([["holes", "4"], ["holes", "3"]]);
    cases.push((v, "option `holes` is given twice (holes=4 and holes=3)"));
    let mut v = base.clone();
    v["movetext"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"kind": "round", "round": 10000, "decision": {"kind": "none"}}));
    cases.push((
        v,
        "round 10000 is past the limit: round numbers are at most 9999",
    ));
    let mut v = base.clone();
    v["movetext"].as_array_mut().unwrap().push(
        serde_json::json!({"kind": "annotation", "key": "captures", "value": "0) (captures 9"}),
    );
    cases.push((v, "holds no bracket"));
    let mut v = base.clone();
    v["movetext"].as_array_mut().unwrap().insert(
        0,
        serde_json::json!({"kind": "comment", "text": "a\u{1b}[2J"}),
    );
    cases.push((v, "a comment holds a control character"));
    let mut v = base.clone();
    let ply = v["movetext"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|i| i["kind"] == "ply")
        .unwrap();
    ply["move"] = serde_json::json!("3B 4A");
    cases.push((v, "`3B 4A` is not a move token"));
    for (v, message) in cases {
        let out = convert_json(&v);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{v}: {err}");
        assert!(out.stdout.is_empty(), "{v}");
        assert!(err.contains(message), "{v}: {err}");
        assert!(raw_controls(&err).is_empty(), "{err}");
    }
    // The text reader refuses the same things.
    let text = format!("{HEADER}[Options \"holes=4 holes=3\"]\n\n1. 3B *\n");
    let out = mancala()
        .arg("validate")
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("option `holes` is given twice"));
}

// Item 8: statuses and messages in the user's terms.

#[test]
fn messages_name_what_is_wrong_in_the_users_terms() {
    let err_of = |args: &[&str], input: &str, code: i32| -> String {
        let out = mancala().args(args).write_stdin(input).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        err
    };
    // A bad --option next to a position string: a usage error naming the option (was exit 1,
    // "bad position at column 1").
    for cmd in [
        &["show", BECHI_FIG04, "-o", "foo=bar"][..],
        &["moves", BECHI_FIG04, "-o", "holes=7"],
        &["play", "-o", "holes=7", BECHI_FIG04, "4B"],
        &[
            "explain",
            "--position",
            BECHI_FIG04,
            "--move",
            "4B",
            "-o",
            "holes=7",
        ],
        &["perft", "--position", BECHI_FIG04, "-o", "holes=7", "1"],
    ] {
        let err = err_of(cmd, "", 2);
        assert!(err.starts_with("mancala: error: bad --option "), "{err}");
        assert!(!err.contains("column"), "{err}");
    }
    // Repeated options: refused (were silently the last one).
    let err = err_of(
        &["moves", BECHI_FIG04, "-o", "holes=4", "-o", "holes=3"],
        "",
        2,
    );
    assert!(err.contains("--option holes is given twice"), "{err}");
    let err = err_of(
        &[
            "perft", "--game", "giuthi", "-o", "holes=6", "-o", "holes=7", "1",
        ],
        "",
        2,
    );
    assert!(err.contains("--option holes is given twice"), "{err}");
    let err = err_of(
        &["validate"],
        &format!("{HEADER}[Options \"holes=4 holes=3\"]\n\n*\n"),
        1,
    );
    assert!(
        err.contains("option `holes` is given twice (holes=4 and holes=3)"),
        "{err}"
    );
    // explain on a record with no plies (said "no ply 1").
    let err = err_of(&["explain"], &format!("{HEADER}\n*\n"), 2);
    assert!(
        err.contains("has no plies: there is nothing to explain"),
        "{err}"
    );
    // <round 10000>: the number, on the number (said "found the end", past the record).
    let err = err_of(
        &["validate"],
        &format!("{HEADER}\n1. 3B <round 10000> *\n"),
        1,
    );
    assert!(
        err.contains("expected a round number of at most 9999, found `10000`")
            && err.contains("<stdin>:5:14"),
        "{err}"
    );
    // A lone CR (said "expected the end of the line, found the end of the line").
    let err = err_of(
        &["validate"],
        "[Notation \"1.0\"]\r[Game \"bechi\"]\n[Opener \"B\"]\n\n*\n",
        1,
    );
    assert!(err.contains("found a carriage return (CR) alone"), "{err}");
    // A missing file: no system error number.
    let err = err_of(&["validate", "no-such-file.mgn"], "", 2);
    assert_eq!(
        err,
        "mancala: error: cannot read no-such-file.mgn: no such file or folder\n"
    );
    // A 1 MB bad token is not printed (twice) in full: the message stays short.
    let token = "x".repeat(1_000_000);
    let err = err_of(&["validate"], &format!("{HEADER}\n1. {token} *\n"), 1);
    assert!(err.len() < 1200, "{} bytes: {}", err.len(), &err[..300]);
    assert!(err.contains("…(1000000 characters)"), "{err}");
    // (An argument is at most 128 KiB.)
    let err = err_of(&["play", BECHI_FIG04, &token[..100_000]], "", 1);
    assert!(err.len() < 400, "{} bytes", err.len());
}

// Item 9: nothing of the input reaches a terminal raw; every SVG is well-formed XML.

/// Escape sequences (clear screen, OSC window title), C1 controls and bidi overrides in a record
/// and in its file name are shown escaped in every text output and message.
#[test]
fn control_characters_of_the_input_never_reach_the_terminal() {
    let scratch = tempfile::tempdir().unwrap();
    let hostile = "\u{1b}[2J\u{1b}]0;owned\u{7}\u{9b}31m\u{202e}";
    // A record valid but for a bad token; its tags hold what tag values may hold (bidi
    // overrides, not controls), the bad token and a comment what the grammar refuses.
    let bad = format!(
        "{HEADER}[Event \"x{}\"]\n\n{{a {hostile}}} 1. 3B 2. {hostile}9Z *\n",
        '\u{202e}'
    );
    let valid = format!("{HEADER}[Event \"\u{202e}moc.evil\"]\n\n1. 3B *\n");
    let file = scratch.path().join(format!("f{hostile}.mgn"));
    std::fs::write(&file, format!("{bad}\n{valid}")).unwrap();
    for args in [
        &["validate"][..],
        &["validate", "--quiet"],
        &["replay"],
        &["explain"],
        &["explain", "--record", "2"],
        &["convert"],
    ] {
        // convert writes data (the canonical record, whose tag values may hold a bidi mark):
        // only its messages are for the terminal.
        let data = args[0] == "convert";
        let out = bin().args(args).arg(&file).output().unwrap();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert!(
            data || raw_controls(&stdout).is_empty(),
            "{args:?} stdout: {stdout}"
        );
        assert!(
            raw_controls(&stderr).is_empty(),
            "{args:?} stderr: {stderr}"
        );
    }
    // Messages about command-line input too.
    for args in [
        &["show", "bechi 2,0,5,2/3,1*,4*,\u{1b}[2J B"][..],
        &["play", BECHI_FIG04, "\u{1b}]0;x\u{7}"],
        &["moves", BECHI_FIG04, "-o", "\u{1b}[2J=1"],
    ] {
        let out = mancala().args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("\\u{1b}") || stderr.contains("U+001B"),
            "{args:?}: the character is named: {stderr}"
        );
        assert!(raw_controls(&stderr).is_empty(), "{args:?}: {stderr}");
    }
}

/// Issue 34, item 10: the error lines a batch writes in its output stream (`moves -`, `play -`,
/// `show -`, `analyse -`) and the files `collection split` and `man --out` list show the
/// input's control characters escaped, as every message on stderr does; they went out raw.
#[test]
fn batch_errors_and_lists_of_files_never_carry_raw_controls() {
    let lines = "bechi\u{1b}[2J 1A\nche\u{1b}]0;x\u{7}ss\nbechi 3B\u{9b}31m\nbechi\u{202e} 1A\nbechi 6,6,6,6/6,6,6,6 B x\u{1b}=1\n";
    for cmd in ["moves", "play", "show", "analyse"] {
        let mut args = vec![cmd, "-"];
        if cmd == "analyse" {
            args.extend(["--depth", "1"]);
        }
        let out = mancala().args(&args).write_stdin(lines).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{cmd}: {stdout}");
        assert_eq!(stdout.matches("error: line ").count(), 5, "{cmd}: {stdout}");
        assert!(
            stdout.contains("\\u{1b}"),
            "{cmd}: the character is named: {stdout}"
        );
        assert!(raw_controls(&stdout).is_empty(), "{cmd}: {stdout}");
    }
    let scratch = tempfile::tempdir().unwrap();
    let hostile = "\u{1b}[2J\u{9b}\u{202e}";
    let file = scratch.path().join(format!("f{hostile}.mgn"));
    std::fs::copy(root().join("corpus/ok/bechi-fig03.mgn"), &file).unwrap();
    let folder = scratch.path().join(format!("d{hostile}"));
    for args in [
        vec!["collection", "split", "--out"],
        vec!["collection", "split", "--by", "game", "--out"],
    ] {
        let out = bin().args(&args).arg(&folder).arg(&file).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(stdout.contains("\\u{1b}"), "{args:?}: {stdout}");
        assert!(raw_controls(&stdout).is_empty(), "{args:?}: {stdout}");
    }
    let out = bin()
        .args(["man", "--out"])
        .arg(scratch.path().join(format!("m{hostile}")))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(raw_controls(&stdout).is_empty(), "man --out: {stdout}");
}

/// U+FFFE and U+FFFF (which XML forbids) and controls in a comment, a tag and --caption made SVG
/// that XML parsers reject: every picture now parses.
#[test]
fn svg_pictures_are_well_formed_whatever_the_text() {
    // (No NUL: a command-line argument cannot hold one.)
    let nasty = "a\u{FFFE}b\u{FFFF}c\u{1b}d\u{1}e & <f> \"g\" 'h' \u{9b} ]]> \u{FDD0}";
    let record = format!(
        "{HEADER}[Source \"{src}\"]\n[Event \"{src}\"]\n\n{{{comment}}} 1. 3B {{{comment}}} *\n",
        src = nasty
            .replace(['\u{1b}', '\u{1}', '\u{9b}'], "")
            .replace('"', ""),
        comment = "x\u{FFFE} \u{FFFF} & <y> \u{202e}"
    );
    let dir = tempfile::tempdir().unwrap();
    let out = mancala()
        .args(["replay", "--svg"])
        .arg(dir.path())
        .write_stdin(record)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let files = names(dir.path());
    assert_eq!(files, ["stdin-001-000.svg", "stdin-001-001.svg"]);
    for f in &files {
        let text = std::fs::read_to_string(dir.path().join(f)).unwrap();
        check_svg(f, &text);
        assert!(text.contains('\u{FFFD}'), "{f}: replaced, not dropped");
    }
    let out = mancala()
        .args(["show", "--svg", BECHI_FIG04, "--caption", nasty])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    check_svg("show --svg", &String::from_utf8(out.stdout).unwrap());
}

/// The records of a few corpus files, whole matches with rounds among them.
fn corpus_records() -> Vec<notation::Record> {
    let mut out = Vec::new();
    for f in [
        "corpus/ok/bechi-fig03.mgn",
        "corpus/ok/bechi-fig00b.mgn",
        "corpus/ok/giuthi-fig01-02d.mgn",
        "corpus/ok/match-uugg-2x6.mgn",
        "corpus/ok/redu-fig008-009-jugb003.mgn",
        "corpus/ok/sulus-nishtaw-jug05-06b.mgn",
    ] {
        let bytes = std::fs::read(root().join(f)).unwrap();
        for chunk in notation::RecordReader::new(&bytes[..]) {
            out.push(notation::parse_record(&chunk.unwrap().text).unwrap().record);
        }
    }
    out
}

/// What a JSON record can hold that a text record might not (issue 13, item 7).
#[derive(Clone, Debug)]
enum Edit {
    Tag(String, String),
    Option(String, String),
    Position(String),
    Item(usize, serde_json::Value),
}

fn edit() -> impl Strategy<Value = Edit> {
    let names = prop::sample::select(vec![
        "Options", "Position", "Game", "Opener", "Event", "Board", "x y", "", "Notation",
    ]);
    let texts = prop::sample::select(vec![
        "holes=3",
        "holes=6",
        "bechi 4*,2*,1*,3/2*,3,4,5 B store=12,12 opener=B",
        "a  b",
        " lead",
        "a\u{1b}b",
        "a\u{FFFE}",
        "\u{202e}x",
        "x)y",
        "",
        "10",
        "2A",
        "none",
    ]);
    let keys = prop::sample::select(vec!["holes", "seeds", "balla", "holes ", "x=y", ""]);
    let item = prop_oneof![
        texts
            .clone()
            .prop_map(|t| serde_json::json!({"kind": "comment", "text": t})),
        (
            prop::sample::select(vec!["captures", "ends", "next", "Captures", "x1", ""]),
            texts.clone()
        )
            .prop_map(|(k, v)| serde_json::json!({"kind": "annotation", "key": k, "value": v})),
        (
            prop::sample::select(vec![2u32, 3, 9999, 10000, u32::MAX]),
            prop::sample::select(vec![0u32, 1, 999, 1000])
        )
            .prop_map(|(round, n)| serde_json::json!({
                "kind": "round",
                "round": round,
                "decision": if n == 0 {
                    rules_core::Decision::None
                } else {
                    rules_core::Decision::Layout(vec![n; 6])
                }
            })),
        prop::sample::select(vec!["3B", "3B 4A", "1.3B", "*", "", "4A(", "pass"])
            .prop_map(|t| serde_json::json!({"kind": "ply", "move": t})),
    ];
    prop_oneof![
        (names, texts.clone()).prop_map(|(n, v)| Edit::Tag(n.to_owned(), v.to_owned())),
        (
            keys,
            prop::sample::select(vec!["3", "4", "6", "yes", "7 8"])
        )
            .prop_map(|(k, v)| Edit::Option(k.to_owned(), v.to_owned())),
        texts.prop_map(|t| Edit::Position(t.to_owned())),
        (0..40usize, item).prop_map(|(at, i)| Edit::Item(at, i)),
    ]
}

use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    /// JSON -> convert -> validate gives what validating the JSON gives: a JSON record that
    /// checks valid converts to text that reads back and checks valid, to the same canonical
    /// record; one that does not is not converted. (Before, Options given among the tags and
    /// rounds past 9999 were written out and read back as other records, or not at all.)
    #[test]
    fn convert_writes_only_what_validates_the_same(
        base in 0usize..64,
        edits in prop::collection::vec(edit(), 0..4),
        lenient in any::<bool>(),
    ) {
        let records = corpus_records();
        let mut r = serde_json::to_value(&records[base % records.len()]).unwrap();
        let push = |v: &mut serde_json::Value, member: &str, pair: [String; 2]| {
            match v[member].as_array_mut() {
                Some(list) => list.push(serde_json::json!(pair)),
                None => v[member] = serde_json::json!([pair]),
            }
        };
        for e in edits {
            match e {
                Edit::Tag(n, v) => push(&mut r, "tags", [n, v]),
                Edit::Option(k, v) => push(&mut r, "options", [k, v]),
                Edit::Position(p) => r["position"] = serde_json::json!(p),
                Edit::Item(at, i) => {
                    let movetext = r["movetext"].as_array_mut().unwrap();
                    let at = at.min(movetext.len());
                    movetext.insert(at, i);
                }
            }
        }
        // The JSON line convert reads is this record: read as convert reads it.
        let read = notation::read_json(&r.to_string()).unwrap();
        let opts = notation::CheckOptions { steps: false, canonical: true, lenient };
        let checked = if read.problems.is_empty() {
            notation::check_with(&read.record, None, opts)
        } else {
            notation::Checked { problems: read.problems, ..Default::default() }
        };
        prop_assert_eq!(checked.canonical.is_some(), checked.problems.is_empty());
        if let Some(canon) = &checked.canonical {
            let text = notation::print_record(canon);
            let parsed = notation::parse_record(&text);
            prop_assert!(parsed.is_ok(), "convert wrote what does not read: {:?}\n{}", parsed.err(), text);
            let parsed = parsed.unwrap();
            let again = notation::check_with(&parsed.record, Some(&parsed.spans), opts);
            prop_assert!(again.problems.is_empty(), "{:?}\n{}", again.problems, text);
            prop_assert_eq!(again.canonical.as_ref(), Some(canon), "{}", text);
        }
    }
}
