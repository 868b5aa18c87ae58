//! `tricklab tournament`: pairs of agents on duplicate deals, with a table of pairwise results
//! and Bradley–Terry ratings; from flags (every pair) or from a config (`--config`, labels, a
//! baseline and ceiling, every pair or the ladder design); `--sprt` stops a two-agent tournament
//! when its sequential test decides, `--log` writes every hand's record. Resumable: an
//! interrupted tournament keeps every finished chunk of deals and `--resume` plays the rest.

use std::path::{Path, PathBuf};

use clap::Args;

use crate::agents::{AgentSpec, parse_specs};
use crate::experiment::{Overrides, TournamentConfig, TournamentDone, TournamentJob};
use crate::games::GameKind;
use crate::report::{forfeits_line, tournament_json};

use super::error::user;

/// Arguments of `tricklab tournament`.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// A tournament config (TOML: game, agents with labels, deals, seed, design; every field is
    /// described in docs/configs.md); flags given beside it (--deals, --seed, --matches, --cap)
    /// win over it.
    #[arg(long, conflicts_with_all = ["agents", "game", "players", "options"])]
    pub config: Option<PathBuf>,
    /// The game: catch-the-ten, nine-five-two or whist.
    #[arg(long)]
    pub game: Option<String>,
    /// The player count (default: 4, or 3 for 9-5-2).
    #[arg(long)]
    pub players: Option<usize>,
    /// A named rule option, `KEY` or `KEY=VALUE` (repeatable).
    #[arg(long = "option", value_name = "KEY[=VALUE]")]
    pub options: Vec<String>,
    /// The agents, separated by `;` (or by commas where a token is an agent name).
    #[arg(long, required_unless_present = "config")]
    pub agents: Option<String>,
    /// Deals per pair (matches with --matches) [default: 2000, or the config's].
    #[arg(long)]
    pub deals: Option<u64>,
    /// Score whole matches (match wins) instead of single hands (points).
    #[arg(long)]
    pub matches: bool,
    /// The seed [default: 1, or the config's].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Cap the agents' search budgets, e.g. `iterations=200,worlds=4` (ISMCTS and MCTS oracle
    /// iterations, PIMC and αμ worlds): a quick, smaller version of an expensive tournament.
    #[arg(long, value_name = "KEY=N,…")]
    pub cap: Option<String>,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The output folder (default: results/tournament-<game>, or results/tournament-<config
    /// name>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Continue an interrupted tournament in the output folder.
    #[arg(long)]
    pub resume: bool,
    /// Replace results already in the output folder.
    #[arg(long, conflicts_with = "resume")]
    pub force: bool,
    /// Print a JSON summary on stdout instead of the markdown tables.
    #[arg(long)]
    pub json: bool,
    /// Stop the two agents' tournament early with a sequential probability ratio test on its
    /// deals, e.g. `elo0=0,elo1=20,alpha=0.05,beta=0.05` (see docs/tournament.md).
    #[arg(long, value_name = "elo0=E,elo1=E,alpha=P,beta=P")]
    pub sprt: Option<String>,
    /// The hand records (`--log FILE`, `--log-times`).
    #[command(flatten)]
    pub log: super::log_flags::LogFlags,
    /// Play the deals of this deal book (`tricklab deals`, or a PBN file of Whist deals): deal
    /// i of every pair is the book's deal i, which must hold --deals of them (docs/deals.md).
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
    /// Stop as if interrupted once this many chunks of deals are done (for testing resumption).
    #[arg(long, hide = true)]
    pub stop_after_chunks: Option<u64>,
}

/// Runs `tricklab tournament`.
pub fn run(args: TournamentArgs) -> anyhow::Result<()> {
    let config = match &args.config {
        Some(path) => TournamentConfig::load(path).map_err(super::error::config_error)?,
        None => from_flags(&args)?,
    };
    let overrides = Overrides {
        deals: args.deals,
        seed: args.seed,
        matches: args.matches,
        sprt: args.sprt.clone(),
        cap: args.cap.clone(),
    };
    let config = config.overridden(&overrides)?;
    let pool = super::options::worker_pool(args.threads)?;
    let game = if args.config.is_some() {
        config.game.load(config.players, &config.options)
    } else {
        config.game.load_words(Some(config.players), &args.options)
    }
    .map_err(user)?;
    let job = TournamentJob {
        out: args
            .out
            .clone()
            .unwrap_or_else(|| default_out(&args, config.game)),
        config_file: args.config.clone(),
        resume: args.resume,
        force: args.force,
        log: args.log.log.clone(),
        records: args.log.records(),
        book: args.book.clone(),
        stop_after_chunks: args.stop_after_chunks,
        continue_with: super::resume::continue_command(),
    };
    let done = pool.install(|| {
        super::notices::warn_clock(config.agents.iter().map(|a| &a.spec));
        game.jobs().tournament(&game, &job, &config)
    })?;
    print_done(&args, &job.out, &done);
    Ok(())
}

/// The tournament the flags describe: every pair, the agents named by their specs.
fn from_flags(args: &TournamentArgs) -> anyhow::Result<TournamentConfig> {
    let game: GameKind = args
        .game
        .as_deref()
        .unwrap_or("catch-the-ten")
        .parse()
        .map_err(user)?;
    let agents: Vec<AgentSpec> =
        parse_specs(args.agents.as_deref().unwrap_or_default()).map_err(user)?;
    if agents.len() < 2 {
        return Err(user("--agents needs at least two agents"));
    }
    let players = args.players.unwrap_or(game.default_players());
    Ok(TournamentConfig::every_pair(game, players, agents))
}

/// The output folder without `--out`: results/tournament-<config name>, or -<game>.
fn default_out(args: &TournamentArgs, game: GameKind) -> PathBuf {
    let name = args
        .config
        .as_deref()
        .and_then(Path::file_stem)
        .map_or_else(|| game.to_string(), |s| s.to_string_lossy().into_owned());
    PathBuf::from("results").join(format!("tournament-{name}"))
}

/// Prints a finished tournament: its tables (or `--json`), and where its files are.
fn print_done(args: &TournamentArgs, out: &Path, done: &TournamentDone) {
    if args.json {
        println!(
            "{}",
            tournament_json(&done.tables, &done.seconds, out, done.forfeited)
        );
        return;
    }
    print!("{}", done.markdown);
    if let Some(n) = done.forfeited {
        println!("\n{}", forfeits_line(n));
    }
    println!("\nresults: {}", out.display());
    if let Some(log) = &args.log.log {
        println!("records: {}", log.display());
    }
}
