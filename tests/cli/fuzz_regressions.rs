//! The fuzz targets' checks (`testkit::fuzz`, which `fuzz/` runs) on the seed corpus and on
//! every input that ever found a defect (`fuzz/regressions/<target>/`): fuzzing itself runs
//! outside CI (`fuzz/run.sh`), its regression cases run in `cargo test`.

use testkit::fuzz as checks;

use crate::support::root;
use proptest::prelude::*;
use rules_core::{GameKind, Player, Setup, Variant};
use std::path::Path;

/// The inputs kept for `target` under fuzz/regressions/, sorted.
fn regressions(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = root().join("fuzz/regressions").join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut v: Vec<(String, Vec<u8>)> = entries
        .filter_map(Result::ok)
        .filter(|e| e.path().is_file())
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            (name, std::fs::read(e.path()).unwrap())
        })
        .collect();
    v.sort();
    v
}

/// Every corpus file, whole.
fn corpus() -> Vec<(String, Vec<u8>)> {
    ["ok", "err", "lenient"]
        .into_iter()
        .flat_map(crate::support::corpus_files)
        .map(|f| {
            let bytes = std::fs::read(root().join(&f)).unwrap();
            (f, bytes)
        })
        .collect()
}

fn run(target: &str, check: fn(&[u8]), seeds: &[(String, Vec<u8>)]) -> usize {
    let regressions = regressions(target);
    for (name, bytes) in seeds.iter().chain(&regressions) {
        // Name the input if its check panics.
        let ok = std::panic::catch_unwind(|| check(bytes));
        assert!(ok.is_ok(), "fuzz target {target} fails on {name}");
    }
    regressions.len()
}

#[test]
fn record_target_on_seeds_and_regressions() {
    let seeds = corpus();
    run("record", checks::record, &seeds);
}

