//! Boards as SVG pictures, drawn as the rules files draw them (rules README §2): rows from the
//! top, each left to right as B sees the board; on 2×N the top row is A's, NA down to 1A, the
//! bottom row B's, 1B up to NB; on the 3×6 board the middle row is 7A 8A 9A 9B 8B 7B, split
//! between the players.
//!
//! A picture shows one position: every hole with its seed count and name, tinted by its owner
//! (so territories that are not the rows, and the split middle row, show), a bar between
//! neighbours of different owners, the marks with their owners (Bechi's chosen and blocked holes,
//! Sulus Nishtaw's claims, Uugg's uuggs), a pending Redu right, both stores and the side to move.
//! For a ply it adds the sowing path: one arrow per seed from hole to hole, one colour per lap
//! (relays are new laps), the seeds numbered in the order they fall (every seed of a Redu zigzag),
//! the holes lifted, the holes captured ringed in red with the seeds taken, and the steps of the
//! ply in words with their rule IDs; then a caption from the record: source, ply, comments.
//!
//! The `mancala` command draws with it (`show --svg`, `replay --svg`, the geometry of `replay
//! --html`), and so does the Python package (`Position._repr_svg_`): one drawing, two front ends.
//!
//! The output is plain SVG 1.1 (no scripts, no external resources, no CSS), deterministic byte for
//! byte, so that it can be kept under snapshot tests and rendered by any SVG renderer.

pub mod web;

use rules_core::{Event, LapKind, MarkKind, Player, Position, RightKind, Trace};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What one picture shows.
pub struct Diagram<'a> {
    /// The position drawn: after the ply, if there is one.
    pub position: &'a Position,
    /// The ply that led to it: its trace. The path, captures and lifted holes are drawn from it.
    pub trace: Option<&'a Trace>,
    /// The first line, in bold: the game and what the picture is.
    pub heading: String,
    /// Lines of text under the steps of the ply: source, comments. Each is wrapped.
    pub caption: Vec<String>,
    /// The steps of the ply in words (one per line), from `rules_core::prose::steps`.
    pub steps: Vec<String>,
}

/// A hole's radius, in SVG user units (the replay page draws with the same geometry).
pub const R: f64 = 24.0;
/// The distance between the centres of neighbouring holes of a row.
pub const PITCH_X: f64 = 72.0;
/// The distance between the centres of neighbouring rows.
pub const PITCH_Y: f64 = 88.0;
/// The left edge of the first column's centre.
pub const LEFT: f64 = 56.0;
/// The narrowest picture.
pub const MIN_WIDTH: f64 = 640.0;
const FONT: f64 = 13.0;
/// Above this many seeds sown in a ply, seeds are counted per hole instead of numbered.
pub const NUMBERED_DROPS: usize = 60;
/// At most this many laps get arrows.
pub const DRAWN_LAPS: usize = 12;

const A_INK: &str = "#1f5fa8";
const B_INK: &str = "#a35a00";
const A_TINT: &str = "#e4eefa";
const B_TINT: &str = "#fbedd5";
const CAPTURE: &str = "#c62828";
const LAP_INKS: [&str; 10] = [
    "#6a1b9a", "#00897b", "#d81b60", "#3949ab", "#558b2f", "#e65100", "#00838f", "#8d6e63",
    "#c0ca33", "#5e35b1",
];

fn ink(p: Player) -> &'static str {
    match p {
        Player::A => A_INK,
        Player::B => B_INK,
    }
}

fn tint(p: Player) -> &'static str {
    match p {
        Player::A => A_TINT,
        Player::B => B_TINT,
    }
}

fn lap_ink(k: usize) -> &'static str {
    LAP_INKS[k % LAP_INKS.len()]
}

