//! The name of an input (issue 23): a file named on the command line or found in a folder, or
//! standard input. A file name is bytes on Unix, not always UTF-8: the path is kept as given so
//! that every file can be opened, and messages name it with the bytes that are not UTF-8 escaped.

use std::path::{Path, PathBuf};

/// An input: a file named on the command line or found in a folder, or standard input (`-`).
/// Its path is kept as the system gives it, UTF-8 or not (a file name is bytes on Unix), so that
/// every file can be opened; `name` is how messages and reports name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    path: PathBuf,
    name: String,
    /// Why it is not read, for a record file of a folder that is not a regular file.
    refused: Option<String>,
}

impl Input {
    pub fn new(path: PathBuf) -> Input {
        let name = path_name(&path);
        Input {
            path,
            name,
            refused: None,
        }
    }

    /// A record file found in a folder that is not read, `why` saying what it is: it stays in
    /// the list so that reading it fails with that reason in its place (exit 2), the other
    /// inputs being read.
    pub fn refused(path: PathBuf, why: String) -> Input {
        Input {
            refused: Some(why),
            ..Input::new(path)
        }
    }

    /// Why it is not read, if it is not.
    pub fn refusal(&self) -> Option<&str> {
        self.refused.as_deref()
    }

    /// Standard input.
    pub fn stdin() -> Input {
        Input::new(PathBuf::from("-"))
    }

    /// The path to open (`-`: standard input).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Its name as given (`-` for standard input), bytes that are not UTF-8 written `\xFF`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The name shown for it: `<stdin>` for standard input.
    pub fn shown(&self) -> &str {
        if self.name == "-" {
            "<stdin>"
        } else {
            &self.name
        }
    }
}

/// A path as text: itself when it is UTF-8; otherwise each byte that is not, as `\xFF`, so that
/// two names never look the same (Unix; elsewhere, the standard library's lossy form).
pub fn path_name(path: &Path) -> String {
    #[cfg(unix)]
    {
        use std::fmt::Write as _;
        use std::os::unix::ffi::OsStrExt;
        let bytes = path.as_os_str().as_bytes();
        if let Ok(s) = std::str::from_utf8(bytes) {
            return s.to_owned();
        }
        let mut s = String::with_capacity(bytes.len() + 8);
        for chunk in bytes.utf8_chunks() {
            s.push_str(chunk.valid());
            for b in chunk.invalid() {
                let _ = write!(s, "\\x{b:02X}");
            }
        }
        s
    }
    #[cfg(not(unix))]
    {
        path.to_string_lossy().into_owned()
    }
}
