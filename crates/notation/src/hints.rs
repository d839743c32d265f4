//! Messages that name the root cause first (issue 26): a version that is not one, a mandatory
//! tag written with a typo (`[Oppener "B"]` is an unknown tag, and the Opener is then missing).

use crate::problem::{Problem, ProblemKind};
use crate::record::{Item, Record};
use crate::spans::Spans;
use rules_core::Variant;
use rules_core::suggest::closest;

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

#[cfg(test)]
mod tests {
    use super::*;

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
