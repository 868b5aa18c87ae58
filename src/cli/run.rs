//! `tricklab run`: run an experiment config; `tricklab merge`: join its shards; `tricklab
//! summarise`: write a complete folder's summary again (the jobs are
//! [`experiment::run_experiment`](crate::experiment::run_experiment),
//! [`merge_folders`](crate::experiment::merge_folders) and
//! [`summarise_folder`](crate::experiment::summarise_folder)).

use std::path::{Path, PathBuf};

use clap::Args;

use crate::experiment::{
    Experiment, RunJob, RunPlan, Summary, merge_folders, run_experiment, summarise_folder,
};
use crate::report::{forfeits_line, summary_json, summary_markdown};

use super::error::user;

/// Arguments of `tricklab run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The experiment config (TOML; every field is described in docs/configs.md).
    pub config: PathBuf,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The output folder (default: results/<name>, or results/<name>/shard-K-of-N).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Continue an interrupted run in the output folder.
    #[arg(long)]
    pub resume: bool,
    /// Start again over results already in the output folder.
    #[arg(long, conflicts_with = "resume")]
    pub force: bool,
    /// Run only shard K of N (1-based), e.g. `--shard 2/8`; join them with `tricklab merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Print the summary as one JSON object (docs/csv.md) instead of the markdown table.
    #[arg(long, conflicts_with = "shard")]
    pub json: bool,
    /// The hand records (`--log FILE`, `--log-times`).
    #[command(flatten)]
    pub log: super::log_flags::LogFlags,
    /// Play the deals of this deal book (`tricklab deals`, or a PBN file of Whist deals)
    /// instead of the seed's: deal i of the config is the book's deal i, which must hold at
    /// least `deals` of the config's game, players and options (docs/deals.md).
    #[arg(long, value_name = "FILE", visible_alias = "book")]
    pub deals: Option<PathBuf>,
    /// Stop as if interrupted once this many deals are done (for testing resumption).
    #[arg(long, hide = true)]
    pub stop_after_deals: Option<u64>,
}

/// Arguments of `tricklab merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shard folders, in any order.
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// The output folder (default: results/<name>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Replace results already in the output folder.
    #[arg(long)]
    pub force: bool,
    /// Print the summary as one JSON object (docs/csv.md) instead of the markdown table.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `tricklab summarise`.
#[derive(Debug, Args)]
pub struct SummariseArgs {
    /// A complete results folder (of `run` or `merge`, not a shard).
    pub dir: PathBuf,
    /// Print the summary as one JSON object (docs/csv.md) instead of the markdown table.
    #[arg(long)]
    pub json: bool,
}

/// `K/N` → shard K of N.
fn parse_shard(s: &str) -> anyhow::Result<(u64, u64)> {
    let bad = || {
        user(format!(
            "--shard `{s}`: expected K/N with 1 ≤ K ≤ N, e.g. 2/8"
        ))
    };
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (u64, u64) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// Runs `tricklab run`.
pub fn run(args: RunArgs) -> anyhow::Result<()> {
    let mut exp = Experiment::load(&args.config).map_err(super::error::config_error)?;
    if let Some(path) = &args.deals {
        let game = exp.game.load(exp.players, &exp.options).map_err(user)?;
        let book = crate::experiment::open_book(path)?;
        exp.book = Some(crate::experiment::fit_book(book, &game, exp.deals)?);
    }
    super::notices::warn_clock(exp.arms.iter().flat_map(|a| &a.seats));
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    let pool = super::options::worker_pool(args.threads)?;
    let out = args.out.clone().unwrap_or_else(|| {
        let base = PathBuf::from("results").join(&exp.name);
        match shard {
            Some((k, n)) => base.join(format!("shard-{k}-of-{n}")),
            None => base,
        }
    });
    let job = RunJob {
        plan: RunPlan {
            out,
            resume: args.resume,
            force: args.force,
            shard,
            stop_after: args.stop_after_deals,
            records: args.log.log.clone(),
            record_times: args.log.log_times,
        },
        config_file: args.config.clone(),
        deals: args.deals.clone(),
        continue_with: super::resume::continue_command(),
    };
    let out = &job.plan.out;
    match pool.install(|| run_experiment(&exp, &job))? {
        Some(summary) => print_summary(&exp, &summary, out, args.json),
        None => println!("\nresults: {}", out.display()),
    }
    if let Some(log) = job.plan.records.as_deref().filter(|_| !args.json) {
        println!("records: {}", log.display());
    }
    Ok(())
}

/// Runs `tricklab merge`.
pub fn merge(args: MergeArgs) -> anyhow::Result<()> {
    let m = merge_folders(&args.dirs, args.out, args.force)?;
    print_summary(&m.exp, &m.summary, &m.out, args.json);
    Ok(())
}

/// Runs `tricklab summarise`: writes the summary files of a complete results folder again from
/// its `deals.csv` and the config in its `run.json`, without playing a deal.
pub fn summarise(args: SummariseArgs) -> anyhow::Result<()> {
    let (exp, summary) = summarise_folder(&args.dir)?;
    print_summary(&exp, &summary, &args.dir, args.json);
    Ok(())
}

/// Prints a finished run's summary: the markdown table and the results folder, or (`--json`)
/// one JSON object that names the folder.
/// A run that seats a bot that may forfeit also counts the hands forfeited (`faults.csv`).
fn print_summary(exp: &Experiment, summary: &Summary, out: &Path, json: bool) {
    let forfeited = crate::experiment::forfeited_hands(out);
    if json {
        print!("{}", summary_json(&exp.name, out, summary, forfeited));
    } else {
        print!("{}", summary_markdown(&exp.heading(), summary));
        if let Some(n) = forfeited {
            println!("\n{}", forfeits_line(n));
        }
        println!("\nresults: {}", out.display());
    }
}
