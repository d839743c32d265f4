//! The replay of one record as typed values: its walk (`notation::Checked::walk`: each step of
//! its line and of its variations, variations entered and left) with what each printer needs
//! beside a step, the position before it in its line, its depth, its assessments, the token a
//! variation replaces. The text replay, the JSON lines (`replay`) and the replay page
//! (`html/data.rs`) all read it, so that they agree on every step.

use crate::inputs::records::Unit;
use notation::{Assessed, SideLine, Step, Walked};
use rules_core::Position;

/// One thing of a record's replay, in the order the record writes it.
#[derive(Clone, Debug)]
pub struct Shown<'u> {
    /// The step, or the variation entered or left.
    pub walked: Walked<'u>,
    /// How many variations deep it stands (0: the record's own line): a variation's heading and
    /// end stand at the depth of the line they branch from.
    pub depth: usize,
    /// The position before a step in its line (`None` before the start).
    pub before: Option<&'u Position>,
    /// A ply's assessments (spec/notation.md §6.3), when it has some.
    pub assessment: Option<Assessed>,
    /// The token of the ply an entered variation replaces.
    pub replaces: Option<&'u str>,
}

/// The replay of a record, one [`Shown`] at a time: nothing of a whole record is held but its
/// assessments (a record of 130 000 side lines stays small; issue 34).
pub struct Replayed<'u> {
    u: &'u Unit,
    notes: Assessments,
    /// The position before the next step, one per line open: the record's, then each variation
    /// entered.
    before: Vec<Option<&'u Position>>,
    walk: std::vec::IntoIter<Walked<'u>>,
}

impl<'u> Replayed<'u> {
    pub fn new(u: &'u Unit) -> Replayed<'u> {
        Replayed {
            u,
            notes: Assessments::of(u),
            before: vec![None],
            walk: u.checked.walk().into_iter(),
        }
    }

    /// The assessments of the record's plies.
    pub fn notes(&self) -> &Assessments {
        &self.notes
    }
}

impl<'u> Iterator for Replayed<'u> {
    type Item = Shown<'u>;

    fn next(&mut self) -> Option<Shown<'u>> {
        let walked = self.walk.next()?;
        let mut shown = Shown {
            walked,
            depth: 0,
            before: None,
            assessment: None,
            replaces: None,
        };
        match walked {
            Walked::Step { line, step, .. } => {
                shown.depth = line.map_or(0, |k| self.u.checked.variations[k].depth);
                let last = open_line(&mut self.before);
                shown.before = *last;
                match step {
                    Step::Start { position } | Step::Round { position, .. } => {
                        *last = Some(position);
                    }
                    Step::Ply { number, after, .. } => {
                        *last = Some(after);
                        shown.assessment = self.notes.get(line, *number).cloned();
                    }
                    Step::RoundOver { .. } | Step::MatchOver { .. } => {}
                }
            }
            Walked::Enter { side, .. } => {
                self.before.push(Some(&side.start));
                shown.depth = side.depth - 1;
                shown.replaces = replaced_token(&self.u.checked, side);
            }
            Walked::Leave { side, .. } => {
                self.before.pop();
                shown.depth = side.depth - 1;
            }
        }
        Some(shown)
    }
}

/// The position before the next step of the line open: the last of `lines`, one per line open
/// (the record's first, then each variation entered).
fn open_line<'a, 'p>(lines: &'a mut Vec<Option<&'p Position>>) -> &'a mut Option<&'p Position> {
    if lines.is_empty() {
        lines.push(None);
    }
    let n = lines.len() - 1;
    &mut lines[n]
}

/// The token of the ply a variation replaces.
fn replaced_token<'a>(checked: &'a notation::Checked, side: &SideLine) -> Option<&'a str> {
    let steps = match side.parent {
        Some(p) => &checked.variations.get(p)?.steps,
        None => &checked.steps,
    };
    match steps.get(side.replaces)? {
        Step::Ply { token, .. } => Some(token),
        _ => None,
    }
}

/// The assessments (spec/notation.md §6.3) of every ply of a record, line by line: the record's
/// own, then each variation's in the order of `Checked::variations`.
pub struct Assessments {
    main: Vec<Assessed>,
    sides: Vec<(u32, Vec<Assessed>)>,
}

impl Assessments {
    pub fn of(u: &Unit) -> Assessments {
        let Some(r) = &u.record else {
            return Assessments {
                main: Vec::new(),
                sides: Vec::new(),
            };
        };
        let sides = notation::variation_lines(&r.movetext)
            .into_iter()
            .zip(&u.checked.variations)
            .map(|(items, side)| {
                // A side line without assessments keeps none (most have none: 130 000 side lines
                // took 29 MB of empty ones).
                let list = notation::assessments(items);
                let list = if list.iter().all(Assessed::is_empty) {
                    Vec::new()
                } else {
                    list
                };
                (side.ply, list)
            })
            .collect();
        Assessments {
            main: notation::assessments(&r.movetext),
            sides,
        }
    }

    /// Whether some ply of the record's own line has a value or a judgement: what a summary
    /// sums up.
    pub fn any(&self) -> bool {
        self.main
            .iter()
            .any(|a| a.value.is_some() || a.judgement.is_some())
    }

    /// Those of the ply numbered `number` of `line` (`None`: the record's own), if it has any.
    pub fn get(&self, line: Option<usize>, number: u32) -> Option<&Assessed> {
        let (first, list) = match line {
            None => (1, &self.main),
            Some(k) => {
                let (first, list) = self.sides.get(k)?;
                (*first, list)
            }
        };
        let a = list.get(usize::try_from(number.checked_sub(first)?).ok()?)?;
        (!a.is_empty()).then_some(a)
    }

    /// Each player's summary over the record's own plies (`steps`), A then B.
    pub fn summary(&self, steps: &[Step]) -> [notation::PlayerSummary; 2] {
        notation::summary(steps.iter().filter_map(|s| match s {
            Step::Ply { number, mover, .. } => Some((*mover, self.get(None, *number)?)),
            _ => None,
        }))
    }
}
