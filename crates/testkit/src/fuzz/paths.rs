//! Target `paths` (issue 23): arbitrary output paths over a tree of special files in a temporary
//! folder, written through the binary's one output policy (`mancala::testing::target::Target`).
//!
//! The tree (made once per process, reset after every input) holds a regular file, a folder, a
//! FIFO, a socket, character devices (`/dev/null` and `/dev/full` clones, made with `mknod` when
//! run as root), a block device number no disk has, and links to each of them, to `/dev/null`,
//! `/dev/full`, a pipe (`/proc/self/fd/N`), nowhere and themselves. The input picks a path of up to
//! four parts (names of the tree, `.`, `..` kept inside the tree, `new`, a trailing `/`, or raw
//! bytes) and what to do: write it, start writing and give up, ask how it would be written, or
//! check it against an input. Checked against a model written apart from the policy:
//!
//! * a regular file or a new name in an existing folder is replaced whole (and an unfinished one
//!   leaves it as it was); a character device or a FIFO, or a link to one, is written in place;
//!   everything else is refused;
//! * no special file of the tree is ever replaced, removed or changed in type, no link changes
//!   what it names, no temporary file is left;
//! * an output that is the same regular file or FIFO as the input is refused, any other accepted.

use mancala::testing::target::{Kind, Target, refuse_inputs};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

/// The content of the tree's regular files between inputs.
const OLD: &[u8] = b"old";

/// The tree: its root and the names it holds.
struct Tree {
    root: PathBuf,
    names: Vec<&'static str>,
}

/// What a name of the tree is, compared before and after each input.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Node {
    /// A regular file (its content is checked apart).
    File,
    /// Anything else, by type and inode; a link with what it names.
    Special {
        kind: String,
        ino: u64,
        link: Option<PathBuf>,
    },
}

