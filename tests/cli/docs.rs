//! The README and the guide (`docs/guide/`), held to what they show (issues 16 and 37): every
//! shell block is run and its output compared, or says why it is not run (their links and the
//! guide's `SUMMARY.md` are checked by `tests/tidy/links.rs`). The conventions are those of
//! docs/guide/testing.md, "The examples of the documents":
//!
//! * In a block fenced `console` (or `sh`, `shell`, `bash`), each `$ ` line is a command, run by
//!   `sh` with this build's `mancala` first on PATH; the lines under it, to the next `$ ` line, are
//!   its exact standard output (stderr is not compared: `2>&1` shows it). `$ cargo run --release
//!   -p mancala -- ARGS` runs as `mancala ARGS`. In the output, `[..]` stands for any text within
//!   a line and a line `...` for any lines (a time, a rate, a long listing).
//! * A document's blocks run in order in one scratch folder of their own, where `corpus` and
//!   `spec` lead to the repository's: what one block writes, the next reads, and nothing is written
//!   into the checkout.
//! * A shell block that is not run (a server, a long job, an install, a synopsis of commands) is
//!   preceded by `<!-- not run: REASON -->`; a `text` block holds no `$ ` line.
//! * A command that needs `jq` or `python3` is skipped, with a note, where the machine lacks it.

use crate::support::{fresh_dir, root};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The documents: `README.md`, then every Markdown file of `docs/guide/`, in name order, as
/// (path relative to the root, text).
pub fn documents() -> Vec<(String, String)> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("docs/guide"))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/guide/{n}"))
        .collect();
    names.sort();
    names.insert(0, "README.md".to_owned());
    names
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(root().join(&n)).unwrap();
            (n, text)
        })
        .collect()
}

/// One document's text, by its path from the root.
pub fn document(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A fenced block: where it opens, its language, its lines (indentation removed) and the reason
/// given for not running it.
#[derive(Debug)]
pub struct Block {
    pub at: String,
    pub lang: String,
    pub lines: Vec<String>,
    pub not_run: Option<String>,
}

/// The fenced blocks of `text` (fences may be indented, as in a list item).
pub fn blocks(path: &str, text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(lang) = lines[i].trim_start().strip_prefix("```") else {
            i += 1;
            continue;
        };
        let indent = lines[i].len() - lines[i].trim_start().len();
        let before = lines[..i].iter().rev().find(|l| !l.trim().is_empty());
        let not_run = before
            .and_then(|l| l.trim().strip_prefix("<!-- not run:"))
            .and_then(|l| l.strip_suffix("-->"))
            .map(|r| r.trim().to_owned());
        let start = i;
        i += 1;
        let mut body = Vec::new();
        while i < lines.len() && !lines[i].trim_start().starts_with("```") {
            body.push(
                lines[i]
                    .get(indent..)
                    .unwrap_or(lines[i].trim_start())
                    .to_owned(),
            );
            i += 1;
        }
        out.push(Block {
            at: format!("{path}:{}", start + 1),
            lang: lang.trim().to_owned(),
            lines: body,
            not_run,
        });
        i += 1;
    }
    out
}

fn is_shell(lang: &str) -> bool {
    matches!(lang, "console" | "sh" | "shell" | "bash")
}

/// The commands of a block and the output each must print.
fn commands(block: &Block) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for line in &block.lines {
        if let Some(cmd) = line.strip_prefix("$ ") {
            let cmd = cmd.replace("cargo run --release -p mancala -- ", "mancala ");
            out.push((cmd, Vec::new()));
        } else if let Some((_, expected)) = out.last_mut() {
            expected.push(line.clone());
        }
    }
    out
}

/// Whether `line` is `pattern`, where `[..]` in the pattern stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let mut parts = pattern.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (k, part) in parts.iter().enumerate() {
        if k + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether the lines `got` are the lines `expected`, where a line `...` stands for any lines.
