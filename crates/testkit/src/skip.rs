//! A check that cannot run on this machine (no browser, no `jq`, no root for `mknod`) is not a
//! check that passed (issue 37.3). It says so on standard error, past the test harness's
//! capture, and, when `cargo xtask test` runs the tests, adds a line to the file that
//! [`SKIPS_ENV`] names, which the summary reports as skipped parts.

use std::io::Write as _;
use std::path::Path;

/// The environment variable naming the file where skipped checks are listed, one a line; set by
/// `cargo xtask test`, which reads it when the tests are done.
pub const SKIPS_ENV: &str = "MANCALA_TEST_SKIPS";

/// Reports the check `what` as skipped, because of `why` (which says what is missing and how to
/// get it): `SKIPPED what: why` on standard error and in the file of [`SKIPS_ENV`].
pub fn skipped(what: &str, why: &str) {
    let line = format!("SKIPPED {what}: {why}\n");
    // Straight to the stream, not through `eprintln!`, which the harness captures.
    let _ = std::io::stderr().write_all(line.as_bytes());
    if let Some(path) = std::env::var_os(SKIPS_ENV)
        && let Err(e) = record(Path::new(&path), &line)
    {
        let _ = writeln!(
            std::io::stderr(),
            "cannot record the skip in {}: {e}",
            Path::new(&path).display()
        );
    }
}

/// Adds `line` to the file at `path`: one short write in append mode, so that the lines of
/// tests running at once do not mix.
fn record(path: &Path, line: &str) -> std::io::Result<()> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?
        .write_all(line.as_bytes())
}

#[cfg(test)]
mod tests {
    #[test]
    fn skips_add_lines_to_the_file() {
        let dir = std::env::temp_dir().join(format!("testkit-skip-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("skips");
        super::record(&file, "SKIPPED a: b\n").unwrap();
        super::record(&file, "SKIPPED c: d\n").unwrap();
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            "SKIPPED a: b\nSKIPPED c: d\n"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
