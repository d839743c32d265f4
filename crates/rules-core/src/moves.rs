//! Moves: one decision of one player, a ply (rules README §6.1), and their tokens
//! (`spec/notation.md` §5): one token per ply, no space inside, read and written here. The
//! lexical forms are shared by all games; which forms a game uses is checked here too, so that a
//! record of one game carrying another game's tokens is reported as such. Redu's tokens are read
//! by its own module. Whether a well-formed move is legal is `Position::play`'s business.

use crate::games::redu::moves::{
    EXPECTED as REDU_EXPECTED, ReduToken, parse_token as parse_redu_token,
};
use crate::geometry::{Hole, hole};
use crate::options::GameKind;
use crate::player::{Dir, Player};
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::one_of;
use nom::combinator::{eof, map, opt};
use nom::{IResult, Parser};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

pub use crate::games::redu::{Letter, Letters, ReduSow};

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

impl Move {
    /// What a game's moves look like, for messages.
    #[must_use]
    pub const fn expected_tokens(game: GameKind) -> &'static str {
        match game {
            GameKind::Bechi => {
                "a start hole such as 3B (2B+ or 2B- for the 2x3 middle hole) or pass"
            }
            GameKind::Giuthi => "a start hole and direction such as 2B- or 7A+, or pass",
            GameKind::SulusNishtaw => "open or a start hole such as 6B",
            GameKind::Uugg => "a start hole such as 3B, or pass",
            GameKind::Redu => REDU_EXPECTED,
        }
    }

    /// Reads one move token of `game`.
    ///
    /// # Errors
    /// The token is not a move token, or not one of this game's kinds of token.
    pub fn parse(game: GameKind, token: &str) -> Result<Move, TokenError> {
        let err = |message: String| TokenError {
            token: token.to_owned(),
            message,
        };
        let expected = Move::expected_tokens(game);
        let name = game.name();
        let f = match game {
            GameKind::Redu => {
                return match parse_redu_token(token).map_err(err)? {
                    ReduToken::Capture(hole) => Ok(Move::ReduCapture { hole }),
                    ReduToken::Penalty(hole) => Ok(Move::ReduPenalty { hole }),
                    ReduToken::Sow(s) => Ok(Move::ReduSow(s)),
                };
            }
            _ => form(token).ok_or_else(|| {
                err(format!(
                    "`{token}` is not a {name} move: expected {expected}"
                ))
            })?,
        };
        match (game, f) {
            (GameKind::SulusNishtaw, Form::Pass) => Err(err(format!(
                "`{token}`: Sulus Nishtaw has no passes (S15); a {name} move is {expected}"
            ))),
            (GameKind::SulusNishtaw, Form::Sow(_, Some(Dir::Cw))) => Err(err(format!(
                "`{token}`: Sulus Nishtaw sows counterclockwise only (S1); write the hole alone"
            ))),
            (GameKind::Uugg, Form::Sow(_, Some(Dir::Cw))) => Err(err(format!(
                "`{token}`: Uugg sows counterclockwise only (U2); write the hole alone"
            ))),
            (GameKind::SulusNishtaw, Form::Open) => Ok(Move::Open),
            (_, Form::Open) => Err(err(format!(
                "`{token}` is the opening, a Sulus Nishtaw move; a {name} move is {expected}"
            ))),
            (_, Form::Pass) => Ok(Move::Pass),
            (_, Form::Sow(hole, dir)) => Ok(Move::Sow { hole, dir }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn tokens_parse_per_game() {
        let h = |s: &str| s.parse::<Hole>().unwrap();
        assert_eq!(
            Move::parse(GameKind::Giuthi, "2B-"),
            Ok(Move::sow_dir(h("2B"), Dir::Cw))
        );
        assert_eq!(
            Move::parse(GameKind::Giuthi, "10A+"),
            Ok(Move::sow_dir(h("10A"), Dir::Ccw))
        );
        assert_eq!(Move::parse(GameKind::Bechi, "3B"), Ok(Move::sow(h("3B"))));
        assert_eq!(Move::parse(GameKind::Bechi, "pass"), Ok(Move::Pass));
        assert_eq!(Move::parse(GameKind::SulusNishtaw, "open"), Ok(Move::Open));
        assert_eq!(
            Move::parse(GameKind::SulusNishtaw, "6B+"),
            Ok(Move::sow_dir(h("6B"), Dir::Ccw))
        );
        for (g, t) in [
            (GameKind::Giuthi, "open"),
            (GameKind::SulusNishtaw, "pass"),
            (GameKind::Uugg, "3B-"),
            (GameKind::Bechi, "3C"),
            (GameKind::Bechi, "3B+x"),
            (GameKind::Bechi, "0B"),
            (GameKind::Bechi, ""),
        ] {
            assert!(Move::parse(g, t).is_err(), "{g} {t}");
        }
        assert_eq!(
            Move::parse(GameKind::Giuthi, "open").unwrap_err().message,
            "`open` is the opening, a Sulus Nishtaw move; a giuthi move is a start hole and direction such as 2B- or 7A+, or pass"
        );
    }

    #[test]
    fn canonical_tokens_round_trip() {
        for (g, t) in [
            (GameKind::Giuthi, "7A+"),
            (GameKind::Bechi, "4B"),
            (GameKind::Bechi, "pass"),
        ] {
            assert_eq!(Move::parse(g, t).unwrap().to_string(), t);
        }
    }

    #[test]
    fn redu_tokens_parse_and_round_trip() {
        let g = GameKind::Redu;
        for t in [
            "4B", "4B+", "4B-", "2B3B+", "2B3B-", "3A+o", "4B+bdh", "4B-hwd", "x3B", "x3B:5B+",
            "x3B:4B", "p4B", "4B~", "x3B:4B~", "6B+ddddw",
        ] {
            assert_eq!(Move::parse(g, t).unwrap().to_string(), t, "{t}");
        }
        // Singletons are read in either order and written lower hole first.
        assert_eq!(Move::parse(g, "3B2B+").unwrap().to_string(), "2B3B+");
        // The long form becomes the decisions it implies, every entry written out.
        assert_eq!(
            Move::parse(g, "4B/2A/5B/1A/5B/2A/4A/3B/5A")
                .unwrap()
                .to_string(),
            "4B+ddbdhd"
        );
        assert_eq!(
            Move::parse(g, "3A/4B/4A/3B/5A/2B/6A").unwrap().to_string(),
            "3A+oddd"
        );
        assert_eq!(Move::parse(g, "4B/3A").unwrap().to_string(), "4B");
        assert_eq!(Move::parse(g, "4B/4A/3B").unwrap().to_string(), "4B-");
        assert_eq!(Move::parse(g, "2B3B/3A/4B").unwrap().to_string(), "2B3B+");
        assert_eq!(Move::parse(g, "3B2B/3A/4B").unwrap().to_string(), "2B3B+");
        assert_eq!(Move::parse(g, "3B2B/6A/1B").unwrap().to_string(), "2B3B-");
        for bad in [
            "4B/4A",
            "4B-/2A/5B",
            "4B/2A/5B/6B/1A",
            "4B/1A/5B",
            "4B>2A>5B",
            "4B/",
            "pass",
            "4B+x",
            "4Bo+",
            "x3B:",
            "p4B+",
        ] {
            let e = Move::parse(g, bad);
            assert!(e.is_err(), "{bad}: {e:?}");
        }
        assert_eq!(
            Move::parse(g, "4B/4A").unwrap_err().message,
            "`4B/4A`: a single seed goes into the opposite hole 3A (R4), not 4A"
        );
        // Moves serialise (JSON) and come back.
        #[cfg(feature = "serde")]
        {
            for t in ["x3B:4B+dhb~", "x3B", "p4B", "2B3B-"] {
                let m = Move::parse(g, t).unwrap();
                let json = serde_json::to_string(&m).unwrap();
                assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), m, "{json}");
            }
            assert_eq!(
                serde_json::to_string(&Move::parse(g, "4B+bdh").unwrap()).unwrap(),
                r#"{"kind":"redu-sow","start":"4B","dir":"+","letters":"bdh"}"#
            );
        }
        // Redu tokens are not moves of the other games.
        assert!(Move::parse(GameKind::Giuthi, "4B+bdh").is_err());
    }
}
