//! Exit statuses and the errors that end a command.

use std::fmt;
use std::io;

/// How a command that ran to the end judged its input.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Everything was valid: exit 0.
    Valid,
    /// Some input was invalid: exit 1.
    Invalid,
    /// Some input could not be read (reported already): exit 2.
    Failed,
}

/// An error that stops a command.
#[derive(Debug)]
pub enum CliError {
    /// Bad arguments or option values: exit 2.
    Usage(String),
    /// Input given on the command line that is not valid (a `--position` that is not a legal
    /// position of its game): exit 1, as an invalid record.
    Invalid(String),
    /// An input or output error: exit 2.
    Io(String),
    /// Stdout was closed by the reader: stop quietly.
    BrokenPipe,
}

impl CliError {
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Invalid(_) => 1,
            CliError::Usage(_) | CliError::Io(_) => 2,
            CliError::BrokenPipe => 0,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(m) | CliError::Invalid(m) | CliError::Io(m) => f.write_str(m),
            CliError::BrokenPipe => f.write_str("broken pipe"),
        }
    }
}

/// A library user's `?` takes it (`printers`).
impl std::error::Error for CliError {}

/// An I/O error in the user's terms: what went wrong, without the system's error number.
pub fn io_message(e: &io::Error) -> String {
    use io::ErrorKind as K;
    match e.kind() {
        K::NotFound => "no such file or folder".to_owned(),
        K::PermissionDenied => "permission denied".to_owned(),
        K::AlreadyExists => "it already exists".to_owned(),
        K::IsADirectory => "it is a folder, not a file".to_owned(),
        K::NotADirectory => "a part of the path is a file, not a folder".to_owned(),
        K::DirectoryNotEmpty => "it is a folder that is not empty".to_owned(),
        K::StorageFull => "no space left on the device".to_owned(),
        K::ReadOnlyFilesystem => "the file system is read-only".to_owned(),
        // Written in place to a FIFO or a pipe (not standard output, which ends quietly).
        K::BrokenPipe => "its reader closed it before the end".to_owned(),
        _ => {
            let text = e.to_string();
            // tidy: not a message: the system's words, which std gives only with the number
            match text.rfind(" (os error ") {
                Some(k) if text.ends_with(')') => text[..k].to_owned(),
                _ => text,
            }
        }
    }
}

/// Writing to standard output failed: a closed pipe ends the run quietly, anything else is an I/O
/// error (`?` on a write to stdout).
impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        if e.kind() == io::ErrorKind::BrokenPipe {
            CliError::BrokenPipe
        } else {
            CliError::Io(format!(
                "cannot write to standard output: {}",
                io_message(&e)
            ))
        }
    }
}
