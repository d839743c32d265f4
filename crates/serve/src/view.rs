//! Positions read from requests and written for the page, read through the rules core's
//! borrowed view of a position (`Position::view`: issue 36), never an owned copy.
//!
//! * [`read`]: a POSITION as the command line takes it (a position string, its JSON form, or a
//!   game's name for its start), with the command line's messages.
//! * [`view`]: what the page shows of a position: the string and its JSON form, the board as the
//!   drawing reads it, the legal moves with the holes they start from and the path they sow,
//!   and where the round or the match stands.

use crate::exchange::Refusal;
use crate::limits;
use notation::{match_end, view_to_json, write_view};
use rules_core::{GameKind, Move, PlayOptions, Player, Position, StatedOptions, Variant};
use serde_json::{Map, Value, json};

/// The options of a request: `{"holes": "3", "entry": "alternate"}` (numbers are taken as
/// written), each key once.
pub type Options = Vec<(String, String)>;

/// Reads the `options` member of a request.
///
/// # Errors
/// Not an object of strings or numbers.
pub fn options(v: Option<&Value>) -> Result<Options, Refusal> {
    let Some(v) = v else {
        return Ok(Vec::new());
    };
    let obj = v
        .as_object()
        .ok_or_else(|| Refusal::new(400, "`options` is an object: {\"holes\": \"3\"}"))?;
    obj.iter()
        .map(|(k, v)| match v {
            Value::String(s) => Ok((k.clone(), s.clone())),
            Value::Number(n) => Ok((k.clone(), n.to_string())),
            _ => Err(Refusal::new(
                400,
                format!("option `{k}`: a value is a string or a number"),
            )),
        })
        .collect()
}

/// The variant `options` make of `game`; an option the game does not have, or a value it does
/// not take, is refused naming the option (as the command line's `--option`).
pub fn variant(game: GameKind, options: &Options) -> Result<Variant, Refusal> {
    let mut v = Variant::default_for(game);
    for (k, value) in options {
        v.set_option(k, value)
            .map_err(|e| Refusal::invalid(format!("bad option {k}={value}: {e}"), Vec::new()))?;
    }
    Ok(v)
}

/// Reads a POSITION (spec/notation.md §4): a position string, its JSON form (from `{`), or a
/// game's name for the start of round 1 with `opener` to move (B unless given). The messages are
/// the command line's (`mancala show`, `play`, `moves`).
///
/// # Errors
/// The text is too long, names no game, does not parse, or is not a legal position.
pub fn read(text: &str, options: &Options, opener: Option<Player>) -> Result<Position, Refusal> {
    if text.len() > limits::MAX_POSITION {
        return Err(Refusal::new(
            413,
            format!(
                "a position is at most {} bytes; this one has {}",
                limits::MAX_POSITION,
                text.len()
            ),
        ));
    }
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let word = text.trim();
    if !word.contains(char::is_whitespace)
        && let Ok(game) = word.parse::<GameKind>()
    {
        return Ok(Position::start(
            variant(game, options)?,
            opener.unwrap_or(Player::B),
        ));
    }
    if !word.is_empty()
        && !word.contains(char::is_whitespace)
        && !word.starts_with('{')
        && !word.chars().any(notation::text::is_invisible)
        && let Err(e) = word.parse::<GameKind>()
    {
        return Err(Refusal::invalid(
            format!(
                "{e} (a POSITION is a position string, its JSON form, or a game's name for its start position)"
            ),
            Vec::new(),
        ));
    }
    let setup = if word.starts_with('{') {
        notation::position_from_json(text, options).map_err(|m| Refusal::invalid(m, Vec::new()))?
    } else {
        let stated = match text.split_whitespace().next().and_then(|g| g.parse().ok()) {
            Some(game) => {
                let v = variant(game, options)?;
                let keys: Vec<&str> = options.iter().map(|(k, _)| k.as_str()).collect();
                Some(
                    StatedOptions::new(v, &keys)
                        .map_err(|e| Refusal::invalid(e.to_string(), Vec::new()))?,
                )
            }
            None => None,
        };
        notation::parse_position(text, stated.as_ref()).map_err(|e| {
            Refusal::invalid(
                format!("bad position at column {}: {e}", e.offset + 1),
                Vec::new(),
            )
        })?
    };
    legal(&setup)
}

