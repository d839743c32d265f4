//! Hardening, third round (issue 23): output files and the files under them, batch lines,
//! streamed output, and messages.
//!
//! Item 1: every command that writes a file writes a device or a FIFO in place (never replacing it
//! with a regular file), follows a link only to one of those, refuses the rest (exit 2) leaving
//! them as they were; `-` is standard output; an output that is one of the inputs is refused
//! before anything is read. The special files are made in a temporary folder (`mknod` needs
//! root: where it cannot be made, the case says SKIPPED and the others run).
//! Item 3: batch lines are capped and read in bounded memory; `rules` streams its output.
//! Item 5: messages for `-` where it is not read, bytes that are not UTF-8, byte-order marks,
//! durations past the maximum, a folder that does not exist, the Position tag's options.

use crate::support::{mancala, root};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const FIG03: &str = "corpus/ok/bechi-fig03.mgn";
const ENDING: &str = "bechi 0,2*,0/3*,0,1* B store=20,10 opener=B";

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mancala"));
    c.current_dir(root());
    c
}

/// Makes a FIFO at `path`.
#[cfg(target_os = "linux")]
fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

/// What a special file is, to check that it is still that after a run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Is {
    CharDevice,
    BlockDevice,
    Fifo,
    Socket,
    Link,
    Folder,
}

#[cfg(unix)]
fn is(path: &Path) -> Option<Is> {
    use std::os::unix::fs::FileTypeExt;
    let t = path.symlink_metadata().ok()?.file_type();
    Some(if t.is_char_device() {
        Is::CharDevice
    } else if t.is_block_device() {
        Is::BlockDevice
    } else if t.is_fifo() {
        Is::Fifo
    } else if t.is_socket() {
        Is::Socket
    } else if t.is_symlink() {
        Is::Link
    } else if t.is_dir() {
        Is::Folder
    } else {
        return None;
    })
}

/// What a run must do with a special file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Expect {
    /// Written in place: exit 0, the bytes reach what it names.
    InPlace,
    /// Written in place to a device that is full: exit 2, "no space left".
    Full,
    /// Refused: exit 2, naming what it is.
    Refused(&'static str),
}

/// One special file of the tree: its name, what it is, and what a write to it must do.
struct Special {
    name: &'static str,
    is: Is,
    expect: Expect,
}

/// Makes the tree of special files in `dir`; what cannot be made here is skipped, saying so.
#[cfg(unix)]
fn special_tree(dir: &Path) -> Vec<Special> {
    let mut made = Vec::new();
    let sh = |args: &[&str]| {
        Command::new(args[0])
            .args(&args[1..])
            .current_dir(dir)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let mut make = |ok: bool, name: &'static str, is: Is, expect: Expect| {
        if ok {
            made.push(Special { name, is, expect });
        } else {
            testkit::skip::skipped(
                &format!("writing to a special file {name} ({is:?}), tests/cli/outputs.rs"),
                "cannot make it here: mknod needs root (run the tests as root, as CI does)",
            );
        }
    };
    make(
        sh(&["mknod", "-m", "666", "null", "c", "1", "3"]),
        "null",
        Is::CharDevice,
        Expect::InPlace,
    );
    make(
        sh(&["mknod", "-m", "666", "full", "c", "1", "7"]),
        "full",
        Is::CharDevice,
        Expect::Full,
    );
    // A block device number no disk has: were it ever opened, nothing would be written.
    make(
        sh(&["mknod", "-m", "600", "disk", "b", "7", "251"]),
        "disk",
        Is::BlockDevice,
        Expect::Refused("block device"),
    );
    make(sh(&["mkfifo", "fifo"]), "fifo", Is::Fifo, Expect::InPlace);
    let link = |to: &str, name: &str| std::os::unix::fs::symlink(to, dir.join(name)).is_ok();
    make(
        link("/proc/self/fd/1", "to-stdout"),
        "to-stdout",
        Is::Link,
        Expect::InPlace,
    );
    make(
        link("/dev/null", "to-null"),
        "to-null",
        Is::Link,
        Expect::InPlace,
    );
    make(
        link("/dev/full", "to-full"),
        "to-full",
        Is::Link,
        Expect::Full,
    );
    std::fs::write(dir.join("plain.txt"), b"keep").unwrap();
    make(
        link("plain.txt", "to-file"),
        "to-file",
        Is::Link,
        Expect::Refused("symbolic link to a regular file"),
    );
    make(
        link("nothing-here", "dangling"),
        "dangling",
        Is::Link,
        Expect::Refused("which does not exist"),
    );
    make(
        link(".", "to-folder"),
        "to-folder",
        Is::Link,
        Expect::Refused("link to a folder"),
    );
    let socket = std::os::unix::net::UnixListener::bind(dir.join("sock"));
    make(
        socket.is_ok(),
        "sock",
        Is::Socket,
        Expect::Refused("a socket"),
    );
    std::mem::forget(socket);
    make(
        std::fs::create_dir(dir.join("folder")).is_ok(),
        "folder",
        Is::Folder,
        Expect::Refused("folder"),
    );
    made
}

