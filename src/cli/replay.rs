//! `tricklab replay`: check a record file by replaying every hand (the check is
//! [`games::replay::replay_file`](crate::games::replay::replay_file)).

use std::path::PathBuf;

use clap::Args;

/// Arguments of `tricklab replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A JSON-lines record file, as written by `simulate --log`; `-` reads standard input
    /// (so a compressed log replays as `gunzip -c log.jsonl.gz | tricklab replay -`).
    pub file: PathBuf,
    /// Print each hand's recomputed result, as `match M hand N: RESULT` with hands counted
    /// from 1 as the play screen counts them (the record's `hand` field counts from 0).
    #[arg(long)]
    pub verbose: bool,
    /// For a log written before hands carried the `cut` mark: accept matches that stop
    /// unfinished after exactly this many hands (the `--max-hands` it was written with).
    #[arg(long, value_name = "N")]
    pub max_hands: Option<u32>,
}

/// Runs `tricklab replay`.
pub fn run(args: ReplayArgs) -> anyhow::Result<()> {
    let each = &mut |line: &str| println!("{line}");
    let last = crate::games::replay::replay_file(&args.file, args.verbose, args.max_hands, each)?;
    println!("{last}");
    Ok(())
}
