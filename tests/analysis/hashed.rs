//! The reference for the Bechi solver: the first solver of this project (format 1), kept here as
//! it was. Every position reachable from the roots is a key (board, chosen marks, side to move,
//! absolute: A's and B's rows as they are) in a hash map, with its children made by the rules core
//! and kept; slices (seeds, chosen marks) are solved smallest first, one convention at a time, with
//! counters of unresolved children and predecessor lists. It shares nothing with
//! `analysis::solve` but the rules core, so the two agreeing on every position of Bechi 2×3's first
//! round is a check of the new solver's boards, indexing, symmetry and pairing.

use analysis::eval::{final_margin, stores};
use rules_core::{MarkKind, Player, Position};
use std::collections::HashMap;

/// Bits of seeds per hole.
const SEED_BITS: u32 = 6;

/// The key of a Bechi position without blocked holes: side to move (1 bit), chosen marks (one bit
/// per hole index), then 6 bits of seeds per hole index.
pub fn key(pos: &Position) -> u64 {
    let s = pos.view();
    let len = s.seeds().len();
    let mut k = u64::from(s.to_move() == Player::B);
    for (i, m) in s.marked() {
        assert_eq!(m.kind, MarkKind::Chosen, "a blocked hole");
        k |= 1 << (1 + i);
    }
    for (i, &seeds) in s.seeds().iter().enumerate() {
        k |= u64::from(seeds) << (1 + len as u32 + SEED_BITS * i as u32);
    }
    k
}

fn seeds_of(k: u64, len: usize) -> (u32, u32) {
    let mut total = 0;
    for i in 0..len {
        total += ((k >> (1 + len as u32 + SEED_BITS * i as u32)) & 63) as u32;
    }
    (total, ((k >> 1) & ((1 << len) - 1)) as u32)
}

/// Solves every position reachable from `roots`: for each key, `[best, worst]` for the player to
/// move (the margin of the rest of the round; ±127 endless play).
pub fn solve(roots: &[Position]) -> HashMap<u64, [i8; 2]> {
    let len = roots[0].view().seeds().len();
    let mut index: HashMap<u64, u32> = HashMap::new();
    let mut positions: Vec<Position> = Vec::new();
    let mut keys: Vec<u64> = Vec::new();
    for r in roots {
        let k = key(r);
        if let std::collections::hash_map::Entry::Vacant(e) = index.entry(k) {
            e.insert(keys.len() as u32);
            keys.push(k);
            positions.push(*r);
        }
    }
    let mut children: Vec<Vec<(u32, u8)>> = Vec::new();
    let mut finished: Vec<Option<i8>> = Vec::new();
    let mut i = 0;
    while i < keys.len() {
        let pos = positions[i];
        finished.push(final_margin(&pos).map(|m| {
            let s = stores(&pos);
            let me = pos.to_move().index();
            (m - (s[me] as i32 - s[1 - me] as i32)) as i8
        }));
        let seeds = seeds_of(keys[i], len).0;
        let mut kids = Vec::new();
        for (_, child) in pos.legal_moves_with_positions() {
            let ck = key(&child);
            let next = keys.len() as u32;
            let c = *index.entry(ck).or_insert_with(|| {
                keys.push(ck);
                positions.push(child);
                next
            });
            kids.push((c, (seeds - seeds_of(ck, len).0) as u8));
        }
        children.push(kids);
        i += 1;
    }
    let n = keys.len();
    let mut order: Vec<u32> = (0..n as u32).collect();
    let slice_key = |k: u64| {
        let (s, c) = seeds_of(k, len);
        (s, std::cmp::Reverse(c.count_ones()), c)
    };
    order.sort_by_key(|&i| slice_key(keys[i as usize]));
    let slices: Vec<Vec<u32>> = order
        .chunk_by(|&a, &b| slice_key(keys[a as usize]) == slice_key(keys[b as usize]))
        .map(<[u32]>::to_vec)
        .collect();
    let mut local = vec![u32::MAX; n];
    let mut by_player = [vec![0i8; n], vec![0i8; n]];
    for members in &slices {
        for (l, &p) in members.iter().enumerate() {
            local[p as usize] = l as u32;
        }
        for x in [Player::A, Player::B] {
            solve_slice(
                members,
                x,
                &positions,
                &children,
                &finished,
                &local,
                &mut by_player[x.index()],
            );
        }
        for &p in members {
            local[p as usize] = u32::MAX;
        }
    }
    (0..n)
        .map(|i| {
            let mover = positions[i].to_move();
            let best = by_player[mover.index()][i];
            let theirs = by_player[mover.other().index()][i];
            (keys[i], [best, -theirs])
        })
        .collect()
}

/// One slice under the convention that endless play favours `x` (values are x's margins).
fn solve_slice(
    members: &[u32],
    x: Player,
    positions: &[Position],
    children: &[Vec<(u32, u8)>],
    finished: &[Option<i8>],
    local: &[u32],
    values: &mut [i8],
) {
    let m = members.len();
    let maximiser: Vec<bool> = members
        .iter()
        .map(|&p| positions[p as usize].to_move() == x)
        .collect();
    let mut counter = vec![0u32; m];
    let mut exits: Vec<(i32, u32)> = Vec::new();
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); m];
    for (l, &p) in members.iter().enumerate() {
        let p = p as usize;
        let sign = if maximiser[l] { 1 } else { -1 };
        if let Some(f) = finished[p] {
            exits.push((sign * i32::from(f), l as u32));
            counter[l] = 1;
            continue;
        }
        counter[l] = children[p].len() as u32;
        for &(c, captured) in &children[p] {
            let lc = local[c as usize];
            if lc != u32::MAX {
                preds[lc as usize].push(l as u32);
            } else if values[c as usize] != 127 {
                exits.push((
                    sign * i32::from(captured) + i32::from(values[c as usize]),
                    l as u32,
                ));
            }
        }
    }
    exits.sort_unstable();
    let mut value: Vec<Option<i32>> = vec![None; m];
    let mut queue: Vec<u32> = Vec::new();
    let fall =
        |q: u32, w: i32, counter: &mut [u32], value: &mut [Option<i32>], queue: &mut Vec<u32>| {
            let q_ = q as usize;
            if value[q_].is_some() {
                return;
            }
            if maximiser[q_] {
                counter[q_] -= 1;
                if counter[q_] > 0 {
                    return;
                }
            }
            value[q_] = Some(w);
            queue.push(q);
        };
    let mut e = 0;
    while e < exits.len() {
        let w = exits[e].0;
        while e < exits.len() && exits[e].0 == w {
            fall(exits[e].1, w, &mut counter, &mut value, &mut queue);
            e += 1;
        }
        while let Some(q) = queue.pop() {
            for &p in &preds[q as usize] {
                fall(p, w, &mut counter, &mut value, &mut queue);
            }
        }
    }
    for (l, &p) in members.iter().enumerate() {
        values[p as usize] = value[l].map_or(127, |v| v as i8);
    }
}
