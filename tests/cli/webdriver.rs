//! A WebDriver client for the browser test (`browser.rs`), on the standard library and
//! `serde_json` alone: WebDriver is JSON over HTTP/1.1 (W3C WebDriver, §6 "Protocol"), one request
//! at a time to a chromedriver on the loopback interface. It covers what the test does (a
//! session, navigation, script, elements found by CSS selector, clicks, keys, attributes,
//! screenshots, the window size) and no more; it replaced the fantoccini, hyper and tokio stack,
//! about 60 crates of a cold `cargo test`.
//!
//! Every command returns the `value` of the answer, or an error naming the command, the HTTP
//! status and the WebDriver error and message; the test unwraps it, as it did with fantoccini.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::Duration;

/// The keys the test presses (the code points of the WebDriver "keyboard actions" table).
#[derive(Clone, Copy, Debug)]
pub enum Key {
    Left,
    Right,
    Home,
    End,
    Enter,
    Tab,
}

impl Key {
    fn code(self) -> &'static str {
        match self {
            Key::End => "\u{e010}",
            Key::Home => "\u{e011}",
            Key::Left => "\u{e012}",
            Key::Right => "\u{e014}",
            Key::Enter => "\u{e007}",
            Key::Tab => "\u{e004}",
        }
    }
}

/// The property under which an element reference travels (W3C WebDriver, "web element
/// identifier").
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// How long one command may take before the test fails instead of hanging.
const TIMEOUT: Duration = Duration::from_secs(120);

/// A browser session of the chromedriver listening on `port`.
#[derive(Debug)]
pub struct Session {
    port: u16,
    id: String,
}

/// An element of the page of a session.
#[derive(Debug)]
pub struct Element<'s> {
    session: &'s Session,
    id: String,
}

impl Session {
    /// A new session with these capabilities (`alwaysMatch`).
    pub fn new(port: u16, capabilities: Value) -> Result<Session, String> {
        let body = json!({"capabilities": {"alwaysMatch": capabilities, "firstMatch": [{}]}});
        let value = request(port, "POST", "/session", Some(&body))?;
        let id = value["sessionId"]
            .as_str()
            .ok_or_else(|| format!("new session: no sessionId in {value}"))?;
        Ok(Session {
            port,
            id: id.to_owned(),
        })
    }

    fn get(&self, path: &str) -> Result<Value, String> {
        request(
            self.port,
            "GET",
            &format!("/session/{}{path}", self.id),
            None,
        )
    }

    fn post(&self, path: &str, body: &Value) -> Result<Value, String> {
        let path = format!("/session/{}{path}", self.id);
        request(self.port, "POST", &path, Some(body))
    }

    /// Navigates to `url` and waits for the page to load.
    pub fn goto(&self, url: &str) -> Result<(), String> {
        self.post("/url", &json!({ "url": url })).map(drop)
    }

    /// The address of the page shown.
    pub fn current_url(&self) -> Result<String, String> {
        let v = self.get("/url")?;
        v.as_str()
            .map(str::to_owned)
            .ok_or_else(|| format!("current url: not a string: {v}"))
    }

    /// The fragment of the address of the page shown, without its `#` (empty if none).
    pub fn fragment(&self) -> Result<String, String> {
        let url = self.current_url()?;
        Ok(url.split_once('#').map_or("", |(_, f)| f).to_owned())
    }

    /// Reloads the page.
    pub fn refresh(&self) -> Result<(), String> {
        self.post("/refresh", &json!({})).map(drop)
    }

    /// Runs `script` (a function body: `return` gives the value) in the page.
    pub fn execute(&self, script: &str, args: Vec<Value>) -> Result<Value, String> {
        self.post("/execute/sync", &json!({"script": script, "args": args}))
    }

