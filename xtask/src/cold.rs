//! `cargo xtask cold-build [--ci] [--dir DIR]`: the first hour of a new contributor, measured.
//! Runs `cargo test --workspace` (or with `--ci` the whole `.ci/run`: formatting, clippy, the
//! tests, the browser test) in a fresh, empty target folder, as on a new machine whose crates
//! are already downloaded, and reports the wall time, the CPU time of everything it ran (user +
//! system, which other load on the machine changes little), the crates compiled and the wall
//! time of each test binary (libtest's `finished in`). README "The first hour" states the
//! figures.
//!
//! The CPU time is the children's, from `/proc/self/stat` (Linux); elsewhere only the wall
//! time is given. `/usr/bin/time -v` around the same command gives the peak memory too.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The CPU seconds (user + system) of the children this process has waited for, and of theirs:
/// fields 16 and 17 of `/proc/self/stat`, in clock ticks of 1/100 s (Linux's `USER_HZ`).
fn children_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name, field 2, is in parentheses and may hold spaces: count from after it.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i - 3)?.parse::<f64>().ok();
    Some((ticks(16)? + ticks(17)?) / 100.0)
}

/// What one run printed that the report needs: the crates compiled and each test binary with
/// its wall time.
#[derive(Default)]
struct Seen {
    compiled: Vec<String>,
    checked: usize,
    binaries: Vec<(String, String)>,
    running: Option<String>,
}

impl Seen {
    fn line(&mut self, line: &str) {
        let t = line.trim_start();
        if let Some(what) = t.strip_prefix("Compiling ") {
            self.compiled.push(what.to_owned());
        } else if t.starts_with("Checking ") {
            self.checked += 1;
        } else if let Some(what) = t.strip_prefix("Running ") {
            self.running = Some(what.to_owned());
        } else if let Some(what) = t.strip_prefix("Doc-tests ") {
            self.running = Some(format!("doctests of {what}"));
        } else if t.starts_with("test result:") {
            let time = t.rsplit("finished in ").next().unwrap_or("?").to_owned();
            let name = self.running.take().unwrap_or_else(|| "?".to_owned());
            self.binaries.push((name, time));
        }
    }
}

pub fn cold_build(args: &[String]) -> Result<(), String> {
    let ci = args.iter().any(|a| a == "--ci");
    let dir = match args.iter().position(|a| a == "--dir") {
        Some(i) => PathBuf::from(args.get(i + 1).ok_or("--dir needs a folder")?),
        None => root().join("target/cold-build"),
    };
    if dir.exists() {
        // Only an empty folder or an earlier target folder (cargo tags those) is emptied.
        let empty = std::fs::read_dir(&dir).is_ok_and(|mut d| d.next().is_none());
        if !empty && !dir.join("CACHEDIR.TAG").is_file() {
            return Err(format!(
                "{} holds files and is not a cargo target folder: give a new --dir",
                dir.display()
            ));
        }
        std::fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    // One pipe for both streams, so that each `test result` follows its `Running` line.
    let command = if ci {
        "sh .ci/run 2>&1"
    } else {
        "cargo test --workspace 2>&1"
    };
    let cpu_before = children_cpu_seconds();
    let started = Instant::now();
    let mut child = Command::new("sh")
        .args(["-c", command])
        .current_dir(root())
        .env("CARGO_TARGET_DIR", &dir)
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
    let cpu = children_cpu_seconds()
        .zip(cpu_before)
        .map(|(after, before)| after - before);
    println!();
    println!(
        "cold `{}` in {}",
        command.trim_end_matches(" 2>&1"),
        dir.display()
    );
    println!(
        "  wall time       {:.0} s ({}:{:02})",
        wall,
        wall as u64 / 60,
        wall as u64 % 60
    );
    match cpu {
        Some(c) => println!("  CPU user+sys    {c:.0} s"),
        None => println!("  CPU user+sys    unknown here (no /proc/self/stat)"),
    }
    println!("  crates compiled {}", seen.compiled.len());
    if seen.checked > 0 {
        println!("  crates checked  {} (clippy)", seen.checked);
    }
    println!("  test binaries (wall time of each run):");
    for (name, time) in &seen.binaries {
        println!("    {time:>8}  {name}");
    }
    if status.success() {
        Ok(())
    } else {
        Err(format!("{command} failed ({status})"))
    }
}
