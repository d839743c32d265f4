//! Forged proofs (issue 34): real proofs of small positions (`analysis::proof::prove`), edited as
//! a forger would edit them, with the checksum written again each time, and the truth of every
//! claim of a proof from the exact solver ([`crate::exact`]). The proof checker must accept a
//! proof only when every claim in it is true: the property test of `tests/analysis/forgery.rs`
//! and the fuzz target `proof` hold it to that.
//!
//! A [`Draft`] is a proof file as words (the header's fields, each node's number, claim, position
//! and moves), so that an edit can make a word anything; [`Draft::text`] writes the file with the
//! node count and the checksum of what the body has become (unless an edit set them).

use crate::exact::Reference;
use analysis::value::Outcome;
use notation::parse_position;
use rules_core::{Position, StatedOptions, Variant};
use std::fmt::Write as _;

/// The forgery issue 34 gives, byte for byte: the proof of the Bechi 2×3 ending of
/// `tests/analysis/hand.rs` (−14 for B) with `>=99` at the root, `<=-99` at its child,
/// `>=-2147483648` at the grandchildren, the upper half weakened to `<=99`, the checksum written
/// again. A checker that turned claims round in `i32` said "valid ... is 99 for the player to
/// move, exact".
pub const ISSUE_34: &str = "\
mancala-proof 1
game bechi holes=3
root bechi 0,2*,0/3*,0,1* B store=20,10 opener=B
value 99
nodes 9
lower 0
upper 6
checksum fnv1a64 9376f6ca231607d3

0 >=99 bechi 0,2*,0/3*,0,1* B store=20,10 opener=B ; 1B 1
1 <=-99 bechi 1,3*,0/1*,0,1* A store=20,10 opener=B ; 2A+ 3 2A- 2
2 >=-2147483648 bechi 1,1*,1/1*,0,0* B store=22,10 opener=B ;
3 >=-2147483648 bechi 2,1*,0/0*,0,1* B store=22,10 opener=B ; pass 4
4 <=14 bechi 2,1*,0/0*,0,1* A store=22,10 opener=B ; 3A 5
5 >=-14 bechi 1*,1*,0/1*,0,1* B store=22,10 opener=B ;
6 <=99 bechi 0,2*,0/3*,0,1* B store=20,10 opener=B ; 1B 7
7 >=-99 bechi 1,3*,0/1*,0,1* A store=20,10 opener=B ; 2A- 8
8 <=-14 bechi 1,1*,1/1*,0,0* B store=22,10 opener=B ;
";

/// [`ISSUE_34`] under a value the root can have (−4, B's highest margin there), the claims
/// with it: refused at its first `>=-2147483648`, not at its value.
#[must_use]
pub fn issue_34_in_range() -> String {
    resealed(
        &ISSUE_34
            .replace("value 99", "value -4")
            .replace(">=99 ", ">=-4 ")
            .replace("<=-99 ", "<=4 ")
            .replace("<=99 ", "<=-4 ")
            .replace(">=-99 ", ">=4 "),
    )
}

/// A proof file's text with the checksum of its body, whatever the body holds.
///
/// # Panics
/// `text` has no empty line.
#[must_use]
pub fn resealed(text: &str) -> String {
    let (head, body) = text.split_once("\n\n").expect("a header and a body");
    let sum = format!(
        "checksum fnv1a64 {:016x}",
        proof_check::fnv1a64(body.as_bytes())
    );
    let head: Vec<String> = head
        .lines()
        .map(|l| {
            if l.starts_with("checksum ") {
                sum.clone()
            } else {
                l.to_owned()
            }
        })
        .collect();
    format!("{}\n\n{body}", head.join("\n"))
}

/// A proof file as its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    pub version: String,
    pub game: String,
    pub root: String,
    pub value: String,
    /// The `nodes` line when an edit set it; otherwise the number of node lines.
    pub count: Option<String>,
    pub lower: String,
    pub upper: String,
    /// The checksum when an edit set it; otherwise that of the body.
    pub checksum: Option<String>,
    pub body: Vec<NodeLine>,
}

