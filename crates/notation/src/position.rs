//! Position strings (`spec/notation.md` §4): every state of a game on one line, FEN-like.
//!
//! ```text
//! bechi 6,6,6,6/6,6,6,6 B opener=B
//! giuthi 0,7,6,0,3,1,2,3/1,2,0,0,0,1,0,1 B store=4,0
//! ```
//!
//! The board is written as the rules files draw it: rows from the top, each row left to right as
//! B sees the board. Then the player to move, then the fields that differ from their defaults, in
//! a fixed order when printed and in any order when read.

use crate::syntax::{PErr, Span, found, label};
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, digit1, one_of, space1};
use nom::combinator::{cut, eof, map, opt, recognize};
use nom::multi::{many0, many1};
use nom::sequence::preceded;
use nom::{IResult, Parser};
use rules_core::{
    GameKind, Geometry, Hole, Mark, Player, Right, RightKind, Setup, StatedOptions, Variant, View,
};
use std::fmt::{self, Write as _};

/// A position string that cannot be read: where, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// Byte offset in the string.
    pub offset: usize,
    /// Length of the offending text (at least 1 when there is text, 0 at the end).
    pub len: usize,
    /// What is wrong.
    pub message: String,
}

/// A syntax error of the position string `text` as a [`PositionError`]: where the grammar
/// failed, the token found there, and what was expected.
fn syntax_error(e: &PErr<'_>, text: &str) -> PositionError {
    let offset = text.len() - e.rest.len();
    let len = e
        .rest
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(c, ',' | '/'))
        .map(char::len_utf8)
        .sum::<usize>()
        .max(usize::from(!e.rest.is_empty()));
    PositionError {
        offset,
        len,
        message: format!(
            "expected {}, found {}",
            e.expected.unwrap_or("something else"),
            found(e.rest)
        ),
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PositionError {}

/// One cell as written: a count and an optional mark character.
#[derive(Clone, Copy, Debug)]
struct Cell<'a> {
    span: &'a str,
    count: &'a str,
    mark: Option<char>,
}

#[derive(Debug)]
enum Field<'a> {
    Store([&'a str; 2]),
    Reserve([&'a str; 2]),
    Round(&'a str),
    Opener(char),
    Owners(Vec<Vec<char>>),
    Opening,
    Right(&'a str, &'a str),
}

fn cell(i: &str) -> IResult<&str, Cell<'_>, PErr<'_>> {
    let (rest, (count, mark)) = (label("a seed count", digit1), opt(one_of("*xab"))).parse(i)?;
    let span = &i[..i.len() - rest.len()];
    Ok((rest, Cell { span, count, mark }))
}

/// `first (sep rest)*` where everything after a separator must parse: errors point inside.
fn list1<'a, O>(
    sep: char,
    mut item: impl Parser<&'a str, Output = O, Error = PErr<'a>>,
) -> impl Parser<&'a str, Output = Vec<O>, Error = PErr<'a>> {
    move |mut i: &'a str| -> IResult<&'a str, Vec<O>, PErr<'a>> {
        let (rest, first) = item.parse(i)?;
        let mut out = vec![first];
        i = rest;
        while let Some(after) = i.strip_prefix(sep) {
            let (rest, next) = cut(|x| item.parse(x)).parse(after)?;
            out.push(next);
            i = rest;
        }
        Ok((i, out))
    }
}

fn board(i: &str) -> IResult<&str, Vec<Vec<Cell<'_>>>, PErr<'_>> {
    list1('/', list1(',', cell)).parse(i)
}

fn pair(i: &str) -> IResult<&str, [&str; 2], PErr<'_>> {
    map(
        (
            label("a number", digit1),
            char(','),
            label("a number", digit1),
        ),
        |(a, _, b)| [a, b],
    )
    .parse(i)
}

fn side(i: &str) -> IResult<&str, char, PErr<'_>> {
    label("the player to move, A or B", one_of("AB")).parse(i)
}

fn owners(i: &str) -> IResult<&str, Vec<Vec<char>>, PErr<'_>> {
    list1('/', many1(label("an owner, A or B", one_of("AB")))).parse(i)
}

