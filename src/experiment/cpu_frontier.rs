//! `tricklab frontier`: a finished ladder's cost–strength chart drawn again against CPU time
//! per decision measured apart on a quiet core ([`CpuTimes`]), instead of the wall times the
//! tournament measured under whatever load it ran beside (`frontier.svg`).
//!
//! The tournament folder gives the agents (labels and specs, from the config in `run.json`)
//! and their strengths (`ladder.csv`, checked against the digest `run.json` records); the times
//! file gives each spec's CPU milliseconds per decision. An agent is matched to a row by the
//! agent its spec names, however the parameters are written.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::errors::{config_error, run_error, user};
use crate::report::{
    CpuFrontierRow, FrontierPoint, RUN_JSON, cpu_frontier_csv, frontier_chart, write_whole,
};
use crate::stats::Interval;

use super::cpu_times::CpuTimes;
use super::tournament_config::TournamentConfig;
use super::tournament_output::strength_caption;
use super::tournament_setup::Overrides;
use super::vouched::check_record;

/// The x caption of the chart: CPU milliseconds.
pub const CPU_MS: &str = "CPU ms per decision, one quiet core (log scale)";

/// The chart's default name in the tournament folder (the table beside it: `.csv`).
pub const FRONTIER_CPU: &str = "frontier-cpu.svg";

/// What `tricklab frontier` draws: a finished tournament's folder, the times file, and the
/// chart to write (default `DIR/frontier-cpu.svg`).
#[derive(Clone, Debug)]
pub struct FrontierJob {
    /// The finished tournament's folder.
    pub dir: PathBuf,
    /// The CPU times per decision, by spec.
    pub times: PathBuf,
    /// The SVG file; the CSV table goes beside it with the same stem.
    pub out: Option<PathBuf>,
}

/// The chart and table written.
#[derive(Clone, Debug, PartialEq)]
pub struct CpuFrontier {
    /// The agents drawn, in the ladder's order.
    pub rows: Vec<CpuFrontierRow>,
    /// The labels of the ladder's agents the times file has no time for (not drawn).
    pub not_drawn: Vec<String>,
    /// The baseline's label.
    pub baseline: String,
    /// The SVG file written.
    pub svg: PathBuf,
    /// The CSV file written.
    pub csv: PathBuf,
}

/// What `run.json` holds that the frontier reads.
#[derive(Deserialize)]
struct Record {
    #[serde(default)]
    config: Option<String>,
    #[serde(default)]
    ended: String,
    #[serde(default)]
    command_line: String,
    #[serde(default)]
    experiment: Option<String>,
}