/// A node line as its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeLine {
    pub number: String,
    pub claim: String,
    pub position: String,
    /// Each move followed and the node it leads to.
    pub moves: Vec<(String, String)>,
}

impl NodeLine {
    /// The line, without its end.
    fn text(&self) -> String {
        let mut s = format!("{} {} {} ;", self.number, self.claim, self.position);
        for (m, c) in &self.moves {
            let _ = write!(s, " {m} {c}");
        }
        s
    }

    /// The claim's direction (`>=` or `<=`) and number, if it has both.
    fn bound(&self) -> Option<(&str, i64)> {
        let (dir, n) = self.claim.split_at_checked(2)?;
        Some((dir, n.parse().ok()?))
    }
}

impl Draft {
    /// The words of a proof file as the prover writes it.
    ///
    /// # Panics
    /// `text` is not such a file.
    #[must_use]
    pub fn read(text: &str) -> Draft {
        let (head, body) = text.split_once("\n\n").expect("a header and a body");
        let field = |key: &str| -> String {
            head.lines()
                .find_map(|l| l.strip_prefix(key)?.strip_prefix(' '))
                .unwrap_or_else(|| panic!("a `{key}` line"))
                .to_owned()
        };
        let body = body
            .lines()
            .map(|l| {
                let (node, moves) = l.split_once(" ;").expect("` ;` in a node line");
                let mut words = node.splitn(3, ' ');
                let mut next = || words.next().unwrap_or_default().to_owned();
                let (number, claim, position) = (next(), next(), next());
                let moves: Vec<&str> = moves.split_whitespace().collect();
                NodeLine {
                    number,
                    claim,
                    position,
                    moves: moves
                        .chunks(2)
                        .map(|p| (p[0].to_owned(), p[1].to_owned()))
                        .collect(),
                }
            })
            .collect();
        Draft {
            version: field("mancala-proof"),
            game: field("game"),
            root: field("root"),
            value: field("value"),
            count: None,
            lower: field("lower"),
            upper: field("upper"),
            checksum: None,
            body,
        }
    }

    /// The file: the header with the node count and the checksum of the body as it is now
    /// (unless an edit set them), the empty line, the body.
    #[must_use]
    pub fn text(&self) -> String {
        let body: String = self.body.iter().map(|n| n.text() + "\n").collect();
        let count = self
            .count
            .clone()
            .unwrap_or_else(|| self.body.len().to_string());
        let sum = self
            .checksum
            .clone()
            .unwrap_or_else(|| format!("fnv1a64 {:016x}", proof_check::fnv1a64(body.as_bytes())));
        format!(
            "mancala-proof {}\ngame {}\nroot {}\nvalue {}\nnodes {count}\nlower {}\nupper \
             {}\nchecksum {sum}\n\n{body}",
            self.version, self.game, self.root, self.value, self.lower, self.upper
        )
    }

    /// The node line `i` names, wrapping round (an edit's index may be anything).
    fn pick(&self, i: usize) -> Option<usize> {
        (!self.body.is_empty()).then(|| i % self.body.len())
    }

    /// The forgery of issue 34, of any value: the header's value and both roots set to `value`,
    /// each node below claiming what its parent needs (the claim of its parent, turned round
    /// when the turn passes), down to a node of the other player where its parent needs "at
    /// most": that node claims `>=-2147483648`, which a checker that turns claims round in `i32`
    /// reads as `<=-2147483648` for the parent, less than any bound.
    pub fn forge_overflow(&mut self, value: i64) {
        let (Ok(lower), Ok(upper)) = (self.lower.parse::<usize>(), self.upper.parse::<usize>())
        else {
            return;
        };
        self.value = value.to_string();
        let mut done = vec![false; self.body.len()];
        self.need(lower, true, value, &mut done);
        self.need(upper, false, value, &mut done);
    }

