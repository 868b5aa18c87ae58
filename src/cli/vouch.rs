//! The output files that the records of `tournament` (`run.json`) and `agree`
//! (`agreement.json`) vouch for, by length and SHA-256, as `run`'s `run.json` does for its data
//! files: recorded as the command ends, and checked again before a finished folder is read
//! (`agree --rebuild`) or a `--resume` meets one, so that a file changed or cut afterwards is
//! refused by name.

use std::path::Path;

use crate::experiment::{FAULTS, FileDigests, check_record, digests_of};

use super::error::run_error;

/// The files a finished tournament wrote: the tables and the ratings chart; `faults.csv` where
/// a bot may forfeit; with a config, the scores and timing, and the ladder's table and chart.
pub(crate) fn tournament_files(faults: bool, config: bool, ladder: bool) -> Vec<&'static str> {
    let mut names = vec!["pairs.csv", "ratings.csv", "summary.md", "ratings.svg"];
    if faults {
        names.push(FAULTS);
    }
    if config {
        names.extend(["scores.csv", "timing.csv"]);
        if ladder {
            names.extend(["ladder.csv", "frontier.svg"]);
        }
    }
    names
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ladder_is_recorded_only_with_a_config() {
        assert_eq!(tournament_files(false, false, true).len(), 4);
        let all = tournament_files(true, true, true);
        assert!(
            all.contains(&FAULTS) && all.contains(&"frontier.svg"),
            "{all:?}"
        );
        assert!(!tournament_files(false, true, false).contains(&"ladder.csv"));
    }
}
