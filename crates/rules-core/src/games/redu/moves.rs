//! Redu move tokens (`spec/notation.md` §5.5): a sowing with its decisions, a capture, a penalty
//! claim; how they are read and written, and the conversion of the long form (the list of sown
//! holes) into decisions.

pub use super::letters::{Letter, Letters};
use super::zigzag::{Need, Zig, base_of, first_column};
use crate::geometry::hole;
use crate::geometry::{Geometry, Hole};
use crate::player::Dir;
use crate::rule::Rule;
use crate::trace::{Event, NoTrace, Trace};
use nom::branch::alt;
use nom::character::complete::{char, one_of};
use nom::combinator::{eof, map, opt};
use nom::multi::{many0, many1};
use nom::sequence::preceded;
use nom::{IResult, Parser};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// A Redu sowing ply as written (redu.md R3–R18, R22, R25): which hole(s), the direction, and the
/// decisions of a zigzag. Any legal spelling of an outcome is accepted by `play`; `legal_moves`
/// gives the canonical one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct ReduSow {
    /// The O1 capture made first in the same ply (R22): the right's hole.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub capture: Option<Hole>,
    /// The start hole; for two singletons (R9) the lower-numbered one.
    pub start: Hole,
    /// Two singletons (R9): the other singleton.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub second: Option<Hole>,
    /// σ, for sowings of two or more seeds.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub dir: Option<Dir>,
    /// The special start opposite the start hole (R12), letter `o`.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "std::ops::Not::not")
    )]
    pub special: bool,
    /// The decisions of a zigzag in order: entry rows and w/b (R11, R13, R14). Omitted entries
    /// are `d`.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Letters::is_empty")
    )]
    pub letters: Letters,
    /// The number of seeds sown, when the move was written in the long form.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub seeds: Option<u8>,
    /// Lenient validation only: an M1 capture forgotten (R25), mark `~`.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "std::ops::Not::not")
    )]
    pub forgotten: bool,
}

impl ReduSow {
    /// A plain sowing from `start` with no decisions written.
    #[must_use]
    pub const fn new(start: Hole) -> ReduSow {
        ReduSow {
            capture: None,
            start,
            second: None,
            dir: None,
            special: false,
            letters: Letters::EMPTY,
            seeds: None,
            forgotten: false,
        }
    }

