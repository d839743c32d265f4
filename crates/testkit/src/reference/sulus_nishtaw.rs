//! Sulus Nishtaw, again, from `sulus-nishtaw.md` §2 and §4, on plain vectors: territories are read
//! hole by hole from the setup, endless sowings are found by remembering every lap-start state in
//! a set, and the next round's territories are built by annexing holes one at a time in the order
//! S19 lists (the engine computes the arcs directly).

use rules_core::{ClaimsScoreTo, Mark, MarkKind, Player, Setup, Variant};
use std::collections::HashSet;

const HOLES: usize = 18;

fn name(i: usize) -> String {
    if i < 9 {
        format!("{}B", i + 1)
    } else {
        format!("{}A", i - 8)
    }
}

fn owner(s: &Setup, i: usize) -> Player {
    match &s.owners {
        Some(o) => o[i],
        None if i < 9 => Player::B,
        None => Player::A,
    }
}

fn claimer(s: &Setup, i: usize) -> Option<Player> {
    match s.marks[i] {
        Some(Mark {
            kind: MarkKind::Claim,
            owner,
        }) => Some(owner),
        _ => None,
    }
}

fn options(s: &Setup) -> (ClaimsScoreTo, bool, bool) {
    match s.variant {
        Variant::SulusNishtaw(o) => (o.claims_score_to, o.v1, o.v2),
        _ => panic!("not a Sulus Nishtaw setup"),
    }
}

/// S15 (a): some player has no seed in the unclaimed holes of his territory.
fn starved(s: &Setup) -> bool {
    [Player::A, Player::B].iter().any(|&p| {
        !(0..HOLES).any(|i| owner(s, i) == p && claimer(s, i).is_none() && s.seeds[i] > 0)
    })
}

/// The player's territory in cycle order, from the hole whose predecessor is not his (S3).
fn arc(s: &Setup, p: Player) -> Vec<usize> {
    let first = (0..HOLES)
        .find(|&i| owner(s, i) == p && owner(s, (i + HOLES - 1) % HOLES) != p)
        .expect("a territory is an arc");
    (0..HOLES)
        .map(|k| (first + k) % HOLES)
        .take_while(|&i| owner(s, i) == p)
        .collect()
}

/// The distinct and duplicate children of `s`, each with a decision string.
pub fn children(s: &Setup) -> Vec<(String, Setup)> {
    if starved(s) {
        return vec![];
    }
    if s.opening_pending {
        return opening(s).map(|c| ("open".into(), c)).into_iter().collect();
    }
    let me = s.to_move;
    let (_, v1, v2) = options(s);
    // S7: unclaimed, own, not empty.
    let mut allowed: Vec<usize> = (0..HOLES)
        .filter(|&i| owner(s, i) == me && claimer(s, i).is_none() && s.seeds[i] > 0)
        .collect();
    // S14
    if v2 {
        let one = if me == Player::B { 0 } else { 9 };
        allowed.retain(|&i| i != one || s.seeds[i] > 3);
    }
    // S12: only sowings that end are moves.
    let mut out: Vec<(usize, Setup)> = allowed
        .into_iter()
        .filter_map(|i| sow(s, i).map(|c| (i, c)))
        .collect();
    // S13: the holes he could otherwise start from are those left by S7, S14 and S12; a 3-seed
    // hole is refused unless all of them hold 3 (spec/engine.md, Sulus Nishtaw readings).
    if v1 && !out.iter().all(|(i, _)| s.seeds[*i] == 3) {
        out.retain(|(i, _)| s.seeds[*i] != 3);
    }
    out.into_iter().map(|(i, c)| (name(i), c)).collect()
}

