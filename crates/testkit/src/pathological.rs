//! Pathological inputs (issues 8 and 13), shared by the tests that check what they produce and by
//! `cargo xtask limits`, which times them: timings stay out of `cargo test`, where a loaded
//! machine makes any time limit flaky.
//!
//! * [`cases`]: records that are large in one way (a million plies, very many annotations, a
//!   10 MB comment, runs of openers, a long position string), each read and checked (or refused
//!   at the record's limit of plies);
//!   `tests/cli/limits.rs` runs each once at its larger size, `cargo xtask limits` at two sizes
//!   and asserts a ratio of linear time.
//! * [`forbidden_record`]: a Uugg record that reaches a start whose sowing never ends
//!   (`cargo xtask uugg-endless --holes 7 --list`) followed by `n` `forbidden` annotations of it;
//!   `tests/cli/endless.rs` validates 64 KiB of them in bounded memory, `cargo xtask limits` a
//!   mebibyte in seconds.
//! * [`side_line_record`]: records of side lines (issue 34), wide, nested, on a long main line,
//!   nested to the limit, at a number of plies; `tests/cli/limits.rs` checks that every command
//!   answers them, and refuses them past the limit, in bounded memory, `cargo xtask limits`
//!   measures the peak memory of each command on them.

/// One pathological input: `run(n)` builds it at size `n`, reads it and checks the result.
pub struct Case {
    /// What grows: `plies`, `annotations`, `comment`, `openers (`, ...
    pub what: String,
    /// The smaller of the two sizes `cargo xtask limits` times (the larger is `8 * n`).
    pub n: usize,
    /// Builds the input of size `n`, reads and checks it: `Err` says what came out wrong.
    pub run: Box<dyn Fn(usize) -> Result<(), String>>,
}

const HEAD: &str = "[Notation \"1.0\"]\n[Game \"giuthi\"]\n[Opener \"B\"]\n\n";

fn case(what: &str, n: usize, run: impl Fn(usize) -> Result<(), String> + 'static) -> Case {
    Case {
        what: what.to_owned(),
        n,
        run: Box::new(run),
    }
}

fn expect<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: {got:?}, expected {want:?}"))
    }
}

/// The record read, or its problems.
fn read(text: &str) -> Result<notation::Parsed, String> {
    notation::parse_record(text).map_err(|problems| {
        let all: Vec<String> = problems.iter().map(ToString::to_string).collect();
        all.join("; ")
    })
}

/// The pathological records, each with its smaller size.
pub fn cases() -> Vec<Case> {
    let mut cases = vec![
        // A million plies (at 8 n): refused at the ply after the record's limit, as it is read
        // (`notation::MAX_RECORD_PLIES`); the limit itself read, then checked up to the first
        // illegal ply.
        case("plies", 125_000, |n| {
            let text = format!("{HEAD}{} *\n", "1B+ 1A- ".repeat(n / 2));
            let problems = notation::parse_record(&text).err().unwrap_or_default();
            let kinds: Vec<_> = problems.iter().map(|p| p.kind).collect();
            expect("problems", kinds, vec![notation::ProblemKind::TooLarge])?;
            let limit = notation::MAX_RECORD_PLIES;
            let text = format!("{HEAD}{} *\n", "1B+ 1A- ".repeat(limit / 2));
            let parsed = read(&text)?;
            expect("plies read", parsed.record.movetext.len(), limit)?;
            let checked = notation::check(&parsed.record, Some(&parsed.spans), false);
            expect("problems", checked.problems.len(), 1)
        }),
        // One legal ply and very many annotations, each checked.
        case("annotations", 10_000, |n| {
            let text = format!("{HEAD}1. 1B+ {} *\n", "(next A) ".repeat(n));
            let parsed = read(&text)?;
            let checked = notation::check(&parsed.record, Some(&parsed.spans), false);
            expect("problems", checked.problems.len(), 0)
        }),
        // A 10 MB comment (at 8 n), and comment text that only looks nested.
        case("comment", 1_250_000, |n| {
            let text = format!("{HEAD}{{{}}} *\n", "word{ ".repeat(n / 6 + 1));
            let parsed = read(&text)?;
            expect("movetext items", parsed.record.movetext.len(), 1)
        }),
    ];
    // Nothing nests in the notation: a run of openers is one syntax error, found at once.
    for opener in ['(', '<', '[', '{'] {
        cases.push(case(&format!("openers {opener}"), 125_000, move |n| {
            let text = format!("{HEAD}{} *\n", opener.to_string().repeat(n));
            // Read or refused, either is right: only the time matters.
            let _ = notation::parse_record(&text);
            Ok(())
        }));
    }
    // Position strings of any length.
    cases.push(case("position", 100_000, |n| {
        let text = format!("bechi {} B", "6,".repeat(n));
        match notation::parse_position(&text, None) {
            Err(_) => Ok(()),
            Ok(_) => Err(format!("a position of {n} holes was accepted")),
        }
    }));
    cases
}

