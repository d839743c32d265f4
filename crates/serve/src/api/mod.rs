//! The JSON API the page calls (spec/serve.md §2). Every call is stateless: it carries the
//! position (and options) it is about, and the answer carries what the page shows next.
//!
//! | call | what |
//! |---|---|
//! | `GET /api/games` | the games, their options and values, their marks, the limits |
//! | `POST /api/position` | a position checked and shown: board, legal moves, round or match end |
//! | `POST /api/play` | a move played: its trace, explanation, the position after |
//! | `POST /api/next-round` | the next round set up with a decision, or the end of the match |
//! | `POST /api/edit` | the editor's position (its JSON form) written as a string and checked |
//! | `POST /api/record` | a record read and checked: its tree of moves, its problems located, its canonical text |
//! | `POST /api/analyse` | an analysis, streamed as server-sent events as the search deepens |
//! | `GET /api/rules?ids=B9,B10` | rules of the rule book |

mod analyse;
mod games;
mod play;
mod position;
mod record;
mod rules;

use crate::Shared;
use crate::exchange::{Call, Outcome, Refusal, Reply};
use serde::de::DeserializeOwned;
use std::sync::Arc;
use tiny_http::Method;

/// Answers one call.
pub fn route(call: &Call<'_>, shared: &Arc<Shared>) -> Outcome {
    let get = *call.method == Method::Get || *call.method == Method::Head;
    let post = *call.method == Method::Post;
    let reply = |r: Result<serde_json::Value, Refusal>| match r {
        Ok(v) => Outcome::Reply(Reply::Json(200, v)),
        Err(e) => Outcome::from(e),
    };
    match call.path {
        "/api/games" if get => reply(Ok(games::games())),
        "/api/rules" if get => reply(rules::rules(call.query)),
        "/api/position" if post => reply(parse(call.body).and_then(|r| position::position(&r))),
        "/api/edit" if post => reply(parse(call.body).and_then(|r| position::edit(&r))),
        "/api/play" if post => reply(parse(call.body).and_then(|r| play::play(&r))),
        "/api/next-round" if post => reply(parse(call.body).and_then(|r| play::next_round(&r))),
        "/api/record" if post => reply(parse(call.body).and_then(|r| record::record(&r))),
        "/api/analyse" if post => match parse(call.body).and_then(|r| analyse::start(r, shared)) {
            Ok(job) => Outcome::Stream(job),
            Err(e) => Outcome::from(e),
        },
        path if get && !path.starts_with("/api/") => match crate::assets::file(path) {
            Some((ctype, bytes)) => Outcome::Reply(Reply::File(ctype, bytes)),
            None => Outcome::from(Refusal::new(404, format!("no page at {path}"))),
        },
        path if known(path) => Outcome::from(Refusal::new(
            405,
            format!("{path} does not take {}", call.method),
        )),
        path => Outcome::from(Refusal::new(404, format!("no such call: {path}"))),
    }
}

fn known(path: &str) -> bool {
    matches!(
        path,
        "/api/games"
            | "/api/rules"
            | "/api/position"
            | "/api/edit"
            | "/api/play"
            | "/api/next-round"
            | "/api/record"
            | "/api/analyse"
    )
}

/// The request body as `T`; a body that is not that JSON is refused with 400 and serde's words
/// (which name the member and the column).
fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, Refusal> {
    serde_json::from_slice(body).map_err(|e| Refusal::new(400, format!("bad request body: {e}")))
}
