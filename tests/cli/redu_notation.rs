//! Redu in the notation and the command (spec/notation.md §5.5): every token form reads in a
//! record and is written in its canonical spelling; the path annotations keep the decisions they
//! describe; lenient validation (R25, R26) is asked for with `--lenient`; `replay` lists a zigzag
//! seed by seed, with its far ends, wraps, bounces, skipped start column, captures and rights.

use crate::support::mancala;

fn run(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let out = mancala().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A record of `movetext` from `position` (B opens round 1; options as given).
fn record(options: &str, position: &str, movetext: &str) -> String {
    let options = if options.is_empty() {
        String::new()
    } else {
        format!("[Options \"{options}\"]\n")
    };
    format!(
        "[Notation \"1.0\"]\n[Game \"redu\"]\n{options}[Opener \"B\"]\n[Position \"{position}\"]\n\n{movetext}\n"
    )
}

/// The positions of the worked examples (corpus/ok/redu-*.mgn).
const JUG_B001: &str = "redu 4,4,4,2,4,4/4,4,4,1,4,4 B store=2,3";
const JUG_B002: &str = "redu 4,4,4,4,2,4/4,4,4,2,4,4 B store=2,2";
const FIG_010: &str = "redu 4,4,4,0,4,4/4,1,1,4,4,4 B store=5,5";
const FIG_013: &str = "redu 2,3,0,6,4,4/4,3,0,2,4,4 A store=6,6";
const JUG_B003: &str = "redu 3,2,0,3,1,2/2,3,1,8,2,1 B store=10,10";
const JUG_A001: &str = "redu 4,4,1,4,4,4/4,4,0,4,2,4 A store=4,5";
const JUG_A002: &str = "redu 4,4,2,4,4,4/4,4,4,0,4,4 A store=3,3";

/// The canonical movetext `convert` writes for `movetext`, which must be valid.
fn canonical(options: &str, position: &str, movetext: &str) -> String {
    let text = record(options, position, movetext);
    let (code, out, err) = run(&["convert", "-"], &text);
    assert_eq!(code, Some(0), "{movetext}: {err}");
    // Canonical text is its own canonical form.
    let (code, again, _) = run(&["convert", "-"], &out);
    assert_eq!((code, again.as_str()), (Some(0), out.as_str()));
    out.split("\n\n").nth(1).unwrap().trim_end().to_owned()
}

#[test]
fn every_redu_token_form_reads_and_is_written_canonically() {
    for (options, position, written, expected) in [
        // A lone seed (R4), also in the long form.
        ("", JUG_B001, "1. 4B *", "1. 4B *"),
        ("", JUG_B001, "1. 4B/3A *", "1. 4B *"),
        // Two seeds (R6) in either direction, short and long.
        ("", JUG_B002, "1. 4B+ *", "1. 4B+ *"),
        ("", JUG_B002, "1. 4B/2A/5B *", "1. 4B+ *"),
        ("", JUG_B002, "1. 4B+/2A/5B *", "1. 4B+ *"),
        ("", JUG_B002, "1. 4B/4A/3B *", "1. 4B- *"),
        // Two singletons (R9): either order, short or long; the lower hole first.
        ("", FIG_010, "1. 2B3B+ *", "1. 2B3B+ *"),
        ("", FIG_010, "1. 3B2B+ *", "1. 2B3B+ *"),
        ("", FIG_010, "1. 3B2B/3A/4B *", "1. 2B3B+ *"),
        ("", FIG_010, "1. 2B3B- *", "1. 2B3B- *"),
        ("", FIG_010, "1. 2B3B/6A/1B *", "1. 2B3B- *"),
        // The special start (R12): entries written out or left to `d`, or the long form.
        ("", FIG_013, "1. 3A+oddd *", "1. 3A+o *"),
        ("", FIG_013, "1. 3A/4B/4A/3B/5A/2B/6A *", "1. 3A+o *"),
        // A bounce, the skipped start column and O3 (R13, R14, R17).
        ("", JUG_B003, "1. 4B+ddbdhd *", "1. 4B+bdh *"),
        (
            "",
            JUG_B003,
            "1. 4B/2A/5B/1A/5B/2A/4A/3B/5A *",
            "1. 4B+bdh *",
        ),
        // An entry that changes nothing is not written: d and h at column 5 fill it alike.
        ("", JUG_B003, "1. 4B+hhbdhd *", "1. 4B+bdh *"),
        // The O1 prefix (R22), with a short or a long sowing; capture plies (R23, R22).
        ("", JUG_A001, "1. 4A 2. x3B:5B+ *", "1. 4A 2. x3B:5B+ *"),
        (
            "",
            JUG_A001,
            "1. 4A 2. x3B:5B/1A/6B *",
            "1. 4A 2. x3B:5B+ *",
        ),
        (
            "o1-costs-turn=yes",
            JUG_A001,
            "1. 4A 2. x3B *",
            "1. 4A 2. x3B *",
        ),
        ("", JUG_A002, "1. 4A/4B/3A 2. x4B *", "1. 4A- 2. x4B *"),
        // Under entry=alternate the forced entries may be written, as d.
        ("entry=alternate", JUG_B003, "1. 4B+ddbddd *", "1. 4B+b *"),
        ("entry=alternate", JUG_B003, "1. 4B+b *", "1. 4B+b *"),
    ] {
        assert_eq!(
            canonical(options, position, written),
            expected,
            "{options} {position} {written}"
        );
    }
}

#[test]
fn path_annotations_keep_the_decisions_they_describe() {
    // From the start, 2B+ and 2B+h leave the same board (R10): one move, spelled 2B+.
    let start = "redu 4,4,4,4,4,4/4,4,4,4,4,4 B";
    assert_eq!(canonical("", start, "1. 2B+h *"), "1. 2B+ *");
    assert_eq!(
        canonical("", start, "1. 2B+h (captures 0) *"),
        "1. 2B+ (captures 0) *"
    );
    // With the path stated, the spelling that takes that path stays (spec/notation.md §10.2).
    for (annotation, kept) in [
        ("(ends 3A)", "2B+h"),
        ("(sown 3B,4A,4B,3A)", "2B+h"),
        ("(laps 2B:4)", "2B+"),
    ] {
        assert_eq!(
            canonical("", start, &format!("1. 2B+h {annotation} *")),
            format!("1. {kept} {annotation} *")
        );
    }
    // The path of 2B+ is not that of 2B+h.
    let (code, _, err) = run(
        &["validate", "-q", "-"],
        &record("", start, "1. 2B+ (sown 3B,4A,4B,3A) *"),
    );
    assert_eq!(code, Some(1));
    assert!(
        err.contains("ply 1 sowed 4A,3B,3A,4B: seed #1 fell in 4A, not 3B"),
        "{err}"
    );
}

#[test]
fn lenient_marks_need_lenient_validation() {
    let penalty = record("", JUG_B001, "1. 1B+ 2. p4B (captures 3) (next A) *");
    let forgotten = record("", JUG_B001, "1. 4B/3A~ (captures 0) (next A) *");
    for (text, mark, rule) in [(&penalty, "p4B", "R26"), (&forgotten, "4B/3A~", "R25")] {
        // Strict validation (the default) refuses the mark, saying what it needs.
        let (code, _, err) = run(&["validate", "-q", "-"], text);
        assert_eq!(code, Some(1));
        assert!(
            err.contains(&format!("illegal move {mark}: "))
                && err.contains("accepted only in lenient validation (mancala validate --lenient)")
                && err.contains(&format!("({rule})")),
            "{err}"
        );
        let (code, _, _) = run(&["convert", "-"], text);
        assert_eq!(code, Some(1));
        // Lenient validation accepts it, and says so.
        let (code, out, err) = run(&["validate", "--lenient", "-"], text);
        assert_eq!(code, Some(0), "{err}");
        assert!(out.contains("1 lenient mark"), "{out}");
        let (code, out, _) = run(&["validate", "--lenient", "--format", "json", "-"], text);
        assert_eq!(code, Some(0));
        assert!(out.contains(r#""lenient":true,"lenient_plies":1"#), "{out}");
    }
    // The canonical record keeps the marks, in their short spelling.
    let (code, out, _) = run(&["convert", "--lenient", "-"], &forgotten);
    assert_eq!(code, Some(0));
    assert!(out.contains("1. 4B~ (captures 0) (next A) *"), "{out}");
    let (code, out, _) = run(&["convert", "--lenient", "--to", "json", "-"], &penalty);
    assert_eq!(code, Some(0));
    assert!(
        out.contains(r#"{"kind":"ply","number":2,"move":"p4B"}"#),
        "{out}"
    );
    // Replay shows the penalty: B's sowing cancelled, the singleton played, its seeds to A.
    let (code, out, _) = run(&["replay", "--lenient", "-"], &penalty);
    assert_eq!(code, Some(0));
    assert!(
        out.contains("  A claims the penalty on 4B: B's ply 1B+ is cancelled; 4B is played from the position before it, its lone seed into 3A, which held 2, and the 3 seeds there go to A, who then plays his turn (R26)\n  A captures 3 from 3A (R26)\n"),
        "{out}"
    );
    // An O1 prefix and a forgotten capture in one ply: the seed of the right is taken, the
    // singleton's capture is not (R22, R25).
    let both = record(
        "",
        "redu 4,4,4,2,4,4/4,4,1,1,4,4 B store=3,5 right=O1:3B",
        "1. x3B:4B/3A~ (taken 3B:1) (captures 1) (position redu 4,4,4,3,4,4/4,4,0,0,4,4 A store=3,6) *",
    );
    let (code, out, err) = run(&["convert", "--lenient", "-"], &both);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("1. x3B:4B~ (taken 3B:1)"), "{out}");
    // A claim the rules do not allow fails in lenient validation too, with R26.
    let bad = record("", JUG_B001, "1. 1B+ 2. p3B *");
    let (code, _, err) = run(&["validate", "--lenient", "-q", "-"], &bad);
    assert_eq!(code, Some(1));
    assert!(err.contains("(R26)"), "{err}");
    // Lenient validation changes nothing for a strict record, nor for other games.
    for f in [
        "corpus/ok/redu-fig008-009-jugb003.mgn",
        "corpus/ok/bechi-fig03.mgn",
    ] {
        let strict = mancala().args(["convert", f]).output().unwrap();
        let lenient = mancala()
            .args(["convert", "--lenient", f])
            .output()
            .unwrap();
        assert_eq!(strict.stdout, lenient.stdout, "{f}");
    }
}

#[test]
fn replay_lists_a_zigzag_seed_by_seed() {
    let (code, out, _) = run(&["replay", "corpus/ok/redu-fig008-009-jugb003.mgn"], "");
    assert_eq!(code, Some(0));
    assert!(
        out.contains(concat!(
            "ply 1: B plays 4B+bdh\n",
            "  8 seeds lifted from 4B, sown in zigzag counterclockwise (+) (R15)\n",
            "    #1 2A  #2 5B\n",
            "    #3 1A\n",
            "  column 6 (6B, 1A) is a far end and 5 seeds are still in hand: 6B is not sown (R13)\n",
            "  bounce at column 6: the path turns back clockwise (-) (R13)\n",
            "    #4 5B  #5 2A\n",
            "  column 4 (4B, 3A), the start column, is skipped (R14)\n",
            "    #6 4A  #7 3B\n",
            "    #8 5A\n",
            "  the antepenultimate seed fell into 4A, which was empty: A receives the right O3 on it; he may take it at the start of his next turn only, and that capture is his whole turn (R17)\n",
        )),
        "{out}"
    );
    assert!(out.contains(
        "  A uses his right O3: he takes the seed in 4A; that is his whole turn, and B sows again (R23)\n  A captures 1 from 4A (R23)\n"
    ));
    // The special start, the two singletons, M1, M2, the free O1 capture and a lapsed right.
    for (file, lines) in [
        (
            "corpus/ok/redu-fig013.mgn",
            "  the special start: column 4 (4A, 3B), the first column, is empty, so seed #1 goes into 4B, opposite the start hole (R12)\n    #1 4B\n    #2 4A  #3 3B\n    #4 5A  #5 2B\n    #6 6A\n",
        ),
        (
            "corpus/ok/redu-fig010-012.mgn",
            "  2 seeds lifted together, one from each of the singletons 2B and 3B (R9)\n  the two singletons are sown as the two seeds of 3B, counterclockwise (+) (R9)\n    #1 3A  #2 4B\n  seed #1 fell into 3A, which was empty: A receives the right O2 on it",
        ),
        (
            "corpus/ok/redu-jugb001.mgn",
            "    #1 3A\n  3A held 2 seeds before the seed: B captures the 3 seeds now there (M1) (R5)\n  B captures 3 from 3A (R5)\n",
        ),
        (
            "corpus/ok/redu-fig001-002-jugb002.mgn",
            "  2A held 2 seeds before seed #1: B captures the 3 seeds now there (M2) (R8)\n",
        ),
        (
            "corpus/ok/redu-juga001.mgn",
            "  B uses his right O1: he takes the seed in 3B, then sows in the same ply (R22)\n  B captures 1 from 3B (R22)\n  2 seeds lifted from 5B",
        ),
        (
            "corpus/ok/redu-juga002.mgn",
            "  B does not use his right O2 on the seed in 4B: it lapses (R20)\n",
        ),
    ] {
        let (_, out, _) = run(&["replay", file], "");
        assert!(out.contains(lines), "{file}:\n{out}");
    }
    // The JSON replay has the same steps as events: the sown holes in order, the notes.
    let (_, json, _) = run(
        &[
            "replay",
            "--format",
            "json",
            "corpus/ok/redu-fig008-009-jugb003.mgn",
        ],
        "",
    );
    let ply: serde_json::Value = json
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["type"] == "ply")
        .unwrap();
    let events = ply["data"]["events"].as_array().unwrap();
    let sown: Vec<&str> = events
        .iter()
        .filter(|e| e["event"] == "sow")
        .map(|e| e["hole"].as_str().unwrap())
        .collect();
    assert_eq!(sown, ["2A", "5B", "1A", "5B", "2A", "4A", "3B", "5A"]);
    let rules: Vec<&str> = events
        .iter()
        .filter(|e| e["event"] == "note")
        .map(|e| e["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["R13", "R13", "R14", "R17"]);
}

#[test]
fn validate_names_the_canonical_spelling_of_every_respelled_ply() {
    // fig008/009 written in the long form (spec §5.5): validate accepts it and says that its
    // canonical spelling is 4B+bdh (README §6.2: any legal decision string, shown canonically).
    let text = record(
        "",
        "redu 3,2,0,3,1,2/2,3,1,8,2,1 B store=10,10",
        "1. 4B/2A/5B/1A/5B/2A/4A/3B/5A *",
    );
    let (code, out, _) = run(&["validate", "-"], &text);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("  ply 1: `4B/2A/5B/1A/5B/2A/4A/3B/5A` is `4B+bdh` in canonical form\n"),
        "{out}"
    );
    let (_, json, _) = run(&["validate", "--format", "json", "-"], &text);
    assert!(
        json.contains(
            r#""respelled":[{"canonical":"4B+bdh","ply":1,"written":"4B/2A/5B/1A/5B/2A/4A/3B/5A"}]"#
        ),
        "{json}"
    );
    // A canonical record names nothing.
    let canonical = record(
        "",
        "redu 3,2,0,3,1,2/2,3,1,8,2,1 B store=10,10",
        "1. 4B+bdh *",
    );
    let (_, out, _) = run(&["validate", "-"], &canonical);
    assert!(!out.contains("canonical form"), "{out}");
}
