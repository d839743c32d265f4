//! `mancala serve`: the board in a browser (crates/serve; spec/serve.md). Parses nothing more
//! than its flags, says where it listens, and serves until Ctrl-C.

use crate::cli::ServeArgs;
use crate::outputs::diag;
use crate::outputs::exit::{CliError, Verdict};
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

pub fn run(args: &ServeArgs) -> Result<Verdict, CliError> {
    let config = serve::Config {
        host: args.host,
        port: args.port,
        dbs: args.db.clone(),
        hash_bytes: args.hash,
        analyses: args.analyses as usize,
        threads: args.threads as usize,
    };
    let server = serve::Server::bind(config).map_err(CliError::Io)?;
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(signal, stop.clone())
            .map_err(|e| CliError::Io(format!("cannot watch for Ctrl-C: {e}")))?;
    }
    let url = server.url();
    {
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        writeln!(out, "{url}")?;
        out.flush()?;
    }
    if args.host.is_loopback() {
        diag::text(&format!(
            "mancala serve: open {url} in a browser; listening on {} only (this machine); Ctrl-C stops\n",
            args.host
        ));
    } else {
        diag::text(&format!(
            "mancala serve: warning: listening on {}, reachable from other machines, with no password: anyone who can reach {url} can use it; give --host 127.0.0.1 to keep it to this machine. Ctrl-C stops\n",
            args.host
        ));
    }
    if args.open {
        open(&url);
    }
    server.serve(&stop, &|line| {
        diag::text(&format!("mancala serve: {line}\n"))
    });
    diag::text("mancala serve: stopped\n");
    Ok(Verdict::Valid)
}

/// Opens `url` in the system's browser; says so when it cannot (the address is printed).
fn open(url: &str) {
    let (program, args): (&str, Vec<&str>) = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", "", url])
    } else {
        ("xdg-open", vec![url])
    };
    if let Err(e) = std::process::Command::new(program)
        .args(&args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        diag::text(&format!(
            "mancala serve: cannot start a browser ({program}: {e}): open {url} yourself\n"
        ));
    }
}
