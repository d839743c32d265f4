//! Tells `src/lib.rs` where the rule book's files are, so that it can embed them.
//!
//! In the repository (a checkout, `cargo install --path crates/cli`) that is `spec/rules/`, the
//! book people read and edit. A packaged crate has no `spec/`: there it is the crate's own `book/`,
//! whose symbolic links to `spec/rules/*.md` `cargo package` has turned into copies. Preferring
//! `spec/rules/` also serves checkouts where git wrote the links as plain text files (Windows
//! without symlink support).

use std::path::PathBuf;

/// The files of the book, as `src/lib.rs` includes them.
const FILES: [&str; 6] = [
    "README.md",
    "giuthi.md",
    "bechi.md",
    "sulus-nishtaw.md",
    "uugg.md",
    "redu.md",
];

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let spec = manifest.join("../../spec/rules");
    let dir = if FILES.iter().all(|f| spec.join(f).is_file()) {
        spec
    } else {
        manifest.join("book")
    };
    for f in FILES {
        println!("cargo::rerun-if-changed={}", dir.join(f).display());
    }
    println!("cargo::rustc-env=RULEBOOK_DIR={}", dir.display());
}
