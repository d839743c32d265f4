//! The prose of a ply (`crates/rules-core/src/prose/`) names a step by the rule its event
//! carries. Every rule ID a game's prose keys on must be one that game's engine emits: renaming
//! or moving a rule in the engine then fails here instead of silently changing the explanation.

use crate::root;

/// The rules named in code (`Rule::B10`), outside comments: the rules code compares or matches,
/// not the citations inside sentences.
fn literal_ids(text: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        for part in code.split("Rule::").skip(1) {
            let id: String = part
                .chars()
                .take_while(char::is_ascii_alphanumeric)
                .collect();
            if !id.is_empty() {
                ids.push(id);
            }
        }
    }
    ids
}

/// The text of the engine files of a game.
fn engine(files: &[&str]) -> String {
    let src = root().join("crates/rules-core/src");
    files
        .iter()
        .map(|f| std::fs::read_to_string(src.join(f)).unwrap())
        .collect()
}

#[test]
fn every_rule_the_prose_keys_on_is_emitted_by_its_game() {
    let games: [(&str, &[&str]); 5] = [
        ("bechi", &["games/bechi/mod.rs"]),
        ("giuthi", &["games/giuthi/mod.rs"]),
        ("sulus_nishtaw", &["games/sulus_nishtaw/mod.rs"]),
        ("uugg", &["games/uugg/mod.rs"]),
        (
            "redu",
            &[
                "games/redu/mod.rs",
                "games/redu/moves.rs",
                "games/redu/zigzag.rs",
            ],
        ),
    ];
    let mut keyed = 0;
    for (game, files) in games {
        let prose = std::fs::read_to_string(
            root().join(format!("crates/rules-core/src/games/{game}/prose.rs")),
        )
        .unwrap();
        let emitted = literal_ids(&engine(files));
        for id in literal_ids(&prose) {
            assert!(
                emitted.contains(&id),
                "games/{game}/prose.rs keys on {id}, which the {game} engine does not emit"
            );
            keyed += 1;
        }
    }
    // The prose does key on rules (B10, G17, S5, S7, S9, U2, U9, U12, R4, R6, R15): a scan that
    // finds none has stopped reading them.
    assert!(keyed >= 11, "{keyed}");
}
