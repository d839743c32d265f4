//! One snapshot per corpus file: validate, replay and convert (to notation and to JSON), with
//! their exit codes. Files under corpus/ok/ are valid, files under corpus/err/ are not, and files
//! under corpus/lenient/ are valid only in lenient validation (Redu R25, R26): they fail without
//! `--lenient`, and everything else runs with it. Files of corpus/err/ whose name says `lenient`
//! fail with `--lenient` too.

use crate::support::{describe, mancala, root};

/// One snapshot per corpus file, named after its path under `corpus/` as `insta::glob!` named
/// them (`cli__corpus__corpus_snapshots@ok__bechi-fig03.mgn.snap`): a loop over the three
/// folders instead of the macro, whose glob matching brought globset and a whole regex engine into
/// every cold `cargo test`.
#[test]
fn corpus_snapshots() {
    let mut folders: Vec<String> = std::fs::read_dir(root().join("corpus"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    assert_eq!(
        folders,
        ["err", "lenient", "ok"],
        "a new folder needs its snapshots"
    );
    let files = ["err", "lenient", "ok"]
        .into_iter()
        .flat_map(crate::support::corpus_files);
    for rel in files {
        let mut settings = insta::Settings::clone_current();
        settings.set_input_file(root().join(&rel));
        settings.set_snapshot_suffix(rel.trim_start_matches("corpus/"));
        settings.bind(|| corpus_snapshot(&rel));
    }
}

/// The snapshot of one corpus file, `corpus/DIR/NAME.mgn`.
fn corpus_snapshot(rel: &str) {
    let ok = rel.starts_with("corpus/ok/");
    let lenient = rel.starts_with("corpus/lenient/");
    let mut text = String::new();
    let validate = mancala().args(["validate", rel]).output().unwrap();
    assert_eq!(
        validate.status.code(),
        Some(if ok { 0 } else { 1 }),
        "{rel}: {}",
        String::from_utf8_lossy(&validate.stderr)
    );
    text.push_str(&describe("mancala validate", &validate));
    // The rest runs in the mode the file is valid in (lenient files), or strictly.
    let mode: &[&str] = if lenient { &["--lenient"] } else { &[] };
    let run = |args: &[&str]| {
        mancala()
            .args(args.iter().chain(mode).chain([&rel]))
            .output()
            .unwrap()
    };
    let validate = if lenient {
        let v = run(&["validate"]);
        assert_eq!(
            v.status.code(),
            Some(0),
            "{rel}: {}",
            String::from_utf8_lossy(&v.stderr)
        );
        text.push_str(&describe("mancala validate --lenient", &v));
        v
    } else {
        if rel.starts_with("corpus/err/") && rel.contains("lenient") {
            let v = mancala()
                .args(["validate", "--lenient", rel])
                .output()
                .unwrap();
            assert_eq!(v.status.code(), Some(1), "{rel}");
            text.push_str(&describe("mancala validate --lenient", &v));
        }
        validate
    };
    let json = run(&["validate", "--format", "json"]);
    assert_eq!(json.status.code(), validate.status.code());
    for line in String::from_utf8_lossy(&json.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["type"].is_string() && v["data"].is_object(), "{line}");
    }
    let flag = if lenient { " --lenient" } else { "" };
    text.push_str(&describe(
        &format!("mancala validate{flag} --format json"),
        &json,
    ));
    let replay = run(&["replay"]);
    assert_eq!(replay.status.code(), validate.status.code());
    text.push_str(&describe(&format!("mancala replay{flag}"), &replay));
    let convert = run(&["convert"]);
    assert_eq!(convert.status.code(), validate.status.code());
    text.push_str(&describe(&format!("mancala convert{flag}"), &convert));
    let to_json = run(&["convert", "--to", "json"]);
    text.push_str(&describe(
        &format!("mancala convert{flag} --to json"),
        &to_json,
    ));
    insta::assert_snapshot!("corpus_snapshots", text);
}

/// The canonical files of corpus/ok/ and corpus/lenient/ are their own canonical form.
#[test]
fn canonical_corpus_files_convert_to_themselves() {
    for f in crate::support::corpus_files("ok")
        .into_iter()
        .chain(crate::support::corpus_files("lenient"))
    {
        if f.contains("/lenient-") {
            continue;
        }
        let text = std::fs::read_to_string(root().join(&f)).unwrap();
        let out = mancala()
            .args(["convert", "--lenient", &f])
            .output()
            .unwrap();
        assert_eq!(String::from_utf8(out.stdout).unwrap(), text, "{f}");
    }
}

/// Every number an annotation of a rule-book record, or of a record written from a rule (Uugg's
/// text has no worked examples), states is checked: changing any one of them makes `validate`
/// exit 1 with a message that names the changed number.
#[test]
fn changing_any_annotated_number_of_a_rule_book_record_fails() {
    let (mut changed, mut sulus, mut redu) = (0, 0, 0);
    let records = crate::support::corpus_files("ok")
        .into_iter()
        .chain(crate::support::corpus_files("lenient"))
        .flat_map(|f| {
            let bytes = std::fs::read(root().join(&f)).unwrap();
            notation::RecordReader::new(&bytes[..])
                .map(|c| c.unwrap().text)
                .enumerate()
                .map(|(k, text)| (format!("{f} record {}", k + 1), text))
                .collect::<Vec<_>>()
        });
    for (f, text) in records {
        if !text.contains("[Event \"Rule-book example\"]")
            && !text.contains("[Event \"Rule example\"]")
        {
            continue;
        }
        let parsed = notation::parse_record(&text).unwrap();
        for (k, item) in parsed.record.movetext.iter().enumerate() {
            let notation::Item::Annotation { key, value, .. } = item else {
                continue;
            };
            let span = parsed.spans.items[k].clone();
            let raw = &text[span.clone()];
            // Every run of digits in the value, one at a time, plus one.
            let bytes = raw.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                if !bytes[i].is_ascii_digit() {
                    i += 1;
                    continue;
                }
                let j = (i..bytes.len())
                    .find(|&j| !bytes[j].is_ascii_digit())
                    .unwrap_or(bytes.len());
                // The start hole of a `forbidden` annotation is a name, not a number the text
                // states: another hole may be forbidden too (by the same rule).
                if key == "forbidden" && matches!(bytes.get(j), Some(b'A' | b'B')) {
                    i = j;
                    continue;
                }
                let n: u32 = raw[i..j].parse().unwrap();
                let new = (n + 1).to_string();
                let mutated = format!(
                    "{}{}{}{}",
                    &text[..span.start],
                    &raw[..i],
                    new,
                    &text[span.start + j..]
                );
                let out = mancala()
                    .args(["validate", "--lenient", "-q", "-"])
                    .write_stdin(mutated)
                    .output()
                    .unwrap();
                let err = String::from_utf8_lossy(&out.stderr);
                assert_eq!(
                    out.status.code(),
                    Some(1),
                    "{f}: ({key} {value}) {n}->{new}: {err}"
                );
                let headline = err.lines().next().unwrap();
                let why = headline
                    .split_once("): ")
                    .map_or(headline, |(_, w)| w)
                    .split("; the position is")
                    .next()
                    .unwrap();
                let names = why.split(|c: char| !c.is_ascii_digit()).any(|d| d == new);
                assert!(
                    names,
                    "{f}: ({key} {value}) {n}->{new}: the message does not name {new}: {headline}"
                );
                changed += 1;
                sulus += usize::from(f.contains("sulus-nishtaw"));
                redu += usize::from(f.contains("redu-"));
                i = j;
            }
        }
    }
    assert!(changed > 100, "only {changed} numbers changed");
    // The Sulus Nishtaw rule-book records: the opening, the claims of 8A and 5A, the two taxes
    // from 7B, the 33-seed round-2 territory of 11 holes.
    assert!(sulus > 100, "only {sulus} Sulus Nishtaw numbers changed");
    // The Redu rule-book records: every worked example of the text, the penalty among them.
    assert!(redu > 200, "only {redu} Redu numbers changed");
    eprintln!(
        "{changed} numbers changed, {sulus} of them in Sulus Nishtaw records, {redu} in Redu records"
    );
}
