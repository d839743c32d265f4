//! Uugg, again, from `uugg.md` §2, with endless sowings found by Brent's cycle finder over the
//! lap-start states (the engine compares each lap start with the first one).

use rules_core::{Balla, Mark, MarkKind, Player, Setup, Variant};

/// Who owns each hole this round (U1, U21).
fn owners(s: &Setup) -> Vec<Player> {
    let n = s.seeds.len() / 2;
    match &s.owners {
        Some(o) => o.clone(),
        None => (0..2 * n)
            .map(|i| if i < n { Player::B } else { Player::A })
            .collect(),
    }
}

/// The creator of the uugg in hole `i`, if it is one.
fn uugg_of(s: &Setup, i: usize) -> Option<Player> {
    match s.marks[i] {
        Some(Mark {
            kind: MarkKind::Uugg,
            owner,
        }) => Some(owner),
        _ => None,
    }
}

fn name(s: &Setup, i: usize) -> String {
    let n = s.seeds.len() / 2;
    if i < n {
        format!("{}B", i + 1)
    } else {
        format!("{}A", i - n + 1)
    }
}

/// A lap-start state: the board, the hole the seeds in hand were lifted from, the seeds in hand.
#[derive(Clone, PartialEq, Eq)]
struct LapState {
    board: Vec<u32>,
    at: usize,
    hand: u32,
}

/// Sows one lap counterclockwise and applies U5: `Some(last hole)` if the sowing ends there,
/// `None` after lifting the relay into `st`, which is then the next lap-start state.
fn lap(s: &Setup, me: Player, owner: &[Player], st: &mut LapState) -> Option<usize> {
    let len = st.board.len();
    let mut at = st.at;
    for _ in 0..st.hand {
        at = (at + 1) % len;
        st.board[at] += 1;
    }
    let ends = uugg_of(s, at).is_some() // U5.1
        || st.board[at] == 1 // U5.2
        || (owner[at] != me && st.board[at] == 4); // U5.3
    if ends {
        st.at = at;
        st.hand = 0;
        return Some(at);
    }
    st.hand = st.board[at]; // U5.4
    st.board[at] = 0;
    st.at = at;
    None
}

/// The end of the sowing that starts with `first` (board after the drops, last hole), or `None`
/// if it never ends (U15), by Brent's algorithm: the hare runs ahead, the tortoise jumps to it at
/// every power of two.
fn run(s: &Setup, me: Player, owner: &[Player], first: LapState) -> Option<(Vec<u32>, usize)> {
    let mut tortoise = first.clone();
    let mut hare = first;
    if let Some(at) = lap(s, me, owner, &mut hare) {
        return Some((hare.board, at));
    }
    let (mut power, mut lambda) = (1u64, 1u64);
    while tortoise != hare {
        if power == lambda {
            tortoise.clone_from(&hare);
            power *= 2;
            lambda = 0;
        }
        if let Some(at) = lap(s, me, owner, &mut hare) {
            return Some((hare.board, at));
        }
        lambda += 1;
    }
    None
}

/// The period in laps of the endless sowing from hole `i` of the player to move, or `None` if it
/// ends. Used by `cargo xtask uugg-endless` to report what it finds.
pub fn endless_period(s: &Setup, i: usize) -> Option<u64> {
    let me = s.to_move;
    let owner = owners(s);
    let mut board = s.seeds.clone();
    let hand = board[i];
    board[i] = 0;
    let first = LapState { board, at: i, hand };
    if run(s, me, &owner, first.clone()).is_some() {
        return None;
    }
    // The sowing is purely periodic (README §4): the period is the number of laps until the first
    // state comes back.
    let mut x = first.clone();
    let mut laps = 0;
    loop {
        let ended = lap(s, me, &owner, &mut x);
        assert!(ended.is_none(), "an endless sowing does not end");
        laps += 1;
        if x == first {
            return Some(laps);
        }
    }
}