    /// The move read from the long form: `start` (and `second` for two singletons), an optional
    /// direction, and `path`, every hole sown in order. The decisions are recovered by following
    /// the procedure of R15; the board is not needed (only the number of seeds, `path.len()`).
    ///
    /// # Errors
    /// The path is not one a sowing from `start` can take; the message names the rule, and so
    /// do the error's `rules`.
    pub fn from_path(
        capture: Option<Hole>,
        start: Hole,
        second: Option<Hole>,
        dir: Option<Dir>,
        path: &[Hole],
        forgotten: bool,
    ) -> Result<ReduSow, FormError> {
        let g = Geometry::two_rows(6);
        let me = start.side;
        let base = base_of(me);
        let mut out = ReduSow {
            capture,
            start,
            second,
            dir,
            forgotten,
            ..ReduSow::new(start)
        };
        let n = path.len();
        out.seeds =
            Some(u8::try_from(n).map_err(|_| FormError::new("too many holes in the path", &[]))?);
        let idx = |h: Hole| {
            g.index(h)
                .ok_or_else(|| FormError::new(format!("there is no hole {h} on a 2×6 board"), &[]))
        };
        let path: Vec<usize> = path.iter().map(|&h| idx(h)).collect::<Result<_, _>>()?;
        if !(1..=6).contains(&start.number) {
            return Err(FormError::new(
                format!("there is no hole {start} on a 2×6 board"),
                &[],
            ));
        }
        let own = |j: i8| usize::from(base) + j as usize - 1;
        let opp = |j: i8| 11 - own(j);
        let name = |i: usize| g.hole(i);
        // The start column and direction candidates.
        let (c0, dirs): (i8, Vec<i8>) = if let Some(s2) = second {
            if s2.side != me || n != 2 {
                return Err(FormError::new(
                    "two singletons (R9) sow exactly 2 seeds",
                    &[Rule::R9],
                ));
            }
            let (lo, hi) = (start.number.min(s2.number), start.number.max(s2.number));
            if hi != lo + 1 {
                return Err(FormError::new(
                    format!("{start} and {s2} are not consecutive holes (R9)"),
                    &[Rule::R9],
                ));
            }
            // σ = + sows from the higher hole, σ = − from the lower (R9).
            let mut v = vec![];
            if first_column(hi as i8, 1) == column_of(path[0], base) {
                v.push(1);
            }
            if first_column(lo as i8, -1) == column_of(path[0], base) {
                v.push(-1);
            }
            let Some(&s) = v.first() else {
                return Err(FormError::new(
                    format!(
                        "the first seed of two singletons falls opposite the hole next to them (R6, R9), not in {}",
                        name(path[0])
                    ),
                    &[Rule::R6, Rule::R9],
                ));
            };
            (if s > 0 { hi as i8 } else { lo as i8 }, vec![s])
        } else {
            (start.number as i8, vec![1, -1])
        };
        let want = |s: i8| dir.is_none_or(|d| (d == Dir::Ccw) == (s > 0));
        match n {
            0 => Err(FormError::new("the long form lists at least one hole", &[])),
            1 => {
                if path[0] != opp(c0) {
                    return Err(FormError::new(
                        format!(
                            "a single seed goes into the opposite hole {} (R4), not {}",
                            name(opp(c0)),
                            name(path[0])
                        ),
                        &[Rule::R4],
                    ));
                }
                if dir.is_some() {
                    return Err(FormError::new(
                        "a single seed has no direction (R4)",
                        &[Rule::R4],
                    ));
                }
                Ok(out)
            }
            2 => {
                for s in dirs {
                    let k = first_column(c0, s);
                    if path == [opp(k), own(k)] && want(s) {
                        out.dir = Some(if s > 0 { Dir::Ccw } else { Dir::Cw });
                        return Ok(out);
                    }
                }
                Err(FormError::new(
                    format!(
                        "two seeds go first opposite the adjacent hole, then into the adjacent hole (R6): {} then {} cannot follow from {start}",
                        name(path[0]),
                        name(path[1])
                    ),
                    &[Rule::R6],
                ))
            }
            _ => {
                for s in dirs {
                    if !want(s) {
                        continue;
                    }
                    for special in [false, true] {
                        if special != (path[0] == opp(c0)) {
                            continue;
                        }
                        if let Some(letters) = follow(base, c0, s, special, &path) {
                            out.dir = Some(if s > 0 { Dir::Ccw } else { Dir::Cw });
                            out.special = special;
                            out.letters = letters;
                            return Ok(out);
                        }
                    }
                }
                Err(FormError::new(
                    format!(
                        "no zigzag from {start} sows the holes {} in this order (R10–R15)",
                        path.iter()
                            .map(|&i| name(i).to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    &[
                        Rule::R10,
                        Rule::R11,
                        Rule::R12,
                        Rule::R13,
                        Rule::R14,
                        Rule::R15,
                    ],
                ))
            }
        }
    }
}

/// The column (from `base`'s player's side) of hole index `i`.
fn column_of(i: usize, base: u8) -> i8 {
    let b = usize::from(base);
    if (b..b + 6).contains(&i) {
        (i - b + 1) as i8
    } else {
        (11 - i - b + 1) as i8
    }
}

/// Follows the procedure along `path`, taking at every decision the choice whose next seed is the
/// next listed hole; every decision is written out.
fn follow(base: u8, c0: i8, sigma: i8, special: bool, path: &[usize]) -> Option<Letters> {
    let g = Geometry::two_rows(6);
    let n = u8::try_from(path.len()).ok()?;
    let mut z = Zig::new([0; 12], base, c0, n, sigma, special, false, &mut NoTrace);
    let mut at = usize::from(special);
    loop {
        match z.need() {
            Need::Done => return (at == path.len()).then_some(z.letters),
            Need::Entry { .. } => {
                let mut next = None;
                for same in [false, true] {
                    let mut t = z;
                    let mut trace = Trace::default();
                    t.entry(same, &mut trace);
                    let sown: Vec<usize> = trace
                        .events
                        .iter()
                        .filter_map(|e| match e {
                            Event::Sow { hole } => g.index(*hole),
                            _ => None,
                        })
                        .collect();
                    if path.get(at..at + sown.len()) == Some(&sown[..]) {
                        next = Some((t, sown.len()));
                        break;
                    }
                }
                let (t, k) = next?;
                at += k;
                z = t;
            }
            Need::End { .. } => {
                let target = *path.get(at)?;
                let mut next = None;
                for bounce in [false, true] {
                    let mut t = z;
                    t.end(bounce);
                    if matches!(t.need(), Need::Entry { .. })
                        && column_of(target, base) == t.column()
                    {
                        next = Some(t);
                        break;
                    }
                }
                z = next?;
            }
        }
    }
}

impl fmt::Display for ReduSow {
    /// The move token (spec/notation.md §5, Redu).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(c) = self.capture {
            write!(f, "x{c}:")?;
        }
        write!(f, "{}", self.start)?;
        if let Some(s) = self.second {
            write!(f, "{s}")?;
        }
        if let Some(d) = self.dir {
            write!(f, "{d}")?;
        }
        if self.special {
            f.write_str("o")?;
        }
        write!(f, "{}", self.letters)?;
        if self.forgotten {
            f.write_str("~")?;
        }
        Ok(())
    }
}

