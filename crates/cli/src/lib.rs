//! `mancala`: validate, replay, convert and count games of five mancala games. The command is
//! [`main`] (`main.rs` calls it); its source is grouped by what it does: `commands/` (one module
//! per command), `inputs/` (the FILEs, folders, POSITIONs and lines it reads), `outputs/` (how it
//! writes files, standard error, exit statuses, colour) and `printers/` (what it prints).
//!
//! The public surface is [`printers`] (a record replayed in text or JSON, a ply explained, the
//! boards and pictures, the replay page) for library users, [`cli`] (the arguments), and
//! [`testing`], what the tests, the fuzz targets and xtask check of the binary's insides.
//!
//! Exit status (every command): 0 when everything given is valid, 1 when some input is invalid
//! (a record, or a `--position`), 2 for a usage or I/O error, 101 for an internal error (a bug).
//! Data goes to stdout, diagnostics to stderr (`diag`, never `eprintln!`, which panics when
//! stderr is closed); a closed stdout ends the program quietly, with status 0.
#![deny(clippy::print_stderr, clippy::print_stdout)]

pub mod cli;
mod commands;
mod inputs;
mod outputs;
pub mod printers;
pub mod testing;

use clap::Parser;
use outputs::exit::{CliError, Verdict};
use std::process::ExitCode;

/// The `mancala` command (`main.rs`): parses the arguments, runs the command and says how it
/// ended as the exit status.
#[must_use]
pub fn main() -> ExitCode {
    // No input should ever make mancala panic (the fuzz targets and property tests hunt for it);
    // if one does, say so in one line instead of a backtrace, with exit status 101. The hook
    // itself never panics, even on a closed stderr (diag).
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map_or_else(String::new, |l| format!(" at {}:{}", l.file(), l.line()));
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        outputs::diag::text(&format!(
            "mancala: internal error{at}: {}\nThis is a bug in mancala: please report it with the command and its input.\n",
            notation::text::for_people(&what)
        ));
    }));
    let args = match cli::Cli::try_parse() {
        Ok(a) => a,
        Err(e) if !e.use_stderr() => {
            // --help and --version: print and succeed.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) => {
            // clap's error line, then its tips (`a similar subcommand exists: 'validate'`), without
            // its usage block: the error and what to do about it.
            let text = e.to_string();
            let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
            let first = lines.next().unwrap_or_default();
            outputs::diag::error(format_args!(
                "{} (see mancala --help)",
                first.trim_start_matches("error: ")
            ));
            for tip in lines.filter(|l| l.starts_with("tip:")) {
                outputs::diag::text(&format!("  {tip}\n"));
            }
            return ExitCode::from(2);
        }
    };
    let style = outputs::style::Style::detect(args.color);
    // An output that is one of the inputs, `-` where it is not read: refused before anything is.
    if let Err(e) = outputs::files::check(&args.command) {
        outputs::diag::error(&e);
        return ExitCode::from(e.exit_code());
    }
    let result = commands::run(args.command, style);
    match result {
        Ok(Verdict::Valid) => ExitCode::SUCCESS,
        Ok(Verdict::Invalid) => ExitCode::from(1),
        Ok(Verdict::Failed) => ExitCode::from(2),
        Err(CliError::BrokenPipe) => ExitCode::SUCCESS,
        Err(e) => {
            outputs::diag::error(&e);
            ExitCode::from(e.exit_code())
        }
    }
}
