//! No file-level import circle in any crate (issue 36): inside a crate, the files import each
//! other one way, so that each can be read knowing only the files below it.
//!
//! Each crate's module tree is read from its root files (`lib.rs`, `main.rs`) by their `mod x;`
//! declarations, as rustc reads it. A file imports another when it names a path into it:
//! `use crate::a::b::Name`, `super::Name`, `self::x`, or a path starting with one of its own
//! child modules (`key::Keying`), in a `use` or in code. A path to a name a module only hands on
//! (`pub use x::Name`) is followed to the file that defines it. A module's own children are not
//! imports of it: it declares them, and hands their items on or calls them, while they use what
//! it defines (a folder's `mod.rs` and its files); a circle is among files none of which holds
//! the other. The unit tests at the end of a file (`#[cfg(test)] mod`) are not read.

use crate::citations::walk;
use crate::root;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A file of a crate's module tree.
struct File {
    /// Its path, relative to the repository's root.
    path: String,
    /// Its module path from the crate's root (`["search", "node"]`; empty for the root).
    module: Vec<String>,
    /// Its code, up to its unit tests, without comment lines.
    code: String,
    /// Its child modules declared with `mod x;`.
    children: BTreeSet<String>,
}

/// The product part of a file's text: up to a trailing `#[cfg(test)] mod`, without lines that
/// are comments.
fn code_of(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::new();
    for (k, line) in lines.iter().enumerate() {
        if line.trim() == "#[cfg(test)]"
            && lines
                .get(k + 1)
                .is_some_and(|n| n.trim_start().starts_with("mod "))
        {
            break;
        }
        if line.trim_start().starts_with("//") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The child modules a file declares (`mod x;`, `pub mod x;`, `pub(crate) mod x;`).
fn declared_children(code: &str) -> Vec<String> {
    code.lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l
                .strip_prefix("pub(crate) mod ")
                .or_else(|| l.strip_prefix("pub(super) mod "))
                .or_else(|| l.strip_prefix("pub mod "))
                .or_else(|| l.strip_prefix("mod "))?;
            let name = rest.strip_suffix(';')?.trim();
            is_ident(name).then(|| name.to_owned())
        })
        .collect()
}

fn is_ident(s: &str) -> bool {
    !s.is_empty()
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !s.starts_with(|c: char| c.is_ascii_digit())
}