/// Runs `mancala ARGS` with `fifo` read to its end by a thread (a write to a FIFO waits for a
/// reader): the status, stdout, stderr and what the FIFO gave.
fn run_with_fifo_reader(
    args: &[String],
    fifo: Option<PathBuf>,
) -> (Option<i32>, Vec<u8>, String, Vec<u8>) {
    let reader = fifo.map(|f| {
        std::thread::spawn(move || {
            let mut got = Vec::new();
            std::fs::File::open(f)
                .unwrap()
                .read_to_end(&mut got)
                .unwrap();
            got
        })
    });
    let out = bin().args(args).stdin(Stdio::null()).output().unwrap();
    let from_fifo = reader.map(|r| r.join().unwrap()).unwrap_or_default();
    (
        out.status.code(),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
        from_fifo,
    )
}

/// The commands that write one file, each with the beginning of what it writes, run on every
/// special file of the tree.
#[cfg(target_os = "linux")]
#[test]
fn special_files_are_written_in_place_or_refused_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let tree = special_tree(dir.path());
    assert!(tree.len() >= 6, "the links and the FIFO can always be made");
    let commands: [(&str, Vec<&str>, &[u8]); 3] = [
        (
            "replay --html",
            vec!["replay", FIG03, "--html"],
            b"<!DOCTYPE html>",
        ),
        (
            "solve --out",
            vec!["solve", "--position", ENDING, "--out"],
            b"mancala-db",
        ),
        (
            "analyse --proof",
            vec!["analyse", ENDING, "--proof"],
            b"mancala-proof",
        ),
    ];
    for (what, args, start) in &commands {
        for s in &tree {
            let path = dir.path().join(s.name);
            let mut argv: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
            argv.push(path.display().to_string());
            let fifo = (s.is == Is::Fifo).then(|| path.clone());
            let (code, stdout, stderr, from_fifo) = run_with_fifo_reader(&argv, fifo);
            let case = format!("{what} {}: exit {code:?}, stderr {stderr}", s.name);
            assert_eq!(is(&path), Some(s.is), "{case}: it was replaced");
            match s.expect {
                Expect::InPlace => {
                    assert_eq!(code, Some(0), "{case}");
                    if s.is == Is::Fifo {
                        assert!(
                            from_fifo.starts_with(start),
                            "{case}: the reader got nothing"
                        );
                    }
                    if s.name == "to-stdout" {
                        assert!(stdout.starts_with(start), "{case}: nothing on stdout");
                    }
                }
                Expect::Full => {
                    assert_eq!(code, Some(2), "{case}");
                    assert!(stderr.contains("no space left on the device"), "{case}");
                }
                Expect::Refused(words) => {
                    assert_eq!(code, Some(2), "{case}");
                    assert!(stderr.contains(words), "{case}");
                    assert!(!stderr.contains("os error"), "{case}");
                }
            }
        }
    }
    // What the links name is untouched, and nothing was created where a dangling link points.
    assert_eq!(
        std::fs::read(dir.path().join("plain.txt")).unwrap(),
        b"keep"
    );
    assert!(!dir.path().join("nothing-here").exists());
}

