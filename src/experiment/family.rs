//! The pre-registered family of the second edition (RULES.md §5.4): every primary hypothesis of
//! every config that names the family, with Holm's correction over all of them.
//!
//! A member whose run is missing or unfinished still counts in the family size, with a raw
//! p-value of 1, so that the correction never shrinks because a run was left out.

use std::path::Path;

use crate::report::{Difference, FamilyMember, FamilyRow};
use crate::stats::{MeanAcc, holm, holm_levels, label};

use super::config::Experiment;

/// Holm's correction at `alpha` over `members`, in their order (every member counts, so pass
/// only the primary ones).
pub fn holm_family(members: &[FamilyMember], alpha: f64) -> Vec<FamilyRow> {
    let raw: Vec<f64> = members
        .iter()
        .map(|m| m.result.as_ref().map_or(1.0, |d| d.p_value))
        .collect();
    let adjusted = holm(&raw);
    let levels = holm_levels(&raw, alpha);
    members
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let adj = m.result.as_ref().map(|d| {
                let mut acc = MeanAcc::default();
                d.diffs.iter().for_each(|&x| acc.add(x));
                acc.t_interval(1.0 - levels[i])
            });
            FamilyRow {
                experiment: m.experiment.clone(),
                field: m.field.clone(),
                name: m.name.clone(),
                statistic: m.statistic.clone(),
                direction: m.direction,
                epsilon: m.epsilon,
                deals: m.result.as_ref().map_or(0, |d| d.deals),
                played: m.played,
                planned: m.planned,
                raw: m.result.as_ref().map(|d| d.bootstrap),
                raw_label: m.result.as_ref().map(|d| d.label),
                p_raw: raw[i],
                p_adjusted: adjusted[i],
                level: levels[i],
                adjusted: adj,
                adjusted_label: adj.map(|a| label(a, m.direction, m.epsilon)),
            }
        })
        .collect()
}

/// The hypotheses of `exp` (primary or not) as family members, with the results of
/// `differences` (the summary's, in the config's hypothesis order) or none, from a run that
/// played `played` deals (0 when there is no run).
pub fn members_of(
    exp: &Experiment,
    differences: Option<&[Difference]>,
    played: u64,
) -> Vec<FamilyMember> {
    exp.hypotheses
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let result = differences.and_then(|d| d.get(i)).cloned();
            FamilyMember {
                experiment: exp.name.clone(),
                field: exp.field.clone(),
                seed: exp.seed,
                name: h.label.clone().unwrap_or_else(|| {
                    format!("{} − {}", exp.arms[h.tip].name, exp.arms[h.control].name)
                }),
                statistic: h.statistic.clone(),
                direction: h.direction,
                epsilon: h.epsilon,
                primary: h.primary,
                played: if result.is_some() { played } else { 0 },
                planned: exp.deals,
                result,
            }
        })
        .collect()
}

/// A `deals.csv` that cannot be read, with the file named.
#[derive(Debug, thiserror::Error)]
#[error("{file}: {source}")]
pub struct DealsCsvError {
    /// The file.
    pub file: String,
    /// What the CSV reader said.
    pub source: csv::Error,
}

/// How many deals `deals_csv` holds rows for (its rows come in deal order; a shard of a config
/// holds fewer than the config plans).
///
/// # Errors
/// [`DealsCsvError`]: the file cannot be opened or a row cannot be read.
pub fn deals_played(deals_csv: &Path) -> Result<u64, DealsCsvError> {
    let bad = |source| DealsCsvError {
        file: deals_csv.display().to_string(),
        source,
    };
    let mut reader = csv::Reader::from_path(deals_csv).map_err(bad)?;
    let mut record = csv::ByteRecord::new();
    let mut last: Option<Vec<u8>> = None;
    let mut played = 0;
    while reader.read_byte_record(&mut record).map_err(bad)? {
        let deal = record.get(0).unwrap_or_default();
        if last.as_deref() != Some(deal) {
            played += 1;
            last = Some(deal.to_vec());
        }
    }
    Ok(played)
}

/// Whether `dir` holds a complete run (its `deals.csv`, and no saved progress of an
/// interrupted one).
pub fn complete_run(dir: &Path) -> bool {
    dir.join(super::DEALS).exists() && !dir.join("progress.json").exists()
}

