//! Giuthi, again, from `giuthi.md` §2, with endless sowings found by remembering every state.

use rules_core::{Player, Setup};
use std::collections::HashSet;

fn starts(s: &Setup, p: Player) -> Vec<(usize, i64, Setup)> {
    let n = s.seeds.len() / 2;
    let mut out = vec![];
    for k in 1..=n {
        let i = super::idx(n, p == Player::A, k);
        if s.seeds[i] < 2 {
            continue;
        }
        for d in [1, -1] {
            if let Some(c) = sow(s, p, i, d) {
                out.push((i, d, c));
            }
        }
    }
    out
}

/// The children of `s` by the reference rules, possibly with duplicates.
pub fn children(s: &Setup) -> Vec<(String, Setup)> {
    let n = s.seeds.len() / 2;
    let me = s.to_move;
    let mine = starts(s, me);
    if mine.is_empty() {
        if starts(s, me.other()).is_empty() {
            return vec![]; // G19
        }
        let mut c = s.clone();
        c.to_move = me.other();
        return vec![("pass".into(), c)]; // G5
    }
    mine.into_iter()
        .map(|(i, d, c)| {
            let k = if i < n { i + 1 } else { i - n + 1 };
            (
                format!("{k}{}{}", me.letter(), if d > 0 { '+' } else { '-' }),
                c,
            )
        })
        .collect()
}

/// `None` for an endless sowing (G10).
fn sow(s: &Setup, me: Player, start: usize, mut d: i64) -> Option<Setup> {
    let len = s.seeds.len();
    let n = len / 2;
    let mine = |i: usize| (i >= n) == (me == Player::A);
    let mut c = s.clone();
    let mut hand = c.seeds[start];
    c.seeds[start] = 0;
    let mut at = start;
    let mut visited_opponent = false;
    let mut seen = HashSet::new();
    loop {
        if !seen.insert((c.seeds.clone(), hand, at, d)) {
            return None;
        }
        while hand > 0 {
            at = (at as i64 + d).rem_euclid(len as i64) as usize;
            c.seeds[at] += 1;
            hand -= 1;
            visited_opponent |= !mine(at);
        }
        if c.seeds[at] > 1 {
            // G8: relay the other way.
            hand = c.seeds[at];
            c.seeds[at] = 0;
            d = -d;
            continue;
        }
        break;
    }
    let opposite = |i: usize| len - 1 - i;
    c.to_move = me.other();
    if !mine(at) {
        return Some(c); // G11
    }
    if !visited_opponent {
        c.to_move = me; // G13
        return Some(c);
    }
    let o = opposite(at);
    if c.seeds[o] > 0 {
        // G15, then G17 in the direction of the last lap, within the own row.
        c.stores[me.index()] += c.seeds[o] + 1;
        c.seeds[o] = 0;
        c.seeds[at] = 0;
        let mut h = at as i64 + d;
        while h >= 0 && (h as usize) < len && mine(h as usize) {
            let hu = h as usize;
            if c.seeds[hu] != 0 || c.seeds[opposite(hu)] == 0 {
                break;
            }
            c.stores[me.index()] += c.seeds[opposite(hu)];
            c.seeds[opposite(hu)] = 0;
            h += d;
        }
    }
    Some(c)
}
