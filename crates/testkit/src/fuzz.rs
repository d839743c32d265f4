//! What the fuzz targets check, one function per target: arbitrary bytes in; no panic, no hang, no
//! unbounded memory, and the round trips of the notation hold on everything that reads.
//!
//! The same functions run in `cargo test` (`tests/cli/fuzz_regressions.rs`) on
//! the seed corpus and on every input that ever found a defect (`fuzz/regressions/<target>/`), so
//! a defect found once stays fixed.
//!
//! * [`record`]: the streaming reader and the record parser; parse-print-parse is stable.
//! * [`position`]: the position-string parser; parse-write-parse is stable, and every position the
//!   rules accept survives its string and plays its legal moves; every start is played traced as
//!   untraced, and a start that never ends is traced for at most its first laps (issue 13).
//! * [`json`]: the JSON reader; serde round trip, checking, and the canonical round trip.
//! * [`replay`]: records replayed through the rules core, strictly and leniently, with every
//!   problem rendered; valid records give a canonical record that reads back to itself.
//! * [`output`]: what the `mancala` command writes for a record (issue 13): every SVG picture
//!   (`replay --svg`, `show --svg --caption`) is well-formed XML for any tag, comment, name and
//!   caption; the text for people (replay, the record line, every problem) carries no raw control
//!   character.
//! * [`paths`]: arbitrary output paths over a tree of special files (issue 23): written in place,
//!   replaced whole or refused as the output policy says, and no special file ever replaced.
//! * [`batch`]: streams of arbitrary bytes and lengths through the batch reader (issue 23): every
//!   line once, in order, capped, in bounded memory.
//! * [`database`]: a database file of arbitrary bytes (issue 23), read as it is and with its checks
//!   made again ([`crate::hostile_db::reseal`]): an error or a database, never a panic nor memory
//!   beyond what the bytes justify; every block of a database that opens is checked, and lookups
//!   in it answer within the range of their slice or not at all.
//! * [`proof`]: real proofs of small positions of every game forged by the edits the bytes spell
//!   ([`crate::forge::Edit::decode`]), the checksum written again (issue 34): the checker never
//!   panics, and accepts a proof only when every claim in it is true (the exact solver's
//!   values, [`crate::exact`]).

#[cfg(unix)]
mod batch;
#[cfg(unix)]
mod paths;
#[cfg(unix)]
pub use batch::{BATCH_MEMORY_KB, batch, peak_kb, reset_peak_kb};
#[cfg(unix)]
pub use paths::paths;

use notation::{
    CheckOptions, Item, Origin, Problem, Record, RecordReader, check_with, parse_position,
    parse_record, print_record, write_position, write_view,
};
use rules_core::{Decision, GameKind, PlayOptions, Position, StatedOptions, Variant, View};

/// The record limit of the fuzzed reader: small, so that the too-large path is reached.
const FUZZ_RECORD_LIMIT: usize = 4096;

/// Every problem rendered as people and programs see it: spans must stay inside the text.
fn render_all(problems: &[Problem], text: Option<&str>) {
    let origin = Origin {
        file: "fuzz.mgn",
        record: 1,
        first_line: 1,
        text,
    };
    for p in problems {
        if let (Some(span), Some(t)) = (&p.span, text) {
            assert!(
                span.start <= span.end && span.end <= t.len() + 1,
                "span {span:?} outside a text of {} bytes: {p:?}",
                t.len()
            );
        }
        let shown = origin.render(p);
        assert!(shown.starts_with("error["), "{shown}");
        let _ = serde_json::to_string(&origin.json(p)).expect("findings serialize");
    }
}

/// The record with every ply numbered as the printer numbers it (from 1, over the record; a
/// variation's from the number of the ply it replaces, spec/notation.md §6.4).
fn numbered(r: &Record) -> Record {
    fn line(items: &mut [Item], mut ply: u32) {
        for item in items {
            match item {
                Item::Ply { number, .. } => {
                    ply += 1;
                    *number = Some(ply);
                }
                Item::Variation { items } => line(items, ply.saturating_sub(1)),
                _ => {}
            }
        }
    }
    let mut r = r.clone();
    line(&mut r.movetext, 0);
    r
}

