//! `tricklab run`: run an experiment config; and `tricklab merge`: join its shards.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::experiment::{
    Experiment, FolderLock, MergeError, RunEnd, RunPlan, RunRecord, Summary, finish_run,
    merge_shards, write_run_record, write_summary,
};
use crate::report::Provenance;

use super::error::{interrupted, run_error, user};

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

fn command_of(config: &Path, deals: Option<&Path>) -> String {
    let mut c = format!("tricklab run {}", config.display());
    if let Some(d) = deals {
        c.push_str(&format!(
            " --deals {}",
            super::resume::quoted(&d.display().to_string())
        ));
    }
    c
}

/// Runs `tricklab run`.
pub fn run(args: RunArgs) -> anyhow::Result<()> {
    let mut exp = Experiment::load(&args.config).map_err(super::error::config_error)?;
    if let Some(path) = &args.deals {
        let game = exp.game.load(exp.players, &exp.options).map_err(user)?;
        let book = super::deals::open_book(path)?;
        exp.book = Some(super::deals::fit_book(book, &game, exp.deals)?);
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
    let plan = RunPlan {
        out,
        resume: args.resume,
        force: args.force,
        shard,
        stop_after: args.stop_after_deals,
        records: args.log.log.clone(),
        record_times: args.log.log_times,
    };
    super::log_flags::check_log(&plan.out, plan.records.as_deref(), args.force, args.resume)?;
    pool.install(|| run_game(&exp, &plan, &args))
}

fn run_game(exp: &Experiment, plan: &RunPlan, args: &RunArgs) -> anyhow::Result<()> {
    let game = exp.game.load(exp.players, &exp.options).map_err(user)?;
    let provenance = Provenance::start(rayon::current_num_threads());
    // Not cleared here: a stop asked for while this run was starting is this run's
    // (`clear_stop` forgets earlier runs' stops).
    let stop = crate::sim::stop_flag();
    let range = plan.range(exp.deals);
    let progress = std::io::stderr().is_terminal().then(|| {
        let p = ProgressBar::new(range.end - range.start);
        p.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} deals  {per_sec}  eta {eta}")
                .expect("valid template"),
        );
        p
    });
    let again = super::resume::continue_command();
    let lock = FolderLock::take(&plan.out).map_err(|e| run_error(e, &plan.out))?;
    crate::agents::external::capture_stderr_in(Some(&plan.out));
    // A bot's fault stops the run like a signal: every finished deal stays for `--resume`.
    let ran = crate::agents::external::catch_faults(|| {
        game.run(exp, plan, &lock, &stop, progress.as_ref())
    })
    .map_err(|fault| {
        if fault.kind.is_users() {
            return anyhow::Error::new(fault);
        }
        anyhow::anyhow!(
            "{fault}; every deal finished before it is in {}; once the bot is fixed, continue with: {again}",
            plan.out.display()
        )
    })?;
    let end = ran.map_err(|e| run_error(e, &plan.out))?;
    if let Some(p) = &progress {
        p.finish_and_clear();
    }
    match end {
        RunEnd::Interrupted(done) => Err(interrupted(format!(
            "interrupted after {done} deals; every finished deal is in {}{}; continue with: {again}",
            plan.out.display(),
            plan.records
                .as_deref()
                .map(|l| format!(
                    " (records so far in {})",
                    crate::experiment::partial_name(l).display()
                ))
                .unwrap_or_default()
        ))),
        RunEnd::Complete => {
            let record = RunRecord::new(
                exp,
                &command_of(&args.config, args.deals.as_deref()),
                plan.shard,
                provenance,
            );
            let summary = plan
                .shard
                .is_none()
                .then(|| write_summary(exp, &exp.game.statistics(exp.matches), &plan.out))
                .transpose()?;
            finish_run(&plan.out, record).map_err(|e| run_error(e, &plan.out))?;
            match summary {
                Some(summary) => print_summary(exp, &summary, &plan.out, args.json),
                None => println!("\nresults: {}", plan.out.display()),
            }
            if let Some(log) = plan.records.as_deref().filter(|_| !args.json) {
                println!("records: {}", log.display());
            }
            Ok(())
        }
    }
}

