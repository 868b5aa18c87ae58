//! Reports: summary tables (CSV and markdown) and SVG charts from a run's summary, and the
//! second edition's family table, and the provenance record (`run.json`) every results folder gets.

mod charts;
mod family;
mod provenance;
mod tables;

pub use charts::{difference_histogram, estimates_chart};
pub use family::{every_hypothesis_csv, every_hypothesis_markdown, family_csv, family_markdown};
pub use provenance::{CommandRecord, Provenance, RUN_JSON, build_commit, write_record};
pub use tables::{summary_csv, summary_markdown};
