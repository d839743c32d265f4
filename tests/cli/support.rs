//! Running the binary from the workspace root, so that paths in its output are the corpus's own.

use std::path::PathBuf;
use std::process::Output;

/// The workspace root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `mancala` command, run from the workspace root.
pub fn mancala() -> assert_cmd::Command {
    let mut c = assert_cmd::Command::new(env!("CARGO_BIN_EXE_mancala"));
    c.current_dir(root());
    c
}

/// Exit code, stdout and stderr in one text, for snapshots.
pub fn describe(title: &str, out: &Output) -> String {
    format!(
        "--- {title}: exit {}\n--- stdout\n{}--- stderr\n{}",
        out.status
            .code()
            .map_or("signal".to_owned(), |c| c.to_string()),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Every corpus file, relative to the root, sorted.
pub fn corpus_files(dir: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(root().join("corpus").join(dir))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".mgn"))
        .map(|n| format!("corpus/{dir}/{n}"))
        .collect();
    v.sort();
    v
}
