//! The tidy test, in the manner of rust-analyzer's `xtask/src/tidy.rs`: ordinary tests that hold
//! the repository to its rule book (`spec/rules/`), and the rule book to the binding rules.
//!
//! * `binding`: every ID of the binding rules is in the book, with its kind and withdrawn status,
//!   and nothing else is; the committed list `spec/rules/binding-ids.txt` is what
//!   `../shared/rules/` says whenever that folder is there; the Catalan quotations are word for
//!   word those of `../shared/seeds/` whenever that folder is there.
//! * `citations`: the code, the tests, the corpus, the snapshots and the documents cite no rule ID
//!   the book lacks.
//! * `options`: the options tables of the book are the engine's options.
//! * `links`: the book's links lead somewhere, its engine notes to a section of `spec/engine.md`
//!   about that rule, and the crate packages the very files of `spec/rules/`; no document or help
//!   text of the product points outside it.
//! * `typed_rules`: no product code reads rule IDs out of English or spells one as a string.
//! * `typed_causes`: no product code reads a rule, a kind or a cause out of English or JSON, or
//!   orders rule IDs by their text.
//! * `circles`: no crate has files that import each other in a circle.
//! * `game_matches`: outside rules-core, no product code branches on a game or a kind of mark.

mod binding;
mod circles;
mod citations;
mod game_matches;
mod links;
mod options;
mod typed_causes;
mod typed_rules;

use rulebook::Book;
use std::path::PathBuf;

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The binding rules and seeds beside the repository, when they are there (CI may not have them).
pub fn shared() -> Option<PathBuf> {
    let dir = root().join("../shared");
    dir.join("rules/README.md").is_file().then_some(dir)
}

/// The book as `spec/rules/` holds it now.
pub fn book() -> Book {
    let files: Vec<(String, String)> = rulebook::FILES
        .iter()
        .map(|(name, _)| {
            let path = root().join("spec/rules").join(name);
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            ((*name).to_owned(), text)
        })
        .collect();
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    Book::parse(&refs).unwrap_or_else(|e| panic!("{e}"))
}
