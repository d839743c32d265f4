//! The threads of one analysis: the main thread deepens and reports, helpers search the same
//! iteration beside it, and all share one transposition table (spec/analysis.md §11).
//!
//! **Simplified ABDADA** (Weill's ABDADA as Kerrigan simplified it): a thread about to search a
//! move other than the first of a node marks it in a small table of moves being searched; a
//! thread that finds the move marked puts it off to the end of the node's moves, by which time
//! the other thread has usually stored its result in the table. The threads so spread over a
//! node's moves instead of searching the same ones, which is what time to depth needs; and as
//! nothing is split or waited for, a thread never idles and the search is the sequential one
//! with another order of moves. A helper that finishes its iteration before the main thread
//! searches the next one; when the main thread moves to another iteration, every helper starts
//! it afresh with the main thread's order of the root moves, one already on it too: what the
//! helper searched is in the table, and a helper that went on in the order of the iteration
//! before spent itself on the move that was best there, with the full window, while the main
//! thread searched the new best move alone (spec/analysis.md §11).
//!
//! Every thread's values are the sequential search's: the table holds only scores that do not
//! depend on the path (one that depends on the convention is kept under a key of its own, by
//! the player endless play favours), each proved score is a fact of the game, and the
//! main thread alone reports. Estimates and the move chosen at a limit may vary from run to run
//! with more than one thread, as the order in which threads fill the table does.

use super::node::Searcher;
use super::root;
use super::shared::{Phase, Shared};
use super::{Analysis, SearchOptions, Unfinished};
use crate::table::Table;
use rules_core::{Interruptible, Position};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// One analysis with `threads` threads on `table`, of `pos` reached through `history` (the
/// positions before it in its game, each a repetition when a line comes back to it).
pub(super) fn analyse(
    table: &Table,
    threads: usize,
    pos: &Position,
    history: &[Position],
    opts: &SearchOptions<'_>,
) -> Result<Analysis, Unfinished> {
    let start = Instant::now();
    let shared = Shared::new(table, threads, opts, start);
    let (result, threads) = shared.run(
        threads,
        || helper(&shared, pos, history, opts),
        || {
            let mut main = Searcher::new(&shared, pos.to_move());
            main.after(history);
            let result = root::deepen(&mut main, pos, opts, start);
            main.flush();
            result
        },
    );
    let nodes = shared.nodes.load(Ordering::Relaxed);
    let elapsed = start.elapsed();
    match result {
        Ok(mut a) => {
            a.nodes = nodes;
            a.threads = threads;
            a.elapsed = elapsed;
            Ok(a)
        }
        Err(at_root) => Err(Unfinished {
            nodes,
            elapsed,
            at_root,
        }),
    }
}

/// A helper thread: searches the main thread's iteration, or the next ones while the main
/// thread is still on it, until told to stop.
fn helper(shared: &Shared<'_>, pos: &Position, history: &[Position], opts: &SearchOptions<'_>) {
    // The root's moves: the main thread waits for none of this.
    let children = {
        let guard = Interruptible::new({
            let signals = shared.signals.clone();
            move || signals.stop.load(Ordering::Relaxed) || signals.cancelled()
        });
        let c = pos.legal_moves_with_positions();
        if guard.interrupted() {
            return;
        }
        c
    };
    let windows = root::Windows::of(opts, &children);
    let mut s = Searcher::new(shared, pos.to_move());
    s.after(history);
    // The iteration after the main thread's, once the helper has finished the main thread's
    // first: (the main thread's, the next).
    let mut ahead: Option<(Phase, Phase)> = None;
    while !shared.signals.stop.load(Ordering::Relaxed) {
        let Some(main) = shared.phase() else {
            shared
                .signals
                .idle(shared.deadline, || shared.phase().is_none());
            continue;
        };
        let p = match ahead {
            Some((from, next)) if from == main => next,
            _ => main,
        };
        s.stopped = false;
        // The helper stops as soon as the main thread moves on from `main`.
        s.helper = Some(main);
        s.convention = p.convention;
        s.stamp = crate::table::stamp(shared.epoch, p.depth);
        let mut order = shared.root_order();
        if order.len() != children.len() {
            order = (0..children.len()).collect();
        }
        let done = root::iteration(&mut s, pos, &children, &order, p.depth, &windows);
        if done.is_none() {
            // Moved on by the main thread (or stopped): start its iteration, in its order.
            ahead = None;
        } else if p == main {
            ahead = Some((
                main,
                Phase {
                    depth: p.depth + 1,
                    ..p
                },
            ));
        } else {
            // Done with the iteration after the main thread's: further ahead would search what
            // it may never need. Wait for it to move on.
            s.flush();
            shared
                .signals
                .idle(shared.deadline, || shared.phase() == Some(main));
        }
    }
    s.flush();
}
