//! Limits that limit (issue 23, item 4): the node limit is a count of positions visited, the
//! time limit also cuts short a move generation that runs long, and a table is taken as it
//! fills.

use crate::support::pos;
use analysis::{Engine, Limits, SearchOptions, Unfinished};
use std::time::Duration;

fn with(limits: Limits) -> SearchOptions<'static> {
    SearchOptions {
        limits,
        multipv: 1,
        ..SearchOptions::default()
    }
}

/// One thread visits at most the nodes it is given, the first iteration included: with too few
/// for depth 1 there is no answer rather than more nodes.
#[test]
fn a_node_limit_is_a_count_of_nodes() {
    let p = pos("bechi 6,6,6,6/6,6,6,6 B opener=B", &[]);
    for n in [1u64, 3, 4, 5, 17, 1000, 20_000] {
        let engine = Engine::new(1 << 20, 1).unwrap();
        let limits = Limits {
            nodes: Some(n),
            ..Limits::default()
        };
        match engine.analyse(&p, &with(limits)) {
            Ok(a) => {
                assert!(a.nodes <= n, "{n}: {} nodes", a.nodes);
                // Depth 1 is the root's 4 moves.
                assert!(n >= 4 && a.depth >= 1, "{n}: depth {}", a.depth);
            }
            Err(Unfinished { nodes, at_root, .. }) => {
                assert!(nodes <= n && n < 4 && !at_root, "{n}: {nodes} nodes");
            }
        }
    }
}

/// `uugg 3,6,2,6,3,4,0/7,3,5,4,3,7,3 A opener=B` (issue 23): 3A sows about 10^5 laps before it
/// is proved endless (U15), inside the generation of the root's moves. A time limit that has
/// passed before the search starts stops that generation: no answer, and it says why.
#[test]
fn a_time_limit_cuts_a_long_move_generation_short() {
    let p = pos("uugg 3,6,2,6,3,4,0/7,3,5,4,3,7,3 A opener=B", &[]);
    let engine = Engine::new(1 << 20, 1).unwrap();
    let limits = Limits {
        time: Some(Duration::ZERO),
        ..Limits::default()
    };
    let u = engine.analyse(&p, &with(limits)).unwrap_err();
    assert!(u.at_root, "{u}");
    assert!(u.to_string().contains("legal moves were known"), "{u}");
    // Without a limit the same engine gives the moves of the rules (1A empty, 3A endless).
    let depth_one = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let all = engine
        .analyse(
            &p,
            &SearchOptions {
                multipv: 9,
                ..with(depth_one)
            },
        )
        .unwrap();
    let mut firsts: Vec<String> = all.lines.iter().map(|l| l.moves[0].to_string()).collect();
    firsts.sort();
    assert_eq!(firsts, ["2A", "4A", "5A", "6A", "7A"]);
    assert_eq!(all.depth, 1);
}

/// A table is reserved whole but taken as it fills: 1 MB at first whatever its size, and a
/// search of a few thousand nodes stays there. A size the machine cannot give is an error.
#[test]
fn a_table_is_taken_as_it_fills() {
    let mut engine = Engine::new(1 << 30, 1).unwrap();
    assert_eq!(engine.hash_in_use(), 1 << 20);
    let p = rules_core::Position::start(
        rules_core::Variant::default_for(rules_core::GameKind::Giuthi),
        rules_core::Player::B,
    );
    let limits = Limits {
        nodes: Some(5_000),
        ..Limits::default()
    };
    let a = engine.analyse(&p, &with(limits)).unwrap();
    assert!(a.nodes <= 5_000);
    assert_eq!(engine.hash_in_use(), 1 << 20);
    // A longer search doubles it as it fills, up to the size asked for.
    let limits = Limits {
        nodes: Some(400_000),
        ..Limits::default()
    };
    engine.analyse(&p, &with(limits)).unwrap();
    let grown = engine.hash_in_use();
    assert!(grown > 1 << 20 && grown <= 1 << 30, "{grown}");
    engine.clear();
    assert_eq!(engine.hash_in_use(), 1 << 20);
    assert!(Engine::new(1 << 62, 1).is_err());
}

/// The caller watches the search deepen (`SearchOptions::progress`, issue 35: the analysis panel
/// of `mancala serve`): one report per completed iteration, deeper each time, the last the
/// analysis's own depth and value.
#[test]
fn progress_reports_every_iteration() {
    let p = pos("bechi 6,6,6,6/6,6,6,6 B opener=B", &[]);
    let seen = std::sync::Mutex::new(Vec::new());
    let report = |a: &analysis::Analysis| {
        seen.lock()
            .unwrap()
            .push((a.depth, a.worst, a.lines.len(), a.threads));
    };
    for threads in [1, 2] {
        seen.lock().unwrap().clear();
        let engine = Engine::new(1 << 20, threads).unwrap();
        let opts = SearchOptions {
            progress: Some(&report),
            ..with(Limits {
                depth: Some(6),
                ..Limits::default()
            })
        };
        let a = engine.analyse(&p, &opts).unwrap();
        let seen = seen.lock().unwrap();
        let depths: Vec<u32> = seen.iter().map(|s| s.0).collect();
        assert_eq!(depths, [1, 2, 3, 4, 5, 6], "{threads} threads");
        let last = seen.last().unwrap();
        assert_eq!(
            (last.0, last.1, last.2, last.3),
            (a.depth, a.worst, 1, threads)
        );
    }
}

/// A stop set from outside (`SearchOptions::stop`: a client gone, the user's stop button) ends
/// the search as a limit does: the iteration under way is dropped, the last completed one is
/// the answer.
#[test]
fn a_stop_from_outside_ends_the_search() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let p = pos("bechi 6,6,6,6/6,6,6,6 B opener=B", &[]);
    for threads in [1, 2] {
        let stop = Arc::new(AtomicBool::new(false));
        let report = |a: &analysis::Analysis| {
            if a.depth == 3 {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let engine = Engine::new(1 << 20, threads).unwrap();
        let opts = SearchOptions {
            progress: Some(&report),
            stop: Some(&stop),
            ..with(Limits {
                depth: Some(40),
                ..Limits::default()
            })
        };
        let a = engine.analyse(&p, &opts).unwrap();
        assert_eq!(a.depth, 3, "{threads} threads");
        assert!(!a.exact);
    }
}
