//! `cargo xtask test`: every test, Rust and Python. `cargo test --workspace`, then the Python
//! package (`crates/python`, a workspace of its own so that plain `cargo test` never builds PyO3):
//! a virtual environment under `target/python/venv` with the pinned packages of
//! `crates/python/requirements-test.txt` (installed again only when that file changes), the wheel
//! built by maturin into `target/python/wheels`, installed, and its pytest suite run against the
//! `mancala` command that `cargo test` built. Each part's time is printed at the end.
//!
//! `--python-only` skips `cargo test --workspace`; `PYTHON` names the interpreter that makes the
//! environment (`python3` by default).

use std::path::{Path, PathBuf};
use std::process::Command;
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

/// The time of each part: its name, wall seconds and the CPU seconds of its processes.
#[derive(Default)]
pub struct Times(Vec<(&'static str, f64, Option<f64>)>);

impl Times {
    /// Runs `f` as the part `name`.
    fn part<T>(
        &mut self,
        name: &'static str,
        f: impl FnOnce() -> Result<T, String>,
    ) -> Result<T, String> {
        let (t, cpu) = (Instant::now(), children_cpu());
        let out = f()?;
        let used = cpu.zip(children_cpu()).map(|(a, b)| b - a);
        self.0.push((name, t.elapsed().as_secs_f64(), used));
        Ok(out)
    }

    fn print(&self) {
        println!("  {:>8} {:>8}  part", "wall s", "cpu s");
        for (name, wall, cpu) in &self.0 {
            let cpu = cpu.map_or_else(|| "-".to_owned(), |c| format!("{c:.1}"));
            println!("  {wall:8.1} {cpu:>8}  {name}");
        }
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
    std::fs::write(&stamp, wanted).map_err(|e| format!("{}: {e}", stamp.display()))?;
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

/// The virtual environment with the pinned test packages and the package's wheel, built from
/// the sources now: its directory.
pub fn prepare(root: &Path, times: &mut Times) -> Result<PathBuf, String> {
    let dir = root.join("target/python");
    let venv = times.part("venv + pip install (pinned test packages)", || {
        venv(root, &dir)
    })?;
    let wheels = dir.join("wheels");
    let _ = std::fs::remove_dir_all(&wheels);
    times.part("maturin build --release (the wheel)", || {
        run(
            "maturin build",
            Command::new(bin(&venv, "maturin"))
                .args([
                    "build",
                    "--release",
                    "--locked",
                    "--quiet",
                    "--manifest-path",
                ])
                .arg(root.join("crates/python/Cargo.toml"))
                .arg("--out")
                .arg(&wheels)
                .env("CARGO_TARGET_DIR", &dir)
                .current_dir(root),
        )
    })?;
    times.part("pip install the wheel", || {
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

pub fn test(args: &[String]) -> Result<(), String> {
    let root = crate::root();
    let mut times = Times::default();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    if !args.iter().any(|a| a == "--python-only") {
        times.part("cargo test --workspace", || {
            run(
                "cargo test --workspace",
                Command::new(&cargo)
                    .args(["test", "--workspace"])
                    .current_dir(&root),
            )
        })?;
    }
    // The command the Python tests compare with (built by `cargo test` already: a no-op then).
    run(
        "cargo build -p mancala",
        Command::new(&cargo)
            .args(["build", "--quiet", "-p", "mancala"])
            .current_dir(&root),
    )?;
    let venv = prepare(&root, &mut times)?;
    times.part("pytest crates/python/tests", || {
        run(
            "pytest",
            Command::new(bin(&venv, "python"))
                .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
                .arg(root.join("crates/python/tests"))
                .env("MANCALA_BIN", root.join("target/debug/mancala"))
                .current_dir(root.join("crates/python")),
        )
    })?;
    println!("cargo xtask test: every part passed");
    times.print();
    Ok(())
}
