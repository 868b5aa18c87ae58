//! Long calls that Ctrl-C and SIGTERM stop: the work runs on a thread of its own while the
//! calling thread waits without the GIL and asks Python, every [`POLL`], whether a signal
//! arrived. When one did, the work's stop flag is set and the call raises at once (within a
//! poll and [`GRACE`]) what the signal handler raised, `KeyboardInterrupt` for Ctrl-C; nothing
//! the work produced is kept, so nothing is half-written. Work that has not stopped by then
//! ends on its own thread (at its next check of the flag) and its result is dropped. The flag
//! is also the searches' stop on the work's thread and on the pools built with [`pool`]
//! ([`stop_searches_on`]): an ISMCTS decision in progress ends within 64 iterations, a PIMC one
//! before its next world.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use pyo3::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuildError, ThreadPoolBuilder};
use tricklab::agents::stop_searches_on;

/// How often the waiting thread asks Python for signals.
const POLL: Duration = Duration::from_millis(20);

/// How long an interrupted call waits for its work to stop before it raises anyway.
const GRACE: Duration = Duration::from_millis(250);

/// Runs `work` on its own thread, giving it `stop` to check; raises what a Python signal
/// handler raises meanwhile (see the module). SIGTERM raises `KeyboardInterrupt` too while
/// the call runs, where Python would otherwise be killed by it (its default action).
pub fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let flag = stop.clone();
    thread::Builder::new()
        .name("tricklab-call".into())
        .spawn(move || {
            stop_searches_on(Some(flag.clone()));
            let _ = tx.send(panic::catch_unwind(AssertUnwindSafe(|| work(flag))));
        })
        .map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))?;
    let _term = SigtermAsInterrupt::install(py);
    // The receiver goes into each wait without the GIL and comes back (it is not `Sync`).
    let mut rx = rx;
    loop {
        let (got, back) = py.detach(move || (rx.recv_timeout(POLL), rx));
        rx = back;
        match got {
            Ok(Ok(value)) => return Ok(value),
            Ok(Err(payload)) => panic::resume_unwind(payload),
            Err(RecvTimeoutError::Disconnected) => unreachable!("the worker always sends"),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    stop.store(true, Ordering::SeqCst);
                    py.detach(move || drop(rx.recv_timeout(GRACE)));
                    return Err(e);
                }
            }
        }
    }
}

/// A pool of `threads` threads (0: one per core) whose searches end early once `stop` is set
/// (see the module).
pub fn pool(threads: usize, stop: &Arc<AtomicBool>) -> Result<ThreadPool, ThreadPoolBuildError> {
    let stop = stop.clone();
    ThreadPoolBuilder::new()
        .num_threads(threads)
        .start_handler(move |_| stop_searches_on(Some(stop.clone())))
        .build()
}

/// While alive, SIGTERM raises `KeyboardInterrupt` in the main thread, where it had Python's
/// default action (to be killed); the earlier handler is put back when dropped. Elsewhere (a
/// handler of the program's own, another thread) it does nothing.
struct SigtermAsInterrupt<'py> {
    saved: Option<(Bound<'py, PyAny>, Bound<'py, PyAny>)>,
}

impl<'py> SigtermAsInterrupt<'py> {
    fn install(py: Python<'py>) -> Self {
        let saved = (|| -> PyResult<Option<_>> {
            let threading = py.import("threading")?;
            let main = threading.call_method0("main_thread")?;
            if !threading.call_method0("current_thread")?.is(&main) {
                return Ok(None);
            }
            let signal = py.import("signal")?;
            let term = signal.getattr("SIGTERM")?;
            let before = signal.call_method1("getsignal", (&term,))?;
            if !before.eq(signal.getattr("SIG_DFL")?)? {
                return Ok(None);
            }
            signal.call_method1("signal", (&term, signal.getattr("default_int_handler")?))?;
            Ok(Some((term, before)))
        })();
        SigtermAsInterrupt {
            saved: saved.ok().flatten(),
        }
    }
}

impl Drop for SigtermAsInterrupt<'_> {
    fn drop(&mut self) {
        if let Some((term, before)) = self.saved.take() {
            let py = term.py();
            if let Ok(signal) = py.import("signal") {
                let _ = signal.call_method1("signal", (term, before));
            }
        }
    }
}
