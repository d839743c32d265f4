//! `mancala analyse`: the value of a position and its best moves (spec/analysis.md §2).

use crate::cli::{AnalyseArgs, Format, SearchLimits};
use crate::exit::{CliError, Verdict as Exit};
use analysis::db::Database;
use analysis::search::Oracle;
use analysis::{Analysis, Limits, Line, SearchOptions, analyse};
use notation::write_position;
use rules_core::Position;
use serde_json::json;
use std::io::Write;
use std::path::Path;
use std::time::Duration;

/// The time limit when no limit is given.
const DEFAULT_TIME: Duration = Duration::from_secs(2);

/// Opens a database file for `--db` (spec/analysis.md §4): its header and tables are read and
/// checked now, its blocks when a lookup needs them. A folder, a special file, a file that is not
/// a database, truncated or damaged, is an I/O error (2).
pub fn load_db(path: &Path) -> Result<Database, CliError> {
    Database::open_path(path).map_err(|m| CliError::Io(format!("--db {}: {m}", path.display())))
}

/// A game with every option spelt out: `bechi holes=4`, not `bechi`.
fn full_name(v: rules_core::Variant) -> String {
    let mut name = v.to_string().split(' ').next().unwrap_or("").to_owned();
    for key in v.option_keys() {
        if let Some(value) = v.option_value(key) {
            name.push_str(&format!(" {key}={value}"));
        }
    }
    name
}

/// Refuses a database of another game or options than `pos` (exit 2, naming both).
pub fn same_game(db: &Database, path: &Path, pos: &Position) -> Result<(), CliError> {
    if db.variant() == pos.variant() {
        return Ok(());
    }
    let hint = match pos.variant() {
        rules_core::Variant::Bechi(o) => format!(
            "`mancala solve -o holes={} --out FILE` writes the database of {}",
            o.holes,
            full_name(pos.variant())
        ),
        _ => "databases are of Bechi only".to_owned(),
    };
    Err(CliError::Usage(format!(
        "--db {}: a database of {}, but the position is of {}; {hint}",
        path.display(),
        full_name(db.variant()),
        full_name(pos.variant()),
    )))
}

/// A block of the database found damaged during the search: the answer cannot be trusted.
pub fn db_failure(db: Option<&Database>, path: Option<&Path>) -> Result<(), CliError> {
    match (db.and_then(Database::failure), path) {
        (Some(f), Some(p)) => Err(CliError::Io(format!("--db {}: {f}", p.display()))),
        _ => Ok(()),
    }
}

/// The limits of the command line, with `default` time when none is given.
pub fn limits(l: &SearchLimits, default: Duration) -> Limits {
    let mut limits = Limits {
        depth: l.depth,
        time: l.time,
        nodes: l.nodes,
    };
    if limits.depth.is_none() && limits.time.is_none() && limits.nodes.is_none() {
        limits.time = Some(default);
    }
    limits
}

/// The search options of the command line.
pub fn search_options<'a>(args: &AnalyseArgs, oracle: Option<&'a dyn Oracle>) -> SearchOptions<'a> {
    let l = &args.limits;
    // With --proof and no limit, the search goes on until the value is proved (§8).
    let unlimited =
        args.proof.is_some() && l.depth.is_none() && l.time.is_none() && l.nodes.is_none();
    SearchOptions {
        limits: if unlimited {
            Limits::default()
        } else {
            limits(l, DEFAULT_TIME)
        },
        multipv: args.multipv as usize,
        hash_bytes: args.hash,
        oracle,
    }
}

/// `+4 (exact)`, `+4 (estimate at depth 9)`, or both conventions when endless play decides.
pub fn value_words(pos: &Position, a: &Analysis) -> String {
    if a.value == a.worst {
        return if a.exact {
            format!("{} (exact)", a.value)
        } else {
            format!("{} (estimate at depth {})", a.value, a.depth)
        };
    }
    let proof = if a.proved {
        "each proved".to_owned()
    } else {
        format!("estimates at depth {}", a.depth)
    };
    format!(
        "{} with endless play counted as the best outcome for {p}, {} as the worst \
         ({proof}; not exact: endless play decides)",
        a.value,
        a.worst,
        p = pos.to_move()
    )
}

fn line_words(k: usize, l: &Line) -> String {
    let moves: Vec<String> = l.moves.iter().map(ToString::to_string).collect();
    let value = if l.value == l.worst {
        l.value.to_string()
    } else {
        format!("{} / {}", l.value, l.worst)
    };
    let exact = if l.exact { " exact" } else { "" };
    format!("{k}. {value}{exact}: {}", moves.join(" "))
}

/// The JSON object of an analysis (spec/analysis.md §2).
pub fn analysis_json(pos: &Position, a: &Analysis) -> serde_json::Value {
    let lines: Vec<serde_json::Value> = a
        .lines
        .iter()
        .map(|l| {
            json!({
                "moves": l.moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "value": l.value,
                "worst": l.worst,
                "exact": l.exact,
            })
        })
        .collect();
    json!({
        "position": write_position(&pos.to_setup()),
        "to_move": pos.round_result().is_none().then(|| pos.to_move()),
        "value": a.value,
        "worst": a.worst,
        "exact": a.exact,
        "proved": a.proved,
        "endless_met": a.endless_met,
        "best": a.lines.first().and_then(|l| l.moves.first()).map(ToString::to_string),
        "lines": lines,
        "depth": a.depth,
        "nodes": a.nodes,
        "seconds": a.elapsed.as_secs_f64(),
        "nodes_per_second": a.nodes_per_second().round(),
    })
}

pub fn run(args: &AnalyseArgs) -> Result<Exit, CliError> {
    let given =
        crate::position_input::Given::new(&args.options.options, args.options.opener.as_deref())?;
    let Some(pos) = crate::position_input::read_or_report(&args.position, &given)? else {
        return Ok(Exit::Invalid);
    };
    let db = args.db.as_deref().map(load_db).transpose()?;
    if let (Some(d), Some(path)) = (&db, &args.db) {
        same_game(d, path, &pos)?;
    }
    let oracle = db.as_ref().map(|d| d as &dyn Oracle);
    let a = analyse(&pos, &search_options(args, oracle));
    // A damaged block met by the search: the answer (and a proof of it) cannot be trusted.
    db_failure(db.as_ref(), args.db.as_deref())?;
    let proof = (args.proof.as_deref()).map(|p| crate::proof_out::write(p, &pos, &a));
    let written = proof.as_ref().and_then(|r| r.as_ref().ok());
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match args.format {
        Format::Json => {
            let mut data = analysis_json(&pos, &a);
            if let Some(w) = written {
                data["proof"] = w.json();
            }
            writeln!(out, "{}", json!({"type": "analysis", "data": data}))?;
        }
        Format::Text => {
            writeln!(out, "{}", crate::position_cmd::status_line(&pos))?;
            writeln!(out, "value {}", value_words(&pos, &a))?;
            for (k, l) in a.lines.iter().enumerate() {
                writeln!(out, "{}", line_words(k + 1, l))?;
            }
            writeln!(
                out,
                "depth {}, {} nodes in {:.3} s ({:.0} nodes/s)",
                a.depth,
                a.nodes,
                a.elapsed.as_secs_f64(),
                a.nodes_per_second()
            )?;
            if let Some(w) = written {
                writeln!(out, "{}", w.words())?;
            }
        }
    }
    out.flush()?;
    if let Some(Err(e)) = proof {
        return Err(e);
    }
    Ok(Exit::Valid)
}
