//! The rule book of the five games, `spec/rules/`, embedded at build time and parsed: every rule
//! by its ID (`B9`, `R19a`), with its kind (text or ruling), its words, the Catalan sentences it
//! rests on with their English glosses, the readings a ruling rejects, and the places where
//! `spec/engine.md` records a reading of the engine; the common part by topic (`perft`, `§6.3`).
//!
//! The book is Markdown written in a fixed shape (`spec/rules/README.md` §1.1 describes it), so
//! that it reads well on a forge and parses strictly here. [`book`] gives the embedded book;
//! [`Book::parse`] reads any set of files in that shape (the tidy test reads `spec/rules/` with
//! it). [`citations`] finds the rule IDs a text cites.
//!
//! ```
//! // Look a rule up by its ID, and read the Catalan sentence it rests on.
//! let book = rulebook::book();
//! let b9 = book.rule("B9").expect("Bechi's B9 is in the book");
//! assert_eq!(b9.game, "bechi");
//! assert!(!b9.sources.is_empty(), "every rule cites the text it rests on");
//!
//! // Find what a message cites: an engine error names the rule that forbids a move.
//! let cited = rulebook::citations("a blocked hole is skipped in sowing (B7)");
//! assert_eq!(cited[0].id, "B7");
//! assert!(book.rule(&cited[0].id).is_some());
//! ```

mod cite;
mod lookup;
mod parse;
mod text;

pub use cite::{Citation, citations, is_rule_id};
pub use lookup::{Query, ranges_text};
pub use parse::ParseError;
pub use text::{OptionRow, option_table, plain};

use serde::Serialize;
use std::sync::OnceLock;

/// Whether a rule states what the Catalan text says, or decides a gap, ambiguity or
/// contradiction of it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// The text states it (`[T]` in the binding rules).
    Text,
    /// A ruling on what the text leaves open (`[R]`).
    Ruling,
}

impl Kind {
    /// `text` or `ruling`, as the book writes it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Text => "text",
            Kind::Ruling => "ruling",
        }
    }
}

/// A sentence of the Catalan rule text, quoted exactly, with our English gloss.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Source {
    /// The Catalan words, without the surrounding « »; `…` marks words left out.
    pub catalan: String,
    /// What they say, in English.
    pub gloss: String,
}

/// A place in `spec/engine.md` where the engine made a reading of its own for this rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EngineNote {
    /// The link's words, e.g. `spec/engine.md §6, Sulus Nishtaw`.
    pub label: String,
    /// The link as the book writes it, relative to `spec/rules/`: `../engine.md#sulus-nishtaw`.
    pub link: String,
    /// What the engine reads there.
    pub text: String,
}

impl EngineNote {
    /// The heading anchor in `spec/engine.md`, e.g. `sulus-nishtaw`.
    #[must_use]
    pub fn anchor(&self) -> &str {
        self.link.split_once('#').map_or("", |(_, a)| a)
    }
}

/// One rule of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rule {
    /// The ID, as the binding rules give it: `B9`, `R19a`.
    pub id: String,
    /// The game's name, as `--game` takes it: `bechi`.
    pub game: String,
    /// Text or ruling.
    pub kind: Kind,
    /// A few words on what the rule is about.
    pub title: String,
    /// The section of the game's file the rule stands in, e.g. `2.4 Captures`.
    pub section: String,
    /// The rule, in Markdown (paragraphs, lists, a code block).
    pub text: String,
    /// The sentences of the Catalan text it rests on.
    pub sources: Vec<Source>,
    /// For a ruling, how the sentences lead to it (Markdown); may be empty.
    pub why: String,
    /// For a ruling, the readings it rejects, one per entry (inline Markdown).
    pub rejected: Vec<String>,
    /// Where `spec/engine.md` records a reading the engine made for this rule.
    pub engine_notes: Vec<EngineNote>,
    /// Why the rule was withdrawn, if it was: its ID stays, never reused.
    pub withdrawn: Option<String>,
}

/// A `##` section of a game's file: its prose (before its first rule), and its rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Section {
    /// The heading, with its number: `2.4 Captures`, `3. Options`.
    pub title: String,
    /// The prose before the first rule, in Markdown (e.g. the options table).
    pub text: String,
    /// The IDs of the rules of the section, in the book's order.
    pub rules: Vec<String>,
}

/// One game's file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Chapter {
    /// The game's name, as `--game` takes it: `sulus-nishtaw`.
    pub game: String,
    /// The game's title: `Sulus Nishtaw`.
    pub title: String,
    /// The file, relative to `spec/rules/`: `sulus-nishtaw.md`.
    pub file: String,
    /// The letter of its rule IDs: `S`.
    pub letter: char,
    /// The prose before the first section, in Markdown.
    pub intro: String,
    /// The sections, in order.
    pub sections: Vec<Section>,
    /// The rules, in order.
    pub rules: Vec<Rule>,
}

impl Section {
    /// The heading without its number: `Captures`, `Options`.
    #[must_use]
    pub fn name(&self) -> &str {
        self.title
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
            .trim_start()
    }
}

impl Chapter {
    /// The rows of the game's options table (its section `3. Options`).
    #[must_use]
    pub fn options(&self) -> Vec<OptionRow> {
        self.sections
            .iter()
            .find(|s| s.name() == "Options")
            .map(|s| option_table(&s.text))
            .unwrap_or_default()
    }
}

