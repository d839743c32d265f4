//! Tells `src/lib.rs` which files the rule book has and where they are, so that it can embed
//! them: `README.md` (the common part) and one file per game, in the order of the README's table
//! of games (`| [giuthi.md](giuthi.md) | ...`), so that a game added to the table is embedded
//! with no list to edit here.
//!
//! In the repository (a checkout, `cargo install --path crates/cli`) the files are `spec/rules/`,
//! the book people read and edit. A packaged crate has no `spec/`: there it is the crate's own
//! `book/`, whose symbolic links to `spec/rules/*.md` `cargo package` has turned into copies.
//! Preferring `spec/rules/` also serves checkouts where git wrote the links as plain text files
//! (Windows without symlink support).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The game files the README's table links to, in its order.
fn games(readme: &str) -> Vec<String> {
    readme
        .lines()
        .filter_map(|l| l.strip_prefix("| ["))
        .filter_map(|l| l.split_once(".md]("))
        .map(|(name, _)| format!("{name}.md"))
        .collect()
}

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let spec = manifest.join("../../spec/rules");
    let dir = if spec.join("README.md").is_file() {
        spec
    } else {
        manifest.join("book")
    };
    println!("cargo::rerun-if-changed={}", dir.display());
    let readme = dir.join("README.md");
    let text =
        std::fs::read_to_string(&readme).unwrap_or_else(|e| panic!("{}: {e}", readme.display()));
    let mut files = vec!["README.md".to_owned()];
    files.extend(games(&text));
    assert!(files.len() > 1, "no table of games in {}", readme.display());
    let mut out = String::new();
    out.push_str("/// The book's files, as `spec/rules/` names them, embedded by the build: the\n");
    out.push_str("/// common part, then the games in the order of its table.\n");
    let _ = writeln!(out, "pub const FILES: [(&str, &str); {}] = [", files.len());
    for f in &files {
        let path: &Path = &dir.join(f);
        assert!(
            path.is_file(),
            "{} is in the table but not in the book",
            path.display()
        );
        println!("cargo::rerun-if-changed={}", path.display());
        let _ = writeln!(
            out,
            "    ({f:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo")).join("files.rs");
    std::fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}
