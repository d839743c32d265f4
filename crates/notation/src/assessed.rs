//! What a record's assessments (`spec/notation.md` §6.3) say of each ply, read back from its
//! annotations, and a per-player summary of them: what `replay` and its page show, and what
//! `annotate` reports.

use crate::annotation::Annotation;
use crate::assessment::{Eval, Judged, Score, Sign};
use crate::record::Item;
use rules_core::Player;
use serde::Serialize;

/// The assessments written after one ply: its value, a better move with its value, a
/// judgement. Each is `None` when the record does not state it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assessed {
    /// `(value)`: the ply's value for its mover.
    pub value: Option<Eval>,
    /// `(best)`: a better move and its value.
    pub best: Option<(String, Eval)>,
    /// `(judgement)`: the sign and whether a won round was let go.
    pub judgement: Option<Judged>,
}

impl Assessed {
    /// Whether the record states no assessment of the ply.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.value.is_none() && self.best.is_none() && self.judgement.is_none()
    }

    /// The seeds the ply lost: the best move's value less the ply's, both in seeds; 0 when the
    /// ply has a value and no better move is stated; `None` without a value or with endless play.
    #[must_use]
    pub fn lost(&self) -> Option<i32> {
        let Score::Seeds(played) = self.value?.score else {
            return None;
        };
        match &self.best {
            None => Some(0),
            Some((
                _,
                Eval {
                    score: Score::Seeds(best),
                    ..
                },
            )) => Some((best - played).max(0)),
            Some(_) => None,
        }
    }

    /// The words of the assessments, for text: `value -32, best 2A+ -6, judgement ??`.
    #[must_use]
    pub fn words(&self) -> String {
        let mut w = Vec::new();
        if let Some(v) = self.value {
            w.push(format!("value {v}"));
        }
        if let Some((token, v)) = &self.best {
            w.push(format!("best {token} {v}"));
        }
        if let Some(j) = self.judgement {
            w.push(format!("judgement {j}"));
        }
        w.join(", ")
    }
}

/// The assessments of each ply of one line of movetext (the record's own or a variation's), in
/// order, one per ply: those written after it, before the next ply or round marker.
#[must_use]
pub fn assessments(items: &[Item]) -> Vec<Assessed> {
    let mut out: Vec<Assessed> = Vec::new();
    let mut open = false;
    for item in items {
        match item {
            Item::Ply { .. } => {
                out.push(Assessed::default());
                open = true;
            }
            Item::Round { .. } => open = false,
            Item::Annotation { read: Ok(a), .. } if open => {
                if let Some(last) = out.last_mut() {
                    match a {
                        Annotation::Value(v) => last.value = Some(*v),
                        Annotation::Best { token, value } => {
                            last.best = Some((token.clone(), *value));
                        }
                        Annotation::Judgement(j) => last.judgement = Some(*j),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The lines of the variations in `items`, each variation's own after it: the order of
/// [`crate::Checked::variations`].
#[must_use]
pub fn variation_lines(items: &[Item]) -> Vec<&[Item]> {
    let mut out = Vec::new();
    for item in items {
        if let Item::Variation { items } = item {
            out.push(items.as_slice());
            out.extend(variation_lines(items));
        }
    }
    out
}

/// What the assessments say of one player's plies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PlayerSummary {
    /// His plies with a value in seeds (those the average is over).
    pub plies: u32,
    /// The seeds they lost, together.
    pub lost: u32,
    /// The plies judged `?!`.
    pub dubious: u32,
    /// `?`.
    pub mistakes: u32,
    /// `??`.
    pub blunders: u32,
    /// The plies that let a won round go (`missed-win`).
    pub missed_wins: u32,
}

impl PlayerSummary {
    /// The seeds lost a ply, on average, when some ply has a value.
    #[must_use]
    pub fn average_lost(&self) -> Option<f64> {
        (self.plies > 0).then(|| f64::from(self.lost) / f64::from(self.plies))
    }

    /// Adds one ply's assessments.
    pub fn add(&mut self, a: &Assessed) {
        if let Some(l) = a.lost() {
            self.plies += 1;
            self.lost += l.unsigned_abs();
        }
        if let Some(j) = a.judgement {
            match j.sign {
                Some(Sign::Dubious) => self.dubious += 1,
                Some(Sign::Mistake) => self.mistakes += 1,
                Some(Sign::Blunder) => self.blunders += 1,
                _ => {}
            }
            self.missed_wins += u32::from(j.missed_win);
        }
    }

    /// The summary in words: `1.50 seeds lost a ply on average over 4 plies; ?! 1, ? 0, ?? 1`.
    #[must_use]
    pub fn words(&self) -> String {
        let mut t = match self.average_lost() {
            Some(a) => format!(
                "{a:.2} seeds lost a ply on average over {} {}",
                self.plies,
                if self.plies == 1 { "ply" } else { "plies" }
            ),
            None => "no ply with a value".to_owned(),
        };
        t.push_str(&format!(
            "; ?! {}, ? {}, ?? {}",
            self.dubious, self.mistakes, self.blunders
        ));
        if self.missed_wins > 0 {
            t.push_str(&format!(", missed wins {}", self.missed_wins));
        }
        t
    }
}

/// The summary of each player, A then B, from each ply's mover and assessments.
#[must_use]
pub fn summary<'a>(plies: impl IntoIterator<Item = (Player, &'a Assessed)>) -> [PlayerSummary; 2] {
    let mut out = [PlayerSummary::default(); 2];
    for (mover, a) in plies {
        out[mover.index()].add(a);
    }
    out
}
