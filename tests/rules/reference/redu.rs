//! Redu, again, from `redu.md` §2: every decision string is enumerated (every entry row at every
//! column, every wrap or bounce, both directions, the special start) as a list of sown holes with
//! absolute rows, each applied to a copy of the board; `children` in `mod.rs` then removes
//! duplicate outcomes by comparing whole setups. The engine instead branches only where a
//! decision can change the outcome.

use rules_core::{Entry, Player, Right, RightKind, Setup, Variant};

const N: i64 = 6;

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

fn options(s: &Setup) -> (bool, bool) {
    let Variant::Redu(o) = s.variant else {
        panic!("not a Redu setup")
    };
    (o.entry == Entry::Alternate, o.o1_costs_turn)
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
    let mut k = c0 + sig;
    if k < 1 {
        k = N;
    }
    if k > N {
        k = 1;
    }
    let mut out = vec![];
    let mut path = vec![];
    // prev: None before the first seed; Some(true) when the last seed is in the opponent's row.
    let mut prev = None;
    if special {
        path.push(opp(me, c0));
        prev = Some(true);
    }
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
        let far = !(1..=N).contains(&(k + sig));
        if far {
            // R13: only the entry hole; then wrap or bounce.
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

/// Every sowing of the player to move on `s` (which has no pending right), named by `prefix`.
fn sowings(s: &Setup, prefix: &str) -> Vec<(String, Setup)> {
    let me = s.to_move;
    let (alternate, _) = options(s);
    let mut out = vec![];
    let done = |mut c: Setup, right: Option<Right>| {
        c.to_move = me.other();
        c.right = right;
        c
    };
    for j in 1..=N {
        let h = own(me, j);
        let n = s.seeds[h] as usize;
        let name = format!("{prefix}{j}{}", me.letter());
        if n == 0 {
            continue;
        }
        if n == 1 {
            // R4, R5.
            let mut c = s.clone();
            c.seeds[h] = 0;
            let o = 11 - h;
            let before = c.seeds[o];
            c.seeds[o] += 1;
            let mut right = None;
            if before == 0 {
                right = Some(Right {
                    kind: RightKind::O1,
                    hole: c.geometry().hole(o),
                });
            } else if before <= 2 {
                c.stores[me.index()] += c.seeds[o];
                c.seeds[o] = 0;
            }
            out.push((name.clone(), done(c, right)));
        }
        // Two seeds from a hole, or two consecutive singletons (R9) sown from the second.
        let mut twos: Vec<(String, Vec<usize>, i64, i64)> = vec![];
        if n == 2 {
            twos.push((format!("{name}+"), vec![h], j, 1));
            twos.push((format!("{name}-"), vec![h], j, -1));
        }
        if n == 1 && j < N && s.seeds[own(me, j + 1)] == 1 {
            twos.push((format!("{name}&+"), vec![h, own(me, j + 1)], j + 1, 1));
            twos.push((format!("{name}&-"), vec![h, own(me, j + 1)], j, -1));
        }
        for (name, lifted, from, sig) in twos {
            let mut c = s.clone();
            for i in lifted {
                c.seeds[i] = 0;
            }
            let mut k = from + sig;
            if k < 1 {
                k = N;
            }
            if k > N {
                k = 1;
            }
            let (a, b) = (opp(me, k), own(me, k));
            let before = c.seeds[a];
            c.seeds[a] += 1;
            c.seeds[b] += 1;
            let mut right = None;
            if before == 0 {
                right = Some(Right {
                    kind: RightKind::O2,
                    hole: c.geometry().hole(a),
                });
            } else if before <= 2 {
                c.stores[me.index()] += c.seeds[a];
                c.seeds[a] = 0;
            }
            out.push((name, done(c, right)));
        }
        if n >= 3 {
            for sig in [1, -1] {
                let mut k1 = j + sig;
                if k1 < 1 {
                    k1 = N;
                }
                if k1 > N {
                    k1 = 1;
                }
                let special_ok = s.seeds[own(me, k1)] == 0 && s.seeds[opp(me, k1)] == 0;
                for special in [false, true] {
                    if special && !special_ok {
                        continue;
                    }
                    for path in zig_paths(me, j, n, sig, special, alternate) {
                        let mut c = s.clone();
                        c.seeds[h] = 0;
                        let mut right = None;
                        for (t, &i) in path.iter().enumerate() {
                            // R17: seed #n-2 into an empty opponent's hole.
                            if t + 3 == n && !mine(me, i) && c.seeds[i] == 0 {
                                right = Some(Right {
                                    kind: RightKind::O3,
                                    hole: c.geometry().hole(i),
                                });
                            }
                            c.seeds[i] += 1;
                        }
                        let label = format!(
                            "{name}{}{}:{}",
                            if sig > 0 { '+' } else { '-' },
                            if special { "o" } else { "" },
                            path.iter()
                                .map(|&i| c.geometry().hole(i).to_string())
                                .collect::<Vec<_>>()
                                .join(">")
                        );
                        out.push((label, done(c, right)));
                    }
                }
            }
        }
    }
    out
}

/// The children of `s` by the reference rules, possibly with duplicates.
pub fn children(s: &Setup) -> Vec<(String, Setup)> {
    let me = s.to_move;
    let row_empty = |c: &Setup, p: Player| (0..12).filter(|&i| mine(p, i)).all(|i| c.seeds[i] == 0);
    if row_empty(s, me) {
        return vec![]; // R27
    }
    let (_, o1_costs_turn) = options(s);
    let mut plain = s.clone();
    plain.right = None;
    let mut out = sowings(&plain, "");
    if let Some(r) = s.right {
        let i = s.geometry().index(r.hole).expect("a hole of the board");
        let mut c = plain.clone();
        c.seeds[i] -= 1;
        c.stores[me.index()] += 1;
        let name = format!("x{}", r.hole);
        match r.kind {
            RightKind::O2 | RightKind::O3 => {
                c.to_move = me.other(); // R23
                out.push((name, c));
            }
            RightKind::O1 if o1_costs_turn => {
                c.to_move = me.other(); // R22 under yes
                out.push((name, c));
            }
            RightKind::O1 if row_empty(&c, me) => out.push((name, c)), // R24
            RightKind::O1 => out.extend(sowings(&c, &format!("{name}:"))), // R22
        }
    }
    out
}
