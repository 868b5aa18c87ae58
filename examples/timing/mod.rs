//! The timing shared by the rate examples (`ismcts_rate`, `pimc_rate`): wall and process CPU
//! time around a piece of work, and the comma-separated number lists of their arguments.

use std::time::Instant;

/// The wall and CPU seconds a piece of work took.
#[derive(Clone, Copy, Debug)]
pub struct Took {
    /// Wall-clock seconds.
    pub wall: f64,
    /// Process CPU seconds (user + system, every thread), in clock ticks of 10 ms: time work
    /// of at least a second or so.
    pub cpu: f64,
}

impl Took {
    /// `count` things done in this time, per wall second and per CPU second (NaN when no CPU
    /// tick passed).
    pub fn rates(&self, count: f64) -> (f64, f64) {
        let cpu = if self.cpu > 0.0 {
            count / self.cpu
        } else {
            f64::NAN
        };
        (count / self.wall, cpu)
    }
}

/// Runs `work` and returns its result and the time it took. On a loaded machine the wall
/// time counts other programs' turns on the cores too; the CPU time does not.
pub fn timed<T>(work: impl FnOnce() -> T) -> (T, Took) {
    let cpu = cpu_seconds();
    let started = Instant::now();
    let out = work();
    let wall = started.elapsed().as_secs_f64();
    (
        out,
        Took {
            wall,
            cpu: cpu_seconds() - cpu,
        },
    )
}

/// The process's user + system CPU time in seconds (all threads, finished ones included).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // Fields 14 and 15 of stat(5); `after` starts at field 3. Clock ticks are 100 a second.
    (ticks(11) + ticks(12)) / 100.0
}

/// The whole numbers of a comma-separated argument, or `default` without one; anything else
/// ends the program with a one-line error and exit code 2.
pub fn number_list(arg: Option<String>, default: &[u64]) -> Vec<u64> {
    match arg {
        None => default.to_vec(),
        Some(text) => text
            .split(',')
            .map(|x| {
                x.trim().parse().unwrap_or_else(|_| {
                    eprintln!("error: `{x}` is not a whole number (expected e.g. 1,2 or 10000)");
                    std::process::exit(2)
                })
            })
            .collect(),
    }
}