/// `man --out DIR` and `replay --svg DIR` write files of their own naming into DIR: a special
/// file at one of those names is written in place or refused as the others are; `--replace`
/// removes pictures, never a special file.
#[cfg(target_os = "linux")]
#[test]
fn special_files_in_output_folders_are_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("pages");
    std::fs::create_dir(&pages).unwrap();
    std::os::unix::fs::symlink("/dev/null", pages.join("mancala.1")).unwrap();
    let out = mancala()
        .arg("man")
        .arg("--out")
        .arg(&pages)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(is(&pages.join("mancala.1")), Some(Is::Link));
    assert!(pages.join("mancala-perft.1").is_file());
    std::fs::write(dir.path().join("keep.txt"), b"keep").unwrap();
    std::fs::remove_file(pages.join("mancala-rules.1")).unwrap();
    std::os::unix::fs::symlink(dir.path().join("keep.txt"), pages.join("mancala-rules.1")).unwrap();
    let out = mancala()
        .arg("man")
        .arg("--out")
        .arg(&pages)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read(dir.path().join("keep.txt")).unwrap(), b"keep");
    assert_eq!(is(&pages.join("mancala-rules.1")), Some(Is::Link));

    let pictures = dir.path().join("pictures");
    std::fs::create_dir(&pictures).unwrap();
    let fifo = pictures.join("bechi-fig03-001-000.svg");
    mkfifo(&fifo);
    for replace in [false, true] {
        let mut c = mancala();
        c.args(["replay", FIG03, "--svg"]).arg(&pictures);
        if replace {
            c.arg("--replace");
        }
        let out = c.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(is(&fifo), Some(Is::Fifo), "--replace {replace}: {err}");
    }
}

/// An output that is one of the inputs is refused before anything is read (exit 2): the input is
/// the same as it was, whichever name reaches it.
#[cfg(unix)]
#[test]
fn an_output_that_is_an_input_is_refused_before_anything_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.mgn");
    let original = std::fs::read(root().join(FIG03)).unwrap();
    std::fs::write(&rec, &original).unwrap();
    let hard = dir.path().join("hard.mgn");
    std::fs::hard_link(&rec, &hard).unwrap();
    let run = |args: &[&str], stdin: Option<&Path>, stdout: Option<&Path>| {
        let mut c = bin();
        c.args(args).current_dir(dir.path());
        c.stdin(stdin.map_or_else(Stdio::null, |p| std::fs::File::open(p).unwrap().into()));
        if let Some(p) = stdout {
            let f = std::fs::OpenOptions::new().append(true).open(p).unwrap();
            c.stdout(f);
        }
        let out = c.output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let cases: Vec<(Vec<&str>, Option<&Path>, Option<&Path>)> = vec![
        (vec!["replay", "--html", "rec.mgn", "rec.mgn"], None, None),
        (
            vec!["replay", "--html", "hard.mgn", "./rec.mgn"],
            None,
            None,
        ),
        (vec!["replay", "--html", "rec.mgn"], Some(&rec), None),
        (vec!["convert", "rec.mgn"], None, Some(&rec)),
        (vec!["validate", "hard.mgn"], None, Some(&rec)),
        (vec!["replay"], Some(&rec), Some(&hard)),
        (vec!["moves", "-"], Some(&rec), Some(&rec)),
        (
            vec!["analyse", "bechi", "--db", "rec.mgn", "--proof", "hard.mgn"],
            None,
            None,
        ),
    ];
    for (args, stdin, stdout) in cases {
        let (code, err) = run(&args, stdin, stdout);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("is the same file as"), "{args:?}: {err}");
        assert!(err.contains("nothing was read"), "{args:?}: {err}");
        assert_eq!(
            std::fs::read(&rec).unwrap(),
            original,
            "{args:?} changed the input"
        );
    }
    // A device is no input's copy: /dev/null in and out is fine.
    let out = bin()
        .args(["validate", "/dev/null"])
        .stdout(std::fs::File::create("/dev/null").unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    // replay --svg DIR with an input that is one of DIR's pictures, which --replace would remove.
    let pictures = dir.path().join("pictures");
    let out = bin()
        .args(["replay", "--svg"])
        .arg(&pictures)
        .arg(&rec)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let first = pictures.join("rec-001-000.svg");
    let svg = std::fs::read(&first).unwrap();
    let out = bin()
        .args(["replay", "--replace", "--svg"])
        .arg(&pictures)
        .arg(&rec)
        .arg(&first)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is the same file as the input"));
    assert_eq!(std::fs::read(&first).unwrap(), svg);
}

