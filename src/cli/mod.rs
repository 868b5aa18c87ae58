//! The command-line tool: clap commands, one file per subcommand. The only place that prints for
//! people or decides the exit code.

mod agree;
mod analyze;
mod bots;
mod bots_bench;
mod completions;
mod error;
mod family;
mod list;
mod log_shape;
mod notices;
mod options;
mod output;
mod play;
mod position;
mod replay;
mod run;
mod seat_arg;
mod show;
mod simulate;
mod simulate_output;
mod solve;
mod tournament;
mod worlds;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use error::{Interrupted, UserError};
pub use options::parse_options;

/// The exit codes, shown at the end of `tricklab --help`.
pub const EXIT_CODES: &str = "\
Exit codes:
  0  success
  1  the environment failed: a file or folder that cannot be read or written, a disk that is
     full, a file that is not a record
  2  bad input: a flag, an option, an agent, a card, a config or a record; the message names
     the problem and what is allowed
  3  interrupted (Ctrl-C or SIGTERM); the message says what was kept and how to continue
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
    Simulate(simulate::SimulateArgs),
    /// Re-apply every action of a record file and check every result.
    Replay(replay::ReplayArgs),
    /// Show what a seat knows at a point of a recorded hand, and worlds consistent with it.
    Worlds(worlds::WorldsArgs),
    /// Run a search agent at a point of a recorded hand and show what it thinks of each action.
    Analyze(analyze::AnalyzeArgs),
    /// Solve a deal with every card open: the value for the leader's side and of each card.
    Solve(solve::SolveArgs),
    /// Run an experiment config: duplicate deals, CSV rows, summary with intervals and verdict.
    Run(run::RunArgs),
    /// Join the shard folders of an experiment into the files one run would have written.
    Merge(run::MergeArgs),
    /// Write a complete results folder's summary again from its deals (no deal is played).
    Summarise(run::SummariseArgs),
    /// Play every pair of agents on duplicate deals and rate them (Bradley–Terry).
    Tournament(tournament::TournamentArgs),
    /// Expert agreement: where a tip and its control disagree, what do strong searchers choose?
    Agree(agree::AgreeArgs),
    /// External bots (`tricklab-bot/1`): check that a bot follows the protocol.
    #[command(subcommand)]
    Bots(bots::BotsCommand),
    /// Sit down at the table: play a match against the bots, with hints, why and undo.
    Play(play::PlayArgs),
    /// A logged hand as a card player's diagram, trick by trick (text or HTML).
    Show(show::ShowArgs),
    /// List agents, switches, options, statistics or games, one line each.
    List(list::ListArgs),
    /// Holm's correction over a pre-registered family of hypotheses (RULES.md §5.4).
    Family(family::FamilyArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff).
    Man(completions::ManArgs),
}

/// Runs the tool on `args` and returns the exit code: 0 on success, 2 for bad input (a flag, an
/// option, a card, a record), 3 for an interrupted run that can be resumed, 1 for anything else
/// (such as a disk that is full); see [`EXIT_CODES`].
pub fn main_with_args<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = crate::agents::external::catch_faults(|| match cli.command {
        Command::Simulate(a) => simulate::run(a),
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
        Command::Family(a) => family::run(a),
        Command::Completions(a) => completions::completions(a),
        Command::Man(a) => completions::man(a),
    })
    .unwrap_or_else(|fault| Err(anyhow::Error::new(fault)));
    // Every external bot still running is stopped before the exit code is decided.
    crate::agents::external::shutdown();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {}", one_line(&e));
            ExitCode::from(error::exit_code(&e))
        }
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
