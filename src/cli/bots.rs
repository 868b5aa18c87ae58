//! `tricklab bots check CMD`: does a bot follow `tricklab-bot/1`? The handshake, then a few
//! single hands of every game and player count it says it plays (whole matches of 9-5-2, whose
//! exchanges ask for gives), every record replayed.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use clap::{Args, Subcommand};

use crate::agents::external::{self, ExternalSpec};
use crate::agents::{AgentFactory, AgentSpec};
use crate::experiment::{Experiment, Measured, play_batches};
use crate::games::record::replay_line;
use crate::games::{Decision, GameKind};
use crate::words::counted;

use super::error::user;

/// The `bots` subcommands.
#[derive(Debug, Subcommand)]
pub enum BotsCommand {
    /// Run the handshake and a few hands, and report whether the bot follows the protocol.
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
    /// Single hands per game and player count (matches of up to 4 hands for 9-5-2).
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
    let (process, hello) =
        external::start(&spec, None).map_err(|(_, e)| anyhow::anyhow!("handshake: {e}"))?;
    process.stop();
    let spec = ExternalSpec {
        name: hello.name.clone(),
        ..spec
    };
    println!(
        "handshake: {} {} by {}, protocol {}",
        hello.name,
        hello.version,
        if hello.author.is_empty() {
            "?"
        } else {
            &hello.author
        },
        hello.protocol
    );
    println!("plays: {}", hello.supported());
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
            let line = table.jobs().bots_check(&table, args, &spec)?;
            println!("{game} with {players} players: {line}");
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

/// Plays `args.hands` single hands of `R` with the bot and replays every record.
pub(crate) fn play<R>(rules: &R, args: &CheckArgs, spec: &ExternalSpec) -> anyhow::Result<String>
where
    R: Measured,
    R::Hand: AgentFactory,
{
    let game = rules.game();
    let bot = AgentSpec::External(Box::new(spec.clone()));
    let seats: Vec<AgentSpec> = (0..rules.sides().num_seats())
        .map(|s| {
            if s == 0 || args.transcript.is_none() {
                bot.clone()
            } else {
                AgentSpec::Random
            }
        })
        .collect();
    let hands = Experiment::single_hands("bots", game, seats, args.seed, args.hands);
    // 9-5-2 asks for gives only from its second hand on: whole matches, so that a broken give
    // handler is found.
    let exp = if game.facts().later_hands_differ {
        Experiment {
            matches: true,
            max_hands: 4,
            ..hands
        }
    } else {
        hands
    };
    let log = hand_records(rules, exp)?;
    let text = String::from_utf8(log)?;
    let mut asked = [0u64; Decision::ALL.len()];
    for (i, line) in text.lines().enumerate() {
        let (rec, _) =
            replay_line::<R>(line).map_err(|e| anyhow::anyhow!("hand {i} does not replay: {e}"))?;
        for d in rec.actions.iter().filter_map(|a| a.step.decision()) {
            asked[d.decision() as usize] += 1;
        }
    }
    let hands = text.lines().count();
    if let Some(never) = game
        .facts()
        .decisions
        .iter()
        .find(|&&d| asked[d as usize] == 0)
    {
        return Err(user(format!(
            "{game}: {} asked the bot no {} decision, so it is not checked: raise --hands (now {})",
            counted(hands as u64, "hand"),
            never.name(),
            args.hands
        )));
    }
    let total: u64 = asked.iter().sum();
    let each: Vec<String> = Decision::ALL
        .iter()
        .zip(asked)
        .filter(|(_, n)| *n > 0)
        .map(|(d, n)| format!("{} {n}", d.name()))
        .collect();
    Ok(format!(
        "{}, {} ({}), every record replays",
        counted(hands as u64, "hand"),
        counted(total, "decision"),
        each.join(", ")
    ))
}

/// Plays the single hands of `exp` on one thread with the experiments' runner and returns
/// their records (JSON lines, as `simulate --log` writes them).
pub(super) fn hand_records<R>(rules: &R, exp: Experiment) -> anyhow::Result<Vec<u8>>
where
    R: Measured,
    R::Hand: AgentFactory,
{
    let mut log = Vec::new();
    let never = AtomicBool::new(false);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build()?;
    pool.install(|| {
        play_batches(
            &exp,
            rules,
            0..exp.deals,
            0,
            crate::experiment::Records::On,
            &never,
            None,
            |batch, _| {
                log.extend(batch.records);
                Ok(())
            },
        )
    })?;
    Ok(log)
}
