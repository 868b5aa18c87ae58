//! The command-line tool: clap commands, one file per subcommand. The only place that prints for
//! people or decides the exit code.

mod agree;
mod analyze;
mod bots;
mod bots_bench;
mod card_style;
mod completions;
mod deals;
mod error;
mod family;
pub(crate) mod jobs;
mod list;
mod log_flags;
mod notices;
mod options;
mod play;
mod position;
mod replay;
mod resume;
mod run;
mod show;
mod simulate;
mod solve;
mod tournament;
mod train;
mod which_hand;
mod worlds;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use crate::sim::{clear_stop, request_stop};
pub use error::{Interrupted, UserError};
pub use options::parse_options;

/// The exit codes, shown at the end of `tricklab --help` and of every subcommand's `--help`.
pub const EXIT_CODES: &str = "\
Exit codes:
  0  success
  1  the environment failed: a file or folder that cannot be read or written, a disk that is
     full, a file that is not a record; or an external bot broke the protocol (the message
     names the bot, the match and the hand)
  2  bad input: a flag, an option, an agent, a card, a config or a record (an external bot's
     option or setting that the bot does not offer too); the message names the problem and what
     is allowed
  3  interrupted (Ctrl-C, SIGTERM or SIGHUP); the message says what was kept and how to continue
     (`run` and `agree` keep every finished deal or answer: `--resume`)
A closed output pipe (`tricklab replay --verbose log.jsonl | head`) ends the command quietly.";

/// tricklab: Monte Carlo AI and strategy research for Catch the Ten, 9-5-2 and Whist.
#[derive(Debug, Parser)]
#[command(name = "tricklab", version, about, long_about = None, after_help = EXIT_CODES)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play many games (matches or single hands) and summarise them.
    #[command(after_help = EXIT_CODES)]
    Simulate(simulate::SimulateArgs),
    /// Write a deal book: the deals of a seed as `tricklab-deal/1` lines or PBN (docs/deals.md).
    #[command(after_help = EXIT_CODES)]
    Deals(deals::DealsArgs),
    /// Re-apply every action of a record file and check every result.
    #[command(after_help = EXIT_CODES)]
    Replay(replay::ReplayArgs),
    /// Show what a seat knows at a point of a recorded hand, and worlds consistent with it.
    #[command(after_help = EXIT_CODES)]
    Worlds(worlds::WorldsArgs),
    /// Run a search agent at a point of a recorded hand and show what it thinks of each action.
    #[command(after_help = EXIT_CODES)]
    Analyze(analyze::AnalyzeArgs),
    /// Solve a deal with every card open: the value for the leader's side and of each card.
    #[command(after_help = EXIT_CODES)]
    Solve(solve::SolveArgs),
    /// Run an experiment config: duplicate deals, CSV rows, summary with intervals and verdict.
    #[command(after_help = EXIT_CODES)]
    Run(run::RunArgs),
    /// Join the shard folders of an experiment into the files one run would have written.
    #[command(after_help = EXIT_CODES)]
    Merge(run::MergeArgs),
    /// Write a complete results folder's summary again from its deals (no deal is played).
    #[command(after_help = EXIT_CODES)]
    Summarise(run::SummariseArgs),
    /// Play every pair of agents on duplicate deals and rate them (Bradley–Terry).
    #[command(after_help = EXIT_CODES)]
    Tournament(tournament::TournamentArgs),
    /// Expert agreement: where a tip and its control disagree, what do strong searchers choose?
    #[command(after_help = EXIT_CODES)]
    Agree(agree::AgreeArgs),
    /// External bots (`tricklab-bot/1`): check that a bot follows the protocol.
    #[command(subcommand)]
    #[command(after_help = EXIT_CODES)]
    Bots(bots::BotsCommand),
    /// Sit down at the table: play a match against the bots, with hints, why and undo.
    #[command(after_help = EXIT_CODES)]
    Play(play::PlayArgs),
    /// A logged hand as a card player's diagram, trick by trick (text or HTML).
    #[command(after_help = EXIT_CODES)]
    Show(show::ShowArgs),
    /// List agents, switches, options, statistics or games, one line each.
    #[command(after_help = EXIT_CODES)]
    List(list::ListArgs),
    /// Train a learned card-location model on self-play hands (or, with --eval, judge one).
    #[command(after_help = EXIT_CODES)]
    Train(train::TrainArgs),
    /// Holm's correction over a pre-registered family of hypotheses (RULES.md §5.4).
    #[command(after_help = EXIT_CODES)]
    Family(family::FamilyArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(after_help = EXIT_CODES)]
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff).
    #[command(after_help = EXIT_CODES)]
    Man(completions::ManArgs),
}

/// Runs the tool on `args` and returns the exit code: 0 on success, 2 for bad input (a flag, an
/// option, a card, a record), 3 for an interrupted run that can be resumed, 1 for anything else
/// (such as a disk that is full, or a bot's fault); see [`EXIT_CODES`].
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

/// A command that failed: its exit code (1, 2 or 3; see [`EXIT_CODES`]) and the one-line
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
    let result = crate::agents::external::catch_faults(|| match cli.command {
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
        Command::Completions(a) => completions::completions(a),
        Command::Man(a) => completions::man(a),
    })
    .unwrap_or_else(|fault| Err(anyhow::Error::new(fault)));
    // Every external bot still running is stopped before the exit code is decided.
    crate::agents::external::shutdown();
    match result {
        Ok(()) => Ok(()),
        Err(e) if is_broken_pipe(&e) => Ok(()),
        Err(e) => Err(Failure {
            code: error::exit_code(&e),
            message: one_line(&e),
        }),
    }
}

fn one_line(e: &anyhow::Error) -> String {
    format!("{e:#}").replace('\n', " ")
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
