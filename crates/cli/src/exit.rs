//! Exit statuses and the errors that end a command.

use std::fmt;
use std::io;

/// How a command that ran to the end judged its input.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
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
    /// An input or output error: exit 2.
    Io(String),
    /// Stdout was closed by the reader: stop quietly.
    BrokenPipe,
}

impl CliError {
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) | CliError::Io(_) => 2,
            CliError::BrokenPipe => 0,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(m) | CliError::Io(m) => f.write_str(m),
            CliError::BrokenPipe => f.write_str("broken pipe"),
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        if e.kind() == io::ErrorKind::BrokenPipe {
            CliError::BrokenPipe
        } else {
            CliError::Io(e.to_string())
        }
    }
}
