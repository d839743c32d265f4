//! `collection split` (spec/collections.md §4): one file per record (`STEM-NNN.mgn`) or per game
//! (`GAME.mgn`), each written as every output is (`target.rs`): a file whole or not at all, a
//! device or a FIFO in place, a link to a file or a folder refused.
//!
//! The names are known before anything is read (the inputs' stems, or the five games), so a
//! folder that already holds one of them is refused at once, before a file is written, unless
//! `--replace`; with `--replace`, each of them must be something the output policy writes. Two
//! inputs with the same stem would write the same names and are refused too, and so is an input
//! that is one of the files split would replace (`files.rs`, before anything is read): it would
//! be overwritten with its valid records only.

use super::{check_options, each_record, write_record};
use crate::cli::{RecordFormat, SplitArgs, SplitBy};
use crate::inputs::records::Input;
use crate::outputs::exit::{CliError, Verdict, io_message};
use crate::outputs::target::{Output, Target, shown_path};
use rules_core::GameKind;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The stem of an input's files: its file name without the extension, `stdin` for `-`.
fn stem(name: &str) -> String {
    if name == "-" || name == "<stdin>" {
        return "stdin".to_owned();
    }
    Path::new(name).file_stem().map_or_else(
        || "records".to_owned(),
        |s| s.to_string_lossy().into_owned(),
    )
}

/// The extension of the files split writes.
fn extension(a: &SplitArgs) -> &'static str {
    if a.to == RecordFormat::Json {
        "jsonl"
    } else {
        "mgn"
    }
}

