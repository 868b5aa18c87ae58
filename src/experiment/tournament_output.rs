//! A finished tournament's files: `faults.csv` (where a bot may forfeit), the pairs, the
//! ratings and `summary.md`, the ratings chart; with a config also the per-deal scores, the
//! timing, and the ladder's table and chart; the records (`--log`); and last `run.json`, which
//! vouches for each file by length and SHA-256, before the progress goes.

use crate::errors::run_error;
use crate::report::{
    CommandRecord, FrontierPoint, Provenance, RUN_JSON, WALL_SECONDS, estimates_chart,
    frontier_chart, ladder_csv, pairs_csv, ratings_csv, scores_csv, timing_csv,
    tournament_markdown, write_record, write_whole,
};

use super::ArmStat;
use super::run::{FAULTS, forfeited_hands};
use super::tournament::{Finished, tournament_tables};
use super::tournament_config::TournamentConfig;
use super::tournament_job::{TournamentDone, TournamentJob};
use super::tournament_run::{Completed, finish_tournament};
use super::vouched::digests_of;

/// Writes the files of the finished tournament `done` of `config` (at a table of `seats`,
/// the agents labelled `names`) into `job.out`, and ends its progress.
pub(super) fn write_tournament(
    seats: usize,
    config: &TournamentConfig,
    names: &[String],
    done: Completed,
    job: &TournamentJob,
    provenance: Provenance,
) -> anyhow::Result<TournamentDone> {
    let out = &job.out;
    let game = config.game;
    let Completed {
        pairs: results,
        times,
        faults,
        records,
        sprt,
    } = done;
    // A bot that may forfeit: its forfeited hands, as `run` writes them (none: no file, and
    // none left from an earlier tournament in the folder).
    let faults_written = faults.is_some();
    match faults {
        Some(bytes) => write_whole(&out.join(FAULTS), &bytes)?,
        None => {
            let _ = std::fs::remove_file(out.join(FAULTS));
        }
    }
    let forfeited = forfeited_hands(out);
    let tables = tournament_tables(Finished {
        game: game.to_string(),
        seats,
        deals: config.deals,
        matches: config.matches,
        seed: config.seed,
        names: names.to_vec(),
        pairs: &results,
        baseline: config.baseline,
        ceiling: config.ceiling,
        sprt,
    });
    let md = tournament_markdown(&tables);
    write_whole(&out.join("pairs.csv"), pairs_csv(&tables).as_bytes())?;
    write_whole(&out.join("ratings.csv"), ratings_csv(&tables).as_bytes())?;
    write_whole(&out.join("summary.md"), md.as_bytes())?;
    let played = sprt.map_or(config.deals, |s| s.deals);
    let rows: Vec<ArmStat> = tables
        .ratings
        .iter()
        .zip(names)
        .map(|(ci, name)| ArmStat {
            arm: name.clone(),
            statistic: "rating".into(),
            n: played,
            deals: played,
            interval: *ci,
            method: "bootstrap",
        })
        .collect();
    estimates_chart(
        &out.join("ratings.svg"),
        "rating",
        &rows.iter().collect::<Vec<_>>(),
    )
    .map_err(anyhow::Error::msg)?;
    let seconds: Vec<Option<f64>> = times.iter().map(|t| t.mean_seconds()).collect();
    if job.config_file.is_some() {
        // A config's tournament keeps its per-deal scores (sorted, so reproducible) and its
        // timing, which depends on the machine and lives apart from the reproducible files.
        write_whole(
            &out.join("scores.csv"),
            scores_csv(
                names,
                results.iter().map(|p| (p.x, p.y, p.scores.as_slice())),
            )
            .as_bytes(),
        )?;
        if let Some(csv) = ladder_csv(&tables) {
            write_whole(&out.join("ladder.csv"), csv.as_bytes())?;
        }
        let decisions: Vec<(u64, u64)> = times.iter().map(|t| (t.decisions, t.nanos)).collect();
        write_whole(
            &out.join("timing.csv"),
            timing_csv(names, &decisions).as_bytes(),
        )?;
        if let Some((_, _, rows)) = &tables.ladder {
            let points: Vec<FrontierPoint> = rows
                .iter()
                .zip(names)
                .zip(&seconds)
                .filter_map(|((r, name), s)| {
                    Some(FrontierPoint {
                        name: name.clone(),
                        time: (*s)?,
                        strength: r.over_baseline.unwrap_or(crate::stats::Interval {
                            estimate: 0.0,
                            low: 0.0,
                            high: 0.0,
                        }),
                    })
                })
                .collect();
            let base = config.baseline.map_or("", |b| names[b].as_str());
            frontier_chart(
                &out.join("frontier.svg"),
                &format!("{game}: strength against time per decision"),
                WALL_SECONDS,
                &strength_caption(config.matches, base),
                &points,
            )?;
        }
    }
    let source = job
        .config_file
        .as_deref()
        .map(std::fs::read_to_string)
        .transpose()?;
    if let (Some(log), Some(bytes)) = (&job.log, &records) {
        write_whole(log, bytes)?;
    }
    let mut record = CommandRecord::new(config.seed, source, provenance);
    let written = tournament_files(
        faults_written,
        job.config_file.is_some(),
        tables.ladder.is_some(),
    );
    record.files = digests_of(out, &written).map_err(|e| run_error(e, out))?;
    write_record(&out.join(RUN_JSON), &record)?;
    // Only now: a tournament stopped before this point finishes on --resume.
    finish_tournament(out).map_err(|e| run_error(e, out))?;
    Ok(TournamentDone {
        tables,
        markdown: md,
        seconds,
        forfeited,
    })
}

/// The frontier chart's caption of strength: the unit (match wins or points per seat) over
/// the baseline `base` per deal.
pub(super) fn strength_caption(matches: bool, base: &str) -> String {
    let unit = if matches {
        "match wins"
    } else {
        "points per seat"
    };
    format!("{unit} over {base} per deal")
}

/// The files a finished tournament wrote, which `run.json` vouches for: the tables and the
/// ratings chart; `faults.csv` where a bot may forfeit; with a config, the scores and timing,
/// and the ladder's table and chart.
fn tournament_files(faults: bool, config: bool, ladder: bool) -> Vec<&'static str> {
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
