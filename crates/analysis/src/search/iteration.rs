//! A completed iteration at the root ([`Iteration`]): each root move's score ([`RootScore`]),
//! which the root (`root.rs`) makes and the progress search (`progress.rs`) reads.

use super::node::Score;

/// A root move's score in one iteration.
#[derive(Copy, Clone, Debug)]
pub(super) struct RootScore {
    pub index: usize,
    pub score: Score,
    /// Searched with the full window: the score is the move's, not a bound.
    pub full: bool,
}

/// A completed iteration: the moves' scores under the worst convention (`primary`) and, when
/// endless play was met, under the best (`secondary`: the best move and the moves of the lines
/// shown with the full window, the others with a null one).
pub(super) struct Iteration {
    pub depth: u32,
    pub primary: Vec<RootScore>,
    pub secondary: Option<Vec<RootScore>>,
}

impl Iteration {
    pub fn proved(&self) -> bool {
        self.primary.iter().all(|r| r.score.proved)
            && self
                .secondary
                .as_ref()
                .is_none_or(|w| w.iter().all(|r| r.score.proved))
    }
}