/// The total of seeds of a setup: board, stores and reserves.
fn seed_total(s: View<'_>) -> u32 {
    s.on_board() + s.stores().iter().sum::<u32>() + s.reserves().iter().sum::<u32>()
}

/// parse-print-parse: a record that reads prints to a text that reads back to the same record
/// (numbers written out), and printing that again gives the same text.
fn print_round_trip(text: &str, parsed: &notation::Parsed) {
    let printed = print_record(&parsed.record);
    let again = parse_record(&printed).unwrap_or_else(|e| {
        panic!("the printed record does not read: {e:?}\n--- read\n{text}\n--- printed\n{printed}")
    });
    assert_eq!(
        again.record,
        numbered(&parsed.record),
        "parse-print-parse changed the record\n--- read\n{text}\n--- printed\n{printed}"
    );
    assert_eq!(
        print_record(&again.record),
        printed,
        "printing is not stable"
    );
}

/// A valid record's canonical form reads back to itself, checks valid again with the same
/// canonical record, and survives JSON.
fn canonical_round_trip(canon: &Record, lenient: bool) {
    let text = print_record(canon);
    let parsed = parse_record(&text)
        .unwrap_or_else(|e| panic!("the canonical record does not read: {e:?}\n{text}"));
    assert_eq!(
        &parsed.record, canon,
        "canonical text reads back differently\n{text}"
    );
    let opts = CheckOptions {
        steps: false,
        canonical: true,
        lenient,
    };
    let checked = check_with(&parsed.record, Some(&parsed.spans), opts);
    assert!(
        checked.problems.is_empty(),
        "the canonical record is invalid: {:?}\n{text}",
        checked.problems
    );
    assert_eq!(
        checked.canonical.as_ref(),
        Some(canon),
        "canonical form is not a fixpoint\n{text}"
    );
    let json = serde_json::to_string(canon).expect("records serialize");
    let back: Record = serde_json::from_str(&json).expect("the JSON of a record reads back");
    assert_eq!(&back, canon, "JSON round trip\n{json}");
}

/// Checks a record in both modes, renders its problems, checks seed conservation along its
/// replay and the canonical round trip.
fn check_both_modes(record: &Record, spans: Option<&notation::Spans>, text: Option<&str>) {
    for lenient in [false, true] {
        let full = CheckOptions {
            steps: true,
            canonical: true,
            lenient,
        };
        let checked = check_with(record, spans, full);
        render_all(&checked.problems, text);
        // What `validate` does (no replay, no canonical record) finds the same problems and
        // the same respellings.
        let quick = check_with(
            record,
            spans,
            CheckOptions {
                steps: false,
                canonical: false,
                lenient,
            },
        );
        assert_eq!(
            quick.problems, checked.problems,
            "validate differs from replay"
        );
        assert_eq!(quick.respelled, checked.respelled, "respellings differ");
        for step in &checked.steps {
            let p = match step {
                notation::Step::Start { position } | notation::Step::Round { position, .. } => {
                    position
                }
                notation::Step::Ply { after, .. } => after,
                _ => continue,
            };
            let s = p.view();
            assert_eq!(
                seed_total(s),
                s.variant().total_seeds(),
                "seeds not conserved: {}",
                write_view(s)
            );
        }
        if let Some(canon) = &checked.canonical {
            canonical_round_trip(canon, lenient);
        }
    }
}

/// Target `record`: the streaming reader over the bytes (records, limits, bad UTF-8), then the
/// parser on each record and on the whole input; every record that reads prints and reads back.
pub fn record(data: &[u8]) {
    let mut records = 0;
    for chunk in RecordReader::with_limit(data, FUZZ_RECORD_LIMIT) {
        let chunk = chunk.expect("reading from memory cannot fail");
        records += 1;
        assert_eq!(chunk.index, records);
        assert!(chunk.text.len() <= FUZZ_RECORD_LIMIT);
        if chunk.problem.is_none() {
            parse_text(&chunk.text);
        }
    }
    assert!(records <= data.len());
    if let Ok(text) = std::str::from_utf8(data) {
        parse_text(text);
    }
}

