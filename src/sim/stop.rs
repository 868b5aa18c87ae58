//! The stop flag of a run: set by Ctrl-C or SIGTERM, or by a caller that handles signals itself
//! (the Python package), and read by the deal runners between batches, which then keep every
//! finished deal and end with the interrupted error.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// The process's stop flag; the first call installs the Ctrl-C and SIGTERM handlers that set it.
pub fn stop_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let f = flag.clone();
        // If a handler cannot be installed (one is already), runs simply cannot be stopped
        // gracefully; they still write every finished batch.
        let _ = ctrlc::set_handler(move || f.store(true, Ordering::SeqCst));
        flag
    })
    .clone()
}

/// Asks the run in progress to stop as Ctrl-C does: it keeps every finished deal and ends with
/// the interrupted error (exit code 3). For callers that handle signals themselves (the Python
/// package), who call [`clear_stop`] before each run. Like a run, the first call installs the
/// Ctrl-C and SIGTERM handlers.
pub fn request_stop() {
    stop_flag().store(true, Ordering::SeqCst);
}

/// Forgets a stop asked for during an earlier run in this process, so that the next run starts
/// unstopped. A caller that starts runs more than once in a process (the Python package) calls
/// it *before* starting each run: a stop asked for while the run is still starting is then
/// kept, where a run that cleared the flag itself would lose it. Like a run, the first call
/// installs the Ctrl-C and SIGTERM handlers.
pub fn clear_stop() {
    stop_flag().store(false, Ordering::SeqCst);
}
