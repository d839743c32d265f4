//! Rules, kinds and causes are typed (issue 36): no product code reads one back out of English or
//! out of JSON, or orders rule IDs by their text. Errors carry their cause as a value
//! (`notation::Problem::cause`, the rules core's `Refusal`, `SetupError`, `RoundError`); events
//! say their rule (`rules_core::Event::rule`); `rules_core::Rule` is ordered as the book is.
//!
//! Product code (as `typed_rules` reads it: every `src/` folder, xtask, the fuzz targets, up to
//! the `#[cfg(test)] mod` of a file) may not
//! * read a member `rule`, `rules`, `kind`, `cause`, `reason`, `cites` or `type` out of JSON
//!   (`.get("rule")`, `v["kind"]` but for a write `v["kind"] = ...`);
//! * parse JSON into an untyped `serde_json::Value` (`from_str::<Value>(..)`): JSON the product
//!   wrote is made from typed values, which are what to use (the replay page's data was
//!   `replay --format json` printed into a buffer and parsed back);
//! * test text for words (`.starts_with("in a variation")`, `m.strip_prefix("bad position")`,
//!   `== "some words"`), or for a string it builds (`.contains(&format!("({r}"))`): the words
//!   are made from a typed value, which is what to branch on;
//! * order or compare rule IDs by their text (`book.rules().position(..)`, `r.id() == ..`):
//!   `Rule` is ordered as the book is, and compares as a value.
//!
//! The rule book crate reads its own prose and is not held to the last two. A line that reads a
//! format or another program's output, not words of ours, says so in a comment on it or on the
//! line before: `tidy: not a message` and why.

use crate::root;
use crate::typed_rules::{product_findings, product_lines};

/// The JSON members that hold a rule, a kind or a cause (`type`: the kind of a JSON line).
const MEMBERS: [&str; 7] = ["rule", "rules", "kind", "cause", "reason", "cites", "type"];

/// The methods that test or cut text for a piece of it.
const TESTS: [&str; 16] = [
    "contains",
    "split",
    "rsplit",
    "replace",
    "matches",
    "match_indices",
    "starts_with",
    "ends_with",
    "strip_prefix",
    "strip_suffix",
    "find",
    "rfind",
    "split_once",
    "rsplit_once",
    "trim_start_matches",
    "trim_end_matches",
];

/// Whether a string literal's text is words: a letter, a space and a letter or `(`
/// (`bad position`, `in a variation`, ` (os error `).
fn words(literal: &str) -> bool {
    let b = literal.as_bytes();
    b.windows(3).any(|w| {
        w[0].is_ascii_alphabetic() && w[1] == b' ' && (w[2].is_ascii_alphabetic() || w[2] == b'(')
    })
}

/// The string literal at the start of `s` (after `&` and spaces), if there is one.
fn literal_at(s: &str) -> Option<&str> {
    let s = s.trim_start().trim_start_matches('&').trim_start();
    let rest = s.strip_prefix('"')?;
    let end = rest.find('"')?;
    Some(&rest[..end])
}

/// JSON members read, by name.
fn json_reads(code: &str) -> Vec<&'static str> {
    let mut out = Vec::new();
    for m in MEMBERS {
        if code.contains(&format!(".get(\"{m}\")")) {
            out.push(m);
        }
        let index = format!("[\"{m}\"]");
        for (k, _) in code.match_indices(&index) {
            // An index into a value (`v["kind"]`, `x()["kind"]`), not an array (`&["rules"]`).
            let indexes = code[..k]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | ')' | ']'));
            let after = code[k + index.len()..].trim_start();
            let write = after.starts_with('=') && !after.starts_with("==");
            if indexes && !write {
                out.push(m);
            }
        }
    }
    out
}

/// What a text test on this line looks for, when it is words or a string built for it.
fn text_tests(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for t in TESTS {
        let call = format!(".{t}(");
        for (k, _) in code.match_indices(&call) {
            let arg = &code[k + call.len()..];
            let built = arg
                .trim_start()
                .trim_start_matches('&')
                .starts_with("format!(");
            match literal_at(arg) {
                Some(l) if words(l) => out.push(format!("{t}(\"{l}\")")),
                _ if built => out.push(format!("{t}(format!(..))")),
                _ => {}
            }
        }
    }
    for op in ["==", "!="] {
        for (k, _) in code.match_indices(op) {
            let right = literal_at(&code[k + 2..]);
            let left = code[..k].trim_end().strip_suffix('"').and_then(|l| {
                let start = l.rfind('"')?;
                Some(&l[start + 1..])
            });
            for l in [left, right].into_iter().flatten() {
                if words(l) {
                    out.push(format!("{op} \"{l}\""));
                }
            }
        }
    }
    out
}

