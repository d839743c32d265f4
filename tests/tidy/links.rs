//! Where the book and the product's documents point: the book's links lead to files that exist,
//! its engine notes to a section of `spec/engine.md` that speaks of the rule, the crate packages
//! the files of `spec/rules/`, and nothing the product shows points outside the repository; the
//! links of the README and the guide (`docs/guide/`) lead to a file and a heading that exist, and
//! the guide's `SUMMARY.md` lists every chapter (issue 37).

use crate::{book, citations, root};

/// A heading's anchor as a forge makes it: lower case, punctuation dropped, spaces as hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The sections of a Markdown file by anchor: each heading's text down to the next heading of
/// the same level or above.
fn sections(text: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let level = |l: &str| {
        let n = l.chars().take_while(|&c| c == '#').count();
        (n > 0 && l[n..].starts_with(' ')).then_some(n)
    };
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let Some(n) = level(l) else { continue };
        let end = lines[i + 1..]
            .iter()
            .position(|m| level(m).is_some_and(|k| k <= n))
            .map_or(lines.len(), |k| i + 1 + k);
        out.push((slug(&l[n..]), lines[i..end].join("\n")));
    }
    out
}

#[test]
fn engine_notes_lead_to_a_section_of_engine_md_about_their_rule() {
    let engine = std::fs::read_to_string(root().join("spec/engine.md")).unwrap();
    let sections = sections(&engine);
    let mut problems = Vec::new();
    let mut notes = 0;
    for r in book().rules() {
        for n in &r.engine_notes {
            notes += 1;
            match sections.iter().find(|(a, _)| a == n.anchor()) {
                None => problems.push(format!(
                    "{}: no heading `#{}` in spec/engine.md",
                    r.id,
                    n.anchor()
                )),
                Some((_, text)) if !rulebook::citations(text).iter().any(|c| c.id == r.id) => {
                    problems.push(format!(
                        "{}: spec/engine.md#{} does not speak of it",
                        r.id,
                        n.anchor()
                    ));
                }
                Some(_) => {}
            }
        }
    }
    // S13, U20, U21, R24, R26 and R27 carry the readings engine.md §6 records.
    assert!(notes >= 6, "only {notes} engine notes");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_books_links_lead_to_files_that_exist() {
    let dir = root().join("spec/rules");
    let mut problems = Vec::new();
    for (name, _) in rulebook::FILES {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        for (k, line) in text.lines().enumerate() {
            for target in line
                .split("](")
                .skip(1)
                .filter_map(|t| t.split_once(')'))
                .map(|t| t.0)
            {
                let file = target.split('#').next().unwrap_or("");
                if file.is_empty() || file.contains("://") {
                    continue;
                }
                if !dir.join(file).is_file() {
                    problems.push(format!(
                        "spec/rules/{name}:{}: `{target}` leads nowhere",
                        k + 1
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// `crates/rulebook/book/` holds what `cargo package` puts in the crate: links to (or, where git
/// cannot make links, the text of) the files of `spec/rules/`.
#[test]
fn the_crate_packages_the_files_of_spec_rules() {
    for (name, _) in rulebook::FILES {
        let packaged = root().join("crates/rulebook/book").join(name);
        let link = std::fs::read_link(&packaged).ok();
        let text = std::fs::read_to_string(&packaged).unwrap();
        let spec = std::fs::read_to_string(root().join("spec/rules").join(name)).unwrap();
        let target = format!("../../../spec/rules/{name}");
        let ok = link.is_some_and(|l| l == std::path::Path::new(&target))
            || text == spec
            || text.trim() == target;
        assert!(ok, "crates/rulebook/book/{name} is not a link to {target}");
    }
}

/// The product's documents, help texts and messages point into the repository or to `mancala
/// rules`, never to the binding files beside it.
#[test]
fn nothing_the_product_shows_points_outside_it() {
    let mut problems = Vec::new();
    for path in citations::files() {
        let rel = path
            .strip_prefix(root())
            .unwrap_or(&path)
            .display()
            .to_string();
        let shown = rel == "README.md"
            || (rel.starts_with("docs/") && rel.ends_with(".md"))
            || (rel.starts_with("spec/") && rel.ends_with(".md"))
            || rel.starts_with("crates/cli/src/")
            || rel.starts_with("crates/notation/src/")
            || rel.starts_with("crates/rules-core/src/");
        if !shown {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for (k, line) in text.lines().enumerate() {
            if line.contains("../shared") {
                problems.push(format!("{rel}:{}: {}", k + 1, line.trim()));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "paths outside the product:\n{}",
        problems.join("\n")
    );
}

#[test]
fn slugs_are_those_of_the_forge() {
    assert_eq!(slug(" Uugg (§8)"), "uugg-8");
    assert_eq!(
        slug("6. Readings where the rulings are silent"),
        "6-readings-where-the-rulings-are-silent"
    );
    assert_eq!(slug("Sulus Nishtaw"), "sulus-nishtaw");
}

/// `README.md`, then every Markdown file of `docs/guide/`, by their paths from the root.
fn documents() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("docs/guide"))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| format!("docs/guide/{}", e.file_name().to_string_lossy()))
        .filter(|n| n.ends_with(".md"))
        .collect();
    names.sort();
    names.insert(0, "README.md".to_owned());
    names
}

/// The link targets of a Markdown text with their lines, outside code blocks and code spans.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut fence = false;
    let mut out = Vec::new();
    for (k, l) in text.lines().enumerate() {
        if l.trim_start().starts_with("```") {
            fence = !fence;
            continue;
        }
        if fence {
            continue;
        }
        let prose: String = l.split('`').step_by(2).collect();
        for target in prose
            .split("](")
            .skip(1)
            .filter_map(|t| t.split_once(')'))
            .map(|t| t.0)
        {
            out.push((k + 1, target.to_owned()));
        }
    }
    out
}

#[test]
fn the_links_of_the_readme_and_the_guide_lead_somewhere() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for path in documents() {
        let text = std::fs::read_to_string(root().join(&path)).unwrap();
        let dir = root().join(&path).parent().unwrap().to_path_buf();
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let file = if file.is_empty() {
                root().join(&path)
            } else {
                dir.join(file)
            };
            if !file.exists() {
                problems.push(format!("{path}:{line}: `{target}` leads nowhere"));
                continue;
            }
            if !anchor.is_empty() {
                let text = std::fs::read_to_string(&file).unwrap_or_default();
                if !sections(&text).iter().any(|(a, _)| a == anchor) {
                    problems.push(format!("{path}:{line}: `{target}`: no such heading"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked >= 40, "{checked} links");
}

/// `docs/guide/SUMMARY.md` (the mdBook table of contents) lists every chapter once, and every
/// chapter opens with its title.
#[test]
fn the_guides_summary_lists_every_chapter() {
    let summary = std::fs::read_to_string(root().join("docs/guide/SUMMARY.md")).unwrap();
    let mut listed: Vec<String> = links(&summary).into_iter().map(|(_, t)| t).collect();
    let n = listed.len();
    listed.sort();
    listed.dedup();
    assert_eq!(listed.len(), n, "a chapter listed twice");
    let chapters: Vec<String> = documents()
        .into_iter()
        .filter_map(|p| p.strip_prefix("docs/guide/").map(str::to_owned))
        .filter(|p| p != "SUMMARY.md")
        .collect();
    assert_eq!(listed, chapters);
    for c in &chapters {
        let text = std::fs::read_to_string(root().join("docs/guide").join(c)).unwrap();
        assert!(text.starts_with("# "), "{c} opens with its title");
    }
}
