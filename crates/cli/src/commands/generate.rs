//! What the binary writes about itself, from its own clap definition, as ripgrep's `rg
//! --generate` does: shell completion scripts (`mancala completions SHELL`) and manual pages
//! (`mancala man [COMMAND]`, `mancala man --out DIR`). `cargo xtask dist` runs these, so the
//! scripts and pages always describe the binary that was built.

use crate::cli::{Cli, CompletionsArgs, ManArgs, VERSION};
use crate::outputs::exit::{CliError, Verdict, io_message};
use crate::outputs::target::Target;
use clap::CommandFactory;
use std::io::Write;

pub fn completions(args: &CompletionsArgs) -> Result<Verdict, CliError> {
    let mut buf: Vec<u8> = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "mancala", &mut buf);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    out.write_all(&buf)?;
    out.flush()?;
    Ok(Verdict::Valid)
}

/// The manual pages: `mancala.1`, then `mancala-COMMAND.1` for every command and
/// `mancala-COMMAND-SUBCOMMAND.1` for every subcommand, as (file name, roff).
pub fn pages() -> Vec<(String, Vec<u8>)> {
    let cmd = Cli::command();
    let mut out = vec![("mancala.1".to_owned(), roff(cmd.clone()))];
    for sub in cmd.get_subcommands() {
        let name = format!("mancala-{}", sub.get_name());
        // A page's title is its command's name, `mancala-replay`. The version goes in the
        // footer only: set on the command, it would list a `-V` that the command refuses.
        let page = sub.clone().name(name.clone());
        out.push((format!("{name}.1"), roff(page)));
        // A command with subcommands (collection): one page each, `mancala-collection-select`.
        for nested in sub.get_subcommands() {
            let name = format!("mancala-{}-{}", sub.get_name(), nested.get_name());
            let page = nested.clone().name(name.clone()).version(VERSION);
            out.push((format!("{name}.1"), roff(page)));
        }
    }
    out
}

fn roff(cmd: clap::Command) -> Vec<u8> {
    let mut buf = Vec::new();
    clap_mangen::Man::new(cmd)
        .source(format!("mancala {VERSION}"))
        .render(&mut buf)
        .expect("rendering into memory cannot fail");
    buf
}

pub fn man(args: &ManArgs) -> Result<Verdict, CliError> {
    let pages = pages();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if let Some(dir) = &args.out {
        crate::outputs::target::make_folder(dir, "--out")?;
        for (name, bytes) in &pages {
            let path = dir.join(name);
            Target::file(&path).write(bytes).map_err(|e| {
                CliError::Io(format!(
                    "cannot write {}: {}",
                    path.display(),
                    io_message(&e)
                ))
            })?;
            writeln!(out, "{}", crate::outputs::target::shown_path(&path))?;
        }
    } else {
        let file = match &args.command {
            None => "mancala.1".to_owned(),
            Some(c) => format!("mancala-{c}.1"),
        };
        let Some((_, bytes)) = pages.iter().find(|(n, _)| *n == file) else {
            let names: Vec<String> = Cli::command()
                .get_subcommands()
                .map(|s| s.get_name().to_owned())
                .collect();
            return Err(CliError::Usage(format!(
                "no command `{}`: the commands are {}",
                args.command.as_deref().unwrap_or(""),
                names.join(", ")
            )));
        };
        out.write_all(bytes)?;
    }
    out.flush()?;
    Ok(Verdict::Valid)
}