#[test]
fn replay_target_on_every_corpus_record_and_regressions() {
    let seeds: Vec<(String, Vec<u8>)> = corpus()
        .into_iter()
        .flat_map(|(f, bytes)| {
            notation::RecordReader::new(&bytes[..])
                .map(|c| c.unwrap())
                .map(|c| (format!("{f} record {}", c.index), c.text.into_bytes()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(seeds.len() > 200);
    run("replay", checks::replay, &seeds);
}

/// Every position string of the corpus (`Position` tags and `position` annotations), with its
/// record's options on a first line as the target reads them.
#[test]
fn position_target_on_corpus_positions_and_regressions() {
    let mut seeds = Vec::new();
    for (f, bytes) in corpus() {
        for chunk in notation::RecordReader::new(&bytes[..]) {
            let chunk = chunk.unwrap();
            let Ok(parsed) = notation::parse_record(&chunk.text) else {
                continue;
            };
            let r = parsed.record;
            let options: Vec<String> = r
                .variant
                .non_default_options()
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            let annotated = r.movetext.iter().filter_map(|i| match i {
                notation::Item::Annotation { key, value, .. } if key == "position" => Some(value),
                _ => None,
            });
            for p in r.position.iter().chain(annotated) {
                seeds.push((
                    f.clone(),
                    format!("{}\n{p}", options.join(" ")).into_bytes(),
                ));
            }
        }
    }
    assert!(seeds.len() > 100, "{} position strings", seeds.len());
    run("position", checks::position, &seeds);
}

/// A board of a relay game with its seeds dealt by `deal` (each seed into hole `d % holes`), round
/// 1, `to_move` to move, as the `position` target reads it (no options line).
fn relay_board(which: usize, to_move: Player, deal: &[u16]) -> Vec<u8> {
    let v = match which % 5 {
        k @ 0..=2 => {
            let mut v = Variant::default_for(GameKind::Uugg);
            v.set_option("holes", &(5 + k).to_string()).unwrap();
            v
        }
        3 => Variant::default_for(GameKind::Giuthi),
        _ => Variant::default_for(GameKind::SulusNishtaw),
    };
    let mut s = Setup::start(v, Player::B);
    let total: u32 = s.seeds.iter().sum();
    let holes = s.seeds.len();
    s.seeds.iter_mut().for_each(|x| *x = 0);
    for d in deal.iter().cycle().take(total as usize) {
        s.seeds[usize::from(*d) % holes] += 1;
    }
    s.to_move = to_move;
    s.opening_pending = false;
    format!("\n{}", notation::write_position(&s)).into_bytes()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, .. ProptestConfig::default() })]

    /// The `position` target's checks on random boards of Uugg, Giuthi and Sulus Nishtaw, where
    /// sowings relay: among them, every start played traced as untraced, and a start that never
    /// ends traced for at most its first laps (issue 13).
    #[test]
    fn position_target_on_random_relay_boards(
        which in 0usize..5,
        b_moves in any::<bool>(),
        deal in prop::collection::vec(any::<u16>(), 1..200),
    ) {
        let to_move = if b_moves { Player::B } else { Player::A };
        checks::position(&relay_board(which, to_move, &deal));
    }
}

/// The JSON of every valid corpus record.
#[test]
fn json_target_on_corpus_records_and_regressions() {
    let mut seeds = Vec::new();
    for (f, bytes) in corpus() {
        for chunk in notation::RecordReader::new(&bytes[..]) {
            let chunk = chunk.unwrap();
            let Ok(parsed) = notation::parse_record(&chunk.text) else {
                continue;
            };
            let c = notation::check_with(
                &parsed.record,
                Some(&parsed.spans),
                notation::CheckOptions {
                    steps: false,
                    canonical: true,
                    lenient: true,
                },
            );
            let json = serde_json::to_string(c.canonical.as_ref().unwrap_or(&parsed.record));
            seeds.push((f.clone(), json.unwrap().into_bytes()));
        }
    }
    run("json", checks::json, &seeds);
}

/// Every corpus record under a file name, and a few hostile names and captions (escape
/// sequences, XML-forbidden characters).
#[test]
fn output_target_on_corpus_records_and_regressions() {
    let names = [
        "corpus.mgn",
        "\u{1b}[2J\u{1b}]0;title\u{7}.mgn",
        "a\u{FFFE}\u{FFFF}<&>\u{9b}\u{202e}.mgn",
    ];
    let mut seeds = Vec::new();
    for (k, (f, bytes)) in corpus().into_iter().enumerate() {
        for chunk in notation::RecordReader::new(&bytes[..]) {
            let chunk = chunk.unwrap();
            let input = format!("{}\n{}", names[k % names.len()], chunk.text);
            seeds.push((format!("{f} record {}", chunk.index), input.into_bytes()));
        }
    }
    run("output", checks::output, &seeds);
}

/// Small databases solved here, whole and cut, with bytes changed and their checks made again,
/// and the regressions of the `database` target.
#[test]
fn database_target_on_small_databases_and_regressions() {
    let dir = crate::support::fresh_dir("fuzz-database");
    let mut seeds = Vec::new();
    for (k, p) in [
        "bechi 0,2*,0/3*,0,1* B store=20,10 opener=B",
        "bechi 0x,2*,1*,6/0,3*,2*,0 B store=20,10 reserve=0,4 round=2 opener=A",
    ]
    .into_iter()
    .enumerate()
    {
        let db = dir.join(format!("{k}.db"));
        let out = crate::support::mancala()
            .args(["solve", "--quiet", "--position", p, "--out"])
            .arg(&db)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let bytes = std::fs::read(&db).unwrap();
        for cut in [bytes.len(), bytes.len() - 1, bytes.len() / 2, 40] {
            seeds.push((format!("{p} cut at {cut}"), bytes[..cut].to_vec()));
        }
        for i in (0..bytes.len()).step_by(7) {
            let mut b = bytes.clone();
            b[i] = b[i].wrapping_add(1);
            seeds.push((format!("{p} byte {i} + 1"), b));
        }
        let bad = testkit::hostile_db::rewrite_values(&bytes, |[b, w]| [w, b]).unwrap();
        seeds.push((format!("{p} values swapped"), bad));
    }
    run("database", checks::database, &seeds);
}

/// A `paths` input: the operation, the number of parts, the parts (indices into the target's
/// words, or raw names), and a payload.
#[cfg(unix)]
fn path_input(op: u8, parts: &[u8], payload: &[u8]) -> Vec<u8> {
    let mut v = vec![op, u8::try_from(parts.len().max(1) - 1).unwrap_or(3)];
    v.extend_from_slice(parts);
    v.extend_from_slice(payload);
    v
}

/// Every word of the `paths` target alone, and under `dir`, `to-dir` and `..`, with every
/// operation: the special files of the tree are written in place or refused, never replaced.
#[cfg(unix)]
#[test]
fn paths_target_on_every_word_and_regressions() {
    let mut seeds = Vec::new();
    for op in 0..4u8 {
        for word in 0..24u8 {
            for prefix in [None, Some(1u8), Some(10), Some(19)] {
                let parts: Vec<u8> = prefix.into_iter().chain([word]).collect();
                let payload: &[u8] = if op == 3 { &[0, word] } else { b"bytes" };
                seeds.push((
                    format!("op {op} word {word} under {prefix:?}"),
                    path_input(op, &parts, payload),
                ));
            }
        }
    }
    run("paths", checks::paths, &seeds);
}

/// Batch streams: the corner cases by hand (empty, no line end, CRLF, a BOM, a line of exactly
/// the limit and one over, bytes that are not UTF-8, a 4 MB run), then the regressions.
#[cfg(unix)]
#[test]
fn batch_target_on_corner_cases_and_regressions() {
    let seeds: Vec<(String, Vec<u8>)> = [
        &b""[..],
        b"\x07",
        b"\x07a\x01",
        b"\x07a\x07\n\x01",
        b"\x03a\x03\r\x01\n\x01b\x02",
        b"\x03\xEF\x01\xBB\x01\xBF\x01b\x03\n\x01",
        b"\x03\xFF\x01a\x02\n\x01\xC3\x01",
        b"\x00x\xFF\n\x01y\x01",
    ]
    .iter()
    .enumerate()
    .map(|(k, s)| (format!("corner case {k}"), s.to_vec()))
    .collect();
    run("batch", checks::batch, &seeds);
}

#[cfg(unix)]
proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// Random paths over the tree of special files (the `paths` target's checks).
    #[test]
    fn random_output_paths_never_replace_a_special_file(
        op in 0u8..4,
        parts in prop::collection::vec(any::<u8>(), 1..5),
        payload in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        checks::paths(&path_input(op, &parts, &payload));
    }

    /// Random batch streams: runs of bytes among a few that matter (line ends, CR, the BOM's
    /// bytes, bytes that are not UTF-8, letters), short and long (the `batch` target's checks).
    #[test]
    fn random_batch_streams_come_out_line_by_line(
        limit in any::<u8>(),
        runs in prop::collection::vec(
            (
                prop::sample::select(b"\n\r\xEF\xBB\xBF\xFF\xC3\x80ab 9".to_vec()),
                prop_oneof![15 => 0u8..0xF0, 1 => 0xF0u8..0xF2],
            ),
            0..40,
        ),
    ) {
        let mut data = vec![limit];
        for (byte, n) in runs {
            data.extend([byte, n]);
        }
        checks::batch(&data);
    }
}

/// Every regression input is named by its target's folder and kept.
#[test]
fn regression_folders_are_targets() {
    let dir = root().join("fuzz/regressions");
    for e in std::fs::read_dir(&dir).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            [
                "record", "position", "json", "replay", "output", "paths", "batch", "database"
            ]
            .contains(&name.as_str())
                || Path::new(&name).extension().is_some_and(|x| x == "md"),
            "fuzz/regressions/{name}: not a fuzz target"
        );
    }
}

/// Each proof of the `proof` target as it is and forged as issue 34 forged them (`fuzz/seeds.sh`
/// makes the same seeds), and the regressions of the target: what the checker accepts is true.
#[test]
fn proof_target_on_its_seeds_and_regressions() {
    let mut seeds = Vec::new();
    for p in 0..u8::try_from(testkit::forge::POSITIONS.len()).unwrap() {
        seeds.push((format!("proof {p}"), vec![p]));
        for by in [1u8, 10, 255] {
            seeds.push((format!("proof {p} forged by {by}"), vec![p, 16, by]));
        }
        seeds.push((format!("proof {p} shifted"), vec![p, 0, 2, 255, 6, 1, 0, 0]));
    }
    run("proof", checks::proof, &seeds);
}