/// Draws the finished ladder of `job.dir` against the CPU times of `job.times`: writes the
/// SVG chart and the CSV table beside it (each whole), and returns what they hold.
///
/// # Errors
/// Bad input ([`UserError`](crate::errors::UserError), one line): a folder that is missing or
/// holds no finished config tournament with a baseline, a `ladder.csv` that is missing,
/// malformed or changed since `run.json` vouched for it, a times file that is missing or
/// malformed, no agent of the ladder with a time, `--out` not an `.svg` file. A file that
/// cannot be read or written otherwise is the environment's failure.
pub fn cpu_frontier(job: &FrontierJob) -> anyhow::Result<CpuFrontier> {
    let dir = &job.dir;
    if !dir.is_dir() {
        return Err(user(format!(
            "{}: no such folder: give the folder of a finished tournament with a baseline \
             (run.json, ladder.csv)",
            dir.display()
        )));
    }
    let svg = job.out.clone().unwrap_or_else(|| dir.join(FRONTIER_CPU));
    if svg.extension().is_none_or(|x| x != "svg") {
        return Err(user(format!(
            "--out {}: expected an .svg file (the table goes beside it as .csv)",
            svg.display()
        )));
    }
    let csv_path = svg.with_extension("csv");
    let config = finished_config(dir)?;
    let Some(base) = config.baseline else {
        return Err(user(format!(
            "{}: the tournament names no `baseline`: a ladder (and its frontier) needs one",
            dir.join(RUN_JSON).display()
        )));
    };
    let ladder_path = dir.join("ladder.csv");
    let ladder_text = read(&ladder_path, "a tournament with a baseline writes it")?;
    check_record(dir, RUN_JSON, &["ladder.csv"]).map_err(|e| run_error(e, dir))?;
    let file = ladder_path.display().to_string();
    let strengths = read_ladder(&file, &ladder_text).map_err(user)?;
    let times_file = job.times.display().to_string();
    let times_text = read(
        &job.times,
        "--times names the CPU times per decision (a CSV file)",
    )?;
    let times = CpuTimes::parse(&times_file, &times_text).map_err(user)?;
    let labels: Vec<&str> = config.agents.iter().map(|a| a.label.as_str()).collect();
    if let Some((label, _)) = strengths
        .iter()
        .find(|(l, _)| !labels.contains(&l.as_str()))
    {
        return Err(user(format!(
            "{file}: `{label}` is not an agent of the tournament's config: expected the labels {}",
            labels.join(", ")
        )));
    }
    let mut rows = Vec::new();
    let mut not_drawn = Vec::new();
    for (i, entrant) in config.agents.iter().enumerate() {
        let label = &entrant.label;
        let Some((_, over)) = strengths.iter().find(|(l, _)| l == label) else {
            return Err(user(format!(
                "{file}: no row for `{label}`, an agent of the tournament's config"
            )));
        };
        if over.is_none() && i != base {
            return Err(user(format!(
                "{file}: `{label}` has no over_baseline: only the baseline `{}` may leave it empty",
                labels[base]
            )));
        }
        match times.of(&entrant.spec) {
            Some(t) => rows.push(CpuFrontierRow {
                agent: label.clone(),
                spec: t.text.clone(),
                ms: t.ms,
                over_baseline: if i == base { None } else { *over },
            }),
            None => not_drawn.push(label.clone()),
        }
    }
    if rows.is_empty() {
        return Err(user(format!(
            "{times_file}: no agent of the ladder ({}) has a time there: a row's spec must name \
             the agent of the config's spec",
            labels.join(", ")
        )));
    }
    let points: Vec<FrontierPoint> = rows
        .iter()
        .map(|r| FrontierPoint {
            name: r.agent.clone(),
            time: r.ms,
            strength: r.over_baseline.unwrap_or(Interval {
                estimate: 0.0,
                low: 0.0,
                high: 0.0,
            }),
        })
        .collect();
    if let Some(parent) = svg.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| anyhow::Error::new(e).context(format!("creating {}", parent.display())))?;
    }
    frontier_chart(
        &svg,
        &format!("{}: strength against CPU time per decision", config.game),
        CPU_MS,
        &strength_caption(config.matches, labels[base]),
        &points,
    )?;
    // Written whole, and the folder synced: the chart's name is on disk too.
    write_whole(&csv_path, cpu_frontier_csv(&rows).as_bytes())?;
    Ok(CpuFrontier {
        rows,
        not_drawn,
        baseline: labels[base].to_string(),
        svg,
        csv: csv_path,
    })
}

/// The config of the finished tournament in `dir`, with what its recorded command line
/// changed (`--matches`, `--cap`: the agents that played are the capped ones).
fn finished_config(dir: &Path) -> anyhow::Result<TournamentConfig> {
    let path = dir.join(RUN_JSON);
    let text = match std::fs::read_to_string(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(user(format!(
                "{} holds no finished tournament (no run.json): give the folder that \
                 `tricklab tournament --config FILE` wrote (an interrupted one finishes with \
                 `--resume`)",
                dir.display()
            )));
        }
        other => other.map_err(|e| read_error(&path, e))?,
    };
    let record: Record = serde_json::from_str(&text)
        .map_err(|e| user(format!("{}: not a results record: {e}", path.display())))?;
    if let Some(name) = record.experiment {
        return Err(user(format!(
            "{}: the results of experiment `{name}` (`tricklab run`), not of a tournament: give \
             the folder of `tricklab tournament --config FILE`",
            dir.display()
        )));
    }
    if record.ended.is_empty() {
        return Err(user(format!(
            "{}: no `ended` time: not a finished tournament's record",
            path.display()
        )));
    }
    let Some(source) = record.config else {
        return Err(user(format!(
            "{}: no config: the frontier needs a tournament run from a config with a baseline \
             (`tricklab tournament --config FILE`)",
            path.display()
        )));
    };
    let config = TournamentConfig::parse(&format!("{} config", path.display()), &source)
        .map_err(config_error)?;
    config.overridden(&recorded_overrides(&record.command_line))
}