fn field_kind(i: &str) -> IResult<&str, Field<'_>, PErr<'_>> {
    alt((
        map(preceded(tag("store="), cut(pair)), Field::Store),
        map(preceded(tag("reserve="), cut(pair)), Field::Reserve),
        map(
            preceded(tag("round="), cut(label("a round number", digit1))),
            Field::Round,
        ),
        map(preceded(tag("opener="), cut(side)), Field::Opener),
        map(preceded(tag("owners="), cut(owners)), Field::Owners),
        map(
            preceded(
                tag("right="),
                cut((
                    label("O1, O2 or O3", recognize((char('O'), one_of("123")))),
                    char(':'),
                    label("a hole name", recognize((digit1, one_of("AB")))),
                )),
            ),
            |(k, _, h)| Field::Right(k, h),
        ),
        map(tag("opening"), |_| Field::Opening),
    ))
    .parse(i)
}

/// A field with the text it spans.
fn field(i: &str) -> IResult<&str, (&str, Field<'_>), PErr<'_>> {
    let (rest, f) = label(
        "a field (store=, reserve=, round=, opener=, owners=, opening, right=)",
        field_kind,
    )
    .parse(i)?;
    Ok((rest, (&i[..i.len() - rest.len()], f)))
}

type Parsed<'a> = (&'a str, Vec<Vec<Cell<'a>>>, char, Vec<(&'a str, Field<'a>)>);

fn position_syntax(i: &str) -> IResult<&str, Parsed<'_>, PErr<'_>> {
    let ws = || take_while1(|c: char| c == ' ' || c == '\t');
    let (i, _) = opt(ws()).parse(i)?;
    let (i, game) = label(
        "a game name",
        take_while1(|c: char| c.is_ascii_alphabetic() || c == '-'),
    )
    .parse(i)?;
    let (i, _) = label("a space", space1).parse(i)?;
    let (i, rows) = board(i)?;
    let (i, _) = label("a space, then the player to move", space1).parse(i)?;
    let (i, to_move) = side(i)?;
    let (i, fields) = many0(preceded(ws(), field)).parse(i)?;
    let (i, _) = opt(ws()).parse(i)?;
    let (i, _) = label("the end of the position", eof).parse(i)?;
    Ok((i, (game, rows, to_move, fields)))
}

/// Reads a position string. `stated` are the rule options in force (a record's header, the command
/// line) when they are options of the string's game; the board's width gives the `holes` option
/// when they do not state it (§4.1).
///
/// # Errors
/// A syntax error, or a board, mark or field that the game cannot have. Legality beyond the shape
/// (seed totals, marks that cannot arise) is checked by [`rules_core::Position::from_setup`].
pub fn parse_position(text: &str, stated: Option<&StatedOptions>) -> Result<Setup, PositionError> {
    let at = |s: &str, message: String| PositionError {
        offset: Span::offset_in(text, s),
        len: s.len().max(1),
        message,
    };
    let (_, (game_s, rows, to_move, fields)) = match position_syntax(text) {
        Ok(ok) => ok,
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
            return Err(syntax_error(&e, text));
        }
        Err(nom::Err::Incomplete(_)) => unreachable!("complete parsers only"),
    };
    let game: GameKind = game_s
        .parse()
        .map_err(|e: rules_core::UnknownGame| at(game_s, e.to_string()))?;
    // Options stated for another game do not apply: the caller says the games differ.
    let stated = stated.filter(|o| o.variant().kind() == game);
    let mut variant = stated.map_or(Variant::default_for(game), StatedOptions::variant);
    let width = rows.first().map_or(0, Vec::len);
    let holes_given = stated.is_some_and(|o| o.is_stated("holes"));
    if variant.option_keys().contains(&"holes")
        && !holes_given
        && let Err(e) = variant.set_option("holes", &width.to_string())
    {
        let first = rows[0][0].span;
        return Err(at(
            first,
            format!(
                "a {game} board row has {} holes, not {width}: {e}",
                variant.option_values("holes").join(", ")
            ),
        ));
    }
    let g = variant.geometry();
    let layout = g.diagram_rows();
    if rows.len() != layout.len() || rows.iter().zip(&layout).any(|(r, l)| r.len() != l.len()) {
        let shape: Vec<String> = rows.iter().map(|r| r.len().to_string()).collect();
        let want: Vec<String> = layout.iter().map(|r| r.len().to_string()).collect();
        return Err(PositionError {
            offset: Span::offset_in(text, rows[0][0].span),
            len: 1,
            message: format!(
                "{variant} has rows of {} holes, the position gives rows of {}",
                want.join("/"),
                shape.join("/")
            ),
        });
    }
    let mut seeds = vec![0u32; g.len()];
    let mut marks = vec![None; g.len()];
    for (row, idx_row) in rows.iter().zip(&layout) {
        for (c, &i) in row.iter().zip(idx_row) {
            let n: u32 = c.count.parse().ok().filter(|n| *n <= 999).ok_or_else(|| {
                at(
                    c.count,
                    format!("expected a seed count of at most 999, found `{}`", c.count),
                )
            })?;
            seeds[i] = n;
            if let Some(m) = c.mark {
                let mark = mark_of(game, g, i, m).map_err(|msg| at(c.span, msg))?;
                marks[i] = Some(mark);
            }
        }
    }
    let mut setup = Setup {
        variant,
        seeds,
        owners: None,
        marks,
        stores: [0; 2],
        reserves: [0; 2],
        to_move: Player::from_letter(to_move).expect("parsed A or B"),
        round: 1,
        opener: None,
        opening_pending: false,
        right: None,
    };
    let mut seen: Vec<&str> = Vec::new();
    for (span, f) in &fields {
        let key = match f {
            Field::Store(_) => "store",
            Field::Reserve(_) => "reserve",
            Field::Round(_) => "round",
            Field::Opener(_) => "opener",
            Field::Owners(_) => "owners",
            Field::Opening => "opening",
            Field::Right(_, _) => "right",
        };
        if seen.contains(&key) {
            return Err(at(span, format!("field `{key}` is given twice")));
        }
        seen.push(key);
        let num = |s: &str| -> Result<u32, PositionError> {
            s.parse::<u32>()
                .ok()
                .filter(|n| *n <= 9999)
                .ok_or_else(|| at(s, format!("expected a number of at most 9999, found `{s}`")))
        };
        match f {
            Field::Store([a, b]) => setup.stores = [num(a)?, num(b)?],
            Field::Reserve([a, b]) => setup.reserves = [num(a)?, num(b)?],
            Field::Round(n) => setup.round = num(n)?,
            Field::Opener(c) => setup.opener = Player::from_letter(*c),
            Field::Opening => setup.opening_pending = true,
            Field::Owners(o) => {
                if o.len() != layout.len() || o.iter().zip(&layout).any(|(r, l)| r.len() != l.len())
                {
                    return Err(at(
                        span,
                        "owners= gives one letter per hole, in the rows of the board".to_owned(),
                    ));
                }
                let mut owners = vec![Player::A; g.len()];
                for (row, idx_row) in o.iter().zip(&layout) {
                    for (c, &i) in row.iter().zip(idx_row) {
                        owners[i] = Player::from_letter(*c).expect("parsed A or B");
                    }
                }
                // Ownership by rows is the default, written nowhere (§4.3): read it as such, so
                // that parse(write(parse(s))) = parse(s).
                setup.owners = owners
                    .iter()
                    .enumerate()
                    .any(|(i, p)| *p != g.row(i))
                    .then_some(owners);
            }
            Field::Right(k, h) => {
                let kind: RightKind = k.parse().unwrap_or(RightKind::O3);
                let hole: Hole = h
                    .parse()
                    .map_err(|_| at(h, format!("`{h}` is not a hole name")))?;
                if g.index(hole).is_none() {
                    return Err(at(span, format!("there is no hole {hole} on this board")));
                }
                setup.right = Some(Right { kind, hole });
            }
        }
    }
    Ok(setup)
}

