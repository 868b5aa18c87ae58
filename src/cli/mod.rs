//! The command-line tool: clap commands, one file per subcommand. Each reads its flags into the
//! plain arguments of a library job, calls the job once and prints what it returns (a match
//! at the table, `play`, draws its own screen); `dispatch` decides the exit code from the
//! kind of error ([`crate::errors`]).

mod agree;
mod analyze;
mod bots;
mod bots_bench;
mod card_style;
mod completions;
mod deals;
mod dispatch;
mod error;
mod family;
mod frontier;
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

use clap::{Parser, Subcommand};

pub use crate::sim::{clear_stop, request_stop};
pub use dispatch::{Failure, main_with_args, try_main_with_args};
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
    /// A finished ladder's cost–strength chart against CPU time per decision measured apart.
    #[command(after_help = EXIT_CODES)]
    Frontier(frontier::FrontierArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(after_help = EXIT_CODES)]
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff).
    #[command(after_help = EXIT_CODES)]
    Man(completions::ManArgs),
}
