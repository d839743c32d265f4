//! The commands, one module each, named after the command (`-` written `_`, `match` as
//! `match_`): each reads its arguments (`cli.rs`), its inputs (`inputs`) and writes through
//! `outputs` and `printers`.

pub mod analyse;
pub mod annotate;
pub mod check_proof;
pub mod collection;
pub mod convert;
pub mod explain;
pub mod generate;
pub mod match_;
pub mod perft;
pub mod position;
pub mod replay;
pub mod rules;
pub mod serve;
pub mod solve;
pub mod validate;

use crate::cli::Command;
use crate::outputs::exit::{CliError, Verdict};
use crate::outputs::style::Style;
use crate::printers::{html, pictures};

/// Runs `command`, `style` saying whether its text output is coloured.
pub fn run(command: Command, style: Style) -> Result<Verdict, CliError> {
    match command {
        Command::Perft(a) => perft::run(&a),
        Command::Analyse(a) => analyse::run(&a),
        Command::Solve(a) => solve::run(&a),
        Command::Match(a) => match_::run(&a),
        Command::Annotate(a) => annotate::run(&a),
        Command::CheckProof(a) => check_proof::run(&a),
        Command::Validate(a) => validate::run(&a),
        // `replay --svg` draws pictures, `--html` writes the replay page; the replay in text or
        // JSON otherwise.
        Command::Replay(a) => match (&a.svg, &a.html) {
            (Some(dir), _) => pictures::run(&a, dir),
            (None, Some(target)) => html::run(&a, target),
            (None, None) => replay::run(&a, style),
        },
        Command::Convert(a) => convert::run(&a),
        Command::Collection(a) => collection::run(&a),
        Command::Show(a) => position::show(&a, style),
        Command::Moves(a) => position::moves(&a),
        Command::Play(a) => position::play(&a),
        Command::Explain(a) => explain::run(&a, style),
        Command::Rules(a) => rules::run(&a, style),
        Command::Serve(a) => serve::run(&a),
        Command::Completions(a) => generate::completions(&a),
        Command::Man(a) => generate::man(&a),
    }
}