/// The mark a mark character (`*`, `x`, `a`, `b`) stands for on the hole at `i`, in `game`
/// (the game says which characters it has: `GameKind::mark`): a claim or an uugg belongs to the
/// letter's player, a chosen or blocked hole to the hole's owner (`MarkKind::has_maker`).
pub(crate) fn mark_of(game: GameKind, g: Geometry, i: usize, m: char) -> Result<Mark, String> {
    let kind = game
        .mark(m)
        .map_err(|marks| format!("mark `{m}` on {}: {marks}", g.hole(i)))?;
    let owner = if kind.has_maker() {
        Player::from_letter(m).unwrap_or(Player::A)
    } else {
        g.row(i)
    };
    Ok(Mark { kind, owner })
}

/// What a position string and the JSON form are written from: the view of a checked position,
/// or an unchecked setup.
pub(crate) trait Fields {
    fn variant(&self) -> Variant;
    fn seed(&self, i: usize) -> u32;
    fn mark(&self, i: usize) -> Option<Mark>;
    fn owner(&self, i: usize) -> Player;
    /// Whether some hole is not its row's player's.
    fn owners_moved(&self) -> bool;
    fn to_move(&self) -> Player;
    fn stores(&self) -> [u32; 2];
    fn reserves(&self) -> [u32; 2];
    fn round(&self) -> u32;
    fn opener(&self) -> Option<Player>;
    fn opening_pending(&self) -> bool;
    fn right(&self) -> Option<Right>;
}

