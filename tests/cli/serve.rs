//! `mancala serve` (issue 35; spec/serve.md): the server started as a user starts it, on a free
//! port of the loopback address, and its JSON API asked over HTTP: the answers, the refusals with
//! the command line's messages, the bounds of every request, the analysis stream and its stop,
//! and Ctrl-C. The page itself is tested in a browser (`serve_browser.rs`).

use crate::support::mancala;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// A `mancala serve` running on a free port; stopped (Ctrl-C) when dropped.
pub(crate) struct Served {
    child: Option<Child>,
    pub url: String,
    pub port: u16,
}

impl Served {
    /// Starts `mancala serve --port 0` with `args`, and reads the address it prints.
    pub(crate) fn start(args: &[&str]) -> Served {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mancala"))
            .current_dir(crate::support::root())
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line.trim().to_owned();
        let port = url
            .trim_end_matches('/')
            .rsplit(':')
            .next()
            .unwrap()
            .parse()
            .unwrap_or_else(|_| panic!("no address printed: {line:?}"));
        Served {
            child: Some(child),
            url,
            port,
        }
    }

    /// Sends Ctrl-C (SIGINT) and waits for the exit status, at most `within`.
    pub(crate) fn interrupt(&mut self, within: Duration) -> Option<std::process::ExitStatus> {
        let mut child = self.child.take()?;
        let _ = std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status();
        let start = Instant::now();
        while start.elapsed() < within {
            if let Ok(Some(s)) = child.try_wait() {
                return Some(s);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = child.kill();
        let _ = child.wait();
        None
    }

    /// A request: the status and the body.
    pub(crate) fn call(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, String) {
        let body = body.map(ToString::to_string);
        http(
            self.port,
            method,
            path,
            &[("Content-Type", "application/json")],
            body.as_deref(),
        )
    }

    /// A POST of `body`: the status and the answer's JSON.
    pub(crate) fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let (status, text) = self.call("POST", path, Some(body));
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        self.interrupt(Duration::from_secs(10));
    }
}

/// One HTTP/1.1 request with `Connection: close`: the status and the body as text.
pub(crate) fn http(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let mut req = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    if !headers.iter().any(|(k, _)| *k == "Host") {
        req.push_str(&format!("Host: 127.0.0.1:{port}\r\n"));
    }
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    let body = body.unwrap_or("");
    req.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    s.write_all(req.as_bytes()).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    testkit::http::answer(&out)
}

fn message(v: &Value) -> &str {
    v["error"]["message"].as_str().unwrap_or("")
}

/// What `mancala show POSITION` says on stderr about a bad position, without its `error: `.
fn cli_says(position: &str, options: &[&str]) -> String {
    let mut cmd = mancala();
    cmd.arg("show");
    for o in options {
        cmd.args(["--option", o]);
    }
    let out = cmd.arg(position).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{position}");
    let err = String::from_utf8_lossy(&out.stderr);
    err.lines()
        .next()
        .unwrap()
        .trim_start_matches("mancala: error: ")
        .to_owned()
}

#[test]
fn the_api_answers_and_refuses_with_the_command_lines_messages() {
    let s = Served::start(&[]);
    // The games as the rules core has them.
    let (status, games) = s.call("GET", "/api/games", None);
    assert_eq!(status, 200);
    let games: Value = serde_json::from_str(&games).unwrap();
    let names: Vec<&str> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 5);
    for g in ["bechi", "giuthi", "sulus-nishtaw", "uugg", "redu"] {
        assert!(names.contains(&g), "{names:?}");
    }
    // A position with its legal moves, each with the holes it starts from and the path it sows.
    let (status, v) = s.post("/api/position", &json!({"position": "bechi"}));
    assert_eq!(status, 200);
    assert_eq!(v["position"], "bechi 6,6,6,6/6,6,6,6 B opener=B");
    let moves: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["1B", "2B", "3B", "4B"]);
    // 3B: six seeds sown counterclockwise from 3B itself (B4, B6).
    assert_eq!(v["moves"][2]["path"], json!([2, 3, 4, 5, 6, 7]));
    // Bad positions: the messages of `mancala show`, 422.
    for (position, options) in [
        ("bechi 6,6,6,6/6,6,6 B opener=B", vec![]),
        ("bechi 6,6,6,6/6,6,6,7 B opener=B", vec![]),
        ("chess", vec![]),
        ("redu 4,4,4,4,4,4/4,4,4,4,4,4 B right=O1:1A", vec![]),
        ("uugg 4,4,4,4,4/4,4,4,4,4 B", vec!["holes=5"]),
    ] {
        let opts: serde_json::Map<String, Value> = options
            .iter()
            .map(|o: &&str| {
                let (k, v) = o.split_once('=').unwrap();
                (k.to_owned(), json!(v))
            })
            .collect();
        let (status, v) = s.post(
            "/api/position",
            &json!({"position": position, "options": opts}),
        );
        assert_eq!(status, 422, "{position}: {v}");
        assert_eq!(message(&v), cli_says(position, &options), "{position}");
    }
    // A move the rules refuse: the rule, and where to read it.
    let (status, v) = s.post("/api/play", &json!({"position": "bechi", "move": "1A"}));
    assert_eq!(status, 422);
    assert_eq!(
        message(&v),
        "illegal move 1A: 1A is not one of B's holes (B4)"
    );
    assert_eq!(v["error"]["see"], "mancala rules B4");
    // A move played: its canonical token, the explanation, the position after.
    let (status, v) = s.post("/api/play", &json!({"position": "bechi", "move": "3B+"}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["move"], "3B");
    assert_eq!(v["after"]["position"], "bechi 7,7,7,7/6,6,1*,7 A opener=B");
    assert!(v["cites"].as_array().unwrap().contains(&json!("B4")));
    // A Bechi fill that breaks B16.
    let over = "bechi 0,0,0/0,0,0 A store=20,16 opener=B";
    let (status, v) = s.post(
        "/api/next-round",
        &json!({"position": over, "options": {"holes": "3"}, "decision": {"kind": "fill", "value": ["1A"]}}),
    );
    assert_eq!(status, 422, "{v}");
    assert!(
        v["error"]["rules"]
            .as_array()
            .unwrap()
            .contains(&json!("B16")),
        "{v}"
    );
    // A record with a problem: located, with the caret excerpt of `mancala validate`.
    let record = "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3A *\n";
    let (status, v) = s.post("/api/record", &json!({"text": record}));
    assert_eq!(status, 200);
    assert_eq!(v["valid"], false);
    let p = &v["problems"][0];
    assert_eq!(
        (p["line"].as_u64(), p["column"].as_u64()),
        (Some(5), Some(4))
    );
    assert!(p["rendered"].as_str().unwrap().contains("^^"), "{p}");
    // A valid record: its canonical text, which validate accepts.
    let record = "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n3B 1A *\n";
    let (_, v) = s.post("/api/record", &json!({"text": record}));
    assert_eq!(v["valid"], true);
    assert_eq!(
        v["canonical"],
        "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3B 2. 1A *\n"
    );
    assert_eq!(v["tree"].as_array().unwrap().len(), 2);
    // The editor: a position that breaks a rule is written and checked.
    let (status, v) = s.post(
        "/api/edit",
        &json!({"text": "bechi 6,6,6,6/6,6,6,7 B opener=B"}),
    );
    assert_eq!(status, 200);
    assert_eq!(v["ok"], false);
    assert_eq!(v["position"], "bechi 6,6,6,6/6,6,6,7 B opener=B");
    // Rules by ID.
    let (status, v) = s.call("GET", "/api/rules?ids=B9,Z1", None);
    assert_eq!(status, 200);
    let v: Value = serde_json::from_str(&v).unwrap();
    assert_eq!(v["rules"]["B9"]["id"], "B9");
    assert_eq!(v["unknown"], json!(["Z1"]));
}