/// One numbered section of the common part (`README.md`): `6.3 Perft`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Topic {
    /// The section number: `6.3`.
    pub number: String,
    /// The word `mancala rules` takes for it: `perft`.
    pub key: String,
    /// The heading: `Perft`.
    pub title: String,
    /// The section's own text, in Markdown (without its subsections).
    pub text: String,
}

/// The common part of the book, `README.md`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Common {
    /// The book's title.
    pub title: String,
    /// The prose before the first topic.
    pub intro: String,
    /// The numbered sections, in order.
    pub topics: Vec<Topic>,
}

impl Common {
    /// The rows of the options summary (topic `options`), with the game in `OptionRow::game`.
    #[must_use]
    pub fn options(&self) -> Vec<OptionRow> {
        self.topics
            .iter()
            .find(|t| t.key == "options")
            .map(|t| option_table(&t.text))
            .unwrap_or_default()
    }
}

/// The whole book.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Book {
    /// The common part.
    pub common: Common,
    /// One chapter per game, in the order of the common part's table.
    pub games: Vec<Chapter>,
}

include!(concat!(env!("OUT_DIR"), "/files.rs"));

/// The book embedded in this build, parsed once.
///
/// # Panics
/// If the embedded files do not parse: a defect of the build, which this crate's tests and the
/// tidy test rule out for every commit.
#[must_use]
pub fn book() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| match Book::parse(&FILES) {
        Ok(b) => b,
        Err(e) => panic!("the embedded rule book does not parse: {e}"),
    })
}

impl Book {
    /// Reads the book from its files, `(name, text)`: `README.md` and one file per game.
    ///
    /// # Errors
    /// The first place where a file departs from the book's shape, with file and line.
    pub fn parse(files: &[(&str, &str)]) -> Result<Book, ParseError> {
        parse::book(files)
    }

    /// Every rule of every game, in the book's order.
    pub fn rules(&self) -> impl Iterator<Item = &Rule> {
        self.games.iter().flat_map(|c| c.rules.iter())
    }

    /// The rule with this ID, in any case: `b9` finds `B9`, `r19A` finds `R19a`.
    #[must_use]
    pub fn rule(&self, id: &str) -> Option<&Rule> {
        self.rules().find(|r| r.id.eq_ignore_ascii_case(id))
    }

    /// The chapter of a game, by name (`sulus-nishtaw`) or title (`Sulus Nishtaw`), in any case.
    #[must_use]
    pub fn game(&self, name: &str) -> Option<&Chapter> {
        self.games
            .iter()
            .find(|c| c.game.eq_ignore_ascii_case(name) || c.title.eq_ignore_ascii_case(name))
    }

    /// The chapter whose rule IDs begin with `letter`.
    #[must_use]
    pub fn game_of_letter(&self, letter: char) -> Option<&Chapter> {
        self.games
            .iter()
            .find(|c| c.letter == letter.to_ascii_uppercase())
    }

    /// A topic of the common part, by key (`perft`) or number (`6.3`, `§6.3`).
    #[must_use]
    pub fn topic(&self, key: &str) -> Option<&Topic> {
        let number = key.trim_start_matches('§');
        self.common
            .topics
            .iter()
            .find(|t| t.key.eq_ignore_ascii_case(key) || t.number == number)
    }

    /// A topic and its subsections: `6` gives 6, 6.1, 6.2, 6.3 and 6.4.
    #[must_use]
    pub fn topic_with_subtopics(&self, key: &str) -> Vec<&Topic> {
        let Some(t) = self.topic(key) else {
            return Vec::new();
        };
        let prefix = format!("{}.", t.number);
        self.common
            .topics
            .iter()
            .filter(|s| s.number == t.number || s.number.starts_with(&prefix))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_book_parses_and_finds_rules_in_any_case() {
        let b = book();
        assert_eq!(b.games.len(), 5);
        assert_eq!(b.rule("b9").map(|r| r.id.as_str()), Some("B9"));
        assert_eq!(b.rule("R19A").map(|r| r.id.as_str()), Some("R19a"));
        assert!(b.rule("B99").is_none()); // tidy: not a citation
        assert_eq!(b.game("Sulus Nishtaw").map(|c| c.letter), Some('S'));
        assert_eq!(b.topic("§6.3").map(|t| t.key.as_str()), Some("perft"));
        assert_eq!(b.topic("perft").map(|t| t.number.as_str()), Some("6.3"));
        let plies: Vec<&str> = b
            .topic_with_subtopics("6")
            .iter()
            .map(|t| t.number.as_str())
            .collect();
        assert_eq!(plies, ["6", "6.1", "6.2", "6.3", "6.4"]);
    }

    #[test]
    fn every_rule_has_its_game_and_a_source_unless_withdrawn() {
        for r in book().rules() {
            let c = book().game(&r.game).unwrap();
            assert!(r.id.starts_with(c.letter), "{}", r.id);
            if r.withdrawn.is_none() {
                assert!(!r.sources.is_empty(), "{}", r.id);
                assert!(!r.text.trim().is_empty(), "{}", r.id);
                assert_eq!(r.kind == Kind::Ruling, !r.rejected.is_empty(), "{}", r.id);
            }
        }
    }
}
