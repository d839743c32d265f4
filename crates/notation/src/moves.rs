//! Move tokens (`spec/notation.md` §5): one token per ply, no space inside.
//!
//! The lexical forms are shared by all games; which forms a game uses is checked here, so that a
//! record of one game carrying another game's tokens is reported as such. Whether a well-formed
//! move is legal is the rules core's business (`Position::play`).

use crate::syntax::{PErr, label};
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{digit1, one_of};
use nom::combinator::{eof, map, opt, recognize};
use nom::{IResult, Parser};
use rules_core::{Dir, GameKind, Hole, Move};
use std::fmt;

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

/// The lexical form of a token, before the game is considered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Pass,
    Open,
    Sow(Hole, Option<Dir>),
}

fn hole(i: &str) -> IResult<&str, Hole, PErr<'_>> {
    let (rest, text) =
        label("a hole name such as 3B", recognize((digit1, one_of("AB")))).parse(i)?;
    match text.parse::<Hole>() {
        Ok(h) => Ok((rest, h)),
        Err(_) => Err(nom::Err::Error(PErr {
            rest: i,
            expected: Some("a hole name such as 3B"),
        })),
    }
}

fn form(i: &str) -> IResult<&str, Form, PErr<'_>> {
    let sow = map((hole, opt(one_of("+-"))), |(h, d)| {
        Form::Sow(h, d.and_then(Dir::from_sign))
    });
    let (rest, f) = alt((
        map(tag("pass"), |_| Form::Pass),
        map(tag("open"), |_| Form::Open),
        sow,
    ))
    .parse(i)?;
    let (rest, _) = label("the end of the move", eof).parse(rest)?;
    Ok((rest, f))
}

/// What a game's moves look like, for messages.
#[must_use]
pub fn expected_tokens(game: GameKind) -> &'static str {
    match game {
        GameKind::Bechi => "a start hole such as 3B (2B+ or 2B- for the 2x3 middle hole) or pass",
        GameKind::Giuthi => "a start hole and direction such as 2B- or 7A+, or pass",
        GameKind::SulusNishtaw => "open or a start hole such as 6B",
        GameKind::Uugg => "a start hole such as 3B, or pass",
        GameKind::Redu => "a Redu move (spec/notation.md §5)",
    }
}

/// Reads one move token of `game`.
///
/// # Errors
/// The token is not a move token, or not one of this game's kinds of token.
pub fn parse_move(game: GameKind, token: &str) -> Result<Move, TokenError> {
    let err = |message: String| TokenError {
        token: token.to_owned(),
        message,
    };
    let f = match form(token) {
        Ok((_, f)) => f,
        Err(_) => {
            return Err(err(format!(
                "`{token}` is not a {} move: expected {}",
                game.name(),
                expected_tokens(game)
            )));
        }
    };
    let other = |what: &str, owner: &str| {
        err(format!(
            "`{token}` is {what}, a {owner} move; a {} move is {}",
            game.name(),
            expected_tokens(game)
        ))
    };
    match (game, f) {
        (GameKind::SulusNishtaw, Form::Pass) => Err(err(format!(
            "`{token}`: Sulus Nishtaw has no passes (S15); a {} move is {}",
            game.name(),
            expected_tokens(game)
        ))),
        (GameKind::SulusNishtaw, Form::Sow(_, Some(Dir::Cw))) => Err(err(format!(
            "`{token}`: Sulus Nishtaw sows counterclockwise only (S1); write the hole alone"
        ))),
        (GameKind::Uugg, Form::Sow(_, Some(Dir::Cw))) => Err(err(format!(
            "`{token}`: Uugg sows counterclockwise only (U2); write the hole alone"
        ))),
        (GameKind::SulusNishtaw, Form::Open) => Ok(Move::Open),
        (_, Form::Open) => Err(other("the opening", "Sulus Nishtaw")),
        (GameKind::Redu, _) => Err(err(format!(
            "`{token}`: Redu tokens are not implemented yet"
        ))),
        (_, Form::Pass) => Ok(Move::Pass),
        (_, Form::Sow(hole, dir)) => Ok(Move::Sow { hole, dir }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_parse_per_game() {
        let h = |s: &str| s.parse::<Hole>().unwrap();
        assert_eq!(
            parse_move(GameKind::Giuthi, "2B-"),
            Ok(Move::sow_dir(h("2B"), Dir::Cw))
        );
        assert_eq!(
            parse_move(GameKind::Giuthi, "10A+"),
            Ok(Move::sow_dir(h("10A"), Dir::Ccw))
        );
        assert_eq!(parse_move(GameKind::Bechi, "3B"), Ok(Move::sow(h("3B"))));
        assert_eq!(parse_move(GameKind::Bechi, "pass"), Ok(Move::Pass));
        assert_eq!(parse_move(GameKind::SulusNishtaw, "open"), Ok(Move::Open));
        assert_eq!(
            parse_move(GameKind::SulusNishtaw, "6B+"),
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
            assert!(parse_move(g, t).is_err(), "{g} {t}");
        }
        assert_eq!(
            parse_move(GameKind::Giuthi, "open").unwrap_err().message,
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
            assert_eq!(parse_move(g, t).unwrap().to_string(), t);
        }
    }
}
