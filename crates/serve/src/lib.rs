//! `mancala serve`: a local web application to play, set up, enter and analyse games of the five
//! games, served by the `mancala` binary and opened in any browser (issue 35; spec/serve.md).
//!
//! * The server is stateless: the page holds the game (its record tree, the position shown, the
//!   moves in its address) and asks the server to compute: the legal moves of a position with
//!   their paths, a move played with its trace and explanation, the next round's set-up, a
//!   position string checked, a record read with its problems located, the canonical record,
//!   and analyses streamed as the search deepens (`api/`).
//! * HTTP is `tiny_http` (`http.rs`): requests are parsed by the library; every request is
//!   bounded (`limits.rs`), bad input gets a 4xx answer with the message the command line gives,
//!   and a panic in a handler is caught, logged and answered 500.
//! * The page is plain HTML, CSS and JavaScript embedded in the binary (`assets/`), with the
//!   board drawing of the replay page (`diagram::web::BOARD_JS`), and loads nothing from
//!   elsewhere (its Content-Security-Policy forbids it).
//! * It reads no file but the databases given (`--db`) and writes none.

mod api;
mod assets;
mod exchange;
mod http;
pub mod limits;
mod view;

use analysis::db::Database;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How to serve.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on: 127.0.0.1 unless told otherwise.
    pub host: IpAddr,
    /// The port; 0 for any free one.
    pub port: u16,
    /// Bechi databases the analyses consult (`--db`), each of its own game and options.
    pub dbs: Vec<PathBuf>,
    /// The transposition tables of all analyses together, in bytes: one budget, shared out.
    pub hash_bytes: usize,
    /// Analyses at once; one more is refused with 503 until one ends.
    pub analyses: usize,
    /// Search threads of each analysis.
    pub threads: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            host: IpAddr::from([127, 0, 0, 1]),
            port: 8035,
            dbs: Vec::new(),
            hash_bytes: limits::HASH_BYTES,
            analyses: limits::ANALYSES,
            threads: 1,
        }
    }
}

/// What the handlers share: the databases, the analyses running, the stop of the server.
pub(crate) struct Shared {
    pub config: Config,
    /// The address listened on.
    pub addr: SocketAddr,
    pub dbs: Vec<Database>,
    /// Analyses running now.
    pub running: std::sync::atomic::AtomicUsize,
    /// Set when the server stops: every analysis stops with it.
    pub stopping: Arc<AtomicBool>,
}

/// A server bound to its address, not yet serving.
pub struct Server {
    http: tiny_http::Server,
    shared: Arc<Shared>,
    addr: SocketAddr,
}

impl Server {
    /// Opens the databases and binds the address.
    ///
    /// # Errors
    /// A database cannot be read (named, with why), or the address cannot be bound.
    pub fn bind(config: Config) -> Result<Server, String> {
        let mut dbs = Vec::new();
        for path in &config.dbs {
            let db =
                Database::open_path(path).map_err(|m| format!("--db {}: {m}", path.display()))?;
            if dbs.iter().any(|d: &Database| d.variant() == db.variant()) {
                return Err(format!(
                    "--db {}: a second database of {}: give one per game and options",
                    path.display(),
                    db.variant()
                ));
            }
            dbs.push(db);
        }
        let at = SocketAddr::new(config.host, config.port);
        let http =
            tiny_http::Server::http(at).map_err(|e| format!("cannot listen on {at}: {e}"))?;
        let addr = http
            .server_addr()
            .to_ip()
            .ok_or_else(|| format!("cannot listen on {at}: not an IP address"))?;
        let shared = Arc::new(Shared {
            config,
            addr,
            dbs,
            running: std::sync::atomic::AtomicUsize::new(0),
            stopping: Arc::new(AtomicBool::new(false)),
        });
        Ok(Server { http, shared, addr })
    }

    /// The address it listens on.
    #[must_use]
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The address to open in a browser.
    #[must_use]
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Serves until `stop` is set (Ctrl-C), with `workers` threads answering requests; then
    /// stops every analysis, waits for the workers and returns. Each request is logged with
    /// `log` when it fails (a 4xx or 5xx) or takes long.
    pub fn serve(self, stop: &AtomicBool, log: &(dyn Fn(&str) + Sync)) {
        let Server { http, shared, .. } = self;
        let http = &http;
        let shared = &shared;
        std::thread::scope(|scope| {
            for _ in 0..limits::WORKERS {
                scope.spawn(move || {
                    while !shared.stopping.load(Ordering::Relaxed) {
                        match http.recv_timeout(Duration::from_millis(100)) {
                            Ok(Some(request)) => http::answer(request, shared, log),
                            Ok(None) => {}
                            Err(e) => {
                                log(&format!("cannot read a request: {e}"));
                                std::thread::sleep(Duration::from_millis(100));
                            }
                        }
                    }
                });
            }
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(50));
            }
            shared.stopping.store(true, Ordering::Relaxed);
        });
    }
}
