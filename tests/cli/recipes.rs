//! The scripting recipes of the README (issue 16) and its other marked examples, run as written:
//! each `$ ` line of a block between `<!-- recipes -->` and `<!-- /recipes -->` (the README has
//! several) is run by `sh` from the repository's root, with this build's `mancala` first on PATH,
//! and must print exactly the lines under it. A recipe that needs `jq` or `python3` is skipped,
//! with a note, where the machine lacks it.

use crate::support::root;
use std::path::Path;
use std::process::Command;

fn has(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The recipes of every block between `<!-- recipes -->` and `<!-- /recipes -->`: (command,
/// expected output).
fn recipes(readme: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut rest = readme;
    while let Some(start) = rest.find("<!-- recipes -->") {
        let len = rest[start..].find("<!-- /recipes -->").expect("its end");
        for line in rest[start..start + len].lines() {
            if let Some(cmd) = line.strip_prefix("$ ") {
                out.push((cmd.to_owned(), String::new()));
            } else if line.starts_with("```") || line.starts_with("<!--") {
                continue;
            } else if let Some((_, expected)) = out.last_mut() {
                expected.push_str(line);
                expected.push('\n');
            }
        }
        rest = &rest[start + len..];
    }
    out
}

#[test]
fn every_readme_recipe_prints_what_the_readme_says() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let recipes = recipes(&readme);
    assert!(recipes.len() >= 6, "{recipes:?}");
    assert!(
        recipes
            .iter()
            .any(|(cmd, _)| cmd.starts_with("mancala annotate")),
        "the annotate example is checked: {recipes:?}"
    );
    let bin = Path::new(env!("CARGO_BIN_EXE_mancala")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    for (cmd, expected) in &recipes {
        if let Some(tool) = ["jq", "python3"]
            .into_iter()
            .find(|t| cmd.contains(&format!("{t} ")) && !has(t))
        {
            testkit::skip::skipped(
                &format!("the README recipe `{cmd}`"),
                &format!("`{tool}` is not on PATH (Debian package `{tool}`)"),
            );
            continue;
        }
        let out = Command::new("sh")
            .args(["-c", cmd])
            .current_dir(root())
            .env("PATH", &path)
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            *expected,
            "{cmd}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        ran += 1;
    }
    assert!(ran >= 3, "at least the recipes without jq or python3 ran");
}

/// What the README's tutorial writes (the `--svg` folder, the `--html` page, the record the
/// reader writes and validates) is named in its opening paragraph and ignored by `.gitignore`
/// (issue 26.6), so that following it leaves `git status` clean.
#[test]
fn the_tutorials_outputs_are_named_and_ignored_by_git() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let start = readme.find("## Tutorial").expect("the tutorial");
    let len = readme[start + 3..].find("\n## ").expect("its end") + 3;
    let tutorial = &readme[start..start + len];
    let intro = tutorial.split("**1.").next().unwrap();
    let ignored = std::fs::read_to_string(root().join(".gitignore")).unwrap();
    let mut outputs = Vec::new();
    for line in tutorial.lines().filter(|l| l.starts_with("mancala ")) {
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