/// Runs `tricklab merge`.
pub fn merge(args: MergeArgs) -> anyhow::Result<()> {
    // Read the config from the first shard's record to know the output folder.
    let first = std::fs::read_to_string(args.dirs[0].join("run.json")).map_err(|_| {
        user(format!(
            "{} holds no complete shard (no run.json)",
            args.dirs[0].display()
        ))
    })?;
    let rec: RunRecord = serde_json::from_str(&first)
        .map_err(|e| user(format!("{}: {e}", args.dirs[0].display())))?;
    let exp = Experiment::parse("run.json config", &rec.config).map_err(user)?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("results").join(&exp.name));
    // Held until run.json is written: no other tricklab writes the folder meanwhile.
    let _lock = FolderLock::take(&out).map_err(|e| run_error(e, &out))?;
    crate::report::output::check_folder(
        "--out",
        &out,
        &[
            "hands.csv",
            "deals.csv",
            "faults.csv",
            "summary.csv",
            "run.json",
        ],
        args.force,
    )?;
    let provenance = Provenance::start(rayon::current_num_threads());
    let mut record = merge_shards(&args.dirs, &out).map_err(|e| match e {
        // A disk that fails is the environment (exit 1); a shard that is not whole, bad input.
        MergeError::Io { .. }
        | MergeError::Files(crate::experiment::RunError::File { .. })
        | MergeError::Rows(crate::experiment::wholeness::RowsError::Io { .. }) => {
            anyhow::Error::new(e)
        }
        e => user(e),
    })?;
    let defs = exp.game.statistics(exp.matches);
    let summary = write_summary(&exp, &defs, &out)?;
    record.provenance = provenance.finish();
    write_run_record(&out, &record)?;
    print_summary(&exp, &summary, &out, args.json);
    Ok(())
}

/// Runs `tricklab summarise`: writes the summary files of a complete results folder again from
/// its `deals.csv` and the config in its `run.json`, without playing a deal; `hands.csv`,
/// `deals.csv` and `run.json` are left as they are.
pub fn summarise(args: SummariseArgs) -> anyhow::Result<()> {
    let dir = &args.dir;
    let text = std::fs::read_to_string(dir.join("run.json")).map_err(|_| {
        user(format!(
            "{} holds no complete run (no run.json); `run --resume` an interrupted one first",
            dir.display()
        ))
    })?;
    let rec: RunRecord =
        serde_json::from_str(&text).map_err(|e| user(format!("{}: {e}", dir.display())))?;
    if let Some([k, n]) = rec.shard {
        return Err(user(format!(
            "{} is shard {k}/{n}: a shard has no summary; join the shards with `tricklab merge`",
            dir.display()
        )));
    }
    let exp = Experiment::parse("run.json config", &rec.config).map_err(user)?;
    crate::experiment::check_files(dir, &rec.files).map_err(|e| run_error(e, dir))?;
    crate::experiment::wholeness::check_rows(
        &dir.join(crate::experiment::DEALS),
        0..exp.deals,
        crate::experiment::wholeness::Cover::EveryDealEvenly,
    )
    .map_err(user)?;
    let defs = exp.game.statistics(exp.matches);
    let summary = write_summary(&exp, &defs, dir)?;
    print_summary(&exp, &summary, dir, args.json);
    Ok(())
}

/// Prints a finished run's summary: the markdown table and the results folder, or (`--json`)
/// one JSON object that names the folder.
/// A run that seats a bot that may forfeit also counts the hands forfeited (`faults.csv`).
fn print_summary(exp: &Experiment, summary: &Summary, out: &Path, json: bool) {
    let forfeited = crate::experiment::forfeited_hands(out);
    if json {
        print!(
            "{}",
            crate::report::summary_json(&exp.name, out, summary, forfeited)
        );
    } else {
        print!(
            "{}",
            crate::report::summary_markdown(&exp.heading(), summary)
        );
        if let Some(n) = forfeited {
            println!("\n{}", forfeits_line(n));
        }
        println!("\nresults: {}", out.display());
    }
}

/// The summary's line on forfeited hands.
pub(crate) fn forfeits_line(n: u64) -> String {
    format!("forfeited hands: {n} (one row each in faults.csv)")
}
