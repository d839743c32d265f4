//! `mancala replay --svg DIR`: one SVG picture per position of every record (`crates/diagram` draws
//! them), written into DIR as `STEM-RRR-PPP.svg` (record, ply; `-roundN` for the set-up of a
//! round).
//!
//! Writing is safe in a folder others can write to (issue 13): each file is written whole or not
//! at all, through an exclusive, unpredictable temporary file (`atomic.rs`), never through a link;
//! an interrupted run leaves no temporary file. Each picture is an output as `target.rs` says
//! (a FIFO or a device at a picture's name would be written in place, never replaced). A record
//! file that is one of DIR's pictures to be replaced is refused before anything is read. Pictures never mix: a DIR that already holds
//! pictures named after STEM (of another record file with the same name, or of an earlier run)
//! is refused before anything is written, unless `--replace` removes them first. If writing
//! fails part way, the error names the pictures written before it.

use crate::cli::{Format, FromFormat, ReplayArgs};
use crate::commands::validate;
use crate::inputs::records::{self, Unit};
use crate::outputs::exit::{CliError, Verdict, io_message};
use crate::outputs::target::Target;
use crate::printers::replay::{decision_text, set_up_notes, steps_text};
use crate::printers::svg;
use notation::{CheckOptions, Step, write_view};
use rules_core::Position;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The comments of a record by the point they follow: key (ply, round) is after ply `ply` (0:
/// before the first), and after the marker of round `round` when it is not 0 (spec/notation.md
/// §6.1: a comment speaks of the point reached).
pub(crate) fn comments(r: &notation::Record) -> BTreeMap<(u32, u32), Vec<String>> {
    let mut out: BTreeMap<(u32, u32), Vec<String>> = BTreeMap::new();
    let (mut ply, mut round) = (0, 0);
    for item in &r.movetext {
        match item {
            notation::Item::Ply { .. } => {
                ply += 1;
                round = 0;
            }
            notation::Item::Round { round: n, .. } => round = *n,
            notation::Item::Comment { text } => {
                out.entry((ply, round)).or_default().push(text.clone());
            }
            // A variation's comments speak of its own points (spec/notation.md §6.4).
            notation::Item::Annotation { .. } | notation::Item::Variation { .. } => {}
        }
    }
    out
}

/// The caption of the picture at `key`: the record's source and event, its comments, then the
/// position string.
fn caption(
    head: &[String],
    all: &BTreeMap<(u32, u32), Vec<String>>,
    key: (u32, u32),
    pos: &Position,
) -> Vec<String> {
    let mut c = head.to_vec();
    c.extend(all.get(&key).into_iter().flatten().cloned());
    c.push(format!("position: {}", write_view(pos.view())));
    c
}

/// The lines of a step list for a picture: the seeds are drawn, so their lines are left out.
fn picture_steps(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| {
            let t = l.trim_start();
            !t.starts_with("sown:") && !t.starts_with('#')
        })
        .map(|l| l.strip_prefix("  ").unwrap_or(l).to_owned())
        .collect()
}

