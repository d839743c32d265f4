//! The games as values: [`GameKind`] (which game) and [`Variant`] (a game with the values of all
//! its options), generated from the registry (`games/mod.rs`), each arm a game's
//! [`GameOptions`]; and what is read about them from text: game names, `key=value` options
//! ([`StatedOptions`]) and move tokens ([`Move::parse`]).

use crate::geometry::Geometry;
use crate::marks::MarkKind;
use crate::moves::{Move, TokenError, Tokens, parse_common};
use crate::options::GameOptions;
use crate::rule::Rule;
use crate::settled::TableKey;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// [`GameKind`] and [`Variant`] from the registry's list.
macro_rules! variant_types {
    ($($(#[cfg($cfg:meta)])? $(#[doc = $doc:expr])* $name:ident($module:ident, $ty:ident, $opts:ident)),* $(,)?) => {
        /// The games.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
        #[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
        pub enum GameKind {
            $($(#[cfg($cfg)])? $(#[doc = $doc])* $name,)*
        }

        /// The games, in the order of the registry.
        const LIST: &[GameKind] = &[$($(#[cfg($cfg)])? GameKind::$name,)*];

        impl GameKind {
            /// Every game, in the order of the rule book's table of games (`spec/rules/README.md`).
            pub const ALL: [GameKind; LISTED] = in_book_order();

            /// The name used by `--game`, records and position strings.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? GameKind::$name => <crate::games::$module::options::$opts as GameOptions>::NAME,)*
                }
            }

            /// The game's name as the rules files title it.
            #[must_use]
            pub const fn title(self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? GameKind::$name => <crate::games::$module::options::$opts as GameOptions>::TITLE,)*
                }
            }
        }

        /// A game together with the values of all its options.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Variant {
            $($(#[cfg($cfg)])? $(#[doc = $doc])* $name(crate::games::$module::options::$opts),)*
        }

        $($(#[cfg($cfg)])?
        impl From<crate::games::$module::options::$opts> for Variant {
            fn from(o: crate::games::$module::options::$opts) -> Variant {
                Variant::$name(o)
            }
        })*

        impl Variant {
            /// The game with every option at its default.
            #[must_use]
            pub const fn default_for(game: GameKind) -> Variant {
                match game {
                    $($(#[cfg($cfg)])? GameKind::$name => Variant::$name(<crate::games::$module::options::$opts as GameOptions>::DEFAULT),)*
                }
            }

            /// The game.
            #[must_use]
            pub const fn kind(&self) -> GameKind {
                match self {
                    $($(#[cfg($cfg)])? Variant::$name(_) => GameKind::$name,)*
                }
            }

            /// The game's options, whatever the game.
            fn options(&self) -> &dyn Options {
                match self {
                    $($(#[cfg($cfg)])? Variant::$name(o) => o,)*
                }
            }

            fn options_mut(&mut self) -> &mut dyn Options {
                match self {
                    $($(#[cfg($cfg)])? Variant::$name(o) => o,)*
                }
            }
        }
    };
}
crate::games::registry!(variant_types);

/// The games a program lists and reads by name: the registry's, less the toy game where another
/// crate's tests compile it in (the `toy` feature): it is a game of the registry, with its
/// `Variant` and its positions, but no program names it.
const LISTED: usize = LIST.len()
    - if cfg!(all(feature = "toy", not(test))) {
        1
    } else {
        0
    };

/// Whether two names are the same, in a constant.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The registry's games in the order of the rule book's table; a game the table lacks stops the
/// build.
const fn in_book_order<const N: usize>() -> [GameKind; N] {
    let mut out = [LIST[0]; N];
    let mut n = 0;
    let mut b = 0;
    while b < crate::rule::BOOK_ORDER.len() {
        let mut k = 0;
        while k < LIST.len() {
            if same(LIST[k].name(), crate::rule::BOOK_ORDER[b]) {
                out[n] = LIST[k];
                n += 1;
            }
            k += 1;
        }
        b += 1;
    }
    // The toy game of the tests (`games/toy/`) has no book: it comes last.
    #[cfg(test)]
    {
        let mut k = 0;
        while k < LIST.len() {
            if same(LIST[k].name(), "toy") {
                out[n] = LIST[k];
                n += 1;
            }
            k += 1;
        }
    }
    assert!(
        n == N,
        "every game of the registry has a row in the rule book's table"
    );
    out
}

/// [`GameOptions`] whatever the game: what [`Variant`] dispatches to.
trait Options {
    fn keys(&self) -> &'static [&'static str];
    fn values(&self, key: &str) -> &'static [&'static str];
    fn value(&self, key: &str) -> Option<&'static str>;
    fn set(&mut self, key: &str, value: &str);
    fn geometry(&self) -> Geometry;
    fn seeds_per_hole(&self) -> u32;
    fn alternating_openers(&self) -> Option<Rule>;
    fn opening(&self) -> bool;
    fn rights(&self) -> bool;
    fn table_key(&self) -> Option<TableKey>;
    fn tokens(&self) -> Tokens;
    fn marks(&self) -> &'static [(char, MarkKind)];
    fn mark_words(&self) -> &'static str;
    fn parse_move(&self, token: &str) -> Option<Result<Move, TokenError>>;
}

impl<O: GameOptions> Options for O {
    fn keys(&self) -> &'static [&'static str] {
        O::KEYS
    }
    fn values(&self, key: &str) -> &'static [&'static str] {
        O::values(key)
    }
    fn value(&self, key: &str) -> Option<&'static str> {
        GameOptions::value(self, key)
    }
    fn set(&mut self, key: &str, value: &str) {
        GameOptions::set(self, key, value);
    }
    fn geometry(&self) -> Geometry {
        GameOptions::geometry(self)
    }
    fn seeds_per_hole(&self) -> u32 {
        GameOptions::seeds_per_hole(self)
    }
    fn alternating_openers(&self) -> Option<Rule> {
        O::ALTERNATING_OPENERS
    }
    fn opening(&self) -> bool {
        O::OPENING
    }
    fn rights(&self) -> bool {
        O::RIGHTS
    }
    fn table_key(&self) -> Option<TableKey> {
        O::TABLE_KEY
    }
    fn tokens(&self) -> Tokens {
        O::TOKENS
    }
    fn marks(&self) -> &'static [(char, MarkKind)] {
        O::MARKS
    }
    fn mark_words(&self) -> &'static str {
        O::MARK_WORDS
    }
    fn parse_move(&self, token: &str) -> Option<Result<Move, TokenError>> {
        O::parse_move(token)
    }
}

impl GameKind {
    /// The rule by which the openers of the rounds alternate, for the games whose matches have
    /// several rounds with an opener each (B17, S20, U23).
    #[must_use]
    pub fn alternating_openers_rule(self) -> Option<Rule> {
        Variant::default_for(self).options().alternating_openers()
    }

    /// The mark a mark character of position strings (`*`, `x`, `a`, `b`) stands for in this game,
    /// and whether its owner is the letter's player (claims, uuggs) rather than the hole's
    /// (`spec/notation.md` §4.1); `Err` says what the game's marks are.
    ///
    /// # Errors
    /// The game has no such mark.
    pub fn mark(self, c: char) -> Result<MarkKind, String> {
        let o = Variant::default_for(self);
        let o = o.options();
        match o.marks().iter().find(|(m, _)| *m == c) {
            Some((_, kind)) => Ok(*kind),
            None if o.marks().is_empty() => Err(format!("{} has no marks", self.title())),
            None => Err(format!("{} marks are {}", self.title(), o.mark_words())),
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

/// ` (did you mean `X`?)` when `word` looks like a misspelling of X (`crate::suggest`).
fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    crate::suggest::closest(word, known)
        .map_or_else(String::new, |k| format!(" (did you mean `{k}`?)"))
}

impl GameKind {
    /// Every game's name, in the order messages list them (the registry's): `bechi`, `giuthi`,
    /// `sulus-nishtaw`, `uugg`, `redu`.
    pub fn names() -> impl Iterator<Item = &'static str> {
        LIST.iter()
            .filter(|g| GameKind::ALL.contains(g))
            .map(|g| g.name())
    }

    /// Every game's name, in the order messages list them (the registry's): `bechi, giuthi,
    /// sulus-nishtaw, uugg, redu`.
    #[must_use]
    pub fn name_list() -> String {
        GameKind::names().collect::<Vec<_>>().join(", ")
    }
}

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game `{}`{}: expected one of {}",
            self.0,
            did_you_mean(&self.0, GameKind::ALL.map(GameKind::name)),
            GameKind::name_list()
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
    /// The board.
    #[must_use]
    pub fn geometry(&self) -> Geometry {
        self.options().geometry()
    }

    /// Seeds at the start of round 1, which every later position keeps in all (board, stores and
    /// reserves together).
    #[must_use]
    pub fn seeds_per_hole(&self) -> u32 {
        self.options().seeds_per_hole()
    }

    /// The constant number of seeds of a match.
    #[must_use]
    pub fn total_seeds(&self) -> u32 {
        self.geometry().len() as u32 * self.seeds_per_hole()
    }

    /// Whether the opener of a round is part of the position: the games where openers alternate
    /// between rounds (B17, S20, U23). Giuthi's richer player opens (G26); Redu has one round.
    #[must_use]
    pub fn opener_alternates(&self) -> bool {
        self.options().alternating_openers().is_some()
    }

    /// Whether every round begins with an opening, a ply of its own (Sulus Nishtaw S4, S6).
    #[must_use]
    pub fn has_opening(&self) -> bool {
        self.options().opening()
    }

    /// Whether a position can hold a pending capture right of the player to move (Redu R19).
    #[must_use]
    pub fn has_rights(&self) -> bool {
        self.options().rights()
    }

    /// What the game's endgame tables know its positions by, if its final margin splits into a
    /// settled part and a value of the board (spec/analysis.md §12.1): Giuthi's by the seeds,
    /// Uugg's by the seeds, marks and owners; `None` for the other games.
    #[must_use]
    pub fn table_key(&self) -> Option<TableKey> {
        self.options().table_key()
    }

    /// The option keys of this game, in their fixed order.
    #[must_use]
    pub fn option_keys(&self) -> &'static [&'static str] {
        self.options().keys()
    }

    /// The values an option accepts, as written.
    #[must_use]
    pub fn option_values(&self, key: &str) -> Vec<&'static str> {
        self.options().values(key).to_vec()
    }

    /// The current value of an option, as written.
    #[must_use]
    pub fn option_value(&self, key: &str) -> Option<String> {
        self.options().value(key).map(str::to_owned)
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
        if !self.options().values(key).contains(&value) {
            return Err(OptionError::BadValue {
                game,
                key,
                value: value.to_owned(),
            });
        }
        self.options_mut().set(key, value);
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

impl Move {
    /// What a game's moves look like, for messages.
    #[must_use]
    pub fn expected_tokens(game: GameKind) -> &'static str {
        Variant::default_for(game).options().tokens().expected
    }

    /// Reads one move token of `game`.
    ///
    /// # Errors
    /// The token is not a move token, or not one of this game's kinds of token.
    pub fn parse(game: GameKind, token: &str) -> Result<Move, TokenError> {
        Move::parse_as_written(game, token).map_err(|mut e| {
            // A token in the wrong case (`3b`, `Pass`): the spelling meant, when it is a move
            // (issue 37.5).
            if let Some(meant) = crate::moves::case_fixed(token)
                && Move::parse_as_written(game, &meant).is_ok()
            {
                let why = if meant.bytes().all(|b| b.is_ascii_lowercase()) {
                    "the words pass and open are written in lower case"
                } else {
                    "a hole's side is written A or B, in upper case"
                };
                e.message = format!(
                    "`{token}` is not a {} move: did you mean `{meant}`? ({why})",
                    game.name()
                );
            }
            e
        })
    }

    /// [`Move::parse`] without the suggestion of another case.
    fn parse_as_written(game: GameKind, token: &str) -> Result<Move, TokenError> {
        let v = Variant::default_for(game);
        let o = v.options();
        if let Some(read) = o.parse_move(token) {
            return read;
        }
        // The games with an opening, which a token `open` of another game is a move of.
        let openers: Vec<&str> = GameKind::ALL
            .iter()
            .filter(|g| Variant::default_for(**g).has_opening())
            .map(|g| g.title())
            .collect();
        parse_common(
            token,
            (game.name(), game.title()),
            o.tokens(),
            o.opening(),
            &openers.join(" or "),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Hole;
    use crate::player::Dir;

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
