//! `tricklab bots check CMD`: does a bot follow `tricklab-bot/1`? Prints what the check of
//! [`crate::bots`] finds: the handshake, whether the bot exits on `quit` and at the end of its
//! input, then for every game and player count it plays its hands and each path of the
//! protocol that a fault or a setting takes.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::agents::external::{self, ExternalSpec};
use crate::bots::{CheckPlan, TooFewHands};
use crate::games::GameKind;

use super::error::user;

/// The `bots` subcommands.
#[derive(Debug, Subcommand)]
pub enum BotsCommand {
    /// Run the handshake, a few hands and every fault path it can provoke, and report whether
    /// the bot follows the protocol.
    #[command(after_help = super::EXIT_CODES)]
    Check(CheckArgs),
    /// Measure how fast the bot plays: decisions per second of wall and of its CPU time.
    #[command(after_help = super::EXIT_CODES)]
    Bench(super::bots_bench::BenchArgs),
}

/// Arguments of `tricklab bots check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The command that starts the bot, e.g. "python3 examples/bots/random_bot.py".
    pub cmd: String,
    /// Check only this game (default: every game the bot says it plays).
    #[arg(long)]
    pub game: Option<String>,
    /// Check only this player count (default: every count the bot says it plays).
    #[arg(long)]
    pub players: Option<usize>,
    /// Single hands per game and player count (whole matches for 9-5-2).
    #[arg(long, default_value_t = 3)]
    pub hands: u64,
    /// The seed of the deals.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Milliseconds the bot has for each decision.
    #[arg(long, default_value_t = ExternalSpec::DEFAULT_BUDGET_MS)]
    pub budget_ms: u64,
    /// Append every line to and from the bot here (`>` to the bot, `<` from it). The bot then
    /// sits at seat 0 only, against tricklab's random agent, so the file is one seat's story.
    #[arg(long, value_name = "FILE")]
    pub transcript: Option<PathBuf>,
}

/// Runs `tricklab bots …`.
pub fn run(cmd: BotsCommand) -> anyhow::Result<()> {
    match cmd {
        BotsCommand::Check(a) => check(&a),
        BotsCommand::Bench(a) => super::bots_bench::bench(&a),
    }
}

fn check(args: &CheckArgs) -> anyhow::Result<()> {
    if args.hands == 0 {
        return Err(user("--hands must be at least 1"));
    }
    if external::split_command(&args.cmd).is_empty() {
        return Err(user("the bot's command is empty"));
    }
    let wanted: Option<GameKind> = args
        .game
        .as_deref()
        .map(str::parse)
        .transpose()
        .map_err(user)?;
    let spec = ExternalSpec {
        name: "bot".into(),
        budget_ms: args.budget_ms,
        log: args.transcript.clone(),
        ..ExternalSpec::command(&args.cmd)
    };
    let (process, hello) = crate::bots::handshake(&spec)?;
    let author = if hello.author.is_empty() {
        "?"
    } else {
        &hello.author
    };
    println!(
        "handshake: {} {} by {author}, protocol {}",
        hello.name, hello.version, hello.protocol
    );
    println!("plays: {}", hello.supported());
    let spec = ExternalSpec {
        name: hello.name.clone(),
        ..spec
    };
    for line in crate::bots::endings(process, &spec)? {
        println!("{line}");
    }
    let plan = CheckPlan {
        spec,
        hello: hello.clone(),
        hands: args.hands,
        seed: args.seed,
        one_seat: args.transcript.is_some(),
    };
    let mut checked = 0;
    for g in &hello.games {
        let Ok(game) = g.game.parse::<GameKind>() else {
            println!("{}: not a tricklab game, skipped", g.game);
            continue;
        };
        if wanted.is_some_and(|w| w != game) {
            continue;
        }
        for &players in g
            .players
            .iter()
            .filter(|&&p| args.players.is_none_or(|w| w == p))
        {
            let table = game.load_words(Some(players), &[]).map_err(user)?;
            let at = format!("{game} with {players} players");
            let lines = table.jobs().bots_check(&table, &plan).map_err(|e| {
                if e.is::<TooFewHands>() {
                    user(e)
                } else {
                    e.context(at.clone())
                }
            })?;
            println!("{at}: {}", lines.join("\n  "));
            checked += 1;
        }
    }
    if checked == 0 {
        return Err(user(format!(
            "nothing to check: the bot plays {}{}",
            hello.supported(),
            args.game
                .as_deref()
                .map(|g| format!(", not {g}"))
                .unwrap_or_default()
        )));
    }
    println!("the bot follows {}", hello.protocol);
    Ok(())
}