/// Hands `f` every picture of a record, in order: its file name (after `stem`) and its SVG text.
/// One picture at a time, so that a long record never holds all of its pictures.
///
/// # Errors
/// What `f` returns.
pub fn each_picture(
    u: &Unit,
    stem: &str,
    mut f: impl FnMut(String, String) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let Some(r) = &u.record else {
        return Ok(());
    };
    let game = r.variant.to_string();
    let all = comments(r);
    let mut head: Vec<String> = Vec::new();
    if let Some(src) = &r.source {
        head.push(format!("Source: {src}"));
    }
    if let Some(ev) = &r.event {
        head.push(format!("Event: {ev}"));
    }
    let mut ply_no = 0;
    let mut before: Option<&Position> = None;
    for step in &u.checked.steps {
        let (name, diagram) = match step {
            Step::Start { position } => {
                before = Some(position);
                let s = position.view();
                let diagram = svg::Diagram {
                    position,
                    trace: None,
                    heading: format!("{game}, record {}: the start, round {}", u.index, s.round()),
                    caption: caption(&head, &all, (0, 0), position),
                    steps: Vec::new(),
                };
                (format!("{stem}-{:03}-000.svg", u.index), diagram)
            }
            Step::Ply {
                number,
                token,
                written,
                mover,
                trace,
                after,
            } => {
                ply_no = *number;
                before = Some(after);
                let mut heading = format!(
                    "{game}, record {}, ply {number}: {mover} plays {token}",
                    u.index
                );
                if written != token {
                    heading.push_str(&format!(" (written {written})"));
                }
                let mut steps = picture_steps(&steps_text(after, trace));
                if let Some(res) = after.round_result() {
                    steps.push(format!(
                        "the round is over ({}): round totals A {}, B {}",
                        res.rule, res.totals[0], res.totals[1]
                    ));
                }
                let diagram = svg::Diagram {
                    position: after,
                    trace: Some(trace),
                    heading,
                    caption: caption(&head, &all, (*number, 0), after),
                    steps,
                };
                (format!("{stem}-{:03}-{number:03}.svg", u.index), diagram)
            }
            Step::Round {
                round,
                decision,
                position,
            } => {
                let notes: Vec<String> = set_up_notes(before)
                    .into_iter()
                    .map(|(rule, text)| format!("{text} ({rule})"))
                    .collect();
                before = Some(position);
                let diagram = svg::Diagram {
                    position,
                    trace: None,
                    heading: format!(
                        "{game}, record {}: round {round} set up ({})",
                        u.index,
                        decision_text(decision)
                    ),
                    caption: caption(&head, &all, (ply_no, *round), position),
                    steps: notes,
                };
                let name = format!("{stem}-{:03}-{ply_no:03}-round{round}.svg", u.index);
                (name, diagram)
            }
            Step::RoundOver { .. } | Step::MatchOver { .. } => continue,
        };
        f(name, svg::render(&diagram))?;
    }
    Ok(())
}

/// The stem of the pictures of input `name`: the file's name without its extension (`stdin` for
/// standard input), each character a terminal or a file name should not hold replaced by `_`.
pub fn stem_of(name: &str) -> String {
    let stem = if name == "-" {
        "stdin".to_owned()
    } else {
        Path::new(name)
            .file_stem()
            .map_or_else(|| "record".to_owned(), |s| s.to_string_lossy().into_owned())
    };
    stem.chars()
        .map(|c| {
            if notation::text::is_unsafe_on_terminal(c) {
                '_'
            } else {
                c
            }
        })
        .collect()
}

/// Whether `file` is a picture named after `stem`: `STEM-RRR-PPP.svg` or
/// `STEM-RRR-PPP-roundN.svg`, numbers of at least three digits.
fn is_picture_of(file: &str, stem: &str) -> bool {
    let Some(rest) = file
        .strip_prefix(stem)
        .and_then(|r| r.strip_prefix('-'))
        .and_then(|r| r.strip_suffix(".svg"))
    else {
        return false;
    };
    let (numbers, round) = match rest.split_once("-round") {
        Some((n, r)) => (n, Some(r)),
        None => (rest, None),
    };
    let number = |n: &str| n.len() >= 3 && n.bytes().all(|b| b.is_ascii_digit());
    let digits = |n: &str| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit());
    numbers
        .split_once('-')
        .is_some_and(|(r, p)| number(r) && number(p))
        && round.is_none_or(digits)
}

/// The pictures named after `stem` that `dir` already holds (files or links, not folders), sorted.
fn pictures_in(dir: &Path, stem: &str) -> Result<Vec<PathBuf>, CliError> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| CliError::Io(format!("--svg {}: {}", dir.display(), io_message(&e))))?;
    let mut found = Vec::new();
    for e in entries.flatten() {
        let is_dir = e.file_type().is_ok_and(|t| t.is_dir());
        if !is_dir
            && e.file_name()
                .to_str()
                .is_some_and(|n| is_picture_of(n, stem))
        {
            found.push(e.path());
        }
    }
    found.sort();
    Ok(found)
}

