//! A whole database checked against the rules (`mancala solve --verify`, spec/analysis.md §4.1):
//! every block read and checked as a lookup would, then every value against its moves, pair of
//! slices by pair in solving order, each pair given the values of the pairs before it, checked
//! first ([`crate::solve::verify`]). The values of every slice are held as the check goes (as
//! much memory as the solve that wrote them).

use super::Database;
use super::format::BLOCK;
use crate::solve::catalog::Catalog;
use crate::solve::verify::{Report, check_pair};
use crate::solve::{Bitmap, Phase, Progress, SolvedSlice};
use std::time::Instant;

/// What a whole check found.
#[derive(Clone, Debug, Default)]
pub struct Checked {
    /// Pairs of slices checked.
    pub pairs: usize,
    /// The check's counts and its first findings.
    pub report: Report,
}

impl Database {
    /// Slice `s` whole: its reachable boards and their values, every block read and checked.
    ///
    /// # Errors
    /// A damaged block; memory the machine will not give.
    pub fn slice_whole(&self, s: usize) -> Result<SolvedSlice, String> {
        let slice = &self.slices[s];
        let nwords = usize::try_from(slice.layout.size.div_ceil(64)).unwrap_or(usize::MAX);
        let n = usize::try_from(slice.positions).unwrap_or(usize::MAX);
        let mut words = Vec::new();
        let mut values = Vec::new();
        let reserved = words
            .try_reserve_exact(nwords)
            .and_then(|()| values.try_reserve_exact(n));
        if reserved.is_err() {
            return Err(format!(
                "not enough memory for the values of slice {s} ({n} boards)"
            ));
        }
        for b in 0..slice.layout.size.div_ceil(BLOCK) as usize {
            let block = self.read_block(s, slice.first_block + b)?;
            words.extend_from_slice(&block.words);
            values.extend_from_slice(&block.values);
        }
        Ok(SolvedSlice {
            set: Bitmap::from_words(words, slice.layout.size),
            values,
        })
    }

    /// Checks every value against its moves (spec/analysis.md §4.1), on `threads` threads,
    /// keeping the first `keep` findings; `progress` hears after each pair of slices.
    ///
    /// # Errors
    /// A damaged block (the blocks are checked as they are read), or memory the machine will
    /// not give.
    pub fn check_values(
        &self,
        threads: usize,
        keep: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Checked, String> {
        let shape = self.shape;
        let mut masks: Vec<u8> = self.slices.iter().map(|s| s.layout.id.blocked).collect();
        masks.sort_unstable();
        masks.dedup();
        let cat = Catalog::with_masks(shape, &masks);
        // The database's slice at each place of the catalog.
        let mut at: Vec<Option<usize>> = vec![None; cat.layouts().len()];
        for (s, slice) in self.slices.iter().enumerate() {
            let place = cat
                .find(slice.layout.id)
                .ok_or_else(|| format!("slice {s} is not a slice of the game"))?;
            at[place] = Some(s);
        }
        let mut solved: Vec<Option<SolvedSlice>> = (0..at.len()).map(|_| None).collect();
        let pairs: Vec<_> = cat.pairs().collect();
        let mut checked = Checked::default();
        let (t, mut done) = (Instant::now(), 0u64);
        for (k, pair) in pairs.iter().enumerate() {
            if pair.clone().all(|i| at[i].is_none()) {
                continue;
            }
            let mut sets = Vec::new();
            let mut values = Vec::new();
            for i in pair.clone() {
                let s = match at[i] {
                    Some(s) => self.slice_whole(s)?,
                    None => SolvedSlice {
                        set: Bitmap::from_words(Vec::new(), 0),
                        values: Vec::new(),
                    },
                };
                let mut set = s.set;
                set.index_ranks().map_err(|e| {
                    format!("not enough memory for the {} ({} bytes)", e.what, e.bytes)
                })?;
                sets.push(set);
                values.push(s.values);
            }
            let found = check_pair(&cat, pair.start, &sets, &values, &solved, threads, keep)
                .map_err(|e| e.to_string())?;
            let n = found.boards;
            checked.report.add(found, keep);
            checked.pairs += 1;
            for ((i, set), v) in pair.clone().zip(sets).zip(values) {
                if !v.is_empty() {
                    solved[i] = Some(SolvedSlice { set, values: v });
                }
            }
            done += n;
            progress(&Progress {
                phase: Phase::Verify,
                slice: cat.layouts()[pair.start].id,
                slice_positions: n,
                pairs_done: k + 1,
                pairs: pairs.len(),
                positions_done: done,
                positions: Some(self.positions),
                elapsed: t.elapsed(),
                pair_finished: true,
            });
        }
        Ok(checked)
    }
}
