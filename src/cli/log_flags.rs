//! `--log FILE` and `--log-times`, as `simulate`, `run` and `tournament` take them: the record
//! of every hand played (`tricklab-hand/1`, see `tricklab replay`), durable beside the results
//! folder (written as `.FILE.partial` until the run is complete, continued by `--resume`).

use std::path::{Path, PathBuf};

use clap::Args;

use crate::experiment::Records;

use super::error::user;
use crate::report::output::{check_distinct, is_stdout};

/// The hand-record flags of a command that writes a results folder.
#[derive(Debug, Args)]
pub struct LogFlags {
    /// Write a JSON-lines record of every hand here (`tricklab-hand/1`: the deal, every
    /// decision, each seat's agent and the bots' `info` lines; see `tricklab replay`);
    /// `simulate` without `--out` also takes `-`, standard output (the summary then goes to
    /// standard error).
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Also write each decision's wall time (milliseconds) into the records; the records are
    /// then no longer the same bytes from run to run.
    #[arg(long, requires = "log")]
    pub log_times: bool,
}

impl LogFlags {
    /// The records these flags ask for.
    pub fn records(&self) -> Records {
        Records::new(self.log.is_some(), self.log_times)
    }
}

/// Refuses a `--log` that cannot be kept beside the results folder `out`: standard output
/// (it could not be resumed), the folder itself, a folder, or (without `force` or `resume`) a
/// file that already exists.
pub fn check_log(out: &Path, log: Option<&Path>, force: bool, resume: bool) -> anyhow::Result<()> {
    let Some(log) = log else {
        return Ok(());
    };
    check_distinct(&[("--out", out), ("--log", log)])?;
    if is_stdout(log) {
        return Err(user(
            "--log - cannot be resumed with --out: give --log a file name",
        ));
    }
    if log.is_dir() {
        return Err(user(format!(
            "--log {} is a folder; give a file name",
            log.display()
        )));
    }
    if log.exists() && !force && !resume {
        return Err(user(format!(
            "--log {} already exists: add --force to replace it, or choose another name",
            log.display()
        )));
    }
    Ok(())
}
