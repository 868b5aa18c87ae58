//! Summaries of a finished run, computed from its `deals.csv` (so that a fresh run, a resumed
//! run and merged shards all summarise the same way).

use std::path::Path;

use crate::stats::{
    Interval, MeanAcc, Verdict, Z95, label, needed_deals, paired_bootstrap, paired_p_value,
    sensitivity, verdict, wilson_share,
};

use thiserror::Error;

use crate::report::{ArmStat, ChartError, ClaimResult, Difference, Summary};

use super::config::{Combine, Experiment, Hypothesis};
use super::measure::StatDef;
use super::rows::{DealKey, DealRows};

/// Bootstrap resamples for the paired interval.
pub const BOOTSTRAP: usize = 2000;

/// Why a run's `deals.csv` cannot be summarised, or its summary not written: one line naming
/// the file and what is wrong.
#[derive(Debug, Error)]
pub enum SummaryError {
    /// A row that cannot be read, or a field that is not what a run writes there.
    #[error("{file}: {problem}")]
    Rows {
        /// The file.
        file: String,
        /// What is wrong.
        problem: String,
    },
    /// A statistic the game does not define.
    #[error("unknown statistic {0}")]
    UnknownStatistic(String),
    /// Writing a summary file.
    #[error("{file}: {source}")]
    Io {
        /// The file.
        file: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// Drawing a chart.
    #[error(transparent)]
    Chart(#[from] ChartError),
}

/// Reads `deals.csv` and summarises it.
///
/// # Errors
/// A file that cannot be read or holds rows a run does not write ([`SummaryError`]).
pub fn summarise(
    exp: &Experiment,
    defs: &[StatDef],
    deals_csv: &Path,
) -> Result<Summary, SummaryError> {
    let reader = csv::Reader::from_path(deals_csv).map_err(|e| SummaryError::Rows {
        file: deals_csv.display().to_string(),
        problem: e.to_string(),
    })?;
    summarise_rows(exp, defs, reader, &deals_csv.display().to_string())
}

/// Summarises the rows of a `deals.csv` held in memory (with its header), named `name` in
/// errors: what `simulate` does without an output folder.
///
/// # Errors
/// Rows a run does not write ([`SummaryError`]).
pub fn summarise_bytes(
    exp: &Experiment,
    defs: &[StatDef],
    deals_csv: &[u8],
    name: &str,
) -> Result<Summary, SummaryError> {
    summarise_rows(exp, defs, csv::Reader::from_reader(deals_csv), name)
}

fn summarise_rows<In: std::io::Read>(
    exp: &Experiment,
    defs: &[StatDef],
    mut reader: csv::Reader<In>,
    deals_csv: &str,
) -> Result<Summary, SummaryError> {
    let mut tally = DealTally::new(exp);
    for rec in reader.records() {
        let rec = rec.map_err(|e| tally.bad(deals_csv, e.to_string()))?;
        tally.add_record(&rec, deals_csv)?;
    }
    tally.finish(defs)
}

/// One arm's running tally of one statistic, fed its `deals.csv` values in deal order.
#[derive(Clone, Debug)]
struct StatTally {
    /// The sum of every defined value (as `Iterator::sum` adds them: in order, from its
    /// neutral element), and their count.
    units_sum: f64,
    units: u64,
    /// The per-deal means of the defined values.
    means: MeanAcc,
    /// The deal being read and its values, one per rotation.
    current: Option<u64>,
    values: Vec<Option<f64>>,
}

impl StatTally {
    fn new() -> StatTally {
        StatTally {
            units_sum: std::iter::empty::<f64>().sum(),
            units: 0,
            means: MeanAcc::default(),
            current: None,
            values: Vec::new(),
        }
    }

    fn add(&mut self, deal: u64, v: Option<f64>) {
        if self.current != Some(deal) {
            self.close_deal();
            self.current = Some(deal);
        }
        self.values.push(v);
        if let Some(v) = v {
            self.units_sum += v;
            self.units += 1;
        }
    }

    /// Adds the finished deal's mean (when it has a defined value).
    fn close_deal(&mut self) {
        let defined = self.values.iter().flatten();
        let k = defined.clone().count();
        if k > 0 {
            self.means.add(defined.sum::<f64>() / k as f64);
        }
        self.values.clear();
    }
}

/// A summary built row by row as the deals are played or read: memory that grows with the
/// deals only for the statistics a hypothesis pairs (they keep every (deal, rotation) value),
/// never for a run without hypotheses such as `simulate`.
#[derive(Clone, Debug)]
pub struct DealTally {
    exp: Experiment,
    /// `stats[arm][stat]`.
    stats: Vec<Vec<StatTally>>,
    /// `by_rotation[arm][stat]`, kept only for the statistics hypotheses pair.
    by_rotation: Vec<Vec<ByRotation>>,
    paired: Vec<bool>,
    /// A reused row of values while reading CSV.
    scratch: Vec<Option<f64>>,
}

impl DealTally {
    /// An empty tally for the arms and statistics of `exp`.
    pub fn new(exp: &Experiment) -> DealTally {
        let n_stats = exp.statistics.len();
        let n_arms = exp.arms.len();
        let paired = exp
            .statistics
            .iter()
            .map(|s| {
                exp.hypotheses
                    .iter()
                    .any(|h| &h.statistic == s || h.population.as_ref() == Some(s))
            })
            .collect();
        DealTally {
            exp: exp.clone(),
            stats: vec![vec![StatTally::new(); n_stats]; n_arms],
            by_rotation: vec![vec![ByRotation::new(); n_stats]; n_arms],
            paired,
            scratch: Vec::new(),
        }
    }

    fn bad(&self, file: &str, problem: String) -> SummaryError {
        SummaryError::Rows {
            file: file.to_string(),
            problem,
        }
    }

    /// Adds `deals.csv` rows without their header (a batch of a run, in deal order); `file`
    /// names them in errors.
    ///
    /// # Errors
    /// A row a run does not write ([`SummaryError`]).
    pub fn add_rows(&mut self, rows: &[u8], file: &str) -> Result<(), SummaryError> {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(rows);
        let mut rec = csv::StringRecord::new();
        while reader
            .read_record(&mut rec)
            .map_err(|e| self.bad(file, e.to_string()))?
        {
            self.add_record(&rec, file)?;
        }
        Ok(())
    }

    fn add_record(&mut self, rec: &csv::StringRecord, file: &str) -> Result<(), SummaryError> {
        let deal: u64 = rec[0]
            .parse()
            .map_err(|_| self.bad(file, "bad deal number".to_string()))?;
        let arm = self
            .exp
            .arms
            .iter()
            .position(|a| a.name == rec[1])
            .ok_or_else(|| self.bad(file, format!("unknown arm `{}`", &rec[1])))?;
        let rotation: usize = rec[2]
            .parse()
            .map_err(|_| self.bad(file, "bad rotation".to_string()))?;
        let width = self.stats[arm].len();
        if rec.len() != 3 + width {
            return Err(self.bad(
                file,
                format!("{} fields where deals.csv has {}", rec.len(), 3 + width),
            ));
        }
        let mut values = std::mem::take(&mut self.scratch);
        values.clear();
        for s in 0..self.stats[arm].len() {
            let field = &rec[3 + s];
            values.push(if field.is_empty() {
                None
            } else {
                Some(
                    field
                        .parse::<f64>()
                        .map_err(|_| self.bad(file, "bad value".to_string()))?,
                )
            });
        }
        self.add_row(
            DealKey {
                deal,
                arm,
                rotation,
            },
            &values,
        );
        self.scratch = values;
        Ok(())
    }

    /// Adds one `deals.csv` row as numbers: its key and one value per statistic of the
    /// experiment, in order (rows in deal order).
    pub fn add_row(&mut self, key: DealKey, values: &[Option<f64>]) {
        let arm = key.arm;
        for (s, &v) in values.iter().enumerate().take(self.stats[arm].len()) {
            self.stats[arm][s].add(key.deal, v);
            if let Some(v) = v.filter(|_| self.paired[s]) {
                self.by_rotation[arm][s].insert((key.deal, key.rotation as u64), v);
            }
        }
    }

    /// Adds a batch's rows as numbers (the rows of a run as it plays, in deal order).
    pub fn add_deal_rows(&mut self, rows: &DealRows) {
        for (key, values) in rows.iter() {
            self.add_row(key, values);
        }
    }

    /// The summary of every row added.
    ///
    /// # Errors
    /// A statistic `defs` does not define ([`SummaryError::UnknownStatistic`]).
    pub fn finish(mut self, defs: &[StatDef]) -> Result<Summary, SummaryError> {
        for arm in &mut self.stats {
            for stat in arm {
                stat.close_deal();
            }
        }
        let exp = &self.exp;
        let by_rotation = &self.by_rotation;
        let mut arms = Vec::new();
        for (a, arm) in exp.arms.iter().enumerate() {
            for (s, name) in exp.statistics.iter().enumerate() {
                let def = defs
                    .iter()
                    .find(|d| d.name == name)
                    .ok_or_else(|| SummaryError::UnknownStatistic(name.clone()))?;
                let tally = &self.stats[a][s];
                let means = tally.means;
                // Second edition: identical rotations are one game (RULES.md §5.4), so a proportion
                // is the share over deals of each deal's mean over its rotations.
                let once = exp.edition >= 2 && arm.replays_identical_game();
                let n = if once { means.n } else { tally.units };
                let (interval, method) = if def.proportion {
                    let successes = if once { means.sum } else { tally.units_sum };
                    (wilson_share(successes, n, Z95), "wilson")
                } else {
                    (means.t_interval(0.95), "t")
                };
                arms.push(ArmStat {
                    arm: arm.name.clone(),
                    statistic: name.clone(),
                    n,
                    deals: means.n,
                    interval,
                    method,
                });
            }
        }
        let differences = exp
            .hypotheses
            .iter()
            .map(|h| {
                let s = exp
                    .statistics
                    .iter()
                    .position(|x| *x == h.statistic)
                    .expect("checked with the config");
                let population = h.population.as_ref().map(|p| {
                    let k = exp
                        .statistics
                        .iter()
                        .position(|x| x == p)
                        .expect("checked with the config");
                    &by_rotation[h.control][k]
                });
                let (diff_deals, diffs) = paired_differences(h, by_rotation, s, population);
                let mut acc = MeanAcc::default();
                diffs.iter().for_each(|&d| acc.add(d));
                let t = acc.t_interval(0.95);
                let bootstrap = paired_bootstrap(&diffs, 0.95, BOOTSTRAP, exp.seed);
                let v = verdict(bootstrap, h.direction, h.epsilon);
                let tip = exp.arms[h.tip].name.clone();
                let control = exp.arms[h.control].name.clone();
                let m = acc.mean().abs();
                let needed = (v == Verdict::Inconclusive).then(|| {
                    let target = if m > h.epsilon {
                        m
                    } else {
                        (h.epsilon - m).max(1e-9)
                    };
                    needed_deals(acc.sd(), target)
                });
                Difference {
                    name: h
                        .label
                        .clone()
                        .unwrap_or_else(|| format!("{tip} − {control}")),
                    primary: h.primary,
                    tip,
                    control,
                    statistic: h.statistic.clone(),
                    deals: acc.n,
                    t,
                    bootstrap,
                    sd: acc.sd(),
                    direction: h.direction,
                    epsilon: h.epsilon,
                    verdict: v,
                    needed,
                    label: label(bootstrap, h.direction, h.epsilon),
                    sensitivity: sensitivity(bootstrap, h.direction, h.epsilon),
                    p_value: paired_p_value(&acc),
                    diffs,
                    diff_deals,
                }
            })
            .collect();
        let claims = exp
            .claims
            .iter()
            .map(|c| {
                let a = arms
                    .iter()
                    .find(|a| a.arm == exp.arms[c.arm].name && a.statistic == c.statistic)
                    .expect("every arm and statistic is summarised");
                let shifted = Interval {
                    estimate: a.interval.estimate - c.threshold,
                    low: a.interval.low - c.threshold,
                    high: a.interval.high - c.threshold,
                };
                ClaimResult {
                    arm: a.arm.clone(),
                    statistic: c.statistic.clone(),
                    interval: a.interval,
                    threshold: c.threshold,
                    direction: c.direction,
                    epsilon: c.epsilon,
                    verdict: verdict(shifted, c.direction, c.epsilon),
                    label: label(shifted, c.direction, c.epsilon),
                }
            })
            .collect();
        Ok(Summary {
            edition: exp.edition,
            arms,
            differences,
            claims,
        })
    }
}

/// Per (deal, rotation): one arm's defined values of one statistic.
type ByRotation = std::collections::BTreeMap<(u64, u64), f64>;

/// The arms and weights of a hypothesis' contrast: tip − control, combined with a − b as the
/// hypothesis says.
fn contrast(h: &Hypothesis) -> Vec<(usize, f64)> {
    match h.with {
        None => vec![(h.tip, 1.0), (h.control, -1.0)],
        Some((a, b, Combine::Average)) => {
            vec![(h.tip, 0.5), (h.control, -0.5), (a, 0.5), (b, -0.5)]
        }
        Some((a, b, Combine::Interaction)) => {
            vec![(h.tip, 1.0), (h.control, -1.0), (a, -1.0), (b, 1.0)]
        }
    }
}

/// The per-deal contrasts of hypothesis `h` on statistic `s`: for each (deal, rotation) where
/// every arm of the contrast has a value (and, with a population, the control's population
/// statistic is defined), the weighted sum; averaged over the rotations of each deal, in deal
/// order.
fn paired_differences(
    h: &Hypothesis,
    by_rotation: &[Vec<ByRotation>],
    s: usize,
    population: Option<&ByRotation>,
) -> (Vec<u64>, Vec<f64>) {
    let terms = contrast(h);
    let mut deals: Vec<u64> = Vec::new();
    let mut diffs: Vec<f64> = Vec::new();
    let mut current: Option<(u64, f64, u32)> = None;
    for (&key, &first) in &by_rotation[terms[0].0][s] {
        if population.is_some_and(|p| !p.contains_key(&key)) {
            continue;
        }
        let mut value = first * terms[0].1;
        let mut complete = true;
        for &(arm, w) in &terms[1..] {
            match by_rotation[arm][s].get(&key) {
                Some(&v) => value += v * w,
                None => complete = false,
            }
        }
        if !complete {
            continue;
        }
        let deal = key.0;
        match &mut current {
            Some((d, sum, k)) if *d == deal => {
                *sum += value;
                *k += 1;
            }
            _ => {
                if let Some((d, sum, k)) = current {
                    deals.push(d);
                    diffs.push(sum / k as f64);
                }
                current = Some((deal, value, 1));
            }
        }
    }
    if let Some((d, sum, k)) = current {
        deals.push(d);
        diffs.push(sum / k as f64);
    }
    (deals, diffs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::statistics_of;
    use crate::games::catch_the_ten::Setup;
    use crate::stats::{Label, Sign};

    #[test]
    fn a_summary_error_is_one_line_naming_the_file() {
        let exp = config(1);
        let defs = statistics_of::<Setup>(false);
        let rows = b"deal,arm,rotation,ten_saved,points\n0,nobody,0,1,3\n";
        let e = summarise_bytes(&exp, &defs, rows, "deals.csv").unwrap_err();
        assert_eq!(e.to_string(), "deals.csv: unknown arm `nobody`");
        let rows = b"deal,arm,rotation,ten_saved,points\nfirst,tip,0,1,3\n";
        let e = summarise_bytes(&exp, &defs, rows, "deals.csv").unwrap_err();
        assert_eq!(e.to_string(), "deals.csv: bad deal number");
    }

    fn config(edition: u8) -> Experiment {
        let text = format!(
            r#"
name = "dedup"
game = "catch-the-ten"
players = 4
seed = 1
deals = 3
edition = {edition}
statistics = ["ten_saved", "points"]

[[arm]]
name = "tip"
seats = ["rules:save_ten", "rules", "rules:save_ten", "rules"]
subject = [0, 2]

[[arm]]
name = "B0"
seats = "rules"
subject = [0, 2]

[[hypothesis]]
tip = "tip"
control = "B0"
statistic = "points"
direction = "greater"
epsilon = 5.0

[[hypothesis]]
tip = "tip"
control = "B0"
statistic = "points"
direction = "greater"
epsilon = 0.1
population = "ten_saved"
"#
        );
        Experiment::parse("dedup.toml", &text).unwrap()
    }

    /// Three deals, two rotations each: B0 (every seat the same agent) replays one game per
    /// deal, so its rotations must count once.
    const DEALS: &str = "deal,arm,rotation,ten_saved,points\n\
        0,tip,0,1,10\n0,tip,1,0,4\n0,B0,0,1,8\n0,B0,1,1,8\n\
        1,tip,0,1,6\n1,tip,1,1,6\n1,B0,0,0,5\n1,B0,1,0,5\n\
        2,tip,0,0,7\n2,tip,1,,3\n2,B0,0,1,6\n2,B0,1,,6\n";

    fn summary(edition: u8) -> Summary {
        let dir = std::env::temp_dir().join(format!("tricklab-dedup-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("deals-{edition}.csv"));
        std::fs::write(&path, DEALS).unwrap();
        summarise(&config(edition), &statistics_of::<Setup>(false), &path).unwrap()
    }

    #[test]
    fn identical_rotations_count_once_in_the_second_edition() {
        let s = summary(2);
        let arm = |a: &str, st: &str| {
            s.arms
                .iter()
                .find(|x| x.arm == a && x.statistic == st)
                .unwrap()
                .clone()
        };
        // B0: 3 games (not 5 units); the share is over games: (1 + 0 + 1) / 3.
        let b0 = arm("B0", "ten_saved");
        assert_eq!((b0.n, b0.deals), (3, 3));
        assert!((b0.interval.estimate - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(arm("B0", "points").n, 3);
        // The tip arm seats different agents: each rotation is its own game.
        assert_eq!(arm("tip", "ten_saved").n, 5);
        assert_eq!(arm("tip", "points").n, 6);
        // The first edition counted units.
        let first = summary(1);
        let b0 = first
            .arms
            .iter()
            .find(|x| x.arm == "B0" && x.statistic == "ten_saved")
            .unwrap();
        assert_eq!(b0.n, 5);
        assert!((b0.interval.estimate - 0.6).abs() < 1e-12);
    }

    #[test]
    fn contrasts_pair_by_deal_and_rotation_and_the_population_follows_the_control() {
        let s = summary(2);
        // Per deal: mean over rotations of tip − B0 points: (2 − 4)/2, (1 + 1)/2, (1 − 3)/2.
        assert_eq!(s.differences[0].diffs, vec![-1.0, 1.0, -1.0]);
        // A band of 5 points holds everything: negligible, its sign open.
        assert_eq!(s.differences[0].label, Label::Negligible(Sign::Undecided));
        // Only where B0's `ten_saved` is defined: deal 2 keeps rotation 0 only (7 − 6).
        assert_eq!(s.differences[1].diffs, vec![-1.0, 1.0, 1.0]);
        assert_eq!(s.differences[1].deals, 3);
        assert!(s.differences[0].p_value > 0.3);
    }

    #[test]
    fn a_tally_fed_in_batches_summarises_as_the_whole_file_does() {
        for edition in [1, 2] {
            let exp = config(edition);
            let defs = statistics_of::<Setup>(false);
            let whole = summarise_bytes(&exp, &defs, DEALS.as_bytes(), "deals.csv").unwrap();
            let rows: Vec<&str> = DEALS.lines().skip(1).collect();
            // Batches that split a deal's rotations and arms between them.
            for cut in [1, 3, 5, 11] {
                let mut tally = DealTally::new(&exp);
                for part in [&rows[..cut], &rows[cut..]] {
                    let text: String = part.iter().map(|r| format!("{r}\n")).collect();
                    tally.add_rows(text.as_bytes(), "deals").unwrap();
                }
                // Debug text, so that a NaN compares equal to itself.
                assert_eq!(
                    format!("{:?}", tally.finish(&defs).unwrap()),
                    format!("{whole:?}"),
                    "edition {edition}, cut {cut}"
                );
            }
        }
        let mut tally = DealTally::new(&config(1));
        let e = tally.add_rows(b"0,tip,zero,1,3\n", "deals").unwrap_err();
        assert_eq!(e.to_string(), "deals: bad rotation");
    }

    #[test]
    fn interaction_and_average_contrasts() {
        let mut h = config(2).hypotheses[0].clone();
        h.with = Some((0, 1, Combine::Interaction));
        assert_eq!(contrast(&h), vec![(0, 1.0), (1, -1.0), (0, -1.0), (1, 1.0)]);
        h.with = Some((0, 1, Combine::Average));
        assert_eq!(contrast(&h), vec![(0, 0.5), (1, -0.5), (0, 0.5), (1, -0.5)]);
    }
}