/// Issue 34, item 5, same class: `solve --out DB >> DB.work/journal` appended its report to the
/// journal that a resumed run reads back as pairs solved before; now refused before solving
/// (exit 2), the journal untouched.
#[cfg(unix)]
#[test]
fn solve_refuses_standard_output_appended_to_its_journal() {
    let dir = tempfile::tempdir().unwrap();
    let work = dir.path().join("db.work");
    std::fs::create_dir(&work).unwrap();
    let journal = work.join("journal");
    std::fs::write(&journal, b"").unwrap();
    let out = bin()
        .args(["solve", "--quiet", "--out", "db", "-o", "board=2x3"])
        .current_dir(dir.path())
        .stdout(
            std::fs::OpenOptions::new()
                .append(true)
                .open(&journal)
                .unwrap(),
        )
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("is the same file as the input"), "{err}");
    assert!(err.contains("journal"), "{err}");
    assert!(std::fs::read(&journal).unwrap().is_empty());
    assert!(!dir.path().join("db").exists());
}

/// Issue 34, items 5 and 6: every command that writes to standard output refuses an input that
/// is its standard output, and `collection split` an input that is one of the files it would
/// replace, before anything is read (exit 2), whatever the name (a hard link, a folder holding
/// it, standard input). Before, `collection merge F >> F` read its own output for ever (a 104 kB
/// F grew to 5.9 MB in 5 s, killed), and `split --by game --replace --out D D/bechi.mgn`
/// replaced its input with its valid records only (exit 1, the invalid record gone).
#[cfg(unix)]
#[test]
fn collections_refuse_an_output_that_is_an_input_before_reading() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let bad = std::fs::read(root().join("corpus/err/annotation-best-illegal.mgn")).unwrap();
    let mut original = std::fs::read(root().join(FIG03)).unwrap();
    original.extend(b"\n");
    original.extend(&bad);
    let rec = d.join("rec.mgn");
    std::fs::write(&rec, &original).unwrap();
    std::fs::hard_link(&rec, d.join("hard.mgn")).unwrap();
    std::fs::create_dir(d.join("games")).unwrap();
    let game_file = d.join("games/bechi.mgn");
    std::fs::write(&game_file, &original).unwrap();
    std::fs::write(d.join("games/x.mgn"), &original).unwrap();
    std::fs::write(d.join("games/x-001.mgn"), &original).unwrap();
    let append = |p: &Path| std::fs::OpenOptions::new().append(true).open(p).unwrap();
    // Each command line, split at spaces, with its standard input and output.
    let cases: [(&str, Option<&Path>, Option<&Path>); 11] = [
        ("collection merge rec.mgn", None, Some(&rec)),
        ("collection select hard.mgn", None, Some(&rec)),
        ("collection dedupe .", None, Some(&rec)),
        ("collection stats rec.mgn", None, Some(&rec)),
        ("collection merge", Some(&rec), Some(&rec)),
        ("collection merge -", Some(&rec), Some(&rec)),
        ("match --db rec.mgn", None, Some(&rec)),
        (
            "collection split --by game --replace --out games",
            Some(&game_file),
            None,
        ),
        (
            "collection split --by game --replace --out games games/bechi.mgn",
            None,
            None,
        ),
        ("collection split --by game --out games games", None, None),
        // games/x.mgn splits into games/x-001.mgn, which the folder gives as an input too.
        ("collection split --replace --out games games", None, None),
    ];
    for (line, stdin, stdout) in cases {
        let args: Vec<&str> = line.split(' ').collect();
        let mut c = bin();
        c.args(&args).current_dir(d);
        c.stdin(stdin.map_or_else(Stdio::null, |p| std::fs::File::open(p).unwrap().into()));
        if let Some(p) = stdout {
            c.stdout(append(p));
        }
        let out = c.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("is the same file as"), "{args:?}: {err}");
        assert!(err.contains("nothing was read"), "{args:?}: {err}");
        for f in [&rec, &game_file] {
            assert_eq!(
                std::fs::read(f).unwrap(),
                original,
                "{args:?} changed {f:?}"
            );
        }
    }
    // A device is read and written freely, and split writes beside its input where it
    // replaces none of them.
    let out = bin()
        .args(["collection", "merge", "/dev/null"])
        .stdout(std::fs::File::create("/dev/null").unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let out = bin()
        .current_dir(d)
        .args(["collection", "split", "--by", "game", "--out", "."])
        .arg(&rec)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    // The invalid record is named, and said not written: never dropped silently.
    assert!(err.contains("record 2"), "{err}");
    assert!(err.contains("1 invalid record not written"), "{err}");
}