/// The lexical form of a Redu token.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Form {
    /// `x3B`: a capture ply.
    Capture(Hole),
    /// `p4B`: a penalty claim.
    Penalty(Hole),
    /// A sowing, possibly prefixed by an O1 capture.
    Sow(SowForm),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct SowForm {
    capture: Option<Hole>,
    start: Hole,
    second: Option<Hole>,
    dir: Option<Dir>,
    special: bool,
    letters: Vec<Letter>,
    path: Option<Vec<Hole>>,
    forgotten: bool,
}

fn direction(i: &str) -> IResult<&str, Dir> {
    map(one_of("+-"), |c| Dir::from_sign(c).expect("+ or -")).parse(i)
}

fn sowing(i: &str) -> IResult<&str, SowForm> {
    let letters = map(
        (
            opt(char('o')),
            many0(map(one_of("dhwb"), |c| {
                Letter::from_char(c).expect("one of dhwb")
            })),
        ),
        |(o, l)| (o.is_some(), l, None),
    );
    let long = map(many1(preceded(char('/'), hole)), |p| {
        (false, Vec::new(), Some(p))
    });
    map(
        (
            hole,
            opt(hole),
            opt(direction),
            alt((long, letters)),
            opt(char('~')),
        ),
        |(start, second, dir, (special, letters, path), f)| SowForm {
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

fn form(i: &str) -> IResult<&str, Form> {
    let prefixed = map(
        (char('x'), hole, opt(preceded(char(':'), sowing))),
        |(_, h, sow)| match sow {
            None => Form::Capture(h),
            Some(mut s) => {
                s.capture = Some(h);
                Form::Sow(s)
            }
        },
    );
    let (rest, f) = alt((
        prefixed,
        map(preceded(char('p'), hole), Form::Penalty),
        map(sowing, Form::Sow),
    ))
    .parse(i)?;
    let (rest, _) = eof(rest)?;
    Ok((rest, f))
}

/// What Redu's moves look like, for messages.
pub(crate) const EXPECTED: &str = "a Redu move (spec/notation.md §5.5): a sowing such as 4B, 4B+, 4B-hwd, 2B3B+ or 4B/2A/5B/6B, an O1 capture and sowing such as x3B:5B+, or a capture such as x3B";

/// Why a Redu token or the long form of a sowing is not a move: the message, and the rules it
/// names (its `Display` is the message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormError {
    /// What is wrong, in words that name the rules.
    pub message: String,
    /// The rules the message names, in its order (a range spelt out): `4B/4A` breaks R4.
    pub rules: &'static [Rule],
}

impl FormError {
    fn new(message: impl Into<String>, rules: &'static [Rule]) -> FormError {
        FormError {
            message: message.into(),
            rules,
        }
    }
}

impl fmt::Display for FormError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FormError {}

/// A Redu token read: a capture ply, a penalty claim or a sowing.
pub(crate) enum ReduToken {
    /// `x3B`.
    Capture(Hole),
    /// `p4B`.
    Penalty(Hole),
    /// A sowing, possibly with its O1 capture.
    Sow(ReduSow),
}

/// Reads a Redu token; `Err` says why it is not one.
pub(crate) fn parse_token(token: &str) -> Result<ReduToken, FormError> {
    let f = match form(token) {
        Ok((_, f)) => f,
        Err(_) if token == "pass" => {
            return Err(FormError::new(
                "`pass`: Redu has no passes (R30): a player who cannot sow ends the game (R27)",
                &[Rule::R30, Rule::R27],
            ));
        }
        Err(_) => {
            return Err(FormError::new(
                format!("`{token}` is not a redu move: expected {EXPECTED}"),
                &[],
            ));
        }
    };
    match f {
        Form::Capture(hole) => Ok(ReduToken::Capture(hole)),
        Form::Penalty(hole) => Ok(ReduToken::Penalty(hole)),
        Form::Sow(s) => sow_of(token, s).map(ReduToken::Sow),
    }
}

/// The sowing a sowing token's form writes: its long form made decisions, two singletons lower
/// hole first (either order is read).
fn sow_of(token: &str, s: SowForm) -> Result<ReduSow, FormError> {
    if let Some(path) = &s.path {
        let mut m = ReduSow::from_path(s.capture, s.start, s.second, s.dir, path, s.forgotten)
            .map_err(|e| FormError {
                message: format!("`{token}`: {}", e.message),
                rules: e.rules,
            })?;
        if let Some(h2) = m.second
            && h2 < m.start
        {
            m.second = Some(m.start);
            m.start = h2;
        }
        return Ok(m);
    }
    let mut letters = Letters::EMPTY;
    for l in &s.letters {
        if !letters.push(*l) {
            return Err(FormError::new(
                format!("`{token}`: more than {} decision letters", Letters::MAX),
                &[],
            ));
        }
    }
    let (start, second) = match s.second {
        Some(h2) if h2 < s.start => (h2, Some(s.start)),
        other => (s.start, other),
    };
    Ok(ReduSow {
        capture: s.capture,
        start,
        second,
        dir: s.dir,
        special: s.special,
        letters,
        seeds: None,
        forgotten: s.forgotten,
    })
}
