//! No file of the repository cites a rule ID the book lacks.
//!
//! A citation is what `rulebook::citations` finds: an ID such as `B9` or `R19a` standing alone,
//! or a range of one game such as `U18–U20` (hole names like `4B`, and Redu's `M1`, `O3`, are not
//! citations). A line that must show an ID no rule has, to test that it is refused, says `tidy:
//! not a citation`.

use crate::{book, root};
use std::path::{Path, PathBuf};

/// Where citations are looked for, and the file endings read there.
const PLACES: [(&str, &[&str]); 9] = [
    ("crates", &["rs", "md", "toml"]),
    ("xtask", &["rs"]),
    ("fuzz/src", &["rs"]),
    ("fuzz/fuzz_targets", &["rs"]),
    ("tests", &["rs", "snap", "perft", "md"]),
    ("corpus", &["mgn"]),
    ("spec", &["md", "txt"]),
    ("docs", &["md"]),
    (".ci", &["run"]),
];

/// Folders never read: build output and random test inputs.
const SKIP: [&str; 3] = ["target", "proptest-regressions", "regressions"];

/// The files under `dir` whose names end in one of `endings`, into `out` (build output and
/// random test inputs left out).
pub(crate) fn walk(dir: &Path, endings: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.filter_map(Result::ok) {
        let path = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !SKIP.contains(&name.as_str()) {
                walk(&path, endings, out);
            }
        } else if endings
            .iter()
            .any(|x| name.ends_with(&format!(".{x}")) || name == *x)
        {
            out.push(path);
        }
    }
}

/// Every file the scan reads, sorted.
pub fn files() -> Vec<PathBuf> {
    let mut out = vec![root().join("README.md")];
    for (dir, endings) in PLACES {
        walk(&root().join(dir), endings, &mut out);
    }
    out.sort();
    out
}

#[test]
fn every_cited_rule_id_is_in_the_book() {
    let book = book();
    let mut problems = Vec::new();
    let mut cited = std::collections::BTreeSet::new();
    let files = files();
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let rel = path
            .strip_prefix(root())
            .unwrap_or(path)
            .display()
            .to_string();
        for (k, line) in text.lines().enumerate() {
            if line.contains("tidy: not a citation") {
                continue;
            }
            for c in rulebook::citations(line) {
                let at = format!("{rel}:{}", k + 1);
                for id in std::iter::once(&c.id).chain(&c.last) {
                    match book.rule(id) {
                        Some(r) if r.id == *id => {
                            cited.insert(r.id.clone());
                        }
                        Some(r) => problems.push(format!("{at}: `{id}` is written {}", r.id)),
                        None => problems.push(format!("{at}: `{id}`: no such rule")),
                    }
                }
                if let Some(last) = &c.last
                    && book.rule(&c.id).is_some()
                    && book.rule(last).is_some()
                    && book.range(&c.id, last).is_none()
                {
                    problems.push(format!(
                        "{at}: `{}–{last}` is not a range of one game",
                        c.id
                    ));
                }
            }
        }
    }
    assert!(files.len() > 300, "only {} files scanned", files.len());
    // The scan sees the engine, the corpus and the book: rules of every game are cited.
    for id in ["B9", "G15", "R19a", "S13", "U15"] {
        assert!(cited.contains(id), "{id} is cited nowhere the scan looked");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
