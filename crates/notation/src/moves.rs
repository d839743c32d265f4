//! Move tokens (`spec/notation.md` §5): one token per ply, no space inside.
//!
//! The lexical forms are shared by all games; which forms a game uses is checked here, so that a
//! record of one game carrying another game's tokens is reported as such. Whether a well-formed
//! move is legal is the rules core's business (`Position::play`).

use crate::syntax::{PErr, label};
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, digit1, one_of};
use nom::combinator::{eof, map, opt, recognize};
use nom::multi::{many0, many1};
use nom::sequence::preceded;
use nom::{IResult, Parser};
use rules_core::{Dir, GameKind, Hole, Letter, Letters, Move, ReduSow};
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

/// The common tokens read without the parser: `pass`, `open`, and a hole of one or two digits
/// (not 0) with an optional sign, which is exactly what [`form`] reads from them. `None` for
/// anything else, which [`form`] then reads (or rejects with its message).
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
        b'A' => rules_core::Player::A,
        b'B' => rules_core::Player::B,
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

fn form(i: &str) -> IResult<&str, Form, PErr<'_>> {
    if let Some(f) = quick_form(i) {
        return Ok(("", f));
    }
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

/// The lexical form of a Redu token (spec/notation.md §5, Redu).
#[derive(Clone, Debug, PartialEq, Eq)]
enum ReduForm {
    /// `x3B`: a capture ply.
    Capture(Hole),
    /// `p4B`: a penalty claim.
    Penalty(Hole),
    /// A sowing, possibly prefixed by an O1 capture.
    Sow(ReduSowForm),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct ReduSowForm {
    capture: Option<Hole>,
    start: Hole,
    second: Option<Hole>,
    dir: Option<Dir>,
    special: bool,
    letters: Vec<Letter>,
    path: Option<Vec<Hole>>,
    forgotten: bool,
}

fn direction(i: &str) -> IResult<&str, Dir, PErr<'_>> {
    map(one_of("+-"), |c| Dir::from_sign(c).expect("+ or -")).parse(i)
}

fn redu_sowing(i: &str) -> IResult<&str, ReduSowForm, PErr<'_>> {
    let letters = map(
        (
            opt(char('o')),
            many0(map(one_of("dhwb"), |c| {
                Letter::from_char(c).expect("one of dhwb")
            })),
        ),
        |(o, l)| (o.is_some(), l, None),
    );
    let long = map(
        label(
            "the long form: / and the sown holes, such as /3A/5B",
            many1(preceded(char('/'), hole)),
        ),
        |p| (false, Vec::new(), Some(p)),
    );
    map(
        (
            hole,
            opt(hole),
            opt(direction),
            alt((long, letters)),
            opt(char('~')),
        ),
        |(start, second, dir, (special, letters, path), f)| ReduSowForm {
            capture: None,
            start,
            second,
            dir,
            special,
            letters,
            path,
            forgotten: f.is_some(),
        },
    )
    .parse(i)
}

fn redu_form(i: &str) -> IResult<&str, ReduForm, PErr<'_>> {
    let prefixed = map(
        (char('x'), hole, opt(preceded(char(':'), redu_sowing))),
        |(_, h, sow)| match sow {
            None => ReduForm::Capture(h),
            Some(mut s) => {
                s.capture = Some(h);
                ReduForm::Sow(s)
            }
        },
    );
    let (rest, f) = alt((
        prefixed,
        map(preceded(char('p'), hole), ReduForm::Penalty),
        map(redu_sowing, ReduForm::Sow),
    ))
    .parse(i)?;
    let (rest, _) = label("the end of the move", eof).parse(rest)?;
    Ok((rest, f))
}

/// Reads a Redu token.
fn parse_redu(token: &str) -> Result<Move, String> {
    let f = match redu_form(token) {
        Ok((_, f)) => f,
        Err(_) if token == "pass" => {
            return Err(
                "`pass`: Redu has no passes (R30): a player who cannot sow ends the game (R27)"
                    .to_owned(),
            );
        }
        Err(_) => {
            return Err(format!(
                "`{token}` is not a redu move: expected {}",
                expected_tokens(GameKind::Redu)
            ));
        }
    };
    match f {
        ReduForm::Capture(hole) => Ok(Move::ReduCapture { hole }),
        ReduForm::Penalty(hole) => Ok(Move::ReduPenalty { hole }),
        ReduForm::Sow(s) => {
            if let Some(path) = &s.path {
                let mut m =
                    ReduSow::from_path(s.capture, s.start, s.second, s.dir, path, s.forgotten)
                        .map_err(|e| format!("`{token}`: {e}"))?;
                // Two singletons are written lower hole first; either order is read.
                if let Some(h2) = m.second
                    && h2 < m.start
                {
                    m.second = Some(m.start);
                    m.start = h2;
                }
                return Ok(Move::ReduSow(m));
            }
            let mut letters = Letters::EMPTY;
            for l in &s.letters {
                if !letters.push(*l) {
                    return Err(format!(
                        "`{token}`: more than {} decision letters",
                        Letters::MAX
                    ));
                }
            }
            // Two singletons are written lower hole first; either order is read.
            let (start, second) = match s.second {
                Some(h2) if h2 < s.start => (h2, Some(s.start)),
                other => (s.start, other),
            };
            Ok(Move::ReduSow(ReduSow {
                capture: s.capture,
                start,
                second,
                dir: s.dir,
                special: s.special,
                letters,
                seeds: None,
                forgotten: s.forgotten,
            }))
        }
    }
}

