//! The whole `agree` job: the output folder checked (or resumed), the positions where tip and
//! control differ collected, every searcher asked with each answer saved as it comes (see
//! [`answers`](super::answers)), and the files written
//! ([`agreement_files`](super::agreement_files)). A run stopped by Ctrl-C or a kill continues
//! with `--resume` and ends with the same files.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Context;

use crate::agents::AgentFactory;
use crate::errors::{interrupted, run_error, user};
use crate::report::Provenance;
use crate::sim::{progress_bar, stop_flag};
use crate::words::quoted;

use super::agreement::{Answer, ask, collect_until};
use super::agreement_files::{AGREE_LOCK, AGREEMENT_JSON, write_results};
use super::answers::{AnswerLog, PARTIAL, ResumeError};
use super::config::Experiment;
use super::durable::FolderLock;
use super::measure::Measured;
use super::vouched::check_record;

/// Salt of the agreement's fingerprint (see [`Experiment::fingerprint`]).
const AGREE_SALT: u64 = 0x6167_7265_6521;

/// Where and how an agreement is asked, beside its experiment's `[agreement]` section.
#[derive(Clone, Debug)]
pub struct AgreeJob {
    /// The experiment config, as given (for the command in a message).
    pub config_file: PathBuf,
    /// The output folder.
    pub out: PathBuf,
    /// Whether the output folder was given (`--out`), for the command in a message.
    pub out_given: bool,
    /// Continue an interrupted agreement in the folder.
    pub resume: bool,
    /// Throw away an interrupted agreement in the folder and start again.
    pub force: bool,
    /// Stop as if interrupted once this many answers are done (for testing resumption).
    pub stop_after_answers: Option<u64>,
    /// The command that continues the agreement, for the message of an interrupt.
    pub continue_with: String,
}

impl AgreeJob {
    /// Refuses a folder that holds an agreement this job would throw away (an interrupted one
    /// without `--resume` or `--force`, a finished one without `--force`), and on `--resume`
    /// with nothing interrupted, a finished agreement whose files were changed since.
    ///
    /// # Errors
    /// Bad input naming the folder and what to add.
    pub fn check_folder(&self) -> anyhow::Result<()> {
        let out = &self.out;
        if !self.resume && !self.force && out.join(PARTIAL).exists() {
            return Err(user(format!(
                "{} holds an interrupted agreement: add --resume to continue it, or --force to start again",
                out.display()
            )));
        }
        if self.resume && !out.join(PARTIAL).exists() {
            check_record(out, AGREEMENT_JSON, &[]).map_err(|e| run_error(e, out))?;
        }
        if !self.resume && !self.force && out.join(AGREEMENT_JSON).exists() {
            return Err(user(format!(
                "{} holds a finished agreement: add --force to replace it, or choose another --out",
                out.display()
            )));
        }
        Ok(())
    }

    /// The message of an interrupt while positions were being collected, before any searcher
    /// was asked: nothing was written, and what was in the output folder before is as it was.
    fn collecting_interrupted(&self, found: usize, wanted: u64) -> String {
        let out = &self.out;
        let out_flag = if self.out_given {
            format!(" --out {}", quoted(&out.display().to_string()))
        } else {
            String::new()
        };
        let command = format!(
            "tricklab agree {}",
            quoted(&self.config_file.display().to_string())
        );
        let start = if self.resume {
            format!(
                "the answers saved before are still in {}; continue with: {command} --resume{out_flag}",
                out.join(PARTIAL).display()
            )
        } else if self.force {
            format!(
                "{} is as it was; start again with: {command} --force{out_flag}",
                out.display()
            )
        } else {
            format!("start again with: {command}{out_flag}")
        };
        format!(
            "interrupted while collecting positions ({found} of {wanted} found), before any searcher was asked; nothing was kept or written (the positions are found again from the seed in the same order); {start}"
        )
    }
}

/// Collects the positions of `exp` at the table of `rules` and asks every searcher, into
/// `job.out` (the game `R`'s half of `tricklab agree`); returns the table (`agreement.md`).
///
/// # Errors
/// An interrupt ([`Interrupted`](crate::errors::Interrupted), with what was kept and how to go
/// on), a folder whose saved answers do not fit, or a file that cannot be written.
pub fn agree<R: Measured>(rules: &R, exp: &Experiment, job: &AgreeJob) -> anyhow::Result<String>
where
    R::Hand: AgentFactory,
{
    let out: &Path = &job.out;
    // A bot's stderr goes to `OUT/bots/`, as in `run` and `tournament`.
    crate::agents::external::capture_stderr_in(Some(out));
    let provenance = Provenance::start(rayon::current_num_threads());
    let ag = exp.agreement.as_ref().expect("checked");
    let stop = stop_flag();
    let collecting = progress_bar(
        ag.positions,
        "collecting positions where tip and control differ {bar:30} {pos}/{len}  {elapsed}",
    );
    let positions = collect_until(exp, rules, &stop, collecting.as_ref());
    if let Some(p) = &collecting {
        p.finish_and_clear();
    }
    if stop.load(Ordering::SeqCst) {
        return Err(interrupted(
            job.collecting_interrupted(positions.len(), ag.positions),
        ));
    }
    // Held until the agreement's files are written (a lock of its own: a `tricklab run` of the
    // same config may write its files in the same folder meanwhile). Taken only now, so that
    // an interrupt while collecting leaves no folder behind.
    let _lock = FolderLock::take_for(out, AGREE_LOCK).map_err(|e| run_error(e, out))?;
    let fingerprint = exp.fingerprint(AGREE_SALT);
    let mut answers: Vec<Vec<Option<Answer>>> =
        vec![vec![None; positions.len()]; ag.searchers.len()];
    let log = if job.resume {
        AnswerLog::resume(out, fingerprint, &positions, &mut answers).map_err(|e| match e {
            ResumeError::File(e) => run_error(e, out),
            e => user(e),
        })?
    } else {
        std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
        AnswerLog::create(out, fingerprint).map_err(|e| run_error(e, out))?
    };
    let progress = progress_bar(
        (positions.len() * ag.searchers.len()) as u64,
        "asking the searchers {bar:40} {pos}/{len} answers  {per_sec}  eta {eta}",
    );
    let done = AtomicU64::new(0);
    let failed = std::sync::Mutex::new(None);
    for (k, slots) in answers.iter_mut().enumerate() {
        ask::<R::Hand>(
            exp,
            k,
            &positions,
            slots,
            &stop,
            |i, a| {
                if let Err(e) = log.record(k, i, a) {
                    failed
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .get_or_insert(e);
                    stop.store(true, Ordering::SeqCst);
                }
                let n = done.fetch_add(1, Ordering::SeqCst) + 1;
                if job.stop_after_answers.is_some_and(|m| n >= m) {
                    stop.store(true, Ordering::SeqCst);
                }
            },
            progress.as_ref(),
        );
    }
    if let Some(p) = &progress {
        p.finish_and_clear();
    }
    if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(run_error(e, out));
    }
    let missing = answers.iter().flatten().filter(|a| a.is_none()).count();
    if missing > 0 {
        let total = positions.len() * ag.searchers.len();
        return Err(interrupted(format!(
            "interrupted after {} of {total} answers; every finished answer is in {}; continue with: {}",
            total - missing,
            out.join(PARTIAL).display(),
            job.continue_with
        )));
    }
    let md = write_results(exp, out, &positions, &answers, provenance)?;
    log.finish(out).map_err(|e| run_error(e, out))?;
    Ok(md)
}
