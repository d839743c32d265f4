//! The games answer for themselves (issue 36): outside rules-core, no product code branches on
//! which game a position is of, or on which kind of mark a hole has, and none keeps its own list
//! of the games' names. What a game knows (its marks' names and letters, what its endgame tables
//! key on, what it has settled, its names) is asked of rules-core, so that a sixth game changes
//! nothing outside its folder; the few places that must know one game stand in [`ALLOWED`], each
//! with why.
//!
//! Product code is every `src/` folder of the crates but rules-core's, xtask's and the fuzz
//! targets (up to a file's trailing `#[cfg(test)] mod`), and the Python package's Python files.
//! A line branches on a game when it
//! * names a position of one game (`Position::Giuthi`: a downcast);
//! * has `GameKind::X`, `Variant::X` or `MarkKind::X` in a pattern (a `match` arm before its
//!   `=>`, `if let`, `let ... else`, `matches!`) or compared (`==`, `!=`);
//! * holds two games' names as strings (a list of the games), or, in Python, compares a string
//!   with a game's or a mark's name.
//!
//! Naming a game to build something (`Variant::default_for(GameKind::Bechi)`, a mark made with
//! `kind: MarkKind::Chosen`) is not a branch.

use crate::citations::walk;
use crate::root;
use crate::typed_rules::product_files;
use rules_core::{GameKind, MarkKind};
use std::path::PathBuf;

/// The places that may branch on a game or a mark: (path prefix, what the line names, why).
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "crates/testkit/src/reference/",
        "",
        "the naive reference implementations: a second reading of each game's rules, one module \
         per game, that the engine is tested against; it must not go through the engine's \
         dispatch",
    ),
    (
        "crates/analysis/src/solve/",
        "",
        "the retrograde solver covers one game (`solve::GAME`, Bechi): Bechi's moves made again \
         on packed boards (the solver makes billions), held to the rules core by \
         tests/analysis/solve.rs; its boards read and write Bechi's chosen and blocked holes, \
         and its shape is Bechi's width. `solve::covers` answers for it elsewhere",
    ),
    (
        "crates/analysis/src/matches/",
        "MarkKind::",
        "the Bechi match solver, on the solver's boards: its round starts are keyed by Bechi's \
         blocked holes (B3) and its boards by the chosen ones (B2)",
    ),
    (
        "crates/diagram/src/lib.rs",
        "MarkKind::",
        "the pictures draw each kind of mark its own way (a ring with *, a grey crossed hole, a \
         dashed ring, a double ring) with its line of the legend: a new kind of mark needs a new \
         drawing (README, \"A sixth game touches\")",
    ),
    (
        "crates/cli/src/printers/board.rs",
        "MarkKind::Claim",
        "the text board lists Sulus Nishtaw's claims with their creators under the board, a \
         line of its own in the output of show, replay and explain",
    ),
    (
        "crates/python/python/mancala_games/env.py",
        "kind ==",
        "the PettingZoo observation is a fixed layout that trained agents depend on (its \
         docstring: Bechi chosen, Bechi blocked, then the marks with a creator, mine or my \
         opponent's): a new kind of mark is a new layout, chosen deliberately",
    ),
];

/// The names of the games' arms (`Bechi`, `SulusNishtaw`) and of the kinds of mark (`Chosen`).
fn arms() -> (Vec<String>, Vec<String>) {
    (
        GameKind::ALL.iter().map(|g| format!("{g:?}")).collect(),
        MarkKind::ALL.iter().map(|m| format!("{m:?}")).collect(),
    )
}

/// The text after a path: past a parenthesised group right after it (`Variant::Bechi(o)`).
fn past_group(s: &str) -> &str {
    if !s.starts_with('(') {
        return s;
    }
    let mut depth = 0;
    for (k, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return &s[k + 1..];
                }
            }
            _ => {}
        }
    }
    ""
}

/// Whether the path at `at..at + len` of `line` is in a pattern or a comparison.
fn branches(line: &str, at: usize, len: usize) -> bool {
    let before = line[..at].trim_end();
    let after = past_group(&line[at + len..]).trim_start();
    let compared = before.ends_with("==")
        || before.ends_with("!=")
        || after.starts_with("==")
        || after.starts_with("!=");
    let alternative = (before.ends_with('|') && !before.ends_with("||"))
        || (after.starts_with('|') && !after.starts_with("||"));
    let arm = line[at..].contains("=>") && !line[..at].contains("=>");
    let binding = before.ends_with("let") || line[..at].contains("matches!(");
    compared || alternative || arm || binding
}

/// What one Rust line branches on: each finding in words.
fn rust_findings(line: &str, games: &[String], marks: &[String], names: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for game in games {
        let path = format!("Position::{game}");
        if contains_path(line, &path).is_some() {
            out.push(format!("downcasts a position to one game (`{path}`)"));
        }
    }
    let paths = games
        .iter()
        .flat_map(|g| [format!("GameKind::{g}"), format!("Variant::{g}")])
        .chain(marks.iter().map(|m| format!("MarkKind::{m}")));
    for path in paths {
        let mut from = 0;
        while let Some(at) = contains_path(&line[from..], &path).map(|k| k + from) {
            if branches(line, at, path.len()) {
                out.push(format!("branches on `{path}`"));
            }
            from = at + path.len();
        }
    }
    let literals: Vec<&str> = line.split('"').skip(1).step_by(2).collect();
    if literals.iter().filter(|l| names.contains(l)).count() >= 2 {
        out.push("keeps its own list of the games' names".to_owned());
    }
    out
}

