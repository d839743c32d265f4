//! Generates the `Rule` type from the rule book, `spec/rules/<game>.md`: one variant per rule
//! heading (`### B9 · Capturing the last hole`), with its ID and title, so that the engine cites
//! rules the book has and no other (a misspelt rule is a compile error, not a string).
//!
//! The game files of the book are read in the order of the table of games of its common part
//! (`README.md`, whose own rules are topics, not IDs), a game's rules in the order of its file:
//! the book's order, which the variants keep and `Ord` follows.

use std::fmt::Write as _;
use std::path::PathBuf;

/// A rule heading: `### ID · Title`, the ID a capital letter, digits and an optional small
/// letter (`R19a`).
fn heading(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix("### ")?;
    let (id, title) = rest.split_once(" · ")?;
    let mut c = id.chars();
    let letter = c.next()?.is_ascii_uppercase();
    let tail = c.as_str();
    let digits = tail.trim_end_matches(|c: char| c.is_ascii_lowercase());
    let ok = letter
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && tail.len() - digits.len() <= 1;
    ok.then_some((id, title.trim()))
}

/// The games' names in the order of the book's table of games (`README.md`:
/// `| [giuthi.md](giuthi.md) | ...`), which are the names of their files.
fn table(readme: &str) -> Vec<&str> {
    readme
        .lines()
        .filter_map(|l| l.strip_prefix("| ["))
        .filter_map(|l| l.split_once(".md]("))
        .map(|(name, _)| name)
        .collect()
}

/// A game's name as its `GameKind` variant spells it: `sulus-nishtaw` is `SulusNishtaw`.
fn variant_name(game: &str) -> String {
    game.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let book = manifest.join("../../spec/rules");
    println!("cargo::rerun-if-changed={}", book.display());
    let readme = book.join("README.md");
    println!("cargo::rerun-if-changed={}", readme.display());
    let readme =
        std::fs::read_to_string(&readme).unwrap_or_else(|e| panic!("{}: {e}", readme.display()));
    let games = table(&readme);
    assert!(
        !games.is_empty(),
        "no table of games in the book's README.md"
    );
    // Every game file of the book is in its table: the rules come in the table's order.
    for e in std::fs::read_dir(&book)
        .unwrap_or_else(|e| panic!("{}: {e}", book.display()))
        .filter_map(Result::ok)
    {
        let path = e.path();
        let stem = path.file_stem().map(|n| n.to_string_lossy().into_owned());
        if path.extension().is_some_and(|x| x == "md")
            && let Some(stem) = stem
            && stem != "README"
        {
            assert!(
                games.contains(&stem.as_str()),
                "{} is not in the table of games of the book's README.md",
                path.display()
            );
        }
    }
    // (ID, title, file, game)
    let mut rules: Vec<(String, String, String, &str)> = Vec::new();
    for game in &games {
        let f = book.join(format!("{game}.md"));
        println!("cargo::rerun-if-changed={}", f.display());
        let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        for line in text.lines() {
            if let Some((id, title)) = heading(line) {
                assert!(
                    !rules.iter().any(|(r, ..)| r == id),
                    "rule {id} is defined twice in the book"
                );
                rules.push((id.to_owned(), title.to_owned(), format!("{game}.md"), game));
            }
        }
    }
    assert!(!rules.is_empty(), "no rule found in {}", book.display());

    let mut out = String::new();
    out.push_str(
        "/// A rule of the rule book (`spec/rules/`), by its ID: `Rule::B9` is Bechi's B9.\n",
    );
    out.push_str(
        "/// Generated from the book's headings when the crate is built, in the book's order:\n",
    );
    out.push_str("/// the games in the order of its table of games, a game's rules in the order of its file\n");
    out.push_str("/// (`B2` before `B10`, `R19` before `R19a`), which is the order `Ord` gives.\n");
    out.push_str("#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]\n");
    out.push_str("pub enum Rule {\n");
    for (id, title, file, _) in &rules {
        let _ = writeln!(out, "    /// {id} · {title} (`{file}`).\n    {id},");
    }
    out.push_str("}\n\nimpl Rule {\n");
    let _ = writeln!(
        out,
        "    /// Every rule of the book, in the book's order.\n    pub const ALL: [Rule; {}] = [",
        rules.len()
    );
    for (id, ..) in &rules {
        let _ = writeln!(out, "        Rule::{id},");
    }
    out.push_str("    ];\n\n");
    out.push_str("    /// The rule's ID, as the book writes it: `B9`, `R19a`.\n");
    out.push_str(
        "    #[must_use]\n    pub const fn id(self) -> &'static str {\n        match self {\n",
    );
    for (id, ..) in &rules {
        let _ = writeln!(out, "            Rule::{id} => \"{id}\",");
    }
    out.push_str("        }\n    }\n\n");
    out.push_str("    /// The rule's title in the book.\n");
    out.push_str(
        "    #[must_use]\n    pub const fn title(self) -> &'static str {\n        match self {\n",
    );
    for (id, title, ..) in &rules {
        let _ = writeln!(out, "            Rule::{id} => {title:?},");
    }
    out.push_str("        }\n    }\n\n");
    out.push_str("    /// The game whose file of the book the rule is in.\n");
    out.push_str(
        "    #[must_use]\n    pub const fn game(self) -> crate::GameKind {\n        match self {\n",
    );
    for (id, _, _, game) in &rules {
        let _ = writeln!(
            out,
            "            Rule::{id} => crate::GameKind::{},",
            variant_name(game)
        );
    }
    out.push_str("        }\n    }\n}\n");
    out.push_str(
        "\n/// The games' names in the order of the rule book's table of games (`README.md`).\n",
    );
    let _ = writeln!(out, "pub(crate) const BOOK_ORDER: &[&str] = &{games:?};");
    let dest = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo")).join("rule.rs");
    std::fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}
