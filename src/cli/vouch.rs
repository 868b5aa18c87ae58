//! The output files that the records of `tournament` (`run.json`) and `agree`
//! (`agreement.json`) vouch for, by length and SHA-256, as `run`'s `run.json` does for its data
//! files: recorded as the command ends, and checked again before a finished folder is read
//! (`agree --rebuild`) or a `--resume` meets one, so that a file changed or cut afterwards is
//! refused by name.

use std::path::Path;

use crate::experiment::{FileDigests, check_record, digests_of};

use super::error::run_error;

/// The files an agreement wrote.
pub(crate) const AGREEMENT_FILES: [&str; 2] = ["agreement.csv", "agreement.md"];

/// The length and SHA-256 of each of `names` in `dir`, for the record.
pub(crate) fn record_files(dir: &Path, names: &[&str]) -> anyhow::Result<FileDigests> {
    digests_of(dir, names).map_err(|e| run_error(e, dir))
}

/// Checks the files of `dir` that its `record` vouches for (only `names` of them, unless
/// `names` is empty): a file changed or cut since is refused by name (exit 2).
pub(crate) fn check_finished(dir: &Path, record: &str, names: &[&str]) -> anyhow::Result<()> {
    check_record(dir, record, names).map_err(|e| run_error(e, dir))
}
