//! The book against the binding rules: the same IDs, kinds and withdrawn rules, and quotations
//! that are word for word those of the Catalan texts.

use crate::{book, root, shared};
use rulebook::Kind;

/// One line of `spec/rules/binding-ids.txt`: an ID, its kind, whether it is withdrawn.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    id: String,
    kind: Kind,
    withdrawn: bool,
}

fn manifest() -> Vec<Entry> {
    let path = root().join("spec/rules/binding-ids.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let kind = match words.get(1) {
                Some(&"text") => Kind::Text,
                Some(&"ruling") => Kind::Ruling,
                _ => panic!("binding-ids.txt: `{l}`: expected `ID text|ruling [withdrawn]`"),
            };
            let withdrawn = match words.get(2) {
                None => false,
                Some(&"withdrawn") if words.len() == 3 => true,
                _ => panic!("binding-ids.txt: `{l}`: expected `ID text|ruling [withdrawn]`"),
            };
            Entry {
                id: words[0].to_owned(),
                kind,
                withdrawn,
            }
        })
        .collect()
}

/// The rules of the binding files: lines `* **ID [T]** …` or `[R]`, withdrawn when the line
/// says `*withdrawn*`.
fn binding_rules(shared: &std::path::Path) -> Vec<Entry> {
    let mut out = Vec::new();
    for (name, _) in &rulebook::FILES[1..] {
        let text = std::fs::read_to_string(shared.join("rules").join(name)).unwrap();
        for line in text.lines() {
            let Some(rest) = line.strip_prefix("* **") else {
                continue;
            };
            let Some((head, _)) = rest.split_once("**") else {
                continue;
            };
            let Some((id, kind)) = head.split_once(' ') else {
                continue;
            };
            let kind = match kind {
                "[T]" => Kind::Text,
                "[R]" => Kind::Ruling,
                _ => continue,
            };
            if !rulebook::is_rule_id(id) {
                continue;
            }
            out.push(Entry {
                id: id.to_owned(),
                kind,
                withdrawn: line.to_lowercase().contains("*withdrawn*"),
            });
        }
    }
    out
}

#[test]
fn the_book_has_every_binding_id_with_its_kind_and_nothing_else() {
    let book = book();
    let want = manifest();
    assert!(
        want.len() > 100,
        "binding-ids.txt lists {} rules",
        want.len()
    );
    let have: Vec<Entry> = book
        .rules()
        .map(|r| Entry {
            id: r.id.clone(),
            kind: r.kind,
            withdrawn: r.withdrawn.is_some(),
        })
        .collect();
    let mut problems = Vec::new();
    for w in &want {
        match have.iter().find(|h| h.id == w.id) {
            None => problems.push(format!("{} is missing from spec/rules/", w.id)),
            Some(h) if h != w => problems.push(format!(
                "{}: the book has {:?}{}, the binding rules {:?}{}",
                w.id,
                h.kind,
                if h.withdrawn { " (withdrawn)" } else { "" },
                w.kind,
                if w.withdrawn { " (withdrawn)" } else { "" },
            )),
            Some(_) => {}
        }
    }
    for h in &have {
        if !want.iter().any(|w| w.id == h.id) {
            problems.push(format!("{} is in spec/rules/ but not a binding rule", h.id));
        }
    }
    // The same order, game by game: a reader finds B10 after B9.
    for c in &book.games {
        let mine: Vec<&str> = c.rules.iter().map(|r| r.id.as_str()).collect();
        let theirs: Vec<&str> = want
            .iter()
            .filter(|w| w.id.starts_with(c.letter))
            .map(|w| w.id.as_str())
            .collect();
        if mine != theirs {
            problems.push(format!(
                "{}: the rules' order {mine:?}, not {theirs:?}",
                c.file
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_manifest_is_what_the_binding_rules_say() {
    let Some(shared) = shared() else {
        eprintln!("../shared/rules/ is not here: binding-ids.txt is taken as it is");
        return;
    };
    let binding = binding_rules(&shared);
    let manifest = manifest();
    let mut problems = Vec::new();
    for b in &binding {
        if !manifest.contains(b) {
            problems.push(format!(
                "{b:?} is not in binding-ids.txt as the binding rules say"
            ));
        }
    }
    for m in &manifest {
        if !binding.contains(m) {
            problems.push(format!("{m:?} of binding-ids.txt is not a binding rule"));
        }
    }
    if problems.is_empty() {
        assert_eq!(
            binding, manifest,
            "binding-ids.txt keeps the binding rules' order"
        );
    }
    assert!(
        problems.is_empty(),
        "spec/rules/binding-ids.txt differs from ../shared/rules/:\n{}",
        problems.join("\n")
    );
}

/// Runs of white space as one space.
fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether the pieces of `quote` between its `…` occur in `text` in that order.
fn quoted_in(quote: &str, text: &str) -> bool {
    let mut from = 0;
    for piece in quote.split('…').map(str::trim).filter(|p| !p.is_empty()) {
        match text[from..].find(piece) {
            Some(k) => from += k + piece.len(),
            None => return false,
        }
    }
    true
}

#[test]
fn catalan_sources_are_quoted_word_for_word() {
    let Some(shared) = shared() else {
        eprintln!("../shared/seeds/ is not here: the quotations are not compared");
        return;
    };
    let book = book();
    let mut problems = Vec::new();
    let mut quotes = 0;
    for c in &book.games {
        let path = shared.join("seeds").join(format!("{}.ca.txt", c.game));
        let seed = squeeze(&std::fs::read_to_string(&path).unwrap());
        for r in &c.rules {
            for s in &r.sources {
                quotes += 1;
                if !quoted_in(&squeeze(&s.catalan), &seed) {
                    problems.push(format!(
                        "{}: «{}» is not in {}",
                        r.id,
                        s.catalan,
                        path.display()
                    ));
                }
            }
        }
    }
    assert!(quotes > 200, "only {quotes} quotations");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn quotations_are_compared_piece_by_piece_in_order() {
    let text = "una frase, amb tres parts. I una altra.";
    assert!(quoted_in("una frase, …tres parts.", text));
    assert!(quoted_in("…I una altra.", text));
    assert!(!quoted_in("I una altra. …una frase", text));
    assert!(!quoted_in("una frase sense", text));
}