fn shell(dir: &Path, args: &[&str]) -> bool {
    std::process::Command::new(args[0])
        .args(&args[1..])
        .current_dir(dir)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Reads `r` for ever, so that writers to what it reads never wait.
fn drain(mut r: impl Read + Send + 'static) {
    std::thread::spawn(move || {
        let mut buf = vec![0u8; 1 << 16];
        while r.read(&mut buf).is_ok_and(|n| n > 0) {}
    });
}

/// Removes the trees of processes that are gone (a tree lives as long as its process).
fn remove_stale_trees() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if let Some(pid) = name.strip_prefix("mancala-fuzz-paths-")
            && !Path::new("/proc").join(pid).exists()
        {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// Makes the tree (see the module's documentation).
fn make_tree() -> Tree {
    remove_stale_trees();
    let root = std::env::temp_dir().join(format!("mancala-fuzz-paths-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("dir")).expect("a temporary folder");
    std::fs::write(root.join("file"), OLD).expect("a file");
    std::fs::write(root.join("dir/file"), OLD).expect("a file");
    let mut names = vec!["file", "dir", "dir/file"];
    let made = |ok: bool, name: &'static str| ok.then_some(name);
    let fifo = shell(&root, &["mkfifo", "fifo"])
        && std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(root.join("fifo"))
            // A reader of our own, so that opening the FIFO to write never waits.
            .map(drain)
            .is_ok();
    let socket = std::os::unix::net::UnixListener::bind(root.join("sock")).map(std::mem::forget);
    let link = |to: &str, name: &str| std::os::unix::fs::symlink(to, root.join(name)).is_ok();
    let pipe = std::io::pipe().ok().is_some_and(|(reader, writer)| {
        use std::os::fd::AsRawFd;
        let to = format!("/proc/self/fd/{}", writer.as_raw_fd());
        drain(reader);
        std::mem::forget(writer);
        link(&to, "to-pipe")
    });
    names.extend(
        [
            made(
                shell(&root, &["mknod", "-m", "666", "null", "c", "1", "3"]),
                "null",
            ),
            made(
                shell(&root, &["mknod", "-m", "666", "full", "c", "1", "7"]),
                "full",
            ),
            made(
                shell(&root, &["mknod", "-m", "600", "disk", "b", "7", "251"]),
                "disk",
            ),
            made(fifo, "fifo"),
            made(socket.is_ok(), "sock"),
            made(link("/dev/null", "to-null"), "to-null"),
            made(link("/dev/full", "to-full"), "to-full"),
            made(link("file", "to-file"), "to-file"),
            made(link("dir", "to-dir"), "to-dir"),
            made(link("fifo", "to-fifo"), "to-fifo"),
            made(link("sock", "to-sock"), "to-sock"),
            made(link("disk", "to-disk"), "to-disk"),
            made(link("nowhere", "dangling"), "dangling"),
            made(link("loop", "loop"), "loop"),
            made(pipe, "to-pipe"),
        ]
        .into_iter()
        .flatten(),
    );
    Tree { root, names }
}

fn tree() -> MutexGuard<'static, Tree> {
    static TREE: OnceLock<Mutex<Tree>> = OnceLock::new();
    TREE.get_or_init(|| Mutex::new(make_tree()))
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
}

fn node(path: &Path) -> Option<Node> {
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let m = path.symlink_metadata().ok()?;
    let t = m.file_type();
    if t.is_file() {
        return Some(Node::File);
    }
    let kind = [
        (t.is_dir(), "folder"),
        (t.is_symlink(), "link"),
        (t.is_char_device(), "char"),
        (t.is_block_device(), "block"),
        (t.is_fifo(), "fifo"),
        (t.is_socket(), "socket"),
    ]
    .iter()
    .find(|(is, _)| *is)
    .map_or("other", |(_, k)| k);
    Some(Node::Special {
        kind: kind.to_owned(),
        ino: m.ino(),
        link: std::fs::read_link(path).ok(),
    })
}

/// The names of `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Puts the tree back: regular files hold [`OLD`], and nothing else is there.
fn reset(t: &Tree) {
    for dir in [t.root.clone(), t.root.join("dir")] {
        for name in listing(&dir) {
            let rel = if dir == t.root {
                name.clone()
            } else {
                format!("dir/{name}")
            };
            if !t.names.contains(&rel.as_str()) {
                let p = dir.join(&name);
                let _ = std::fs::remove_file(&p).or_else(|_| std::fs::remove_dir_all(&p));
            }
        }
    }
    for f in ["file", "dir/file"] {
        let p = t.root.join(f);
        let _ = std::fs::remove_file(&p);
        std::fs::write(&p, OLD).expect("the tree's file");
    }
}

/// What the model says of a path.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Expect {
    Replaced,
    InPlace,
    Refused,
}

fn streams(m: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    m.file_type().is_char_device() || m.file_type().is_fifo()
}

/// The policy, written apart from `mancala::testing::target`.
fn model(path: &Path, text: &str) -> Expect {
    let last = text.rsplit('/').next().unwrap_or("");
    if text.ends_with('/') || last == "." || last == ".." {
        return match std::fs::metadata(path) {
            Ok(m) if streams(&m) => Expect::InPlace,
            _ => Expect::Refused,
        };
    }
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_file() => Expect::Replaced,
        Ok(m) if streams(&m) => Expect::InPlace,
        Ok(m) if m.file_type().is_symlink() => match std::fs::metadata(path) {
            Ok(t) if streams(&t) => Expect::InPlace,
            _ => Expect::Refused,
        },
        Ok(_) => Expect::Refused,
        Err(_) => match path.parent().map(std::fs::metadata) {
            Some(Ok(m)) if m.is_dir() => Expect::Replaced,
            _ => Expect::Refused,
        },
    }
}

/// The parts a path is made of.
const WORDS: &[&str] = &[
    "file", "dir", "fifo", "null", "full", "disk", "sock", "to-null", "to-full", "to-file",
    "to-dir", "to-fifo", "to-sock", "to-disk", "dangling", "loop", "to-pipe", "new", ".", "..", "",
    "-", "dir/file", "new.tmp",
];

/// The relative path the input spells, kept inside the tree; the rest of the input.
fn spell(data: &[u8]) -> (String, &[u8]) {
    let mut parts: Vec<String> = Vec::new();
    let mut depth = 0usize;
    let mut rest = data;
    let count = rest.first().map_or(1, |b| 1 + usize::from(b % 4));
    rest = rest.get(1..).unwrap_or(&[]);
    for _ in 0..count {
        let Some((&b, tail)) = rest.split_first() else {
            break;
        };
        rest = tail;
        let part = if b < 0xF0 {
            WORDS[usize::from(b) % WORDS.len()].to_owned()
        } else {
            let n = usize::from(b & 0x0F).min(rest.len());
            let raw: String = String::from_utf8_lossy(&rest[..n])
                .chars()
                .map(|c| if c == '/' || c == '\0' { '_' } else { c })
                .collect();
            rest = &rest[n..];
            raw
        };
        match part.as_str() {
            ".." if depth == 0 => parts.push(".".to_owned()),
            ".." => {
                depth -= 1;
                parts.push(part);
            }
            "." | "" => parts.push(part),
            p => {
                depth += 1 + p.matches('/').count();
                parts.push(part);
            }
        }
    }
    (parts.join("/"), rest)
}

/// The target's `/dev/full`: writing anything to it fails.
fn is_full(path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).is_ok_and(|m| streams(&m) && m.rdev() == (1 << 8 | 7))
}