#[test]
fn every_request_is_bounded_and_bad_ones_get_a_4xx() {
    let s = Served::start(&[]);
    let big = "x".repeat(3 << 20);
    let cases: Vec<(u16, (u16, String))> = vec![
        (
            400,
            http(
                s.port,
                "POST",
                "/api/position",
                &[("Content-Type", "application/json")],
                Some("{"),
            ),
        ),
        (
            400,
            http(
                s.port,
                "POST",
                "/api/position",
                &[("Content-Type", "application/json")],
                Some("{\"position\": 3}"),
            ),
        ),
        (
            400,
            http(
                s.port,
                "POST",
                "/api/play",
                &[("Content-Type", "application/json")],
                Some("{\"position\": \"bechi\", \"moev\": \"1B\"}"),
            ),
        ),
        (
            413,
            http(
                s.port,
                "POST",
                "/api/record",
                &[("Content-Type", "application/json")],
                Some(&big),
            ),
        ),
        (
            415,
            http(
                s.port,
                "POST",
                "/api/position",
                &[("Content-Type", "text/plain")],
                Some("{}"),
            ),
        ),
        (404, s.call("GET", "/api/nothing", None)),
        (404, s.call("GET", "/etc/passwd", None)),
        (405, s.call("GET", "/api/play", None)),
        (
            413,
            s.call(
                "POST",
                "/api/position",
                Some(&json!({"position": "bechi ".repeat(1000)})),
            ),
        ),
        (
            422,
            s.call(
                "POST",
                "/api/analyse",
                Some(&json!({"position": "bechi", "multipv": 99})),
            ),
        ),
        (
            422,
            s.call(
                "POST",
                "/api/analyse",
                Some(&json!({"position": "bechi", "seconds": 1e9})),
            ),
        ),
    ];
    for (want, (got, body)) in &cases {
        assert_eq!(got, want, "{body}");
        let v: Value = serde_json::from_str(body).unwrap_or(Value::Null);
        assert!(v["error"]["message"].is_string(), "{body}");
    }
    // A page of another site, or a name pointed at this address, is refused.
    let (status, _) = http(
        s.port,
        "GET",
        "/api/games",
        &[("Host", "evil.example:80")],
        None,
    );
    assert!(status == 403 || status == 400, "{status}");
    let (status, _) = http(
        s.port,
        "POST",
        "/api/position",
        &[
            ("Content-Type", "application/json"),
            ("Origin", "http://evil.example"),
        ],
        Some("{\"position\": \"bechi\"}"),
    );
    assert_eq!(status, 403);
    // The page and its files, with the policy that loads nothing from elsewhere.
    let (status, page) = s.call("GET", "/", None);
    assert_eq!(status, 200);
    assert!(page.contains("<script src=\"/board.js\""));
}