fn parse_text(text: &str) {
    match parse_record(text) {
        Err(problems) => {
            assert!(!problems.is_empty(), "a failed read names its problem");
            render_all(&problems, Some(text));
        }
        Ok(parsed) => {
            for span in parsed
                .spans
                .items
                .iter()
                .chain(parsed.spans.tags.iter().map(|(_, s)| s))
                .chain([&parsed.spans.result])
            {
                assert!(span.start <= span.end && span.end <= text.len());
                assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
            }
            assert_eq!(
                parsed.spans.items.len(),
                Item::count(&parsed.record.movetext)
            );
            print_round_trip(text, &parsed);
        }
    }
}

/// Target `position`: an optional first line of `key=value` options, then a position string.
/// What reads writes back to itself; what the rules accept plays each of its legal moves, keeping
/// every seed.
pub fn position(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let (options_line, text) = s.split_once('\n').unwrap_or(("", s));
    let options: Vec<(&str, &str)> = options_line
        .split_whitespace()
        .filter_map(|kv| kv.split_once('='))
        .collect();
    // The options become typed for the position's game, as the command line's do; options that
    // are not the game's are refused there.
    let Ok(stated) = stated_options(text, &options) else {
        return;
    };
    let options = stated.as_ref();
    let setup = match parse_position(text, options) {
        Err(e) => {
            assert!(e.offset <= text.len(), "{e:?}");
            assert!(!e.message.is_empty());
            return;
        }
        Ok(setup) => setup,
    };
    let written = write_position(&setup);
    let again = parse_position(&written, options)
        .unwrap_or_else(|e| panic!("`{written}` (written from `{text}`) does not read: {e}"));
    assert_eq!(
        again, setup,
        "parse-write-parse changed `{text}` (`{written}`)"
    );
    assert_eq!(write_position(&again), written);
    let p = match Position::from_setup(&setup) {
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
        Ok(p) => p,
    };
    let w2 = write_view(p.view());
    let back = parse_position(&w2, options).expect("a position's string reads");
    assert_eq!(
        Position::from_setup(&back).as_ref(),
        Ok(&p),
        "position round trip `{w2}`"
    );
    play_every_move(&p);
    try_every_start(&p);
}

/// `options` typed for the game that position string `text` names; `None` when it names none.
fn stated_options(text: &str, options: &[(&str, &str)]) -> Result<Option<StatedOptions>, ()> {
    let Some(game) = text
        .split_whitespace()
        .next()
        .and_then(|g| g.parse::<GameKind>().ok())
    else {
        return Ok(None);
    };
    let mut variant = Variant::default_for(game);
    for (k, v) in options {
        variant.set_option(k, v).map_err(|_| ())?;
    }
    let keys: Vec<&str> = options.iter().map(|(k, _)| *k).collect();
    StatedOptions::new(variant, &keys).map(Some).map_err(|_| ())
}

/// Every hole of the board as a start, in every spelling of its direction, played with a trace and
/// without: the same position or the same refusal. A start refused because its sowing never ends
/// keeps at most `TRACED_LAPS` laps in its trace, one hand of seeds each, whatever its period:
/// memory independent of the period (issue 13).
fn try_every_start(p: &Position) {
    let g = p.geometry();
    let seeds = seed_total(p.view()) as usize;
    let shown = rules_core::TRACED_LAPS as usize;
    for i in 0..g.len() {
        for dir in [None, Some(rules_core::Dir::Ccw), Some(rules_core::Dir::Cw)] {
            let mv = rules_core::Move::Sow {
                hole: g.hole(i),
                dir,
            };
            let traced = PlayOptions::QUIET.traced();
            match (p.play(&mv, traced), p.play(&mv, PlayOptions::QUIET)) {
                (Ok(a), Ok(b)) => assert_eq!(a.position, b.position, "{mv}"),
                (Err(e), Err(f)) => {
                    assert_eq!((e.rule, &e.reason), (f.rule, &f.reason), "{mv}");
                    let t = &e.trace;
                    if matches!(
                        t.events.last(),
                        Some(rules_core::Event::Note {
                            note: rules_core::notes::Note::Endless(_),
                            ..
                        })
                    ) {
                        assert!(t.laps().len() <= shown, "{mv}: {} laps", t.laps().len());
                        assert!(t.events.len() <= shown * (seeds + 1) + 2, "{mv}");
                    }
                }
                (a, b) => panic!(
                    "{mv}: traced {:?}, untraced {:?}",
                    a.map(|x| x.position),
                    b.map(|x| x.position)
                ),
            }
        }
    }
}

