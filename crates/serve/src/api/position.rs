//! `POST /api/position` (a position shown) and `POST /api/edit` (the position editor's
//! position written and checked).

use crate::exchange::Refusal;
use crate::view::{self, view};
use rules_core::{Decision, Player};
use serde::Deserialize;
use serde_json::{Value, json};

/// A position as a request gives it, and what to do there: one shape for `/api/position`,
/// `/api/play` (`move`) and `/api/next-round` (`decision`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// A position string, its JSON form, or a game's name.
    pub position: String,
    /// The options in force (`{"holes": "3"}`): those a position string does not state.
    #[serde(default)]
    pub options: Option<Value>,
    /// For a game's name: who opens (B by default).
    #[serde(default)]
    pub opener: Option<Player>,
    /// `/api/play`: the move token, in any legal spelling (spec/notation.md §5).
    #[serde(default, rename = "move")]
    pub mv: Option<String>,
    /// `/api/next-round`: the poorer player's set-up decision: `{"kind": "fill", "value":
    /// ["3A", "4A"]}` (B16), `{"kind": "layout", "value": [1, 2, 3]}` (G23), or `{"kind":
    /// "none"}` (the default).
    #[serde(default)]
    pub decision: Option<Decision>,
}

impl PositionRequest {
    pub fn read(&self) -> Result<rules_core::Position, Refusal> {
        view::read(
            &self.position,
            &view::options(self.options.as_ref())?,
            self.opener,
        )
    }
}

pub fn position(r: &PositionRequest) -> Result<Value, Refusal> {
    Ok(view(&r.read()?))
}

/// The editor's position: its JSON form (`data`, spec/notation.md §4.4) or a position string
/// (`text`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditRequest {
    #[serde(default)]
    data: Option<Value>,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    options: Option<Value>,
}

/// The position string of the editor's position and its check, with the command line's
/// messages: `ok` and the view when it is legal, the error otherwise; a position that does not
/// parse has no string.
pub fn edit(r: &EditRequest) -> Result<Value, Refusal> {
    let options = view::options(r.options.as_ref())?;
    let text = match (&r.data, &r.text) {
        (Some(d), None) => d.to_string(),
        (None, Some(t)) => t.clone(),
        _ => {
            return Err(Refusal::new(
                400,
                "give the position as `data` (its JSON form) or `text` (a position string)",
            ));
        }
    };
    match view::read(&text, &options, None) {
        Ok(pos) => Ok(
            json!({"ok": true, "view": view(&pos), "position": notation::write_view(pos.view())}),
        ),
        Err(e) if e.status == 422 => {
            // Written as far as it parses: a position that breaks a rule still has a string.
            let setup = if text.trim_start().starts_with('{') {
                notation::position_from_json(&text, &options).ok()
            } else {
                notation::parse_position(&text, None).ok()
            };
            Ok(json!({
                "ok": false,
                "error": e.json()["error"],
                "position": setup.as_ref().map(notation::write_position),
                "position_data": setup.as_ref().map(notation::position_to_json),
            }))
        }
        Err(e) => Err(e),
    }
}