impl Fields for Setup {
    fn variant(&self) -> Variant {
        self.variant
    }
    fn seed(&self, i: usize) -> u32 {
        self.seeds[i]
    }
    fn mark(&self, i: usize) -> Option<Mark> {
        Setup::mark(self, i)
    }
    fn owner(&self, i: usize) -> Player {
        Setup::owner(self, i)
    }
    fn owners_moved(&self) -> bool {
        let g = self.geometry();
        self.owners
            .as_ref()
            .is_some_and(|o| o.iter().enumerate().any(|(i, p)| *p != g.row(i)))
    }
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn stores(&self) -> [u32; 2] {
        self.stores
    }
    fn reserves(&self) -> [u32; 2] {
        self.reserves
    }
    fn round(&self) -> u32 {
        self.round
    }
    fn opener(&self) -> Option<Player> {
        self.opener
    }
    fn opening_pending(&self) -> bool {
        self.opening_pending
    }
    fn right(&self) -> Option<Right> {
        self.right
    }
}

impl Fields for View<'_> {
    fn variant(&self) -> Variant {
        View::variant(self)
    }
    fn seed(&self, i: usize) -> u32 {
        View::seed(self, i)
    }
    fn mark(&self, i: usize) -> Option<Mark> {
        View::mark(self, i)
    }
    fn owner(&self, i: usize) -> Player {
        View::owner(self, i)
    }
    fn owners_moved(&self) -> bool {
        !self.owners_are_rows()
    }
    fn to_move(&self) -> Player {
        View::to_move(self)
    }
    fn stores(&self) -> [u32; 2] {
        View::stores(self)
    }
    fn reserves(&self) -> [u32; 2] {
        View::reserves(self)
    }
    fn round(&self) -> u32 {
        View::round(self)
    }
    fn opener(&self) -> Option<Player> {
        View::opener(self)
    }
    fn opening_pending(&self) -> bool {
        View::opening_pending(self)
    }
    fn right(&self) -> Option<Right> {
        View::right(self)
    }
}

/// The owner of every hole, as the value of the `owners=` field (§4.1): one letter per hole, in
/// the rows of the board. Written out in full, also when every player owns his row.
#[must_use]
pub(crate) fn write_owners(s: &impl Fields) -> String {
    let g = s.variant().geometry();
    let mut out = String::new();
    for (r, row) in g.diagram_rows().iter().enumerate() {
        if r > 0 {
            out.push('/');
        }
        for &i in row {
            out.push(s.owner(i).letter());
        }
    }
    out
}

/// Reads the value of an `owners=` field (§4.1) for a board of geometry `g`: the owner of every
/// hole, by index.
///
/// # Errors
/// Not one letter A or B per hole in the rows of the board.
pub(crate) fn read_owners(text: &str, g: Geometry) -> Result<Vec<Player>, String> {
    let layout = g.diagram_rows();
    let rows: Vec<&str> = text.split('/').collect();
    let shape_ok = rows.len() == layout.len()
        && rows
            .iter()
            .zip(&layout)
            .all(|(r, l)| r.chars().count() == l.len() && r.chars().all(|c| c == 'A' || c == 'B'));
    if !shape_ok {
        let want: Vec<String> = layout.iter().map(|l| "X".repeat(l.len())).collect();
        return Err(format!(
            "`{text}` is not an ownership: expected one letter A or B per hole, in the rows of the board ({})",
            want.join("/")
        ));
    }
    let mut owners = vec![Player::A; g.len()];
    for (row, idx_row) in rows.iter().zip(&layout) {
        for (c, &i) in row.chars().zip(idx_row) {
            owners[i] = Player::from_letter(c).expect("A or B");
        }
    }
    Ok(owners)
}

/// Writes the canonical position string of a setup (`spec/notation.md` §4.3).
#[must_use]
pub fn write_position(s: &Setup) -> String {
    write(s)
}

/// Writes the canonical position string of a position, from its view (`spec/notation.md` §4.3):
/// `write_view(pos.view())`, without the copy `to_setup` makes.
#[must_use]
pub fn write_view(v: View<'_>) -> String {
    write(&v)
}

