//! SVG charts: estimates with 95% interval bars per arm, and the histogram of per-deal
//! differences.

use std::path::Path;

use plotters::prelude::*;
use thiserror::Error;

use super::results::{ArmStat, Difference};

/// A chart that could not be drawn or written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}: {problem}")]
pub struct ChartError {
    /// The SVG file.
    pub file: String,
    /// What the plotting library said.
    pub problem: String,
}

impl ChartError {
    pub(crate) fn new(path: &Path, problem: &dyn std::fmt::Display) -> ChartError {
        ChartError {
            file: path.display().to_string(),
            problem: problem.to_string(),
        }
    }
}

/// Draws a chart with `draw` into memory and writes it to `path` whole (a full disk leaves no
/// part of a chart), in the folder's batch of result files: the folder is synced by the caller
/// (as [`write_record`](super::write_record) does before the provenance record).
pub(crate) fn write_chart(
    path: &Path,
    draw: impl FnOnce(&mut String) -> Result<(), ChartError>,
) -> Result<(), ChartError> {
    let mut svg = String::new();
    draw(&mut svg)?;
    // The chart's own name first (the write goes through a temporary file, which the
    // problem names).
    super::write_whole_in_batch(path, svg.as_bytes()).map_err(|e| ChartError {
        file: path.display().to_string(),
        problem: e.to_string(),
    })
}

/// Draws the estimates of one statistic with their 95% intervals, one bar per arm.
pub fn estimates_chart(path: &Path, statistic: &str, rows: &[&ArmStat]) -> Result<(), ChartError> {
    write_chart(path, |svg| draw_estimates(svg, path, statistic, rows))
}

fn draw_estimates(
    svg: &mut String,
    path: &Path,
    statistic: &str,
    rows: &[&ArmStat],
) -> Result<(), ChartError> {
    let err = |e: &dyn std::fmt::Display| ChartError::new(path, e);
    let root = SVGBackend::with_string(svg, (640, 400)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let lo = rows
        .iter()
        .map(|r| r.interval.low)
        .filter(|x| x.is_finite())
        .fold(f64::INFINITY, f64::min);
    let hi = rows
        .iter()
        .map(|r| r.interval.high)
        .filter(|x| x.is_finite())
        .fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = if lo.is_finite() && hi.is_finite() {
        (lo, hi)
    } else {
        (0.0, 1.0)
    };
    let pad = ((hi - lo) * 0.15).max(1e-6);
    let n = rows.len() as i32;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("{statistic}: estimate and 95% interval per arm"),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(60)
        .build_cartesian_2d(-1..n, (lo - pad)..(hi + pad))
        .map_err(|e| err(&e))?;
    let names: Vec<String> = rows.iter().map(|r| r.arm.clone()).collect();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(rows.len() + 2)
        .x_label_formatter(&|i| names.get(*i as usize).cloned().unwrap_or_default())
        .y_desc(statistic)
        .draw()
        .map_err(|e| err(&e))?;
    chart
        .draw_series(rows.iter().enumerate().map(|(i, r)| {
            ErrorBar::new_vertical(
                i as i32,
                r.interval.low,
                r.interval.estimate,
                r.interval.high,
                BLUE.filled(),
                12,
            )
        }))
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))
}

/// Draws the histogram of the per-deal differences of a hypothesis.
pub fn difference_histogram(path: &Path, d: &Difference) -> Result<(), ChartError> {
    write_chart(path, |svg| draw_differences(svg, path, d))
}

fn draw_differences(svg: &mut String, path: &Path, d: &Difference) -> Result<(), ChartError> {
    let err = |e: &dyn std::fmt::Display| ChartError::new(path, e);
    let root = SVGBackend::with_string(svg, (640, 400)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let (lo, hi) = d
        .diffs
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &x| {
            (a.min(x), b.max(x))
        });
    let (lo, hi) = if lo.is_finite() {
        (lo, hi.max(lo + 1e-9))
    } else {
        (-1.0, 1.0)
    };
    let bins = 30usize;
    let width = (hi - lo) / bins as f64;
    let mut counts = vec![0u32; bins];
    for &x in &d.diffs {
        counts[(((x - lo) / width) as usize).min(bins - 1)] += 1;
    }
    let top = counts.iter().copied().max().unwrap_or(1).max(1);
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!(
                "{} − {}: per-deal differences in {} ({} deals)",
                d.tip, d.control, d.statistic, d.deals
            ),
            ("sans-serif", 16),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(60)
        .build_cartesian_2d(lo..hi + width, 0u32..top + top / 10 + 1)
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .y_desc("deals")
        .x_desc("difference")
        .draw()
        .map_err(|e| err(&e))?;
    chart
        .draw_series(counts.iter().enumerate().map(|(i, &c)| {
            let x0 = lo + i as f64 * width;
            Rectangle::new([(x0, 0), (x0 + width, c)], BLUE.mix(0.6).filled())
        }))
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_error_is_one_line_naming_the_file() {
        let e = ChartError::new(Path::new("out/estimates-points.svg"), &"disk full");
        assert_eq!(e.to_string(), "out/estimates-points.svg: disk full");
    }
}
