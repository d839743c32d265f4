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

use std::path::Path;

/// The extensions of record files in a folder.
pub const RECORD_EXTENSIONS: [&str; 2] = ["mgn", "jsonl"];

/// The inputs `names` stand for: each folder replaced by the record files under it.
pub fn expand(names: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(names.len());
    for name in names {
        if name != "-" && Path::new(name).is_dir() {
            walk(Path::new(name), name, &mut out);
        } else {
            out.push(name.clone());
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

/// Appends the record files under `dir` (shown as `shown`) to `out`.
fn walk(dir: &Path, shown: &str, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        out.push(shown.to_owned());
        return;
    };
    let mut entries: Vec<(String, std::path::PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .filter(|(n, _)| !n.starts_with('.'))
        .collect();
    entries.sort();
    for (name, path) in entries {
        let child = if shown.ends_with('/') {
            format!("{shown}{name}")
        } else {
            format!("{shown}/{name}")
        };
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            walk(&path, &child, out);
        } else if is_record_file(&path) && path.is_file() {
            out.push(child);
        }
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
        let shown = root.display().to_string();
        let got = expand(&[shown.clone(), "-".to_owned(), "other.txt".to_owned()]);
        let want: Vec<String> = ["a.jsonl", "b/c/x.mgn", "b/y.mgn", "z.mgn"]
            .iter()
            .map(|f| format!("{shown}/{f}"))
            .chain(["-".to_owned(), "other.txt".to_owned()])
            .collect();
        assert_eq!(got, want);
    }
}