/// Plays every legal move of `p`: `play` agrees with the generator, perft(1) counts the moves, and
/// every child keeps the seeds; a finished round sets up the next one or ends the match.
fn play_every_move(p: &Position) {
    let total = seed_total(p.view());
    let moves = p.legal_moves_with_positions();
    assert_eq!(p.perft(1), moves.len() as u128);
    for (m, child) in &moves {
        let played = p
            .play(m, PlayOptions::FULL)
            .unwrap_or_else(|e| panic!("legal move {m} is illegal: {e}"));
        assert_eq!(played.position, *child, "{m}");
        assert_eq!(seed_total(child.view()), total, "{m} loses seeds");
        let token = m.to_string();
        let read = rules_core::Move::parse(p.variant().kind(), &token)
            .unwrap_or_else(|e| panic!("canonical token {token} does not read: {e}"));
        assert_eq!(
            p.play(&read, PlayOptions::QUIET).map(|p| p.position).ok(),
            Some(*child),
            "{token}"
        );
    }
    if moves.is_empty() && p.round_result().is_some() {
        let _ = p.decision_request();
        let _ = p.after_round(&Decision::None);
    }
}

/// Target `json`: a JSON record line. What deserializes serializes back to the same record; it
/// checks in both modes without panicking, and a valid one converts to notation and back.
pub fn json(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = serde_json::from_str::<Record>(s) else {
        return;
    };
    let j = serde_json::to_string(&record).expect("records serialize");
    let back: Record = serde_json::from_str(&j).expect("serialized records read back");
    assert_eq!(back, record, "JSON round trip\n{j}");
    check_both_modes(&record, None, None);
}

/// Target `replay`: a record's text, read and replayed through the rules core, strictly and
/// leniently (every step's position keeps every seed); problems render inside the text; a valid
/// record's canonical form reads back to itself.
pub fn replay(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_record(text) {
        Err(problems) => render_all(&problems, Some(text)),
        Ok(parsed) => check_both_modes(&parsed.record, Some(&parsed.spans), Some(text)),
    }
}

/// Whether a terminal would obey a character of `text` rather than show it (line ends aside).
fn assert_terminal_safe(what: &str, text: &str) {
    if let Some(c) = text
        .chars()
        .find(|&c| c != '\n' && notation::text::is_unsafe_on_terminal(c))
    {
        panic!("{what} holds U+{:04X} raw:\n{text}", u32::from(c));
    }
}

/// Parses an SVG picture with a real XML parser (roxmltree): well-formed, one `svg` root.
fn assert_svg(what: &str, svg: &str) {
    match roxmltree::Document::parse(svg) {
        Ok(doc) => assert_eq!(doc.root_element().tag_name().name(), "svg", "{what}"),
        Err(e) => panic!("{what} is not well-formed XML: {e}\n{svg}"),
    }
}

