//! The HTTP side (spec/serve.md §2): `tiny_http` reads each request; here it is checked (host,
//! origin, method, content type, body size), routed to the page's files or the API, and
//! answered with the page's security headers. A handler that panics is caught here: the panic is
//! logged and the request answered 500, and the server goes on.

use crate::exchange::{Call, Job, Outcome, Refusal, Reply};
use crate::{Shared, api, assets, limits};
use std::io::{Read, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::Instant;
use tiny_http::{Header, Method, Request};

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes())
        .expect("header names and values are ASCII")
}

/// The headers of every answer: nothing is cached, sniffed, framed or sent elsewhere.
fn common_headers() -> Vec<Header> {
    vec![
        header("X-Content-Type-Options", "nosniff"),
        header("Referrer-Policy", "no-referrer"),
        header("Cache-Control", "no-store"),
        header("Cross-Origin-Resource-Policy", "same-origin"),
        header("X-Frame-Options", "DENY"),
        header("Content-Security-Policy", assets::POLICY),
    ]
}

/// The `Host` names this server answers to: its own address, and `localhost` for a loopback
/// one. Any other (a page of another site whose name was pointed at this address: DNS
/// rebinding) is refused.
fn host_allowed(host: &str, shared: &Shared) -> bool {
    let Some((name, port)) = host.rsplit_once(':') else {
        return false;
    };
    if port != shared.addr.port().to_string() {
        return false;
    }
    let name = name.trim_start_matches('[').trim_end_matches(']');
    let bound = shared.addr;
    name == bound.ip().to_string()
        || (bound.ip().is_loopback()
            && (name == "localhost" || name == "127.0.0.1" || name == "::1"))
        || (bound.ip().is_unspecified())
}

fn find<'r>(request: &'r Request, name: &'static str) -> Option<&'r str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.equiv(name))
        .map(|h| h.value.as_str())
}

/// Checks a request before its body is read: the host, the origin of a request sent by a page,
/// the content type of a POST and the size of its body.
fn admit(request: &Request, shared: &Shared) -> Result<(), Refusal> {
    match find(request, "Host") {
        Some(h) if host_allowed(h, shared) => {}
        Some(h) => {
            return Err(Refusal::new(
                403,
                format!("this server answers to its own address, not to `{h}`"),
            ));
        }
        None => return Err(Refusal::new(400, "a request needs a Host header")),
    }
    if let Some(origin) = find(request, "Origin") {
        let host = find(request, "Host").unwrap_or("");
        let same = origin.strip_prefix("http://").is_some_and(|o| o == host);
        if !same && origin != "null" {
            return Err(Refusal::new(
                403,
                format!("requests from other sites are refused (origin {origin})"),
            ));
        }
    }
    if *request.method() == Method::Post {
        let json = find(request, "Content-Type").is_some_and(|t| {
            t.trim()
                .to_ascii_lowercase()
                .starts_with("application/json")
        });
        if !json {
            return Err(Refusal::new(
                415,
                "a POST to the API carries JSON: Content-Type: application/json",
            ));
        }
        if request.body_length().is_some_and(|n| n > limits::MAX_BODY) {
            return Err(too_large());
        }
    }
    Ok(())
}

fn too_large() -> Refusal {
    Refusal::new(
        413,
        format!(
            "the request body is larger than {} MiB, the most this server reads",
            limits::MAX_BODY >> 20
        ),
    )
}

/// The body, at most [`limits::MAX_BODY`] bytes.
fn body(request: &mut Request) -> Result<Vec<u8>, Refusal> {
    let mut out = Vec::new();
    request
        .as_reader()
        .take(limits::MAX_BODY as u64 + 1)
        .read_to_end(&mut out)
        .map_err(|e| Refusal::new(400, format!("cannot read the request body: {e}")))?;
    if out.len() > limits::MAX_BODY {
        return Err(too_large());
    }
    Ok(out)
}

