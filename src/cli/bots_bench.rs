//! `tricklab bots bench CMD`: how fast a bot plays (the job is
//! [`bots::bench_table`](crate::bots::bench_table)).

use clap::Args;

use crate::agents::external;
use crate::bots::BenchPlan;
use crate::games::GameKind;

use super::error::user;

/// Arguments of `tricklab bots bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The command that starts the bot, e.g. "python3 examples/bots/random_bot.py".
    pub cmd: String,
    /// The game.
    #[arg(long, default_value = "whist")]
    pub game: String,
    /// The player count (default: the game's).
    #[arg(long)]
    pub players: Option<usize>,
    /// Single hands to play.
    #[arg(long, default_value_t = 2000)]
    pub hands: u64,
    /// The seed of the deals.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs `tricklab bots bench`.
pub fn bench(args: &BenchArgs) -> anyhow::Result<()> {
    if args.hands == 0 {
        return Err(user("--hands must be at least 1"));
    }
    if external::split_command(&args.cmd).is_empty() {
        return Err(user("the bot's command is empty"));
    }
    let game: GameKind = args.game.parse().map_err(user)?;
    let game = game.load_words(args.players, &[]).map_err(user)?;
    let plan = BenchPlan {
        cmd: args.cmd.clone(),
        hands: args.hands,
        seed: args.seed,
    };
    for line in game.jobs().bots_bench(&game, &plan)? {
        println!("{line}");
    }
    Ok(())
}
