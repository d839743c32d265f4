//! Games and their rule options (rules README §5). An engine supports exactly these options, with
//! these defaults, and no others.

use crate::geometry::Geometry;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The five games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum GameKind {
    /// Bechi (Kunama, Eritrea), `bechi.md`.
    Bechi,
    /// Giuthi (Kikuyu, Kenya), `giuthi.md`.
    Giuthi,
    /// Sulus Nishtaw (Tigrinya, Ethiopia and Eritrea), `sulus-nishtaw.md`.
    SulusNishtaw,
    /// Uugg (Ethiopia), `uugg.md`.
    Uugg,
    /// Redu (Yoruba, Nigeria), `redu.md`.
    Redu,
}

impl GameKind {
    /// Every game, in the order of the rules README's table.
    pub const ALL: [GameKind; 5] = [
        GameKind::Giuthi,
        GameKind::Bechi,
        GameKind::SulusNishtaw,
        GameKind::Uugg,
        GameKind::Redu,
    ];

    /// The name used by `--game`, records and position strings.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Bechi => "bechi",
            GameKind::Giuthi => "giuthi",
            GameKind::SulusNishtaw => "sulus-nishtaw",
            GameKind::Uugg => "uugg",
            GameKind::Redu => "redu",
        }
    }

    /// The rule by which the openers of the rounds alternate, for the games whose matches have
    /// several rounds with an opener each (B17, S20, U23).
    #[must_use]
    pub const fn alternating_openers_rule(self) -> Option<&'static str> {
        match self {
            GameKind::Bechi => Some("B17"),
            GameKind::SulusNishtaw => Some("S20"),
            GameKind::Uugg => Some("U23"),
            GameKind::Giuthi | GameKind::Redu => None,
        }
    }

    /// The game's name as the rules files title it.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Bechi => "Bechi",
            GameKind::Giuthi => "Giuthi",
            GameKind::SulusNishtaw => "Sulus Nishtaw",
            GameKind::Uugg => "Uugg",
            GameKind::Redu => "Redu",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown game name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game `{}`{}: expected one of bechi, giuthi, sulus-nishtaw, uugg, redu",
            self.0,
            did_you_mean(&self.0, GameKind::ALL.map(GameKind::name))
        )
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<GameKind, UnknownGame> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| UnknownGame(s.to_owned()))
    }
}

/// Bechi's options (bechi.md §3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BechiOptions {
    /// `holes`: 4 (2×4, default) or 3 (2×3). B1, B4.
    pub holes: u8,
}

/// Giuthi's options (giuthi.md §3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GiuthiOptions {
    /// `holes`: N, 5..=10, default 8. G1.
    pub holes: u8,
    /// `seeds`: seeds per hole at the start of round 1, 4..=9, default 6. G1.
    pub seeds: u8,
}

/// Who is credited with the contents of claimed holes at the end of a Sulus Nishtaw round (S16).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClaimsScoreTo {
    /// The player who claimed the hole (default).
    Creator,
    /// The owner of the territory the hole lies in.
    SideOwner,
}

/// Sulus Nishtaw's options (sulus-nishtaw.md §3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SulusOptions {
    /// `claims-score-to`: `creator` (default) or `side-owner`. S16.
    pub claims_score_to: ClaimsScoreTo,
    /// `v1`: no start from a 3-seed hole (S13). Default off.
    pub v1: bool,
    /// `v2`: hole 1 needs more than 3 seeds (S14). Default off.
    pub v2: bool,
}

/// Whether a Uugg balla must be played when one is available (U10).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Balla {
    /// A balla, when available, is the only legal kind of move (default).
    Compulsory,
    /// A balla is one legal move among the others.
    Optional,
}

/// Uugg's options (uugg.md §3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct UuggOptions {
    /// `holes`: N, 5, 6 (default) or 7. U1.
    pub holes: u8,
    /// `balla`: `compulsory` (default) or `optional`. U10.
    pub balla: Balla,
}

/// How a Redu zigzag chooses the entry row of each column (R11).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// The mover chooses the entry hole at every column (default).
    Free,
    /// The entry alternates rows; the mover chooses only at the first column.
    Alternate,
}

/// Redu's options (redu.md §3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReduOptions {
    /// `entry`: `free` (default) or `alternate`. R11, R12, R15.
    pub entry: Entry,
    /// `o1-costs-turn`: `no` (default) or `yes`. R22.
    pub o1_costs_turn: bool,
}

/// A game together with the values of all its options.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Bechi.
    Bechi(BechiOptions),
    /// Giuthi.
    Giuthi(GiuthiOptions),
    /// Sulus Nishtaw.
    SulusNishtaw(SulusOptions),
    /// Uugg.
    Uugg(UuggOptions),
    /// Redu.
    Redu(ReduOptions),
}

