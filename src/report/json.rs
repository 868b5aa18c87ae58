//! A run's summary as one JSON object (`tricklab run … --json`), with field names documented in
//! `docs/csv.md` and kept stable: fields may be added, none renamed or removed.

use std::path::Path;

use serde::Serialize;

use super::results::Summary;

use super::tables::{claim_id, hypothesis_id, shown_verdict};

/// The `format` field: the name and version of the object's shape.
pub const SUMMARY_FORMAT: &str = "tricklab-summary/1";

/// The whole object.
#[derive(Serialize)]
struct SummaryJson<'a> {
    format: &'static str,
    experiment: &'a str,
    results: String,
    edition: u8,
    arms: Vec<ArmJson<'a>>,
    hypotheses: Vec<HypothesisJson<'a>>,
    claims: Vec<ClaimJson<'a>>,
    /// The hands external bots forfeited (rows of `faults.csv`); absent when the run seats no
    /// bot that may forfeit.
    #[serde(skip_serializing_if = "Option::is_none")]
    forfeited_hands: Option<u64>,
}

/// One arm's estimate of one statistic (a row of `summary.csv`).
#[derive(Serialize)]
struct ArmJson<'a> {
    arm: &'a str,
    statistic: &'a str,
    n: u64,
    deals: u64,
    estimate: f64,
    low: f64,
    high: f64,
    method: &'a str,
}

/// A 95% interval of a difference.
#[derive(Serialize)]
struct Bounds {
    low: f64,
    high: f64,
}

/// One hypothesis: the paired difference and what it says.
#[derive(Serialize)]
struct HypothesisJson<'a> {
    hypothesis: String,
    name: &'a str,
    primary: bool,
    tip: &'a str,
    control: &'a str,
    statistic: &'a str,
    direction: &'static str,
    band: f64,
    deals: u64,
    estimate: f64,
    bootstrap: Bounds,
    t: Bounds,
    sd: f64,
    p_value: f64,
    verdict: String,
    label: String,
    label_half_band: String,
    label_double_band: String,
    needed_deals: Option<u64>,
}

/// One claim about an arm against a threshold.
#[derive(Serialize)]
struct ClaimJson<'a> {
    claim: String,
    arm: &'a str,
    statistic: &'a str,
    threshold: f64,
    direction: &'static str,
    band: f64,
    estimate: f64,
    low: f64,
    high: f64,
    verdict: String,
    label: String,
}

fn direction(d: crate::stats::Direction) -> &'static str {
    match d {
        crate::stats::Direction::Greater => "greater",
        crate::stats::Direction::Less => "less",
    }
}

/// The summary `s` of the experiment `experiment`, whose files are in `results`, as one line of
/// JSON (with a final newline). Numbers are written in full (not rounded as in `summary.csv`);
/// a value that is not a number (no data) is `null`.
///
/// `forfeited_hands` (the rows of the run's `faults.csv`) is written only when given.
pub fn summary_json(
    experiment: &str,
    results: &Path,
    s: &Summary,
    forfeited_hands: Option<u64>,
) -> String {
    let object = SummaryJson {
        format: SUMMARY_FORMAT,
        experiment,
        results: results.display().to_string(),
        edition: s.edition,
        arms: s
            .arms
            .iter()
            .map(|a| ArmJson {
                arm: &a.arm,
                statistic: &a.statistic,
                n: a.n,
                deals: a.deals,
                estimate: a.interval.estimate,
                low: a.interval.low,
                high: a.interval.high,
                method: a.method,
            })
            .collect(),
        hypotheses: s
            .differences
            .iter()
            .enumerate()
            .map(|(k, d)| HypothesisJson {
                hypothesis: hypothesis_id(k),
                name: &d.name,
                primary: d.primary,
                tip: &d.tip,
                control: &d.control,
                statistic: &d.statistic,
                direction: direction(d.direction),
                band: d.epsilon,
                deals: d.deals,
                estimate: d.bootstrap.estimate,
                bootstrap: Bounds {
                    low: d.bootstrap.low,
                    high: d.bootstrap.high,
                },
                t: Bounds {
                    low: d.t.low,
                    high: d.t.high,
                },
                sd: d.sd,
                p_value: d.p_value,
                verdict: shown_verdict(s.edition, d.verdict, d.label),
                label: d.label.to_string(),
                label_half_band: d.sensitivity.half.to_string(),
                label_double_band: d.sensitivity.double.to_string(),
                needed_deals: d.needed,
            })
            .collect(),
        claims: s
            .claims
            .iter()
            .enumerate()
            .map(|(k, c)| ClaimJson {
                claim: claim_id(k),
                arm: &c.arm,
                statistic: &c.statistic,
                threshold: c.threshold,
                direction: direction(c.direction),
                band: c.epsilon,
                estimate: c.interval.estimate,
                low: c.interval.low,
                high: c.interval.high,
                verdict: shown_verdict(s.edition, c.verdict, c.label),
                label: c.label.to_string(),
            })
            .collect(),
        forfeited_hands,
    };
    let mut line = serde_json::to_string(&object).expect("a summary serialises");
    line.push('\n');
    line
}