/// Whether `file` is a name split writes for `stem`: `STEM-` then digits, then `.ext`.
fn is_split_name(file: &str, stem: &str, ext: &str) -> bool {
    file.strip_prefix(stem)
        .and_then(|r| r.strip_prefix('-'))
        .and_then(|r| r.strip_suffix(ext))
        .and_then(|r| r.strip_suffix('.'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// What is already in `--out` at the names split would write for `inputs`, sorted; two inputs
/// with one stem are refused.
fn already_there(a: &SplitArgs, inputs: &[Input]) -> Result<Vec<PathBuf>, CliError> {
    let ext = extension(a);
    let existing: Vec<String> = match std::fs::read_dir(&a.out) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect(),
        Err(_) => Vec::new(),
    };
    let mut clash: Vec<&String> = match a.by {
        SplitBy::Record => {
            let mut stems: Vec<(String, &str)> = Vec::new();
            for n in inputs.iter().map(Input::name) {
                let s = stem(n);
                if let Some((_, other)) = stems.iter().find(|(t, _)| *t == s) {
                    return Err(CliError::Usage(format!(
                        "{other} and {n} would both be split into {s}-NNN.{ext}: split them one at a time, into different folders"
                    )));
                }
                stems.push((s, n));
            }
            existing
                .iter()
                .filter(|f| stems.iter().any(|(s, _)| is_split_name(f, s, ext)))
                .collect()
        }
        SplitBy::Game => existing
            .iter()
            .filter(|f| {
                GameKind::ALL
                    .iter()
                    .any(|g| **f == format!("{}.{ext}", g.name()))
            })
            .collect(),
    };
    clash.sort();
    Ok(clash.into_iter().map(|f| a.out.join(f)).collect())
}

/// The files split would replace in `--out` for `inputs`: `files.rs` refuses an input among
/// them before anything is read.
pub fn existing(a: &SplitArgs, inputs: &[Input]) -> Vec<PathBuf> {
    already_there(a, inputs).unwrap_or_default()
}

/// Refuses names split would write where something of that name exists, unless `replace`; with
/// `replace`, refuses what the output policy does not write (a link to a file, a folder, a
/// socket), before anything is written.
fn check_names(a: &SplitArgs) -> Result<(), CliError> {
    let clash = already_there(a, &crate::inputs::records::names(&a.inputs.files))?;
    let dir = shown_path(&a.out);
    match clash.first() {
        None => Ok(()),
        Some(first) if !a.replace => Err(CliError::Usage(format!(
            "{dir} already holds {} file{} that split would write ({}{}): nothing written; --replace replaces them",
            clash.len(),
            if clash.len() == 1 { "" } else { "s" },
            shown_path(first),
            if clash.len() > 1 { ", ..." } else { "" }
        ))),
        Some(_) => {
            for path in &clash {
                let target = Target::file(path);
                target.kind().map_err(|e| {
                    CliError::Io(format!(
                        "--replace: {}: {} (nothing written)",
                        shown_path(path),
                        io_message(&e)
                    ))
                })?;
            }
            Ok(())
        }
    }
}

fn write_error(path: &Path, e: &std::io::Error) -> CliError {
    CliError::Io(format!(
        "cannot write {}: {}",
        shown_path(path),
        io_message(e)
    ))
}

/// The file of one game being written, and how many records it holds.
struct GameFile {
    game: GameKind,
    path: PathBuf,
    out: Output,
    records: usize,
}

/// Runs `collection split`.
pub fn run(a: &SplitArgs) -> Result<Verdict, CliError> {
    let ext = extension(a);
    if a.out.as_os_str() == "-" {
        return Err(CliError::Usage(
            "--out -: split writes many files into a folder; standard output cannot hold them (use collection merge)".to_owned(),
        ));
    }
    check_names(a)?;
    crate::outputs::target::make_folder(&a.out, "--out")?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut games: Vec<GameFile> = Vec::new();
    let tally = each_record(
        &a.inputs.files,
        check_options(a.inputs.lenient, false),
        |u| {
            let Some(rec) = u.record.as_ref().filter(|_| u.valid()) else {
                return Ok(());
            };
            match a.by {
                SplitBy::Record => {
                    let path = a
                        .out
                        .join(format!("{}-{:03}.{ext}", stem(&u.file), u.index));
                    let mut bytes = Vec::new();
                    write_record(u, a.to, 0, &mut bytes)?;
                    Target::file(&path)
                        .write(&bytes)
                        .map_err(|e| write_error(&path, &e))?;
                    writeln!(out, "{}", shown_path(&path))?;
                }
                SplitBy::Game => {
                    let game = rec.game();
                    if !games.iter().any(|g| g.game == game) {
                        let path = a.out.join(format!("{}.{ext}", game.name()));
                        let file = Target::file(&path)
                            .open()
                            .map_err(|e| write_error(&path, &e))?;
                        games.push(GameFile {
                            game,
                            path,
                            out: file,
                            records: 0,
                        });
                    }
                    if let Some(g) = games.iter_mut().find(|g| g.game == game) {
                        // Through a buffer: an error writing the file (a FIFO's reader gone, a
                        // full disk) is the file's, not standard output's.
                        let mut bytes = Vec::new();
                        write_record(u, a.to, g.records, &mut bytes)?;
                        g.out
                            .write_all(&bytes)
                            .map_err(|e| write_error(&g.path, &e))?;
                        g.records += 1;
                    }
                }
            }
            Ok(())
        },
    )?;
    // Per game, the files are finished (renamed into place) once every record is in, in the
    // games' order.
    games.sort_by_key(|g| GameKind::ALL.iter().position(|x| *x == g.game));
    for g in games {
        g.out.finish().map_err(|e| write_error(&g.path, &e))?;
        writeln!(
            out,
            "{} ({} record{})",
            shown_path(&g.path),
            g.records,
            if g.records == 1 { "" } else { "s" }
        )?;
    }
    out.flush()?;
    if tally.invalid > 0 {
        crate::outputs::diag::note(format_args!(
            "{} invalid record{} not written",
            tally.invalid,
            if tally.invalid == 1 { "" } else { "s" }
        ));
    }
    Ok(tally.verdict())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_names_are_stem_dash_number() {
        assert!(is_split_name("match-bechi-001.mgn", "match-bechi", "mgn"));
        assert!(is_split_name("a-12345.jsonl", "a", "jsonl"));
        assert!(!is_split_name("a-x1.mgn", "a", "mgn"));
        assert!(!is_split_name("a-.mgn", "a", "mgn"));
        assert!(!is_split_name("a-001.mgn.txt", "a", "mgn"));
        assert_eq!(stem("corpus/ok/match-bechi.mgn"), "match-bechi");
        assert_eq!(stem("-"), "stdin");
    }
}
