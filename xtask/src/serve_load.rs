//! `cargo xtask serve-load [--clients N] [--seconds S] [--analyses K]`: the load test of `mancala
//! serve` (issue 35; spec/serve.md §3): the release binary serves on a free port of the loopback
//! address while N clients (16) send requests for S seconds (20), each mixing the page's calls
//! (the games, positions, moves played through whole rounds, records read), analyses (some
//! followed to their end, some abandoned after a moment: the server must stop them) and malformed
//! requests (bad JSON, unknown members and paths, bodies over the limit, foreign hosts, bad
//! positions). Every request must get an answer (a status: 2xx, or the 4xx and 503 of the
//! limits; never a 5xx, a reset or a timeout); the server's memory is sampled from `/proc` every
//! 100 ms; after the clients stop, its threads must come back to what they were before (no
//! analysis left running), and Ctrl-C must stop it with status 0. The figures are printed for
//! docs/guide/serve.md.

use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What one request got: its kind, its status (0: no answer), its time.
type Outcome = (&'static str, u16, Duration);

fn status_of(pid: u32, field: &str) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    s.lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// One request, `Connection: close`: the status (0 when the server gave none) and the body.
fn request(
    port: u16,
    method: &str,
    path: &str,
    ctype: &str,
    host: &str,
    body: &str,
) -> (u16, String) {
    let Ok(mut s) = TcpStream::connect(("127.0.0.1", port)) else {
        return (0, String::new());
    };
    let _ = s.set_read_timeout(Some(Duration::from_secs(30)));
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Type: {ctype}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    if s.write_all(head.as_bytes()).is_err() {
        return (0, String::new());
    }
    // A body over the limit may be refused before it is all sent: the answer still counts.
    let _ = s.write_all(body.as_bytes());
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    testkit::http::answer(&out)
}

/// A small random number generator (xorshift), one per client.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

const GAMES: [(&str, &str); 6] = [
    ("bechi", "{}"),
    ("bechi", "{\"holes\": \"3\"}"),
    ("giuthi", "{\"holes\": \"6\"}"),
    ("sulus-nishtaw", "{}"),
    ("uugg", "{\"holes\": \"5\"}"),
    ("redu", "{}"),
];

/// A client's game: moves played one after the other, a new game when the round is over.
struct Game {
    position: String,
    options: Value,
}

/// One request of client `rng`'s choice: what it was and what it got.
fn one(port: u16, rng: &mut Rng, game: &mut Game) -> Outcome {
    let host = format!("127.0.0.1:{port}");
    let json = "application/json";
    let start = Instant::now();
    let post =
        |path: &str, body: &Value| request(port, "POST", path, json, &host, &body.to_string());
    let (kind, status): (&'static str, u16) = match rng.below(20) {
        0 => ("games", request(port, "GET", "/api/games", json, &host, "").0),
        1 => ("page", request(port, "GET", "/app.js", json, &host, "").0),
        2..=8 => {
            // A move of the client's game: one of the position's legal moves.
            let (s1, view) = post("/api/position", &json!({"position": game.position, "options": game.options}));
            // tidy: not a message: the server's answer, read as a client reads it.
            let v: Value = serde_json::from_str(&view).unwrap_or(Value::Null);
            let moves = v["moves"].as_array().cloned().unwrap_or_default();
            if moves.is_empty() || s1 != 200 {
                let (name, opts) = GAMES[rng.below(GAMES.len())];
                game.position = name.to_owned();
                game.options = serde_json::from_str(opts).unwrap_or(Value::Null);
                return ("position", s1, start.elapsed());
            }
            let mv = &moves[rng.below(moves.len())]["move"];
            let (s2, played) = post("/api/play", &json!({"position": game.position, "options": game.options, "move": mv}));
            // tidy: not a message: the server's answer, read as a client reads it.
            let p: Value = serde_json::from_str(&played).unwrap_or(Value::Null);
            if let Some(next) = p["after"]["position"].as_str() {
                game.position = next.to_owned();
            }
            ("position and play", s1.min(s2))
        }
        9..=10 => ("analyse", post("/api/analyse", &json!({"position": game.position, "options": game.options, "seconds": 0.5})).0),
        11 => {
            // An analysis abandoned after a moment: the server must stop it.
            let body = json!({"position": game.position, "options": game.options, "seconds": 60}).to_string();
            let status = match TcpStream::connect(("127.0.0.1", port)) {
                Ok(mut s) => {
                    let _ = write!(s, "POST /api/analyse HTTP/1.1\r\nHost: {host}\r\nContent-Type: {json}\r\nContent-Length: {}\r\n\r\n{body}", body.len());
                    let _ = s.set_read_timeout(Some(Duration::from_secs(30)));
                    let mut head = [0u8; 12];
                    let got = s.read_exact(&mut head).is_ok();
                    std::thread::sleep(Duration::from_millis(100 + rng.below(200) as u64));
                    if got { String::from_utf8_lossy(&head[9..12]).parse().unwrap_or(0) } else { 0 }
                }
                Err(_) => 0,
            };
            ("analyse abandoned", status)
        }
        12 => ("record", post("/api/record", &json!({"text": "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3B 2. 1A 3. 1A *\n"})).0),
        13 => ("bad json", request(port, "POST", "/api/play", json, &host, "{\"position\": ").0),
        14 => ("unknown member", post("/api/position", &json!({"position": "bechi", "colour": "red"})).0),
        15 => ("too large", request(port, "POST", "/api/record", json, &host, &"x".repeat(3 << 20)).0),
        16 => ("foreign host", request(port, "GET", "/api/games", json, "evil.example:80", "").0),
        17 => ("bad position", post("/api/position", &json!({"position": "bechi 6,6,6,6/6,6,6,7 B opener=B"})).0),
        18 => ("unknown path", request(port, "GET", "/api/nothing", json, &host, "").0),
        _ => ("bad move", post("/api/play", &json!({"position": "redu", "move": "4B/9Z"})).0),
    };
    (kind, status, start.elapsed())
}

fn arg(args: &[String], name: &str, default: u64) -> Result<u64, String> {
    match args.iter().position(|a| a == name) {
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{name} needs a number")),
        None => Ok(default),
    }
}

fn percentile(times: &mut [Duration], p: f64) -> f64 {
    times.sort();
    times
        .get(((times.len() as f64 - 1.0) * p).round() as usize)
        .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

/// The summary of the outcomes: counts by kind and status, the latencies; `Err` when a request
/// got no answer or a 5xx.
fn report(outcomes: &[Outcome], seconds: f64) -> Result<(), String> {
    let mut by: BTreeMap<(&str, u16), Vec<Duration>> = BTreeMap::new();
    for (kind, status, t) in outcomes {
        by.entry((kind, *status)).or_default().push(*t);
    }
    println!(
        "requests: {} in {seconds:.1} s ({:.0} a second)",
        outcomes.len(),
        outcomes.len() as f64 / seconds
    );
    println!(
        "{:<20} {:>6} {:>7} {:>9} {:>9}",
        "kind", "status", "count", "p50 ms", "p99 ms"
    );
    let mut bad = 0;
    for ((kind, status), times) in &mut by {
        println!(
            "{kind:<20} {status:>6} {:>7} {:>9.1} {:>9.1}",
            times.len(),
            percentile(times, 0.5),
            percentile(times, 0.99)
        );
        if *status == 0 || *status >= 500 && *status != 503 {
            bad += times.len();
        }
    }
    if bad > 0 {
        return Err(format!("{bad} requests got no answer or a server error"));
    }
    Ok(())
}

pub fn serve_load(args: &[String]) -> Result<(), String> {
    let clients = arg(args, "--clients", 16)? as usize;
    let seconds = arg(args, "--seconds", 20)?;
    let analyses = arg(args, "--analyses", 2)?;
    let bin = crate::bench::release_bin()?;
    let mut child = Command::new(&bin)
        .args([
            "serve",
            "--port",
            "0",
            "--analyses",
            &analyses.to_string(),
            "--hash",
            "256M",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{}: {e}", bin.display()))?;
    let pid = child.id();
    let mut line = String::new();
    BufReader::new(child.stdout.take().ok_or("no stdout")?)
        .read_line(&mut line)
        .map_err(|e| e.to_string())?;
    let port: u16 = line
        .trim()
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .ok_or_else(|| format!("no address printed: {line:?}"))?;
    std::thread::sleep(Duration::from_millis(300));
    let threads_before = status_of(pid, "Threads:").unwrap_or(0);
    let rss_start = status_of(pid, "VmRSS:").unwrap_or(0);
    println!(
        "mancala serve on 127.0.0.1:{port}: {clients} clients for {seconds} s, {analyses} analyses at once; load average {}",
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    let done = Arc::new(AtomicBool::new(false));
    let outcomes: Arc<Mutex<Vec<Outcome>>> = Arc::new(Mutex::new(Vec::new()));
    let mut peak = rss_start;
    let start = Instant::now();
    std::thread::scope(|scope| {
        for k in 0..clients {
            let done = done.clone();
            let outcomes = outcomes.clone();
            scope.spawn(move || {
                let mut rng =
                    Rng(0x9E37_79B9_7F4A_7C15 ^ (k as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
                let mut game = Game {
                    position: "bechi".to_owned(),
                    options: json!({}),
                };
                while !done.load(Ordering::Relaxed) {
                    let o = one(port, &mut rng, &mut game);
                    outcomes
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .push(o);
                }
            });
        }
        while start.elapsed() < Duration::from_secs(seconds) {
            peak = peak.max(status_of(pid, "VmRSS:").unwrap_or(0));
            std::thread::sleep(Duration::from_millis(100));
        }
        done.store(true, Ordering::Relaxed);
    });
    let took = start.elapsed().as_secs_f64();
    // Nothing left running: the threads come back to what they were before the clients.
    let settle = Instant::now();
    let mut threads_after = status_of(pid, "Threads:").unwrap_or(0);
    while threads_after > threads_before && settle.elapsed() < Duration::from_secs(15) {
        std::thread::sleep(Duration::from_millis(100));
        threads_after = status_of(pid, "Threads:").unwrap_or(0);
    }
    let rss_end = status_of(pid, "VmRSS:").unwrap_or(0);
    let _ = Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status();
    let stopped = Instant::now();
    let exit = loop {
        if let Ok(Some(s)) = child.try_wait() {
            break Some(s);
        }
        if stopped.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let outcomes = outcomes
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let answered = report(&outcomes, took);
    println!(
        "memory (VmRSS): {} MB at the start, {} MB at the peak, {} MB after the clients; threads {threads_before} before, {threads_after} after",
        rss_start / 1024,
        peak / 1024,
        rss_end / 1024
    );
    println!(
        "Ctrl-C: {}",
        exit.map_or("did not stop within 10 s".to_owned(), |s| format!(
            "stopped in {:.2} s, {s}",
            stopped.elapsed().as_secs_f64()
        ))
    );
    answered?;
    if threads_after > threads_before {
        return Err(format!(
            "{threads_after} threads after the clients, {threads_before} before: something is still running"
        ));
    }
    match exit {
        Some(s) if s.success() => Ok(()),
        other => Err(format!("Ctrl-C did not stop the server cleanly: {other:?}")),
    }
}