/// Reads the events of an analysis stream until `done` or `error`.
fn events(port: u16, body: &Value) -> Vec<(String, Value)> {
    let (status, text) = http(
        port,
        "POST",
        "/api/analyse",
        &[("Content-Type", "application/json")],
        Some(&body.to_string()),
    );
    assert_eq!(status, 200, "{text}");
    text.split("\n\n")
        .filter_map(|block| {
            let kind = block.lines().find_map(|l| l.strip_prefix("event: "))?;
            let data = block.lines().find_map(|l| l.strip_prefix("data: "))?;
            Some((kind.to_owned(), serde_json::from_str(data).unwrap()))
        })
        .collect()
}

#[test]
fn analyses_stream_stop_and_are_limited() {
    let mut s = Served::start(&["--analyses", "1"]);
    // A small Bechi 2x3 ending: the value is proved, -14 for B (the Python session of docs/guide/python.md).
    let ev = events(
        s.port,
        &json!({"position": "bechi 0,2*,0/3*,0,1* B store=20,10 opener=B", "options": {"holes": "3"}, "seconds": 20}),
    );
    let kinds: Vec<&str> = ev.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(kinds.first(), Some(&"start"));
    assert!(kinds.contains(&"progress"), "{kinds:?}");
    let (last, done) = ev.last().unwrap();
    assert_eq!(last, "done");
    assert_eq!(
        (done["value"].clone(), done["exact"].clone()),
        (json!(-14), json!(true))
    );
    assert_eq!(done["best"], "1B");
    // A long analysis holds the only place; another is refused with 503 until the client of the
    // first goes away, which stops it.
    let long = json!({"position": "uugg", "options": {"holes": "7"}, "seconds": 300}).to_string();
    let mut first = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    write!(
        first,
        "POST /api/analyse HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{long}",
        s.port,
        long.len()
    )
    .unwrap();
    let mut head = [0u8; 12];
    first.read_exact(&mut head).unwrap();
    assert_eq!(&head, b"HTTP/1.1 200");
    let (status, text) = s.call("POST", "/api/analyse", Some(&json!({"position": "bechi"})));
    assert_eq!(status, 503, "{text}");
    drop(first);
    let start = Instant::now();
    loop {
        let (status, _) = s.call(
            "POST",
            "/api/analyse",
            Some(&json!({"position": "bechi", "depth": 2})),
        );
        if status == 200 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the analysis of a client gone away still runs"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    // Ctrl-C stops the server, an analysis running or not.
    let mut busy = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    write!(
        busy,
        "POST /api/analyse HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{long}",
        s.port,
        long.len()
    )
    .unwrap();
    busy.read_exact(&mut head).unwrap();
    let status = s.interrupt(Duration::from_secs(10));
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
}

/// An imported record keeps its comments, annotations and unknown tags on the nodes they follow
/// (the page writes them back on export); a text of several records says which one it loaded,
/// lists them all, and loads another on request.
#[test]
fn records_keep_their_notes_and_a_text_of_several_is_listed() {
    let s = Served::start(&[]);
    let record = "[Notation \"1.1\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n[Round \"1\"]\n\n{before all} 3B (captures 0) {first move} 1A {A answers} (2A {a side line}) 4B *\n";
    let (status, v) = s.post("/api/record", &json!({"text": record}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["valid"], true, "{v}");
    let tree = v["tree"].as_array().unwrap();
    assert_eq!(tree[0]["before"], json!([{"comment": "before all"}]));
    assert_eq!(
        tree[0]["notes"],
        json!([{"annotation": "(captures 0)"}, {"comment": "first move"}])
    );
    assert_eq!(tree[1]["notes"], json!([{"comment": "A answers"}]));
    let side = &tree[1]["variations"][0][0];
    assert_eq!(side["move"], "2A");
    assert_eq!(side["notes"], json!([{"comment": "a side line"}]));
    assert!(tree[2].get("notes").is_none(), "{}", tree[2]);
    assert!(
        v["header"]["tags"]
            .as_array()
            .unwrap()
            .contains(&json!(["Round", "1"])),
        "{v}"
    );
    assert!(v.get("records").is_none(), "{v}");
    // Two records: the first is loaded and both are listed; the second on request.
    let two = format!(
        "{record}\n[Notation \"1.0\"]\n[Game \"uugg\"]\n[Opener \"A\"]\n[PlayerA \"Ama\"]\n\n1. 1A *\n"
    );
    let (_, v) = s.post("/api/record", &json!({"text": two}));
    assert_eq!(v["index"], 1);
    assert_eq!(v["more"], 1);
    let listed = v["records"].as_array().unwrap();
    assert_eq!(listed.len(), 2);
    assert_eq!(
        (
            &listed[1]["game"],
            &listed[1]["first_line"],
            &listed[1]["plies"]
        ),
        (&json!("uugg"), &json!(8), &json!(1))
    );
    let (_, v) = s.post("/api/record", &json!({"text": two, "index": 2}));
    assert_eq!(
        (&v["index"], &v["header"]["game"]),
        (&json!(2), &json!("uugg"))
    );
    let (status, v) = s.post("/api/record", &json!({"text": two, "index": 3}));
    assert_eq!(status, 422, "{v}");
    assert_eq!(
        message(&v),
        "the text holds 2 record(s); there is no record 3"
    );
}

/// An analysis stream says where it ends (a chunked body and its last chunk), so that a client
/// that keeps its connection open, as every browser does, knows the answer is over. Before, the
/// body ended only when the connection closed, which `tiny_http` does not do for such a client:
/// each finished analysis held one of the browser's six connections, and the page of a match
/// against the engine stopped after six engine moves.
#[test]
fn an_analysis_stream_ends_for_a_client_that_keeps_its_connection() {
    let s = Served::start(&[]);
    let body = json!({"position": "bechi 1*,1*,2*/1*,1*,0* A store=26,4 opener=B", "options": {"holes": "3"}, "seconds": 1}).to_string();
    let mut c = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    // The bound of a hang: the answer itself comes in milliseconds (one legal move).
    c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let req = format!(
        "POST /api/analyse HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        s.port,
        body.len()
    );
    c.write_all(req.as_bytes()).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    while !got.ends_with(b"\r\n0\r\n\r\n") {
        match c.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
    let text = String::from_utf8_lossy(&got);
    assert!(
        text.ends_with("\r\n0\r\n\r\n"),
        "the stream did not say it was over: {text}"
    );
    let (head, _) = text.split_once("\r\n\r\n").unwrap();
    assert!(head.contains("Transfer-Encoding: chunked"), "{head}");
    let (_, events) = testkit::http::answer(&got);
    assert!(events.contains("event: done"), "{events}");
    assert!(events.contains("\"best\":\"1A\""), "{events}");
}
