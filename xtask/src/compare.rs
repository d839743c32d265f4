//! `cargo xtask compare-outputs --old BIN [--new BIN] [--quick]`: every output of the `mancala`
//! binary on the corpus, old binary against new, byte for byte. For a change that must not change
//! behaviour (a restructuring, a speed-up): stdout, stderr and the exit status of `validate`,
//! `replay` (text, JSON, `--svg` pictures, the `--html` page), `explain`, `convert` and
//! `annotate` on every record of `corpus/`, and of `show`, `moves`, `play`, `explain
//! --position` and `perft` on every position those records reach, with every legal move and
//! some illegal ones.
//!
//! Both binaries run from the repository's root under the same name (`mancala`, through a link
//! in a folder of their own), so file names and usage lines agree. The first difference of each
//! case is printed with the command that shows it; the exit status is 1 if any case differs.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// One run of the binary: its arguments, its standard input, and the file or folder it writes
/// (given to it as `{out}`), which is compared too.
struct Case {
    args: Vec<String>,
    stdin: Vec<u8>,
    writes: bool,
}

impl Case {
    fn new(args: &[&str]) -> Case {
        Case {
            args: args.iter().map(|&s| s.to_owned()).collect(),
            stdin: Vec::new(),
            writes: false,
        }
    }

    fn with_stdin(mut self, stdin: Vec<u8>) -> Case {
        self.stdin = stdin;
        self
    }

    fn writing(mut self) -> Case {
        self.writes = true;
        self
    }

    fn shown(&self) -> String {
        let mut s = format!("mancala {}", self.args.join(" "));
        if !self.stdin.is_empty() {
            s.push_str(&format!(" < ({} bytes)", self.stdin.len()));
        }
        s
    }
}

/// What one run gave: status, stdout, stderr, and the files written (name, bytes).
#[derive(PartialEq, Eq)]
struct Outcome {
    status: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    files: Vec<(String, Vec<u8>)>,
}

fn run(bin: &Path, case: &Case, scratch: &Path) -> Result<Outcome, String> {
    let out = scratch.join("out");
    if out.exists() {
        if out.is_dir() {
            std::fs::remove_dir_all(&out).map_err(|e| e.to_string())?;
        } else {
            std::fs::remove_file(&out).map_err(|e| e.to_string())?;
        }
    }
    let args: Vec<String> = case
        .args
        .iter()
        .map(|a| a.replace("{out}", &out.display().to_string()))
        .collect();
    let mut child = Command::new(bin)
        .args(&args)
        .current_dir(root())
        .env_remove("CLICOLOR_FORCE")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", bin.display()))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let input = case.stdin.clone();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let o = child.wait_with_output().map_err(|e| e.to_string())?;
    let _ = feeder.join();
    let mut files = Vec::new();
    if case.writes {
        if out.is_dir() {
            let mut names: Vec<PathBuf> = std::fs::read_dir(&out)
                .map_err(|e| e.to_string())?
                .filter_map(Result::ok)
                .map(|e| e.path())
                .collect();
            names.sort();
            for p in names {
                let bytes = std::fs::read(&p).map_err(|e| e.to_string())?;
                let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
                files.push((name.unwrap_or_default(), bytes));
            }
        } else if out.is_file() {
            files.push((
                "out".to_owned(),
                std::fs::read(&out).map_err(|e| e.to_string())?,
            ));
        }
    }
    Ok(Outcome {
        status: o.status.code(),
        stdout: o.stdout,
        stderr: o.stderr,
        files,
    })
}

/// The first line where `a` and `b` differ, for the report.
fn first_difference(what: &str, a: &[u8], b: &[u8]) -> String {
    let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
    for (k, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("{what} line {}:\n  old: {x}\n  new: {y}", k + 1);
        }
    }
    format!(
        "{what}: {} lines old, {} lines new",
        a.lines().count(),
        b.lines().count()
    )
}

fn explain_difference(old: &Outcome, new: &Outcome) -> String {
    if old.status != new.status {
        return format!("exit status {:?} old, {:?} new", old.status, new.status);
    }
    if old.stdout != new.stdout {
        return first_difference("stdout", &old.stdout, &new.stdout);
    }
    if old.stderr != new.stderr {
        return first_difference("stderr", &old.stderr, &new.stderr);
    }
    let names = |o: &Outcome| o.files.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    if names(old) != names(new) {
        return format!("files {:?} old, {:?} new", names(old), names(new));
    }
    for ((n, a), (_, b)) in old.files.iter().zip(&new.files) {
        if a != b {
            return first_difference(n, a, b);
        }
    }
    "no difference".to_owned()
}

