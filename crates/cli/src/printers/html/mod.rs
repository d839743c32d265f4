//! `mancala replay --html FILE|-`: one self-contained page for the records of a file, to open
//! straight from disk, step through and share (issue 17; spec/replay-page.md).
//!
//! The page holds the records as data, the JSON lines of `replay --format json` with the board
//! as numbers and the `explain` text of each ply (`data.rs`), and its script draws the board
//! with the geometry of `replay --svg` (`crates/diagram`): one SVG per position would make a 250-ply
//! match a 2 MB page, the data makes it 0.45 MB. The page is written one record at a time, so
//! memory stays that of one record whatever the page's size. The rules the records cite are embedded
//! from the rule book, so every citation can be read on the page. The page loads nothing: no
//! network, fonts or scripts from elsewhere (its Content-Security-Policy forbids it).
//!
//! A page holds at most `MAX_RECORDS` records and `MAX_PLIES` plies: beyond, nothing is written
//! and the run is refused as a usage error (exit 2), naming the limit and how to split the input.
//! FILE is written as `target.rs` says: a file whole or not at all, a device or a FIFO in place.

mod data;
mod page;

pub use page::script_json;

use crate::cli::{Format, FromFormat, ReplayArgs};
use crate::commands::validate;
use crate::inputs::records;
use crate::outputs::exit::{CliError, Verdict};
use crate::outputs::target::{Output, Target};
use notation::CheckOptions;
use rules_core::Rule;
use serde_json::{Map, Value, json};
use std::io::Write;

/// The most records a page holds.
pub const MAX_RECORDS: usize = 1000;
/// The most plies a page holds, all records together and every variation's counted: about 45 MB
/// of page, which opens in under
/// half a second (spec/replay-page.md §3 has the measurements).
pub const MAX_PLIES: usize = 20_000;

/// The rule book's entry for each rule cited, as the page shows it.
fn rules(cited: &[Rule]) -> Value {
    let book = rulebook::book();
    let mut out = Map::new();
    for rule in cited {
        if let Some(r) = book.rule(rule.id()) {
            out.insert(
                r.id.clone(),
                json!({
                    "id": r.id, "game": r.game, "kind": r.kind, "title": r.title,
                    "section": r.section, "text": r.text, "sources": r.sources,
                }),
            );
        }
    }
    Value::Object(out)
}

/// The chooser's line for a record: its number, game, players or event, and size.
fn title(v: &Value, plies: usize) -> String {
    let n = v["index"].as_u64().unwrap_or(0);
    let h = &v["header"];
    if h.is_null() {
        return format!("{n}: unreadable");
    }
    let tag = |name: &str| {
        h["tags"].as_array().and_then(|t| {
            t.iter()
                .find(|p| p[0] == name)
                .and_then(|p| p[1].as_str().map(str::to_owned))
        })
    };
    let mut t = format!("{n}: {}", h["game"].as_str().unwrap_or("?"));
    match (tag("PlayerA"), tag("PlayerB")) {
        (Some(a), Some(b)) => t.push_str(&format!(", {a} – {b}")),
        _ => {
            if let Some(e) = tag("Event").or_else(|| tag("Source")) {
                t.push_str(&format!(", {e}"));
            }
        }
    }
    t.push_str(&format!(
        " ({plies} {})",
        if plies == 1 { "ply" } else { "plies" }
    ));
    if v["summary"]["valid"] == json!(false) {
        t.push_str(", invalid");
    }
    t
}

/// Where the page goes (`target.rs` decides): a new or regular file, written whole or not at all;
/// or a stream (standard output, a device, a FIFO), which gets the page only once it is complete,
/// so that a refused input writes nothing there either.
enum Page {
    File(std::io::BufWriter<Output>),
    Stream(Output, Vec<u8>),
}

impl Write for Page {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Page::File(f) => f.write(buf),
            Page::Stream(_, v) => v.write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Page::File(f) => f.flush(),
            Page::Stream(..) => Ok(()),
        }
    }
}

