//! The score of a strength match with its error bar (spec/analysis.md §13.3).
//!
//! Games are played in pairs: one opening, each player once with each colour. The two games of a
//! pair share their opening, so they are not independent; the pairs are. The score fraction is
//! the mean of the pairs' scores (each 0, ¼, ½, ¾ or 1), and its 95 % interval the normal
//! approximation over pairs: mean ± 1.96 × s / √n, with s the pairs' sample standard deviation
//! (the "pentanomial" model of engine testing). Counting pairs rather than games takes the
//! correlation within a pair into account, which a trinomial variance over games would not: when
//! the opening decides the game, a pair is one win and one loss, and the interval is honestly
//! narrower. The Elo difference is the logistic model's, −400 log10(1/s − 1), with the interval's
//! ends mapped the same way.

use super::game::GameResult;
use serde::Serialize;
use std::collections::BTreeMap;

/// The normal distribution's two-sided 95 % quantile.
pub const Z95: f64 = 1.959_964;

/// The mean of `xs` and its 95 % interval by the normal approximation (mean ± 1.96 s / √n, s the
/// sample standard deviation); no interval with fewer than two values.
#[must_use]
pub fn mean_interval(xs: &[f64]) -> (f64, Option<[f64; 2]>) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, None);
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, None);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = Z95 * (var / n).sqrt();
    (mean, Some([mean - half, mean + half]))
}

/// The Elo difference of a score fraction `s`: −400 log10(1/s − 1); `None` when it is infinite
/// (`s` is 0 or 1, or beyond).
#[must_use]
pub fn elo(s: f64) -> Option<f64> {
    (s > 0.0 && s < 1.0).then(|| -400.0 * (1.0 / s - 1.0).log10())
}

/// The won, drawn and lost games, and the score with its error bars, for the pairing's first
/// player.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Score {
    /// Games played.
    pub games: u32,
    /// Pairs of games (one opening, colours swapped): the independent units.
    pub pairs: u32,
    /// Games whose round ended with the first player ahead, level, behind (by the round's
    /// totals).
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Games stopped at the ply cap: the rules give them no result; each counts half a point.
    pub capped: u32,
    /// Points (a win 1, a draw or a capped game ½) over games.
    pub fraction: f64,
    /// Its 95 % interval (normal approximation over pairs), clamped to [0, 1]; `None` with fewer
    /// than two pairs.
    pub interval: Option<[f64; 2]>,
    /// The Elo difference; `None` when infinite (a fraction of 0 or 1: its sign is the
    /// fraction's side of ½).
    pub elo: Option<f64>,
    /// The interval's ends as Elo differences; an end is `None` when infinite (the end is 0 or
    /// 1).
    pub elo_interval: Option<[Option<f64>; 2]>,
    /// The mean final margin of the round in seeds for the first player, over the pairs whose
    /// two games ended; `None` when none did.
    pub seeds: Option<f64>,
    /// Its 95 % interval, the same way.
    pub seeds_interval: Option<[f64; 2]>,
}

impl Score {
    /// The score of `games`, paired by their opening.
    #[must_use]
    pub fn of(games: &[GameResult]) -> Score {
        let mut pairs: BTreeMap<usize, Vec<&GameResult>> = BTreeMap::new();
        for g in games {
            pairs.entry(g.opening).or_default().push(g);
        }
        let points: Vec<f64> = pairs
            .values()
            .map(|p| p.iter().map(|g| g.points()).sum::<f64>() / p.len() as f64)
            .collect();
        let margins: Vec<f64> = pairs
            .values()
            .filter_map(|p| {
                let m: Option<Vec<i32>> = p.iter().map(|g| g.margin).collect();
                m.map(|m| f64::from(m.iter().sum::<i32>()) / m.len() as f64)
            })
            .collect();
        let count = |f: &dyn Fn(&GameResult) -> bool| games.iter().filter(|g| f(g)).count() as u32;
        let (fraction, interval) = mean_interval(&points);
        let interval = interval.map(|[lo, hi]| [lo.max(0.0), hi.min(1.0)]);
        let (seeds, seeds_interval) = mean_interval(&margins);
        Score {
            games: games.len() as u32,
            pairs: pairs.len() as u32,
            wins: count(&|g| g.margin.is_some_and(|m| m > 0)),
            draws: count(&|g| g.margin == Some(0)),
            losses: count(&|g| g.margin.is_some_and(|m| m < 0)),
            capped: count(&|g| g.margin.is_none()),
            fraction,
            interval,
            elo: elo(fraction),
            elo_interval: interval.map(|[lo, hi]| [elo(lo), elo(hi)]),
            seeds: (!margins.is_empty()).then_some(seeds),
            seeds_interval,
        }
    }
}