    /// The first element of the page that matches the CSS selector: an error if none does.
    pub fn find(&self, css: &str) -> Result<Element<'_>, String> {
        let v = self.post("/element", &json!({"using": "css selector", "value": css}))?;
        Element::from_reference(self, &v)
    }

    /// Presses a key where the focus is (W3C WebDriver "perform actions"), as a reader on the
    /// keyboard alone does.
    pub fn press(&self, key: Key) -> Result<(), String> {
        let actions = json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key.code()}, {"type": "keyUp", "value": key.code()},
        ]}]});
        self.post("/actions", &actions).map(drop)
    }

    /// A PNG picture of the window.
    pub fn screenshot(&self) -> Result<Vec<u8>, String> {
        let v = self.get("/screenshot")?;
        let text = v
            .as_str()
            .ok_or_else(|| format!("screenshot: not a string: {v}"))?;
        base64_decode(text)
    }

    /// Resizes the window.
    pub fn set_window_size(&self, width: u32, height: u32) -> Result<(), String> {
        self.post("/window/rect", &json!({"width": width, "height": height}))
            .map(drop)
    }

    /// Ends the session (the browser quits).
    pub fn close(self) -> Result<(), String> {
        request(self.port, "DELETE", &format!("/session/{}", self.id), None).map(drop)
    }
}

impl<'s> Element<'s> {
    fn from_reference(session: &'s Session, v: &Value) -> Result<Element<'s>, String> {
        let id = v[ELEMENT]
            .as_str()
            .ok_or_else(|| format!("not an element reference: {v}"))?;
        Ok(Element {
            session,
            id: id.to_owned(),
        })
    }

    fn path(&self, what: &str) -> String {
        format!("/element/{}/{what}", self.id)
    }

    /// The first element inside this one that matches the CSS selector.
    pub fn find(&self, css: &str) -> Result<Element<'s>, String> {
        let body = json!({"using": "css selector", "value": css});
        let v = self.session.post(&self.path("element"), &body)?;
        Element::from_reference(self.session, &v)
    }

    /// The rendered text of the element.
    pub fn text(&self) -> Result<String, String> {
        let v = self.session.get(&self.path("text"))?;
        v.as_str()
            .map(str::to_owned)
            .ok_or_else(|| format!("text: not a string: {v}"))
    }

    /// Clicks the element in its middle, as a reader would (scrolled into view first).
    pub fn click(&self) -> Result<(), String> {
        self.session.post(&self.path("click"), &json!({})).map(drop)
    }

    /// Types into the element (which gets the focus first).
    pub fn send_key(&self, key: Key) -> Result<(), String> {
        self.session
            .post(&self.path("value"), &json!({ "text": key.code() }))
            .map(drop)
    }

    /// Types `text` into the element (which gets the focus first), key by key as a person does.
    pub fn send_keys(&self, text: &str) -> Result<(), String> {
        self.session
            .post(&self.path("value"), &json!({ "text": text }))
            .map(drop)
    }

    /// Whether a check box is checked or an option selected.
    pub fn is_selected(&self) -> Result<bool, String> {
        let v = self.session.get(&self.path("selected"))?;
        v.as_bool()
            .ok_or_else(|| format!("selected: not a boolean: {v}"))
    }

    /// The value of an attribute of the element, `None` when it has none.
    pub fn attr(&self, name: &str) -> Result<Option<String>, String> {
        let v = self.session.get(&self.path(&format!("attribute/{name}")))?;
        Ok(v.as_str().map(str::to_owned))
    }

    /// A property of the element as text (a string as it is, a boolean or number written
    /// out), `None` when it is null.
    pub fn prop(&self, name: &str) -> Result<Option<String>, String> {
        let v = self.session.get(&self.path(&format!("property/{name}")))?;
        Ok(match v {
            Value::Null => None,
            Value::String(s) => Some(s),
            other => Some(other.to_string()),
        })
    }

    /// Chooses the option of a `select` with this value, with a click on it.
    pub fn select_by_value(&self, value: &str) -> Result<(), String> {
        self.find(&format!("option[value='{value}']"))?.click()
    }
}

/// One WebDriver command: the `value` of a successful answer, or an error with the status, the
/// WebDriver error code and its message.
fn request(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let what = format!("{method} {path}");
    let fail = |e: std::io::Error| format!("{what}: {e}");
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(fail)?;
    stream.set_read_timeout(Some(TIMEOUT)).map_err(fail)?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json; \
         charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).map_err(fail)?;
    stream.write_all(body.as_bytes()).map_err(fail)?;
    let (status, answer) = read_response(&mut BufReader::new(stream)).map_err(fail)?;
    let mut json: Value = serde_json::from_slice(&answer).map_err(|e| {
        format!(
            "{what}: status {status}, not JSON ({e}): {}",
            String::from_utf8_lossy(&answer)
        )
    })?;
    let value = json["value"].take();
    if status == 200 {
        Ok(value)
    } else {
        Err(format!(
            "{what}: status {status}, {}: {}",
            value["error"], value["message"]
        ))
    }
}

