//! Redu, again, from `redu.md` §2: every decision string is enumerated (every entry row at every
//! column, every wrap or bounce, both directions, the special start) as a list of sown holes with
//! absolute rows, each applied to a copy of the board; duplicate outcomes are then removed by
//! comparing whole positions. The engine instead branches only where a decision can change the
//! outcome. The lists of sown holes depend only on the start column, the number of seeds, the
//! direction, the special start and the option `entry`, so they are computed once and kept.

use rules_core::{Entry, Player, Right, RightKind, Setup, Variant};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

const N: i64 = 6;

/// A position in plain arrays: board, stores (A, B), side to move, pending right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct St {
    seeds: [u8; 12],
    stores: [u8; 2],
    to_move: Player,
    right: Option<(RightKind, usize)>,
}

#[derive(Clone, Copy)]
struct Opts {
    alternate: bool,
    o1_costs_turn: bool,
}

/// The index of the mover's own hole in column `j` (1..=6) and of the opponent's hole facing it.
fn own(me: Player, j: i64) -> usize {
    let j = j as usize;
    if me == Player::B { j - 1 } else { 5 + j }
}

fn opp(me: Player, j: i64) -> usize {
    11 - own(me, j)
}

fn mine(me: Player, i: usize) -> bool {
    (i >= 6) == (me == Player::A)
}

fn wrap_column(k: i64) -> i64 {
    if k < 1 {
        N
    } else if k > N {
        1
    } else {
        k
    }
}

/// Where the path goes after leaving column `k` in direction `sig` (R13 w/b at a far end is done
/// by the caller): the start column is skipped, and leaving the board after it is a choice (R14).
fn onward(c0: i64, k: i64, sig: i64) -> Vec<(i64, i64)> {
    let mut k = k;
    while k == c0 {
        k += sig;
    }
    if (1..=N).contains(&k) {
        vec![(k, sig)]
    } else {
        vec![(if sig > 0 { 1 } else { N }, sig), (c0 - sig, -sig)]
    }
}

/// Every path (list of sown holes) of a zigzag of `n` seeds from column `c0` (R10–R15).
fn zig_paths(
    me: Player,
    c0: i64,
    n: usize,
    sig: i64,
    special: bool,
    alternate: bool,
) -> Vec<Vec<usize>> {
    let mut out = vec![];
    let mut path = vec![];
    // prev: None before the first seed; Some(true) when the last seed is in the opponent's row.
    let mut prev = None;
    if special {
        path.push(opp(me, c0));
        prev = Some(true);
    }
    let k = wrap_column(c0 + sig);
    extend(me, c0, n, k, sig, path, prev, alternate, &mut out);
    out
}

#[allow(clippy::too_many_arguments)]
fn extend(
    me: Player,
    c0: i64,
    n: usize,
    k: i64,
    sig: i64,
    path: Vec<usize>,
    prev: Option<bool>,
    alternate: bool,
    out: &mut Vec<Vec<usize>>,
) {
    let rows: Vec<bool> = match (alternate, prev) {
        (true, Some(p)) => vec![!p],
        _ => vec![false, true],
    };
    for in_opp in rows {
        let hole = |r: bool| if r { opp(me, k) } else { own(me, k) };
        let mut p = path.clone();
        p.push(hole(in_opp));
        if p.len() == n {
            out.push(p);
            continue;
        }
        if !(1..=N).contains(&(k + sig)) {
            // R13: only the entry hole of a far-end column; then wrap or bounce.
            let wrap = if sig > 0 { 1 } else { N };
            let mut next = onward(c0, wrap, sig);
            next.extend(onward(c0, k - sig, -sig));
            for (k2, s2) in next {
                extend(me, c0, n, k2, s2, p.clone(), Some(in_opp), alternate, out);
            }
        } else {
            p.push(hole(!in_opp));
            if p.len() == n {
                out.push(p);
                continue;
            }
            for (k2, s2) in onward(c0, k + sig, sig) {
                extend(me, c0, n, k2, s2, p.clone(), Some(!in_opp), alternate, out);
            }
        }
    }
}

