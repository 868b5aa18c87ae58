//! Reports: the result types of experiments, summary tables (CSV and markdown) and SVG charts
//! from a run's summary, the second edition's family table, the summary as JSON, and the
//! provenance record (`run.json`) every results folder gets; every file written whole, and
//! the files streamed out written under a temporary name until they are complete ([`output`]).

mod by_tip;
mod charts;
mod family;
mod interaction;
mod json;
mod number;
pub mod output;
mod provenance;
mod results;
mod tables;
mod tournament;
mod tournament_json;
mod whole_file;

pub use by_tip::by_tip_markdown;
pub use charts::{ChartError, difference_histogram, estimates_chart};
pub use family::{every_hypothesis_csv, every_hypothesis_markdown, family_csv, family_markdown};
pub use interaction::{interaction_csv, interaction_markdown};
pub use json::{SUMMARY_FORMAT, summary_json};
pub use number::{bounds, fixed};
pub use provenance::{
    CommandRecord, FileDigest, FileDigests, Provenance, RUN_JSON, build_commit, write_record,
};
pub use results::{ArmStat, ClaimResult, Difference, FamilyMember, FamilyRow, Heading, Summary};
pub use tables::{
    claim_id, forfeits_line, hypothesis_id, shown_verdict, summary_csv, summary_markdown,
};
pub use tournament::{
    CpuFrontierRow, FrontierPoint, LadderRow, PairRow, TournamentTables, WALL_SECONDS,
    cpu_frontier_csv, frontier_chart, ladder_csv, pairs_csv, ratings_csv, timing_csv,
    tournament_markdown,
};
pub use tournament_json::{scores_csv, tournament_json};
pub use whole_file::{FileError, sync_folder, temporary_name, write_whole, write_whole_in_batch};
