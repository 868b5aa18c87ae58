//! The `tricklab` command-line tool; all the work is in the library.

fn main() -> std::process::ExitCode {
    quiet_broken_pipe();
    tricklab::cli::main_with_args(std::env::args_os())
}

/// Lets a closed output pipe end the tool quietly, as it does other Unix tools
/// (`tricklab replay --verbose log.jsonl | head`), instead of a panic in `println!`. Rust
/// ignores `SIGPIPE`; this restores the default action.
#[cfg(unix)]
fn quiet_broken_pipe() {
    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: `signal` is the C library's; SIGPIPE (13 on Linux and macOS) and SIG_DFL (0) are
    // valid arguments, and nothing else in the process handles SIGPIPE.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(not(unix))]
fn quiet_broken_pipe() {}
