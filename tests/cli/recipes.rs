//! The scripting recipes of the README (issue 16), run as written: each `$ ` line of the block
//! between `<!-- recipes -->` and `<!-- /recipes -->` is run by `sh` from the repository's root,
//! with this build's `mancala` first on PATH, and must print exactly the lines under it. A recipe
//! that needs `jq` or `python3` is skipped, with a note, where the machine lacks it.

use crate::support::root;
use std::path::Path;
use std::process::Command;

fn has(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The recipes: (command, expected output).
fn recipes(readme: &str) -> Vec<(String, String)> {
    let start = readme.find("<!-- recipes -->").expect("the recipes block");
    let end = readme.find("<!-- /recipes -->").expect("its end");
    let mut out: Vec<(String, String)> = Vec::new();
    for line in readme[start..end].lines() {
        if let Some(cmd) = line.strip_prefix("$ ") {
            out.push((cmd.to_owned(), String::new()));
        } else if line.starts_with("```") || line.starts_with("<!--") {
            continue;
        } else if let Some((_, expected)) = out.last_mut() {
            expected.push_str(line);
            expected.push('\n');
        }
    }
    out
}

#[test]
fn every_readme_recipe_prints_what_the_readme_says() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let recipes = recipes(&readme);
    assert!(recipes.len() >= 6, "{recipes:?}");
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
            println!("skipped (no {tool} here): {cmd}");
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