/// Whether XML 1.0 can hold `c` as it is (§2.2 Characters): no C0 control but the tab, line feed
/// and carriage return; no U+FFFE or U+FFFF (Rust has no surrogates). XML 1.0 also advises
/// against the other controls (DEL, the C1 controls) and the noncharacters; no reader needs them
/// and a renderer shows them as it likes, so they are replaced too.
fn fits_xml(c: char) -> bool {
    let n = u32::from(c);
    let control = c.is_control() && !matches!(c, '\t' | '\n' | '\r');
    let noncharacter = (0xFDD0..=0xFDEF).contains(&n) || (n & 0xFFFE) == 0xFFFE;
    !control && !noncharacter
}

/// Escapes text for SVG character data and attribute values: the one escaping of every SVG
/// writer, whatever the text holds (tags, comments, `--caption`). `&`, `<`, `>` and quotes become
/// entities; a character XML cannot hold becomes U+FFFD, the replacement character.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if fits_xml(c) => out.push(c),
            _ => out.push('\u{FFFD}'),
        }
    }
    out
}

/// Splits `text` into lines of at most `width` characters, between words.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let n = line.chars().count();
        if n > 0 && n + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A lap of the ply: where its seeds came from and the holes they went to, by index.
struct Lap {
    /// The hole lifted (for a gathered lap: the last hole a seed was taken from).
    origin: usize,
    /// The holes a seed was taken from, for a gathered lap (S4, S6, R9).
    gathered: Vec<usize>,
    /// Seeds in hand.
    seeds: u32,
    /// A relay.
    relay: bool,
    /// The holes sown, in order.
    drops: Vec<usize>,
}

fn laps(g: rules_core::Geometry, trace: &Trace) -> Vec<Lap> {
    let mut laps: Vec<Lap> = Vec::new();
    for e in &trace.events {
        match e {
            Event::Lift {
                hole, seeds, lap, ..
            } => {
                if let Some(i) = g.index(*hole) {
                    laps.push(Lap {
                        origin: i,
                        gathered: Vec::new(),
                        seeds: *seeds,
                        relay: *lap == LapKind::Relay,
                        drops: Vec::new(),
                    });
                }
            }
            Event::Gather { holes, seeds, .. } => {
                let gathered: Vec<usize> = holes.iter().filter_map(|h| g.index(*h)).collect();
                if let Some(&last) = gathered.last() {
                    laps.push(Lap {
                        origin: last,
                        gathered,
                        seeds: *seeds,
                        relay: false,
                        drops: Vec::new(),
                    });
                }
            }
            Event::Sow { hole } => {
                if let (Some(l), Some(i)) = (laps.last_mut(), g.index(*hole)) {
                    l.drops.push(i);
                }
            }
            _ => {}
        }
    }
    laps
}

/// The places of the holes: centre (x, y) by hole index, and the diagram rows.
struct Layout {
    centre: Vec<(f64, f64)>,
    rows: Vec<Vec<usize>>,
    top: f64,
    width: f64,
}

fn layout(g: rules_core::Geometry, top: f64) -> Layout {
    let rows = g.diagram_rows();
    let cols = rows[0].len();
    let mut centre = vec![(0.0, 0.0); g.len()];
    for (r, row) in rows.iter().enumerate() {
        for (c, &i) in row.iter().enumerate() {
            centre[i] = (
                LEFT + PITCH_X * (c as f64 + 0.5),
                top + R + 26.0 + PITCH_Y * r as f64,
            );
        }
    }
    let width = (LEFT + PITCH_X * cols as f64 + 40.0).max(MIN_WIDTH);
    Layout {
        centre,
        rows,
        top,
        width,
    }
}

/// A point at `angle` degrees (0 right, 90 down) on the circle of radius `r` round `(x, y)`.
fn around((x, y): (f64, f64), r: f64, angle: f64) -> (f64, f64) {
    let t = angle.to_radians();
    (x + r * t.cos(), y + r * t.sin())
}

/// The angles of the numbered seeds round a hole: the lower half first, then the sides.
pub const DROP_ANGLES: [f64; 12] = [
    135.0, 45.0, 90.0, 160.0, 20.0, 112.0, 68.0, 180.0, 0.0, 200.0, 340.0, 225.0,
];