    /// Node `i` made to claim at least (`at_least`) or at most `b`, and its children what that
    /// needs.
    fn need(&mut self, i: usize, at_least: bool, b: i64, done: &mut [bool]) {
        let Some(seen) = done.get_mut(i).filter(|d| !**d) else {
            return;
        };
        *seen = true;
        let dir = if at_least { ">=" } else { "<=" };
        self.body[i].claim = format!("{dir}{b}");
        let me = mover(&self.body[i].position).to_owned();
        let children: Vec<usize> = self.body[i]
            .moves
            .iter()
            .filter_map(|(_, c)| c.parse().ok())
            .collect();
        for c in children {
            let Some(child) = self.body.get(c) else {
                continue;
            };
            let same = mover(&child.position) == me;
            match (at_least, same) {
                (false, false) => {
                    if let Some(d) = done.get_mut(c).filter(|d| !**d) {
                        *d = true;
                        self.body[c].claim = format!(">={}", i32::MIN);
                    }
                }
                (false, true) => self.need(c, false, b, done),
                (true, false) => self.need(c, false, -b, done),
                (true, true) => self.need(c, true, b, done),
            }
        }
    }

    /// Applies an edit.
    pub fn apply(&mut self, edit: &Edit) {
        match *edit {
            Edit::Shift { node, by } => self.shift(node, i64::from(by)),
            Edit::Flip { node } => {
                if let Some(n) = self.pick(node).map(|i| &mut self.body[i]) {
                    n.claim = flip(&n.claim);
                }
            }
            Edit::Extreme { node, which } => {
                if let Some(n) = self.pick(node).map(|i| &mut self.body[i]) {
                    let dir = n.claim.get(..2).unwrap_or(">=").to_owned();
                    n.claim = format!("{dir}{}", EXTREMES[which % EXTREMES.len()]);
                }
            }
            Edit::Spell { node, which } => {
                if let Some(n) = self.pick(node).map(|i| &mut self.body[i]) {
                    n.claim = respell(&n.claim, which);
                }
            }
            Edit::Drop { node, k } => {
                if let Some(n) = self.pick(node).map(|i| &mut self.body[i])
                    && !n.moves.is_empty()
                {
                    n.moves.remove(k % n.moves.len());
                }
            }
            Edit::Double { node, k } => {
                if let Some(n) = self.pick(node).map(|i| &mut self.body[i])
                    && !n.moves.is_empty()
                {
                    let k = k % n.moves.len();
                    n.moves.insert(k, n.moves[k].clone());
                }
            }
            Edit::Redirect { node, k, to } => {
                let len = self.body.len();
                if let Some(n) = self.pick(node).map(|i| &mut self.body[i])
                    && !n.moves.is_empty()
                {
                    let k = k % n.moves.len();
                    // Mostly to a node of the file, sometimes past its end.
                    n.moves[k].1 = (to % (len + 2)).to_string();
                }
            }
            Edit::Token { node, k, from, j } => self.token(node, k, from, j),
            Edit::Swap { a, b, renumber } => self.swap(a, b, renumber),
            Edit::Copy { node, redirect } => self.copy(node, redirect),
            Edit::Remove { node } => {
                if let Some(i) = self.pick(node) {
                    self.body.remove(i);
                }
            }
            Edit::Position { node, from } => {
                if let (Some(i), Some(f)) = (self.pick(node), self.pick(from)) {
                    self.body[i].position = self.body[f].position.clone();
                }
            }
            Edit::Value { by, roots } => self.value(i64::from(by), roots),
            Edit::Roots { lower, upper } => {
                let len = self.body.len() + 1;
                self.lower = (lower % len).to_string();
                self.upper = (upper % len).to_string();
            }
            Edit::Count { by } => {
                let n = i64::try_from(self.body.len()).unwrap_or(0) + i64::from(by);
                self.count = Some(n.to_string());
            }
            Edit::Header { which } => self.header(which),
            Edit::Issue { by } => {
                let v = self.value.parse::<i64>().unwrap_or(0);
                self.forge_overflow(v.saturating_add(i64::from(by)));
            }
            Edit::Byte { node, at, byte } => {
                if let Some(n) = self.pick(node).map(|i| &mut self.body[i]) {
                    let mut bytes = std::mem::take(&mut n.position).into_bytes();
                    bytes.insert(at % (bytes.len() + 1), byte);
                    n.position = String::from_utf8_lossy(&bytes).into_owned();
                }
            }
        }
    }