/// The position `setup` describes, or why it is not one, with the rules its problems break.
pub fn legal(setup: &rules_core::Setup) -> Result<Position, Refusal> {
    Position::from_setup(setup).map_err(|e| {
        Refusal::invalid(
            format!("not a legal {} position: {e}", setup.variant.kind().name()),
            e.cites().iter().map(ToString::to_string).collect(),
        )
    })
}

/// The options of a variant that differ from the game's defaults, as the page sends them back.
pub fn stated_options(v: Variant) -> Value {
    let mut out = Map::new();
    for (k, value) in v.non_default_options() {
        out.insert(k.to_owned(), Value::String(value));
    }
    Value::Object(out)
}

/// The hole indexes a move is started from, as the page's holes are clicked: the start hole (and
/// the second singleton, R9), the hole of a Redu capture (R23); none for `pass` and `open`.
fn start_holes(pos: &Position, mv: &Move) -> Vec<usize> {
    let g = pos.geometry();
    let holes = match mv {
        Move::Sow { hole, .. } | Move::ReduCapture { hole } | Move::ReduPenalty { hole } => {
            vec![*hole]
        }
        Move::ReduSow(s) => std::iter::once(s.start).chain(s.second).collect(),
        Move::Pass | Move::Open => Vec::new(),
    };
    holes.into_iter().filter_map(|h| g.index(h)).collect()
}

/// One legal move as the page offers it: its token, the holes it starts from, the holes it sows
/// in order, what it captures, whom it leaves to move, the right it gives (Redu R17, R19), and
/// its events for the drawing (none for a sowing of more than [`limits::MAX_EVENTS`] events).
fn legal_move(pos: &Position, mv: Move) -> Value {
    let g = pos.geometry();
    let played = pos.play(&mv, PlayOptions::FULL);
    let mut out = json!({
        "move": mv.to_string(),
        "holes": start_holes(pos, &mv),
    });
    if let Ok(p) = played {
        let path: Vec<usize> = p.trace.sown().filter_map(|h| g.index(h)).collect();
        out["path"] = json!(path);
        out["captured"] = json!(p.trace.captured());
        out["next"] = json!(p.position.to_move());
        out["over"] = json!(p.position.round_result().is_some());
        if let Some(r) = p.position.view().right() {
            out["right"] = json!(r.to_string());
        }
        if p.trace.events.len() <= limits::MAX_EVENTS {
            out["events"] = json!(p.trace);
        }
    }
    out
}

/// What the page shows of a position, but its legal moves: the string and its JSON form, the
/// game and its options, the board, who moves, and where the round or the match stands.
pub fn summary(pos: &Position) -> Value {
    let seen = pos.view();
    let variant = pos.variant();
    let mut v = json!({
        "position": write_view(seen),
        "position_data": view_to_json(seen),
        "game": variant.kind().name(),
        "title": variant.kind().title(),
        "options": stated_options(variant),
        "board": diagram::web::board(pos),
        "layout": diagram::web::layout(pos),
        "to_move": pos.to_move(),
        "round": seen.round(),
    });
    if let Some(line) = rules_core::prose::right_line(pos) {
        v["right_line"] = json!(line);
    }
    if let Some(result) = pos.round_result() {
        v["round_over"] = json!(result);
        if let Some(m) = match_end(pos) {
            v["match_over"] = json!(m);
        } else {
            match pos.decision_request() {
                Ok(d) => v["decision"] = json!(d),
                Err(e) => v["decision_error"] = json!(e.to_string()),
            }
            let notes: Vec<Value> = pos
                .next_round_notes()
                .into_iter()
                .map(|(rule, text)| json!({"rule": rule.to_string(), "text": text}))
                .collect();
            v["next_round_notes"] = json!(notes);
        }
    }
    v
}

/// Everything the page shows of a position: [`summary`] and the legal moves.
pub fn view(pos: &Position) -> Value {
    let mut v = summary(pos);
    let moves: Vec<Value> = if pos.round_result().is_none() {
        pos.legal_moves()
            .into_iter()
            .map(|m| legal_move(pos, m))
            .collect()
    } else {
        Vec::new()
    };
    v["moves"] = json!(moves);
    v["provisional"] = json!(pos.provisional_totals());
    v
}