/// The folder holding config `name`'s run under `results`: `results/name` when it holds a
/// complete run, else `results/name/merged` when that does (a run played in shards and merged,
/// as the third edition's compute queue leaves it), else `results/name` (no complete run).
pub fn run_folder_of(results: &Path, name: &str) -> std::path::PathBuf {
    let own = results.join(name);
    let merged = own.join("merged");
    if !complete_run(&own) && complete_run(&merged) {
        merged
    } else {
        own
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{Direction, Label, Sign, sensitivity};

    #[test]
    fn deals_are_counted_and_an_unreadable_file_is_named() {
        let dir = std::env::temp_dir().join(format!("tricklab-family-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("deals.csv");
        std::fs::write(&path, "deal,arm\n0,a\n0,b\n1,a\n1,b\n2,a\n").unwrap();
        assert_eq!(deals_played(&path).unwrap(), 3);
        std::fs::write(&path, "deal,arm\n0,a\n1\n").unwrap();
        let e = deals_played(&path).unwrap_err().to_string();
        assert!(e.starts_with(&format!("{}: ", path.display())), "{e}");
        assert!(!e.contains('\n'), "{e}");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_merged_run_is_found_when_the_folder_itself_holds_none() {
        let dir = std::env::temp_dir().join(format!("tricklab-merged-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("a/merged")).unwrap();
        assert_eq!(run_folder_of(&dir, "a"), dir.join("a"), "no run anywhere");
        std::fs::write(dir.join("a/merged/deals.csv"), "deal\n").unwrap();
        assert_eq!(run_folder_of(&dir, "a"), dir.join("a/merged"));
        std::fs::write(dir.join("a/merged/progress.json"), "{}").unwrap();
        assert_eq!(
            run_folder_of(&dir, "a"),
            dir.join("a"),
            "an unfinished merge is no run"
        );
        std::fs::remove_file(dir.join("a/merged/progress.json")).unwrap();
        std::fs::write(dir.join("a/deals.csv"), "deal\n").unwrap();
        assert_eq!(
            run_folder_of(&dir, "a"),
            dir.join("a"),
            "the folder's own run first"
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    fn difference(diffs: Vec<f64>, p: f64) -> Difference {
        let mut acc = MeanAcc::default();
        diffs.iter().for_each(|&x| acc.add(x));
        let t = acc.t_interval(0.95);
        Difference {
            name: "tip − B0".into(),
            primary: true,
            tip: "tip".into(),
            control: "B0".into(),
            statistic: "tricks".into(),
            deals: acc.n,
            t,
            bootstrap: t,
            sd: acc.sd(),
            direction: Direction::Greater,
            epsilon: 0.05,
            verdict: crate::stats::verdict(t, Direction::Greater, 0.05),
            needed: None,
            label: label(t, Direction::Greater, 0.05),
            sensitivity: sensitivity(t, Direction::Greater, 0.05),
            p_value: p,
            diff_deals: (0..diffs.len() as u64).collect(),
            diffs,
        }
    }

    fn member(result: Option<Difference>) -> FamilyMember {
        FamilyMember {
            experiment: "e".into(),
            field: Some("b0".into()),
            seed: 1,
            name: "tip − B0".into(),
            statistic: "tricks".into(),
            direction: Direction::Greater,
            epsilon: 0.05,
            primary: true,
            played: if result.is_some() { 200 } else { 0 },
            planned: 200,
            result,
        }
    }

    #[test]
    fn a_missing_run_counts_in_the_family_with_p_one() {
        let strong: Vec<f64> = (0..200).map(|i| 0.5 + (i % 7) as f64 * 0.1).collect();
        let rows = holm_family(
            &[
                member(Some(difference(strong, 0.001))),
                member(None),
                member(Some(difference(vec![0.1, -0.1, 0.0, 0.05], 0.2))),
            ],
            0.05,
        );
        assert_eq!(rows[1].p_raw, 1.0);
        assert_eq!(rows[1].adjusted, None);
        // m = 3: the smallest is tested at 0.05/3 and adjusted ×3.
        assert!((rows[0].p_adjusted - 0.003).abs() < 1e-12);
        assert!((rows[0].level - 0.05 / 3.0).abs() < 1e-12);
        assert!((rows[2].p_adjusted - 0.4).abs() < 1e-12);
        // The adjusted interval is wider than the raw one and keeps the label here.
        let (raw, adj) = (rows[0].raw.unwrap(), rows[0].adjusted.unwrap());
        assert!(adj.low < raw.low && adj.high > raw.high);
        assert_eq!(rows[0].adjusted_label, Some(Label::Confirmed));
        assert_ne!(
            rows[2].adjusted_label,
            Some(Label::Negligible(Sign::Positive))
        );
    }
}
