//! `cargo xtask test`: every test, Rust and Python. `cargo test --workspace`, then the Python
//! package (`crates/python`, a workspace of its own so that plain `cargo test` never builds PyO3):
//! a virtual environment under `target/python/venv` with the pinned packages of
//! `crates/python/requirements-test.txt` (installed again only when that file changes), the wheel
//! built by maturin into `target/python/wheels` in the profile `wheel-test` (built for compile
//! time, as the workspace's dev profile is; `cargo xtask bench` builds it in release), installed,
//! and its pytest suite run against the `mancala` command that `cargo test` built. Between them,
//! `cargo doc --workspace --no-deps` with warnings denied.
//!
//! Each part is announced before it runs, with what it does and how long it usually takes, and
//! its wall and CPU time printed after; the summary lists every check that could not run here
//! (`testkit::skip`: a test that lacks a browser or a tool, a pytest skip), which is not a pass.
//!
//! `--python-only` skips `cargo test --workspace` and `cargo doc`; `PYTHON` names the interpreter
//! that makes the environment (`python3` by default).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

fn run(what: &str, cmd: &mut Command) -> Result<(), String> {
    let status = cmd
        .status()
        .map_err(|e| format!("{what}: cannot start {:?}: {e}", cmd.get_program()))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

/// CPU seconds (user + system) of the children this process has waited for, from
/// `/proc/self/stat` (cutime, cstime); `None` where there is no such file.
pub fn children_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let f: Vec<&str> = stat[stat.rfind(')')? + 2..].split_whitespace().collect();
    let ticks: f64 = f.get(13)?.parse::<f64>().ok()? + f.get(14)?.parse::<f64>().ok()?;
    Some(ticks / 100.0) // USER_HZ is 100 on Linux
}

/// A part of a run: what it is, and what it does and how long it usually takes, for the line
/// that announces it (figures: docs/guide/first-hour.md, `cargo xtask cold-build --xtask-test`).
pub struct Part {
    pub name: &'static str,
    pub about: &'static str,
}

const CARGO_TEST: Part = Part {
    name: "cargo test --workspace",
    about: "builds the workspace's crates and tests (cold: about 3 min on 2 idle cores; warm: seconds), then runs them (about 3 min; tests/cli, tests/analysis and tests/rules take longest)",
};
const CARGO_DOC: Part = Part {
    name: "cargo doc --workspace --no-deps (warnings denied)",
    about: "the API documentation, built without a warning (about 20 s cold)",
};
const VENV: Part = Part {
    name: "venv + pip install (pinned test packages)",
    about: "target/python/venv with crates/python/requirements-test.txt (about 15 s with the packages downloaded; once, and again only when that file changes)",
};
const WHEEL_TESTS: Part = Part {
    name: "maturin build --profile wheel-test (the wheel)",
    about: "the Python package's wheel: PyO3 and the workspace's crates built for the tests (under a minute cold on 2 idle cores; seconds warm)",
};
const WHEEL_RELEASE: Part = Part {
    name: "maturin build --release (the wheel)",
    about: "the Python package's wheel, optimised for the benchmarks (about a minute cold on 2 idle cores; seconds warm)",
};
const PIP_WHEEL: Part = Part {
    name: "pip install the wheel",
    about: "into the environment (a second)",
};
const PYTEST: Part = Part {
    name: "pytest crates/python/tests",
    about: "the Python tests (about 10 s)",
};

/// The time of each part: its name, wall seconds and the CPU seconds of its processes.
#[derive(Default)]
pub struct Times {
    parts: Vec<(&'static str, f64, Option<f64>)>,
    /// How many parts the run has, for `[2/5]`; 0 when not counted.
    of: usize,
}

/// Seconds as `5 min 24 s` or `17 s`.
pub fn minutes(s: f64) -> String {
    let s = s.round() as u64;
    if s >= 60 {
        format!("{} min {:02} s", s / 60, s % 60)
    } else {
        format!("{s} s")
    }
}

impl Times {
    /// A run of `of` parts, numbered as they come.
    fn counted(of: usize) -> Times {
        Times {
            parts: Vec::new(),
            of,
        }
    }

