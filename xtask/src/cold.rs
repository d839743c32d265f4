//! `cargo xtask cold-build [--ci | --xtask-test] [--dir DIR]`: the first hour of a new
//! contributor, measured. Copies the checkout's files (those git tracks, and new ones it does not
//! ignore) into `DIR/src` (`target/cold-build/src` by default), as a fresh clone would have them,
//! and runs there, with nothing built yet, `cargo test --workspace`; with `--xtask-test` the
//! README's test command, `cargo xtask test` (xtask built, `cargo test`, `cargo doc`, the Python
//! package and its tests); with `--ci` the whole `.ci/run` (formatting, clippy, `cargo xtask
//! test`, the browser test required). The crates and Python packages already downloaded to this
//! machine are used, as on a CI machine with a warm download cache. It reports the wall time, the
//! CPU time of everything it ran (user + system, which other load on the machine changes little),
//! each part of `cargo xtask test` with its wall and CPU time and the building of xtask before it,
//! the crates compiled and each test binary's time (libtest's `finished in`). docs/guide/first-hour.md
//! states the figures.
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

/// What one run printed that the report needs: the crates compiled or checked, each test
/// binary with its wall time, and the parts of `cargo xtask test` (its table of times, and when
/// its first part was announced).
#[derive(Default)]
struct Seen {
    compiled: usize,
    checked: usize,
    binaries: Vec<(String, String)>,
    running: Option<String>,
    /// The seconds from the start to the announcement of `cargo xtask test`'s first part.
    first_part: Option<f64>,
    /// Inside the table of times that `cargo xtask test` prints at its end.
    in_table: bool,
    /// Its rows: the part, wall and CPU seconds.
    parts: Vec<(String, f64, Option<f64>)>,
}