/// JSON parsed into an untyped value, to be read member by member.
fn untyped_parse(code: &str) -> bool {
    let parses = ["from_str", "from_slice", "from_reader"].iter().any(|f| {
        code.contains(&format!("{f}::<Value>("))
            || code.contains(&format!("{f}::<serde_json::Value>("))
    });
    parses
        || code.contains(": Value = serde_json::from_")
        || code.contains(": serde_json::Value = serde_json::from_")
}

/// Rule IDs ordered or compared as text.
fn rule_ids_as_text(code: &str) -> bool {
    code.contains("rules().position(") || code.contains(".id() ==") || code.contains("== r.id()")
}

/// What one product file breaks: `(line, what)`.
fn findings(text: &str, book_crate: bool) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, code, allowed) in product_lines(text, "tidy: not a message") {
        for m in json_reads(code) {
            out.push((n, format!("reads `{m}` out of JSON")));
        }
        if book_crate || allowed {
            continue;
        }
        for t in text_tests(code) {
            out.push((n, format!("reads a cause out of words: {t}")));
        }
        if untyped_parse(code) {
            out.push((n, "parses JSON into an untyped Value".to_owned()));
        }
        if rule_ids_as_text(code) {
            out.push((n, "orders or compares rule IDs as text".to_owned()));
        }
    }
    out
}

#[test]
fn no_code_reads_a_rule_a_kind_or_a_cause_out_of_english_or_json() {
    let book_crate = root().join("crates/rulebook");
    // The rules type reads IDs as the book writes them: the one place text becomes a `Rule`.
    let rule_type = root().join("crates/rules-core/src/rule.rs");
    let problems = product_findings(|path, text| {
        findings(text, path.starts_with(&book_crate) || path == rule_type)
    });
    assert!(
        problems.is_empty(),
        "causes are typed: branch on the typed value the words were made from (the Problem's \
         cause and variation, the event's rule, `Rule`'s order), not on the words or the JSON:\n{}",
        problems.join("\n")
    );
}

/// The scan finds what it looks for, and passes what it allows.
#[test]
fn the_scan_finds_causes_read_out_of_words_and_json() {
    let bad = "fn f(p: &P, v: &Value, e: &Value) {\n\
               if !p.message.starts_with(\"in a variation\") {}\n\
               let m = m.strip_prefix(\"bad position\");\n\
               let c = p.message.contains(&format!(\"({r}\"));\n\
               let r = e.get(\"rule\").and_then(Value::as_str);\n\
               let k = v[\"kind\"].as_str();\n\
               if v[\"cause\"] == json!(1) {}\n\
               if message == \"no such file\" {}\n\
               let n = v[0][\"rules\"].len();\n\
               let i = book.rules().position(|x| x.id == id);\n\
               let t = line.get(\"type\").and_then(Value::as_str);\n\
               let v = serde_json::from_str::<Value>(l);\n\
               let w: serde_json::Value = serde_json::from_slice(b)?;\n\
               }\n";
    let lines: Vec<usize> = findings(bad, false).into_iter().map(|(l, _)| l).collect();
    assert_eq!(lines, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    let allowed = "fn g(v: &mut Value) {\n\
                   v[\"kind\"] = json!(\"move\");\n\
                   run(&[\"rules\"]);\n\
                   let t = text.starts_with(\"mancala\") || name == \"-\";\n\
                   // tidy: not a message: the database's header line, a format\n\
                   let s = line.strip_prefix(\"check fnv1a64 \");\n\
                   // tidy: not a message: another program's output, compared\n\
                   let v = serde_json::from_str::<serde_json::Value>(line);\n\
                   // \"in a variation\" in a comment\n\
                   }\n\
                   #[cfg(test)]\nmod tests {\n    assert!(m.starts_with(\"bad position\"));\n}\n";
    assert!(
        findings(allowed, false).is_empty(),
        "{:?}",
        findings(allowed, false)
    );
    assert!(findings("let s = t.strip_prefix(\"`mancala rules \");\n", true).is_empty());
}