/// The record files of the corpus, sorted.
fn corpus_files() -> Result<Vec<String>, String> {
    let mut files = Vec::new();
    for dir in ["corpus/ok", "corpus/lenient", "corpus/err"] {
        let path = root().join(dir);
        for e in std::fs::read_dir(&path).map_err(|e| format!("{}: {e}", path.display()))? {
            let p = e.map_err(|e| e.to_string())?.path();
            if p.extension().is_some_and(|x| x == "mgn" || x == "jsonl") {
                let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
                files.push(format!("{dir}/{}", name.unwrap_or_default()));
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The cases of one record file.
fn file_cases(f: &str, records: usize, cases: &mut Vec<Case>) {
    for args in [
        vec!["validate", f],
        vec!["validate", "--format", "json", f],
        vec!["validate", "--lenient", f],
        vec!["validate", "--lenient", "--format", "json", f],
        vec!["replay", f],
        vec!["replay", "--color", "always", f],
        vec!["replay", "--format", "json", f],
        vec!["replay", "--lenient", f],
        vec!["replay", "--lenient", "--format", "json", f],
        vec!["convert", f],
        vec!["convert", "--to", "json", f],
        vec!["convert", "--lenient", f],
    ] {
        cases.push(Case::new(&args));
    }
    cases.push(Case::new(&["replay", "--svg", "{out}", f]).writing());
    cases.push(Case::new(&["replay", "--svg", "{out}", "--lenient", f]).writing());
    cases.push(Case::new(&["replay", "--html", "{out}", f]).writing());
    cases.push(Case::new(&["replay", "--html", "{out}", "--lenient", f]).writing());
    for r in 1..=records.max(1) {
        let r = r.to_string();
        cases.push(Case::new(&["explain", "--record", &r, f]));
        cases.push(Case::new(&[
            "explain", "--color", "always", "--record", &r, f,
        ]));
        cases.push(Case::new(&["explain", "--lenient", "--record", &r, f]));
    }
}

/// The position strings of a `replay --format json` output.
fn positions_of(json: &[u8], into: &mut BTreeSet<String>) {
    for line in String::from_utf8_lossy(json).lines() {
        // tidy: not a message: a binary's output, read as any program's, for its positions
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(line)
            && let Some(p) = v["data"]["position"].as_str()
        {
            into.insert(p.to_owned());
        }
    }
}

fn lines(items: impl IntoIterator<Item = String>) -> Vec<u8> {
    let mut s = String::new();
    for i in items {
        s.push_str(&i);
        s.push('\n');
    }
    s.into_bytes()
}

/// The cases of the positions the corpus reaches.
fn position_cases(
    old: &Path,
    scratch: &Path,
    positions: &BTreeSet<String>,
    quick: bool,
    cases: &mut Vec<Case>,
) -> Result<(), String> {
    let all = lines(positions.iter().cloned());
    for args in [
        vec!["moves", "-"],
        vec!["moves", "--format", "json", "-"],
        vec!["show", "-"],
        vec!["show", "--color", "always", "-"],
        vec!["show", "--format", "json", "-"],
        vec!["show", "--svg", "-"],
        vec!["play", "-"],
        vec!["play", "--format", "json", "-"],
    ] {
        cases.push(Case::new(&args).with_stdin(all.clone()));
    }
    // Every legal move of every position, and three moves that are illegal in most of them.
    let listed = run(old, &Case::new(&["moves", "-"]).with_stdin(all), scratch)?;
    let listed = String::from_utf8_lossy(&listed.stdout).into_owned();
    let mut plays = Vec::new();
    let mut explains = Vec::new();
    for (k, (pos, moves)) in positions.iter().zip(listed.lines()).enumerate() {
        let moves: Vec<&str> = moves.split_whitespace().collect();
        for m in moves.iter().copied().chain(["1A", "pass", "open", "9B-"]) {
            plays.push(format!("{pos} {m}"));
        }
        if moves.len() > 1 {
            plays.push(format!("{pos} {} {}", moves[0], moves[1]));
        }
        let every = if quick { 40 } else { 7 };
        if k % every == 0 {
            for m in moves.iter().take(2).copied().chain(["1A"]) {
                explains.push((pos.clone(), m.to_owned()));
            }
        }
        if k % (every * 3) == 0 {
            cases.push(Case::new(&["perft", "--divide", "--position", pos, "2"]));
        }
    }
    cases.push(Case::new(&["play", "-"]).with_stdin(lines(plays.iter().cloned())));
    cases.push(Case::new(&["play", "--format", "json", "-"]).with_stdin(lines(plays)));
    for (pos, m) in explains {
        cases.push(Case::new(&["explain", "--position", &pos, "--move", &m]));
        cases.push(Case::new(&[
            "explain",
            "--color",
            "always",
            "--position",
            &pos,
            "--move",
            &m,
        ]));
    }
    Ok(())
}

/// Perft from the start of every game and option, the help of every command, the rule book,
/// the statistics of the corpus, positions that are not.
fn fixed_cases(cases: &mut Vec<Case>) {
    for (game, opts, depth) in [
        ("bechi", &[][..], "6"),
        ("bechi", &["holes=3"][..], "6"),
        ("giuthi", &[][..], "4"),
        ("giuthi", &["holes=5", "seeds=4"][..], "4"),
        ("sulus-nishtaw", &[][..], "5"),
        ("sulus-nishtaw", &["v1=on", "v2=on"][..], "5"),
        ("uugg", &[][..], "5"),
        ("uugg", &["holes=7", "balla=optional"][..], "5"),
        ("redu", &[][..], "3"),
        ("redu", &["entry=alternate", "o1-costs-turn=yes"][..], "3"),
    ] {
        let mut args = vec!["perft", "--threads", "1", "--divide", "--game", game];
        for o in opts {
            args.extend(["--option", o]);
        }
        args.push(depth);
        cases.push(Case::new(&args));
        let mut moves = vec!["moves", "--format", "json", game];
        for o in opts {
            moves.extend(["--option", o]);
        }
        cases.push(Case::new(&moves));
    }
    let commands = [
        "perft", "validate", "replay", "convert", "show", "moves", "play", "explain", "rules",
        "analyse", "annotate", "solve",
    ];
    cases.push(Case::new(&["--help"]));
    cases.push(Case::new(&["--version"]));
    for c in commands {
        cases.push(Case::new(&[c, "--help"]));
        cases.push(Case::new(&[c, "-h"]));
    }
    cases.push(Case::new(&["rules"]));
    cases.push(Case::new(&["rules", "--format", "json"]));
    cases.push(Case::new(&["perft", "--game", "chess", "1"]));
    cases.push(Case::new(&[
        "perft", "--game", "bechi", "--option", "holes=9", "1",
    ]));
    cases.push(Case::new(&[
        "perft", "--game", "bechi", "--option", "seeds=4", "1",
    ]));
    cases.push(Case::new(&["show", "chess"]));
    // The statistics of the whole corpus, the rules fired among them.
    cases.push(Case::new(&["collection", "stats", "corpus"]));
    cases.push(Case::new(&[
        "collection",
        "stats",
        "--format",
        "json",
        "corpus",
    ]));
    // A --position that is not one, for each reason (`--position` names it in the words).
    for bad in [
        "chess",
        "bechi 6,6,6,6/6,6,6,x B",
        "bechi 6,6,6,6/6,6,6,7 B",
        "{\"game\": 1}",
    ] {
        cases.push(Case::new(&["perft", "--position", bad, "1"]));
        cases.push(Case::new(&["show", bad]));
    }
    cases.push(Case::new(&["play", "bechi", "3B", "1A", "9Z"]));
    cases.push(Case::new(&[
        "annotate",
        "--depth",
        "2",
        "corpus/ok/bechi-2x3-assessed.mgn",
    ]));
}

/// `cargo xtask compare-outputs`.
pub fn compare_outputs(args: &[String]) -> Result<(), String> {
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
    };
    let old = PathBuf::from(value("--old").ok_or("--old BIN is required")?);
    let new = value("--new").map_or_else(|| root().join("target/release/mancala"), PathBuf::from);
    let quick = args.iter().any(|a| a == "--quick");
    let scratch = tempfile::tempdir().map_err(|e| e.to_string())?;
    // Each binary under the name `mancala`, so that usage lines agree.
    let link = |side: &str, bin: &Path| -> Result<PathBuf, String> {
        let dir = scratch.path().join(side);
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let to = dir.join("mancala");
        let from = std::fs::canonicalize(bin).map_err(|e| format!("{}: {e}", bin.display()))?;
        std::os::unix::fs::symlink(from, &to).map_err(|e| e.to_string())?;
        Ok(to)
    };
    let (old, new) = (link("old", &old)?, link("new", &new)?);
    let work = scratch.path().join("work");
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;

    let mut cases = Vec::new();
    let mut positions = BTreeSet::new();
    for f in corpus_files()? {
        let json = run(&old, &Case::new(&["replay", "--format", "json", &f]), &work)?;
        let records = String::from_utf8_lossy(&json.stdout)
            .lines()
            .filter(|l| l.starts_with("{\"type\":\"record\""))
            .count();
        positions_of(&json.stdout, &mut positions);
        file_cases(&f, records, &mut cases);
    }
    let mut all: Vec<String> = vec!["validate".into(), "--quiet".into()];
    all.extend(corpus_files()?);
    cases.push(Case {
        args: all,
        stdin: Vec::new(),
        writes: false,
    });
    position_cases(&old, &work, &positions, quick, &mut cases)?;
    fixed_cases(&mut cases);

    let mut differ = 0;
    for (k, case) in cases.iter().enumerate() {
        let a = run(&old, case, &work)?;
        let b = run(&new, case, &work)?;
        if a != b {
            differ += 1;
            println!(
                "DIFFERS: {}\n  {}",
                case.shown(),
                explain_difference(&a, &b)
            );
        }
        if (k + 1) % 500 == 0 {
            eprintln!("{} of {} cases compared", k + 1, cases.len());
        }
    }
    println!(
        "{} cases ({} positions of the corpus), {} identical, {differ} different",
        cases.len(),
        positions.len(),
        cases.len() - differ
    );
    if differ > 0 {
        Err(format!("{differ} case(s) differ"))
    } else {
        Ok(())
    }
}
