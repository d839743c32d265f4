//! `-` as the POSITION of `show`, `moves` and `play`: one input per line of standard input, each
//! answered in order, in one process.
//!
//! The answer to a line is flushed before the next line is read whenever that read would wait, so
//! that a coprocess can drive the command line by line (write a line, read its answer); when the
//! input is already there (a file, a fast pipe) answers are written in large blocks. A bad line
//! gets its error in the output stream, in its place, and the run goes on; the exit status is 1 if
//! any line was invalid, 2 if any was a usage error (an option its game does not take).

use crate::exit::{CliError, Verdict};
use std::io::{BufRead, BufReader, Read, Write};

/// How one line went.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Answered.
    Answered,
    /// Invalid input (exit 1).
    Invalid,
    /// A usage error (exit 2).
    Usage,
}

/// Reads `input` line by line and writes each line's answer with `answer(line, number, out)`
/// into `out`.
///
/// # Errors
/// Reading the input or writing the output failed.
pub fn run<R: Read, W: Write>(
    input: R,
    out: &mut W,
    mut answer: impl FnMut(&str, usize, &mut W) -> Result<Outcome, CliError>,
) -> Result<Verdict, CliError> {
    let mut input = BufReader::with_capacity(1 << 16, input);
    let mut verdict = Verdict::Valid;
    let mut bytes = Vec::new();
    for number in 1.. {
        // The next line is not all there yet: what was answered goes out before we wait.
        if !input.buffer().contains(&b'\n') {
            out.flush()?;
        }
        bytes.clear();
        let n = input.read_until(b'\n', &mut bytes).map_err(|e| {
            CliError::Io(format!(
                "cannot read standard input: {}",
                crate::exit::io_message(&e)
            ))
        })?;
        if n == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&bytes);
        let line = line.trim_end_matches(['\n', '\r']);
        match answer(line, number, out)? {
            Outcome::Answered => {}
            Outcome::Invalid if verdict == Verdict::Valid => verdict = Verdict::Invalid,
            Outcome::Invalid => {}
            Outcome::Usage => verdict = Verdict::Failed,
        }
    }
    out.flush()?;
    Ok(verdict)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_is_answered_in_order_and_the_worst_outcome_wins() {
        let mut out = Vec::new();
        let v = run(&b"a\nbad\nc\r\nusage\n"[..], &mut out, |line, n, out| {
            writeln!(out, "{n}:{line}")?;
            Ok(match line {
                "bad" => Outcome::Invalid,
                "usage" => Outcome::Usage,
                _ => Outcome::Answered,
            })
        })
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "1:a\n2:bad\n3:c\n4:usage\n"
        );
        assert_eq!(v, Verdict::Failed);
    }
}
