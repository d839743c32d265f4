//! What a word asks of the book: a rule ID, a range of IDs, a game, or a topic of the common
//! part, as `mancala rules` takes them.

use crate::cite::{citations, is_rule_id};
use crate::{Book, Chapter, Rule, Topic};

/// What a word of `mancala rules` names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Query<'a> {
    /// One rule: `B9`, `b9`.
    Rule(&'a Rule),
    /// The rules of a range of one game, in the book's order: `U18-U20`, `U18–U20`.
    Range(Vec<&'a Rule>),
    /// A game's chapter: `bechi`, `Sulus Nishtaw`.
    Game(&'a Chapter),
    /// A topic of the common part with its subsections: `perft`, `6.3`, `§6`.
    Topic(Vec<&'a Topic>),
}

impl Chapter {
    /// The chapter's IDs as ranges: `B1–B17`; `R1–R30, R19a` when some ID carries a letter.
    #[must_use]
    pub fn range(&self) -> String {
        let plain: Vec<&Rule> = self
            .rules
            .iter()
            .filter(|r| r.id[1..].bytes().all(|b| b.is_ascii_digit()))
            .collect();
        let mut parts = Vec::new();
        if let (Some(first), Some(last)) = (plain.first(), plain.last()) {
            parts.push(if first.id == last.id {
                first.id.clone()
            } else {
                format!("{}–{}", first.id, last.id)
            });
        }
        parts.extend(
            self.rules
                .iter()
                .filter(|r| !r.id[1..].bytes().all(|b| b.is_ascii_digit()))
                .map(|r| r.id.clone()),
        );
        parts.join(", ")
    }
}

/// Every game's range, for messages: `G1–G26 (giuthi), B1–B17 (bechi), …`.
#[must_use]
pub fn ranges_text(book: &Book) -> String {
    book.games
        .iter()
        .map(|c| format!("{} ({})", c.range(), c.game))
        .collect::<Vec<_>>()
        .join("; ")
}

impl Book {
    /// The rules from `first` to `last` of one game, in the book's order, both included.
    #[must_use]
    pub fn range(&self, first: &str, last: &str) -> Option<Vec<&Rule>> {
        let a = self.rule(first)?;
        let b = self.rule(last)?;
        let c = self.game(&a.game)?;
        let i = c.rules.iter().position(|r| r.id == a.id)?;
        let j = c.rules.iter().position(|r| r.id == b.id)?;
        (a.game == b.game && i <= j).then(|| c.rules[i..=j].iter().collect())
    }

    /// What `word` names.
    ///
    /// # Errors
    /// A word that names nothing in the book, with a message that says what exists.
    pub fn lookup(&self, word: &str) -> Result<Query<'_>, String> {
        if let Some(c) = self.game(word) {
            return Ok(Query::Game(c));
        }
        if self.topic(word).is_some() {
            return Ok(Query::Topic(self.topic_with_subtopics(word)));
        }
        let upper = capitalised(word);
        if let Some(r) = self.rule(&upper) {
            return Ok(Query::Rule(r));
        }
        // tidy: book prose: a range the user asked for (`U18-U20`), read as the book writes one.
        if let [c] = &citations(&upper)[..]
            && c.offset == 0
            && let Some(last) = &c.last
            && c.id.len() + last.len() + 1 >= upper.chars().count()
        {
            return match self.range(&c.id, last) {
                Some(rules) => Ok(Query::Range(rules)),
                None => Err(self.unknown_range(&c.id, last)),
            };
        }
        Err(self.unknown(word, &upper))
    }

    fn unknown_range(&self, first: &str, last: &str) -> String {
        for id in [first, last] {
            if self.rule(id).is_none() {
                return self.unknown(id, id);
            }
        }
        format!(
            "`{first}–{last}` is not a range of one game's rules, first to last: the rules are {}",
            ranges_text(self)
        )
    }

    fn unknown(&self, word: &str, upper: &str) -> String {
        if is_rule_id(upper)
            && let Some(c) = upper.chars().next().and_then(|l| self.game_of_letter(l))
        {
            return format!(
                "there is no rule {upper}: {}'s rules are {} (`mancala rules {}` lists them)",
                c.title,
                c.range(),
                c.game
            );
        }
        let topics: Vec<&str> = self.common.topics.iter().map(|t| t.key.as_str()).collect();
        format!(
            "`{word}` is neither a rule ID, a game nor a topic of the rule book: the rules are {}; the games {}; the topics {} (`mancala rules` lists them)",
            ranges_text(self),
            self.games
                .iter()
                .map(|c| c.game.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            topics.join(", ")
        )
    }
}

/// `b9` as `B9`, `r19A` as `R19a`: an upper-case game letter and a lower-case suffix.
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let mut out: String = first.to_uppercase().collect();
    for c in chars {
        // A range's second letter is a game letter too.
        if out.ends_with(['–', '-']) {
            out.extend(c.to_uppercase());
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book;

    #[test]
    fn words_name_rules_ranges_games_and_topics() {
        let b = book();
        assert!(matches!(b.lookup("b9"), Ok(Query::Rule(r)) if r.id == "B9"));
        assert!(matches!(b.lookup("R19A"), Ok(Query::Rule(r)) if r.id == "R19a"));
        let Ok(Query::Range(rules)) = b.lookup("u18-u20") else {
            panic!("a range")
        };
        let ids: Vec<&str> = rules.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, ["U18", "U19", "U20"]);
        let Ok(Query::Range(rules)) = b.lookup("R19–R20") else {
            panic!("a range")
        };
        assert_eq!(rules.len(), 3, "R19, R19a, R20");
        assert!(matches!(b.lookup("bechi"), Ok(Query::Game(c)) if c.letter == 'B'));
        assert!(matches!(b.lookup("perft"), Ok(Query::Topic(t)) if t[0].number == "6.3"));
        assert!(matches!(b.lookup("§6"), Ok(Query::Topic(t)) if t.len() == 5));
    }

    #[test]
    fn unknown_words_say_what_exists() {
        let b = book();
        let e = b.lookup("B18").unwrap_err(); // tidy: not a citation
        assert!(e.contains("no rule B18: Bechi's rules are B1–B17"), "{e}"); // tidy: not a citation
        let e = b.lookup("R40").unwrap_err(); // tidy: not a citation
        assert!(e.contains("R1–R30, R19a"), "{e}");
        let e = b.lookup("chess").unwrap_err();
        assert!(e.contains("G1–G26 (giuthi)") && e.contains("perft"), "{e}");
        let e = b.lookup("B9-B4").unwrap_err(); // tidy: not a citation
        assert!(e.contains("not a range"), "{e}");
        let e = b.lookup("B9-B40").unwrap_err(); // tidy: not a citation
        assert!(e.contains("no rule B40"), "{e}"); // tidy: not a citation
    }
}
