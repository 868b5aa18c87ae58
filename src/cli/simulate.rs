//! `tricklab simulate`: play many games with the given agents and summarise them.
//!
//! A simulation is a one-arm experiment built from the flags (the seats given by `--agents`,
//! the subject seat 0) and played by the experiment runner, so it reports the same statistics
//! and writes the same columns as `tricklab run`; with `--out DIR` it keeps its finished games
//! on an interrupt and `--resume` continues it, as `run` does.

use std::path::PathBuf;

use clap::Args;

use crate::agents::parse_seating;
use crate::experiment::{SimulateJob, Simulation, open_book};
use crate::games::GameKind;

use super::error::user;
use super::log_flags::LogFlags;

/// Arguments of `tricklab simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The game: catch-the-ten, nine-five-two or whist.
    #[arg(long, default_value = "catch-the-ten")]
    pub game: String,
    /// The player count (default: 4 for Catch the Ten and Whist, 3 for 9-5-2).
    #[arg(long)]
    pub players: Option<usize>,
    /// A named rule option, `KEY` or `KEY=VALUE` (repeat the flag or separate with commas),
    /// e.g. `--option pairs --option allow_revokes,revoke_penalty=LoseHandPoints`.
    #[arg(long = "option", value_name = "KEY[=VALUE]")]
    pub options: Vec<String>,
    /// How many games (matches, or hands with --hands) to play (default: 10000, or every deal
    /// of --deals).
    #[arg(long)]
    pub games: Option<u64>,
    /// Play the deals of this deal book (`tricklab deals`, or a PBN file of Whist deals): deal
    /// i is the first hand of game i; the seed still drives the agents (docs/deals.md).
    #[arg(long, value_name = "FILE", visible_alias = "book")]
    pub deals: Option<PathBuf>,
    /// The run's seed: the same seed gives the same output on any thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the results into this folder, as `tricklab run` does: hands.csv (one row per seat
    /// and hand), deals.csv, summary.csv, summary.md and run.json. An interrupted run keeps its
    /// finished games there; `--resume` continues it.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// The hand records (`--log FILE`, `--log-times`).
    #[command(flatten)]
    pub log: LogFlags,
    /// Replace results already in --out and a --log file that already exists.
    #[arg(long, conflicts_with = "resume")]
    pub force: bool,
    /// Continue an interrupted run in --out (give the same flags as the first time).
    #[arg(long)]
    pub resume: bool,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Play single hands from a score of 0 instead of whole matches.
    #[arg(long)]
    pub hands: bool,
    /// The agents: one spec for every seat, or one per seat separated by commas.
    #[arg(long, default_value = "random")]
    pub agents: String,
    /// Abandon a match that has not ended after this many hands.
    #[arg(long, default_value_t = 10_000)]
    pub max_hands: u32,
    /// Play every deal again with the agents moved round (sides swapped for two sides); the
    /// subject's `point_difference` is then a paired comparison over deals.
    #[arg(long)]
    pub duplicate: bool,
    /// Print the summary as one JSON object (`tricklab-summary/1`, the fields of `run --json`)
    /// instead of the text report; `results` is the --out folder, or empty without one.
    #[arg(long)]
    pub json: bool,
    /// Stop as if interrupted once this many games are done (for testing resumption).
    #[arg(long, hide = true)]
    pub stop_after_games: Option<u64>,
}

/// Runs `tricklab simulate`.
pub fn run(mut args: SimulateArgs) -> anyhow::Result<()> {
    let game: GameKind = args.game.parse().map_err(user)?;
    let game = game.load_words(args.players, &args.options).map_err(user)?;
    let book = args.deals.as_deref().map(open_book).transpose()?;
    if let Some(b) = &book {
        args.games.get_or_insert(b.deals.len() as u64);
    }
    let seats = parse_seating(&args.agents, game.sides().num_seats()).map_err(user)?;
    super::notices::warn_clock(&seats);
    let threads = args.threads;
    let job = job_of(args);
    job.check(&game, &seats)?;
    let pool = super::options::worker_pool(threads)?;
    let report = pool.install(|| job.run(&game, &seats, book))?;
    if job.reports_on_stderr() {
        eprint!("{report}");
    } else {
        print!("{report}");
    }
    Ok(())
}

/// The job the flags ask for.
fn job_of(args: SimulateArgs) -> SimulateJob {
    SimulateJob {
        sim: Simulation {
            seed: args.seed,
            games: args.games.unwrap_or(10_000),
            hands: args.hands,
            duplicate: args.duplicate,
            max_hands: args.max_hands,
            hand_rows: args.out.is_some(),
        },
        game: args.game,
        players: args.players,
        options: args.options,
        agents: args.agents,
        deals: args.deals,
        out: args.out,
        log: args.log.log,
        log_times: args.log.log_times,
        force: args.force,
        resume: args.resume,
        json: args.json,
        stop_after_games: args.stop_after_games,
        continue_with: super::resume::continue_command(),
    }
}
