//! Messages that name the root cause first (issue 26): a version that is not one, a mandatory
//! tag written with a typo (`[Oppener "B"]` is an unknown tag, and the Opener is then missing);
//! and what a newcomer needs to go on (issue 37): the moves that are legal where one is not, a
//! ply number as chess would write it, a record without a header.

use crate::problem::{Problem, ProblemKind};
use crate::record::{Item, Record};
use crate::spans::Spans;
use rules_core::suggest::closest;
use rules_core::{Position, Variant};

/// Why `v` is not a version this reader reads, or `None` when it is one (`1.MINOR`).
#[must_use]
pub fn version_problem(v: &str) -> Option<String> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if v.strip_prefix("1.").is_some_and(digits) {
        return None;
    }
    Some(match v.split_once('.') {
        None if digits(v) => format!(
            "expected a version MAJOR.MINOR such as {0}, found `{v}`: write [Notation \"{0}\"]",
            crate::VERSION
        ),
        Some((major, minor)) if digits(major) && digits(minor) => format!(
            "unsupported notation version `{v}`: this reader reads version 1 (1.0 and the later 1.MINOR versions)"
        ),
        _ => format!(
            "expected a version MAJOR.MINOR such as {}, found `{v}`",
            crate::VERSION
        ),
    })
}

/// The tag of `names` that looks like a misspelling of the missing tag `missing`: a tag the
/// notation does not define, within a small edit of it (`Oppener`, `opener`, `Option`).
#[must_use]
pub fn misspelt<'a>(missing: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    names
        .into_iter()
        .filter(|n| !crate::KNOWN_TAGS.contains(n))
        .find(|n| closest(n, [missing]).is_some())
}

/// A `position` annotation on a board of another size than the header's game: the `Options` tag
/// is missing or wrong, and every problem of the replay would follow from it (issue 26). The
/// problem names the annotation and the options its board has, so that it is reported alone,
/// first, instead of the illegal moves and wrong counts it causes.
#[must_use]
pub fn board_of_other_options(record: &Record, spans: Option<&Spans>) -> Option<Problem> {
    let holes = |v: Variant| v.geometry().len();
    let want = holes(record.variant);
    for (k, item) in record.movetext.iter().enumerate() {
        let Item::Annotation { key, value, .. } = item else {
            continue;
        };
        if key != "position" {
            continue;
        }
        let Ok(setup) = crate::parse_position(value, None) else {
            continue;
        };
        if setup.variant.kind() != record.game() || setup.seeds.len() == want {
            continue;
        }
        // The option values of the header's game that give the annotation's board.
        let game = record.game();
        let got = setup.seeds.len();
        let fits: Vec<String> = record
            .variant
            .option_keys()
            .iter()
            .flat_map(|key| {
                record
                    .variant
                    .option_values(key)
                    .into_iter()
                    .filter_map(move |v| {
                        let mut variant = record.variant;
                        (variant.set_option(key, v).is_ok() && holes(variant) == got)
                            .then(|| format!("{key}={v}"))
                    })
            })
            .collect();
        let options = match record.options.is_empty() {
            true => "no Options tag, so the default options".to_owned(),
            false => format!(
                "[Options \"{}\"]",
                record
                    .options
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        };
        let fix = match fits.first() {
            Some(kv) => format!(": the record needs {kv} in its Options tag"),
            None => String::new(),
        };
        return Some(Problem::new(
            ProblemKind::Header,
            spans.and_then(|s| s.items.get(k).cloned()),
            format!(
                "the position annotation is on a board of {got} holes, the header's {game} (with {options}) has {want}{fix}; the plies are not checked, since every problem found would follow from it"
            ),
        ));
    }
    None
}

/// The most legal moves [`legal_here`] lists (every move of Giuthi 2×10); more are counted, and
/// `mancala moves` lists them.
const MOST_LISTED: usize = 20;

/// What an illegal move's message adds: the moves that are legal in `pos`, in canonical spelling
/// and order (`legal here: 1B 3B 4B`); `None` when none is, where the rule's reason says why (the
/// round is over).
#[must_use]
pub fn legal_here(pos: &Position) -> Option<String> {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return None;
    }
    let shown: Vec<String> = legal
        .iter()
        .take(MOST_LISTED)
        .map(ToString::to_string)
        .collect();
    let more = legal.len() - shown.len();
    Some(if more == 0 {
        format!("legal here: {}", shown.join(" "))
    } else {
        format!(
            "legal here: {} and {more} more (`mancala moves` lists them)",
            shown.join(" ")
        )
    })
}

/// The message of a ply number `n` written before ply `ply`, `token`: every ply has its own
/// number; numbers as chess writes them (one for a move of each side: `1. 3B 2A 2. 4B`, where
/// `after_unnumbered` says the ply before had none) are named as such.
#[must_use]
pub fn wrong_number(n: u32, ply: u32, token: &str, after_unnumbered: bool) -> String {
    let chess = after_unnumbered && n < ply && n == ply.div_ceil(2);
    format!(
        "move number {n}. is written before ply {ply}: every ply has its own number, counted from 1 over the whole record{}; write `{ply}. {token}`",
        if chess {
            " (not one number for a move of each side, as in chess)"
        } else {
            ""
        }
    )
}

/// The one problem of a record without any tag, in place of one for each missing tag: the
/// header's shape, and the command that writes a complete record.
#[must_use]
pub fn no_header(span: std::ops::Range<usize>) -> Problem {
    Problem::new(
        ProblemKind::Header,
        Some(span),
        format!(
            "the record has no header: it starts with the tags [Notation \"{}\"], [Game \"NAME\"] (NAME one of {}) and [Opener \"A\"] or [Opener \"B\"], each on its line, then a blank line and the moves (spec/notation.md §3.1); `mancala play --format mgn GAME MOVE...` writes a complete record",
            crate::VERSION,
            rules_core::GameKind::name_list()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 37.5: numbers as chess writes them are named, other wrong numbers are not.
    #[test]
    fn a_wrong_number_names_the_right_one() {
        let chess = wrong_number(2, 3, "4B", true);
        assert!(
            chess.ends_with("(not one number for a move of each side, as in chess); write `3. 4B`")
        );
        // The ply before had its number: another mistake than chess's.
        assert!(!wrong_number(2, 3, "4B", false).contains("chess"));
        assert!(!wrong_number(3, 2, "2A", true).contains("chess"));
        assert!(wrong_number(3, 2, "2A", true).ends_with("whole record; write `2. 2A`"));
    }

    #[test]
    fn versions_are_explained_by_what_is_wrong() {
        assert_eq!(version_problem("1.0"), None);
        assert_eq!(version_problem("1.12"), None);
        assert_eq!(
            version_problem("1").unwrap(),
            "expected a version MAJOR.MINOR such as 1.0, found `1`: write [Notation \"1.0\"]"
        );
        assert!(
            version_problem("2.0")
                .unwrap()
                .starts_with("unsupported notation version `2.0`")
        );
        assert!(
            version_problem("1.x")
                .unwrap()
                .starts_with("expected a version MAJOR.MINOR")
        );
    }

    #[test]
    fn a_mandatory_tag_misspelt_is_found() {
        assert_eq!(
            misspelt("Opener", ["Notation", "Game", "Oppener"]),
            Some("Oppener")
        );
        assert_eq!(misspelt("Opener", ["opener"]), Some("opener"));
        assert_eq!(misspelt("Options", ["Option"]), Some("Option"));
        assert_eq!(misspelt("Opener", ["Event", "Round"]), None);
    }
}
