//! `collection split` (spec/collections.md §4): one file per record (`STEM-NNN.mgn`) or per game
//! (`GAME.mgn`), each written whole or not at all (`atomic`).
//!
//! The names are known before anything is read (the inputs' stems, or the five games), so a
//! folder that already holds one of them is refused at once, before a file is written, unless
//! `--replace`; two inputs with the same stem would write the same names and are refused too.

use super::{check_options, each_record, write_record};
use crate::atomic::{self, AtomicFile};
use crate::cli::{RecordFormat, SplitArgs, SplitBy};
use crate::exit::{CliError, Verdict, io_message};
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

/// Whether `file` is a name split writes for `stem`: `STEM-` then digits, then `.ext`.
fn is_split_name(file: &str, stem: &str, ext: &str) -> bool {
    file.strip_prefix(stem)
        .and_then(|r| r.strip_prefix('-'))
        .and_then(|r| r.strip_suffix(ext))
        .and_then(|r| r.strip_suffix('.'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Refuses names split would write where files of those names exist (unless `replace`), and two
/// inputs with one stem.
fn check_names(a: &SplitArgs, ext: &str) -> Result<(), CliError> {
    let existing: Vec<String> = match std::fs::read_dir(&a.out) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect(),
        Err(_) => Vec::new(),
    };
    let dir = a.out.display();
    let clash: Vec<&String> = match a.by {
        SplitBy::Record => {
            let names = crate::input::names(&a.inputs.files);
            let mut stems: Vec<(String, &str)> = Vec::new();
            for n in names.iter().map(crate::input::Input::name) {
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
    match clash.first() {
        Some(first) if !a.replace => Err(CliError::Usage(format!(
            "{dir} already holds {} file{} that split would write ({dir}/{first}{}): nothing written; --replace replaces them",
            clash.len(),
            if clash.len() == 1 { "" } else { "s" },
            if clash.len() > 1 { ", ..." } else { "" }
        ))),
        _ => Ok(()),
    }
}

fn write_error(path: &Path, e: &std::io::Error) -> CliError {
    CliError::Io(format!(
        "cannot write {}: {}",
        path.display(),
        io_message(e)
    ))
}

/// Runs `collection split`.
pub fn run(a: &SplitArgs) -> Result<Verdict, CliError> {
    let ext = if a.to == RecordFormat::Json {
        "jsonl"
    } else {
        "mgn"
    };
    if a.out.as_os_str() == "-" {
        return Err(CliError::Usage(
            "--out -: split writes many files into a folder; standard output cannot hold them (use collection merge)".to_owned(),
        ));
    }
    check_names(a, ext)?;
    std::fs::create_dir_all(&a.out).map_err(|e| write_error(&a.out, &e))?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    // Per game: the file being written and how many records it holds.
    let mut games: Vec<(GameKind, PathBuf, AtomicFile, usize)> = Vec::new();
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
                    crate::output::Target::file(&path)
                        .write(&bytes)
                        .map_err(|e| write_error(&path, &e))?;
                    writeln!(out, "{}", path.display())?;
                }
                SplitBy::Game => {
                    let game = rec.game();
                    if !games.iter().any(|(g, ..)| *g == game) {
                        let path = a.out.join(format!("{}.{ext}", game.name()));
                        let file = atomic::create(&path).map_err(|e| write_error(&path, &e))?;
                        games.push((game, path, file, 0));
                    }
                    if let Some((_, path, file, n)) = games.iter_mut().find(|(g, ..)| *g == game) {
                        write_record(u, a.to, *n, file).map_err(|e| match e {
                            CliError::Io(m) => CliError::Io(format!("{}: {m}", path.display())),
                            other => other,
                        })?;
                        *n += 1;
                    }
                }
            }
            Ok(())
        },
    )?;
    // Per game, the files are renamed into place once every record is in, in the games' order.
    games.sort_by_key(|(g, ..)| GameKind::ALL.iter().position(|x| x == g));
    for (_, path, file, n) in games {
        file.commit().map_err(|e| write_error(&path, &e))?;
        writeln!(
            out,
            "{} ({n} record{})",
            path.display(),
            if n == 1 { "" } else { "s" }
        )?;
    }
    out.flush()?;
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
