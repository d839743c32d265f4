//! `cargo xtask cold-build [--ci] [--dir DIR]`: the first hour of a new contributor, measured.
//! Copies the checkout's files (those git tracks, and new ones it does not ignore) into
//! `DIR/src` (`target/cold-build/src` by default), as a fresh clone would have them, and runs
//! there, with nothing built yet, `cargo test --workspace`, or with `--ci` the whole `.ci/run`
//! (formatting, clippy, `cargo xtask test` with the Python package, the browser test). The crates
//! and Python packages already downloaded to this machine are used, as on a CI machine with a
//! warm download cache. It reports the wall time, the CPU time of everything it ran (user +
//! system, which other load on the machine changes little), the crates compiled and each test
//! binary's time (libtest's `finished in`). README "The first hour" states the figures.
//!
//! The CPU time is the children's, from `/proc/self/stat` (Linux); elsewhere only the wall time
//! is given. `/usr/bin/time -v` around the same command gives the peak memory too.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Libtest's summary line of a test binary, and the words before its time: cargo's output, read
/// for its figures (tidy: not a message).
const SUMMARY: (&str, &str) = ("test result:", "finished in ");

/// What one run printed that the report needs: the crates compiled or checked and each test
/// binary with its wall time.
#[derive(Default)]
struct Seen {
    compiled: usize,
    checked: usize,
    binaries: Vec<(String, String)>,
    running: Option<String>,
}

impl Seen {
    fn line(&mut self, line: &str) {
        let t = line.trim_start();
        if t.starts_with("Compiling ") {
            self.compiled += 1;
        } else if t.starts_with("Checking ") {
            self.checked += 1;
        } else if let Some(what) = t.strip_prefix("Running ") {
            self.running = Some(what.to_owned());
        } else if let Some(what) = t.strip_prefix("Doc-tests ") {
            self.running = Some(format!("doctests of {what}"));
        } else if t.starts_with(SUMMARY.0) {
            let time = t.rsplit(SUMMARY.1).next().unwrap_or("?").to_owned();
            let name = self.running.take().unwrap_or_else(|| "?".to_owned());
            self.binaries.push((name, time));
        }
    }
}

/// Copies the files of the checkout at `root` that git tracks or would track into `to`
/// (symbolic links as links, so that the rule book's `book/` links still lead to `spec/`).
fn copy_checkout(root: &Path, to: &Path) -> Result<usize, String> {
    let out = Command::new("git")
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .current_dir(root)
        .output()
        .map_err(|e| format!("git ls-files: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "git ls-files: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let mut copied = 0;
    for name in out.stdout.split(|&b| b == 0).filter(|n| !n.is_empty()) {
        let name = String::from_utf8_lossy(name);
        let (from, dest) = (root.join(&*name), to.join(&*name));
        let Ok(meta) = std::fs::symlink_metadata(&from) else {
            continue; // deleted in the work tree
        };
        if let Some(dir) = dest.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let fail = |e: std::io::Error| format!("{name}: {e}");
        #[cfg(unix)]
        if meta.file_type().is_symlink() {
            let target = std::fs::read_link(&from).map_err(fail)?;
            std::os::unix::fs::symlink(target, &dest).map_err(fail)?;
            copied += 1;
            continue;
        }
        let _ = meta;
        std::fs::copy(&from, &dest).map_err(fail)?;
        copied += 1;
    }
    Ok(copied)
}

/// The one-minute load average (`/proc/loadavg`, Linux).
fn load_average() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next().map(str::to_owned)
}

/// The checkout's commit, with `+changes` when its files differ from it.
fn head_commit(root: &Path) -> String {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(root)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
    };
    let commit = git(&["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "?".to_owned());
    match git(&["status", "--porcelain", "--untracked-files=no"]) {
        Some(changes) if !changes.is_empty() => format!("{commit}+changes"),
        _ => commit,
    }
}

pub fn cold_build(args: &[String]) -> Result<(), String> {
    let ci = args.iter().any(|a| a == "--ci");
    let dir = match args.iter().position(|a| a == "--dir") {
        Some(i) => PathBuf::from(args.get(i + 1).ok_or("--dir needs a folder")?),
        None => crate::root().join("target/cold-build"),
    };
    if dir.exists() {
        // Only an empty folder or one this command made (with its `src/`) is emptied.
        let empty = std::fs::read_dir(&dir).is_ok_and(|mut d| d.next().is_none());
        if !empty && !dir.join("src/Cargo.toml").is_file() {
            return Err(format!(
                "{} holds files and is not an earlier cold build: give a new --dir",
                dir.display()
            ));
        }
        std::fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let src = dir.join("src");
    let files = copy_checkout(&crate::root(), &src)?;
    println!("{files} files copied into {}", src.display());
    // One pipe for both streams, so that each `test result` follows its `Running` line.
    let command = if ci {
        "sh .ci/run 2>&1"
    } else {
        "cargo test --workspace 2>&1"
    };
    // Taken now: the checkout may move while the build runs.
    let commit = head_commit(&crate::root());
    let load_before = load_average();
    let cpu_before = crate::test::children_cpu();
    let started = Instant::now();
    let mut child = Command::new("sh")
        .args(["-c", command])
        .current_dir(&src)
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("CARGO_BUILD_TARGET_DIR")
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("sh -c {command}: {e}"))?;
    let mut seen = Seen::default();
    if let Some(out) = child.stdout.take() {
        for line in BufReader::new(out).lines() {
            let line = line.map_err(|e| format!("reading its output: {e}"))?;
            println!("{line}");
            seen.line(&line);
        }
    }
    let status = child.wait().map_err(|e| format!("{command}: {e}"))?;
    let wall = started.elapsed().as_secs_f64();
    let cpu = crate::test::children_cpu()
        .zip(cpu_before)
        .map(|(after, before)| after - before);
    println!();
    println!(
        "cold `{}` in {}, at {}",
        command.trim_end_matches(" 2>&1"),
        src.display(),
        commit
    );
    // The wall time is the README's figure only on an idle machine: the load says whether it was.
    let cores = std::thread::available_parallelism().map_or(0, std::num::NonZeroUsize::get);
    println!(
        "  machine           {cores} cores; load average {} before, {} after{}",
        load_before.as_deref().unwrap_or("unknown"),
        load_average().as_deref().unwrap_or("unknown"),
        if load_before
            .as_deref()
            .and_then(|l| l.parse::<f64>().ok())
            .is_some_and(|l| l > 0.5)
        {
            " (loaded: the wall time is not an idle figure)"
        } else {
            ""
        }
    );
    let (m, s) = (wall as u64 / 60, wall as u64 % 60);
    println!("  wall time         {wall:.0} s ({m} min {s:02} s)");
    match cpu {
        Some(c) => println!("  CPU user+sys      {c:.0} s"),
        None => println!("  CPU user+sys      unknown here (no /proc/self/stat)"),
    }
    println!("  crates compiled   {}", seen.compiled);
    if ci {
        // `cargo xtask` is `cargo run --quiet --release -p xtask` (.cargo/config.toml).
        println!("                    (not counted: the quiet release build of `cargo xtask`)");
    }
    if seen.checked > 0 {
        println!("  crates checked    {} (clippy)", seen.checked);
    }
    println!("  test binaries, the wall time of each run:");
    for (name, time) in &seen.binaries {
        println!("    {time:>8}  {name}");
    }
    if status.success() {
        Ok(())
    } else {
        Err(format!("{command} failed ({status})"))
    }
}
