//! Moves: one decision of one player, a ply (rules README §6.1), and their tokens
//! (`spec/notation.md` §5): one token per ply, no space inside, read and written here. The
//! lexical forms are shared by all games; which forms a game uses is checked here too, so that a
//! record of one game carrying another game's tokens is reported as such. Redu's tokens are read
//! by its own module. Whether a well-formed move is legal is `Position::play`'s business.

use crate::geometry::{Hole, hole};
use crate::player::{Dir, Player};
use crate::rule::Rule;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::one_of;
use nom::combinator::{eof, map, opt};
use nom::{IResult, Parser};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

pub use crate::games::redu::moves::{FormError, Letter, Letters, ReduSow};

/// Which of the notation's common move tokens a game takes (`spec/notation.md` §5), and what its
/// moves look like, for messages. A game with tokens of its own reads them itself
/// ([`crate::GameOptions::parse_move`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Tokens {
    /// What a move of the game looks like, for messages: "a start hole such as 3B, or pass".
    pub expected: &'static str,
    /// The rule that says the game has no passes, if it has none (Sulus Nishtaw S15).
    pub no_pass: Option<Rule>,
    /// The rule by which the game sows counterclockwise only, if it does (S1, U2): a token with
    /// `-` is then no move of the game.
    pub ccw_only: Option<Rule>,
}

/// A ply. Several decision strings may lead to one outcome (README §6.2); the position's
/// `legal_moves` yields each outcome once, in its canonical spelling, and `play` accepts any legal
/// spelling.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "kebab-case"))]
pub enum Move {
    /// A forced pass, in the games that have passes (B5, G5, U14).
    Pass,
    /// The opening of a Sulus Nishtaw round (S4, S6).
    Open,
    /// A sowing from one hole. `dir` is `None` where the rules fix the direction (Bechi holes other
    /// than the 2×3 middle hole, Sulus Nishtaw, Uugg) and the direction chosen or written otherwise.
    Sow {
        /// The start hole.
        hole: Hole,
        /// The direction, when it is a choice or was written.
        #[cfg_attr(
            feature = "serde",
            serde(default, skip_serializing_if = "Option::is_none")
        )]
        dir: Option<Dir>,
    },
    /// A Redu sowing ply (redu.md R3–R18), possibly with an O1 capture prefix (R22) or, in
    /// lenient validation only, a forgotten M1 capture (R25).
    ReduSow(ReduSow),
    /// A Redu capture ply (R23, R24): the holder of the pending right takes its seed from `hole`.
    ReduCapture {
        /// The hole of the right, in the capturer's row.
        hole: Hole,
    },
    /// A Redu penalty claim (R26), lenient validation only: the player to move names the
    /// opponent's singleton `hole` that would have captured (M1).
    ReduPenalty {
        /// The opponent's singleton.
        hole: Hole,
    },
}

impl Move {
    /// A sowing from `hole` with its direction left implicit.
    #[must_use]
    pub const fn sow(hole: Hole) -> Move {
        Move::Sow { hole, dir: None }
    }

    /// A sowing from `hole` in direction `dir`.
    #[must_use]
    pub const fn sow_dir(hole: Hole, dir: Dir) -> Move {
        Move::Sow {
            hole,
            dir: Some(dir),
        }
    }
}

impl fmt::Display for Move {
    /// The move token of the notation standard (`spec/notation.md`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => f.write_str("pass"),
            Move::Open => f.write_str("open"),
            Move::Sow { hole, dir: None } => write!(f, "{hole}"),
            Move::Sow { hole, dir: Some(d) } => write!(f, "{hole}{d}"),
            Move::ReduSow(s) => write!(f, "{s}"),
            Move::ReduCapture { hole } => write!(f, "x{hole}"),
            Move::ReduPenalty { hole } => write!(f, "p{hole}"),
        }
    }
}

/// A token that is not a move of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenError {
    /// The token.
    pub token: String,
    /// What is wrong, with what was expected.
    pub message: String,
    /// The rules the message names, in its order (Redu's forms rest on rules: `4B/4A` breaks R4).
    pub rules: Vec<Rule>,
}

impl fmt::Display for TokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TokenError {}

/// The lexical form of a token of the games other than Redu, before the game is considered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Pass,
    Open,
    Sow(Hole, Option<Dir>),
}

/// The common tokens read without the parser: `pass`, `open`, and a hole of one or two digits
/// (not 0) with an optional sign, which is exactly what [`form`] reads from them. `None` for
/// anything else, which [`form`] then reads (or rejects).
fn quick_form(i: &str) -> Option<Form> {
    match i {
        "pass" => return Some(Form::Pass),
        "open" => return Some(Form::Open),
        _ => {}
    }
    let b = i.as_bytes();
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if !(1..=2).contains(&digits) {
        return None;
    }
    let number = b[..digits].iter().fold(0u8, |n, &c| n * 10 + (c - b'0'));
    let side = match b.get(digits)? {
        b'A' => Player::A,
        b'B' => Player::B,
        _ => return None,
    };
    let dir = match &b[digits + 1..] {
        [] => None,
        [b'+'] => Some(Dir::Ccw),
        [b'-'] => Some(Dir::Cw),
        _ => return None,
    };
    (number > 0).then_some(Form::Sow(Hole::new(number, side), dir))
}

