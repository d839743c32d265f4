//! What a request and its answer are (spec/serve.md §2), below both the HTTP side (`http.rs`),
//! which reads requests and writes answers, and the API (`api/`), which makes them: neither
//! imports the other for them.

use serde_json::{Value, json};
use std::io::Write;
use tiny_http::Method;

/// An answer: a status and a JSON body, or one of the page's files.
pub enum Reply {
    Json(u16, Value),
    File(&'static str, &'static [u8]),
}

/// What a request needs answered.
pub struct Call<'a> {
    pub method: &'a Method,
    pub path: &'a str,
    pub query: &'a str,
    pub body: &'a [u8],
}

/// What writes a stream's events on its connection.
pub type Job = Box<dyn FnOnce(&mut dyn Write) + Send>;

/// An answer to a request, or a stream to write (an analysis) once the response head is sent.
pub enum Outcome {
    Reply(Reply),
    Stream(Job),
}

/// A refusal: the status and the message (with the rules it cites, if any), as JSON:
/// `{"error": {"message", "rules", "see"}}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub status: u16,
    pub message: String,
    pub rules: Vec<String>,
}

impl Refusal {
    pub fn new(status: u16, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            message: message.into(),
            rules: Vec::new(),
        }
    }

    /// Bad input: 422 with the message the command line gives, citing `rules`.
    pub fn invalid(message: impl Into<String>, rules: Vec<String>) -> Refusal {
        Refusal {
            status: 422,
            message: message.into(),
            rules,
        }
    }

    pub fn json(&self) -> Value {
        json!({"error": {
            "status": self.status,
            "message": self.message,
            "rules": self.rules,
            "see": self.rules.last().map(|r| format!("mancala rules {r}")),
        }})
    }
}

impl From<Refusal> for Outcome {
    fn from(r: Refusal) -> Outcome {
        Outcome::Reply(Reply::Json(r.status, r.json()))
    }
}
