//! Rules are typed (`rules_core::Rule`), and errors carry theirs (issue 25): no code reads rule
//! IDs back out of English, and none spells a rule ID as a string to compare with.
//!
//! Product code (every `src/` folder of the crates, xtask and the fuzz targets, up to its
//! `#[cfg(test)] mod`) may not
//! * call `citations(` (reading IDs out of text), except in the rule book crate, which reads its
//!   own text, and where a comment on that line or the line before says `tidy: book prose` and
//!   why the text scanned is the book's own words;
//! * hold a string literal that is exactly a rule ID (`"R5"`): code names rules `Rule::R5`.

use crate::root;
use std::path::{Path, PathBuf};

/// The product lines of a file, each `(line number, code, marked)`: up to the unit tests at its
/// end (`#[cfg(test)]` then `mod`), which are not product code, and without comment lines;
/// `marked` when the line or the one before it holds `marker`.
pub(crate) fn product_lines<'t>(text: &'t str, marker: &str) -> Vec<(usize, &'t str, bool)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        if *line == "#[cfg(test)]" && lines.get(k + 1).is_some_and(|n| n.starts_with("mod ")) {
            break;
        }
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        let marked =
            line.contains(marker) || k.checked_sub(1).is_some_and(|p| lines[p].contains(marker));
        out.push((k + 1, code, marked));
    }
    out
}

/// What one product file breaks: `(line, what)`.
fn findings(text: &str, book_crate: bool) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, code, marked) in product_lines(text, "tidy: book prose") {
        if code.contains("citations(") && !book_crate && !marked {
            out.push((n, "reads rule IDs out of text (citations)".to_owned()));
        }
        for literal in code.split('"').skip(1).step_by(2) {
            if rulebook::is_rule_id(literal) && !code.contains("tidy: not a citation") {
                out.push((n, format!("spells the rule ID \"{literal}\" as a string")));
            }
        }
    }
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.filter_map(Result::ok) {
        let path = e.path();
        if path.is_dir() {
            if e.file_name() != "target" {
                walk(&path, out);
            }
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// Every product source file: the `src/` of each crate, xtask's, and the fuzz targets.
pub(crate) fn product_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![
        root().join("xtask/src"),
        root().join("fuzz/src"),
        root().join("fuzz/fuzz_targets"),
    ];
    if let Ok(crates) = std::fs::read_dir(root().join("crates")) {
        for c in crates.filter_map(Result::ok) {
            dirs.push(c.path().join("src"));
        }
    }
    for d in dirs {
        walk(&d, &mut out);
    }
    out.sort();
    out
}

/// What `findings` finds in every product file (given its path and text), as `file:line: what`.
pub(crate) fn product_findings(
    findings: impl Fn(&Path, &str) -> Vec<(usize, String)>,
) -> Vec<String> {
    let files = product_files();
    assert!(files.len() > 100, "{}", files.len());
    let mut problems = Vec::new();
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        for (line, what) in findings(path, &text) {
            let rel = path
                .strip_prefix(root())
                .unwrap_or(path)
                .display()
                .to_string();
            problems.push(format!("{rel}:{line}: {what}"));
        }
    }
    problems
}

#[test]
fn no_code_reads_rule_ids_out_of_english_or_spells_them_as_strings() {
    let book_crate = root().join("crates/rulebook");
    let problems = product_findings(|path, text| findings(text, path.starts_with(&book_crate)));
    assert!(
        problems.is_empty(),
        "rules are typed: take them from the typed error (Illegal, SetupProblem, RoundError, \
         TokenError), not from its words:\n{}",
        problems.join("\n")
    );
}

/// The scan finds what it looks for, and passes what it allows.
#[test]
fn the_scan_finds_citations_read_and_ids_spelt() {
    let bad = "fn f(m: &str) -> bool {\n    rulebook::citations(m).is_empty() || m == \"R5\"\n}\n";
    assert_eq!(
        findings(bad, false)
            .into_iter()
            .map(|(l, _)| l)
            .collect::<Vec<_>>(),
        [2, 2]
    );
    let allowed = "// tidy: book prose: the text is the book's own\nlet c = citations(text);\n\
                   // R5 in a comment, \"4B\" a hole\nlet h = \"4B\";\n\
                   #[cfg(test)]\nmod tests {\n    const X: &str = \"R5\";\n}\n";
    assert!(findings(allowed, false).is_empty());
    assert!(findings("let c = citations(text);\n", true).is_empty());
}

/// `Rule` has every rule of the book, in the book's order (the games as its table lists them, a
/// game's rules as its file does), which is the order rules sort in, each with its game.
#[test]
fn rules_are_the_books_in_its_order() {
    let book = crate::book();
    let ours: Vec<&str> = rules_core::Rule::ALL.iter().map(|r| r.id()).collect();
    let books: Vec<&str> = book.rules().map(|r| r.id.as_str()).collect();
    assert_eq!(ours, books);
    assert!(rules_core::Rule::ALL.is_sorted());
    for r in rules_core::Rule::ALL {
        assert_eq!(
            Some(r.game().name()),
            book.rule(r.id()).map(|b| b.game.as_str())
        );
    }
}