/// S4–S6; `None` if it never ended.
fn opening(s: &Setup) -> Option<Setup> {
    let me = s.to_move;
    let mine = arc(s, me);
    let k = mine.len();
    let mut c = s.clone();
    c.opening_pending = false;
    for &i in &mine[..k - 1] {
        c.seeds[i] -= 1;
    }
    let last = mine[k - 1];
    let mut at = last;
    for n in 0..k - 1 {
        at = (last + n) % HOLES;
        c.seeds[at] += 1;
    }
    let mut hand = c.seeds[at];
    c.seeds[at] = 0;
    let mut seen = HashSet::new();
    loop {
        if !seen.insert((c.seeds.clone(), hand, at)) {
            return None;
        }
        for _ in 0..hand {
            at = (at + 1) % HOLES;
            c.seeds[at] += 1;
        }
        if c.seeds[at] == 1 {
            break; // empty before: the turn ends
        }
        // S5: never a claim; any occupied hole relays.
        hand = c.seeds[at];
        c.seeds[at] = 0;
    }
    c.to_move = me.other();
    Some(c)
}

/// S7–S12 from hole `start`; `None` for an endless sowing.
fn sow(s: &Setup, start: usize) -> Option<Setup> {
    let me = s.to_move;
    let mut c = s.clone();
    let mut hand = c.seeds[start];
    c.seeds[start] = 0;
    let mut at = start;
    let mut seen = HashSet::new();
    loop {
        if !seen.insert((c.seeds.clone(), hand, at)) {
            return None;
        }
        for _ in 0..hand {
            at = (at + 1) % HOLES;
            c.seeds[at] += 1;
        }
        match claimer(s, at) {
            Some(p) if p == me => {
                c.to_move = me.other(); // S8.1
                return Some(c);
            }
            Some(_) => {
                // S8.2, S9, S10: the last seed, and one more if there was one.
                let take = if c.seeds[at] >= 2 { 2 } else { 1 };
                c.seeds[at] -= take;
                c.stores[me.index()] += take;
                c.to_move = me;
                return Some(c);
            }
            None => {}
        }
        if c.seeds[at] == 1 {
            c.to_move = me.other(); // S8.3
            return Some(c);
        }
        if owner(s, at) != me && c.seeds[at] == 4 {
            c.marks[at] = Some(Mark {
                kind: MarkKind::Claim,
                owner: me,
            }); // S8.4
            c.to_move = me.other();
            return Some(c);
        }
        hand = c.seeds[at];
        c.seeds[at] = 0;
    }
}

/// S16: the round totals (A, B).
pub fn totals(s: &Setup) -> [u32; 2] {
    let (to, _, _) = options(s);
    let mut t = [s.stores[0], s.stores[1]];
    for i in 0..HOLES {
        let credited = match (claimer(s, i), to) {
            (None, _) => owner(s, i),
            (Some(p), ClaimsScoreTo::Creator) => p,
            (Some(_), ClaimsScoreTo::SideOwner) => owner(s, i),
        };
        t[credited.index()] += s.seeds[i];
    }
    t
}

/// S18–S21: the set-up of the next round, or `None` when the match is over.
pub fn next_round(s: &Setup) -> Option<Setup> {
    let t = totals(s);
    if t[0] <= 1 || t[1] <= 1 {
        return None;
    }
    let holes = |x: u32| -> usize {
        let h = x / 3;
        (if x % 3 == 2 { h + 1 } else { h }) as usize
    };
    let mut owners: Vec<Player> = (0..HOLES)
        .map(|i| if i < 9 { Player::B } else { Player::A })
        .collect();
    for p in [Player::A, Player::B] {
        let extra = holes(t[p.index()]).saturating_sub(9);
        // S19: the middle holes 9, 8, 7 of the other player, then his outer row 6 … 1.
        let base = if p == Player::B { 9 } else { 0 };
        for k in [9, 8, 7, 6, 5, 4, 3, 2, 1].into_iter().take(extra) {
            owners[base + k - 1] = p;
        }
    }
    assert_eq!(holes(t[0]) + holes(t[1]), HOLES, "S18: sizes add up to 18");
    let opener = s
        .opener
        .expect("Sulus Nishtaw positions name the opener")
        .other();
    let rows = owners
        .iter()
        .enumerate()
        .all(|(i, p)| *p == if i < 9 { Player::B } else { Player::A });
    Some(Setup {
        variant: s.variant,
        seeds: vec![3; HOLES],
        owners: (!rows).then_some(owners),
        marks: vec![None; HOLES],
        stores: [0, 0],
        reserves: [0, 0],
        to_move: opener,
        round: s.round + 1,
        opener: Some(opener),
        opening_pending: true,
        right: None,
    })
}