/// Makes `dir` ready for the pictures of `stem`: created if needed; refused if it is not a
/// folder, or if it holds pictures of `stem` already (removed first with `replace`).
fn prepare(dir: &Path, stem: &str, replace: bool) -> Result<(), CliError> {
    let shown = dir.display();
    crate::outputs::target::make_folder(dir, "--svg")?;
    let old = pictures_in(dir, stem)?;
    if old.is_empty() {
        return Ok(());
    }
    if !replace {
        return Err(CliError::Io(format!(
            "--svg {shown} already holds {} picture{} named {stem}-RRR-PPP.svg ({}{}): pictures of another record file named {stem}, or of an earlier run, would mix with the new ones; give --replace to remove them first, or another folder",
            old.len(),
            if old.len() == 1 { "" } else { "s" },
            old[0].display(),
            if old.len() > 1 { ", ..." } else { "" }
        )));
    }
    for p in &old {
        if let Ok(m) = p.symlink_metadata()
            && !m.is_file()
            && !m.file_type().is_symlink()
        {
            return Err(CliError::Io(format!(
                "--replace: {} is not a picture but a special file (a device, a FIFO or a socket): mancala removes only files and links; remove it yourself, or give another folder (nothing was removed)",
                p.display()
            )));
        }
    }
    for p in &old {
        std::fs::remove_file(p)
            .map_err(|e| CliError::Io(format!("--replace: {}: {}", p.display(), io_message(&e))))?;
    }
    Ok(())
}

/// The error for a picture that could not be written, naming those written before it.
fn write_failure(path: &Path, e: &std::io::Error, written: &[PathBuf]) -> CliError {
    let before = match written {
        [] => "no picture was written before it".to_owned(),
        [one] => format!("1 picture was written before it: {}", one.display()),
        [first, .., last] => format!(
            "{} pictures were written before it, {} to {} (listed on stdout)",
            written.len(),
            first.display(),
            last.display()
        ),
    };
    CliError::Io(format!(
        "cannot write {}: {}; {before}",
        path.display(),
        io_message(e)
    ))
}

/// `replay --svg DIR`: the pictures of every record of every file, one file after the other;
/// stdout lists each as it is written. Two files of one stem are refused as an earlier run is.
pub(crate) fn run(args: &ReplayArgs, dir: &Path) -> Result<Verdict, CliError> {
    let names = records::names(&args.files);
    let mut verdict = Verdict::Valid;
    for name in names {
        match run_file(args, dir, &name)? {
            Verdict::Valid => {}
            Verdict::Invalid => verdict = Verdict::Invalid,
            Verdict::Failed => return Ok(Verdict::Failed),
        }
    }
    Ok(verdict)
}

/// The pictures DIR already holds for the stems of `inputs`, which `--replace` would remove (and
/// a new picture never be): `files.rs` refuses an input that is one of them, before anything is
/// read.
pub(crate) fn existing(dir: &Path, inputs: &[records::Input]) -> Vec<PathBuf> {
    if !dir.is_dir() {
        return Vec::new();
    }
    inputs
        .iter()
        .flat_map(|n| pictures_in(dir, &stem_of(n.name())).unwrap_or_default())
        .collect()
}

/// The pictures of the records of file `name`.
fn run_file(args: &ReplayArgs, dir: &Path, input: &records::Input) -> Result<Verdict, CliError> {
    let name = input.name();
    let stem = stem_of(name);
    let reader = records::open(input).map_err(CliError::Io)?;
    prepare(dir, &stem, args.replace)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut invalid = 0;
    let mut written: Vec<PathBuf> = Vec::new();
    let opts = CheckOptions {
        lenient: args.lenient,
        ..records::REPLAY
    };
    records::each_record(name, reader, FromFormat::Auto, opts, |u| {
        each_picture(&u, &stem, |file, svg| {
            let path = dir.join(file);
            Target::file(&path)
                .write(svg.as_bytes())
                .map_err(|e| write_failure(&path, &e, &written))?;
            writeln!(out, "{}", crate::outputs::target::shown_path(&path))?;
            out.flush()?;
            written.push(path);
            Ok(())
        })?;
        validate::report(&u, Format::Text, &mut out)?;
        invalid += usize::from(!u.valid());
        Ok(())
    })?;
    out.flush()?;
    Ok(if invalid > 0 {
        Verdict::Invalid
    } else {
        Verdict::Valid
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picture_names_are_recognised() {
        for yes in ["g-001-000.svg", "g-012-345-round2.svg", "g-1000-1000.svg"] {
            assert!(is_picture_of(yes, "g"), "{yes}");
        }
        for no in [
            "g-01-000.svg",
            "g-001-000.png",
            "gg-001-000.svg",
            "g-001-000-round.svg",
            ".g-001-000.svg.abc123.tmp",
            "g-001-000.svg.tmp",
            "g-x01-000.svg",
        ] {
            assert!(!is_picture_of(no, "g"), "{no}");
        }
        assert_eq!(stem_of("dir/a\u{1b}b.mgn"), "a_b");
        assert_eq!(stem_of("-"), "stdin");
    }
}
