//! `GET /api/rules?ids=B9,B10`: rules of the rule book (`mancala rules B9 B10`), so that every
//! rule an explanation or a refusal cites is one click away on the page.

use crate::exchange::Refusal;
use crate::limits;
use serde_json::{Map, Value, json};

pub fn rules(query: &str) -> Result<Value, Refusal> {
    let ids = query
        .split('&')
        .find_map(|kv| kv.strip_prefix("ids="))
        .ok_or_else(|| Refusal::new(400, "ask for rules by ID: /api/rules?ids=B9,B10"))?
        .replace("%2C", ",")
        .replace("%2c", ",");
    let wanted: Vec<&str> = ids.split(',').filter(|s| !s.is_empty()).collect();
    if wanted.len() > limits::MAX_RULES {
        return Err(Refusal::new(
            413,
            format!("at most {} rules a request", limits::MAX_RULES),
        ));
    }
    let book = rulebook::book();
    let mut out = Map::new();
    let mut unknown = Vec::new();
    for id in wanted {
        match book.rule(id) {
            Some(r) => {
                out.insert(
                    r.id.clone(),
                    json!({
                        "id": r.id, "game": r.game, "kind": r.kind, "title": r.title,
                        "section": r.section, "text": r.text, "sources": r.sources,
                    }),
                );
            }
            None => unknown.push(id.to_owned()),
        }
    }
    Ok(json!({"rules": out, "unknown": unknown}))
}
