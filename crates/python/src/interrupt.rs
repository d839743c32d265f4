//! Ctrl-C during a long call (issue 34, item 4). Python runs a signal's handler (Ctrl-C's raises
//! `KeyboardInterrupt`) only on its main thread, between bytecodes: a call that works in Rust
//! for minutes with the GIL released would hear nothing until it returns. So the long calls
//! (perft, analyse, annotate) run their work on a thread of their own while the calling thread
//! looks for signals every [`POLL`] and, when a handler raises, tells the work to stop (perft's
//! and the search's stop flags, `rules_core::PerftOptions::stop` and `analysis::SearchOptions::stop`)
//! and raises it once the work has stopped. Reading records, many short calls, looks for signals
//! from inside the reading instead ([`Watched`]), at no cost per record.

use pyo3::prelude::*;
use std::io::{self, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How often the calling thread looks for signals while the work runs.
const POLL: Duration = Duration::from_millis(50);

/// Runs `work` with the GIL released, stopping it when a signal's handler raises (Ctrl-C):
/// `work` is given the flag to watch, and its result is thrown away once the flag is set.
///
/// # Errors
/// The handler's exception (`KeyboardInterrupt`), raised once `work` has returned.
pub fn watched<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Arc<AtomicBool>) -> T + Send,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let finished = AtomicBool::new(false);
    let caller = std::thread::current();
    std::thread::scope(|s| {
        let worker = s.spawn(|| {
            let out = work(&stop);
            finished.store(true, Ordering::Release);
            caller.unpark();
            out
        });
        let mut raised = None;
        while !finished.load(Ordering::Acquire) {
            py.detach(|| std::thread::park_timeout(POLL));
            if raised.is_none()
                && !finished.load(Ordering::Acquire)
                && let Err(e) = py.check_signals()
            {
                stop.store(true, Ordering::Relaxed);
                raised = Some(e);
            }
        }
        let out = py
            .detach(|| worker.join())
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        raised.map_or(Ok(out), Err)
    })
}

/// A source of bytes read with an eye on Python's signals: after every [`CHECK_BYTES`] read,
/// and after a read the system interrupted (a signal came: `EINTR`), the reading thread takes
/// the GIL for a moment and runs the handlers. A handler's exception ends the read as an I/O
/// error that carries it ([`raised`] gives it back).
pub struct Watched<R> {
    inner: R,
    unchecked: usize,
}

/// Bytes read between two looks for signals: a few milliseconds of reading.
const CHECK_BYTES: usize = 1 << 20;

impl<R> Watched<R> {
    pub fn new(inner: R) -> Watched<R> {
        Watched {
            inner,
            unchecked: 0,
        }
    }
}

/// Runs the signal handlers; a handler's exception as an I/O error.
fn check() -> io::Result<()> {
    Python::attach(|py| py.check_signals()).map_err(io::Error::other)
}

impl<R: Read> Read for Watched<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(buf) {
            Ok(n) => {
                self.unchecked += n;
                if self.unchecked >= CHECK_BYTES {
                    self.unchecked = 0;
                    check()?;
                }
                Ok(n)
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {
                check()?;
                Err(e)
            }
            Err(e) => Err(e),
        }
    }
}

/// The exception of a signal's handler that ended a read ([`Watched`]), or the I/O error itself.
pub fn raised(e: io::Error) -> Result<PyErr, io::Error> {
    if !e.get_ref().is_some_and(|inner| inner.is::<PyErr>()) {
        return Err(e);
    }
    match e.into_inner().map(|inner| inner.downcast::<PyErr>()) {
        Some(Ok(handler)) => Ok(*handler),
        _ => Err(io::Error::other("a signal's handler raised")),
    }
}
