//! Reports: summary tables (CSV and markdown) and SVG charts from a run's summary.

mod charts;
mod tables;

pub use charts::{difference_histogram, estimates_chart};
pub use tables::{summary_csv, summary_markdown};