type PathKey = (Player, i64, usize, i64, bool, bool);

thread_local! {
    static PATHS: RefCell<HashMap<PathKey, Rc<Vec<Vec<usize>>>>> = RefCell::new(HashMap::new());
}

fn paths(key: PathKey) -> Rc<Vec<Vec<usize>>> {
    PATHS.with(|m| {
        m.borrow_mut()
            .entry(key)
            .or_insert_with(|| {
                let (me, c0, n, sig, special, alternate) = key;
                Rc::new(zig_paths(me, c0, n, sig, special, alternate))
            })
            .clone()
    })
}

fn hole_name(i: usize) -> String {
    if i < 6 {
        format!("{}B", i + 1)
    } else {
        format!("{}A", i - 5)
    }
}

fn row_empty(s: &St, p: Player) -> bool {
    (0..12).filter(|&i| mine(p, i)).all(|i| s.seeds[i] == 0)
}

/// Every sowing of the player to move on `s` (its right already dropped), each with a name.
fn sowings(s: &St, o: Opts, prefix: &str, out: &mut Vec<(String, St)>, names: bool) {
    let me = s.to_move;
    let name = |t: String| {
        if names {
            format!("{prefix}{t}")
        } else {
            String::new()
        }
    };
    let done = |mut c: St, right: Option<(RightKind, usize)>| {
        c.to_move = me.other();
        c.right = right;
        c
    };
    for j in 1..=N {
        let h = own(me, j);
        let n = usize::from(s.seeds[h]);
        if n == 0 {
            continue;
        }
        if n == 1 {
            // R4, R5.
            let mut c = *s;
            c.seeds[h] = 0;
            let o = 11 - h;
            let before = c.seeds[o];
            c.seeds[o] += 1;
            let mut right = None;
            if before == 0 {
                right = Some((RightKind::O1, o));
            } else if before <= 2 {
                c.stores[me.index()] += c.seeds[o];
                c.seeds[o] = 0;
            }
            out.push((name(format!("{j}{}", me.letter())), done(c, right)));
        }
        // Two seeds from a hole, or two consecutive singletons (R9) sown from the second.
        let mut twos: Vec<(String, [usize; 2], i64, i64)> = vec![];
        if n == 2 {
            twos.push((format!("{j}{}+", me.letter()), [h, h], j, 1));
            twos.push((format!("{j}{}-", me.letter()), [h, h], j, -1));
        }
        if n == 1 && j < N && s.seeds[own(me, j + 1)] == 1 {
            let pair = [h, own(me, j + 1)];
            let l = me.letter();
            twos.push((format!("{j}{l}{}{l}+", j + 1), pair, j + 1, 1));
            twos.push((format!("{j}{l}{}{l}-", j + 1), pair, j, -1));
        }
        for (t, lifted, from, sig) in twos {
            let mut c = *s;
            for i in lifted {
                c.seeds[i] = 0;
            }
            let k = wrap_column(from + sig);
            let (a, b) = (opp(me, k), own(me, k));
            let before = c.seeds[a];
            c.seeds[a] += 1;
            c.seeds[b] += 1;
            let mut right = None;
            if before == 0 {
                right = Some((RightKind::O2, a));
            } else if before <= 2 {
                c.stores[me.index()] += c.seeds[a];
                c.seeds[a] = 0;
            }
            out.push((name(t), done(c, right)));
        }
        if n >= 3 {
            for sig in [1, -1] {
                let k1 = wrap_column(j + sig);
                let special_ok = s.seeds[own(me, k1)] == 0 && s.seeds[opp(me, k1)] == 0;
                for special in [false, true] {
                    if special && !special_ok {
                        continue;
                    }
                    for path in paths((me, j, n, sig, special, o.alternate)).iter() {
                        let mut c = *s;
                        c.seeds[h] = 0;
                        let mut right = None;
                        for (t, &i) in path.iter().enumerate() {
                            // R17: seed #n-2 into an empty opponent's hole.
                            if t + 3 == n && !mine(me, i) && c.seeds[i] == 0 {
                                right = Some((RightKind::O3, i));
                            }
                            c.seeds[i] += 1;
                        }
                        // Named in the long form: the start hole and every hole sown.
                        let t = if names {
                            let mut t = format!("{j}{}", me.letter());
                            for &i in path {
                                t.push('/');
                                t.push_str(&hole_name(i));
                            }
                            t
                        } else {
                            String::new()
                        };
                        out.push((name(t), done(c, right)));
                    }
                }
            }
        }
    }
}