/// The moves of `me` (start hole index, child), possibly with duplicates.
fn moves(s: &Setup, me: Player) -> Vec<(usize, Setup)> {
    let len = s.seeds.len();
    let owner = owners(s);
    let Variant::Uugg(o) = s.variant else {
        panic!("not a Uugg setup")
    };
    let playable = |i: usize| owner[i] == me && uugg_of(s, i).is_none() && s.seeds[i] > 0;
    // U9: a lone seed before an uugg of the opponent.
    let balla =
        |i: usize| playable(i) && s.seeds[i] == 1 && uugg_of(s, (i + 1) % len) == Some(me.other());
    let any_balla = (0..len).any(balla);
    let mut out = vec![];
    for i in 0..len {
        if !playable(i) {
            continue;
        }
        if balla(i) {
            let u = (i + 1) % len;
            let mut c = s.clone();
            c.seeds[i] = 0;
            c.stores[me.index()] += 1;
            if c.seeds[u] > 0 {
                c.seeds[u] -= 1; // U9; an empty uugg gives nothing (U12)
                c.stores[me.index()] += 1;
            }
            c.to_move = me.other(); // U11
            out.push((i, c));
            continue;
        }
        if any_balla && o.balla == Balla::Compulsory {
            continue; // U10
        }
        let mut board = s.seeds.clone();
        let hand = board[i];
        board[i] = 0;
        let Some((board, last)) = run(s, me, &owner, LapState { board, at: i, hand }) else {
            continue; // U15
        };
        let mut c = s.clone();
        if uugg_of(s, last).is_none() && board[last] == 4 && owner[last] != me {
            c.marks[last] = Some(Mark {
                kind: MarkKind::Uugg,
                owner: me,
            }); // uagga, U5.3
        }
        c.seeds = board;
        c.to_move = me.other();
        out.push((i, c));
    }
    out
}

/// The children of `s` by the reference rules, possibly with duplicates.
pub fn children(s: &Setup) -> Vec<(String, Setup)> {
    let me = s.to_move;
    let mine = moves(s, me);
    if mine.is_empty() {
        // U14 and U17: pass if the opponent can move, otherwise the round is over.
        if moves(s, me.other()).is_empty() {
            return vec![];
        }
        let mut c = s.clone();
        c.to_move = me.other();
        return vec![("pass".into(), c)];
    }
    mine.into_iter().map(|(i, c)| (name(s, i), c)).collect()
}

/// The round scores (A, B) of a finished round (U18, with U17's seeds in one's own free holes),
/// by the reference rules.
pub fn scores(s: &Setup) -> [u32; 2] {
    let owner = owners(s);
    let mut out = s.stores;
    for (i, &x) in s.seeds.iter().enumerate() {
        let to = uugg_of(s, i).unwrap_or(owner[i]);
        out[to.index()] += x;
    }
    out
}

/// What follows a finished round by the reference rules (U19–U23): the next round's set-up, or
/// the winner of the match.
pub fn next_round(s: &Setup) -> Result<Setup, Player> {
    let sc = scores(s);
    for p in [Player::A, Player::B] {
        if sc[p.index()] <= 2 {
            return Err(p.other()); // U22
        }
    }
    let n = s.seeds.len() / 2;
    let mut next = s.clone();
    next.seeds = vec![4; 2 * n];
    next.marks = vec![None; 2 * n];
    next.stores = [0, 0];
    next.round += 1;
    next.opener = s.opener.map(Player::other); // U23
    next.to_move = next.opener.expect("Uugg positions have an opener");
    if sc[0] == sc[1] {
        next.owners = None; // U20: each his own row
        return Ok(next);
    }
    let high = if sc[0] > sc[1] { Player::A } else { Player::B };
    // U20: the higher scorer's row from hole N down to 1, then the other row from N down to 1.
    let row = |p: Player| -> Vec<usize> {
        (1..=n)
            .rev()
            .map(|k| if p == Player::B { k - 1 } else { n + k - 1 })
            .collect()
    };
    let order: Vec<usize> = row(high).into_iter().chain(row(high.other())).collect();
    // U19: a hole per 4 seeds, one more for 3 over (completed with the other's seed).
    let x = sc[high.index()];
    let mut take = (x / 4) as usize + usize::from(x % 4 == 3);
    if x % 4 == 2 && owners(s)[order[take]] == high {
        take += 1; // the 2 + 2 hole keeps its owner
    }
    let mut own = vec![high.other(); 2 * n];
    for &i in &order[..take] {
        own[i] = high;
    }
    let rows = (0..2 * n).all(|i| own[i] == if i < n { Player::B } else { Player::A });
    next.owners = (!rows).then_some(own);
    Ok(next)
}