/// Issue 34, item 11: `collection split` writes its files as every output is written: with
/// `--replace`, a link to a file at one of its names is refused before anything is written (the
/// link and its file left as they were), a FIFO is written in place. Before, both were renamed
/// over with regular files.
#[cfg(target_os = "linux")]
#[test]
fn split_follows_the_output_policy() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("games");
    std::fs::create_dir(&out_dir).unwrap();
    std::fs::write(dir.path().join("keep.txt"), b"keep").unwrap();
    std::os::unix::fs::symlink("../keep.txt", out_dir.join("bechi.mgn")).unwrap();
    let split = |args: &[&str]| -> Vec<String> {
        let mut v = vec!["collection", "split", "--replace", "--out"]
            .into_iter()
            .map(str::to_owned)
            .collect::<Vec<_>>();
        v.push(out_dir.display().to_string());
        v.extend(args.iter().map(|a| (*a).to_owned()));
        v
    };
    for (by_game, link) in [(true, "bechi.mgn"), (false, "bechi-fig03-001.mgn")] {
        if !by_game {
            std::fs::remove_file(out_dir.join("bechi.mgn")).unwrap();
            std::os::unix::fs::symlink("../keep.txt", out_dir.join(link)).unwrap();
        }
        let args = if by_game {
            split(&["--by", "game", "corpus/ok"])
        } else {
            split(&[FIG03])
        };
        let (code, _, err, _) = run_with_fifo_reader(&args, None);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("symbolic link to a regular file"), "{err}");
        assert_eq!(std::fs::read(dir.path().join("keep.txt")).unwrap(), b"keep");
        assert_eq!(is(&out_dir.join(link)), Some(Is::Link));
        let names: Vec<_> = std::fs::read_dir(&out_dir).unwrap().collect();
        assert_eq!(names.len(), 1, "{args:?}: nothing else written");
    }
    std::fs::remove_file(out_dir.join("bechi-fig03-001.mgn")).unwrap();
    let fifo = out_dir.join("bechi.mgn");
    mkfifo(&fifo);
    // Opened for reading first, without waiting for a writer (O_NONBLOCK, Linux's 0o4000), so
    // that a FIFO renamed over cannot leave a reader waiting for ever: what it holds is read
    // once the run is over.
    let mut reader = {
        use std::os::unix::fs::OpenOptionsExt;
        std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(0o4000)
            .open(&fifo)
            .unwrap()
    };
    let args = split(&["--by", "game", FIG03]);
    let out = bin().args(&args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert_eq!(is(&fifo), Some(Is::Fifo), "the FIFO was replaced");
    let mut got = Vec::new();
    let _ = reader.read_to_end(&mut got);
    assert_eq!(got, std::fs::read(root().join(FIG03)).unwrap());
    assert!(String::from_utf8_lossy(&out.stdout).contains("bechi.mgn (1 record)"));
}

