//! What a command reads and writes, checked once before it runs (`main.rs`), so that no command
//! has to remember it (issues 23 and 34):
//!
//! * an output file that would be refused (`target.rs`: a folder, a link to a file, a folder that
//!   does not exist) is refused before the command works, not after `solve` has solved;
//! * an output that is one of the inputs is refused before anything is read, the same file
//!   whatever the names (links, hard links, `..`; `output::refuse_inputs`): `replay --html
//!   rec.mgn rec.mgn` would destroy the input, and standard output appended to an input
//!   (`mancala collection merge f.mgn >> f.mgn`, `mancala moves - < f >> f`) would read the
//!   command's own output back for ever. Every command that writes to standard output and reads
//!   a file is listed in `files()`, whose `match` names every command, so that a new one cannot
//!   be forgotten; a device (`/dev/null`, a terminal) is both read and written freely;
//! * a file a command would replace or remove in its output folder (a picture of `replay --svg
//!   --replace`, a file of `collection split`) that is one of its inputs is refused too;
//! * `-` where it is not read is a usage error that says so, instead of a bad position or a
//!   missing file: `--position -` of `explain`, `perft` and `solve` (one position, from the command
//!   line), `--db -` (a database file is read twice over, never from a pipe), and the folders of
//!   `replay --svg` and `man --out` (many files: standard output cannot hold them).

use crate::cli::{CollectionCommand, Command};
use crate::inputs::records::Input;
use crate::outputs::exit::CliError;
use crate::outputs::target::{Target, refuse_inputs};
use std::path::PathBuf;

/// The inputs a command reads (`-`: standard input) and the files it writes, with their flags.
#[derive(Default)]
struct Files {
    inputs: Vec<Input>,
    /// The files named on the command line that it writes: checked against the output policy
    /// and against the inputs.
    outputs: Vec<(&'static str, Target)>,
    /// Files already in an output folder that it would replace or remove: checked against the
    /// inputs (the command applies the policy to them itself, `--replace` deciding).
    replaced: Vec<(&'static str, PathBuf)>,
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

/// What `command` reads and writes. Every command is named: those that read no file write to
/// standard output from the command line alone.
fn files(command: &Command) -> Files {
    let mut f = Files::default();
    f.inputs = match command {
        Command::Validate(a) => crate::inputs::records::names(&a.files),
        Command::Convert(a) => crate::inputs::records::names(&a.files),
        Command::Replay(a) => {
            let inputs = crate::inputs::records::names(&a.files);
            if let Some(html) = &a.html {
                f.outputs.push(("--html", Target::new(html)));
            }
            if let Some(dir) = &a.svg {
                let pictures = crate::printers::pictures::existing(dir, &inputs);
                f.replaced
                    .extend(pictures.into_iter().map(|p| ("--svg", p)));
            }
            inputs
        }
        Command::Annotate(a) => {
            let mut v = crate::inputs::records::names(&a.files);
            db(&mut v, a.db.as_ref());
            v
        }
        Command::Analyse(a) => {
            f.outputs
                .extend(a.proof.as_ref().map(|p| ("--proof", Target::new(p))));
            let mut v = stdin_if_dash(&a.position);
            db(&mut v, a.db.as_ref());
            v
        }
        Command::CheckProof(a) if a.files.is_empty() => vec![Input::stdin()],
        Command::CheckProof(a) => a.files.iter().cloned().map(Input::new).collect(),
        Command::Explain(a) => match &a.position {
            None => vec![Input::new(a.file.clone().unwrap_or_else(|| "-".into()))],
            Some(_) => Vec::new(),
        },
        Command::Show(a) => stdin_if_dash(&a.position),
        Command::Moves(a) => stdin_if_dash(&a.position),
        Command::Play(a) => stdin_if_dash(&a.position),
        Command::Solve(a) => {
            f.outputs
                .extend(a.out.as_ref().map(|p| ("--out", Target::new(p))));
            // The journal is read back when a run resumes: standard output appended to it would
            // be taken for pairs of slices solved before.
            crate::commands::solve::work_dir(a)
                .map(|dir| Input::new(dir.join("journal")))
                .into_iter()
                .chain(a.verify.iter().map(|p| Input::new(p.clone())))
                .collect()
        }
        Command::Match(a) => {
            let mut v = Vec::new();
            db(&mut v, a.db.as_ref());
            v
        }
        Command::Collection(c) => match &c.command {
            CollectionCommand::Select(a) => crate::inputs::records::names(&a.inputs.files),
            CollectionCommand::Merge(a) | CollectionCommand::Dedupe(a) => {
                crate::inputs::records::names(&a.inputs.files)
            }
            CollectionCommand::Stats(a) => crate::inputs::records::names(&a.inputs.files),
            CollectionCommand::Split(a) => {
                let inputs = crate::inputs::records::names(&a.inputs.files);
                let files = crate::commands::collection::split::existing(a, &inputs);
                f.replaced.extend(files.into_iter().map(|p| ("--out", p)));
                inputs
            }
        },
        // serve reads its databases and writes no file; its standard output is a log.
        Command::Serve(a) => a.db.iter().map(|p| Input::new(p.clone())).collect(),
        Command::Perft(_) | Command::Rules(_) | Command::Completions(_) | Command::Man(_) => {
            Vec::new()
        }
    };
    f
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
        Command::Solve(a) if a.verify.as_ref().is_some_and(|d| d.as_os_str() == "-") => {
            Err(no_dash(
                "--verify",
                "a database is read from a file, not from standard input",
            ))
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
    for (flag, path) in &f.replaced {
        refuse_inputs(flag, &Target::file(path), &f.inputs)?;
    }
    refuse_inputs("standard output", &Target::Stdout, &f.inputs)
}
