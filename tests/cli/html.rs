//! `mancala replay --html` without a browser (issue 17; the browser test is `browser.rs`): the
//! page's data is the replay JSON, record text never appears as markup, the limits are refused
//! with nothing written, and the file is written whole.

use crate::support::{fresh_dir, mancala};
use serde_json::Value;

/// The JSON of one `<script type="application/json" id="ID">` element of a page.
fn script_data(page: &str, id: &str) -> Value {
    let open = format!(r#"<script type="application/json" id="{id}">"#);
    let start = page.find(&open).unwrap_or_else(|| panic!("no {id}")) + open.len();
    let end = start + page[start..].find("</script>").unwrap();
    serde_json::from_str(&page[start..end]).unwrap()
}

fn page_of(args: &[&str]) -> (String, i32) {
    let out = mancala()
        .args(["replay", "--html", "-"])
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap(),
    )
}

/// Each position of the page holds the `data` of its line of `replay --format json`, field for
/// field (the record number aside, held once per record), in the same order; the ends of rounds
/// and of the match hang on the position that ends them.
#[test]
fn the_page_data_is_the_replay_json() {
    for file in [
        "corpus/ok/match-sulus-nishtaw.mgn",
        "corpus/ok/uugg-u19-two-and-two.mgn",
        "corpus/err/mixed-good-and-bad-records.mgn",
        "corpus/ok/bechi-2x3-variations.mgn",
    ] {
        let (page, code) = page_of(&[file]);
        let json = mancala()
            .args(["replay", "--format", "json", file])
            .output()
            .unwrap();
        assert_eq!(Some(code), json.status.code(), "{file}");
        let mut lines: Vec<Value> = String::from_utf8(json.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        for l in &mut lines {
            l["data"].as_object_mut().unwrap().remove("record");
        }
        let index = script_data(&page, "page-data");
        let mut compared = 0;
        let mut at = 0;
        for entry in index["records"].as_array().unwrap() {
            let n = entry["index"].as_u64().unwrap();
            let rec = script_data(&page, &format!("record-data-{n}"));
            if !rec["header"].is_null() {
                assert_eq!(lines[at]["type"], "start");
                assert_eq!(rec["header"], lines[at]["data"], "{file} {n}");
                at += 1;
            }
            for step in rec["steps"].as_array().unwrap() {
                // A variation's start and end (spec/notation.md §6.4) are in the page's list of
                // variations, its steps among the others, each with its line.
                while let Some(kind @ ("variation" | "variation-end")) = lines[at]["type"].as_str()
                {
                    let id = &lines[at]["data"]["variation"];
                    let v = rec["variations"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|v| v["id"] == *id);
                    let v = v.unwrap_or_else(|| panic!("{file}: variation {id}"));
                    if kind == "variation" {
                        assert_eq!(v["ply"], lines[at]["data"]["ply"]);
                        assert_eq!(v["depth"], lines[at]["data"]["depth"]);
                    }
                    at += 1;
                }
                let line = lines[at]["data"]["variation"].as_u64().unwrap_or(0);
                assert_eq!(step["line"], line, "{file} {n}");
                assert_eq!(step["data"], lines[at]["data"], "{file} {n}");
                at += 1;
                for (key, kind) in [("round_over", "round-over"), ("match_over", "match-over")] {
                    if !step[key].is_null() {
                        assert_eq!(lines[at]["type"], kind);
                        assert_eq!(step[key], lines[at]["data"], "{file} {n}");
                        at += 1;
                    }
                }
                compared += 1;
            }
            while lines[at]["type"] == "variation-end" {
                at += 1;
            }
            for f in rec["findings"].as_array().unwrap() {
                assert_eq!(lines[at]["type"], "finding");
                assert_eq!(*f, lines[at]["data"]);
                at += 1;
            }
            assert_eq!(lines[at]["type"], "record");
            assert_eq!(rec["summary"], lines[at]["data"]);
            at += 1;
        }
        assert_eq!(at, lines.len(), "{file}: every line is on the page");
        assert!(compared > 5, "{file}: {compared}");
    }
}

/// The rules a page's explanations cite are on the page, with their text and Catalan sources.
#[test]
fn the_rules_cited_are_embedded() {
    let (page, code) = page_of(&["corpus/ok/bechi-fig04.mgn"]);
    assert_eq!(code, 0);
    let index = script_data(&page, "page-data");
    let rec = script_data(&page, "record-data-1");
    let cites = rec["steps"][1]["cites"].as_array().unwrap();
    // Fig.04: B sows 4B (B4, B6) and captures 2 + 4 (B9, B10).
    for id in ["B4", "B6", "B9", "B10"] {
        assert!(cites.contains(&Value::from(id)), "{cites:?}");
        let rule = &index["rules"][id];
        assert_eq!(rule["id"], id);
        assert!(!rule["text"].as_str().unwrap().is_empty());
        assert!(!rule["sources"][0]["catalan"].as_str().unwrap().is_empty());
    }
    assert!(
        index["rules"]["B9"]["title"]
            .as_str()
            .unwrap()
            .contains("apturing")
    );
}

/// Tags and comments that are markup, script and line separators appear in the page only
/// escaped inside JSON: no `<` of theirs, no U+2028; the page's own script elements only.
#[test]
fn record_text_is_escaped() {
    let (page, code) = page_of(&["corpus/ok/hostile-text.mgn"]);
    assert_eq!(code, 0);
    for raw in [
        "<script>window",
        "<svg onload",
        "<img src",
        "<!--",
        "</title></textarea>",
        "\u{2028}",
        "\u{2029}",
    ] {
        assert!(!page.contains(raw), "{raw:?} is in the page as it is");
    }
    // Two script elements with JSON and the page's own script, each starting a line: nothing
    // else.
    assert_eq!(page.matches("\n<script").count(), 3);
    assert_eq!(
        page.matches("<script type=\"application/json\" id=")
            .count(),
        2
    );
    let rec = script_data(&page, "record-data-1");
    let tags = rec["header"]["tags"].to_string();
    assert!(tags.contains("</script><script>window.__pwned = 'Event'</script>"));
    assert!(
        rec["steps"][0]["comments"][0]
            .as_str()
            .unwrap()
            .starts_with("</script><script>")
    );
}

/// Past the limits nothing is written, the exit status is 2 and the message says what to do.
#[test]
fn pages_too_large_are_refused() {
    let dir = fresh_dir("html-limits");
    let one =
        std::fs::read_to_string(crate::support::root().join("corpus/ok/bechi-fig04.mgn")).unwrap();
    let many = vec![one.as_str(); 1001].join("\n");
    let target = dir.join("page.html");
    let out = mancala()
        .args(["replay", "--html", target.to_str().unwrap(), "-"])
        .write_stdin(many.clone())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("<stdin> holds more than 1000 records; a page holds at most 1000 records and 20000 plies"),
        "{err}"
    );
    assert!(err.contains("split the records"), "{err}");
    assert!(out.stdout.is_empty());
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing written"
    );
    // 1,000 records make a page.
    let thousand = vec![one.as_str(); 1000].join("\n");
    let out = mancala()
        .args(["replay", "--html", target.to_str().unwrap(), "-"])
        .write_stdin(thousand)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let page = std::fs::read_to_string(&target).unwrap();
    assert_eq!(
        script_data(&page, "page-data")["records"]
            .as_array()
            .unwrap()
            .len(),
        1000
    );
    // Plies: 81 copies of a 248-ply match pass 20,000; standard output gets nothing.
    let long = std::fs::read_to_string(
        crate::support::root().join("corpus/ok/match-redu-o1-costs-turn.mgn"),
    )
    .unwrap();
    let out = mancala()
        .args(["replay", "--html", "-", "-"])
        .write_stdin(vec![long.as_str(); 81].join("\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("holds more than 20000 plies (record 81 reaches 20088, variations included)"),
        "{err}"
    );
}

