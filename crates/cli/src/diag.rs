//! Standard error, the one way the tool talks to people about problems. Writing there never fails
//! a run and never panics: a closed or full stderr (`2>&1 | head -1`, `2>/dev/full`) loses the
//! message, and the run goes on to the exit status it would have had (issue 13). `eprintln!`
//! would panic instead, and a panic while reporting a panic aborts: the binary's lints forbid it
//! (`clippy::print_stderr`).
//!
//! What can hold input is shown through `notation::text`: control characters escaped, long words
//! shortened.

use notation::text::{for_people, for_terminal};
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

/// `mancala: warning: MESSAGE`.
pub fn warning(message: impl Display) {
    write(format!("mancala: warning: {}\n", for_people(&message.to_string())).as_bytes());
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

/// Reports a bad position on stderr, with the `mancala rules` command that prints the rules its
/// message cites.
pub fn report_position(message: &str) {
    error(message);
    let ids = cited(message);
    if !ids.is_empty() {
        see(&format!("mancala rules {}", ids.join(" ")));
    }
}

/// The rule IDs a message cites, each once.
pub(crate) fn cited(message: &str) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for c in rulebook::citations(message) {
        if !ids.contains(&c.id) {
            ids.push(c.id);
        }
    }
    ids
}