/// Target `paths` (see the module's documentation).
pub fn paths(data: &[u8]) {
    let t = tree();
    let op = data.first().map_or(0, |b| b % 4);
    let (rel, payload) = spell(data.get(1..).unwrap_or(&[]));
    let path = t.root.join(&rel);
    let text = path.to_string_lossy().into_owned();
    let expect = model(&path, &text);
    let before: Vec<Option<Node>> = t.names.iter().map(|n| node(&t.root.join(n))).collect();
    let target = Target::new(&path);
    let case = format!("op {op}, path {rel:?}: expected {expect:?}");
    match op {
        0 => {
            let result = target.write(payload);
            match expect {
                Expect::Refused => assert!(result.is_err(), "{case}: written"),
                Expect::InPlace if is_full(&path) && !payload.is_empty() => {
                    assert!(result.is_err(), "{case}: a full device took the bytes");
                }
                _ => assert!(result.is_ok(), "{case}: {result:?}"),
            }
            if expect == Expect::Replaced {
                assert_eq!(
                    std::fs::read(&path).ok().as_deref(),
                    Some(payload),
                    "{case}"
                );
            }
        }
        1 => {
            // Started and given up: a replaced file is as it was.
            // (Read only where the model says a regular file or nothing is there: reading a FIFO
            // or a pipe would wait for ever.)
            let had = (expect == Expect::Replaced).then(|| std::fs::read(&path).ok());
            if let Ok(mut out) = target.open() {
                let _ = out.write_all(&payload[..payload.len() / 2]);
                drop(out);
            }
            if let Some(had) = had {
                assert_eq!(std::fs::read(&path).ok(), had, "{case}: changed");
            }
        }
        2 => {
            let kind = target.kind();
            let got = match kind {
                Ok(Kind::Replaced) => Expect::Replaced,
                Ok(Kind::InPlace) => Expect::InPlace,
                Err(_) => Expect::Refused,
            };
            assert_eq!(got, expect, "{case}: {kind:?}");
        }
        _ => {
            let (input, _) = spell(payload);
            let input_path = t.root.join(&input);
            let same = match (std::fs::metadata(&path), std::fs::metadata(&input_path)) {
                (Ok(a), Ok(b)) => {
                    use std::os::unix::fs::{FileTypeExt, MetadataExt};
                    (a.dev(), a.ino()) == (b.dev(), b.ino())
                        && (a.is_file() || a.file_type().is_fifo())
                }
                _ => false,
            };
            let inputs = vec![mancala::testing::Input::new(input_path.clone())];
            let refused = refuse_inputs("--out", &target, &inputs).is_err();
            assert_eq!(refused, same, "{case}, input {input:?}");
        }
    }
    let after: Vec<Option<Node>> = t.names.iter().map(|n| node(&t.root.join(n))).collect();
    for ((name, b), a) in t.names.iter().zip(&before).zip(&after) {
        if b != &Some(Node::File) {
            assert_eq!(a, b, "{case}: {name} changed");
        }
    }
    let own = path.file_name().map(|n| n.to_string_lossy().into_owned());
    for dir in [t.root.clone(), t.root.join("dir")] {
        let left: Vec<String> = listing(&dir)
            .into_iter()
            .filter(|n| n.starts_with('.') && n.ends_with(".tmp") && Some(n) != own.as_ref())
            .collect();
        assert!(left.is_empty(), "{case}: temporary files left: {left:?}");
    }
    reset(&t);
}
