//! Experiments: a question described in a TOML file, run on every core with duplicate deals,
//! with rows streamed to CSV, runs that survive interruption, shards and merges, and a summary
//! with honest intervals and a verdict.

pub mod agreement;
mod agreement_files;
mod agreement_job;
pub mod agreement_report;
pub mod answers;
mod books;
mod config;
mod config_parse;
mod config_raw;
mod config_sections;
mod cpu_frontier;
mod cpu_times;
mod decision_clock;
mod durable;
mod family;
mod games;
mod hand_log;
mod interaction;
mod journal;
mod measure;
mod merge;
mod rows;
mod run;
mod run_folder;
mod run_job;
mod simulation;
mod simulation_job;
mod simulation_run;
mod summary;
mod tournament;
mod tournament_chunk;
mod tournament_config;
mod tournament_job;
mod tournament_output;
mod tournament_run;
mod tournament_setup;
mod tournament_sprt;
mod vouched;
pub mod wholeness;

pub use agreement_files::rebuild_agreement;
pub use agreement_job::{AgreeJob, agree};
pub use books::{fit_book, open_book};
pub use config::{Agreement, Arm, Claim, Combine, ConfigError, Experiment, Hypothesis};
pub use cpu_frontier::{CPU_MS, CpuFrontier, FRONTIER_CPU, FrontierJob, cpu_frontier};
pub use cpu_times::{CpuTime, CpuTimes};
pub use decision_clock::{DecisionClock, DecisionTime, Timed};
pub use durable::{FolderLock, LOCK};
pub use family::{
    DealsCsvError, complete_run, deals_played, holm_family, members_of, run_folder_of,
};
pub use games::rules_from_table;
pub use hand_log::{HandLog, Records, Seating, check_log};
pub use interaction::{Interaction, common_differences, field_interactions};
pub use measure::{
    COMMON, HandStatistics, MATCH, Measured, StatDef, hand_statistic, match_statistic,
    statistics_of,
};
pub use merge::{MergeError, merge_shards};
pub use rows::{CsvRows, DealKey, DealRows};
pub use run::{
    Batch, DEALS, FAULTS, Guests, HANDS, NoGuests, RunEnd, RunError, RunPlan, SeatPoints, Want,
    deals_header, forfeited_hands, hands_header, partial_name, play_batches, play_batches_with,
    rotations,
};
pub use run_folder::{finish_run, run};
pub use run_job::{Merged, RunJob, merge_folders, run_experiment, summarise_folder};
pub use simulation::{SIMULATE, Simulation, SimulationError, simulation};
pub use simulation_job::SimulateJob;
pub use summary::{BOOTSTRAP, DealTally, SummaryError, summarise, summarise_bytes};
pub use tournament::{
    CHUNK, Finished, LadderStanding, PairNotes, PairPlan, PairResult, chunks_of, ladder_standings,
    pair_seatings, play_chunk, play_chunk_with, play_pair, ratings, tournament_tables,
};
pub use tournament_chunk::ChunkResult;
pub use tournament_config::{
    Design, Entrant, TournamentConfig, check_sprt_pairs, pairs_of, physical_memory,
};
pub use tournament_job::{TournamentDone, TournamentJob, play_tournament};
pub use tournament_run::{
    Completed, PROGRESS, ProgressError, TournamentEnd, TournamentPlan, finish_tournament,
    read_progress, run_tournament,
};
pub use tournament_setup::{Overrides, cap_agent, parse_caps};
pub use tournament_sprt::{SprtCursor, deal_result, deal_results};
pub use vouched::{FileDigest, FileDigests, check_files, check_record, digest_of, digests_of};

// The result types live in `report` (which imports nothing from here); their old paths stay.
pub use crate::report::{ArmStat, ClaimResult, Difference, FamilyMember, FamilyRow, Summary};

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::report::{
    Provenance, RUN_JSON, build_commit, difference_histogram, estimates_chart, summary_csv,
    summary_markdown, sync_folder, write_record, write_whole_in_batch,
};

/// What `run.json` records: enough to reproduce the files beside it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunRecord {
    /// The tricklab version.
    pub tricklab: String,
    /// The git commit tricklab was built from (`unknown` outside a git checkout).
    pub commit: String,
    /// The experiment's name.
    pub experiment: String,
    /// The seed.
    pub seed: u64,
    /// The command that reproduces the run (without output, thread or shard flags).
    pub command: String,
    /// `Some([k, n])` for shard k of n.
    pub shard: Option<[u64; 2]>,
    /// The config, verbatim.
    pub config: String,
    /// Each data file's length and SHA-256 as the run wrote it (`hands.csv`, `deals.csv`,
    /// `faults.csv`), which `summarise` and `merge` check; absent from records written before
    /// it existed.
    #[serde(default, skip_serializing_if = "FileDigests::is_empty")]
    pub files: FileDigests,
    /// The deal book the run played (`--deals FILE`): its path as given and its SHA-256;
    /// absent when the deals came from the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deals: Option<BookRef>,
    /// Build, machine and times (absent from records written before it existed).
    #[serde(flatten)]
    pub provenance: Provenance,
}

/// The deal book of a run, as `run.json` names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookRef {
    /// The file, as given.
    pub path: String,
    /// Its SHA-256, in hex.
    pub sha256: String,
}

impl RunRecord {
    /// The record of a run of `exp` started by `command`, finished now.
    pub fn new(
        exp: &Experiment,
        command: &str,
        shard: Option<(u64, u64)>,
        provenance: Provenance,
    ) -> RunRecord {
        RunRecord {
            tricklab: env!("CARGO_PKG_VERSION").to_string(),
            commit: build_commit().to_string(),
            experiment: exp.name.clone(),
            seed: exp.seed,
            command: command.to_string(),
            shard: shard.map(|(k, n)| [k, n]),
            config: exp.source.clone(),
            files: FileDigests::new(),
            deals: exp.book.as_ref().map(|b| BookRef {
                path: b.path.clone(),
                sha256: b.sha256.clone(),
            }),
            provenance: provenance.finish(),
        }
    }
}

/// Writes `run.json` into `dir`, whole.
///
/// # Errors
/// A step of the write, naming the file.
pub fn write_run_record(dir: &Path, record: &RunRecord) -> Result<(), crate::report::FileError> {
    write_record(&dir.join(RUN_JSON), record)
}

/// Summarises a complete run in `dir` and writes `summary.csv`, `summary.md` and the charts.
///
/// # Errors
/// A `deals.csv` that cannot be summarised, or a file that cannot be written.
pub fn write_summary(
    exp: &Experiment,
    defs: &[StatDef],
    dir: &Path,
) -> Result<Summary, SummaryError> {
    let s = summarise(exp, defs, &dir.join(DEALS))?;
    // One batch: the folder is synced once, at the end (and again before `run.json`).
    let write = |name: &str, text: String| write_whole_in_batch(&dir.join(name), text.as_bytes());
    write("summary.csv", summary_csv(&s))?;
    write("summary.md", summary_markdown(&exp.heading(), &s))?;
    for stat in &exp.statistics {
        let rows: Vec<&ArmStat> = s.arms.iter().filter(|a| &a.statistic == stat).collect();
        estimates_chart(&dir.join(format!("estimates-{stat}.svg")), stat, &rows)?;
    }
    for (i, d) in s.differences.iter().enumerate() {
        let name = if i == 0 {
            "differences.svg".to_string()
        } else {
            format!("differences-{}.svg", i + 1)
        };
        difference_histogram(&dir.join(name), d)?;
    }
    sync_folder(dir)?;
    Ok(s)
}
