//! Bechi, again, from `bechi.md` §2.

use rules_core::{Mark, MarkKind, Player, Setup};

fn has_mark(s: &Setup, i: usize, kind: MarkKind) -> bool {
    s.marks[i].is_some_and(|m| m.kind == kind)
}

fn playable(s: &Setup, p: Player) -> Vec<usize> {
    let n = s.seeds.len() / 2;
    (1..=n)
        .map(|k| super::idx(n, p == Player::A, k))
        .filter(|&i| !has_mark(s, i, MarkKind::Blocked) && s.seeds[i] >= 2)
        .collect()
}

/// The children of `s` by the reference rules, possibly with duplicates.
pub fn children(s: &Setup) -> Vec<(String, Setup)> {
    let n = s.seeds.len() / 2;
    let me = s.to_move;
    let mine = playable(s, me);
    if mine.is_empty() {
        // B5 and B13: pass if the opponent can move, otherwise the round is over.
        if playable(s, me.other()).is_empty() {
            return vec![];
        }
        let mut c = s.clone();
        c.to_move = me.other();
        return vec![("pass".into(), c)];
    }
    let mut out = vec![];
    for i in mine {
        let k = if i < n { i + 1 } else { i - n + 1 };
        // B4: 1 and 2 clockwise, 3 and 4 counterclockwise; the 2x3 middle hole both ways.
        let dirs: Vec<i64> = if n == 3 && k == 2 {
            vec![1, -1]
        } else if k <= 2 {
            vec![-1]
        } else {
            vec![1]
        };
        for d in dirs {
            out.push((format!("{k}{} {d}", me.letter()), sow(s, i, d)));
        }
    }
    out
}

fn sow(s: &Setup, start: usize, d: i64) -> Setup {
    let len = s.seeds.len() as i64;
    let mut c = s.clone();
    let me = s.to_move;
    let blocked = |c: &Setup, i: usize| has_mark(c, i, MarkKind::Blocked);
    let next = |c: &Setup, i: usize| {
        let mut j = i as i64;
        loop {
            j = (j + d).rem_euclid(len);
            if !blocked(c, j as usize) {
                return j as usize;
            }
        }
    };
    let mut hand = c.seeds[start];
    c.seeds[start] = 0;
    if !has_mark(&c, start, MarkKind::Chosen) {
        c.marks[start] = Some(Mark {
            kind: MarkKind::Chosen,
            owner: me,
        });
    }
    let mut at = start;
    c.seeds[at] += 1;
    hand -= 1;
    while hand > 0 {
        at = next(&c, at);
        c.seeds[at] += 1;
        hand -= 1;
    }
    let chosen = |c: &Setup, i: usize| has_mark(c, i, MarkKind::Chosen);
    if c.seeds[at].is_multiple_of(2) && chosen(&c, at) {
        loop {
            c.stores[me.index()] += c.seeds[at];
            c.seeds[at] = 0;
            at = next(&c, at);
            if !(c.seeds[at] >= 2 && c.seeds[at].is_multiple_of(2) && chosen(&c, at)) {
                break;
            }
        }
    }
    c.to_move = me.other();
    c
}
