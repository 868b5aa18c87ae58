//! `tricklab analyze`: why this card? Runs a search agent for the seat to act at a point of a
//! recorded hand and prints every legal action with its visits and mean reward (the text is
//! [`show::analysis_text`](crate::show::analysis_text)).

use std::path::PathBuf;

use clap::Args;

use crate::show::AnalyzeQuery;

use super::position::record_line;
use super::which_hand::WhichHand;

/// Arguments of `tricklab analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// A record file (from `simulate --log`).
    #[arg(long)]
    pub log: PathBuf,
    /// Which hand of the file.
    #[command(flatten)]
    pub which: WhichHand,
    /// After how many decisions of the hand.
    #[arg(long, default_value_t = 0)]
    pub after: usize,
    /// The search agent.
    #[arg(long, default_value = "ismcts:iterations=10000")]
    pub agent: String,
    /// Seed for the search.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs `tricklab analyze`.
pub fn run(args: AnalyzeArgs) -> anyhow::Result<()> {
    let (game, line) = record_line(&args.log, &args.which)?;
    let query = AnalyzeQuery {
        after: args.after,
        agent: args.agent,
        seed: args.seed,
    };
    print!("{}", game.jobs().analyze(&query, &line)?);
    Ok(())
}
