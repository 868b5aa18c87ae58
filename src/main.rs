//! The `tricklab` command-line tool; all the work is in the library.

fn main() -> std::process::ExitCode {
    tricklab::cli::main_with_args(std::env::args_os())
}
