//! Running the binary from the workspace root, so that paths in its output are the corpus's own.

use std::path::PathBuf;
use std::process::Output;
#[cfg(target_os = "linux")]
use std::process::{Command, Stdio};
#[cfg(target_os = "linux")]
use std::time::{Duration, Instant};

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

/// A fresh directory `NAME-PID` under the tests' temporary directory.
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The peak resident memory of a running process (Linux), in kB, as high as it was seen.
#[cfg(target_os = "linux")]
pub fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// What a bounded run gave.
#[cfg(target_os = "linux")]
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `mancala ARGS` from the root with its output in files, sampling its peak resident memory
/// (VmHWM, from `/proc`) every 2 ms; kills it and fails as soon as the peak passes `limit_kb`, so
/// a regression fails at once instead of exhausting the machine.
#[cfg(target_os = "linux")]
pub fn run_bounded(name: &str, args: &[&str], limit_kb: u64) -> Run {
    let dir = fresh_dir(&format!("run-{name}"));
    let (out, err) = (dir.join("stdout"), dir.join("stderr"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .unwrap();
    let pid = child.id();
    let started = Instant::now();
    let mut peak = 0;
    let status = loop {
        // Sampled before `try_wait`: the process is still there to be read.
        peak = peak.max(peak_kb(pid).unwrap_or(0));
        if peak > limit_kb {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "mancala {}: {peak} kB after {:?}, over the bound of {limit_kb} kB: killed",
                args.join(" "),
                started.elapsed()
            );
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let run = Run {
        code: status.code(),
        stdout: std::fs::read_to_string(&out).unwrap(),
        stderr: std::fs::read_to_string(&err).unwrap(),
    };
    let _ = std::fs::remove_dir_all(&dir);
    run
}