    /// Runs `f` as `part`: announced on stderr (cargo's output goes there too) before it runs,
    /// with its time after.
    fn part<T>(&mut self, part: &Part, f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
        let n = if self.of > 0 {
            format!(" [{}/{}]", self.parts.len() + 1, self.of)
        } else {
            String::new()
        };
        eprintln!(
            "\n==> cargo xtask test{n}: {}\n    {}",
            part.name, part.about
        );
        let (t, cpu) = (Instant::now(), children_cpu());
        let out = f()?;
        let used = cpu.zip(children_cpu()).map(|(a, b)| b - a);
        let wall = t.elapsed().as_secs_f64();
        let cpu_text = used.map_or_else(String::new, |c| format!(" ({c:.0} s of CPU)"));
        eprintln!("==> {} done in {}{cpu_text}", part.name, minutes(wall));
        self.parts.push((part.name, wall, used));
        Ok(out)
    }

    fn print(&self) {
        println!("  {:>8} {:>8}  part", "wall s", "cpu s");
        for (name, wall, cpu) in &self.parts {
            let cpu = cpu.map_or_else(|| "-".to_owned(), |c| format!("{c:.1}"));
            println!("  {wall:8.1} {cpu:>8}  {name}");
        }
        let wall: f64 = self.parts.iter().map(|p| p.1).sum();
        let cpu: Option<f64> = self.parts.iter().map(|p| p.2).sum();
        let cpu = cpu.map_or_else(|| "-".to_owned(), |c| format!("{c:.1}"));
        println!("  {wall:8.1} {cpu:>8}  in all (building xtask itself before: not counted)");
    }
}

/// The binary `name` of a virtual environment.
fn bin(venv: &Path, name: &str) -> PathBuf {
    if cfg!(windows) {
        venv.join("Scripts").join(format!("{name}.exe"))
    } else {
        venv.join("bin").join(name)
    }
}

/// The venv with the pinned test packages; reinstalled when the requirements file changes.
fn venv(root: &Path, dir: &Path) -> Result<PathBuf, String> {
    let venv = dir.join("venv");
    let requirements = root.join("crates/python/requirements-test.txt");
    let wanted = std::fs::read_to_string(&requirements)
        .map_err(|e| format!("{}: {e}", requirements.display()))?;
    let stamp = venv.join("requirements-installed.txt");
    if std::fs::read_to_string(&stamp).ok().as_deref() == Some(wanted.as_str()) {
        eprintln!("    (already made, with these packages)");
        return Ok(venv);
    }
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned());
    run(
        "python -m venv",
        Command::new(&python)
            .args(["-m", "venv", "--clear"])
            .arg(&venv),
    )?;
    run(
        "pip install -r crates/python/requirements-test.txt",
        Command::new(bin(&venv, "python"))
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "-r",
            ])
            .arg(&requirements),
    )?;
    crate::Target::file(&stamp)
        .write(wanted.as_bytes())
        .map_err(|e| format!("{}: {e}", stamp.display()))?;
    Ok(venv)
}

/// The newest wheel in `dir`.
fn wheel(dir: &Path) -> Result<PathBuf, String> {
    std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "whl"))
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok())
        .ok_or_else(|| format!("no wheel in {}", dir.display()))
}

/// What the wheel is built for.
#[derive(Clone, Copy)]
pub enum Wheel {
    /// The tests: the profile `wheel-test` of `crates/python/Cargo.toml`, built for compile time.
    Tests,
    /// The benchmarks: release.
    Release,
}

/// The virtual environment with the pinned test packages and the package's wheel, built from
/// the sources now: its directory.
pub fn prepare(root: &Path, times: &mut Times, wheel_for: Wheel) -> Result<PathBuf, String> {
    let dir = root.join("target/python");
    let venv = times.part(&VENV, || venv(root, &dir))?;
    let wheels = dir.join("wheels");
    let _ = std::fs::remove_dir_all(&wheels);
    let (part, profile) = match wheel_for {
        Wheel::Tests => (&WHEEL_TESTS, ["--profile", "wheel-test"]),
        Wheel::Release => (&WHEEL_RELEASE, ["--profile", "release"]),
    };
    times.part(part, || {
        run(
            "maturin build",
            Command::new(bin(&venv, "maturin"))
                .arg("build")
                .args(profile)
                .args(["--locked", "--manifest-path"])
                .arg(root.join("crates/python/Cargo.toml"))
                .arg("--out")
                .arg(&wheels)
                .env("CARGO_TARGET_DIR", &dir)
                .current_dir(root),
        )
    })?;
    times.part(&PIP_WHEEL, || {
        run(
            "pip install the wheel",
            Command::new(bin(&venv, "python"))
                .args([
                    "-m",
                    "pip",
                    "install",
                    "--quiet",
                    "--disable-pip-version-check",
                ])
                .args(["--force-reinstall", "--no-deps"])
                .arg(wheel(&wheels)?),
        )
    })?;
    Ok(venv)
}