fn badge(out: &mut String, (x, y): (f64, f64), r: f64, fill: &str, text: &str, size: f64) {
    let _ = writeln!(
        out,
        r##"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{fill}" stroke="#ffffff" stroke-width="1"/>"##
    );
    let _ = writeln!(
        out,
        r##"<text x="{x:.1}" y="{:.1}" font-size="{size:.1}" font-weight="bold" text-anchor="middle" fill="#ffffff">{}</text>"##,
        y + size * 0.36,
        esc(text)
    );
}

fn text_line(out: &mut String, x: f64, y: f64, size: f64, attrs: &str, text: &str) {
    let _ = writeln!(
        out,
        r#"<text x="{x:.1}" y="{y:.1}" font-size="{size:.1}"{attrs}>{}</text>"#,
        esc(text)
    );
}

/// The picture under way: the position as it reads, the board's layout, the SVG body and the legend
/// of what the marks mean.
struct Canvas<'a> {
    s: rules_core::View<'a>,
    g: rules_core::Geometry,
    lay: Layout,
    body: String,
    /// The legend of the marks shown: a key (each once) and its text.
    legend: Vec<(String, String)>,
    /// Seeds captured in the ply, by player.
    captured: [u32; 2],
    /// Whether the round is over.
    over: bool,
    d: &'a Diagram<'a>,
}

