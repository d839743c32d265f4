//! The `mancala` command: parses the arguments and runs one command of the library (`lib.rs`).
#![deny(clippy::print_stderr, clippy::print_stdout)]

use clap::Parser;
use mancala::cli;
use mancala::commands::{
    analyse, annotate, check_proof, collection, convert, generate, match_, perft, position, rules,
    serve, solve, validate,
};
use mancala::outputs::exit::{CliError, Verdict};
use mancala::outputs::{diag, files, style};
use mancala::printers::{explain, html, pictures, replay};
use std::process::ExitCode;

fn main() -> ExitCode {
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
        diag::text(&format!(
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
            diag::error(format_args!(
                "{} (see mancala --help)",
                first.trim_start_matches("error: ")
            ));
            for tip in lines.filter(|l| l.starts_with("tip:")) {
                diag::text(&format!("  {tip}\n"));
            }
            return ExitCode::from(2);
        }
    };
    let style = style::Style::detect(args.color);
    // An output that is one of the inputs, `-` where it is not read: refused before anything is.
    if let Err(e) = files::check(&args.command) {
        diag::error(&e);
        return ExitCode::from(e.exit_code());
    }
    let result = match args.command {
        cli::Command::Perft(a) => perft::run(&a),
        cli::Command::Analyse(a) => analyse::run(&a),
        cli::Command::Solve(a) => solve::run(&a),
        cli::Command::Match(a) => match_::run(&a),
        cli::Command::Annotate(a) => annotate::run(&a),
        cli::Command::CheckProof(a) => check_proof::run(&a),
        cli::Command::Validate(a) => validate::run(&a),
        // `replay --svg` draws pictures, `--html` writes the replay page; the replay in text or
        // JSON otherwise.
        cli::Command::Replay(a) => match (&a.svg, &a.html) {
            (Some(dir), _) => pictures::run(&a, dir),
            (None, Some(target)) => html::run(&a, target),
            (None, None) => replay::run(&a, style),
        },
        cli::Command::Convert(a) => convert::run(&a),
        cli::Command::Collection(a) => collection::run(&a),
        cli::Command::Show(a) => position::show(&a, style),
        cli::Command::Moves(a) => position::moves(&a),
        cli::Command::Play(a) => position::play(&a),
        cli::Command::Explain(a) => explain::run(&a, style),
        cli::Command::Rules(a) => rules::run(&a, style),
        cli::Command::Serve(a) => serve::run(&a),
        cli::Command::Completions(a) => generate::completions(&a),
        cli::Command::Man(a) => generate::man(&a),
    };
    match result {
        Ok(Verdict::Valid) => ExitCode::SUCCESS,
        Ok(Verdict::Invalid) => ExitCode::from(1),
        Ok(Verdict::Failed) => ExitCode::from(2),
        Err(CliError::BrokenPipe) => ExitCode::SUCCESS,
        Err(e) => {
            diag::error(&e);
            ExitCode::from(e.exit_code())
        }
    }
}
