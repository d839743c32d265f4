//! `mancala`: validate, replay, convert and count games of five mancala games.
//!
//! Exit status: 0 when everything given is valid, 1 when some input is invalid, 2 for a usage or
//! I/O error. Data goes to stdout, diagnostics to stderr; a closed stdout ends the program quietly.

mod atomic;
mod board;
mod cli;
mod convert;
mod exit;
mod explain;
mod game_args;
mod input;
mod perft;
mod position_cmd;
mod redu_trace;
mod replay;
mod style;
mod svg;
mod validate;

use clap::Parser;
use exit::{CliError, Outcome};
use std::process::ExitCode;

fn main() -> ExitCode {
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
            // One line: clap's own error line, without its usage block.
            let text = e.to_string();
            let line: Vec<&str> = text
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            let line = line.join(" ");
            eprintln!(
                "mancala: error: {} (see mancala --help)",
                line.trim_start_matches("error: ")
            );
            return ExitCode::from(2);
        }
    };
    let style = style::Style::detect(args.color);
    let result = match args.command {
        cli::Command::Perft(a) => perft::run(&a),
        cli::Command::Validate(a) => validate::run(&a),
        cli::Command::Replay(a) => replay::run(&a, style),
        cli::Command::Convert(a) => convert::run(&a),
        cli::Command::Show(a) => position_cmd::show(&a, style),
        cli::Command::Moves(a) => position_cmd::moves(&a),
        cli::Command::Play(a) => position_cmd::play(&a),
        cli::Command::Explain(a) => explain::run(&a, style),
        cli::Command::Completions(a) => position_cmd::completions(&a),
    };
    match result {
        Ok(Outcome::Valid) => ExitCode::SUCCESS,
        Ok(Outcome::Invalid) => ExitCode::from(1),
        Ok(Outcome::Failed) => ExitCode::from(2),
        Err(CliError::BrokenPipe) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mancala: error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