/// A bad `key=value` option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// The game has no option of that name.
    UnknownKey {
        /// The game.
        game: GameKind,
        /// The key given.
        key: String,
    },
    /// The value is not one of the option's values.
    BadValue {
        /// The game.
        game: GameKind,
        /// The option.
        key: &'static str,
        /// The value given.
        value: String,
    },
    /// Not of the form `key=value`.
    Malformed(String),
}

/// ` (did you mean `X`?)` when `word` looks like a misspelling of X (`crate::suggest`).
fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    crate::suggest::closest(word, known)
        .map_or_else(String::new, |k| format!(" (did you mean `{k}`?)"))
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownKey { game, key } => {
                let keys = Variant::default_for(*game).option_keys();
                if keys.is_empty() {
                    write!(f, "{game} has no option `{key}`")
                } else {
                    write!(
                        f,
                        "{game} has no option `{key}`{}: its options are {}",
                        did_you_mean(key, keys.iter().copied()),
                        keys.join(", ")
                    )
                }
            }
            OptionError::BadValue { game, key, value } => {
                let values = Variant::default_for(*game).option_values(key);
                write!(
                    f,
                    "bad value `{value}` for {game} option `{key}`{}: expected one of {}",
                    did_you_mean(value, values.iter().copied()),
                    values.join(", ")
                )
            }
            OptionError::Malformed(s) => write!(f, "bad option `{s}`: expected KEY=VALUE"),
        }
    }
}

impl std::error::Error for OptionError {}

impl Variant {
    /// The game with every option at its default.
    #[must_use]
    pub const fn default_for(game: GameKind) -> Variant {
        match game {
            GameKind::Bechi => Variant::Bechi(BechiOptions { holes: 4 }),
            GameKind::Giuthi => Variant::Giuthi(GiuthiOptions { holes: 8, seeds: 6 }),
            GameKind::SulusNishtaw => Variant::SulusNishtaw(SulusOptions {
                claims_score_to: ClaimsScoreTo::Creator,
                v1: false,
                v2: false,
            }),
            GameKind::Uugg => Variant::Uugg(UuggOptions {
                holes: 6,
                balla: Balla::Compulsory,
            }),
            GameKind::Redu => Variant::Redu(ReduOptions {
                entry: Entry::Free,
                o1_costs_turn: false,
            }),
        }
    }

