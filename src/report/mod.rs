//! Reports: summary tables (CSV and markdown) and SVG charts from a run's summary, and the
//! second edition's family table.

mod charts;
mod family;
mod tables;

pub use charts::{difference_histogram, estimates_chart};
pub use family::{family_csv, family_markdown};
pub use tables::{summary_csv, summary_markdown};
