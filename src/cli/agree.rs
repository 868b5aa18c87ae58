//! `tricklab agree`: the expert-agreement half of a tip study (the job is
//! [`experiment::agree`](crate::experiment::agree)).
//!
//! Every answer is saved as it comes (see [`answers`](crate::experiment::answers)), so a run
//! stopped by Ctrl-C or a kill continues with `--resume` and ends with the same files.

use std::path::PathBuf;

use clap::Args;

use crate::experiment::{AgreeJob, Experiment, rebuild_agreement};
use crate::sim::stop_flag;

use super::error::user;

/// Arguments of `tricklab agree`.
#[derive(Debug, Args)]
pub struct AgreeArgs {
    /// An experiment config with an `[agreement]` section (see docs/configs.md).
    pub config: PathBuf,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The output folder (default: results/<name>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Continue an interrupted agreement in the output folder.
    #[arg(long)]
    pub resume: bool,
    /// Throw away an interrupted agreement in the output folder and start again.
    #[arg(long, conflicts_with = "resume")]
    pub force: bool,
    /// Write agreement.md again from the agreement.csv in the output folder (its values to
    /// six decimals), asking no searcher: for a change to the report's table.
    #[arg(long, conflicts_with_all = ["resume", "force"])]
    pub rebuild: bool,
    /// Stop as if interrupted once this many answers are done (for testing resumption).
    #[arg(long, hide = true)]
    pub stop_after_answers: Option<u64>,
}

/// Runs `tricklab agree`.
pub fn run(args: AgreeArgs) -> anyhow::Result<()> {
    // From the start, so that Ctrl-C in any phase ends with a message and exit code 3.
    let _ = stop_flag();
    let exp = Experiment::load(&args.config).map_err(super::error::config_error)?;
    if let Some(ag) = &exp.agreement {
        super::notices::warn_clock(ag.searchers.iter().chain([&ag.play]));
    }
    if exp.agreement.is_none() {
        return Err(user(format!(
            "{} has no [agreement] section",
            args.config.display()
        )));
    }
    let pool = super::options::worker_pool(args.threads)?;
    let job = AgreeJob {
        config_file: args.config.clone(),
        out: args
            .out
            .clone()
            .unwrap_or_else(|| PathBuf::from("results").join(&exp.name)),
        out_given: args.out.is_some(),
        resume: args.resume,
        force: args.force,
        stop_after_answers: args.stop_after_answers,
        continue_with: super::resume::continue_command(),
    };
    let table = if args.rebuild {
        rebuild_agreement(&exp, &job.out)?
    } else {
        job.check_folder()?;
        let game = exp.game.load(exp.players, &exp.options).map_err(user)?;
        pool.install(|| game.jobs().agree(&game, &exp, &job))?
    };
    print!("{table}");
    println!("\nresults: {}", job.out.display());
    Ok(())
}