/// The module tree of one crate root: every file reached from `root_file` by `mod`
/// declarations. `read` gives a file's text by its path (relative to the repository).
fn module_tree(root_file: &str, read: &dyn Fn(&str) -> Option<String>) -> Vec<File> {
    let mut out = Vec::new();
    let mut todo = vec![(root_file.to_owned(), Vec::<String>::new())];
    while let Some((path, module)) = todo.pop() {
        let Some(text) = read(&path) else { continue };
        let code = code_of(&text);
        let children = declared_children(&code);
        // The folder of a module's children: beside a root or `mod.rs`, else a folder named after
        // the file.
        let p = Path::new(&path);
        let dir = match p.file_name().and_then(|n| n.to_str()) {
            Some("lib.rs" | "main.rs" | "mod.rs") => p.parent().map(Path::to_path_buf),
            _ => Some(p.with_extension("")),
        }
        .unwrap_or_default();
        for c in &children {
            let flat = dir.join(format!("{c}.rs"));
            let nested = dir.join(c).join("mod.rs");
            let flat = flat.to_string_lossy().into_owned();
            let nested = nested.to_string_lossy().into_owned();
            let child = if read(&flat).is_some() { flat } else { nested };
            let mut m = module.clone();
            m.push(c.clone());
            todo.push((child, m));
        }
        out.push(File {
            path,
            module,
            code,
            children: children.into_iter().collect(),
        });
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

/// A module path: its segments (`["crate", "search", "node"]`).
type ModPath = Vec<String>;

/// What a file's code names: every path, and the name each `use` brings into scope with its
/// path.
struct Named {
    paths: Vec<ModPath>,
    uses: Vec<(String, ModPath)>,
}

/// Every path a file's code names: the expanded trees of its `use` declarations, with the name
/// each brings into scope, and the paths in its code that start with `crate`, `super`, `self` or
/// one of `children`.
fn paths_named(code: &str, children: &BTreeSet<String>) -> Named {
    let mut paths = Vec::new();
    let mut uses = Vec::new();
    // `use` declarations, possibly over several lines, up to their `;`.
    let mut rest = code;
    while let Some(at) = find_use(rest) {
        let after = &rest[at..];
        let end = after.find(';').unwrap_or(after.len());
        let tree = normalise(&after["use ".len()..end]);
        for (path, name) in expand(&tree) {
            uses.push((name, path.clone()));
            paths.push(path);
        }
        rest = &after[end.min(after.len())..];
    }
    // Paths in code.
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < code.len() {
        let start_ok = i == 0
            || !(bytes[i - 1].is_ascii_alphanumeric()
                || bytes[i - 1] == b'_'
                || bytes[i - 1] == b':'
                || bytes[i - 1] == b'$');
        if start_ok && (bytes[i].is_ascii_alphabetic() || bytes[i] == b'_') {
            let mut j = i;
            let mut segs = Vec::new();
            loop {
                let s = j;
                while j < code.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_') {
                    j += 1;
                }
                segs.push(code[s..j].to_owned());
                if code[j..].starts_with("::")
                    && code[j + 2..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                {
                    j += 2;
                } else {
                    break;
                }
            }
            let first = segs[0].as_str();
            if segs.len() > 1
                && (matches!(first, "crate" | "super" | "self") || children.contains(first))
            {
                paths.push(segs);
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    Named { paths, uses }
}

/// A use tree with single spaces, and none around `::`, braces and commas.
fn normalise(tree: &str) -> String {
    let mut t = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    for p in ["::", "{", "}", ","] {
        t = t.replace(&format!(" {p}"), p).replace(&format!("{p} "), p);
    }
    t
}

/// Where the next `use` declaration starts.
fn find_use(code: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(k) = code[from..].find("use ") {
        let at = from + k;
        let line_start = code[..at].rfind('\n').map_or(0, |n| n + 1);
        let before = code[line_start..at].trim();
        if before.is_empty() || before == "pub" || before.starts_with("pub(") {
            return Some(at);
        }
        from = at + 4;
    }
    None
}

/// The paths of a normalised use tree (`a::{b,c::{d,e as f}}`), each with the name it brings
/// into scope.
fn expand(tree: &str) -> Vec<(Vec<String>, String)> {
    let mut out = Vec::new();
    expand_into(&[], tree, &mut out);
    out
}

fn expand_into(prefix: &[String], tree: &str, out: &mut Vec<(Vec<String>, String)>) {
    let tree = tree.trim_start_matches("::");
    if let Some(open) = tree.find('{') {
        let mut base: Vec<String> = prefix.to_vec();
        base.extend(
            tree[..open]
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
        );
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut depth = 0;
        let mut from = 0;
        for (k, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_into(&base, &inner[from..k], out);
                    from = k + 1;
                }
                _ => {}
            }
        }
        expand_into(&base, &inner[from..], out);
        return;
    }
    if tree.is_empty() {
        return;
    }
    let (path, alias) = match tree.split_once(" as ") {
        Some((p, a)) => (p, Some(a)),
        None => (tree, None),
    };
    let mut segs: Vec<String> = prefix.to_vec();
    segs.extend(
        path.split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_owned),
    );
    if segs.last().is_some_and(|s| s == "self") {
        segs.pop();
    }
    let name = alias
        .map(str::to_owned)
        .or_else(|| segs.last().cloned())
        .unwrap_or_default();
    out.push((segs, name));
}

/// Each module's `use` declarations: the name each brings into scope, and its path.
type Uses = BTreeMap<ModPath, Vec<(String, ModPath)>>;

/// The file-to-file imports of one module tree: for each file, the files it imports.
fn imports(files: &[File]) -> BTreeMap<String, BTreeSet<String>> {
    let by_module: BTreeMap<&[String], &File> =
        files.iter().map(|f| (f.module.as_slice(), f)).collect();
    let named: Vec<Named> = files
        .iter()
        .map(|f| paths_named(&f.code, &f.children))
        .collect();
    let uses: Uses = files
        .iter()
        .zip(&named)
        .map(|(f, n)| (f.module.clone(), n.uses.clone()))
        .collect();
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (k, f) in files.iter().enumerate() {
        let entry = out.entry(f.path.clone()).or_default();
        for path in &named[k].paths {
            let Some(target) = resolve(&f.module, path, &by_module, &uses, 0) else {
                continue;
            };
            let Some(t) = by_module.get(target.as_slice()) else {
                continue;
            };
            // A module's own descendants are not its imports.
            if t.path != f.path && !t.module.starts_with(&f.module) {
                entry.insert(t.path.clone());
            }
        }
    }
    out
}

/// The module a path named in module `from` leads to: its longest prefix that is a module,
/// through the `use` of a module that only hands a name on. `None` for a path out of the crate.
fn resolve(
    from: &[String],
    path: &[String],
    modules: &BTreeMap<&[String], &File>,
    uses: &Uses,
    depth: usize,
) -> Option<Vec<String>> {
    let mut at: Vec<String> = match path.first()?.as_str() {
        "crate" => Vec::new(),
        "super" | "self" => from.to_vec(),
        first => {
            let mut m = from.to_vec();
            m.push(first.to_owned());
            if !modules.contains_key(m.as_slice()) {
                return None;
            }
            m
        }
    };
    let mut rest = &path[1..];
    if path[0] == "super" {
        at.pop()?;
    }
    while let Some(s) = rest.first() {
        match s.as_str() {
            "super" => {
                at.pop()?;
            }
            "self" => {}
            _ => {
                let mut next = at.clone();
                next.push(s.clone());
                if !modules.contains_key(next.as_slice()) {
                    break;
                }
                at = next;
            }
        }
        rest = &rest[1..];
    }
    // A name this module brings in from elsewhere: follow it where it is defined.
    if let (Some(name), true) = (rest.first(), depth < 4)
        && let Some(here) = uses.get(&at)
        && let Some((_, p)) = here.iter().find(|(n, _)| n == name)
        && let Some(there) = resolve(&at, p, modules, uses, depth + 1)
    {
        return Some(there);
    }
    Some(at)
}

/// The circles of a graph: its strongly connected components of more than one file (Tarjan).
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        out: Vec<Vec<String>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, v: &'g str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let l = self.low[v].min(self.low[w]);
                    self.low.insert(v, l);
                } else if self.on_stack.contains(w) {
                    let l = self.low[v].min(self.index[w]);
                    self.low.insert(v, l);
                }
            }
            if self.low[v] == self.index[v] {
                let mut scc = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    scc.push(w.to_owned());
                    if w == v {
                        break;
                    }
                }
                if scc.len() > 1 {
                    scc.sort();
                    self.out.push(scc);
                }
            }
        }
    }
    let mut w = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !w.index.contains_key(v.as_str()) {
            w.visit(v);
        }
    }
    w.out.sort();
    w.out
}

