//! Reports: the result types of experiments, summary tables (CSV and markdown) and SVG charts from a run's summary, and the
//! second edition's family table, and the provenance record (`run.json`) every results folder gets.

mod charts;
mod family;
mod provenance;
mod results;
mod tables;

pub use charts::{ChartError, difference_histogram, estimates_chart};
pub use family::{family_csv, family_markdown};
pub use provenance::{CommandRecord, Provenance, RUN_JSON, build_commit, write_record};
pub use results::{ArmStat, ClaimResult, Difference, FamilyRow, Heading, Summary};
pub use tables::{summary_csv, summary_markdown};
