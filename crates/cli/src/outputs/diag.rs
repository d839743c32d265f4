//! Standard error, the one way the tool talks to people about problems. Writing there never fails
//! a run and never panics: a closed or full stderr (`2>&1 | head -1`, `2>/dev/full`) loses the
//! message, and the run goes on to the exit status it would have had (issue 13). `eprintln!`
//! would panic instead, and a panic while reporting a panic aborts: the binary's lints forbid it
//! (`clippy::print_stderr`).
//!
//! What can hold input is shown through `notation::text`: control characters escaped, long words
//! shortened.

use notation::text::{for_people, for_terminal};
use rules_core::Rule;
use std::fmt::Display;
use std::io::Write;

/// Writes `bytes` to stderr, ignoring any failure.
fn write(bytes: &[u8]) {
    let _ = std::io::stderr().lock().write_all(bytes);
}

/// `mancala: error: MESSAGE`.
pub fn error(message: impl Display) {
    write(format!("mancala: error: {}\n", for_people(&message.to_string())).as_bytes());
}

/// `mancala: MESSAGE`: a note that is neither an error nor a warning.
pub fn note(message: impl Display) {
    write(format!("mancala: {}\n", for_people(&message.to_string())).as_bytes());
}

/// `  = see: COMMAND`: how to read the rules a message cites (`mancala rules B4`).
pub fn see(command: &str) {
    write(format!("  = see: {}\n", for_terminal(command)).as_bytes());
}

/// Text of several lines made for stderr (a rendered problem): each line shown as it is, its
/// control characters escaped.
pub fn text(lines: &str) {
    let mut out = String::with_capacity(lines.len() + 1);
    for line in lines.split_inclusive('\n') {
        let (body, end) = line
            .strip_suffix('\n')
            .map_or((line, ""), |body| (body, "\n"));
        out.push_str(&for_terminal(body));
        out.push_str(end);
    }
    write(out.as_bytes());
}

/// The tool's own terminal control text (the progress line of perft), as it is.
pub fn control(own: &str) {
    write(own.as_bytes());
}

/// Reports a bad position or move on stderr, with the `mancala rules` command that prints the
/// rules its message cites: `rules`, which the typed error gave with the message (a set-up's
/// problems, an illegal move's rule), never read back out of the English.
pub fn report_position(message: &str, rules: &[Rule]) {
    error(message);
    if !rules.is_empty() {
        see(&format!("mancala rules {}", ids(rules).join(" ")));
    }
}

/// The IDs of `rules`.
pub(crate) fn ids(rules: &[Rule]) -> Vec<&'static str> {
    rules.iter().map(|r| r.id()).collect()
}

/// `rules` each once, in their order: what a message citing them in that order cites.
pub(crate) fn once(rules: impl IntoIterator<Item = Rule>) -> Vec<Rule> {
    let mut out: Vec<Rule> = Vec::new();
    for r in rules {
        if !out.contains(&r) {
            out.push(r);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use rules_core::{GameKind, Move};

    /// The rules a token error gives are those its words cite, ranges spelt out: the `see:`
    /// hint of a token that is not a move needs no reading of the words.
    #[test]
    fn token_errors_give_the_rules_their_words_cite() {
        let book = rulebook::book();
        let tokens = [
            "pass",
            "open",
            "x",
            "4B-",
            "4B+",
            "2B+",
            "10A",
            "4B/4A",
            "4B/3A/4A",
            "4B+/3A",
            "2B3B/5B",
            "2B4B/3A/2A",
            "4B/3A/3B",
            "4B/2A/5B/6B",
            "4B/4A/3A/3B",
            "x3B:4B/3A",
        ];
        let mut errors = 0;
        for game in GameKind::ALL {
            for token in tokens {
                let Err(e) = Move::parse(game, token) else {
                    continue;
                };
                errors += 1;
                let mut cited: Vec<String> = Vec::new();
                for c in rulebook::citations(&e.message) {
                    let rules = match &c.last {
                        Some(last) => book.range(&c.id, last).unwrap_or_default(),
                        None => book.rule(&c.id).into_iter().collect(),
                    };
                    cited.extend(rules.into_iter().map(|r| r.id.clone()));
                }
                let given: Vec<String> = e.rules.iter().map(ToString::to_string).collect();
                assert_eq!(given, cited, "{game} {token}: {}", e.message);
            }
        }
        assert!(errors > 40, "{errors}");
    }
}