/// `-` is standard output wherever a file is written (`replay --html -`, `solve --out -`); where
/// a command writes a folder of files, `-` is a usage error that says what to give.
#[test]
fn dash_is_standard_output_and_folders_say_what_to_give() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ending.db");
    let to_file = mancala()
        .args(["solve", "--quiet", "--position", ENDING, "--out"])
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(to_file.status.code(), Some(0));
    let to_stdout = mancala()
        .args(["solve", "--quiet", "--position", ENDING, "--out", "-"])
        .output()
        .unwrap();
    assert_eq!(to_stdout.status.code(), Some(0));
    assert_eq!(to_stdout.stdout, std::fs::read(&db).unwrap());
    // The report goes to stderr, so that the database alone is on stdout (the same report but
    // for its times: `reachable positions found in 0.00 s, solved in 0.03 s`; --quiet: no
    // progress lines).
    let untimed = |bytes: &[u8]| -> Vec<String> {
        String::from_utf8_lossy(bytes)
            .lines()
            .map(|l| {
                l.split("; reachable positions found in ")
                    .next()
                    .unwrap_or(l)
                    .to_owned()
            })
            .collect()
    };
    assert_eq!(untimed(&to_stdout.stderr), untimed(&to_file.stdout));
    assert!(untimed(&to_file.stdout).len() >= 4);
    // The same for analyse --proof -: the proof alone on stdout, the analysis on stderr.
    let proof = dir.path().join("ending.proof");
    let to_file = mancala()
        .args(["analyse", ENDING, "--proof"])
        .arg(&proof)
        .output()
        .unwrap();
    assert_eq!(to_file.status.code(), Some(0));
    let to_stdout = mancala()
        .args(["analyse", ENDING, "--proof", "-"])
        .output()
        .unwrap();
    assert_eq!(to_stdout.status.code(), Some(0));
    assert_eq!(to_stdout.stdout, std::fs::read(&proof).unwrap());
    let err = String::from_utf8_lossy(&to_stdout.stderr);
    assert!(to_stdout.stdout.starts_with(b"mancala-proof"));
    assert!(
        err.contains("value ") && err.contains("\nproof -: "),
        "{err}"
    );
    let page = mancala()
        .args(["replay", "--html", "-", FIG03])
        .output()
        .unwrap();
    assert!(page.stdout.starts_with(b"<!DOCTYPE html>"));
    for (args, hint) in [
        (vec!["replay", "--svg", "-", FIG03], "mancala show --svg"),
        (vec!["man", "--out", "-"], "mancala man [COMMAND]"),
    ] {
        let out = mancala().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(err.contains(hint), "{args:?}: {err}");
    }
    assert!(!root().join("-").exists());
}

/// A batch line longer than the limit is one bad line, in its place, skipped without being kept:
/// 64 MB of zero bytes, then a position, in a few MB (it took 395 MB for 200 MB before).
#[cfg(target_os = "linux")]
#[test]
fn an_over_long_batch_line_is_one_bad_line_in_bounded_memory() {
    for command in ["moves", "play", "show"] {
        let feed: crate::support::Feed = Box::new(|mut stdin| {
            let zeros = vec![0u8; 1 << 20];
            for _ in 0..64 {
                if stdin.write_all(&zeros).is_err() {
                    return;
                }
            }
            let _ = stdin.write_all(b"\nbechi\n");
        });
        let r = crate::support::run_bounded_fed(
            &format!("long-line-{command}"),
            &[command, "-"],
            Some(feed),
            true,
            40 * 1024,
        );
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(r.code, Some(1), "{command}: {}", r.stderr);
        assert!(
            lines[0].starts_with("error: line 1: expected a line of at most 1048576 bytes"),
            "{command}: {}",
            lines[0]
        );
        assert!(
            lines.len() >= 2,
            "{command}: line 2 was answered: {lines:?}"
        );
        assert!(!lines[1].starts_with("error"), "{command}: {}", lines[1]);
        // The 40 MB bound is run_bounded's: a run past it is killed and fails.
    }
}