impl Page {
    fn open(target: &Target) -> Result<Page, CliError> {
        let out = target.open().map_err(|e| target.error("--html", &e))?;
        Ok(if out.is_atomic() {
            Page::File(std::io::BufWriter::new(out))
        } else {
            Page::Stream(out, Vec::new())
        })
    }

    /// Writes the page out: renames the file into place, or writes the stream. The name of a
    /// page written to a file goes to stdout, as `--svg` lists its pictures (not that of a device
    /// or a FIFO, which may be standard output itself: `/dev/stdout`).
    fn commit(self, target: &Target) -> Result<(), CliError> {
        let failed = |e: std::io::Error| target.error("--html", &e);
        let wrote_file = matches!(self, Page::File(_));
        match self {
            Page::File(f) => f
                .into_inner()
                .map_err(|e| failed(e.into_error()))?
                .finish()
                .map_err(failed)?,
            Page::Stream(mut out, page) => {
                out.write_all(&page).map_err(failed)?;
                out.finish().map_err(failed)?;
            }
        }
        if wrote_file {
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            writeln!(out, "{}", target.shown())?;
            out.flush()?;
        }
        Ok(())
    }
}

/// `replay --html TARGET`.
pub(crate) fn run(args: &ReplayArgs, target: &std::path::Path) -> Result<Verdict, CliError> {
    let name = match args.files.as_slice() {
        [] => records::Input::stdin(),
        [one] => records::Input::new(one.clone()),
        _ => {
            return Err(CliError::Usage(
                "--html makes the page of one record file: give one FILE (or -)".to_owned(),
            ));
        }
    };
    // The page is opened first: a target that is refused, or is the input, reads nothing.
    let target = Target::new(target);
    let out = Page::open(&target)?;
    let reader = records::open(&name).map_err(CliError::Io)?;
    let opts = CheckOptions {
        lenient: args.lenient,
        ..records::REPLAY
    };
    let shown = name.shown().to_owned();
    let write_error = |e: std::io::Error| target.error("--html", &e);
    let mut page = page::PageWriter::start(out).map_err(write_error)?;
    let mut list: Vec<Value> = Vec::new();
    let mut cited: Vec<Rule> = Vec::new();
    let mut plies = 0;
    let mut invalid = 0;
    let mut sink = std::io::sink();
    records::each_record(name.name(), reader, FromFormat::Auto, opts, |u| {
        if u.index > MAX_RECORDS {
            return Err(too_many(
                &shown,
                &format!("more than {MAX_RECORDS} records"),
            ));
        }
        // Every ply the record writes, its variations' too, counted before its data is made.
        plies += u
            .record
            .as_ref()
            .map_or(0, |r| notation::Item::plies(&r.movetext));
        if plies > MAX_PLIES {
            return Err(too_many(
                &shown,
                &format!(
                    "more than {MAX_PLIES} plies (record {} reaches {plies}, variations included)",
                    u.index
                ),
            ));
        }
        let d = data::record(&u, args.lenient)?;
        for id in d.cited {
            if !cited.contains(&id) {
                cited.push(id);
            }
        }
        list.push(json!({"index": u.index, "title": title(&d.head, d.plies)}));
        page.record(u.index, &d.json).map_err(write_error)?;
        // The problems of an invalid record go to stderr, as in the text replay; the page shows
        // them too.
        validate::report(&u, Format::Text, &mut sink)?;
        invalid += usize::from(!u.valid());
        Ok(())
    })?;
    let index = json!({
        "file": shown, "records": list, "rules": rules(&cited), "geometry": diagram::web::geometry(),
        "limits": {"records": MAX_RECORDS, "plies": MAX_PLIES},
    });
    page.finish(&index).map_err(write_error)?.commit(&target)?;
    Ok(if invalid > 0 {
        Verdict::Invalid
    } else {
        Verdict::Valid
    })
}

/// The refusal of an input too large for one page.
fn too_many(file: &str, what: &str) -> CliError {
    CliError::Usage(format!(
        "--html: {} holds {what}; a page holds at most {MAX_RECORDS} records and {MAX_PLIES} plies, so that it opens quickly: split the records into several files (nothing was written)",
        notation::text::for_terminal(file)
    ))
}
