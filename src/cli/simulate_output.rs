//! `simulate`'s outputs under the [`output`](super::output) discipline, and what an interrupt
//! does to them: the run cannot be resumed, so the unfinished files are removed and the message
//! says so.

use super::output::{Output, check_distinct, is_stdout, remove_unfinished};
use super::simulate::SimulateArgs;

/// Opens `--out` and `--log` (refusing one path for both, and existing files without
/// `--force`), and arranges for Ctrl-C or SIGTERM to remove them before exiting with code 3.
pub fn open(args: &SimulateArgs) -> anyhow::Result<(Option<Output>, Option<Output>)> {
    let named: Vec<(&str, &std::path::Path)> = [("--out", &args.out), ("--log", &args.log)]
        .into_iter()
        .filter_map(|(f, p)| p.as_deref().map(|p| (f, p)))
        .collect();
    check_distinct(&named)?;
    let csv = args
        .out
        .as_deref()
        .map(|p| Output::create("--out", p, args.force))
        .transpose()?;
    let log = args
        .log
        .as_deref()
        .map(|p| Output::create("--log", p, args.force))
        .transpose()?;
    let files: Vec<String> = named
        .iter()
        .filter(|(_, p)| !is_stdout(p))
        .map(|(_, p)| p.display().to_string())
        .collect();
    if !files.is_empty() {
        let files = files.join(" and ");
        // If a handler is already installed, an interrupt kills the process as before: the
        // temporary files stay behind under their hidden names, and no file looks complete.
        let _ = ctrlc::set_handler(move || {
            remove_unfinished();
            eprintln!(
                "error: interrupted; nothing was kept: {files} not written (simulate writes its files only when it finishes); run the command again"
            );
            std::process::exit(3);
        });
    }
    Ok((csv, log))
}

/// Prints the summary: to standard output, or to standard error when an output is `-`.
pub fn print_report(args: &SimulateArgs, report: &str) {
    let to_stdout = [&args.out, &args.log]
        .into_iter()
        .flatten()
        .any(|p| is_stdout(p));
    if to_stdout {
        eprint!("{report}");
    } else {
        print!("{report}");
    }
}
