//! What an engine or an annotator says of a ply (`spec/notation.md` §6.3): the values of the
//! `value` and `best` annotations and the signs of `judgement`, in the manner of PGN's numeric
//! annotation glyphs. They are read and written here; the checker parses them and checks what the
//! replay can check (that a ply precedes them, that a best move is legal) but never searches.

use std::fmt;

/// A value in seeds: the final margin of the round for the mover of the ply, under best play
/// from both after it (spec/analysis.md §1). `~` marks a search estimate, not a proved value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Eval {
    /// The margin, or endless play.
    pub score: Score,
    /// Proved (the search reached the end of the round on every line, or a solved database).
    pub exact: bool,
}

/// The margin of a value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// The final margin in seeds: `+4`, `0`, `-2`.
    Seeds(i32),
    /// Endless play under the convention that scores it as the mover's best (`+endless`) or
    /// worst (`-endless`) outcome.
    Endless(bool),
}

impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.exact {
            f.write_str("~")?;
        }
        match self.score {
            Score::Seeds(0) => f.write_str("0"),
            Score::Seeds(s) => write!(f, "{s:+}"),
            Score::Endless(true) => f.write_str("+endless"),
            Score::Endless(false) => f.write_str("-endless"),
        }
    }
}

impl std::str::FromStr for Eval {
    type Err = String;
    /// Reads `+4`, `4`, `0`, `-2`, `+endless`, `-endless`, each optionally after `~`.
    fn from_str(s: &str) -> Result<Eval, String> {
        let bad = || {
            format!(
                "`{s}` is not a value: expected seeds such as +4, 0, -2, or +endless, -endless, after ~ for an estimate"
            )
        };
        let (exact, rest) = match s.strip_prefix('~') {
            Some(r) => (false, r),
            None => (true, s),
        };
        let score = match rest {
            "+endless" => Score::Endless(true),
            "-endless" => Score::Endless(false),
            _ => {
                let (neg, digits) = match rest.as_bytes().first() {
                    Some(b'-') => (true, &rest[1..]),
                    Some(b'+') => (false, &rest[1..]),
                    _ => (false, rest),
                };
                if digits.is_empty()
                    || digits.len() > 6
                    || !digits.bytes().all(|b| b.is_ascii_digit())
                {
                    return Err(bad());
                }
                let n: i32 = digits.parse().map_err(|_| bad())?;
                Score::Seeds(if neg { -n } else { n })
            }
        };
        Ok(Eval { score, exact })
    }
}

/// A judgement of a move, PGN's move assessment glyphs ($1 to $6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Sign {
    /// `!!`: a brilliant move.
    Brilliant,
    /// `!`: a good move.
    Good,
    /// `!?`: an interesting move.
    Interesting,
    /// `?!`: a dubious move.
    Dubious,
    /// `?`: a mistake.
    Mistake,
    /// `??`: a blunder.
    Blunder,
}

impl Sign {
    /// Every sign, as written.
    pub const ALL: [Sign; 6] = [
        Sign::Brilliant,
        Sign::Good,
        Sign::Interesting,
        Sign::Dubious,
        Sign::Mistake,
        Sign::Blunder,
    ];

    /// The glyph: `!!`, `!`, `!?`, `?!`, `?`, `??`.
    #[must_use]
    pub const fn glyph(self) -> &'static str {
        match self {
            Sign::Brilliant => "!!",
            Sign::Good => "!",
            Sign::Interesting => "!?",
            Sign::Dubious => "?!",
            Sign::Mistake => "?",
            Sign::Blunder => "??",
        }
    }
}

/// The value of a `judgement` annotation: a sign, and `missed-win` when the move let a won round
/// go (the round was won for the mover before it and is drawn or lost after it); `~` before
/// them when the judgement rests on an estimate (a value not proved).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// The sign, if any (`missed-win` may stand alone).
    pub sign: Option<Sign>,
    /// The move let a won round go.
    pub missed_win: bool,
    /// The judgement rests on an estimate: `~?`, `~missed-win`.
    pub estimate: bool,
}

/// The word of `Judged::missed_win`.
pub const MISSED_WIN: &str = "missed-win";

impl fmt::Display for Judged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words: Vec<&str> = Vec::new();
        words.extend(self.sign.map(Sign::glyph));
        if self.missed_win {
            words.push(MISSED_WIN);
        }
        if self.estimate {
            f.write_str("~")?;
        }
        f.write_str(&words.join(" "))
    }
}

impl std::str::FromStr for Judged {
    type Err = String;
    /// Reads a sign, `missed-win`, or a sign and `missed-win`, each optionally after `~`.
    fn from_str(s: &str) -> Result<Judged, String> {
        let (estimate, rest) = match s.strip_prefix('~') {
            Some(r) => (true, r),
            None => (false, s),
        };
        let mut j = Judged {
            sign: None,
            missed_win: false,
            estimate,
        };
        let words: Vec<&str> = rest.split_whitespace().collect();
        if estimate && rest.starts_with(char::is_whitespace) {
            return Err(format!(
                "`{s}` is not a judgement: `~` goes right before the sign or missed-win"
            ));
        }
        for (i, w) in words.iter().enumerate() {
            if *w == MISSED_WIN && !j.missed_win {
                j.missed_win = true;
            } else if let Some(sign) = Sign::ALL.into_iter().find(|g| g.glyph() == *w)
                && i == 0
            {
                j.sign = Some(sign);
            } else {
                return Err(format!(
                    "`{s}` is not a judgement: expected one of !!, !, !?, ?!, ?, ??, then missed-win if the move let a won round go, after ~ when it rests on an estimate"
                ));
            }
        }
        if words.is_empty() {
            return Err(
                "an empty judgement: expected one of !!, !, !?, ?!, ?, ??, or missed-win"
                    .to_owned(),
            );
        }
        Ok(j)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_and_write_canonically() {
        for (text, canonical) in [
            ("+4", "+4"),
            ("4", "+4"),
            ("0", "0"),
            ("-0", "0"),
            ("-12", "-12"),
            ("~+3", "~+3"),
            ("~-1", "~-1"),
            ("+endless", "+endless"),
            ("~-endless", "~-endless"),
        ] {
            let e: Eval = text.parse().unwrap();
            assert_eq!(e.to_string(), canonical, "{text}");
        }
        for bad in ["", "+", "~", "x", "+4x", "endless", "1234567", "~~1"] {
            assert!(bad.parse::<Eval>().is_err(), "{bad}");
        }
    }

    #[test]
    fn judgements_read_and_write_canonically() {
        for text in [
            "?!",
            "?",
            "??",
            "!",
            "!!",
            "!?",
            "? missed-win",
            "missed-win",
            "~?",
            "~?? missed-win",
            "~missed-win",
        ] {
            let j: Judged = text.parse().unwrap();
            assert_eq!(j.to_string(), text);
        }
        for bad in [
            "",
            "?!?",
            "missed-win ?",
            "? ?",
            "missed-win missed-win",
            "bad",
            "~",
            "~ ?",
            "~~?",
            "? ~missed-win",
        ] {
            assert!(bad.parse::<Judged>().is_err(), "{bad}");
        }
    }
}
