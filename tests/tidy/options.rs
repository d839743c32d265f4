//! The options tables of the book (§5 of `README.md`, §3 of each game's file) and the engine's
//! options (`crates/rules-core/src/options.rs`): the same keys in the same order, the same
//! values, the same defaults, and rules that exist.

use crate::book;
use rulebook::OptionRow;
use rules_core::{GameKind, Variant};

/// The differences between a table's rows and the engine's options of `game`.
fn compare(place: &str, rows: &[&OptionRow], game: GameKind, book: &rulebook::Book) -> Vec<String> {
    let engine = Variant::default_for(game);
    let mut problems = Vec::new();
    let keys: Vec<&str> = rows.iter().map(|r| r.key.as_str()).collect();
    if keys != engine.option_keys() {
        problems.push(format!(
            "{place}: options {keys:?}, the engine's {:?}",
            engine.option_keys()
        ));
    }
    for r in rows {
        let values = engine.option_values(&r.key);
        if r.values != values {
            problems.push(format!(
                "{place}: `{}` takes {:?}, the engine {values:?}",
                r.key, r.values
            ));
        }
        let default = engine.option_value(&r.key);
        if Some(&r.default) != default.as_ref() {
            problems.push(format!(
                "{place}: `{}` defaults to {:?}, the engine to {default:?}",
                r.key, r.default
            ));
        }
        if r.rules.is_empty() || r.rules.iter().any(|id| book.rule(id).is_none()) {
            problems.push(format!("{place}: `{}` cites rules {:?}", r.key, r.rules));
        }
    }
    problems
}

#[test]
fn every_options_table_is_the_engines() {
    let book = book();
    let mut problems = Vec::new();
    let summary = book.common.options();
    for game in GameKind::ALL {
        let chapter = book.game(game.name()).expect("a chapter per game");
        let rows = chapter.options();
        problems.extend(compare(
            &format!("spec/rules/{} §3", chapter.file),
            &rows.iter().collect::<Vec<_>>(),
            game,
            &book,
        ));
        let in_summary: Vec<&OptionRow> = summary
            .iter()
            .filter(|r| r.game.as_deref() == Some(game.title()))
            .collect();
        problems.extend(compare(
            &format!("spec/rules/README.md §5, {}", game.title()),
            &in_summary,
            game,
            &book,
        ));
        for r in &in_summary {
            if !rows.iter().any(|g| g.rules == r.rules && g.key == r.key) {
                problems.push(format!(
                    "README.md §5 and {} §3 cite other rules for `{}`",
                    chapter.file, r.key
                ));
            }
        }
    }
    let known = summary
        .iter()
        .filter(|r| {
            GameKind::ALL
                .iter()
                .any(|g| r.game.as_deref() == Some(g.title()))
        })
        .count();
    if known != summary.len() || summary.is_empty() {
        problems.push("README.md §5 has rows of no game".to_owned());
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
