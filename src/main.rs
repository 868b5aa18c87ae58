//! The `tricklab` command-line tool; all the work is in the library.

fn main() -> std::process::ExitCode {
    standard_output_errors();
    tricklab::cli::main_with_args(std::env::args_os())
}

/// Turns `println!`'s panic on a failed write to standard output into what the README
/// promises: a closed standard output ends the tool quietly (`tricklab replay --verbose
/// log.jsonl | head`), as it does other Unix tools; any other failure (a full disk:
/// `> /dev/full`) is one line on standard error and exit code 1, the environment failed.
/// `SIGPIPE` stays ignored (Rust's
/// default), so that a write to an external bot that has died is an error the bot code
/// reports, not a signal that kills the tool.
fn standard_output_errors() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if let Some(why) = message.strip_prefix("failed printing to stdout: ") {
            if why.contains("Broken pipe") {
                std::process::exit(0);
            }
            eprintln!("tricklab: cannot write to standard output: {why}");
            std::process::exit(1);
        }
        default(info);
    }));
}
