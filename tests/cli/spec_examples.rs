//! Every example of spec/notation.md, and of the README and the guide (the cheat sheet of
//! docs/guide/writing-records.md above all), is checked: code blocks tagged `mgn` are valid
//! records (and `mgn canonical` ones are their own canonical form), `mgn invalid` ones are not,
//! `mgn lenient` ones are valid only with `--lenient`, `position` blocks hold legal position
//! strings, and `json` blocks are records in the JSON form.

use crate::support::root;
use std::collections::BTreeMap;

fn blocks(spec: &str) -> Vec<(String, String)> {
    let mut out = vec![];
    let mut cur: Option<(String, String)> = None;
    for line in spec.lines() {
        if let Some(info) = line.trim_start().strip_prefix("```") {
            match cur.take() {
                Some(b) => out.push(b),
                None => cur = Some((info.trim().to_owned(), String::new())),
            }
        } else if let Some((_, body)) = cur.as_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    out
}

#[test]
fn spec_examples_hold() {
    let spec = std::fs::read_to_string(root().join("spec/notation.md")).unwrap();
    let counts = examples_hold(&spec);
    assert!(counts.get("mgn").copied().unwrap_or(0) >= 3, "{counts:?}");
}

/// The examples of the README and the guide: the cheat sheet's records among them.
#[test]
fn the_guides_examples_hold() {
    let mut counts = BTreeMap::new();
    for (_, text) in crate::docs::documents() {
        for (kind, n) in examples_hold(&text) {
            *counts.entry(kind).or_insert(0) += n;
        }
    }
    let sheet = crate::docs::document("docs/guide/writing-records.md");
    let sheet = examples_hold(&sheet);
    assert!(sheet.get("mgn").copied().unwrap_or(0) >= 6, "{sheet:?}");
    assert!(
        counts.get("position").copied().unwrap_or(0) >= 1,
        "{counts:?}"
    );
}

/// Checks the examples of `text`, and counts them by kind.
fn examples_hold(text: &str) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for (info, body) in blocks(text) {
        let words: Vec<&str> = info.split_whitespace().collect();
        match words.first().copied() {
            Some("mgn") => {
                let invalid = words.contains(&"invalid");
                // `mgn lenient`: valid only in lenient validation (§9), invalid without it.
                let lenient = words.contains(&"lenient");
                let mode: &[&str] = if lenient { &["--lenient"] } else { &[] };
                if lenient {
                    let strict = crate::support::mancala()
                        .args(["validate", "-q", "-"])
                        .write_stdin(body.clone())
                        .output()
                        .unwrap();
                    assert_eq!(strict.status.code(), Some(1), "spec example:\n{body}");
                }
                let out = crate::support::mancala()
                    .args(["validate", "-q", "-"].iter().chain(mode))
                    .write_stdin(body.clone())
                    .output()
                    .unwrap();
                let code = out.status.code();
                assert_eq!(
                    code,
                    Some(if invalid { 1 } else { 0 }),
                    "spec example:\n{body}\n{}",
                    String::from_utf8_lossy(&out.stderr)
                );
                if words.contains(&"canonical") {
                    let conv = crate::support::mancala()
                        .args(["convert", "-"].iter().chain(mode))
                        .write_stdin(body.clone())
                        .output()
                        .unwrap();
                    assert_eq!(String::from_utf8(conv.stdout).unwrap(), body);
                }
            }
            Some("position") => {
                for line in body.lines() {
                    let setup = notation::parse_position(line, None)
                        .unwrap_or_else(|e| panic!("{line}: {e}"));
                    rules_core::Position::from_setup(&setup)
                        .unwrap_or_else(|e| panic!("{line}: {e}"));
                    assert_eq!(notation::write_position(&setup), line);
                }
            }
            Some("json") => {
                for line in body.lines() {
                    let r: notation::Record =
                        serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
                    let c = notation::check(&r, None, false);
                    assert!(c.problems.is_empty(), "{line}: {:?}", c.problems);
                    assert_eq!(serde_json::to_string(&r).unwrap(), line);
                }
            }
            Some("perft") => {
                testkit::suite::parse_suite(&body).unwrap();
            }
            _ => continue,
        }
        *counts.entry(words[0].to_owned()).or_insert(0) += 1;
    }
    counts
}