/// The choices of a recorded tournament command line that change what its config's agents
/// played or how they were scored: `--matches` and `--cap`.
fn recorded_overrides(command_line: &str) -> Overrides {
    let mut overrides = Overrides::default();
    let mut words = command_line.split_whitespace();
    while let Some(word) = words.next() {
        match word {
            "--matches" => overrides.matches = true,
            "--cap" => overrides.cap = words.next().map(str::to_string),
            w => {
                if let Some(cap) = w.strip_prefix("--cap=") {
                    overrides.cap = Some(cap.to_string());
                }
            }
        }
    }
    overrides
}

/// `ladder.csv` (from `file`, for messages): each agent's label and its score over the
/// baseline with the interval, none where the cells are empty.
fn read_ladder(file: &str, text: &str) -> Result<Vec<(String, Option<Interval>)>, String> {
    let form = "expected ladder.csv as `tricklab tournament` writes it (agent, over_baseline, \
                over_low, over_high, …)";
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader
        .headers()
        .map_err(|e| format!("{file}: {e}: {form}"))?
        .clone();
    let at: Vec<usize> = ["agent", "over_baseline", "over_low", "over_high"]
        .into_iter()
        .map(|name| {
            header
                .iter()
                .position(|h| h == name)
                .ok_or_else(|| format!("{file}: no `{name}` column: {form}"))
        })
        .collect::<Result<_, _>>()?;
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| format!("{file}: {e}: {form}"))?;
        let line = record.position().map_or(0, csv::Position::line);
        let cells: Vec<&str> = at.iter().map(|&i| record.get(i).unwrap_or("")).collect();
        let over = if cells[1..].iter().all(|c| c.is_empty()) {
            None
        } else {
            let n: Vec<f64> = cells[1..]
                .iter()
                .map(|c| c.parse::<f64>().ok().filter(|x| !x.is_nan()))
                .collect::<Option<_>>()
                .ok_or_else(|| {
                    format!(
                        "{file}: line {line}: over_baseline, over_low, over_high `{}`: expected \
                         three numbers, or three empty cells for the baseline",
                        cells[1..].join(",")
                    )
                })?;
            Some(Interval {
                estimate: n[0],
                low: n[1],
                high: n[2],
            })
        };
        rows.push((cells[0].to_string(), over));
    }
    Ok(rows)
}

/// The text of the input file at `path`; `what` says what it is, for a missing one.
fn read(path: &Path, what: &str) -> anyhow::Result<String> {
    std::fs::read_to_string(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => user(format!("{}: no such file ({what})", path.display())),
        _ => read_error(path, e),
    })
}

/// A file that exists but cannot be read: text that is not UTF-8 is bad input, anything else
/// the environment's failure.
fn read_error(path: &Path, e: std::io::Error) -> anyhow::Error {
    if e.kind() == std::io::ErrorKind::InvalidData {
        user(format!("{}: not a text file: {e}", path.display()))
    } else {
        anyhow::Error::new(e).context(format!("reading {}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_gives_each_strength_and_none_for_the_baseline() {
        let text = "agent,over_baseline,over_low,over_high,share\n\
                    random,-6.059000,-6.577910,-5.540090,-0.6\n\
                    B0,,,,\n\
                    one deal,1.000000,-inf,inf,\n";
        let rows = read_ladder("ladder.csv", text).unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0].1.unwrap().low, -6.57791);
        assert_eq!(rows[1], ("B0".to_string(), None));
        assert_eq!(rows[2].1.unwrap().high, f64::INFINITY);
        let e = read_ladder(
            "ladder.csv",
            "agent,over_baseline,over_low,over_high\nx,1,,2\n",
        )
        .unwrap_err();
        assert!(e.starts_with("ladder.csv: line 2: over_baseline"), "{e}");
        let e = read_ladder("ladder.csv", "agent,share\nx,1\n").unwrap_err();
        assert!(e.contains("no `over_baseline` column"), "{e}");
    }

    #[test]
    fn the_recorded_command_line_gives_whole_matches_and_caps() {
        let o = recorded_overrides(
            "tricklab tournament --config x.toml --matches --cap iterations=10,worlds=1",
        );
        assert!(o.matches);
        assert_eq!(o.cap.as_deref(), Some("iterations=10,worlds=1"));
        let o = recorded_overrides("tricklab tournament --config x.toml --cap=worlds=2");
        assert!(!o.matches);
        assert_eq!(o.cap.as_deref(), Some("worlds=2"));
        assert!(recorded_overrides("").cap.is_none());
    }
}