fn write(s: &impl Fields) -> String {
    let g = s.variant().geometry();
    // Written into one string (writing to a `String` cannot fail): a position annotation is
    // checked by writing the position out, once per annotation of a record.
    let mut out = String::with_capacity(64);
    out.push_str(s.variant().kind().name());
    out.push(' ');
    for (r, row) in g.diagram_rows().iter().enumerate() {
        if r > 0 {
            out.push('/');
        }
        for (k, &i) in row.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            let _ = write!(out, "{}", s.seed(i));
            if let Some(m) = s.mark(i) {
                out.push(m.letter());
            }
        }
    }
    out.push(' ');
    out.push(s.to_move().letter());
    let stores = s.stores();
    if stores != [0, 0] {
        let _ = write!(out, " store={},{}", stores[0], stores[1]);
    }
    let reserves = s.reserves();
    if reserves != [0, 0] {
        let _ = write!(out, " reserve={},{}", reserves[0], reserves[1]);
    }
    if s.round() != 1 {
        let _ = write!(out, " round={}", s.round());
    }
    if let Some(p) = s.opener() {
        let _ = write!(out, " opener={p}");
    }
    if s.owners_moved() {
        out.push_str(" owners=");
        out.push_str(&write_owners(s));
    }
    if s.opening_pending() {
        out.push_str(" opening");
    }
    if let Some(r) = s.right() {
        let _ = write!(out, " right={r}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::Position;

    fn round_trip(s: &str) {
        let setup = parse_position(s, None).unwrap_or_else(|e| panic!("{s}: {e} at {}", e.offset));
        assert_eq!(write_position(&setup), s);
        Position::from_setup(&setup).unwrap_or_else(|e| panic!("{s}: {e}"));
    }

    #[test]
    fn start_positions_round_trip() {
        round_trip("bechi 6,6,6,6/6,6,6,6 B opener=B");
        round_trip("bechi 6,6,6/6,6,6 A opener=A");
        round_trip("giuthi 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 B");
        round_trip("giuthi 6,6,6,6,6/6,6,6,6,6 A");
    }

    #[test]
    fn marks_and_fields_round_trip() {
        round_trip("bechi 6*,0x,4,0x/6,6,6,6 A store=2,0 reserve=2,10 round=3 opener=A");
        round_trip("giuthi 1,2,3,4,5,6,7,8/8,7,6,5,4,3,2,1 B store=10,0 reserve=0,14 round=2");
    }

    #[test]
    fn lenient_reading_accepts_any_field_order_and_spacing() {
        let s = parse_position("  bechi 6,6,6,6/6,6,6,6\tB  opener=A store=0,0 ", None).unwrap();
        assert_eq!(write_position(&s), "bechi 6,6,6,6/6,6,6,6 B opener=A");
    }

    #[test]
    fn owners_read_and_written_in_full() {
        let s = parse_position(
            "uugg 4,4,4,4,4,4/4,4,4,4,4,4 A round=2 opener=A owners=AAAAAA/BBBBAA",
            None,
        )
        .unwrap();
        assert_eq!(write_owners(&s), "AAAAAA/BBBBAA");
        assert_eq!(
            read_owners("AAAAAA/BBBBAA", s.geometry()),
            Ok(s.owners.clone().unwrap())
        );
        let rows = parse_position("uugg 4,4,4,4,4/4,4,4,4,4 B opener=B", None).unwrap();
        assert_eq!(write_owners(&rows), "AAAAA/BBBBB");
        assert!(read_owners("AAAAA/BBBBC", rows.geometry()).is_err());
        assert!(read_owners("AAAAA", rows.geometry()).is_err());
    }

    #[test]
    fn errors_name_the_place() {
        let e = parse_position("bechi 6,6,6,6/6,6,y,6 B", None).unwrap_err();
        assert_eq!(
            (e.offset, e.message.as_str()),
            (18, "expected a seed count, found `y`")
        );
        let e = parse_position("chess 6,6/6,6 B", None).unwrap_err();
        assert_eq!(e.offset, 0);
        let e = parse_position("bechi 6,6,6,6/6,6,6,6 B round=2 round=3", None).unwrap_err();
        assert_eq!(e.message, "field `round` is given twice");
        let e = parse_position("giuthi 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6 B", None).unwrap_err();
        assert_eq!(
            e.message,
            "giuthi has rows of 8/8 holes, the position gives rows of 8/7"
        );
        let e = parse_position("bechi 6,6,6,6/6,6,6,6a B", None).unwrap_err();
        assert!(e.message.starts_with("mark `a` on 4B"), "{}", e.message);
        let e = parse_position("bechi 6,6,6,6/6,6,6,6 C", None).unwrap_err();
        assert_eq!(e.message, "expected the player to move, A or B, found `C`");
    }
}
