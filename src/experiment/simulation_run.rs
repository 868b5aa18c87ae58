//! How a simulation is played: into a results folder with `run`'s guarantees (every finished
//! game kept on an interrupt, `--resume` ending byte-identical to an uninterrupted run), or in
//! memory, keeping only each batch's per-game statistics and the records.

use std::io::Write;
use std::path::Path;

use indicatif::ProgressBar;

use crate::errors::{interrupted, run_error};
use crate::games::LoadedGame;
use crate::report::output::{Output, is_stdout};

use super::config::Experiment;
use super::durable::FolderLock;
use super::run::{RunEnd, RunError, RunPlan, partial_name};
use super::simulation_job::SimulateJob;
use super::summary::DealTally;
use super::{Summary, write_summary};

/// Plays the simulation `exp` into the folder `dir` (held by `lock`) and summarises it.
///
/// # Errors
/// An interrupt or a bot's fault (with the command that continues), a folder that does not
/// fit the request, or a file that cannot be written.
pub(super) fn in_folder(
    job: &SimulateJob,
    exp: &Experiment,
    game: &LoadedGame,
    dir: &Path,
    lock: &FolderLock,
    progress: Option<&ProgressBar>,
) -> anyhow::Result<Summary> {
    let plan = RunPlan {
        out: dir.to_path_buf(),
        resume: job.resume,
        force: job.force,
        shard: None,
        stop_after: job.stop_after_games,
        records: job.log.clone(),
        record_times: job.log_times,
    };
    let stop = crate::sim::stop_flag();
    // A bot's fault stops the run like a signal: every finished game stays for `--resume`.
    let ran = crate::agents::external::catch_faults(|| {
        game.run(exp, &plan, lock, &stop, progress)
    })
    .map_err(|fault| {
        if fault.kind.is_users() {
            return anyhow::Error::new(fault);
        }
        anyhow::anyhow!(
            "{fault}; every game finished before it is in {}; once the bot is fixed, continue with: {}",
            dir.display(),
            job.continue_with
        )
    })?;
    let end = ran.map_err(|e| run_error(e, dir))?;
    match end {
        RunEnd::Interrupted(done) => {
            let records = job
                .log
                .as_deref()
                .map(|l| format!(" (records so far in {})", partial_name(l).display()))
                .unwrap_or_default();
            Err(interrupted(format!(
                "interrupted after {done} of {} games; every finished game is in {}{records}; continue with: {}",
                exp.deals,
                dir.display(),
                job.continue_with
            )))
        }
        RunEnd::Complete => write_summary(exp, &game.kind().statistics(exp.matches), dir)
            .map_err(anyhow::Error::from),
    }
}

/// Plays the simulation `exp` keeping only the per-game statistics in memory (and the records,
/// under a temporary name until the run is complete): an interrupt keeps nothing.
///
/// # Errors
/// An interrupt, or a records file that cannot be written.
pub(super) fn in_memory(
    job: &SimulateJob,
    exp: &Experiment,
    game: &LoadedGame,
    progress: Option<&ProgressBar>,
) -> anyhow::Result<Summary> {
    let mut log = job
        .log
        .as_deref()
        .map(|p| Output::create("--log", p, job.force))
        .transpose()?;
    // Each batch's per-deal rows are summarised as they come, so memory does not grow with
    // --games.
    let mut tally = DealTally::new(exp);
    let stop = crate::sim::stop_flag();
    let end = game
        .play_batches(
            exp,
            0..exp.deals,
            0,
            job.records(),
            &stop,
            job.stop_after_games,
            &mut |batch, done| {
                tally.add_deal_rows(&batch.deal_rows);
                if let Some(l) = log.as_mut() {
                    l.writer().write_all(&batch.records)?;
                }
                if let Some(p) = progress {
                    p.set_position(done);
                }
                Ok(())
            },
        )
        .map_err(|e: RunError| anyhow::Error::new(e).context("writing the records"))?;
    if let RunEnd::Interrupted(done) = end {
        drop(log);
        let what = job
            .log
            .as_deref()
            .filter(|l| !is_stdout(l))
            .map(|l| format!(": {} not written", l.display()))
            .unwrap_or_default();
        return Err(interrupted(format!(
            "interrupted after {done} of {} games; nothing was kept{what} (without --out DIR a simulation keeps nothing); run the command again, with --out DIR to be able to resume",
            exp.deals
        )));
    }
    if let Some(l) = log {
        l.finish()?;
    }
    tally
        .finish(&game.kind().statistics(exp.matches))
        .map_err(anyhow::Error::from)
}
