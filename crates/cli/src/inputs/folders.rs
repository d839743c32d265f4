//! Folders given where a record FILE is accepted (issue 26): a folder stands for the record files
//! under it, read recursively, in a fixed order, so that `mancala validate corpus/` checks a
//! collection as `mancala validate corpus/*/*.mgn` would.
//!
//! * Record files are those named `*.mgn` (notation) or `*.jsonl` (JSON lines); a file named on the
//!   command line is read whatever its name.
//! * Entries are sorted by name (bytes), files and folders together, so the order never depends
//!   on the file system; a folder's files come where its name sorts.
//! * Hidden entries (a name starting with `.`) are skipped, as the temporary files of `atomic`
//!   are; symbolic links to folders are not followed (no loops), links to files are read.
//! * A folder that cannot be listed stays in the list under its own name: reading it then fails
//!   with the usual I/O error (exit 2), and the other inputs are read.
//! * A record file's name on something that is not a regular file (a FIFO, which could keep the
//!   run waiting for ever, a socket, a device, a dangling link) is not read but stays in the list,
//!   so that it is reported in its place as an input that cannot be read (exit 2), saying what it
//!   is (issue 34: it was skipped without a word).

use crate::inputs::path::Input;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The extensions of record files in a folder.
pub const RECORD_EXTENSIONS: [&str; 2] = ["mgn", "jsonl"];

/// The inputs `paths` stand for: each folder replaced by the record files under it.
pub fn expand(paths: &[PathBuf]) -> Vec<Input> {
    let mut out = Vec::with_capacity(paths.len());
    for path in paths {
        if path.as_os_str() != "-" && path.is_dir() {
            walk(path, &mut out);
        } else {
            out.push(Input::new(path.clone()));
        }
    }
    out
}

/// Whether `path` names a record file by its extension.
fn is_record_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| RECORD_EXTENSIONS.contains(&e))
}

/// Appends the record files under `dir`, sorted by name (bytes), recursively. Names are kept as
/// the file system has them, UTF-8 or not, so that each file found can be opened.
fn walk(dir: &Path, out: &mut Vec<Input>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        out.push(Input::new(dir.to_path_buf()));
        return;
    };
    let mut entries: Vec<(OsString, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|e| (e.file_name(), e.path()))
        .filter(|(n, _)| !n.as_encoded_bytes().starts_with(b"."))
        .collect();
    entries.sort();
    for (_, path) in entries {
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            walk(&path, out);
        } else if meta.file_type().is_symlink() && path.is_dir() {
            // A link to a folder is not followed (no loops), whatever its name.
        } else if is_record_file(&path) {
            out.push(match not_a_file(&path, &meta) {
                None => Input::new(path),
                Some(why) => Input::refused(path, why),
            });
        }
    }
}

/// Why the entry at `path` (`meta`: the entry itself, not what a link names) is not read as a
/// record file, or `None` for a regular file or a link to one.
fn not_a_file(path: &Path, meta: &std::fs::Metadata) -> Option<String> {
    if meta.is_file() {
        return None;
    }
    let what = crate::outputs::target::type_words;
    if !meta.file_type().is_symlink() {
        return Some(format!(
            "it is {}, not a regular file: a folder's record files are read only when they are regular files (name it on the command line to read it)",
            what(meta)
        ));
    }
    let to = std::fs::read_link(path).map_or_else(
        |_| "?".to_owned(),
        |t| crate::outputs::target::shown_path(&t),
    );
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => None,
        Ok(m) => Some(format!(
            "it is a symbolic link to {} ({to}), not to a regular file: a folder's record files are read only when they are regular files (name it on the command line to read it)",
            what(&m)
        )),
        Err(e) => Some(format!(
            "it is a symbolic link that cannot be followed ({to}: {})",
            crate::outputs::exit::io_message(&e)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_its_record_files_sorted_and_recursive() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("b/c")).unwrap();
        for f in [
            "z.mgn",
            "a.jsonl",
            "notes.txt",
            ".hidden.mgn",
            "b/c/x.mgn",
            "b/y.mgn",
        ] {
            std::fs::write(root.join(f), "").unwrap();
        }
        let got = expand(&[root.to_path_buf(), "-".into(), "other.txt".into()]);
        let want: Vec<Input> = ["a.jsonl", "b/c/x.mgn", "b/y.mgn", "z.mgn"]
            .iter()
            .map(|f| Input::new(root.join(f)))
            .chain([Input::stdin(), Input::new("other.txt".into())])
            .collect();
        assert_eq!(got, want);
    }
}
