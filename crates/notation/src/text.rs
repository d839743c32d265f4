//! Text from the input shown to people (spec/notation.md §11): input is anybody's, and a terminal
//! obeys some characters instead of showing them (escape sequences clear the screen or set the
//! window title, a bidirectional override reorders what follows it). Everything the tool prints
//! for people that can hold input goes through [`for_terminal`]; messages also through
//! [`shorten_words`], so that a megabyte token is not printed whole.

use std::borrow::Cow;

/// Whether a terminal could obey `c` rather than show it, or show it as nothing: the C0 controls
/// but the tab, DEL, the C1 controls, the bidirectional embeddings, overrides and isolates
/// (U+202A to U+202E, U+2066 to U+2069), which reorder the text after them, and the invisible
/// characters of [`is_invisible`].
#[must_use]
pub fn is_unsafe_on_terminal(c: char) -> bool {
    (c.is_control() && c != '\t')
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        || is_invisible(c)
}

/// Whether `c` takes no room on a screen though it is not white space, so that text holding it
/// looks like text without it (`bechi` and a byte-order mark before it): the byte-order mark
/// U+FEFF, the zero-width space U+200B and the word joiner U+2060. (The zero-width joiners
/// U+200C and U+200D are left alone: scripts and emoji need them.)
#[must_use]
pub fn is_invisible(c: char) -> bool {
    matches!(c, '\u{FEFF}' | '\u{200B}' | '\u{2060}')
}

/// `s` with every character of [`is_unsafe_on_terminal`] written as a Rust escape, `\u{1b}`, so
/// that it shows instead of acting; line ends too, so that a value stays on its line.
#[must_use]
pub fn for_terminal(s: &str) -> Cow<'_, str> {
    if !s.chars().any(is_unsafe_on_terminal) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if is_unsafe_on_terminal(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The longest word (run of characters between white space) a message shows whole: longer than
/// any position string, token or value the rules can give, far shorter than what input can hold.
pub const LONGEST_WORD: usize = 100;

/// How much of a longer word is shown, before `…`.
const SHOWN: usize = 60;

/// `s` with every word longer than [`LONGEST_WORD`] characters cut to its first characters and
/// `…`, with the length it had.
#[must_use]
pub fn shorten_words(s: &str) -> Cow<'_, str> {
    if !s
        .split(char::is_whitespace)
        .any(|w| w.len() > LONGEST_WORD && w.chars().count() > LONGEST_WORD)
    {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len().min(4096));
    let mut rest = s;
    while !rest.is_empty() {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, after) = rest.split_at(end);
        let n = word.chars().count();
        if n > LONGEST_WORD {
            out.extend(word.chars().take(SHOWN));
            out.push_str(&format!("…({n} characters)"));
        } else {
            out.push_str(word);
        }
        let space = after
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(after.len());
        out.push_str(&after[..space]);
        rest = &after[space..];
    }
    Cow::Owned(out)
}

/// A message for people on a terminal: long words shortened, then [`for_terminal`].
#[must_use]
pub fn for_people(s: &str) -> String {
    for_terminal(&shorten_words(s)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_overrides_are_shown_escaped() {
        assert_eq!(for_terminal("3B\t4A"), "3B\t4A");
        assert_eq!(for_terminal("a\x1b[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(for_terminal("\x1b]0;title\x07"), "\\u{1b}]0;title\\u{7}");
        assert_eq!(
            for_terminal("x\u{9b}y\u{202e}z\n"),
            "x\\u{9b}y\\u{202e}z\\u{a}"
        );
        assert_eq!(for_terminal("é ሀ"), "é ሀ");
        // Invisible characters show, so that `\u{feff}bechi` does not look like `bechi`.
        assert_eq!(for_terminal("\u{feff}bechi"), "\\u{feff}bechi");
        assert_eq!(for_terminal("a\u{200b}b\u{2060}c"), "a\\u{200b}b\\u{2060}c");
        assert_eq!(for_terminal("\u{200d}"), "\u{200d}");
        assert!(matches!(for_terminal("plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn long_words_are_cut() {
        let long = "x".repeat(1_000_000);
        let m = format!("`{long}` is not a bechi move");
        let s = shorten_words(&m);
        assert!(s.len() < 200, "{s}");
        assert!(s.starts_with(&format!("`{}…(1000002 characters)", "x".repeat(59))));
        assert!(s.ends_with(" is not a bechi move"));
        let short = "a  b\tc";
        assert_eq!(shorten_words(short), short);
    }
}
