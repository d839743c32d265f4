//! What can be wrong with a record, located by byte span in the record's text. Spans become
//! file:line:column only when rendered ([`crate::render`]).
//!
//! A problem carries its cause as a value ([`Cause`]: the rules core's own reason where the rules
//! refuse something) and where it stands as values (its rule, ply, token, the variation it is
//! in); its words are made once, where it is found, and its `Display` puts them together. Code
//! branches on the values, never on the words.

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

/// Why a record has a problem, as a value: what the rules core refused, with its reason, or a
/// finding of the notation itself, which its kind ([`ProblemKind`]) and its words say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The notation's own finding: the bytes, the grammar, a tag, a move number, an annotation
    /// that does not hold, a result that is not the match's while it goes on.
    Notation,
    /// A token that is not a move of the game.
    Token(rules_core::TokenError),
    /// A move the rules refuse, and why.
    Refused(rules_core::notes::Refusal),
    /// A start position that is no position of its game: every reason, each with its rule.
    Setup(rules_core::SetupError),
    /// A round boundary the rules refuse, and why.
    Round(rules_core::notes::RoundReason),
    /// The match is over (a round boundary after its end, another result): how it ended.
    MatchOver(rules_core::MatchResult),
}

impl Cause {
    /// Whether the words made from the cause name the problem's rule themselves: a set-up's
    /// reasons each with its rule (`... (B3)`), a match's end with the rule that ends it
    /// (`A wins (B13: ...)`). The rule is then not written again after them.
    #[must_use]
    pub fn names_its_rule(&self) -> bool {
        matches!(self, Cause::Setup(_) | Cause::MatchOver(_))
    }
}

/// One problem of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What kind.
    pub kind: ProblemKind,
    /// Where, in bytes of the record's text; `None` when the record has no text (JSON input).
    pub span: Option<Range<usize>>,
    /// Why, in words: expected vs found, or the rule's reason; made once from [`Problem::cause`]
    /// where the problem is found. [`Problem`]'s `Display` adds the variation it is in, the
    /// rule and the hint.
    pub message: String,
    /// Why, as a value.
    pub cause: Cause,
    /// The rule that forbids it, where one does.
    pub rule: Option<rules_core::Rule>,
    /// The ply it concerns, counted from 1.
    pub ply: Option<u32>,
    /// The token it concerns.
    pub token: Option<String>,
    /// Line and column in the file, for a problem found before the record could be read as text
    /// (bad bytes), which therefore has no span.
    pub at: Option<(usize, usize)>,
    /// The ply a variation (spec/notation.md §6.4) replaces, when the problem is found in one:
    /// in the innermost variation, when they nest.
    pub variation: Option<u32>,
    /// What would set it right, said after the rule (an annotation's: which moves it would fit);
    /// empty for none.
    pub hint: String,
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
            cause: Cause::Notation,
            rule: None,
            ply: None,
            token: None,
            at: None,
            variation: None,
            hint: String::new(),
        }
    }

    /// The same, with its cause.
    #[must_use]
    pub fn cause(mut self, cause: Cause) -> Problem {
        self.cause = cause;
        self
    }

    /// The same, with a hint said after its rule.
    #[must_use]
    pub fn hint(mut self, hint: impl Into<String>) -> Problem {
        self.hint = hint.into();
        self
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

/// `in a variation of ply N: ` (the variation it is in), the words, ` (RULE)` unless they name
/// it, the hint.
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.variation {
            write!(f, "in a variation of ply {n}: ")?;
        }
        f.write_str(&self.message)?;
        if let Some(r) = self.rule
            && !self.cause.names_its_rule()
        {
            write!(f, " ({r})")?;
        }
        f.write_str(&self.hint)
    }
}
