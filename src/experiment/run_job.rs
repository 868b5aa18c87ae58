//! The whole jobs of `run`, `merge` and `summarise` on a results folder: an experiment played
//! into its folder (the deals by [`run`](super::run()), then the summary and `run.json`);
//! shard folders joined into the files one run would have written; a complete folder's
//! summary written again from its deals. Each returns the summary for the command to print.

use std::path::{Path, PathBuf};

use crate::errors::{interrupted, run_error, user};
use crate::report::Provenance;
use crate::report::output::check_folder;
use crate::words::quoted;

use super::config::Experiment;
use super::durable::FolderLock;
use super::hand_log::check_log;
use super::merge::{MergeError, merge_shards};
use super::run::{DEALS, RunEnd, RunError, RunPlan, partial_name};
use super::vouched::check_files;
use super::wholeness::{Cover, RowsError, check_rows};
use super::{RunRecord, Summary, finish_run, write_run_record, write_summary};

/// An experiment's run as it was asked for: the plan, and the words that reproduce it.
#[derive(Clone, Debug)]
pub struct RunJob {
    /// What to play and where.
    pub plan: RunPlan,
    /// The config file, as given.
    pub config_file: PathBuf,
    /// The deal book, as given (`--deals`).
    pub deals: Option<PathBuf>,
    /// The command that continues the run, for the message of an interrupt.
    pub continue_with: String,
}

impl RunJob {
    /// The command that reproduces the run, for `run.json`.
    fn command(&self) -> String {
        let mut c = format!("tricklab run {}", self.config_file.display());
        if let Some(d) = &self.deals {
            c.push_str(&format!(" --deals {}", quoted(&d.display().to_string())));
        }
        c
    }
}

/// Plays `exp` as `job` plans it, writes its summary (not for a shard) and `run.json`, and
/// returns the summary (`None` for a shard).
///
/// # Errors
/// A records file that cannot be kept beside the folder, a folder that does not fit the
/// request, an interrupt or a bot's fault (with the command that continues), or a file that
/// cannot be written.
pub fn run_experiment(exp: &Experiment, job: &RunJob) -> anyhow::Result<Option<Summary>> {
    let plan = &job.plan;
    check_log(&plan.out, plan.records.as_deref(), plan.force, plan.resume)?;
    let game = exp.game.load(exp.players, &exp.options).map_err(user)?;
    let provenance = Provenance::start(rayon::current_num_threads());
    // Not cleared here: a stop asked for while this run was starting is this run's
    // (`clear_stop` forgets earlier runs' stops).
    let stop = crate::sim::stop_flag();
    let range = plan.range(exp.deals);
    let progress = crate::sim::progress_bar(
        range.end - range.start,
        "{bar:40} {pos}/{len} deals  {per_sec}  eta {eta}",
    );
    let again = &job.continue_with;
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
                .map(|l| format!(" (records so far in {})", partial_name(l).display()))
                .unwrap_or_default()
        ))),
        RunEnd::Complete => {
            let record = RunRecord::new(exp, &job.command(), plan.shard, provenance);
            let summary = plan
                .shard
                .is_none()
                .then(|| write_summary(exp, &exp.game.statistics(exp.matches), &plan.out))
                .transpose()?;
            finish_run(&plan.out, record).map_err(|e| run_error(e, &plan.out))?;
            Ok(summary)
        }
    }
}

/// Shard folders joined: the experiment, its summary and the folder written.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The experiment of the shards.
    pub exp: Experiment,
    /// Its summary.
    pub summary: Summary,
    /// The folder the merged files are in.
    pub out: PathBuf,
}

/// Joins the shard folders `dirs` into `out` (default: `results/<name>`), as one run of their
/// experiment would have written it, with its summary.
///
/// # Errors
/// A shard that is not complete or whole, shards of different runs, a folder that holds
/// results (without `force`), or a file that cannot be read or written.
pub fn merge_folders(
    dirs: &[PathBuf],
    out: Option<PathBuf>,
    force: bool,
) -> anyhow::Result<Merged> {
    // Read the config from the first shard's record to know the output folder.
    let first = std::fs::read_to_string(dirs[0].join("run.json")).map_err(|_| {
        user(format!(
            "{} holds no complete shard (no run.json)",
            dirs[0].display()
        ))
    })?;
    let rec: RunRecord =
        serde_json::from_str(&first).map_err(|e| user(format!("{}: {e}", dirs[0].display())))?;
    let exp = Experiment::parse("run.json config", &rec.config).map_err(user)?;
    let out = out.unwrap_or_else(|| PathBuf::from("results").join(&exp.name));
    // Held until run.json is written: no other tricklab writes the folder meanwhile.
    let _lock = FolderLock::take(&out).map_err(|e| run_error(e, &out))?;
    check_folder(
        "--out",
        &out,
        &[
            "hands.csv",
            "deals.csv",
            "faults.csv",
            "summary.csv",
            "run.json",
        ],
        force,
    )?;
    let provenance = Provenance::start(rayon::current_num_threads());
    let mut record = merge_shards(dirs, &out).map_err(|e| match e {
        // A disk that fails is the environment (exit 1); a shard that is not whole, bad input.
        MergeError::Io { .. }
        | MergeError::Files(RunError::File { .. })
        | MergeError::Rows(RowsError::Io { .. }) => anyhow::Error::new(e),
        e => user(e),
    })?;
    let defs = exp.game.statistics(exp.matches);
    let summary = write_summary(&exp, &defs, &out)?;
    record.provenance = provenance.finish();
    write_run_record(&out, &record)?;
    Ok(Merged { exp, summary, out })
}

/// Writes the summary files of the complete results folder `dir` again from its `deals.csv`
/// and the config in its `run.json`, without playing a deal; `hands.csv`, `deals.csv` and
/// `run.json` are left as they are. Returns the experiment and its summary.
///
/// # Errors
/// A folder with no complete run, a shard, files changed since the run vouched for them,
/// rows that do not cover every deal, or a file that cannot be written.
pub fn summarise_folder(dir: &Path) -> anyhow::Result<(Experiment, Summary)> {
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
    check_files(dir, &rec.files).map_err(|e| run_error(e, dir))?;
    check_rows(&dir.join(DEALS), 0..exp.deals, Cover::EveryDealEvenly).map_err(user)?;
    let defs = exp.game.statistics(exp.matches);
    let summary = write_summary(&exp, &defs, dir)?;
    Ok((exp, summary))
}
