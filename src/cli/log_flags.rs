//! `--log FILE` and `--log-times`, as `simulate`, `run` and `tournament` take them: the record
//! of every hand played (`tricklab-hand/1`, see `tricklab replay`), durable beside the results
//! folder (written as `.FILE.partial` until the run is complete, continued by `--resume`).

use std::path::PathBuf;

use clap::Args;

use crate::experiment::Records;

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
