//! The command-line tool: clap commands, one file per subcommand. The only place that prints for
//! people or decides the exit code.

mod agree;
mod analyze;
mod bots;
mod error;
mod family;
mod options;
mod position;
mod replay;
mod run;
mod simulate;
mod solve;
mod tournament;
mod worlds;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use error::UserError;

/// tricklab: Monte Carlo AI and strategy research for Catch the Ten, 9-5-2 and Whist.
#[derive(Debug, Parser)]
#[command(name = "tricklab", version, about, long_about = None)]
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
    /// Play every pair of agents on duplicate deals and rate them (Bradley–Terry).
    Tournament(tournament::TournamentArgs),
    /// Expert agreement: where a tip and its control disagree, what do strong searchers choose?
    Agree(agree::AgreeArgs),
    /// External bots (`tricklab-bot/1`): check that a bot follows the protocol.
    #[command(subcommand)]
    Bots(bots::BotsCommand),
    /// Holm's correction over a pre-registered family of hypotheses (RULES.md §5.4).
    Family(family::FamilyArgs),
}

/// Runs the tool on `args` and returns the exit code: 0 on success, 2 for bad input (a flag, an
/// option, a card, a record), 1 for anything else (such as a disk that is full).
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
        Command::Tournament(a) => tournament::run(a),
        Command::Agree(a) => agree::run(a),
        Command::Bots(a) => bots::run(a),
        Command::Family(a) => family::run(a),
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
            if e.downcast_ref::<UserError>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
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