fn output_matches(expected: &[String], got: &[&str]) -> bool {
    match expected.split_first() {
        None => got.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=got.len()).any(|skip| output_matches(rest, &got[skip..]))
        }
        Some((first, rest)) => got
            .split_first()
            .is_some_and(|(line, more)| line_matches(first, line) && output_matches(rest, more)),
    }
}

fn has(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A scratch folder for a document's commands, where `corpus` and `spec` are the repository's.
fn scratch(path: &str) -> PathBuf {
    let dir = fresh_dir(&format!("docs-{}", path.replace(['/', '.'], "-")));
    for name in ["corpus", "spec"] {
        std::os::unix::fs::symlink(root().join(name), dir.join(name)).unwrap();
    }
    dir
}

/// Runs the commands of every shell block of the document at `path`: the problems found, and how
/// many commands ran.
fn run_document(path: &str, text: &str, bin: &Path) -> (Vec<String>, usize) {
    let mut problems = Vec::new();
    let mut ran = 0;
    let mut dir = None;
    let env_path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for block in blocks(path, text) {
        if block.lang == "text" && block.lines.iter().any(|l| l.starts_with("$ ")) {
            problems.push(format!(
                "{}: a `text` block with `$ ` commands: fence it `console` to run it",
                block.at
            ));
        }
        if !is_shell(&block.lang) {
            continue;
        }
        match &block.not_run {
            Some(reason) if reason.len() < 10 => {
                problems.push(format!("{}: `not run` without a reason", block.at));
            }
            Some(_) => continue,
            None => {}
        }
        let cmds = commands(&block);
        if cmds.is_empty() || !block.lines[0].starts_with("$ ") {
            problems.push(format!(
                "{}: a shell block neither run (`$ ` lines with their output) nor marked `<!-- not run: REASON -->`",
                block.at
            ));
            continue;
        }
        let dir = dir.get_or_insert_with(|| scratch(path));
        for (cmd, expected) in cmds {
            if let Some(tool) = ["jq", "python3"]
                .into_iter()
                .find(|t| cmd.contains(&format!("{t} ")) && !has(t))
            {
                testkit::skip::skipped(
                    &format!("the command `{cmd}` of {}", block.at),
                    &format!("`{tool}` is not on PATH (Debian package `{tool}`)"),
                );
                continue;
            }
            let out = Command::new("sh")
                .args(["-c", &cmd])
                .current_dir(&*dir)
                .env("PATH", &env_path)
                .env_remove("NO_COLOR")
                .env_remove("CLICOLOR_FORCE")
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            let got: Vec<&str> = stdout.lines().collect();
            if !output_matches(&expected, &got) {
                problems.push(format!(
                    "{}: `{cmd}` printed\n{stdout}--- where the document shows\n{}\n--- stderr\n{}",
                    block.at,
                    expected.join("\n"),
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
            ran += 1;
        }
    }
    if let Some(dir) = dir.filter(|_| problems.is_empty()) {
        std::fs::remove_dir_all(dir).unwrap();
    }
    (problems, ran)
}

#[test]
fn every_command_of_the_documents_prints_what_they_show() {
    let bin = Path::new(env!("CARGO_BIN_EXE_mancala")).parent().unwrap();
    let mut problems = Vec::new();
    let mut ran = 0;
    for (path, text) in documents() {
        let (p, n) = run_document(&path, &text, bin);
        problems.extend(p);
        ran += n;
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
    assert!(ran >= 40, "only {ran} commands ran");
}

/// Every shell block not run says why, and those of the README that run are the two commands and
/// the tour's (the front door shows what a newcomer will see).
#[test]
fn the_readmes_blocks_run_but_the_server_the_install_and_the_tests() {
    let readme = document("README.md");
    let blocks = blocks("README.md", &readme);
    let not_run: Vec<&str> = blocks
        .iter()
        .filter(|b| is_shell(&b.lang) && b.not_run.is_some())
        .flat_map(|b| b.lines.first())
        .map(String::as_str)
        .collect();
    assert_eq!(not_run.len(), 3, "{not_run:?}");
    assert!(
        blocks.iter().any(|b| b.lines.first().is_some_and(
            |l| l == "$ cargo run --release -p mancala -- validate corpus/ok/bechi-fig03.mgn"
        )),
        "the main job's command is run"
    );
    assert!(readme.lines().count() <= 260, "the README is a front door");
}

#[test]
fn the_matchers_read_the_wildcards() {
    assert!(line_matches(
        "depth 4, 14 nodes in [..] s",
        "depth 4, 14 nodes in 0.001 s"
    ));
    assert!(line_matches("[..]x[..]", "axb"));
    assert!(!line_matches("depth 4[..]", "depth 5, 14"));
    assert!(!line_matches("a[..]c", "ab"));
    let e = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    assert!(output_matches(
        &e(&["a", "...", "z"]),
        &["a", "b", "c", "z"]
    ));
    assert!(output_matches(&e(&["a", "...", "z"]), &["a", "z"]));
    assert!(!output_matches(&e(&["a", "...", "z"]), &["a", "b"]));
    assert!(!output_matches(&e(&["a"]), &["a", "b"]));
}

/// What the tutorial writes (the `--svg` folder, the `--html` page, the record the reader writes
/// and validates) is named in its opening paragraph and ignored by `.gitignore` (issue 26.6), so
/// that following it leaves `git status` clean.
#[test]
fn the_tutorials_outputs_are_named_and_ignored_by_git() {
    let tutorial = document("docs/guide/tutorial.md");
    let intro = tutorial.split("**1.").next().unwrap();
    let ignored = std::fs::read_to_string(root().join(".gitignore")).unwrap();
    let mut outputs = Vec::new();
    for line in tutorial
        .lines()
        .filter_map(|l| l.strip_prefix("$ "))
        .filter(|l| l.starts_with("mancala "))
    {
        let words: Vec<&str> = line.split_whitespace().collect();
        for pair in words.windows(2) {
            if pair[0] == "--svg" || pair[0] == "--html" {
                outputs.push(pair[1].trim_end_matches('/').to_owned());
            }
        }
        outputs.extend(
            words
                .iter()
                .filter(|w| w.ends_with(".mgn") && !w.starts_with("corpus/"))
                .map(|w| (*w).to_owned()),
        );
    }
    outputs.sort();
    outputs.dedup();
    assert_eq!(outputs, ["fig08.html", "figures", "my-game.mgn"]);
    assert!(intro.contains(".gitignore"), "{intro}");
    for out in &outputs {
        assert!(
            intro.contains(&format!("`{out}")),
            "{out} is not named: {intro}"
        );
        assert!(
            ignored
                .lines()
                .any(|l| l == format!("/{out}") || l == format!("/{out}/")),
            "{out} is not in .gitignore"
        );
    }
}

/// The README shows what `cargo xtask test` prints first and last, which the tests cannot run
/// (it is the test suite): the words are xtask's own (`xtask/src/test.rs`).
#[test]
fn the_readmes_cargo_xtask_test_lines_are_xtasks() {
    let readme = document("README.md");
    let xtask = document("xtask/src/test.rs");
    let shown = blocks("README.md", &readme)
        .into_iter()
        .find(|b| {
            b.lang == "text"
                && b.lines
                    .iter()
                    .any(|l| l.starts_with("==> cargo xtask test"))
        })
        .expect("the README shows what cargo xtask test prints");
    let first = shown.lines[0]
        .strip_prefix("==> cargo xtask test [1/")
        .unwrap();
    let (of, name) = first.split_once("]: ").unwrap();
    assert!(
        xtask.contains(&format!("{{ 4 }} else {{ {of} }}")),
        "{of} parts"
    );
    assert!(xtask.contains(&format!("name: \"{name}\"")), "{name}");
    let about = shown.lines[1].trim();
    assert!(xtask.contains(&format!("about: \"{about}\"")), "{about}");
    let last = shown.lines.last().unwrap();
    assert!(xtask.contains(&format!("println!(\"{last}\")")), "{last}");
}