/// Bytes that are not UTF-8 are named with their place; a byte-order mark at the start of a line
/// or of a position argument is dropped, anywhere else named; every other line is answered.
#[test]
fn batch_lines_that_are_not_text_say_why() {
    let out = mancala()
        .args(["moves", "-"])
        .write_stdin(
            &b"\xEF\xBB\xBFbechi\nbechi \xFF\nbechi\n\xEF\xBB\xBFbechi\nbechi\xEF\xBB\xBF\n"[..],
        )
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(lines[0], "1B 2B 3B 4B");
    assert_eq!(
        lines[1],
        "error: line 2: expected UTF-8 text, found byte 7 of the line (0xFF), which is not UTF-8: the line cannot be read (spec/notation.md §2.1)"
    );
    assert_eq!(lines[2..4], ["1B 2B 3B 4B", "1B 2B 3B 4B"]);
    assert!(
        lines[4].contains("found a byte-order mark (U+FEFF), an invisible character"),
        "{}",
        lines[4]
    );
    let json = mancala()
        .args(["moves", "-", "--format", "json"])
        .write_stdin(&b"\xC3(\n"[..])
        .output()
        .unwrap();
    let first: serde_json::Value =
        serde_json::from_slice(json.stdout.split(|&b| b == b'\n').next().unwrap()).unwrap();
    assert_eq!(first["type"], "error");
    assert_eq!(first["data"]["kind"], "encoding");
    assert_eq!(first["data"]["input"], 1);
    // A position argument: a leading mark is dropped; elsewhere it is named, and escaped.
    let out = mancala().args(["moves", "\u{feff}bechi"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let out = mancala()
        .args(["show", "bechi 6,6,6,6/6,6,6,6 B x\u{feff}y"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        err.contains("which holds a byte-order mark (U+FEFF)"),
        "{err}"
    );
    assert!(err.contains("\\u{feff}"), "{err}");
    assert!(!err.contains('\u{feff}'), "{err}");
}

/// `rules` writes each entry as it makes it: 3,000 words (60 MB of JSON) in a few MB, where the
/// whole output was held first (84 MB for 3,000 words, 838 MB for 30,000).
#[cfg(target_os = "linux")]
#[test]
fn rules_streams_its_output() {
    let mut args = vec!["rules", "--format", "json"];
    args.extend(std::iter::repeat_n("bechi", 3000));
    let r = crate::support::run_bounded_fed("rules-stream", &args, None, false, 40 * 1024);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    // The 40 MB bound is run_bounded_fed's: a run past it is killed and fails.
}

/// `-` where a command reads one position from the command line, or a database, says so.
#[test]
fn dash_where_it_is_not_read_says_so() {
    for args in [
        vec!["explain", "--position", "-", "--move", "1B"],
        vec!["perft", "--position", "-", "1"],
        vec!["solve", "--position", "-"],
    ] {
        let out = mancala().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("--position -: this command reads one position, from the command line, not from standard input"),
            "{args:?}: {err}"
        );
    }
    let out = mancala()
        .args(["annotate", "--db", "-", FIG03])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--db -: a database is read from a file")
    );
}

/// Limits are named in their messages; a missing folder is blamed, not a missing file.
#[test]
fn messages_name_the_limit_and_the_folder() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["analyse", "--time", "99999999999s", "bechi"],
            "`99999999999s` is longer than the longest time, 10000000s (about 115 days)",
        ),
        (
            &["analyse", "--nodes", "99999999999999999999999", "bechi"],
            "is more than the largest count, 18446744073709551615",
        ),
        (
            &[
                "solve",
                "--position",
                ENDING,
                "--out",
                "target/no-such-folder/x.db",
            ],
            "--out target/no-such-folder/x.db: there is no folder target/no-such-folder: create it first",
        ),
        (
            &["solve", "--position", ENDING, "--out", "target/newfile/"],
            "--out target/newfile/: it names a folder (it ends in `/`), and there is none",
        ),
        (
            &["solve", "--position", ENDING, "--out", "Cargo.toml/x.db"],
            "--out Cargo.toml/x.db: Cargo.toml is a regular file, not a folder",
        ),
    ];
    for (args, words) in cases {
        let out = mancala().args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(words), "{args:?}: {err}");
    }
}

