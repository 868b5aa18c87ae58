//! The `tricklab` command-line tool; all the work is in the library.

fn main() -> std::process::ExitCode {
    quiet_broken_pipe();
    tricklab::cli::main_with_args(std::env::args_os())
}

/// Lets a closed standard output end the tool quietly (`tricklab replay --verbose log.jsonl |
/// head`), as it does other Unix tools, instead of a panic message from `println!`. `SIGPIPE`
/// stays ignored (Rust's default), so that a write to an external bot that has died is an
/// error the bot code reports, not a signal that kills the tool.
fn quiet_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}