/// The circles of the crate rooted at `root_file`, each with the imports that tie it.
fn circles_of(root_file: &str, read: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
    let files = module_tree(root_file, read);
    let graph = imports(&files);
    circles(&graph)
        .into_iter()
        .map(|c| {
            let ties: Vec<String> = c
                .iter()
                .flat_map(|a| {
                    graph[a]
                        .iter()
                        .filter(|b| c.contains(b))
                        .map(move |b| format!("  {a} -> {b}"))
                })
                .collect();
            format!("{}:\n{}", c.join(", "), ties.join("\n"))
        })
        .collect()
}

/// Every crate root of the repository: each `lib.rs` and `main.rs` under a crate's `src/`, and
/// xtask's.
fn crate_roots() -> Vec<String> {
    let mut dirs: Vec<PathBuf> = vec![root().join("xtask/src"), root().join("fuzz/src")];
    if let Ok(crates) = std::fs::read_dir(root().join("crates")) {
        dirs.extend(crates.filter_map(Result::ok).map(|c| c.path().join("src")));
    }
    let mut out = Vec::new();
    for d in dirs {
        for name in ["lib.rs", "main.rs"] {
            let f = d.join(name);
            if f.is_file() {
                let rel = f.strip_prefix(root()).unwrap_or(&f);
                out.push(rel.to_string_lossy().into_owned());
            }
        }
    }
    out.sort();
    out
}