    /// The game.
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        match self {
            Variant::Bechi(_) => GameKind::Bechi,
            Variant::Giuthi(_) => GameKind::Giuthi,
            Variant::SulusNishtaw(_) => GameKind::SulusNishtaw,
            Variant::Uugg(_) => GameKind::Uugg,
            Variant::Redu(_) => GameKind::Redu,
        }
    }

    /// The board.
    #[must_use]
    pub const fn geometry(&self) -> Geometry {
        match self {
            Variant::Bechi(o) => Geometry::two_rows(o.holes),
            Variant::Giuthi(o) => Geometry::two_rows(o.holes),
            Variant::SulusNishtaw(_) => Geometry::THREE_BY_SIX,
            Variant::Uugg(o) => Geometry::two_rows(o.holes),
            Variant::Redu(_) => Geometry::two_rows(6),
        }
    }

    /// Seeds at the start of round 1, which every later position keeps in all (board, stores and
    /// reserves together).
    #[must_use]
    pub const fn seeds_per_hole(&self) -> u32 {
        match self {
            Variant::Bechi(_) => 6,
            Variant::Giuthi(o) => o.seeds as u32,
            Variant::SulusNishtaw(_) => 3,
            Variant::Uugg(_) | Variant::Redu(_) => 4,
        }
    }

    /// The constant number of seeds of a match.
    #[must_use]
    pub const fn total_seeds(&self) -> u32 {
        self.geometry().len() as u32 * self.seeds_per_hole()
    }

    /// Whether the opener of a round is part of the position: the games where openers alternate
    /// between rounds (B17, S20, U23). Giuthi's richer player opens (G26); Redu has one round.
    #[must_use]
    pub const fn opener_alternates(&self) -> bool {
        matches!(
            self,
            Variant::Bechi(_) | Variant::SulusNishtaw(_) | Variant::Uugg(_)
        )
    }

    /// The option keys of this game, in their fixed order.
    #[must_use]
    pub const fn option_keys(&self) -> &'static [&'static str] {
        match self {
            Variant::Bechi(_) => &["holes"],
            Variant::Giuthi(_) => &["holes", "seeds"],
            Variant::SulusNishtaw(_) => &["claims-score-to", "v1", "v2"],
            Variant::Uugg(_) => &["holes", "balla"],
            Variant::Redu(_) => &["entry", "o1-costs-turn"],
        }
    }

    /// The values an option accepts, as written.
    #[must_use]
    pub fn option_values(&self, key: &str) -> Vec<&'static str> {
        match (self, key) {
            (Variant::Bechi(_), "holes") => vec!["4", "3"],
            (Variant::Giuthi(_), "holes") => vec!["5", "6", "7", "8", "9", "10"],
            (Variant::Giuthi(_), "seeds") => vec!["4", "5", "6", "7", "8", "9"],
            (Variant::SulusNishtaw(_), "claims-score-to") => vec!["creator", "side-owner"],
            (Variant::SulusNishtaw(_), "v1" | "v2") => vec!["off", "on"],
            (Variant::Uugg(_), "holes") => vec!["5", "6", "7"],
            (Variant::Uugg(_), "balla") => vec!["compulsory", "optional"],
            (Variant::Redu(_), "entry") => vec!["free", "alternate"],
            (Variant::Redu(_), "o1-costs-turn") => vec!["no", "yes"],
            _ => vec![],
        }
    }

    /// The current value of an option, as written.
    #[must_use]
    pub fn option_value(&self, key: &str) -> Option<String> {
        let onoff = |b: bool| if b { "on" } else { "off" }.to_owned();
        Some(match (self, key) {
            (Variant::Bechi(o), "holes") => o.holes.to_string(),
            (Variant::Giuthi(o), "holes") => o.holes.to_string(),
            (Variant::Giuthi(o), "seeds") => o.seeds.to_string(),
            (Variant::SulusNishtaw(o), "claims-score-to") => match o.claims_score_to {
                ClaimsScoreTo::Creator => "creator".to_owned(),
                ClaimsScoreTo::SideOwner => "side-owner".to_owned(),
            },
            (Variant::SulusNishtaw(o), "v1") => onoff(o.v1),
            (Variant::SulusNishtaw(o), "v2") => onoff(o.v2),
            (Variant::Uugg(o), "holes") => o.holes.to_string(),
            (Variant::Uugg(o), "balla") => match o.balla {
                Balla::Compulsory => "compulsory".to_owned(),
                Balla::Optional => "optional".to_owned(),
            },
            (Variant::Redu(o), "entry") => match o.entry {
                Entry::Free => "free".to_owned(),
                Entry::Alternate => "alternate".to_owned(),
            },
            (Variant::Redu(o), "o1-costs-turn") => {
                if o.o1_costs_turn { "yes" } else { "no" }.to_owned()
            }
            _ => return None,
        })
    }

    /// The place of `key` among [`Variant::option_keys`].
    fn key_index(&self, key: &str) -> Result<usize, OptionError> {
        self.option_keys()
            .iter()
            .position(|k| *k == key)
            .ok_or_else(|| OptionError::UnknownKey {
                game: self.kind(),
                key: key.to_owned(),
            })
    }

    /// Sets one option from its written key and value.
    ///
    /// # Errors
    /// An unknown key, or a value the option does not take.
    pub fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let game = self.kind();
        let Some(&key) = self.option_keys().iter().find(|k| **k == key) else {
            return Err(OptionError::UnknownKey {
                game,
                key: key.to_owned(),
            });
        };
        if !self.option_values(key).contains(&value) {
            return Err(OptionError::BadValue {
                game,
                key,
                value: value.to_owned(),
            });
        }
        let num = || value.parse::<u8>().expect("checked against option_values");
        match (self, key) {
            (Variant::Bechi(o), "holes") => o.holes = num(),
            (Variant::Giuthi(o), "holes") => o.holes = num(),
            (Variant::Giuthi(o), "seeds") => o.seeds = num(),
            (Variant::SulusNishtaw(o), "claims-score-to") => {
                o.claims_score_to = if value == "creator" {
                    ClaimsScoreTo::Creator
                } else {
                    ClaimsScoreTo::SideOwner
                };
            }
            (Variant::SulusNishtaw(o), "v1") => o.v1 = value == "on",
            (Variant::SulusNishtaw(o), "v2") => o.v2 = value == "on",
            (Variant::Uugg(o), "holes") => o.holes = num(),
            (Variant::Uugg(o), "balla") => {
                o.balla = if value == "compulsory" {
                    Balla::Compulsory
                } else {
                    Balla::Optional
                };
            }
            (Variant::Redu(o), "entry") => {
                o.entry = if value == "free" {
                    Entry::Free
                } else {
                    Entry::Alternate
                };
            }
            (Variant::Redu(o), "o1-costs-turn") => o.o1_costs_turn = value == "yes",
            _ => unreachable!("every key of option_keys is handled"),
        }
        Ok(())
    }

    /// Sets one option from `key=value`.
    ///
    /// # Errors
    /// As [`Variant::set_option`], or text without `=`.
    pub fn set_option_str(&mut self, kv: &str) -> Result<(), OptionError> {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| OptionError::Malformed(kv.to_owned()))?;
        self.set_option(k.trim(), v.trim())
    }

    /// Every option whose value differs from the default, as `(key, value)` in the fixed order.
    #[must_use]
    pub fn non_default_options(&self) -> Vec<(&'static str, String)> {
        let default = Variant::default_for(self.kind());
        self.option_keys()
            .iter()
            .filter_map(|&k| {
                let v = self.option_value(k)?;
                (Some(&v) != default.option_value(k).as_ref()).then_some((k, v))
            })
            .collect()
    }
}