    fn shift(&mut self, node: usize, by: i64) {
        if let Some(n) = self.pick(node).map(|i| &mut self.body[i])
            && let Some((dir, b)) = n.bound()
        {
            n.claim = format!("{dir}{}", b.saturating_add(by));
        }
    }

    /// Move `k` of a node gets the token of move `j` of node `from`.
    fn token(&mut self, node: usize, k: usize, from: usize, j: usize) {
        let (Some(i), Some(f)) = (self.pick(node), self.pick(from)) else {
            return;
        };
        let Some(t) = (!self.body[f].moves.is_empty())
            .then(|| self.body[f].moves[j % self.body[f].moves.len()].0.clone())
        else {
            return;
        };
        let moves = &mut self.body[i].moves;
        if !moves.is_empty() {
            let k = k % moves.len();
            moves[k].0 = t;
        }
    }

    /// Exchanges two node lines; `renumber` keeps the graph: the lines keep their numbers' places
    /// and every move follows its node.
    fn swap(&mut self, a: usize, b: usize, renumber: bool) {
        let (Some(a), Some(b)) = (self.pick(a), self.pick(b)) else {
            return;
        };
        self.body.swap(a, b);
        if !renumber {
            return;
        }
        let (sa, sb) = (a.to_string(), b.to_string());
        self.body[a].number.clone_from(&sa);
        self.body[b].number.clone_from(&sb);
        for n in &mut self.body {
            for (_, c) in &mut n.moves {
                if *c == sa {
                    c.clone_from(&sb);
                } else if *c == sb {
                    c.clone_from(&sa);
                }
            }
        }
        for root in [&mut self.lower, &mut self.upper] {
            if *root == sa {
                root.clone_from(&sb);
            } else if *root == sb {
                root.clone_from(&sa);
            }
        }
    }

    /// A copy of a node line at the end, numbered next; with `redirect`, the first move that
    /// reaches the node reaches the copy instead.
    fn copy(&mut self, node: usize, redirect: bool) {
        let Some(i) = self.pick(node) else {
            return;
        };
        let mut line = self.body[i].clone();
        let new = self.body.len().to_string();
        line.number.clone_from(&new);
        self.body.push(line);
        if redirect {
            let old = i.to_string();
            if let Some(m) = self
                .body
                .iter_mut()
                .flat_map(|n| n.moves.iter_mut())
                .find(|(_, c)| *c == old)
            {
                m.1 = new;
            }
        }
    }

    /// The header's value moved by `by`; with `roots`, both roots' claims too.
    fn value(&mut self, by: i64, roots: bool) {
        let v = self.value.parse::<i64>().unwrap_or(0).saturating_add(by);
        self.value = v.to_string();
        if roots {
            for (root, dir) in [(self.lower.clone(), ">="), (self.upper.clone(), "<=")] {
                if let Some(n) = root
                    .parse::<usize>()
                    .ok()
                    .and_then(|r| self.body.get_mut(r))
                {
                    n.claim = format!("{dir}{v}");
                }
            }
        }
    }

    /// A header field spelt otherwise: the same meaning, another text (or a slightly other one).
    fn header(&mut self, which: usize) {
        let respelt = |s: &str| respell(&format!(">={s}"), which)[2..].to_owned();
        match which % 9 {
            0 => self.value = respelt(&self.value),
            1 => self.lower = respelt(&self.lower),
            2 => self.upper = respelt(&self.upper),
            3 => self.count = Some(respelt(&self.body.len().to_string())),
            4 => self.version = respelt(&self.version),
            5 => {
                // An option given twice, or the defaults written out.
                let first = self.game.split(' ').nth(1).map(str::to_owned);
                match first {
                    Some(o) => self.game = format!("{} {o}", self.game),
                    None => self.game.push_str(" holes=4"),
                }
            }
            6 => self.game.push(' '),
            7 => {
                let sum = self.text();
                let sum = sum
                    .lines()
                    .find_map(|l| l.strip_prefix("checksum "))
                    .unwrap_or_default();
                self.checksum = Some(sum.to_uppercase().replace("FNV1A64", "fnv1a64"));
            }
            _ => self.root.push(' '),
        }
    }
}