#[test]
fn no_crate_has_a_file_level_import_circle() {
    let roots = crate_roots();
    assert!(roots.len() >= 9, "{roots:?}");
    let read = |p: &str| std::fs::read_to_string(root().join(p)).ok();
    let mut found = Vec::new();
    let mut read_files = BTreeSet::new();
    for r in &roots {
        read_files.extend(module_tree(r, &read).into_iter().map(|f| f.path));
        found.extend(circles_of(r, &read));
    }
    // Every source file of a crate is in its module tree: the scan misses none.
    let mut on_disk = Vec::new();
    for r in &roots {
        let dir = root()
            .join(r)
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        walk(&dir, &["rs"], &mut on_disk);
    }
    let unread: Vec<String> = on_disk
        .iter()
        .map(|p| {
            p.strip_prefix(root())
                .unwrap_or(p)
                .to_string_lossy()
                .into_owned()
        })
        .filter(|p| !read_files.contains(p))
        .collect();
    assert!(
        read_files.len() > 200,
        "only {} files read",
        read_files.len()
    );
    assert!(unread.is_empty(), "files no crate root reaches: {unread:?}");
    assert!(
        found.is_empty(),
        "files that import each other in a circle (move what they share into a file below \
         both):\n{}",
        found.join("\n")
    );
}

/// The scan finds a circle of siblings, through `use` trees, code paths, `super` and names
/// handed on, and passes a parent and its children.
#[test]
fn the_scan_finds_circles_and_passes_a_module_and_its_children() {
    let tree = |files: &'static [(&'static str, &'static str)]| {
        move |p: &str| {
            files
                .iter()
                .find(|(n, _)| *n == p)
                .map(|(_, t)| (*t).to_owned())
        }
    };
    // a -> b through a use tree, b -> c in code, c -> a through a name lib.rs hands on.
    let three = tree(&[
        ("src/lib.rs", "mod a;\nmod b;\nmod c;\npub use a::Thing;\n"),
        (
            "src/a.rs",
            "use crate::{b::{self, B}, c as _};\npub struct Thing;\n",
        ),
        ("src/b.rs", "pub fn f() { super::c::g() }\n"),
        ("src/c.rs", "use crate::Thing;\npub fn g() {}\n"),
    ]);
    let found = circles_of("src/lib.rs", &three);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("src/a.rs, src/b.rs, src/c.rs:"),
        "{found:?}"
    );
    // A folder's mod.rs that calls its child, which uses what mod.rs defines; a test module
    // that imports a sibling; a comment naming one: no circle.
    let fine = tree(&[
        ("src/lib.rs", "pub mod search;\nmod other;\n"),
        (
            "src/search/mod.rs",
            "mod node;\npub struct Options;\npub fn run() { node::go() }\n",
        ),
        (
            "src/search/node.rs",
            "use super::Options;\n// crate::other::x\npub fn go() {}\n#[cfg(test)]\nmod tests {\n    use crate::other::x;\n}\n",
        ),
        ("src/other.rs", "use crate::search::run;\npub fn x() {}\n"),
    ]);
    assert_eq!(circles_of("src/lib.rs", &fine), Vec::<String>::new());
}