impl Canvas<'_> {
    /// Adds a legend line, once per key.
    fn note(&mut self, key: &str, text: String) {
        if !self.legend.iter().any(|(k, _)| k == key) {
            self.legend.push((key.to_owned(), text));
        }
    }

    fn store_text(&self, p: Player) -> String {
        let k = p.index();
        let mut t = format!("store {}", self.s.stores()[k]);
        if self.s.reserves()[k] > 0 {
            let _ = write!(t, ", reserve {}", self.s.reserves()[k]);
        }
        t
    }

    /// The store line of `p` at `y`: the store, what the ply captured, who is to move.
    fn store_line(&mut self, p: Player, y: f64) {
        let width = self.lay.width;
        let store = self.store_text(p);
        let out = &mut self.body;
        text_line(
            out,
            16.0,
            y,
            15.0,
            &format!(r#" font-weight="bold" fill="{}""#, ink(p)),
            &format!("{p}"),
        );
        text_line(out, 36.0, y, FONT, r##" fill="#222222""##, &store);
        let k = p.index();
        if self.captured[k] > 0 {
            text_line(
                out,
                36.0 + 7.6 * store.chars().count() as f64 + 8.0,
                y,
                FONT,
                &format!(r#" font-weight="bold" fill="{CAPTURE}""#),
                &format!("+{} captured in this ply", self.captured[k]),
            );
        }
        if !self.over && self.s.to_move() == p {
            let x = width - 120.0;
            let _ = writeln!(
                out,
                r#"<path d="M {:.1} {:.1} l 10 -6 l 0 12 z" fill="{}"/>"#,
                x,
                y - 4.5,
                ink(p)
            );
            text_line(
                out,
                x + 16.0,
                y,
                FONT,
                &format!(r#" font-weight="bold" fill="{}""#, ink(p)),
                &format!("{p} to move"),
            );
        }
    }

    /// The board's frame and the row labels; returns the bottom of the frame.
    fn frame(&mut self) -> f64 {
        let lay = &self.lay;
        let rows = lay.rows.len();
        let bottom = lay.top + PITCH_Y * rows as f64 + 20.0;
        let _ = writeln!(
            self.body,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="18" fill="#f6f1e7" stroke="#b8a98a" stroke-width="2"/>"##,
            LEFT - 10.0,
            lay.top - 4.0,
            PITCH_X * lay.rows[0].len() as f64 + 20.0,
            bottom - lay.top
        );
        for (r, row) in lay.rows.iter().enumerate() {
            let label = if r == 0 {
                Some(Player::A)
            } else if r == rows - 1 {
                Some(Player::B)
            } else {
                None
            };
            if let Some(p) = label {
                let cy = lay.centre[row[0]].1;
                text_line(
                    &mut self.body,
                    20.0,
                    cy + 6.0,
                    18.0,
                    &format!(r#" font-weight="bold" fill="{}""#, ink(p)),
                    &p.to_string(),
                );
            }
        }
        bottom
    }

    /// Hole `i`: tint by owner (grey and crossed when blocked), count, name, mark.
    fn hole(&mut self, i: usize) {
        let (cx, cy) = self.lay.centre[i];
        let mark = self.s.mark(i);
        let blocked = mark.is_some_and(|m| m.kind.closes_hole());
        let fill = if blocked {
            "#d6d6d6"
        } else {
            tint(self.s.owner(i))
        };
        let _ = writeln!(
            self.body,
            r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{R:.1}" fill="{fill}" stroke="#8a7d66" stroke-width="1.5"/>"##
        );
        if blocked {
            let k = R * 0.62;
            let _ = writeln!(
                self.body,
                r##"<path d="M {:.1} {:.1} L {:.1} {:.1} M {:.1} {:.1} L {:.1} {:.1}" stroke="#8c8c8c" stroke-width="2"/>"##,
                cx - k,
                cy - k,
                cx + k,
                cy + k,
                cx - k,
                cy + k,
                cx + k,
                cy - k
            );
            self.note(
                "blocked",
                "grey hole with a cross: blocked for the round, left unfilled at the set-up (B3, B16)"
                    .to_owned(),
            );
        }
        let _ = writeln!(
            self.body,
            r##"<text x="{cx:.1}" y="{:.1}" font-size="18" font-weight="bold" text-anchor="middle" fill="#222222">{}</text>"##,
            cy + 6.5,
            self.s.seed(i)
        );
        // Hole names above the top row, below the others (as the text diagrams have them).
        let name_y = if self.lay.rows[0].contains(&i) {
            cy - R - 13.0
        } else {
            cy + R + 21.0
        };
        let _ = writeln!(
            self.body,
            r##"<text x="{cx:.1}" y="{name_y:.1}" font-size="11" text-anchor="middle" fill="#555555">{}</text>"##,
            self.g.hole(i)
        );
        if let Some(m) = mark {
            self.mark((cx, cy), m);
        }
    }

    /// A mark with its owner: a ring and a badge, and its legend line.
    fn mark(&mut self, (cx, cy): (f64, f64), m: rules_core::Mark) {
        let c = ink(m.owner);
        let letter = m.owner.letter().to_ascii_lowercase().to_string();
        let body = &mut self.body;
        match m.kind {
            MarkKind::Chosen => {
                let _ = writeln!(
                    body,
                    r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="none" stroke="{c}" stroke-width="3"/>"#,
                    R + 4.0
                );
                badge(body, around((cx, cy), R, -45.0), 8.0, c, "*", 12.0);
                self.note(
                    "chosen",
                    "ring with *: chosen, a move started from it this round; only chosen holes are captured (B2, B9)"
                        .to_owned(),
                );
            }
            MarkKind::Blocked => {}
            MarkKind::Claim => {
                let _ = writeln!(
                    body,
                    r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="none" stroke="{c}" stroke-width="3" stroke-dasharray="6 3"/>"#,
                    R + 4.0
                );
                badge(body, around((cx, cy), R, -45.0), 8.0, c, &letter, 11.0);
                self.note(
                    &format!("claim-{letter}"),
                    format!(
                        "dashed ring with {letter}: claimed by {}; its seeds count for {} (S2, S8, S16)",
                        m.owner, m.owner
                    ),
                );
            }
            MarkKind::Uugg => {
                for (rr, sw) in [(R + 3.0, 2.0), (R + 7.0, 2.0)] {
                    let _ = writeln!(
                        body,
                        r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{rr:.1}" fill="none" stroke="{c}" stroke-width="{sw:.1}"/>"#
                    );
                }
                badge(body, around((cx, cy), R, -45.0), 8.0, c, &letter, 11.0);
                self.note(
                    &format!("uugg-{letter}"),
                    format!(
                        "double ring with {letter}: an uugg of {}, never sown from; its seeds count for {} (U3, U8, U18)",
                        m.owner, m.owner
                    ),
                );
            }
        }
    }

    /// Bars between neighbours of a row owned by different players, and the legend of the tint
    /// where ownership is not the rows.
    fn territories(&mut self) {
        let (s, g, lay) = (&self.s, self.g, &self.lay);
        for row in &lay.rows {
            for pair in row.windows(2) {
                if s.owner(pair[0]) != s.owner(pair[1]) {
                    let (x0, y0) = lay.centre[pair[0]];
                    let (x1, _) = lay.centre[pair[1]];
                    let x = (x0 + x1) / 2.0;
                    let _ = writeln!(
                        self.body,
                        r##"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="#333333" stroke-width="3"/>"##,
                        y0 - R - 8.0,
                        y0 + R + 8.0
                    );
                }
            }
        }
        if g.is_three_rows() || !s.owners_are_rows() {
            let count = |p: Player| (0..g.len()).filter(|&i| s.owner(i) == p).count();
            let text = format!(
                "tint: the owner of each hole, A blue, B amber; a bar separates the territories (A {} holes, B {} holes)",
                count(Player::A),
                count(Player::B)
            );
            self.note("owners", text);
        }
    }

    /// A pending Redu right: a badge on its hole, and its legend line (R19-R23).
    fn right(&mut self) {
        let Some(right) = self.s.right() else { return };
        let Some(i) = self.g.index(right.hole) else {
            return;
        };
        let holder = self.s.to_move();
        let kind = right.kind.to_string();
        badge(
            &mut self.body,
            around(self.lay.centre[i], R + 2.0, -135.0),
            10.0,
            ink(holder),
            &kind,
            10.0,
        );
        let why = match right.kind {
            RightKind::O1 => "R5, R20, R22",
            RightKind::O2 => "R8, R20, R23",
            RightKind::O3 => "R17, R20, R23",
        };
        self.note(
            "right",
            format!(
                "{kind} on {}: {holder} may take one seed there at the start of this turn ({why})",
                right.hole
            ),
        );
    }

    /// The arrows of lap `k` (number `k` from 0) and its marker in `defs`: from each hole to
    /// the next, shifted by lap, and its origin ringed.
    fn lap_arrows(&mut self, defs: &mut String, k: usize, lap: &Lap) {
        let c = lap_ink(k);
        let _ = writeln!(
            defs,
            r#"<marker id="arrow{k}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto"><path d="M 0 0 L 10 5 L 0 10 z" fill="{c}"/></marker>"#
        );
        let (lay, body) = (&self.lay, &mut self.body);
        // The origin: a dashed ring in the lap's colour.
        let (ox, oy) = lay.centre[lap.origin];
        let _ = writeln!(
            body,
            r#"<circle cx="{ox:.1}" cy="{oy:.1}" r="{:.1}" fill="none" stroke="{c}" stroke-width="2.5" stroke-dasharray="3 3"/>"#,
            R - 4.0
        );
        for &gi in &lap.gathered {
            badge(body, around(lay.centre[gi], R, -135.0), 8.0, c, "-1", 9.0);
        }
        let mut prev = lap.origin;
        for &next in &lap.drops {
            if next != prev {
                arrow(body, lay, self.g.is_three_rows(), k, prev, next);
            }
            prev = next;
        }
    }

    /// The seeds of the ply: numbered in the order they fall, or counted per hole.
    fn seeds(&mut self, laps: &[Lap], numbered: bool) {
        let mut received: BTreeMap<usize, u32> = BTreeMap::new();
        let mut number = 0;
        for (k, lap) in laps.iter().enumerate() {
            let c = lap_ink(k);
            for &i in &lap.drops {
                number += 1;
                let j = received.entry(i).or_insert(0);
                if numbered && (*j as usize) < DROP_ANGLES.len() {
                    let at = around(self.lay.centre[i], R + 2.0, DROP_ANGLES[*j as usize]);
                    badge(&mut self.body, at, 8.5, c, &number.to_string(), 9.0);
                }
                *j += 1;
            }
        }
        if !numbered {
            for (&i, &n) in &received {
                badge(
                    &mut self.body,
                    around(self.lay.centre[i], R + 2.0, 135.0),
                    10.0,
                    "#555555",
                    &format!("+{n}"),
                    9.0,
                );
            }
        }
    }

    /// The captures of the ply ringed in red, in the order taken, one per hole and player;
    /// returns them.
    fn captures(&mut self, trace: &Trace) -> Vec<(usize, u32, Player)> {
        let mut taken: Vec<(usize, u32, Player)> = Vec::new();
        for e in &trace.events {
            if let Event::Capture {
                hole,
                seeds,
                player,
                ..
            } = e
                && let Some(i) = self.g.index(*hole)
            {
                match taken.iter_mut().find(|t| t.0 == i && t.2 == *player) {
                    Some(t) => t.1 += seeds,
                    None => taken.push((i, *seeds, *player)),
                }
            }
        }
        for &(i, n, _) in &taken {
            let (cx, cy) = self.lay.centre[i];
            let _ = writeln!(
                self.body,
                r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="none" stroke="{CAPTURE}" stroke-width="3.5"/>"#,
                R + 7.0
            );
            badge(
                &mut self.body,
                around((cx, cy), R + 4.0, -135.0),
                11.0,
                CAPTURE,
                &format!("-{n}"),
                10.0,
            );
        }
        taken
    }

    /// The key of the path, under the board from `y`: what the marks of the path mean, then one
    /// line per lap and one for the captures; returns the height reached.
    fn path_key(&mut self, mut y: f64, key: &[String], numbered: bool, any_lap: bool) -> f64 {
        let w = self.lay.width;
        if any_lap {
            let chars = ((w - 32.0) / (FONT * 0.56)) as usize;
            let text = if numbered {
                "Dashed ring: the hole lifted; arrows: the path of each lap; numbers: the seeds in the order they fall."
            } else {
                "Dashed ring: the hole lifted; arrows: the path of each lap; +n: the seeds each hole received."
            };
            for l in wrap(text, chars) {
                text_line(&mut self.body, 16.0, y, FONT, r##" fill="#222222""##, &l);
                y += 18.0;
            }
        }
        for k in key {
            let (tag, text) = k.split_once('|').unwrap_or(("", k));
            let c = tag.parse::<usize>().map_or(CAPTURE, lap_ink);
            let _ = writeln!(
                self.body,
                r#"<rect x="16" y="{:.1}" width="14" height="10" rx="2" fill="{c}"/>"#,
                y - 9.0
            );
            let chars = ((w - 52.0) / (FONT * 0.56)) as usize;
            for l in wrap(text, chars) {
                text_line(&mut self.body, 36.0, y, FONT, r##" fill="#222222""##, &l);
                y += 18.0;
            }
        }
        y
    }

    /// The ply: lifted holes, arrows, numbered seeds, captures, the key of the path; returns the
    /// markers and the steps left to write under it.
    fn ply(&mut self, trace: &Trace, bottom: f64) -> (String, Vec<String>, f64) {
        let laps = laps(self.g, trace);
        let total: usize = laps.iter().map(|l| l.drops.len()).sum();
        let numbered = total <= NUMBERED_DROPS;
        let mut defs = String::new();
        for (k, lap) in laps.iter().enumerate().take(DRAWN_LAPS) {
            self.lap_arrows(&mut defs, k, lap);
        }
        self.seeds(&laps, numbered);
        let taken = self.captures(trace);
        let (mut key, steps) = lap_keys(self.g, &laps, self.d.steps.clone());
        if !taken.is_empty() {
            let parts: Vec<String> = taken
                .iter()
                .map(|&(i, n, p)| format!("{p} took {n} from {}", self.g.hole(i)))
                .collect();
            key.push(format!("capture|red ring: captured, {}", parts.join(", ")));
        }
        let mut y = bottom + 26.0;
        self.store_line(Player::B, y);
        y += 26.0;
        let y = self.path_key(y, &key, numbered, !laps.is_empty());
        (defs, steps, y)
    }
}

/// One arrow of lap `k` from hole `prev` to hole `next`: a line between the holes, or an arc
/// outside the board's middle for a step along a row over other holes.
fn arrow(body: &mut String, lay: &Layout, three_rows: bool, k: usize, prev: usize, next: usize) {
    let c = lap_ink(k);
    let shift = (k % 3) as f64 * 5.0 - 5.0;
    let (x0, y0) = lay.centre[prev];
    let (x1, y1) = lay.centre[next];
    let (dx, dy) = (x1 - x0, y1 - y0);
    if dy.abs() < 1.0 && dx.abs() > PITCH_X * 1.5 {
        // A step along a row over other holes (Redu's skipped start column, a wrap): an arc
        // outside the board's middle, from the top (or bottom) of one hole to the other's.
        let up = if lay.rows[0].contains(&prev) {
            -1.0
        } else {
            1.0
        };
        let lift = up * (R + 58.0 + (k % 3) as f64 * 6.0);
        let _ = writeln!(
            body,
            r#"<path d="M {:.1} {:.1} Q {:.1} {:.1} {:.1} {:.1}" fill="none" stroke="{c}" stroke-width="2.5" stroke-opacity="0.85" marker-end="url(#arrow{k})"/>"#,
            x0 + dx.signum() * 8.0,
            y0 + up * (R + 1.0),
            (x0 + x1) / 2.0,
            y0 + lift,
            x1 - dx.signum() * 8.0,
            y1 + up * (R + 3.0)
        );
        return;
    }
    let len = dx.hypot(dy);
    let (ux, uy) = (dx / len, dy / len);
    // On the 3x6 board a step between rows passes the middle row's names: keep it to the side of
    // the column.
    let side = if three_rows && dx.abs() < 1.0 {
        16.0
    } else {
        0.0
    };
    let (nx, ny) = (-uy * shift + side, ux * shift);
    let cut = (R + 3.0).min(len / 2.0 - 2.0);
    let _ = writeln!(
        body,
        r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{c}" stroke-width="2.5" stroke-opacity="0.85" marker-end="url(#arrow{k})"/>"#,
        x0 + ux * cut + nx,
        y0 + uy * cut + ny,
        x1 - ux * cut + nx,
        y1 - uy * cut + ny
    );
}

/// The key of each lap, `k|text`: the lap's own step line (with its direction and rule) when the
/// steps have one, taken out of the steps, else what the trace says of it. Returns the keys and
/// the steps left.
fn lap_keys(
    g: rules_core::Geometry,
    laps: &[Lap],
    mut steps: Vec<String>,
) -> (Vec<String>, Vec<String>) {
    let mut key: Vec<String> = Vec::new();
    for (k, lap) in laps.iter().enumerate() {
        let no_arrows = if k >= DRAWN_LAPS { " (no arrows)" } else { "" };
        let own = [format!("lap {}:", k + 1), format!("lap {} (", k + 1)];
        if let Some(at) = steps
            .iter()
            .position(|l| own.iter().any(|p| l.starts_with(p.as_str())))
        {
            let line = steps.remove(at);
            key.push(format!("{k}|{line}{no_arrows}"));
            continue;
        }
        let from = if lap.gathered.is_empty() {
            format!("{} lifted from {}", lap.seeds, g.hole(lap.origin))
        } else {
            format!(
                "{} gathered, one from each of {}",
                lap.seeds,
                lap.gathered
                    .iter()
                    .map(|&i| g.hole(i).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        };
        key.push(format!(
            "{k}|lap {}{}: {from}, {} sown{no_arrows}",
            k + 1,
            if lap.relay { " (relay)" } else { "" },
            lap.drops.len(),
        ));
    }
    (key, steps)
}

/// The SVG picture of a diagram.
pub fn render(d: &Diagram<'_>) -> String {
    let pos = d.position;
    let s = pos.view();
    let g = s.geometry();
    let mut body = String::new();
    let mut y = 26.0;
    for (k, l) in wrap(&d.heading, 84).iter().enumerate() {
        text_line(
            &mut body,
            16.0,
            y,
            if k == 0 { 16.0 } else { 14.0 },
            r##" font-weight="bold" fill="#222222""##,
            l,
        );
        y += 20.0;
    }
    let mut c = Canvas {
        s,
        g,
        lay: layout(g, y + 22.0),
        body,
        legend: Vec::new(),
        captured: d.trace.map_or([0, 0], Trace::captured),
        over: pos.round_result().is_some(),
        d,
    };
    let w = c.lay.width;
    // The store line of A above the board.
    c.store_line(Player::A, y + 8.0);
    if c.over {
        text_line(
            &mut c.body,
            w - 120.0,
            y + 8.0,
            FONT,
            r##" font-weight="bold" fill="#444444""##,
            "round over",
        );
    }
    let bottom = c.frame();
    for i in 0..g.len() {
        c.hole(i);
    }
    c.territories();
    c.right();
    if let Some(trace) = d.trace {
        let (defs, steps, y) = c.ply(trace, bottom);
        let y = finish(&mut c.body, y, w, &c.legend, &steps, d);
        return document(w, y, &defs, &c.body);
    }
    let y = bottom + 26.0;
    c.store_line(Player::B, y);
    let y = finish(&mut c.body, y + 26.0, w, &c.legend, &d.steps, d);
    document(w, y, "", &c.body)
}

/// The legend of the marks, the steps of the ply and the caption; returns the height reached.
fn finish(
    body: &mut String,
    mut y: f64,
    w: f64,
    legend: &[(String, String)],
    steps: &[String],
    d: &Diagram<'_>,
) -> f64 {
    let chars = ((w - 32.0) / (FONT * 0.56)) as usize;
    for (_, text) in legend {
        for l in wrap(text, chars) {
            text_line(body, 16.0, y, FONT, r##" fill="#333333""##, &l);
            y += 18.0;
        }
    }
    if !steps.is_empty() {
        y += 6.0;
        for step in steps {
            let indent = step.len() - step.trim_start().len();
            let x = 16.0 + 7.0 * indent as f64;
            for l in wrap(step, chars.saturating_sub(indent)) {
                text_line(body, x, y, FONT, r##" fill="#222222""##, &l);
                y += 18.0;
            }
        }
    }
    if !d.caption.is_empty() {
        y += 6.0;
        for c in &d.caption {
            for l in wrap(c, chars) {
                text_line(
                    body,
                    16.0,
                    y,
                    FONT,
                    r##" font-style="italic" fill="#444444""##,
                    &l,
                );
                y += 18.0;
            }
        }
    }
    y + 8.0
}

fn document(w: f64, h: f64, defs: &str, body: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">"#
    );
    if !defs.is_empty() {
        let _ = write!(out, "<defs>\n{defs}</defs>\n");
    }
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{w:.0}" height="{h:.0}" fill="#ffffff"/>"##
    );
    out.push_str(body);
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_between_words_and_escapes() {
        assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
        assert_eq!(esc("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(
            esc("a\u{1b}[2J\u{0}b\u{FFFE}\u{FFFF}\u{9b}\u{FDD0}\u{10FFFF}\tc\u{e9}"),
            "a\u{FFFD}[2J\u{FFFD}b\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\tc\u{e9}"
        );
    }
}