/// The player to move of a position string (its third word).
fn mover(position: &str) -> &str {
    position.split(' ').nth(2).unwrap_or_default()
}

/// `>=b` as `<=b` and back.
fn flip(claim: &str) -> String {
    if let Some(n) = claim.strip_prefix(">=") {
        format!("<={n}")
    } else if let Some(n) = claim.strip_prefix("<=") {
        format!(">={n}")
    } else {
        claim.to_owned()
    }
}

/// Bounds no claim may hold: the ends of `i32` and past them, past `i64`, and far outside any
/// round.
const EXTREMES: [&str; 12] = [
    "-2147483648",
    "2147483647",
    "-2147483647",
    "2147483648",
    "-2147483649",
    "4294967296",
    "-4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "99999999999999999999",
    "-1000",
    "1000",
];

/// The same claim in another spelling: a sign, leading zeros, `-0`, spaces, another minus.
fn respell(claim: &str, which: usize) -> String {
    let (dir, n) = claim.split_at_checked(2).unwrap_or((">=", "0"));
    let (sign, digits) = n.strip_prefix('-').map_or(("", n), |d| ("-", d));
    let spelt = match which % 8 {
        0 => format!("+{n}"),
        1 => format!("{sign}0{digits}"),
        2 => format!("-{n}").replacen("--", "-", 1).replace("-0", "-00"),
        3 => format!("{n} "),
        4 => format!(" {n}"),
        5 => format!("{sign}{digits}\u{200b}"),
        6 => n.replacen('-', "\u{2212}", 1),
        _ => {
            if digits == "0" {
                "-0".to_owned()
            } else {
                format!("{sign}000{digits}")
            }
        }
    };
    format!("{dir}{spelt}")
}

/// An edit of a proof (indices wrap round the body).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// A claim's bound moved by `by`.
    Shift { node: usize, by: i16 },
    /// `>=` and `<=` exchanged.
    Flip { node: usize },
    /// A bound set to one of the extremes (the ends of `i32`, past `i64`, far outside a round).
    Extreme { node: usize, which: usize },
    /// A claim in another spelling.
    Spell { node: usize, which: usize },
    /// A move dropped.
    Drop { node: usize, k: usize },
    /// A move written twice.
    Double { node: usize, k: usize },
    /// A move led to another node.
    Redirect { node: usize, k: usize, to: usize },
    /// A move's token replaced by another node's.
    Token {
        node: usize,
        k: usize,
        from: usize,
        j: usize,
    },
    /// Two node lines exchanged, their numbers and the moves to them kept or changed with them.
    Swap { a: usize, b: usize, renumber: bool },
    /// A node written twice, a move to it led to the copy or not.
    Copy { node: usize, redirect: bool },
    /// A node line removed.
    Remove { node: usize },
    /// A node's position replaced by another node's.
    Position { node: usize, from: usize },
    /// The header's value moved, the roots' claims with it or not.
    Value { by: i16, roots: bool },
    /// The roots' numbers changed.
    Roots { lower: usize, upper: usize },
    /// The `nodes` line off by `by`.
    Count { by: i8 },
    /// A header field in another spelling.
    Header { which: usize },
    /// The forgery of issue 34 ([`Draft::forge_overflow`]), of the value moved by `by`.
    Issue { by: i16 },
    /// A byte inserted in a node's position string.
    Byte { node: usize, at: usize, byte: u8 },
}

