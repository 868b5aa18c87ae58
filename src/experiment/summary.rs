//! Summaries of a finished run, computed from its `deals.csv` (so that a fresh run, a resumed
//! run and merged shards all summarise the same way).

use std::path::Path;

use serde::Serialize;

use crate::stats::{
    Direction, Interval, MeanAcc, Verdict, Z95, needed_deals, paired_bootstrap, verdict,
    wilson_share,
};

use super::config::Experiment;
use super::measure::StatDef;

/// One arm's estimate of one statistic.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArmStat {
    /// The arm.
    pub arm: String,
    /// The statistic.
    pub statistic: String,
    /// Units measured: deal × rotation pairs in the statistic's population.
    pub n: u64,
    /// Deals with at least one unit.
    pub deals: u64,
    /// The estimate and its 95% interval.
    pub interval: Interval,
    /// `wilson` for proportions, `t` for means (over deals).
    pub method: &'static str,
}

/// The paired comparison of a hypothesis.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Difference {
    /// The tip arm.
    pub tip: String,
    /// The control arm.
    pub control: String,
    /// The statistic.
    pub statistic: String,
    /// Deals in the population (with a paired difference).
    pub deals: u64,
    /// The mean paired difference with a t interval.
    pub t: Interval,
    /// The mean paired difference with a paired-bootstrap interval (the verdict uses this one).
    pub bootstrap: Interval,
    /// The standard deviation of the per-deal differences.
    pub sd: f64,
    /// The predicted sign.
    pub direction: Direction,
    /// The equivalence band.
    pub epsilon: f64,
    /// The verdict.
    pub verdict: Verdict,
    /// When inconclusive: about how many deals a decision would need.
    pub needed: Option<u64>,
    /// The per-deal differences (for the histogram).
    #[serde(skip)]
    pub diffs: Vec<f64>,
}

/// The verdict on a claim about one arm.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClaimResult {
    /// The arm.
    pub arm: String,
    /// The statistic.
    pub statistic: String,
    /// The arm's estimate and 95% interval.
    pub interval: Interval,
    /// The threshold.
    pub threshold: f64,
    /// The predicted side of the threshold.
    pub direction: Direction,
    /// The band around the threshold.
    pub epsilon: f64,
    /// The verdict.
    pub verdict: Verdict,
}

/// Everything a run's summary says.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// One entry per arm and statistic.
    pub arms: Vec<ArmStat>,
    /// One paired comparison per hypothesis of the config.
    pub differences: Vec<Difference>,
    /// One verdict per claim of the config.
    pub claims: Vec<ClaimResult>,
}

/// For one arm and statistic: each deal with the values of its rotations (`None` outside the
/// statistic's population).
type PerDeal = Vec<(u64, Vec<Option<f64>>)>;

/// Bootstrap resamples for the paired interval.
pub const BOOTSTRAP: usize = 2000;

/// Reads `deals.csv` and summarises it.
pub fn summarise(exp: &Experiment, defs: &[StatDef], deals_csv: &Path) -> Result<Summary, String> {
    let mut reader =
        csv::Reader::from_path(deals_csv).map_err(|e| format!("{}: {e}", deals_csv.display()))?;
    let n_stats = exp.statistics.len();
    // values[arm][stat] = per deal, the defined values over rotations.
    let n_arms = exp.arms.len();
    let mut per_deal: Vec<Vec<PerDeal>> = vec![vec![Vec::new(); n_stats]; n_arms];
    let mut by_rotation: Vec<Vec<std::collections::BTreeMap<(u64, u64), f64>>> =
        vec![vec![Default::default(); n_stats]; n_arms];
    for rec in reader.records() {
        let rec = rec.map_err(|e| format!("{}: {e}", deals_csv.display()))?;
        let deal: u64 = rec[0].parse().map_err(|_| "bad deal number".to_string())?;
        let arm = exp
            .arms
            .iter()
            .position(|a| a.name == rec[1])
            .ok_or_else(|| format!("unknown arm `{}` in {}", &rec[1], deals_csv.display()))?;
        let rot: u64 = rec[2].parse().map_err(|_| "bad rotation".to_string())?;
        for s in 0..n_stats {
            let v = if rec[3 + s].is_empty() {
                None
            } else {
                Some(
                    rec[3 + s]
                        .parse::<f64>()
                        .map_err(|_| "bad value".to_string())?,
                )
            };
            let list = &mut per_deal[arm][s];
            if list.last().map(|x| x.0) != Some(deal) {
                list.push((deal, Vec::new()));
            }
            list.last_mut().expect("pushed").1.push(v);
            if let Some(v) = v {
                by_rotation[arm][s].insert((deal, rot), v);
            }
        }
    }
    let mut arms = Vec::new();
    for (a, arm) in exp.arms.iter().enumerate() {
        for (s, name) in exp.statistics.iter().enumerate() {
            let def = defs
                .iter()
                .find(|d| d.name == name)
                .ok_or_else(|| format!("unknown statistic {name}"))?;
            let units: Vec<f64> = per_deal[a][s]
                .iter()
                .flat_map(|(_, v)| v.iter().flatten().copied())
                .collect();
            let mut means = MeanAcc::default();
            for (_, v) in &per_deal[a][s] {
                let d: Vec<f64> = v.iter().flatten().copied().collect();
                if !d.is_empty() {
                    means.add(d.iter().sum::<f64>() / d.len() as f64);
                }
            }
            let (interval, method) = if def.proportion {
                (
                    wilson_share(units.iter().sum(), units.len() as u64, Z95),
                    "wilson",
                )
            } else {
                (means.t_interval(0.95), "t")
            };
            arms.push(ArmStat {
                arm: arm.name.clone(),
                statistic: name.clone(),
                n: units.len() as u64,
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
            let (tip, control) = (&by_rotation[h.tip][s], &by_rotation[h.control][s]);
            let mut diffs: Vec<f64> = Vec::new();
            let mut current: Option<(u64, f64, u32)> = None;
            for (&(deal, rot), &t) in tip {
                if let Some(&c) = control.get(&(deal, rot)) {
                    match &mut current {
                        Some((d, sum, k)) if *d == deal => {
                            *sum += t - c;
                            *k += 1;
                        }
                        _ => {
                            if let Some((_, sum, k)) = current {
                                diffs.push(sum / k as f64);
                            }
                            current = Some((deal, t - c, 1));
                        }
                    }
                }
            }
            if let Some((_, sum, k)) = current {
                diffs.push(sum / k as f64);
            }
            let mut acc = MeanAcc::default();
            diffs.iter().for_each(|&d| acc.add(d));
            let t = acc.t_interval(0.95);
            let bootstrap = paired_bootstrap(&diffs, 0.95, BOOTSTRAP, exp.seed);
            let v = verdict(bootstrap, h.direction, h.epsilon);
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
                tip: exp.arms[h.tip].name.clone(),
                control: exp.arms[h.control].name.clone(),
                statistic: h.statistic.clone(),
                deals: acc.n,
                t,
                bootstrap,
                sd: acc.sd(),
                direction: h.direction,
                epsilon: h.epsilon,
                verdict: v,
                needed,
                diffs,
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
            }
        })
        .collect();
    Ok(Summary {
        arms,
        differences,
        claims,
    })
}
