//! `collection stats` (spec/collections.md §5): counts over the valid records, per game and
//! options: the results, the lengths, the first moves and their scores; and the rules that fired,
//! in the book's order (the games in its order, as the groups are).
//!
//! Memory is bounded by what is counted, never by the records: a few numbers per game and
//! options, per length in plies, per first move and per rule ID.

use super::{check_options, each_record};
use crate::cli::Format;
use crate::cli::StatsArgs;
use crate::inputs::records::Unit;
use crate::outputs::exit::{CliError, Verdict};
use notation::{Outcome, Step};
use rules_core::{GameKind, Player, Rule};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::Write;

/// The results in the order shown.
const OUTCOMES: [Outcome; 4] = [
    Outcome::AWins,
    Outcome::BWins,
    Outcome::Draw,
    Outcome::Unfinished,
];

/// The records that open with one move, and how its player fared.
#[derive(Clone, Copy, Debug, Default)]
struct FirstMove {
    records: usize,
    finished: usize,
    /// Half points: a win 2, a draw 1.
    half_points: usize,
}

/// The counts of one game with its options.
#[derive(Clone, Debug, Default)]
struct Group {
    records: usize,
    results: [usize; 4],
    /// Records by length in plies.
    lengths: BTreeMap<u32, usize>,
    first_moves: BTreeMap<String, FirstMove>,
}

/// Everything counted.
#[derive(Clone, Debug, Default)]
struct Stats {
    records: usize,
    invalid: usize,
    /// By (the game's place in the rule book, the game with its options as written).
    groups: BTreeMap<(usize, String), Group>,
    /// Plies each rule fired in, in the book's order.
    rules: BTreeMap<Rule, usize>,
}

/// The score of `player` in a finished match, in half points.
fn half_points(result: Outcome, player: Player) -> Option<usize> {
    match (result, player) {
        (Outcome::Unfinished, _) => None,
        (Outcome::Draw, _) => Some(1),
        (Outcome::AWins, Player::A) | (Outcome::BWins, Player::B) => Some(2),
        _ => Some(0),
    }
}

impl Stats {
    fn add(&mut self, u: &Unit) {
        self.records += 1;
        if !u.valid() {
            self.invalid += 1;
            return;
        }
        let Some(rec) = &u.record else {
            return;
        };
        let game = GameKind::ALL
            .iter()
            .position(|&g| g == rec.game())
            .unwrap_or(usize::MAX);
        let g = self
            .groups
            .entry((game, rec.variant.to_string()))
            .or_default();
        g.records += 1;
        if let Some(k) = OUTCOMES.iter().position(|&o| o == rec.result) {
            g.results[k] += 1;
        }
        *g.lengths.entry(u.checked.plies).or_default() += 1;
        let mut first = true;
        for step in &u.checked.steps {
            let Step::Ply {
                token,
                mover,
                trace,
                ..
            } = step
            else {
                continue;
            };
            // First moves are openings: of records that start at the start of round 1.
            if first && rec.position.is_none() {
                let f = g.first_moves.entry(token.clone()).or_default();
                f.records += 1;
                if let Some(p) = half_points(rec.result, *mover) {
                    f.finished += 1;
                    f.half_points += p;
                }
            }
            first = false;
            for r in trace.rules() {
                *self.rules.entry(r).or_default() += 1;
            }
        }
    }
}

/// Least, median, mean and most of the lengths.
fn lengths(l: &BTreeMap<u32, usize>) -> Option<(u32, u32, f64, u32)> {
    let n: usize = l.values().sum();
    let (&min, &max) = (l.keys().next()?, l.keys().next_back()?);
    let total: u64 = l.iter().map(|(&k, &c)| u64::from(k) * c as u64).sum();
    // The lower median: the length of the record in the middle, by length.
    let mut seen = 0;
    let mut median = min;
    for (&k, &c) in l {
        seen += c;
        if seen * 2 >= n {
            median = k;
            break;
        }
    }
    #[allow(clippy::cast_precision_loss)]
    let mean = total as f64 / n as f64;
    Some((min, median, mean, max))
}

/// A score as a percentage, from half points.
#[allow(clippy::cast_precision_loss)]
fn score(f: &FirstMove) -> Option<f64> {
    (f.finished > 0).then(|| f.half_points as f64 * 50.0 / f.finished as f64)
}

