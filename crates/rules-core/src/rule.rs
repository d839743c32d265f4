//! Rule IDs as a type: every rule of the rule book (`spec/rules/<game>.md`) is a variant of
//! [`Rule`], generated from the book's headings at build time (`build.rs`). Code names rules
//! (`Rule::B9`), never spells them as strings; a rule's ID as the book writes it is its
//! `Display` (and its JSON form). Rules are ordered as the book orders them: the games in the
//! order of its table of games, a game's rules in the order of its file (`B2` before `B10`,
//! `R19` before `R19a`); whatever lists rules sorts them as values, never their IDs as text.

use std::fmt;
use std::str::FromStr;

include!(concat!(env!("OUT_DIR"), "/rule.rs"));

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Text that is not the ID of a rule of the book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRule(pub String);

impl fmt::Display for UnknownRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a rule of the rule book", self.0)
    }
}

impl std::error::Error for UnknownRule {}

impl FromStr for Rule {
    type Err = UnknownRule;

    /// Reads an ID exactly as the book writes it (`B9`, `R19a`).
    fn from_str(s: &str) -> Result<Rule, UnknownRule> {
        Rule::ALL
            .into_iter()
            .find(|r| r.id() == s)
            .ok_or_else(|| UnknownRule(s.to_owned()))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Rule {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Rule, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back_and_unknown_ones_are_refused() {
        for r in Rule::ALL {
            assert_eq!(r.id().parse::<Rule>(), Ok(r));
        }
        assert_eq!(Rule::R19a.to_string(), "R19a");
        assert_eq!(Rule::B9.title(), "Capturing the last hole");
        assert!("B99".parse::<Rule>().is_err()); // tidy: not a citation
        assert!("b9".parse::<Rule>().is_err());
    }

    #[test]
    fn rules_sort_as_the_book_orders_them() {
        // The book's table of games: Giuthi, Bechi, Sulus Nishtaw, Uugg, Redu.
        let mut v = vec![
            Rule::R19a,
            Rule::B10,
            Rule::R19,
            Rule::U1,
            Rule::B2,
            Rule::G26,
            Rule::S3,
        ];
        v.sort();
        assert_eq!(
            v,
            [
                Rule::G26,
                Rule::B2,
                Rule::B10,
                Rule::S3,
                Rule::U1,
                Rule::R19,
                Rule::R19a
            ]
        );
        assert!(Rule::ALL.is_sorted());
        assert_eq!(Rule::S21.game(), crate::GameKind::SulusNishtaw);
        assert_eq!(Rule::R19a.game(), crate::GameKind::Redu);
    }
}