/// The Position tag's board against the header's options: the message names the option.
#[test]
fn the_position_tag_mismatch_names_the_option() {
    let record = "[Notation \"1.0\"]\n[Game \"uugg\"]\n[Opener \"B\"]\n[Position \"uugg 4,4,4,4,4/4,4,4,4,4 B opener=B\"]\n\n*\n";
    let out = mancala()
        .args(["validate", "-"])
        .write_stdin(record)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        err.contains("the Position's board has holes=5, but the header gives holes=6 (the default: no Options tag states holes); state holes=5 in the Options tag"),
        "{err}"
    );
}

/// An output's name need not be UTF-8 (a Unix file name is bytes): `--html` takes it as the
/// other outputs do, where it was "invalid UTF-8 was detected in one or more arguments".
#[cfg(unix)]
#[test]
fn an_output_name_that_is_not_utf8_is_written() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let page = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"page-\xff.html"));
    let out = bin()
        .args(["replay", FIG03, "--html"])
        .arg(&page)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        std::fs::read(&page)
            .unwrap()
            .starts_with(b"<!DOCTYPE html>")
    );
}

/// File names are bytes on Unix, not always UTF-8 (issue 23, found with item 5): such a file is
/// read like any other, named on the command line or found in a folder, and messages name it
/// with the bytes that are not UTF-8 written `\xFF`. Before, clap refused the whole command line
/// ("invalid UTF-8 was detected in one or more arguments") and a folder's walk handed on a name
/// with U+FFFD that no file has.
#[cfg(unix)]
#[test]
fn file_names_that_are_not_utf8_are_read_and_named() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let odd = dir.path().join(OsStr::from_bytes(b"caf\xe9.mgn"));
    std::fs::copy(root().join(FIG03), &odd).unwrap();

    let named = bin().arg("validate").arg(&odd).output().unwrap();
    let stdout = String::from_utf8_lossy(&named.stdout);
    assert_eq!(named.status.code(), Some(0), "{named:?}");
    assert!(stdout.contains(r"caf\xE9.mgn"), "{stdout}");

    let folder = bin().arg("validate").arg(dir.path()).output().unwrap();
    assert_eq!(folder.status.code(), Some(0), "{folder:?}");
    assert_eq!(folder.stdout, named.stdout);

    let missing = dir.path().join(OsStr::from_bytes(b"gone\xff.mgn"));
    let out = bin().arg("validate").arg(&missing).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(stderr.contains(r"gone\xFF.mgn"), "{stderr}");

    // An output named so, and an output that is such an input.
    let page = dir.path().join(OsStr::from_bytes(b"p\xe9.html"));
    let out = bin()
        .arg("replay")
        .arg("--html")
        .arg(&page)
        .arg(&odd)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(std::fs::metadata(&page).unwrap().len() > 1000);
    let before = std::fs::read(&odd).unwrap();
    let out = bin()
        .arg("replay")
        .arg("--html")
        .arg(&odd)
        .arg(&odd)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        stderr.contains(r"caf\xE9.mgn") && stderr.contains("nothing was read"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&odd).unwrap(), before);
}
