//! Running a command line: clap reads it into a [`Cli`], [`run_command`] hands the subcommand
//! its arguments, and a failure becomes its exit code and the one-line message after
//! `error: ` (see [`EXIT_CODES`](super::EXIT_CODES)(super::EXIT_CODES)).

use std::process::ExitCode;

use clap::Parser;

use super::{Cli, Command};
use super::{
    agree, analyze, bots, completions, deals, family, frontier, list, play, replay, run, show,
    simulate, solve, tournament, train, worlds,
};
use crate::errors::{ErrorKind, one_line};

/// Runs the tool on `args` and returns the exit code: 0 on success, 2 for bad input (a flag, an
/// option, a card, a record), 3 for an interrupted run that can be resumed, 1 for anything else
/// (such as a disk that is full, or a bot's fault); see [`EXIT_CODES`](super::EXIT_CODES).
pub fn main_with_args<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            if code == 0 && !std::io::IsTerminal::is_terminal(&std::io::stdout()) {
                // Help and version go to standard output: a full disk there is a failure. (On
                // a terminal clap prints them itself, in colour.)
                let text = e.render().to_string();
                return match crate::report::output::write_stdout(text.as_bytes()) {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(e) => {
                        eprintln!("error: {e:#}");
                        ExitCode::from(1)
                    }
                };
            }
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run_command(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("error: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}

/// A command that failed: its exit code (1, 2 or 3; see [`EXIT_CODES`](super::EXIT_CODES)) and the one-line
/// message the tool prints after `error: `.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The exit code: 2 bad input, 3 interrupted, 1 anything else.
    pub code: u8,
    /// The one-line message.
    pub message: String,
}

/// Runs the tool on `args` as [`main_with_args`] does, but returns a failure instead of
/// printing it, for callers that report errors their own way (the Python package raises
/// them). A command line clap rejects is bad input (code 2) with clap's first line; help and
/// version requests print as usual and succeed.
pub fn try_main_with_args<I, T>(args: I) -> Result<(), Failure>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    match Cli::try_parse_from(args) {
        Ok(cli) => run_command(cli),
        Err(e) if e.use_stderr() => {
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or_default();
            Err(Failure {
                code: 2,
                message: first.trim_start_matches("error: ").to_string(),
            })
        }
        Err(e) => {
            let _ = e.print();
            Ok(())
        }
    }
}

/// Runs a parsed command; every external bot still running is stopped before it returns.
fn run_command(cli: Cli) -> Result<(), Failure> {
    let result = crate::agents::external::with_bots(|| match cli.command {
        Command::Simulate(a) => simulate::run(a),
        Command::Deals(a) => deals::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Worlds(a) => worlds::run(a),
        Command::Analyze(a) => analyze::run(a),
        Command::Solve(a) => solve::run(a),
        Command::Run(a) => run::run(a),
        Command::Merge(a) => run::merge(a),
        Command::Summarise(a) => run::summarise(a),
        Command::Tournament(a) => tournament::run(a),
        Command::Agree(a) => agree::run(a),
        Command::Bots(a) => bots::run(a),
        Command::Play(a) => play::run(a),
        Command::Show(a) => show::run(a),
        Command::List(a) => list::run(a),
        Command::Train(a) => train::run(a),
        Command::Family(a) => family::run(a),
        Command::Frontier(a) => frontier::run(a),
        Command::Completions(a) => completions::completions(a),
        Command::Man(a) => completions::man(a),
    });
    match result {
        Ok(()) => Ok(()),
        Err(e) if is_broken_pipe(&e) => Ok(()),
        Err(e) => Err(Failure {
            code: ErrorKind::of(&e).exit_code(),
            message: one_line(&e),
        }),
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