/// The Python of a virtual environment.
pub fn python(venv: &Path) -> PathBuf {
    bin(venv, "python")
}

/// Runs pytest, its output passed through: the lines of its skipped tests (`-rs`: `SKIPPED [1]
/// file:line: why`), for the summary.
fn pytest(root: &Path, venv: &Path) -> Result<Vec<String>, String> {
    let mut child = Command::new(bin(venv, "python"))
        .args(["-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider"])
        .arg(root.join("crates/python/tests"))
        .env("MANCALA_BIN", root.join("target/debug/mancala"))
        .current_dir(root.join("crates/python"))
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("pytest: cannot start: {e}"))?;
    let mut skipped = Vec::new();
    if let Some(out) = child.stdout.take() {
        for line in BufReader::new(out).lines() {
            let line = line.map_err(|e| format!("reading pytest's output: {e}"))?;
            println!("{line}");
            if line.starts_with("SKIPPED ") {
                skipped.push(format!("pytest: {line}"));
            }
        }
    }
    let status = child.wait().map_err(|e| format!("pytest: {e}"))?;
    if status.success() {
        Ok(skipped)
    } else {
        Err(format!("pytest failed ({status})"))
    }
}

/// The Rust half: `cargo test --workspace` with the file its skipped checks are listed in
/// (`testkit::skip`), then `cargo doc`.
fn rust(root: &Path, cargo: &str, times: &mut Times, skips: &Path) -> Result<(), String> {
    times.part(&CARGO_TEST, || {
        run(
            "cargo test --workspace",
            Command::new(cargo)
                .args(["test", "--workspace"])
                .env(testkit::skip::SKIPS_ENV, skips)
                .current_dir(root),
        )
    })?;
    // The API documentation builds without a warning (no broken or private links): what a
    // library user reads is checked like the code.
    times.part(&CARGO_DOC, || {
        run(
            "cargo doc --workspace --no-deps",
            Command::new(cargo)
                .args(["doc", "--workspace", "--no-deps"])
                .env("RUSTDOCFLAGS", "-D warnings")
                .current_dir(root),
        )
    })
}

pub fn test(args: &[String]) -> Result<(), String> {
    let root = crate::root();
    let python_only = args.iter().any(|a| a == "--python-only");
    let mut times = Times::counted(if python_only { 4 } else { 6 });
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let skips = root.join("target/xtask-test-skipped.txt");
    let _ = std::fs::remove_file(&skips);
    if !python_only {
        rust(&root, &cargo, &mut times, &skips)?;
    }
    // The command the Python tests compare with (built by `cargo test` already: a no-op then).
    run(
        "cargo build -p mancala",
        Command::new(&cargo)
            .args(["build", "--quiet", "-p", "mancala"])
            .current_dir(&root),
    )?;
    let venv = prepare(&root, &mut times, Wheel::Tests)?;
    let mut skipped: Vec<String> = std::fs::read_to_string(&skips)
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect();
    skipped.extend(times.part(&PYTEST, || pytest(&root, &venv))?);
    println!();
    times.print();
    // The verdict last, where the eye ends: a check that could not run did not pass.
    if skipped.is_empty() {
        println!("cargo xtask test: every part passed");
    } else {
        let n = skipped.len();
        println!(
            "cargo xtask test: every part that ran passed, but {n} {} skipped, so not tested here:",
            if n == 1 { "check was" } else { "checks were" }
        );
        for s in &skipped {
            println!("  {s}");
        }
    }
    Ok(())
}