/// Answers one request, whatever it is; logs failures and panics.
pub fn answer(mut request: Request, shared: &Arc<Shared>, log: &(dyn Fn(&str) + Sync)) {
    let start = Instant::now();
    let method = request.method().clone();
    let url = request.url().to_owned();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let outcome = match admit(&request, shared).and_then(|()| body(&mut request)) {
        Err(r) => Outcome::from(r),
        Ok(body) => {
            let call = Call {
                method: &method,
                path,
                query,
                body: &body,
            };
            catch_unwind(AssertUnwindSafe(|| api::route(&call, shared))).unwrap_or_else(|p| {
                log(&format!(
                    "internal error answering {method} {path}: {}; this is a bug in mancala serve",
                    panic_words(&*p)
                ));
                Outcome::from(Refusal::new(
                    500,
                    "internal error: this is a bug in mancala serve (the server logged it and goes on)",
                ))
            })
        }
    };
    let status = match outcome {
        Outcome::Reply(reply) => send(request, reply),
        Outcome::Stream(job) => {
            stream(request, job, log, &format!("{method} {path}"));
            200
        }
    };
    let took = start.elapsed();
    if status >= 400 {
        log(&format!("{method} {path}: {status}"));
    } else if took.as_secs() >= 10 && status != 200 {
        log(&format!(
            "{method} {path}: {status} in {:.1} s",
            took.as_secs_f64()
        ));
    }
}

fn panic_words(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_owned())
}

/// The reason phrase of a status this server sends.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Content",
        503 => "Service Unavailable",
        _ => "Internal Server Error",
    }
}

/// The head of an answer: the status line, the headers of every answer, the content type and
/// `Connection: close`.
fn head(status: u16, ctype: &str, length: Option<usize>) -> String {
    let mut head = format!(
        "HTTP/1.1 {status} {}\r\nContent-Type: {ctype}\r\nConnection: close\r\n",
        reason(status)
    );
    if let Some(n) = length {
        head.push_str(&format!("Content-Length: {n}\r\n"));
    }
    for h in common_headers() {
        head.push_str(&format!("{}: {}\r\n", h.field, h.value));
    }
    head.push_str("\r\n");
    head
}

/// Sends an answer and closes the connection. Every answer closes its connection: with
/// `tiny_http` keeping connections alive, Chromium now and then never sent its next request on
/// one (its page stopped before its first API call, about one load in ten in the browser test),
/// and a local server loses nothing by opening a connection per request.
fn send(request: Request, reply: Reply) -> u16 {
    let (status, ctype, bytes) = match reply {
        Reply::Json(status, v) => (status, "application/json", v.to_string().into_bytes()),
        Reply::File(ctype, bytes) => (200, ctype, bytes.to_vec()),
    };
    let head_only = *request.method() == Method::Head;
    let mut out = request.into_writer();
    // A client gone before its answer: nothing to do.
    let _ = out
        .write_all(head(status, ctype, Some(bytes.len())).as_bytes())
        .and_then(|()| {
            if head_only {
                Ok(())
            } else {
                out.write_all(&bytes)
            }
        })
        .and_then(|()| out.flush());
    status
}

/// A stream of server-sent events (an analysis): the response head, then what `job` writes,
/// each flush sent as it comes as one chunk of a chunked body, and the last chunk at its end.
/// The body must say where it ends: `tiny_http` keeps the connection open for the next request
/// of a client that did not ask to close it (a browser never does), so a body ended by closing
/// the connection never ended, and each finished analysis held one of the browser's six
/// connections to the server until the page stopped loading anything. `tiny_http`'s own chunked
/// writer gathers 8 KiB before sending any, hence [`Chunked`].
fn stream(request: Request, job: Job, log: &(dyn Fn(&str) + Sync), what: &str) {
    let mut out = request.into_writer();
    let mut head = String::from(
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n",
    );
    for h in common_headers() {
        head.push_str(&format!("{}: {}\r\n", h.field, h.value));
    }
    head.push_str("\r\n");
    if out
        .write_all(head.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        return;
    }
    let mut body = Chunked {
        inner: &mut *out,
        pending: Vec::new(),
    };
    if let Err(p) = catch_unwind(AssertUnwindSafe(|| job(&mut body))) {
        log(&format!(
            "internal error in {what}: {}; this is a bug in mancala serve",
            panic_words(&*p)
        ));
    }
    // A client gone meanwhile: nothing to do.
    let _ = body.finish();
}

/// A chunked body (RFC 9112 §7.1) written a flush at a time: what is written between two
/// flushes goes out as one chunk.
struct Chunked<'a> {
    inner: &'a mut (dyn Write + Send),
    pending: Vec<u8>,
}

impl Chunked<'_> {
    /// Sends what is pending and the last chunk: the client knows the body is over.
    fn finish(mut self) -> std::io::Result<()> {
        self.flush()?;
        self.inner.write_all(b"0\r\n\r\n")?;
        self.inner.flush()
    }
}

impl Write for Chunked<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.pending.is_empty() {
            write!(self.inner, "{:x}\r\n", self.pending.len())?;
            self.inner.write_all(&self.pending)?;
            self.inner.write_all(b"\r\n")?;
            self.pending.clear();
        }
        self.inner.flush()
    }
}
