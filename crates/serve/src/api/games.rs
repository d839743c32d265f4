//! `GET /api/games`: the games as the rules core defines them (their options with their values
//! and defaults, their marks), so that the page offers exactly what the rules know, and the
//! limits of this server.

use crate::limits;
use rules_core::{GameKind, Player, Position, Variant};
use serde_json::{Value, json};

/// The mark characters of position strings (spec/notation.md §4.1).
const MARK_CHARS: [char; 4] = ['*', 'x', 'a', 'b'];

fn game(kind: GameKind) -> Value {
    let v = Variant::default_for(kind);
    let options: Vec<Value> = v
        .option_keys()
        .iter()
        .map(|k| json!({"key": k, "values": v.option_values(k), "default": v.option_value(k)}))
        .collect();
    let marks: Vec<Value> = MARK_CHARS
        .iter()
        .filter_map(|c| {
            kind.mark(*c)
                .ok()
                .map(|m| json!({"char": c.to_string(), "kind": m.name()}))
        })
        .collect();
    let start = Position::start(v, Player::B);
    json!({
        "name": kind.name(),
        "title": kind.title(),
        "options": options,
        "marks": marks,
        "opener_alternates": v.opener_alternates(),
        "opening": v.has_opening(),
        "start": notation::write_view(start.view()),
    })
}

pub fn games() -> Value {
    let games: Vec<Value> = GameKind::ALL.iter().map(|g| game(*g)).collect();
    json!({
        "games": games,
        "geometry": diagram::web::geometry(),
        "version": env!("CARGO_PKG_VERSION"),
        "limits": {
            "body": limits::MAX_BODY,
            "position": limits::MAX_POSITION,
            "history": limits::MAX_HISTORY,
            "analysis_seconds": limits::MAX_ANALYSIS_SECONDS,
            "move_seconds": limits::MAX_MOVE_SECONDS,
            "multipv": limits::MAX_MULTIPV,
        },
    })
}