/// Target `output`: a first line used as a file name and a `--caption`, then a record's text.
/// Everything the command writes for it: each SVG picture parses as XML, and the text for people
/// (the replay, the record line, every problem rendered) holds no raw control character.
pub fn output(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let (name, text) = s.split_once('\n').unwrap_or(("", s));
    for lenient in [false, true] {
        let opts = CheckOptions {
            steps: true,
            canonical: true,
            lenient,
        };
        let (record, checked) = match parse_record(text) {
            Ok(parsed) => {
                let checked = check_with(&parsed.record, Some(&parsed.spans), opts);
                (Some(parsed.record), checked)
            }
            Err(problems) => (
                None,
                notation::Checked {
                    problems,
                    ..notation::Checked::default()
                },
            ),
        };
        let unit = mancala::printers::Unit {
            file: name.to_owned(),
            entry: notation::Entry {
                index: 1,
                first_line: 1,
                text: Some(text.to_owned()),
                record,
                checked,
            },
        };
        let stem = mancala::printers::pictures::stem_of(name);
        assert_terminal_safe("the stem", &stem);
        mancala::printers::pictures::each_picture(&unit, &stem, |file, svg| {
            assert_svg(&file, &svg);
            Ok(())
        })
        .expect("pictures into memory cannot fail");
        let mut replay = Vec::new();
        mancala::printers::replay::text(&unit, &mut replay, mancala::printers::Style::PLAIN)
            .expect("text into memory cannot fail");
        assert_terminal_safe("the replay", &String::from_utf8_lossy(&replay));
        assert_terminal_safe("the record line", &mancala::testing::record_line(&unit));
        let origin = unit.origin();
        for p in &unit.checked.problems {
            assert_terminal_safe("a problem", &origin.render(p));
        }
        // `show --svg --caption NAME` on the start position, when the record has one.
        if let Some(notation::Step::Start { position }) = unit.checked.steps.first() {
            let d = mancala::printers::svg::Diagram {
                position,
                trace: None,
                heading: name.to_owned(),
                caption: vec![name.to_owned(), text.chars().take(200).collect()],
                steps: vec![name.to_owned()],
            };
            assert_svg("show --svg", &mancala::printers::svg::render(&d));
        }
    }
}

/// Target `database`: arbitrary bytes as a database file, as they are and resealed.
pub fn database(data: &[u8]) {
    use analysis::db::Database;
    use analysis::search::Oracle;
    for bytes in [Some(data.to_vec()), crate::hostile_db::reseal(data)]
        .into_iter()
        .flatten()
    {
        let Ok(db) = Database::from_bytes(bytes) else {
            continue;
        };
        let verified = db.verify();
        let slices: Vec<(analysis::solve::index::SliceId, u64)> = db.slices().collect();
        for (s, (id, n)) in slices.iter().enumerate().take(64) {
            for r in [0, n / 2, n - 1] {
                let Ok(b) = db.nth(s, r) else {
                    assert!(verified.is_err(), "a checked database lost a board");
                    continue;
                };
                if let Ok(Some([best, worst])) = db.get(&b) {
                    let limit = i16::from(id.seeds);
                    for v in [best, worst] {
                        assert!(v.unsigned_abs() == 127 || i16::from(v).abs() <= limit);
                    }
                }
                if let Ok(p) = db.shape().position(&b) {
                    let _ = db.probe(&p);
                }
            }
        }
        for opener in [rules_core::Player::A, rules_core::Player::B] {
            let _ = db.probe(&Position::start(db.variant(), opener));
        }
    }
}

/// Target `proof`: the first byte picks a proof of [`crate::forge::POSITIONS`], the others are
/// edits ([`crate::forge::Edit::decode`]); the file is written with its checksum again and
/// checked. The checker must not panic, and what it accepts must be true: every claim, against
/// the exact solver, and the value, the root's.
pub fn proof(data: &[u8]) {
    use crate::forge::{Case, Draft, Edit, POSITIONS, false_claims};
    use std::sync::OnceLock;
    static CASES: OnceLock<Vec<Case>> = OnceLock::new();
    let cases = CASES.get_or_init(|| {
        POSITIONS
            .iter()
            .map(|(game, text)| Case::new(game, text, 200_000))
            .collect()
    });
    let Some((&pick, edits)) = data.split_first() else {
        return;
    };
    let case = &cases[usize::from(pick) % cases.len()];
    let mut draft = Draft::read(&case.proof);
    for edit in Edit::decode(edits) {
        draft.apply(&edit);
    }
    let text = draft.text();
    if let Ok(report) = proof_check::check(&mut text.as_bytes()) {
        let wrong = false_claims(&text, &case.truth);
        assert!(
            wrong.is_empty() && report.value == case.value,
            "{}: accepted as {} (the value is {}) with false claims {wrong:?}:\n{text}",
            case.name,
            report.value,
            case.value
        );
    }
}
