//! `cargo xtask bench`'s batch line: `mancala moves -` on Bechi positions, one per line, every
//! position answered in one process (issue 16.2). The positions are reached by random plies from
//! the start (`testkit::Rng`, a fixed seed), written once under `target/`; the release binary reads
//! them from a file and writes into a pipe that is read and dropped. Best wall time of the runs.

use rules_core::{PlayOptions, Player, Position, Variant};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Bechi positions, one per line: `count` of them from random games (each a fresh start played
/// for a random number of plies, up to the end of its round).
fn positions(count: usize) -> Result<PathBuf, String> {
    let dir = crate::root().join("target");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let path = dir.join(format!("bench-bechi-positions-{count}.txt"));
    if path.exists() {
        return Ok(path);
    }
    let mut rng = testkit::generate::Rng::new(16);
    let mut text = String::new();
    let mut pos = Position::start(Variant::default_for(rules_core::GameKind::Bechi), Player::B);
    for _ in 0..count {
        let moves = pos.legal_moves();
        if moves.is_empty() || rng.below(40) == 0 {
            pos = Position::start(pos.variant(), Player::B);
        } else {
            let mv = &moves[rng.below(moves.len())];
            pos = pos
                .play(mv, PlayOptions::FULL)
                .map_err(|e| e.to_string())?
                .position;
        }
        text.push_str(&notation::write_view(pos.view()));
        text.push('\n');
    }
    crate::Target::file(&path)
        .write(text.as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

/// One run of `mancala moves -` on `input`: wall seconds.
fn once(bin: &Path, input: &Path) -> Result<f64, String> {
    let file = std::fs::File::open(input).map_err(|e| e.to_string())?;
    let t = Instant::now();
    let mut child = std::process::Command::new(bin)
        .args(["moves", "-"])
        .stdin(file)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let mut sink = Vec::new();
    child
        .stdout
        .take()
        .ok_or("no stdout")?
        .read_to_end(&mut sink)
        .map_err(|e| e.to_string())?;
    let status = child.wait().map_err(|e| e.to_string())?;
    let wall = t.elapsed().as_secs_f64();
    if !status.success() {
        return Err(format!("moves - failed on the positions: {status}"));
    }
    Ok(wall)
}

/// `moves -` throughput: (positions, best wall seconds).
pub fn moves_batch(bin: &Path, count: usize, runs: usize) -> Result<(usize, f64), String> {
    let input = positions(count)?;
    let mut best = f64::INFINITY;
    for _ in 0..runs.max(1) {
        best = best.min(once(bin, &input)?);
    }
    Ok((count, best))
}

/// The line of the text report.
pub fn text((n, wall): (usize, f64), runs: usize) -> String {
    format!(
        "moves -: {n} Bechi positions, one process: best of {runs} runs {wall:.3} s wall = {:.0} positions/s",
        n as f64 / wall
    )
}

/// The `moves_batch` member of the JSON report, with its leading comma.
pub fn json_member(batch: Option<(usize, f64)>) -> String {
    match batch {
        None => ",\"moves_batch\":null".to_owned(),
        Some((n, wall)) => format!(
            ",\"moves_batch\":{{\"positions\":{n},\"wall_s\":{wall:.6},\"positions_per_s\":{:.0}}}",
            n as f64 / wall
        ),
    }
}
