//! `tricklab worlds`: what a seat knows at a point of a recorded hand, and worlds consistent
//! with it (the text is [`show::worlds_text`](crate::show::worlds_text)).

use std::path::PathBuf;

use clap::Args;

use crate::show::WorldsQuery;

use super::position::record_line;
use super::which_hand::WhichHand;

/// Arguments of `tricklab worlds`.
#[derive(Debug, Args)]
pub struct WorldsArgs {
    /// A record file (from `simulate --log`).
    #[arg(long)]
    pub log: PathBuf,
    /// Which hand of the file.
    #[command(flatten)]
    pub which: WhichHand,
    /// After how many decisions of the hand.
    #[arg(long, default_value_t = 0)]
    pub after: usize,
    /// The observing seat: a seat number from 0, or N, E, S, W at a table of four.
    #[arg(long)]
    pub seat: String,
    /// How many worlds to draw and print.
    #[arg(long, default_value_t = 3)]
    pub samples: usize,
    /// Seed for the draws.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs `tricklab worlds`.
pub fn run(args: WorldsArgs) -> anyhow::Result<()> {
    let (game, line) = record_line(&args.log, &args.which)?;
    let query = WorldsQuery {
        after: args.after,
        seat: args.seat,
        samples: args.samples,
        seed: args.seed,
    };
    print!("{}", game.jobs().worlds(&query, &line)?);
    Ok(())
}