impl Edit {
    /// The edits that `bytes` spell, as the fuzz target reads them: each an operation byte, then
    /// its arguments, a byte or two each.
    #[must_use]
    pub fn decode(bytes: &[u8]) -> Vec<Edit> {
        let mut r = Reader(bytes);
        let mut edits = Vec::new();
        while !r.0.is_empty() {
            let edit = match r.byte() % 18 {
                0 => Edit::Shift {
                    node: r.index(),
                    by: i16::from(r.signed()),
                },
                1 => Edit::Flip { node: r.index() },
                2 => Edit::Extreme {
                    node: r.index(),
                    which: r.index(),
                },
                3 => Edit::Spell {
                    node: r.index(),
                    which: r.index(),
                },
                4 => Edit::Drop {
                    node: r.index(),
                    k: r.index(),
                },
                5 => Edit::Double {
                    node: r.index(),
                    k: r.index(),
                },
                6 => Edit::Redirect {
                    node: r.index(),
                    k: r.index(),
                    to: r.index(),
                },
                7 => Edit::Token {
                    node: r.index(),
                    k: r.index(),
                    from: r.index(),
                    j: r.index(),
                },
                8 => Edit::Swap {
                    a: r.index(),
                    b: r.index(),
                    renumber: r.flag(),
                },
                9 => Edit::Copy {
                    node: r.index(),
                    redirect: r.flag(),
                },
                10 => Edit::Remove { node: r.index() },
                11 => Edit::Position {
                    node: r.index(),
                    from: r.index(),
                },
                12 => Edit::Value {
                    by: i16::from(r.signed()),
                    roots: r.flag(),
                },
                13 => Edit::Roots {
                    lower: r.index(),
                    upper: r.index(),
                },
                14 => Edit::Count { by: r.signed() },
                15 => Edit::Header { which: r.index() },
                16 => Edit::Issue {
                    by: i16::from(r.signed()),
                },
                _ => Edit::Byte {
                    node: r.index(),
                    at: r.index(),
                    byte: r.byte(),
                },
            };
            edits.push(edit);
        }
        edits
    }
}

/// The bytes of a fuzz input, read one at a time; past their end, zeros.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn byte(&mut self) -> u8 {
        let Some((&b, rest)) = self.0.split_first() else {
            return 0;
        };
        self.0 = rest;
        b
    }

    /// An index, wrapped round where it is used.
    fn index(&mut self) -> usize {
        usize::from(self.byte())
    }

    fn signed(&mut self) -> i8 {
        i8::from_ne_bytes([self.byte()])
    }

    /// An even byte: yes.
    fn flag(&mut self) -> bool {
        self.byte().is_multiple_of(2)
    }
}

/// A real proof to forge: its root, its exact value and file, and the truth of every position
/// reachable from its root.
pub struct Case {
    /// The game line and the root position string.
    pub name: String,
    pub root: Position,
    pub value: i32,
    pub proof: String,
    pub truth: Reference,
}

/// Small positions of every game with an exact value (both conventions for endless play give
/// it), with proofs of 9 to 57 nodes and at most 14,000 positions reachable: endings of Bechi
/// 2×3 (`hand.rs`'s), Giuthi 2×5 with 4 seeds (repeat moves, G13), Sulus Nishtaw (repeat
/// moves, S10), Uugg 2×5 and Redu (a pending right, R19, R20), from random games.
pub const POSITIONS: [(&str, &str); 7] = [
    (
        "bechi holes=3",
        "bechi 0,2*,0/3*,0,1* B store=20,10 opener=B",
    ),
    (
        "bechi holes=3",
        "bechi 2*,1*,0/6,0,3* B store=12,12 opener=B",
    ),
    (
        "giuthi holes=5 seeds=4",
        "giuthi 0,0,0,2,0/3,0,0,1,1 A store=12,21",
    ),
    (
        "sulus-nishtaw",
        "sulus-nishtaw 0,6b,1,0,7b,7b/0,0,1,7a,1,1/14a,1,0,1,1,0 B store=0,6 opener=B",
    ),
    (
        "uugg holes=5",
        "uugg 16b,0,3b,1,2/1,3,0,8a,0 B store=6,0 opener=B",
    ),
    (
        "redu",
        "redu 0,0,0,1,0,1/0,1,0,0,0,1 A store=21,23 right=O1:3A",
    ),
    (
        "redu",
        "redu 1,0,1,0,0,0/0,0,1,0,0,1 B store=17,27 right=O2:3B",
    ),
];

