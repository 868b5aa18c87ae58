//! The rayon pool of a job's worker threads, refused where it would only crowd the cores.

use crate::errors::user;

/// The most worker threads a command takes, per core of the machine: more only share the same
/// cores (and thousands of threads make a short run crawl), so they are refused.
pub const THREADS_PER_CORE: usize = 4;

/// The rayon pool of `--threads` (`None`: every core).
///
/// # Errors
/// Bad input for 0 threads or more than [`THREADS_PER_CORE`] × the cores; the environment's
/// error if the threads cannot be started.
pub fn worker_pool(threads: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    match threads {
        Some(0) => return Err(user("--threads must be at least 1")),
        Some(t) if t > THREADS_PER_CORE * cores => {
            return Err(user(format!(
                "--threads {t}: at most {} on this machine ({cores} cores, {THREADS_PER_CORE} threads a core); more threads only share the same cores",
                THREADS_PER_CORE * cores
            )));
        }
        _ => {}
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| anyhow::anyhow!("starting worker threads: {e}"))
}