/// Where `path` stands in `line` as a whole path (not the end of a longer name).
fn contains_path(line: &str, path: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(k) = line[from..].find(path) {
        let at = from + k;
        let end = at + path.len();
        let head_ok = at == 0
            || !line[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':');
        let tail_ok = !line[end..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
        if head_ok && tail_ok {
            return Some(at);
        }
        from = end;
    }
    None
}

/// What one Python line branches on.
fn python_findings(line: &str, names: &[&str]) -> Vec<String> {
    let code = line.split('#').next().unwrap_or("");
    let mut out = Vec::new();
    let mut known = 0;
    for q in ['"', '\''] {
        let parts: Vec<&str> = code.split(q).collect();
        for k in (1..parts.len()).step_by(2) {
            if !names.contains(&parts[k]) {
                continue;
            }
            known += 1;
            let before = parts[k - 1].trim_end();
            let after = parts.get(k + 1).map_or("", |a| a.trim_start());
            if before.ends_with("==")
                || before.ends_with("!=")
                || after.starts_with("==")
                || after.starts_with("!=")
            {
                out.push(format!("compares with the name `{}`", parts[k]));
            }
        }
    }
    if known >= 2 && out.is_empty() {
        out.push("keeps its own list of names of games or marks".to_owned());
    }
    out
}

/// Every finding of one file's text: (line, what).
fn findings(text: &str, python: bool) -> Vec<(usize, String)> {
    let (games, marks) = arms();
    let game_names: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
    let mut py_names = game_names.clone();
    py_names.extend(MarkKind::ALL.iter().map(|m| m.name()));
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        if !python
            && *line == "#[cfg(test)]"
            && lines.get(k + 1).is_some_and(|n| n.starts_with("mod "))
        {
            break;
        }
        let code = line.trim_start();
        if code.starts_with("//") || code.starts_with('#') && python {
            continue;
        }
        let found = if python {
            python_findings(line, &py_names)
        } else {
            rust_findings(line, &games, &marks, &game_names)
        };
        out.extend(found.into_iter().map(|f| (k + 1, f)));
    }
    out
}

/// The files scanned: product Rust files outside rules-core, and the Python package's Python.
fn scanned() -> Vec<(PathBuf, bool)> {
    let rules_core = root().join("crates/rules-core");
    let mut out: Vec<(PathBuf, bool)> = product_files()
        .into_iter()
        .filter(|p| !p.starts_with(&rules_core))
        .map(|p| (p, false))
        .collect();
    let mut python = Vec::new();
    walk(&root().join("crates/python/python"), &["py"], &mut python);
    out.extend(python.into_iter().map(|p| (p, true)));
    out
}

#[test]
fn no_code_outside_rules_core_branches_on_a_game_or_a_mark() {
    let files = scanned();
    assert!(files.len() > 150, "{}", files.len());
    let mut used = vec![0; ALLOWED.len()];
    let mut problems = Vec::new();
    for (path, python) in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let rel = path
            .strip_prefix(root())
            .unwrap_or(path)
            .display()
            .to_string();
        let lines: Vec<&str> = text.lines().collect();
        for (line, what) in findings(&text, *python) {
            let shown = lines[line - 1];
            match ALLOWED
                .iter()
                .position(|(p, needle, _)| rel.starts_with(p) && shown.contains(needle))
            {
                Some(k) => used[k] += 1,
                None => problems.push(format!("{rel}:{line}: {what}")),
            }
        }
    }
    for (k, (p, needle, _)) in ALLOWED.iter().enumerate() {
        if used[k] == 0 {
            problems.push(format!(
                "{p}: allowed to branch on `{needle}` but no longer does: drop it from ALLOWED"
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "a game answers for itself: ask rules-core (Position::view, settled, Variant::table_key, \
         MarkKind::name, Mark::letter, GameKind::names, ...) instead of matching on the game or \
         the mark, or say in ALLOWED why this place must know one game ({} findings):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The scan finds downcasts, patterns, comparisons and lists, and passes what builds.
#[test]
fn the_scan_finds_branches_and_passes_construction() {
    let bad = "fn f(p: &Position, v: Variant) {\n\
               let Position::Giuthi(g) = p else { return };\n\
               match v.kind() {\n    GameKind::Uugg => {}\n    _ => {}\n}\n\
               if v.kind() != GameKind::Bechi {}\n\
               let Variant::Redu(o) = v else { return };\n\
               let n = s.marked().filter(|(_, m)| m.kind == MarkKind::Claim).count();\n\
               let games = [\"bechi\", \"giuthi\"];\n\
               MarkKind::Claim | MarkKind::Uugg => 'a',\n}\n";
    let lines: Vec<usize> = findings(bad, false).into_iter().map(|(l, _)| l).collect();
    assert_eq!(
        lines,
        [2, 4, 7, 8, 9, 10, 11, 11],
        "{:?}",
        findings(bad, false)
    );
    let fine = "let v = Variant::default_for(GameKind::Bechi);\n\
                let m = Mark { kind: MarkKind::Chosen, owner };\n\
                let w = Variant::Bechi(BechiOptions { holes: 3 });\n\
                x => Variant::Bechi(o),\n\
                // GameKind::Bechi => in a comment\n\
                let s = \"bechi\";\n";
    assert_eq!(findings(fine, false), Vec::new());
    let py = "if kind == \"chosen\":\n    pass\nGAMES = [\"bechi\", \"redu\"]\ngame = \"bechi\"\n";
    let lines: Vec<usize> = findings(py, true).into_iter().map(|(l, _)| l).collect();
    assert_eq!(lines, [1, 3]);
}
