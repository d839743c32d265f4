//! Colour in text output. `--color auto` leaves the choice to `anstream`, as clap's own output
//! does: colour on a terminal, none in pipes or files, none with `NO_COLOR` set (no-color.org) or
//! `TERM=dumb`, and colour anyway with `CLICOLOR_FORCE` set; `--color always` and `never` decide.

use crate::cli::ColorWhen;

/// What a piece of text is, for its colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Paint {
    /// Player A's holes and name.
    A,
    /// Player B's holes and name.
    B,
    /// A rule ID.
    Rule,
    /// A mark (chosen, claim, uugg) or a right.
    Mark,
    /// A heading.
    Heading,
    /// Secondary text: hole names, position strings.
    Dim,
}

/// Whether to colour, decided once per run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Style {
    /// Colour is on.
    pub on: bool,
}

impl Style {
    /// No colour.
    pub const PLAIN: Style = Style { on: false };

    /// `--color` with the environment and standard output (see the module's note).
    pub fn detect(when: ColorWhen) -> Style {
        Style {
            on: match when {
                ColorWhen::Always => true,
                ColorWhen::Never => false,
                ColorWhen::Auto => {
                    anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never
                }
            },
        }
    }

    /// `text` in the colour of `what`, or unchanged when colour is off.
    pub fn paint(self, what: Paint, text: &str) -> String {
        if !self.on || text.is_empty() {
            return text.to_owned();
        }
        let code = match what {
            Paint::A => "34",
            Paint::B => "33",
            Paint::Rule => "2;36",
            Paint::Mark => "35",
            Paint::Heading => "1",
            Paint::Dim => "2",
        };
        format!("\x1b[{code}m{text}\x1b[0m")
    }

    /// Colours every rule ID in parentheses, `(B9)`, `(R13, R14)`, in a line of text.
    pub fn rules(self, line: &str) -> String {
        if !self.on {
            return line.to_owned();
        }
        let mut out = String::new();
        let mut rest = line;
        while let Some(open) = rest.find('(') {
            let Some(close) = rest[open..].find(')').map(|c| open + c) else {
                break;
            };
            let inner = &rest[open + 1..close];
            let is_rules = !inner.is_empty()
                && inner.split(", ").all(|id| {
                    let mut c = id.chars();
                    matches!(c.next(), Some('B' | 'G' | 'S' | 'U' | 'R'))
                        && id.len() <= 4
                        && id[1..].chars().next().is_some_and(|d| d.is_ascii_digit())
                });
            out.push_str(&rest[..open]);
            if is_rules {
                out.push_str(&self.paint(Paint::Rule, &rest[open..=close]));
            } else {
                out.push_str(&rest[open..=close]);
            }
            rest = &rest[close + 1..];
        }
        out.push_str(rest);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_unchanged_and_rules_are_coloured() {
        assert_eq!(Style::PLAIN.paint(Paint::A, "4A"), "4A");
        assert_eq!(Style::PLAIN.rules("x (B9)"), "x (B9)");
        let on = Style { on: true };
        assert_eq!(on.rules("x (B9) y"), "x \x1b[2;36m(B9)\x1b[0m y");
        assert_eq!(
            on.rules("(a note) (R13, R14)"),
            "(a note) \x1b[2;36m(R13, R14)\x1b[0m"
        );
        assert_eq!(on.rules("(R19a)"), "\x1b[2;36m(R19a)\x1b[0m");
    }
}