/// Rule options as a record or a command states them: the variant they make, and which of its
/// options were stated. A position string shows its board but not the other options, so it is read
/// with the options stated elsewhere; where `holes` is not stated, the width of the board gives it
/// (spec/notation.md §4.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct StatedOptions {
    variant: Variant,
    /// Bit k: the option `variant.option_keys()[k]` was stated.
    stated: u8,
}

impl StatedOptions {
    /// No option stated: the game at its defaults.
    #[must_use]
    pub const fn none(game: GameKind) -> StatedOptions {
        StatedOptions {
            variant: Variant::default_for(game),
            stated: 0,
        }
    }

    /// The options of `variant` that differ from their defaults: what a record's header states
    /// in the canonical form (spec/notation.md §3.2).
    #[must_use]
    pub fn of(variant: Variant) -> StatedOptions {
        let default = Variant::default_for(variant.kind());
        let mut stated = 0;
        for (k, key) in variant.option_keys().iter().enumerate() {
            if variant.option_value(key) != default.option_value(key) {
                stated |= 1 << k;
            }
        }
        StatedOptions { variant, stated }
    }

    /// `variant`, of which the options `keys` were stated.
    ///
    /// # Errors
    /// A key that is not an option of the game.
    pub fn new(variant: Variant, keys: &[&str]) -> Result<StatedOptions, OptionError> {
        let mut stated = 0;
        for key in keys {
            stated |= 1 << variant.key_index(key)?;
        }
        Ok(StatedOptions { variant, stated })
    }

    /// The variant the options make.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// Whether the option `key` was stated.
    #[must_use]
    pub fn is_stated(&self, key: &str) -> bool {
        self.variant
            .key_index(key)
            .is_ok_and(|k| self.stated & (1 << k) != 0)
    }
}

impl fmt::Display for Variant {
    /// The game name followed by its non-default options, e.g. `giuthi holes=6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind().name())?;
        for (k, v) in self.non_default_options() {
            write!(f, " {k}={v}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_readme_5() {
        assert_eq!(Variant::default_for(GameKind::Giuthi).total_seeds(), 96);
        assert_eq!(Variant::default_for(GameKind::Bechi).total_seeds(), 48);
        assert_eq!(
            Variant::default_for(GameKind::SulusNishtaw).total_seeds(),
            54
        );
        assert_eq!(Variant::default_for(GameKind::Uugg).total_seeds(), 48);
        assert_eq!(Variant::default_for(GameKind::Redu).total_seeds(), 48);
        for g in GameKind::ALL {
            assert!(Variant::default_for(g).non_default_options().is_empty());
        }
    }

    #[test]
    fn options_parse_and_reject() {
        let mut v = Variant::default_for(GameKind::Giuthi);
        v.set_option_str("holes=6").unwrap();
        v.set_option_str("seeds=4").unwrap();
        assert_eq!(v.total_seeds(), 48);
        assert_eq!(v.to_string(), "giuthi holes=6 seeds=4");
        assert_eq!(
            v.set_option_str("holes=11").unwrap_err().to_string(),
            "bad value `11` for giuthi option `holes`: expected one of 5, 6, 7, 8, 9, 10"
        );
        assert_eq!(
            v.set_option_str("balla=optional").unwrap_err().to_string(),
            "giuthi has no option `balla`: its options are holes, seeds"
        );
        assert!(matches!(
            v.set_option_str("holes"),
            Err(OptionError::Malformed(_))
        ));
        let mut s = Variant::default_for(GameKind::SulusNishtaw);
        s.set_option_str("claims-score-to=side-owner").unwrap();
        s.set_option_str("v2=on").unwrap();
        assert_eq!(
            s.to_string(),
            "sulus-nishtaw claims-score-to=side-owner v2=on"
        );
    }
}
