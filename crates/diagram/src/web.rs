//! The board drawn in a browser: one drawing for the replay page (`mancala replay --html`) and
//! for `mancala serve`, so that both draw a position and a ply alike.
//!
//! * [`BOARD_JS`] (`web/board.js`) draws a board with its script, with the geometry of the SVG
//!   pictures ([`geometry`]): the holes with their counts, owners and marks, the stores, a ply's
//!   path seed by seed with its captures, and the explanation's rule IDs as links. Both pages
//!   embed it before their own script, and its style [`BOARD_CSS`] before their own.
//! * [`board`] and [`layout`] are a position as that script reads it: numbers by hole index.

use rules_core::Position;
use serde_json::{Value, json};

/// The drawing script both pages embed (it defines `window.MancalaBoard`).
pub const BOARD_JS: &str = include_str!("web/board.js");

/// The board's style (the colours, light and dark, and the drawing's classes), which both pages
/// put before their own.
pub const BOARD_CSS: &str = include_str!("web/board.css");

/// The geometry of the SVG pictures, which the script draws with.
#[must_use]
pub fn geometry() -> Value {
    json!({
        "r": crate::R, "pitch_x": crate::PITCH_X, "pitch_y": crate::PITCH_Y, "left": crate::LEFT,
        "min_width": crate::MIN_WIDTH, "numbered_drops": crate::NUMBERED_DROPS,
        "drawn_laps": crate::DRAWN_LAPS, "drop_angles": crate::DROP_ANGLES,
    })
}

/// The board of a position as the script draws it: seeds by hole index, the owner of each hole
/// when the rows are not the territories (`"AABB…"`), the marks, the stores and reserves, a
/// pending Redu right (held by the player to move, R19, R20), the player to move and whether the
/// round is over.
#[must_use]
pub fn board(pos: &Position) -> Value {
    let s = pos.view();
    let g = s.geometry();
    let owners: Option<String> = (!s.owners_are_rows()).then(|| {
        (0..g.len())
            .map(|i| s.owner(i).letter().to_ascii_uppercase())
            .collect::<String>()
    });
    let marks: Vec<Value> = s
        .marked()
        .map(|(i, m)| json!([i, m.kind.name(), m.owner]))
        .collect();
    let right = s.right().and_then(|r| {
        g.index(r.hole)
            .map(|i| json!({"hole": i, "kind": r.kind.to_string()}))
    });
    let mut b = json!({
        "seeds": s.seeds(),
        "stores": s.stores(),
        "reserves": s.reserves(),
        "to_move": s.to_move(),
        "round": s.round(),
        "over": pos.round_result().is_some(),
    });
    if let Some(o) = owners {
        b["owners"] = json!(o);
    }
    if !marks.is_empty() {
        b["marks"] = json!(marks);
    }
    if let Some(r) = right {
        b["right"] = r;
    }
    b
}

/// The layout of the board: the diagram rows (hole indexes, top to bottom, each left to right as
/// B sees the board: rules README §2) and the hole names by index.
#[must_use]
pub fn layout(pos: &Position) -> Value {
    let g = pos.variant().geometry();
    let names: Vec<String> = (0..g.len()).map(|i| g.hole(i).to_string()).collect();
    json!({"rows": g.diagram_rows(), "names": names})
}