/// The Uugg 2×7 record whose next ply, A's 7A, is a start whose sowing never ends (U15): it comes
/// back to its first lap-start state after 1 135 008 laps.
pub const ENDLESS_HEAD: &str = "[Notation \"1.0\"]\n[Game \"uugg\"]\n[Options \"holes=7\"]\n[Opener \"B\"]\n\n1. 1B 2. 5A 3. 2B 4. 2A 5. 3B 6. 3A 7. 6B";

/// [`ENDLESS_HEAD`] with `n` `forbidden` annotations of the endless start: a valid record.
pub fn forbidden_record(n: usize) -> String {
    format!("{ENDLESS_HEAD}{} *\n", " (forbidden 7A U15)".repeat(n))
}

/// The largest number of annotations that [`forbidden_record`] holds under `bytes`.
pub fn forbidden_count_under(bytes: usize) -> usize {
    (bytes - ENDLESS_HEAD.len() - 8) / " (forbidden 7A U15)".len()
}

/// The shapes of [`side_line_record`].
pub const SIDE_LINE_SHAPES: [&str; 4] = ["wide", "nested", "main-line", "deep"];

/// A record of side lines (issue 34) of one of [`SIDE_LINE_SHAPES`], with `plies` plies in all its
/// lines, or as near under as the shape allows; every ply legal, so that every command does all
/// its work on it. Side lines cost more than their text: 5 bytes, ` (2B)`, are one ply with its
/// position, trace and steps.
///
/// * `wide`: Bechi's first ply 3B and `plies - 1` side lines of one ply each, 2B instead;
/// * `nested`: the same ply with chains of side lines nested [`notation::MAX_VARIATION_DEPTH`]
///   deep, one ply each (each replaces the first ply of the one it is in);
/// * `main-line`: a generated Bechi match (`testkit::generate`), each ply followed by as many
///   side lines of one ply (itself again) as make `plies`;
/// * `deep`: the same match, each ply followed by chains nested to the limit.
///
/// # Panics
/// `shape` is not one of [`SIDE_LINE_SHAPES`].
#[must_use]
pub fn side_line_record(shape: &str, plies: usize) -> String {
    use notation::{Item, MAX_VARIATION_DEPTH};
    let head = "[Notation \"1.1\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3B";
    let depth = MAX_VARIATION_DEPTH;
    let chain = format!("{}{}", " (1. 2B".repeat(depth), ")".repeat(depth));
    match shape {
        "wide" => format!("{head}{} *\n", " (1. 2B)".repeat(plies.saturating_sub(1))),
        "nested" => format!(
            "{head}{} *\n",
            chain.repeat(plies.saturating_sub(1) / depth)
        ),
        "main-line" | "deep" => {
            let opts = crate::generate::GenOptions {
                annotate: false,
                comments: false,
                ..crate::generate::GenOptions::default()
            };
            let mut record = crate::generate::random_record(
                rules_core::Variant::default_for(rules_core::GameKind::Bechi),
                34,
                opts,
            );
            let main = record.plies().max(1);
            let per_ply = if shape == "deep" { depth } else { 1 };
            let copies = plies.saturating_sub(main) / (main * per_ply);
            record.notation = notation::VARIATIONS_VERSION.to_owned();
            let mut items = Vec::with_capacity(record.movetext.len() * (copies + 1));
            for item in std::mem::take(&mut record.movetext) {
                let side = match &item {
                    Item::Ply { .. } => {
                        // The ply itself again, nested `per_ply` deep: each inner side line
                        // replaces the first ply of the one it is in.
                        let mut side = Item::Variation {
                            items: vec![item.clone()],
                        };
                        for _ in 1..per_ply {
                            side = Item::Variation {
                                items: vec![item.clone(), side],
                            };
                        }
                        Some(side)
                    }
                    _ => None,
                };
                items.push(item);
                if let Some(side) = side {
                    items.extend(std::iter::repeat_n(side, copies));
                }
            }
            record.movetext = items;
            notation::print_record(&record)
        }
        other => panic!("no shape {other}: {SIDE_LINE_SHAPES:?}"),
    }
}