fn group_json(variant: &str, g: &Group) -> Value {
    let results: serde_json::Map<String, Value> = OUTCOMES
        .iter()
        .zip(g.results)
        .map(|(o, n)| (o.token().to_owned(), json!(n)))
        .collect();
    let plies = lengths(&g.lengths).map(|(min, median, mean, max)| {
        json!({"min": min, "median": median, "mean": (mean * 10.0).round() / 10.0, "max": max})
    });
    let first: Vec<Value> = g
        .first_moves
        .iter()
        .map(|(m, f)| {
            json!({"move": m, "records": f.records, "finished": f.finished,
                   "score": score(f).map(|s| (s * 10.0).round() / 10.0)})
        })
        .collect();
    let (game, options) = variant.split_once(' ').unwrap_or((variant, ""));
    json!({"game": game, "options": options, "records": g.records, "results": results,
           "plies": plies, "first_moves": first})
}

fn write_json(s: &Stats, out: &mut impl Write) -> Result<(), CliError> {
    let games: Vec<Value> = s
        .groups
        .iter()
        .map(|((_, v), g)| group_json(v, g))
        .collect();
    let rules: Vec<Value> = s
        .rules
        .iter()
        .map(|(r, n)| json!({"rule": r, "plies": n}))
        .collect();
    let v = json!({"type": "stats", "data": {
        "records": s.records, "valid": s.records - s.invalid, "invalid": s.invalid,
        "games": games, "rules": rules}});
    writeln!(out, "{v}")?;
    Ok(())
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn write_text(s: &Stats, out: &mut impl Write) -> Result<(), CliError> {
    writeln!(
        out,
        "{}: {} valid, {} invalid",
        plural(s.records, "record", "records"),
        s.records - s.invalid,
        s.invalid
    )?;
    for ((_, variant), g) in &s.groups {
        writeln!(
            out,
            "\n{variant}: {}",
            plural(g.records, "record", "records")
        )?;
        let results: Vec<String> = OUTCOMES
            .iter()
            .zip(g.results)
            .map(|(o, n)| format!("{} {n}", o.token()))
            .collect();
        writeln!(out, "  results: {}", results.join(", "))?;
        if let Some((min, median, mean, max)) = lengths(&g.lengths) {
            writeln!(
                out,
                "  plies: least {min}, median {median}, mean {mean:.1}, most {max}"
            )?;
        }
        if !g.first_moves.is_empty() {
            writeln!(
                out,
                "  first moves (score for its player, of the finished records):"
            )?;
            let width = g.first_moves.keys().map(String::len).max().unwrap_or(0);
            for (m, f) in &g.first_moves {
                let sc = score(f).map_or_else(
                    || "no record finished".to_owned(),
                    |p| format!("{p:.0}% of {} finished", f.finished),
                );
                writeln!(
                    out,
                    "    {m:<width$}  {}, {sc}",
                    plural(f.records, "record", "records")
                )?;
            }
        }
    }
    if !s.rules.is_empty() {
        writeln!(out, "\nrules fired (plies they fired in):")?;
        // One line per game.
        let mut line = String::new();
        let mut game = None;
        for (r, n) in &s.rules {
            if game != Some(r.game()) && !line.is_empty() {
                writeln!(out, " {line}")?;
                line.clear();
            }
            game = Some(r.game());
            line.push_str(&format!(" {r} {n}"));
        }
        writeln!(out, " {line}")?;
    }
    Ok(())
}

/// Runs `collection stats`.
pub fn run(a: &StatsArgs) -> Result<Verdict, CliError> {
    let mut stats = Stats::default();
    let tally = each_record(
        &a.inputs.files,
        check_options(a.inputs.lenient, true),
        |u| {
            stats.add(u);
            Ok(())
        },
    )?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match a.format {
        Format::Text => write_text(&stats, &mut out)?,
        Format::Json => write_json(&stats, &mut out)?,
    }
    out.flush()?;
    Ok(tally.verdict())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_give_least_lower_median_mean_most() {
        let l: BTreeMap<u32, usize> = [(2, 1), (4, 2), (10, 1)].into_iter().collect();
        // 2, 4, 4, 10: the lower median is 4, the mean 5.
        assert_eq!(lengths(&l), Some((2, 4, 5.0, 10)));
        assert_eq!(lengths(&BTreeMap::new()), None);
    }

    #[test]
    fn scores_count_half_points_for_the_mover() {
        assert_eq!(half_points(Outcome::AWins, Player::A), Some(2));
        assert_eq!(half_points(Outcome::AWins, Player::B), Some(0));
        assert_eq!(half_points(Outcome::Draw, Player::B), Some(1));
        assert_eq!(half_points(Outcome::Unfinished, Player::A), None);
    }
}
