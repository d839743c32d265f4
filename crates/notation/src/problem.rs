//! What can be wrong with a record, located by byte span in the record's text. Spans become
//! file:line:column only when rendered ([`crate::render`]).

use serde::Serialize;
use std::fmt;
use std::ops::Range;

/// The kinds of problem (`spec/notation.md` §9).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProblemKind {
    /// The bytes are not UTF-8.
    Encoding,
    /// The record is longer than the reader's limit.
    TooLarge,
    /// The text does not follow the grammar.
    Syntax,
    /// A tag is missing, repeated or has a bad value.
    Header,
    /// A position string cannot be read or is not a position of its game.
    Position,
    /// A token is not a move of the game.
    Token,
    /// A move the rules forbid.
    IllegalMove,
    /// A ply number that is not the ply's.
    Number,
    /// A checkable annotation the engine disagrees with.
    Annotation,
    /// A round boundary that cannot be made here.
    Round,
    /// A result terminator that is not the match's.
    Result,
}

impl ProblemKind {
    /// The name used in messages and JSON.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ProblemKind::Encoding => "encoding",
            ProblemKind::TooLarge => "too-large",
            ProblemKind::Syntax => "syntax",
            ProblemKind::Header => "header",
            ProblemKind::Position => "position",
            ProblemKind::Token => "token",
            ProblemKind::IllegalMove => "illegal-move",
            ProblemKind::Number => "number",
            ProblemKind::Annotation => "annotation",
            ProblemKind::Round => "round",
            ProblemKind::Result => "result",
        }
    }
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One problem of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What kind.
    pub kind: ProblemKind,
    /// Where, in bytes of the record's text; `None` when the record has no text (JSON input).
    pub span: Option<Range<usize>>,
    /// Why: expected vs found, or the rule's reason.
    pub message: String,
    /// The rule that forbids it, where one does.
    pub rule: Option<rules_core::Rule>,
    /// The ply it concerns, counted from 1.
    pub ply: Option<u32>,
    /// The token it concerns.
    pub token: Option<String>,
    /// Line and column in the file, for a problem found before the record could be read as text
    /// (bad bytes), which therefore has no span.
    pub at: Option<(usize, usize)>,
}

impl Problem {
    /// A problem with a span and a message.
    #[must_use]
    pub fn new(
        kind: ProblemKind,
        span: Option<Range<usize>>,
        message: impl Into<String>,
    ) -> Problem {
        Problem {
            kind,
            span,
            message: message.into(),
            rule: None,
            ply: None,
            token: None,
            at: None,
        }
    }

    /// The same, citing a rule.
    #[must_use]
    pub fn rule(mut self, rule: Option<rules_core::Rule>) -> Problem {
        self.rule = rule;
        self
    }

    /// The same, at a ply and token.
    #[must_use]
    pub fn at_ply(mut self, ply: Option<u32>, token: Option<&str>) -> Problem {
        self.ply = ply;
        self.token = token.map(str::to_owned);
        self
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some(r) = self.rule
            && !self.message.contains(&format!("({r}"))
        {
            write!(f, " ({r})")?;
        }
        Ok(())
    }
}
