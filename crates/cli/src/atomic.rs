//! Files written whole or not at all: the bytes go to a hidden temporary file in the same
//! folder, which is flushed to disk and then renamed over the target. A run that is interrupted
//! or fails leaves the target as it was (absent, or its previous content), never a part of a
//! file; a failed write removes its temporary file. Only a run killed between creating and
//! renaming its temporary file can leave one behind: `.NAME.tmp-PID`, never a file of the
//! target's name.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The temporary file used to write `path`.
fn temporary(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let tmp = format!(".{name}.tmp-{}", std::process::id());
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(tmp),
        _ => PathBuf::from(tmp),
    }
}

/// Writes `bytes` to `path` atomically (see the module's documentation).
///
/// # Errors
/// Creating, writing, flushing or renaming failed; the target is then unchanged.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = temporary(path);
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_whole_files_and_leaves_the_target_alone_on_failure() {
        let dir = std::env::temp_dir().join(format!("mancala-atomic-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let target = dir.join("a.svg");
        write(&target, b"one").unwrap();
        write(&target, b"two").unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"two");
        // A target that is a non-empty folder cannot be replaced: the write fails, the folder
        // stays, and no temporary file is left.
        let blocked = dir.join("b.svg");
        fs::create_dir_all(blocked.join("inside")).unwrap();
        assert!(write(&blocked, b"three").is_err());
        assert!(blocked.join("inside").is_dir());
        let names: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(names.iter().all(|n| !n.contains(".tmp-")), "{names:?}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