/// The status and body of an HTTP/1.1 response: a body of `Content-Length` bytes, in chunks, or
/// up to the end of the connection.
fn read_response(r: &mut impl BufRead) -> std::io::Result<(u16, Vec<u8>)> {
    let bad = |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_owned());
    let mut line = String::new();
    r.read_line(&mut line)?;
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse::<u16>().ok())
        .ok_or_else(|| bad(&format!("bad status line {line:?}")))?;
    let mut length: Option<usize> = None;
    let mut chunked = false;
    loop {
        line.clear();
        if r.read_line(&mut line)? == 0 || line.trim_end().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            let value = value.trim();
            if name.eq_ignore_ascii_case("content-length") {
                length = Some(value.parse().map_err(|_| bad("bad Content-Length"))?);
            } else if name.eq_ignore_ascii_case("transfer-encoding") {
                chunked = value.eq_ignore_ascii_case("chunked");
            }
        }
    }
    let mut body = Vec::new();
    if chunked {
        loop {
            line.clear();
            r.read_line(&mut line)?;
            let size = usize::from_str_radix(line.trim().split(';').next().unwrap_or(""), 16)
                .map_err(|_| bad(&format!("bad chunk size {line:?}")))?;
            if size == 0 {
                break;
            }
            let start = body.len();
            body.resize(start + size, 0);
            r.read_exact(&mut body[start..])?;
            line.clear();
            r.read_line(&mut line)?;
        }
    } else if let Some(n) = length {
        body.resize(n, 0);
        r.read_exact(&mut body)?;
    } else {
        r.read_to_end(&mut body)?;
    }
    Ok((status, body))
}

/// Standard base64 (RFC 4648 §4, with padding), as WebDriver sends screenshots.
fn base64_decode(text: &str) -> Result<Vec<u8>, String> {
    let value = |c: u8| -> Result<u32, String> {
        Ok(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(format!("screenshot: {:?} is not base64", char::from(c))),
        }
        .into())
    };
    let digits: Vec<u8> = text
        .bytes()
        .filter(|c| !c.is_ascii_whitespace() && *c != b'=')
        .collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for group in digits.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in group.iter().enumerate() {
            n |= value(c)? << (18 - 6 * i);
        }
        let bytes = n.to_be_bytes();
        // 2, 3 or 4 digits carry 1, 2 or 3 bytes.
        let keep = group.len().saturating_sub(1);
        out.extend_from_slice(&bytes[1..=keep]);
    }
    Ok(out)
}

#[test]
fn base64_decodes_the_rfc_4648_examples() {
    for (text, plain) in [
        ("", ""),
        ("Zg==", "f"),
        ("Zm8=", "fo"),
        ("Zm9v", "foo"),
        ("Zm9vYg==", "foob"),
        ("Zm9vYmE=", "fooba"),
        ("Zm9vYmFy", "foobar"),
    ] {
        assert_eq!(base64_decode(text).unwrap(), plain.as_bytes(), "{text}");
    }
    assert!(base64_decode("Zm9v!").is_err());
}

#[test]
fn responses_are_read_by_length_in_chunks_or_to_the_end() {
    let by_length = b"HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n{\"value\":42}\nextra";
    let (status, body) = read_response(&mut &by_length[..]).unwrap();
    assert_eq!((status, &body[..]), (200, &b"{\"value\":42}\n"[..]));
    let chunked =
        b"HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"val\r\n7\r\nue\":1}\n\r\n0\r\n\r\n";
    let (status, body) = read_response(&mut &chunked[..]).unwrap();
    assert_eq!((status, &body[..]), (404, &b"{\"value\":1}\n"[..]));
    let to_end = b"HTTP/1.0 500 Error\r\n\r\n{}";
    assert_eq!(
        read_response(&mut &to_end[..]).unwrap(),
        (500, b"{}".to_vec())
    );
    assert!(read_response(&mut &b"nonsense\r\n\r\n"[..]).is_err());
}