/// The parser of the common tokens, for what [`quick_form`] does not read.
fn slow_form(i: &str) -> IResult<&str, Form> {
    let sow = map((hole, opt(one_of("+-"))), |(h, d)| {
        Form::Sow(h, d.and_then(Dir::from_sign))
    });
    alt((
        map(tag("pass"), |_| Form::Pass),
        map(tag("open"), |_| Form::Open),
        sow,
    ))
    .parse(i)
}

fn form(i: &str) -> Option<Form> {
    if let Some(f) = quick_form(i) {
        return Some(f);
    }
    let (rest, f) = slow_form(i).ok()?;
    eof::<_, nom::error::Error<&str>>(rest).ok()?;
    Some(f)
}

/// `token` with what is written in the wrong case set right, or `None` when nothing is: a hole's
/// side after its number in upper case (`3b` → `3B`, `x3b:5b+` → `x3B:5B+`), and a token that is
/// a word in any case in lower case (`Pass` → `pass`).
pub(crate) fn case_fixed(token: &str) -> Option<String> {
    let lower = token.to_ascii_lowercase();
    if ["pass", "open"].contains(&lower.as_str()) {
        return (lower != token).then_some(lower);
    }
    let mut out = String::with_capacity(token.len());
    let mut after_digit = false;
    for c in token.chars() {
        out.push(if after_digit && matches!(c, 'a' | 'b') {
            c.to_ascii_uppercase()
        } else {
            c
        });
        after_digit = c.is_ascii_digit();
    }
    (out != token).then_some(out)
}

/// Reads a token of a game whose moves are the common tokens (every game but Redu): the forms
/// `tokens` allows, for the game `(name, title)`; `opening`: whether the game has an opening,
/// and `openers` the games that have one, for the message about an `open` of another game.
pub(crate) fn parse_common(
    token: &str,
    (name, title): (&str, &str),
    tokens: Tokens,
    opening: bool,
    openers: &str,
) -> Result<Move, TokenError> {
    let err_citing = |message: String, rules: Vec<Rule>| TokenError {
        token: token.to_owned(),
        message,
        rules,
    };
    let err = |message: String| err_citing(message, Vec::new());
    let expected = tokens.expected;
    let f = form(token).ok_or_else(|| {
        err(format!(
            "`{token}` is not a {name} move: expected {expected}"
        ))
    })?;
    match f {
        Form::Pass => match tokens.no_pass {
            Some(rule) => Err(err_citing(
                format!("`{token}`: {title} has no passes ({rule}); a {name} move is {expected}"),
                vec![rule],
            )),
            None => Ok(Move::Pass),
        },
        Form::Sow(hole, dir) => match (tokens.ccw_only, dir) {
            (Some(rule), Some(Dir::Cw)) => Err(err_citing(
                format!(
                    "`{token}`: {title} sows counterclockwise only ({rule}); write the hole alone"
                ),
                vec![rule],
            )),
            _ => Ok(Move::Sow { hole, dir }),
        },
        Form::Open if opening => Ok(Move::Open),
        Form::Open => Err(err(format!(
            "`{token}` is the opening, a {openers} move; a {name} move is {expected}"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 37.5: `3b` said it is not a Bechi move, without the `3B` it meant.
    #[test]
    fn a_token_in_the_wrong_case_is_set_right() {
        assert_eq!(case_fixed("3b").as_deref(), Some("3B"));
        assert_eq!(case_fixed("2b+").as_deref(), Some("2B+"));
        assert_eq!(case_fixed("x3b:5b+").as_deref(), Some("x3B:5B+"));
        assert_eq!(case_fixed("4b-hwd").as_deref(), Some("4B-hwd"));
        assert_eq!(case_fixed("Pass").as_deref(), Some("pass"));
        assert_eq!(case_fixed("3B"), None);
        assert_eq!(case_fixed("pass"), None);
        assert_eq!(case_fixed("xyz"), None);
        let e = Move::parse(crate::GameKind::Bechi, "3b").unwrap_err();
        assert_eq!(
            e.message,
            "`3b` is not a bechi move: did you mean `3B`? (a hole's side is written A or B, in upper case)"
        );
        // Not a move in either case: the message says what a move is.
        let e = Move::parse(crate::GameKind::Bechi, "3c").unwrap_err();
        assert!(e.message.contains("expected a start hole"), "{}", e.message);
    }

    /// The quick reading of common tokens gives what the parser gives.
    #[test]
    fn quick_form_agrees_with_the_parser() {
        let mut tokens = vec!["pass".to_owned(), "open".to_owned(), String::new()];
        for n in ["0", "1", "5", "9", "00", "01", "10", "12", "99", "100", "x"] {
            for side in ["A", "B", "C", ""] {
                for sign in ["", "+", "-", "+-", "x"] {
                    tokens.push(format!("{n}{side}{sign}"));
                }
            }
        }
        for t in tokens {
            let slow = slow_form(&t)
                .ok()
                .filter(|(rest, _)| rest.is_empty())
                .map(|(_, f)| f);
            if let Some(q) = quick_form(&t) {
                assert_eq!(Some(q), slow, "{t}");
            }
        }
    }
}
