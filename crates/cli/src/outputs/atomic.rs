//! Files written whole or not at all, and never through a link someone planted (issue 13).
//!
//! The bytes go to a temporary file created beside the target by the `tempfile` crate: created
//! exclusively (`O_CREAT|O_EXCL`, so an existing file or symbolic link at its name makes it pick
//! another, never write through it), under an unpredictable name `.NAME.XXXXXX.tmp`. It is
//! flushed to disk, then renamed over the target (a rename replaces a link at the target's name,
//! it does not follow it). A run that fails or is interrupted leaves the target as it was
//! (absent, or its previous content), never a part of a file:
//!
//! * a failed write removes its temporary file (and so does dropping an unfinished one);
//! * SIGINT, SIGTERM and SIGHUP remove the temporary file being written, then end the process
//!   by the same signal, as without the handler (installed by the first file created, so that
//!   commands that write no file keep the default behaviour);
//! * only SIGKILL, or the machine stopping, can leave a `.NAME.XXXXXX.tmp` behind.
//!
//! This is the mechanism; which outputs go through it is decided in one place, `target.rs`
//! (a new file or a regular file; never a device, a FIFO or a link, which are written in place
//! or refused there). Every file the binary and xtask write goes through `output::Target`.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, Once, PoisonError};
use tempfile::NamedTempFile;

/// The temporary files being written: what a signal handler removes. The lock is held while one
/// is created and registered, and while one is renamed and unregistered, so that the handler
/// sees each either before it exists or after it is gone.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live() -> MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Removes the temporary files on SIGINT, SIGTERM and SIGHUP, then dies of the signal.
fn clean_up_on_signals() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            else {
                return;
            };
            std::thread::spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    let files = live();
                    for f in files.iter() {
                        let _ = std::fs::remove_file(f);
                    }
                    // Die of the signal, holding the lock, so that no other file is started.
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                    std::process::exit(128 + signal);
                }
            });
        }
    });
}

/// A file being written in place of `path` (see the module's documentation).
pub struct AtomicFile {
    tmp: Option<NamedTempFile>,
    path: PathBuf,
}

/// Starts writing `path`: its temporary file is created in the same folder.
///
/// # Errors
/// The temporary file cannot be created (no such folder, no permission, ...).
pub fn create(path: &Path) -> io::Result<AtomicFile> {
    clean_up_on_signals();
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        // As any new file: readable by others as the umask allows, not 0600.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut files = live();
    let tmp = builder.tempfile_in(dir)?;
    files.push(tmp.path().to_owned());
    Ok(AtomicFile {
        tmp: Some(tmp),
        path: path.to_owned(),
    })
}

impl AtomicFile {
    fn file(&mut self) -> io::Result<&mut File> {
        self.tmp
            .as_mut()
            .map(NamedTempFile::as_file_mut)
            .ok_or_else(|| io::Error::other("the file is already finished"))
    }

    /// Flushes the bytes to disk and renames the temporary file over the target.
    ///
    /// # Errors
    /// Flushing or renaming failed; the temporary file is then removed and the target unchanged.
    pub fn commit(mut self) -> io::Result<()> {
        self.file()?.sync_all()?;
        let Some(tmp) = self.tmp.take() else {
            return Ok(());
        };
        let mut files = live();
        files.retain(|f| f != tmp.path());
        // On failure the temporary file comes back and is removed here, under the lock.
        tmp.persist(&self.path).map(drop).map_err(|e| e.error)
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file()?.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file()?.flush()
    }
}

impl Drop for AtomicFile {
    /// An unfinished file: its temporary file is removed, the target untouched.
    fn drop(&mut self) {
        if let Some(tmp) = self.tmp.take() {
            let mut files = live();
            files.retain(|f| f != tmp.path());
            drop(tmp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes `bytes` to `path` whole or not at all.
    fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
        let mut f = create(path)?;
        f.write_all(bytes)?;
        f.commit()
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn writes_whole_files_and_leaves_the_target_alone_on_failure() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("a.svg");
        write(&target, b"one").unwrap();
        write(&target, b"two").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"two");
        // A target that is a non-empty folder cannot be replaced: the write fails, the folder
        // stays, and no temporary file is left.
        let blocked = dir.path().join("b.svg");
        std::fs::create_dir_all(blocked.join("inside")).unwrap();
        assert!(write(&blocked, b"three").is_err());
        assert!(blocked.join("inside").is_dir());
        assert_eq!(names(dir.path()), ["a.svg", "b.svg"]);
        // A file dropped before it is finished leaves nothing.
        let mut f = create(&dir.path().join("c.svg")).unwrap();
        f.write_all(b"part").unwrap();
        drop(f);
        assert_eq!(names(dir.path()), ["a.svg", "b.svg"]);
        assert!(live().iter().all(|p| !p.starts_with(dir.path())));
    }

    #[cfg(unix)]
    #[test]
    fn a_link_at_the_target_is_replaced_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let outside = dir.path().join("outside.txt");
        std::fs::write(&outside, b"keep").unwrap();
        let target = dir.path().join("a.svg");
        std::os::unix::fs::symlink(&outside, &target).unwrap();
        write(&target, b"new").unwrap();
        assert_eq!(std::fs::read(&outside).unwrap(), b"keep");
        assert!(!target.symlink_metadata().unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
    }
}