/// The position `text` of the game `game` (a proof's `game` line).
///
/// # Panics
/// Not a legal position of that game.
#[must_use]
pub fn position(game: &str, text: &str) -> Position {
    let options = stated(game).expect("a game line");
    let setup = parse_position(text, Some(&options)).expect("a position string");
    Position::from_setup(&setup).expect("a legal position")
}

/// The options of a proof's `game` line, every option stated.
fn stated(game: &str) -> Option<StatedOptions> {
    let mut words = game.split(' ');
    let mut variant = Variant::default_for(words.next()?.parse().ok()?);
    for kv in words {
        variant.set_option_str(kv).ok()?;
    }
    StatedOptions::new(variant, variant.option_keys()).ok()
}

impl Case {
    /// The case of a position: its reachable positions solved, its exact value proved.
    ///
    /// # Panics
    /// More than `limit` positions are reachable, or the value is not exact.
    #[must_use]
    pub fn new(game: &str, text: &str, limit: usize) -> Case {
        let root = position(game, text);
        let truth = Reference::solve(&root, limit).expect("a small position");
        let value = match truth.of(&root) {
            [Outcome::Seeds(best), Outcome::Seeds(worst)] if best == worst => best,
            other => panic!("{text}: no exact value, {other:?}"),
        };
        let proof = analysis::proof::prove(&root, value).expect("an exact value has a proof");
        let mut file = Vec::new();
        proof.write(&mut file).expect("written in memory");
        Case {
            name: format!("{game}: {text}"),
            root,
            value,
            proof: String::from_utf8(file).expect("UTF-8"),
            truth,
        }
    }
}

/// The claims of an accepted proof that are false: each node's claim against the truth (`<= b`
/// holds when the player to move's opponent can hold him to `b` or less on lines that all end,
/// `>= b` when he can make sure of `b` or more on lines that all end). Empty when every claim is
/// true; a node whose position or claim cannot be read, or whose position the root does not
/// reach, counts as false.
#[must_use]
pub fn false_claims(text: &str, truth: &Reference) -> Vec<String> {
    let Some((head, body)) = text.split_once("\n\n") else {
        return vec!["no header".to_owned()];
    };
    let Some(options) = head
        .lines()
        .find_map(|l| l.strip_prefix("game "))
        .and_then(stated)
    else {
        return vec!["no game line".to_owned()];
    };
    let mut out = Vec::new();
    for line in body.lines() {
        let Some((node, _)) = line.split_once(" ;") else {
            out.push(format!("`{line}`: no ` ;`"));
            continue;
        };
        let mut words = node.splitn(3, ' ');
        let (_, claim, text) = (words.next(), words.next(), words.next());
        let position = text
            .and_then(|t| parse_position(t, Some(&options)).ok())
            .and_then(|s| Position::from_setup(&s).ok());
        let bound = claim.and_then(|c| Some((c.get(..2)?, c.get(2..)?.parse::<i64>().ok()?)));
        let (Some(p), Some((dir, b))) = (position, bound) else {
            out.push(format!("`{line}`: unreadable"));
            continue;
        };
        let Some([best, worst]) = truth.get(&p) else {
            out.push(format!("`{line}`: not reachable from the root"));
            continue;
        };
        let holds = match (dir, best, worst) {
            ("<=", Outcome::Seeds(v), _) => i64::from(v) <= b,
            (">=", _, Outcome::Seeds(v)) => i64::from(v) >= b,
            _ => false,
        };
        if !holds {
            out.push(format!(
                "`{line}`: the truth is {best:?} (endless play his best), {worst:?} (his worst)"
            ));
        }
    }
    out
}