impl Seen {
    /// One line of the output, printed `at` seconds from the start.
    fn line(&mut self, line: &str, at: f64) {
        let t = line.trim_start();
        // tidy: not a message: xtask's own progress line, read for its time.
        if t.starts_with("==> cargo xtask test") && self.first_part.is_none() {
            self.first_part = Some(at);
        }
        if self.in_table {
            self.table_row(t);
            return;
        }
        // tidy: not a message: the heading of xtask's table of parts.
        if t.starts_with("wall s") && t.ends_with("part") {
            self.in_table = true;
        } else if t.starts_with("Compiling ") {
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

    /// A row of the table of times (`  323.9    536.0  cargo test --workspace`); the table ends
    /// at its `in all` row or at a line that is not a row.
    fn table_row(&mut self, t: &str) {
        let words: Vec<&str> = t.split_whitespace().collect();
        let wall = words.first().and_then(|w| w.parse::<f64>().ok());
        let cpu = words.get(1).and_then(|c| c.parse::<f64>().ok());
        let name = words.get(2..).unwrap_or_default().join(" ");
        match wall {
            // tidy: not a message: the total row of xtask's table.
            Some(wall) if !name.starts_with("in all") => {
                self.parts.push((name, wall, cpu));
            }
            _ => self.in_table = false,
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

/// What `cold-build` runs: its command and how it is named in the report.
struct Run {
    command: &'static str,
    /// Before the first part of `cargo xtask test`: what the run did there.
    before_parts: &'static str,
}

fn which_run(args: &[String]) -> Result<Run, String> {
    let ci = args.iter().any(|a| a == "--ci");
    let xtask = args.iter().any(|a| a == "--xtask-test");
    // One pipe for both streams, so that each `test result` follows its `Running` line.
    Ok(match (ci, xtask) {
        (true, true) => return Err("give --ci or --xtask-test, not both".to_owned()),
        (true, false) => Run {
            command: "sh .ci/run 2>&1",
            before_parts: "before `cargo xtask test`'s parts: fmt, both clippy runs, building xtask",
        },
        (false, true) => Run {
            command: "cargo xtask test 2>&1",
            before_parts: "building xtask (`cargo xtask`, dev profile), before the first part",
        },
        (false, false) => Run {
            command: "cargo test --workspace 2>&1",
            before_parts: "",
        },
    })
}

/// Empties `dir` when it is empty or an earlier cold build, and copies the checkout into its
/// `src/`: that folder.
fn fresh_copy(dir: &Path) -> Result<PathBuf, String> {
    if dir.exists() {
        // Only an empty folder or one this command made (with its `src/`) is emptied.
        let empty = std::fs::read_dir(dir).is_ok_and(|mut d| d.next().is_none());
        if !empty && !dir.join("src/Cargo.toml").is_file() {
            return Err(format!(
                "{} holds files and is not an earlier cold build: give a new --dir",
                dir.display()
            ));
        }
        std::fs::remove_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let src = dir.join("src");
    let files = copy_checkout(&crate::root(), &src)?;
    println!("{files} files copied into {}", src.display());
    Ok(src)
}

/// The one-minute load averages seen during the run, sampled at most every 10 s.
#[derive(Default)]
struct Loads {
    seen: Vec<f64>,
    last: Option<Instant>,
}

impl Loads {
    fn sample(&mut self) {
        if self.last.is_none_or(|t| t.elapsed().as_secs() >= 10) {
            self.last = Some(Instant::now());
            if let Some(l) = load_average().and_then(|l| l.parse().ok()) {
                self.seen.push(l);
            }
        }
    }

    /// `least 0.1, mean 1.9, most 3.2`, or `unknown`.
    fn shown(&self) -> String {
        let (Some(least), Some(most)) = (
            self.seen.iter().copied().reduce(f64::min),
            self.seen.iter().copied().reduce(f64::max),
        ) else {
            return "unknown".to_owned();
        };
        let mean = self.seen.iter().sum::<f64>() / self.seen.len() as f64;
        format!("least {least:.1}, mean {mean:.1}, most {most:.1}")
    }
}

pub fn cold_build(args: &[String]) -> Result<(), String> {
    let run = which_run(args)?;
    let dir = match args.iter().position(|a| a == "--dir") {
        Some(i) => PathBuf::from(args.get(i + 1).ok_or("--dir needs a folder")?),
        None => crate::root().join("target/cold-build"),
    };
    let src = fresh_copy(&dir)?;
    // Taken now: the checkout may move while the build runs.
    let commit = head_commit(&crate::root());
    let mut loads = Loads::default();
    loads.sample();
    let cpu_before = crate::test::children_cpu();
    let started = Instant::now();
    let mut child = Command::new("sh")
        .args(["-c", run.command])
        .current_dir(&src)
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("CARGO_BUILD_TARGET_DIR")
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("sh -c {}: {e}", run.command))?;
    let mut seen = Seen::default();
    if let Some(out) = child.stdout.take() {
        for line in BufReader::new(out).lines() {
            let line = line.map_err(|e| format!("reading its output: {e}"))?;
            println!("{line}");
            seen.line(&line, started.elapsed().as_secs_f64());
            loads.sample();
        }
    }
    let status = child.wait().map_err(|e| format!("{}: {e}", run.command))?;
    let wall = started.elapsed().as_secs_f64();
    let cpu = crate::test::children_cpu()
        .zip(cpu_before)
        .map(|(after, before)| after - before);
    loads.last = None;
    loads.sample();
    println!();
    println!(
        "cold `{}` in {}, at {}",
        run.command.trim_end_matches(" 2>&1"),
        src.display(),
        commit
    );
    report(&run, &seen, &loads, wall, cpu);
    if status.success() {
        Ok(())
    } else {
        Err(format!("{} failed ({status})", run.command))
    }
}

/// The figures of a run.
fn report(run: &Run, seen: &Seen, loads: &Loads, wall: f64, cpu: Option<f64>) {
    // The wall time is the README's figure only on an idle machine: the load says whether it was.
    let cores = std::thread::available_parallelism().map_or(0, std::num::NonZeroUsize::get);
    let loaded = loads.seen.iter().any(|&l| l > 0.5);
    println!(
        "  machine           {cores} cores; load average during the run: {}{}",
        loads.shown(),
        if loaded {
            " (loaded: the wall time is not an idle figure; the CPU time changes less)"
        } else {
            ""
        }
    );
    println!(
        "  wall time         {wall:.0} s ({})",
        crate::test::minutes(wall)
    );
    match cpu {
        Some(c) => println!("  CPU user+sys      {c:.0} s"),
        None => println!("  CPU user+sys      unknown here (no /proc/self/stat)"),
    }
    println!("  crates compiled   {}", seen.compiled);
    if seen.checked > 0 {
        println!("  crates checked    {} (clippy)", seen.checked);
    }
    if let Some(first) = seen.first_part {
        println!("  parts, wall and CPU seconds:");
        let in_parts: Option<f64> = seen.parts.iter().map(|p| p.2).sum();
        let rest = cpu.zip(in_parts).map(|(all, parts)| all - parts);
        let shown = |c: Option<f64>| c.map_or_else(|| "-".to_owned(), |c| format!("{c:.0}"));
        println!("    {first:>6.0} {:>6}  {}", shown(rest), run.before_parts);
        for (name, wall, cpu) in &seen.parts {
            println!("    {wall:>6.0} {:>6}  {name}", shown(*cpu));
        }
    }
    println!("  test binaries, the wall time of each run:");
    for (name, time) in &seen.binaries {
        println!("    {time:>8}  {name}");
    }
}

#[cfg(test)]
mod tests {
    use super::Seen;

    /// The parts of `cargo xtask test` read from what it prints: when the first is announced,
    /// and its table of times up to its `in all` row.
    #[test]
    fn the_parts_of_xtask_test_are_read_from_its_output() {
        let mut seen = Seen::default();
        let out = [
            (1.0, "   Compiling xtask v0.1.0 (/x/xtask)"),
            (96.0, "==> cargo xtask test [1/6]: cargo test --workspace"),
            (
                97.0,
                "   Compiling rules-core v0.1.0 (/x/crates/rules-core)",
            ),
            (400.0, "    wall s    cpu s  part"),
            (400.0, "     323.9    536.0  cargo test --workspace"),
            (
                400.0,
                "      17.3        -  cargo doc --workspace --no-deps (warnings denied)",
            ),
            (
                400.0,
                "     341.2    536.0  in all (building xtask itself before: not counted)",
            ),
            (400.0, "cargo xtask test: every part passed"),
        ];
        for (at, line) in out {
            seen.line(line, at);
        }
        assert_eq!(seen.first_part, Some(96.0));
        assert_eq!(seen.compiled, 2);
        assert_eq!(
            seen.parts,
            [
                ("cargo test --workspace".to_owned(), 323.9, Some(536.0)),
                (
                    "cargo doc --workspace --no-deps (warnings denied)".to_owned(),
                    17.3,
                    None
                ),
            ]
        );
        assert!(!seen.in_table);
    }
}