/// The children of `s`, possibly with duplicates.
fn kids(s: &St, o: Opts, names: bool) -> Vec<(String, St)> {
    let me = s.to_move;
    let mut out = vec![];
    if row_empty(s, me) {
        return out; // R27
    }
    let mut plain = *s;
    plain.right = None;
    sowings(&plain, o, "", &mut out, names);
    if let Some((kind, i)) = s.right {
        let mut c = plain;
        c.seeds[i] -= 1;
        c.stores[me.index()] += 1;
        let name = format!("x{}", hole_name(i));
        match kind {
            RightKind::O2 | RightKind::O3 => {
                c.to_move = me.other(); // R23
                out.push((name, c));
            }
            RightKind::O1 if o.o1_costs_turn => {
                c.to_move = me.other(); // R22 under yes
                out.push((name, c));
            }
            RightKind::O1 if row_empty(&c, me) => out.push((name, c)), // R24
            RightKind::O1 => sowings(&c, o, &format!("{name}:"), &mut out, names), // R22
        }
    }
    out
}

fn from_setup(s: &Setup) -> (St, Opts) {
    let Variant::Redu(o) = s.variant else {
        panic!("not a Redu setup")
    };
    let mut seeds = [0u8; 12];
    for (i, &x) in s.seeds.iter().enumerate() {
        seeds[i] = x as u8;
    }
    (
        St {
            seeds,
            stores: s.stores.map(|x| x as u8),
            to_move: s.to_move,
            right: s
                .right
                .map(|r| (r.kind, s.geometry().index(r.hole).expect("a hole"))),
        },
        Opts {
            alternate: o.entry == Entry::Alternate,
            o1_costs_turn: o.o1_costs_turn,
        },
    )
}

fn to_setup(template: &Setup, c: &St) -> Setup {
    let mut out = template.clone();
    out.seeds = c.seeds.iter().map(|&x| u32::from(x)).collect();
    out.stores = c.stores.map(u32::from);
    out.to_move = c.to_move;
    out.right = c.right.map(|(kind, i)| Right {
        kind,
        hole: template.geometry().hole(i),
    });
    out
}

/// The children of `s` by the reference rules, possibly with duplicates, each named by a move
/// token (the long form for zigzags), so that every decision string can be played in the engine.
pub fn children(s: &Setup) -> Vec<(String, Setup)> {
    let (st, o) = from_setup(s);
    kids(&st, o, true)
        .into_iter()
        .map(|(m, c)| (m, to_setup(s, &c)))
        .collect()
}

fn distinct(s: &St, o: Opts) -> Vec<St> {
    let mut v: Vec<St> = kids(s, o, false).into_iter().map(|(_, c)| c).collect();
    v.sort_unstable();
    v.dedup();
    v
}

fn count(s: &St, o: Opts, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let v = distinct(s, o);
    if depth == 1 {
        return v.len() as u64;
    }
    v.iter().map(|c| count(c, o, depth - 1)).sum()
}

/// perft by the reference rules; with `depth` ≥ 3 the first moves are shared between two threads.
pub fn perft(s: &Setup, depth: u32) -> u64 {
    let (st, o) = from_setup(s);
    if depth < 3 {
        return count(&st, o, depth);
    }
    let roots = distinct(&st, o);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let total = std::sync::atomic::AtomicU64::new(0);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(c) = roots.get(k) else { break };
                    total.fetch_add(count(c, o, depth - 1), std::sync::atomic::Ordering::Relaxed);
                }
            });
        }
    });
    total.into_inner()
}