/// The plies of side lines count towards the page's limit, before the page's data is made (issue
/// 34): two records of one ply and 10,000 one-ply side lines each passed as a page of 2 plies
/// and took about 1.2 GB, and a 1 MiB record of them 7.6 GB. Exit 2, nothing written, no
/// temporary file left beside the target.
#[test]
fn side_line_plies_count_towards_the_page_limit() {
    let dir = fresh_dir("html-side-lines");
    let record = format!(
        "[Notation \"1.1\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3B{} *\n",
        " (1. 2B)".repeat(10_000)
    );
    let target = dir.join("page.html");
    let page = |records: usize| {
        mancala()
            .args(["replay", "--html", target.to_str().unwrap(), "-"])
            .write_stdin(vec![record.as_str(); records].join("\n"))
            .output()
            .unwrap()
    };
    let out = page(2);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("<stdin> holds more than 20000 plies (record 2 reaches 20002, variations included); a page holds at most 1000 records and 20000 plies"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(
        left.is_empty(),
        "nothing written, no temporary file: {left:?}"
    );
    // One such record makes a page: its side lines are on it.
    let out = page(1);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&target).unwrap();
    let data = script_data(&text, "record-data-1");
    assert_eq!(data["variations"].as_array().unwrap().len(), 10_000);
    assert_eq!(data["steps"].as_array().unwrap().len(), 10_002);
}

/// An invalid record is on the page up to its problem, with the problem; exit 1. A file is
/// written whole, its name listed on stdout; --html takes neither --svg nor --format.
#[test]
fn invalid_records_files_and_usage() {
    let dir = fresh_dir("html-file");
    let target = dir.join("p.html");
    let out = mancala()
        .args([
            "replay",
            "--html",
            target.to_str().unwrap(),
            "corpus/err/illegal-bechi-b4-direction.mgn",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{}\n", target.display())
    );
    assert!(String::from_utf8(out.stderr).unwrap().contains("(B4)"));
    let page = std::fs::read_to_string(&target).unwrap();
    let rec = script_data(&page, "record-data-1");
    assert_eq!(rec["findings"][0]["rule"], "B4");
    assert_eq!(rec["steps"].as_array().unwrap().len(), 1, "the start only");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no temporary file left"
    );
    for extra in [&["--svg", "x"][..], &["--format", "json"]] {
        let out = mancala()
            .args(["replay", "--html", "-"])
            .args(extra)
            .arg("corpus/ok/bechi-fig04.mgn")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
    }
}
