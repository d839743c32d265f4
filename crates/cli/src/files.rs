//! What a command reads and writes, checked once before it runs (`main.rs`), so that no command
//! has to remember it (issue 23):
//!
//! * an output file that would be refused (`output.rs`: a folder, a link to a file, a folder that
//!   does not exist) is refused before the command works, not after `solve` has solved;
//! * an output that is one of the inputs is refused before anything is read: `replay --html
//!   rec.mgn rec.mgn`, and standard output appended to an input (`mancala convert rec.mgn >>
//!   rec.mgn`, `mancala moves - < f >> f`), which would read the command's own output back for
//!   ever (`output::refuse_inputs`);
//! * `-` where it is not read is a usage error that says so, instead of a bad position or a
//!   missing file: `--position -` of `explain`, `perft` and `solve` (one position, from the command
//!   line), `--db -` (a database file is read twice over, never from a pipe), and the folders of
//!   `replay --svg` and `man --out` (many files: standard output cannot hold them).

use crate::cli::Command;
use crate::exit::CliError;
use crate::input::Input;
use crate::output::{Target, refuse_inputs};
use std::path::PathBuf;

/// The inputs a command reads (`-`: standard input) and the files it writes, with their flags.
struct Files {
    inputs: Vec<Input>,
    outputs: Vec<(&'static str, Target)>,
}

fn db(inputs: &mut Vec<Input>, db: Option<&PathBuf>) {
    inputs.extend(db.map(|p| Input::new(p.clone())));
}

fn stdin_if_dash(position: &str) -> Vec<Input> {
    if position == "-" {
        vec![Input::stdin()]
    } else {
        Vec::new()
    }
}

/// What `command` reads and writes.
fn files(command: &Command) -> Files {
    let mut outputs = Vec::new();
    let inputs = match command {
        Command::Validate(a) => crate::input::names(&a.files),
        Command::Convert(a) => crate::input::names(&a.files),
        Command::Replay(a) => {
            if let Some(html) = &a.html {
                outputs.push(("--html", Target::new(html)));
            }
            crate::input::names(&a.files)
        }
        Command::Annotate(a) => {
            let mut v = crate::input::names(&a.files);
            db(&mut v, a.db.as_ref());
            v
        }
        Command::Analyse(a) => {
            outputs.extend(a.proof.as_ref().map(|p| ("--proof", Target::new(p))));
            let mut v = stdin_if_dash(&a.position);
            db(&mut v, a.db.as_ref());
            v
        }
        Command::CheckProof(a) if a.files.is_empty() => vec![Input::stdin()],
        Command::CheckProof(a) => a.files.iter().cloned().map(Input::new).collect(),
        Command::Explain(a) if a.position.is_none() => {
            vec![Input::new(a.file.clone().unwrap_or_else(|| "-".into()))]
        }
        Command::Show(a) => stdin_if_dash(&a.position),
        Command::Moves(a) => stdin_if_dash(&a.position),
        Command::Play(a) => stdin_if_dash(&a.position),
        Command::Solve(a) => {
            outputs.extend(a.out.as_ref().map(|p| ("--out", Target::new(p))));
            Vec::new()
        }
        _ => Vec::new(),
    };
    Files { inputs, outputs }
}

/// A usage error for `-` given to `flag`, which does not read standard input.
fn no_dash(flag: &str, what: &str) -> CliError {
    CliError::Usage(format!("{flag} -: {what}"))
}

/// The `-`s a command does not read.
fn refuse_dashes(command: &Command) -> Result<(), CliError> {
    const ONE_POSITION: &str = "this command reads one position, from the command line, not from standard input: give the position itself (a position string, its JSON form or a game's name); `moves -`, `play -` and `show -` read positions line by line from standard input";
    let is_dash = |p: &Option<String>| p.as_deref().is_some_and(|p| p.trim() == "-");
    match command {
        Command::Explain(a) if is_dash(&a.position) => Err(no_dash("--position", ONE_POSITION)),
        Command::Perft(a) if is_dash(&a.game.position) => Err(no_dash("--position", ONE_POSITION)),
        Command::Solve(a) if a.position.iter().any(|p| p.trim() == "-") => {
            Err(no_dash("--position", ONE_POSITION))
        }
        Command::Analyse(a) if a.db.as_ref().is_some_and(|d| d.as_os_str() == "-") => Err(no_dash(
            "--db",
            "a database is read from a file, not from standard input",
        )),
        Command::Annotate(a) if a.db.as_ref().is_some_and(|d| d.as_os_str() == "-") => {
            Err(no_dash(
                "--db",
                "a database is read from a file, not from standard input",
            ))
        }
        Command::Replay(a) if a.svg.as_ref().is_some_and(|d| d.as_os_str() == "-") => Err(no_dash(
            "--svg",
            "--svg writes one picture per position into a folder, which standard output cannot be: give a folder (./- for one named -); `mancala show --svg POSITION` writes one picture to standard output",
        )),
        Command::Man(a) if a.out.as_ref().is_some_and(|d| d.as_os_str() == "-") => Err(no_dash(
            "--out",
            "--out writes every page into a folder, which standard output cannot be: give a folder (./- for one named -); `mancala man [COMMAND]` prints a page to standard output",
        )),
        _ => Ok(()),
    }
}

/// Checks what `command` reads and writes before it runs (see the module's documentation).
///
/// # Errors
/// A usage error: an output that is an input, or `-` where it is not read.
pub fn check(command: &Command) -> Result<(), CliError> {
    refuse_dashes(command)?;
    let f = files(command);
    // A target that would be refused is refused now, not after minutes of solving.
    for (flag, target) in &f.outputs {
        target.kind().map_err(|e| target.error(flag, &e))?;
    }
    if f.inputs.is_empty() {
        return Ok(());
    }
    for (flag, target) in &f.outputs {
        refuse_inputs(flag, target, &f.inputs)?;
    }
    refuse_inputs("standard output", &Target::Stdout, &f.inputs)
}