/// What a game's moves look like, for messages.
#[must_use]
pub fn expected_tokens(game: GameKind) -> &'static str {
    match game {
        GameKind::Bechi => "a start hole such as 3B (2B+ or 2B- for the 2x3 middle hole) or pass",
        GameKind::Giuthi => "a start hole and direction such as 2B- or 7A+, or pass",
        GameKind::SulusNishtaw => "open or a start hole such as 6B",
        GameKind::Uugg => "a start hole such as 3B, or pass",
        GameKind::Redu => {
            "a Redu move (spec/notation.md §5.5): a sowing such as 4B, 4B+, 4B-hwd, 2B3B+ or 4B/2A/5B/6B, an O1 capture and sowing such as x3B:5B+, or a capture such as x3B"
        }
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
    if game == GameKind::Redu {
        return parse_redu(token).map_err(err);
    }
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
        (GameKind::Redu, _) => unreachable!("Redu tokens are read by parse_redu"),
        (_, Form::Pass) => Ok(Move::Pass),
        (_, Form::Sow(hole, dir)) => Ok(Move::Sow { hole, dir }),
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
            let slow = {
                let sow = map((hole, opt(one_of("+-"))), |(h, d)| {
                    Form::Sow(h, d.and_then(Dir::from_sign))
                });
                alt((
                    map(tag("pass"), |_| Form::Pass),
                    map(tag("open"), |_| Form::Open),
                    sow,
                ))
                .parse(t.as_str())
                .ok()
                .filter(|(rest, _)| rest.is_empty())
                .map(|(_, f)| f)
            };
            if let Some(q) = quick_form(&t) {
                assert_eq!(Some(q), slow, "{t}");
            }
        }
    }

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

    #[test]
    fn redu_tokens_parse_and_round_trip() {
        let g = GameKind::Redu;
        for t in [
            "4B", "4B+", "4B-", "2B3B+", "2B3B-", "3A+o", "4B+bdh", "4B-hwd", "x3B", "x3B:5B+",
            "x3B:4B", "p4B", "4B~", "x3B:4B~", "6B+ddddw",
        ] {
            assert_eq!(parse_move(g, t).unwrap().to_string(), t, "{t}");
        }
        // Singletons are read in either order and written lower hole first.
        assert_eq!(parse_move(g, "3B2B+").unwrap().to_string(), "2B3B+");
        // The long form becomes the decisions it implies, every entry written out.
        assert_eq!(
            parse_move(g, "4B/2A/5B/1A/5B/2A/4A/3B/5A")
                .unwrap()
                .to_string(),
            "4B+ddbdhd"
        );
        assert_eq!(
            parse_move(g, "3A/4B/4A/3B/5A/2B/6A").unwrap().to_string(),
            "3A+oddd"
        );
        assert_eq!(parse_move(g, "4B/3A").unwrap().to_string(), "4B");
        assert_eq!(parse_move(g, "4B/4A/3B").unwrap().to_string(), "4B-");
        assert_eq!(parse_move(g, "2B3B/3A/4B").unwrap().to_string(), "2B3B+");
        assert_eq!(parse_move(g, "3B2B/3A/4B").unwrap().to_string(), "2B3B+");
        assert_eq!(parse_move(g, "3B2B/6A/1B").unwrap().to_string(), "2B3B-");
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
            let e = parse_move(g, bad);
            assert!(e.is_err(), "{bad}: {e:?}");
        }
        assert_eq!(
            parse_move(g, "4B/4A").unwrap_err().message,
            "`4B/4A`: a single seed goes into the opposite hole 3A (R4), not 4A"
        );
        // Moves serialise (JSON) and come back.
        for t in ["x3B:4B+dhb~", "x3B", "p4B", "2B3B-"] {
            let m = parse_move(g, t).unwrap();
            let json = serde_json::to_string(&m).unwrap();
            assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), m, "{json}");
        }
        assert_eq!(
            serde_json::to_string(&parse_move(g, "4B+bdh").unwrap()).unwrap(),
            r#"{"kind":"redu-sow","start":"4B","dir":"+","letters":"bdh"}"#
        );
        // Redu tokens are not moves of the other games.
        assert!(parse_move(GameKind::Giuthi, "4B+bdh").is_err());
    }
}
