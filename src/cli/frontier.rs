//! `tricklab frontier`: a finished ladder's cost–strength chart against CPU time per decision
//! measured apart on a quiet core (`tools/ladder/cpu-per-decision.sh`), with its table.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::Args;

use crate::experiment::{CpuFrontier, FrontierJob, cpu_frontier};

/// Arguments of `tricklab frontier`.
#[derive(Debug, Args)]
pub struct FrontierArgs {
    /// The folder of a finished tournament from a config with a baseline (run.json,
    /// ladder.csv).
    pub dir: PathBuf,
    /// The CPU times per decision: CSV with the columns `spec` and `ms_a_decision`, one agent
    /// a row (as tools/ladder/cpu-per-decision.sh writes it; `#` lines are comments).
    #[arg(long, value_name = "CPU.csv")]
    pub times: PathBuf,
    /// The chart (an .svg file; the table goes beside it as .csv) [default:
    /// DIR/frontier-cpu.svg].
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Runs `tricklab frontier`: writes the chart and the table, prints the table as markdown and
/// the files written, and names on standard error, in one line, the ladder's agents that the
/// times file has no time for (they are not drawn).
pub fn run(args: FrontierArgs) -> anyhow::Result<()> {
    let done = cpu_frontier(&FrontierJob {
        dir: args.dir,
        times: args.times.clone(),
        out: args.out,
    })?;
    if !done.not_drawn.is_empty() {
        eprintln!(
            "not drawn: no CPU time for {} in {}",
            done.not_drawn.join(", "),
            args.times.display()
        );
    }
    print!("{}", markdown(&done));
    Ok(())
}

/// The table as markdown, and the files written.
fn markdown(done: &CpuFrontier) -> String {
    let mut md = String::new();
    let _ = writeln!(
        md,
        "| agent | spec | CPU ms a decision | over {} [95%] |",
        done.baseline
    );
    let _ = writeln!(md, "|---|---|---:|---:|");
    for r in &done.rows {
        let over = r.over_baseline.map_or_else(
            || "0 (baseline)".to_string(),
            |o| format!("{:+.2} [{:+.2}, {:+.2}]", o.estimate, o.low, o.high),
        );
        let _ = writeln!(md, "| {} | `{}` | {} | {over} |", r.agent, r.spec, r.ms);
    }
    let _ = writeln!(
        md,
        "\nchart: {}\ntable: {}",
        done.svg.display(),
        done.csv.display()
    );
    md
}
