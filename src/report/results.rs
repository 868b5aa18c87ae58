//! The results of experiments as reports show them: each arm's estimates, the paired
//! differences of hypotheses, claims, and the rows of a pre-registered family. The experiment
//! module computes them; the writers here and in the other report files only read them, so
//! `report` depends on nothing above it.

use serde::Serialize;

use crate::games::GameKind;
use crate::stats::{Direction, Interval, Label, Sensitivity, Verdict};

/// What a summary's heading says about the experiment it summarises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heading {
    /// The experiment's name.
    pub name: String,
    /// The game.
    pub game: GameKind,
    /// The player count.
    pub players: usize,
    /// The seed.
    pub seed: u64,
    /// Deals (or matches).
    pub deals: u64,
    /// Whole matches rather than single hands.
    pub matches: bool,
    /// Each deal replayed with the arms rotated.
    pub duplicate: bool,
    /// The opponent field (second edition).
    pub field: Option<String>,
    /// The pre-registered family (second edition).
    pub family: Option<String>,
}

/// One arm's estimate of one statistic.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArmStat {
    /// The arm.
    pub arm: String,
    /// The statistic.
    pub statistic: String,
    /// Units measured: deal × rotation pairs in the statistic's population; in a second-edition
    /// summary, independent games (identical rotations count once, RULES.md §5.4).
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
    /// The name in reports: the config's `label`, else `tip − control`.
    pub name: String,
    /// A member of the pre-registered family.
    pub primary: bool,
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
    /// The second edition's label (RULES.md §5.4) of the bootstrap interval.
    pub label: Label,
    /// The label at ε/2, ε and 2ε.
    pub sensitivity: Sensitivity,
    /// The raw two-sided p-value of the paired t test of no difference.
    pub p_value: f64,
    /// The per-deal differences (for the histogram).
    #[serde(skip)]
    pub diffs: Vec<f64>,
    /// The deal (match, for match statistics) of each of `diffs`, ascending: the key that pairs
    /// the same deals across fields played from one seed.
    #[serde(skip)]
    pub diff_deals: Vec<u64>,
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
    /// The second edition's label.
    pub label: Label,
}

/// Everything a run's summary says.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The config's edition: 1 (RULES.md §5.0), 2 (§5.4) or 3 (§5.5, reported as 2), which
    /// decides what reports show.
    pub edition: u8,
    /// One entry per arm and statistic.
    pub arms: Vec<ArmStat>,
    /// One paired comparison per hypothesis of the config.
    pub differences: Vec<Difference>,
    /// One verdict per claim of the config.
    pub claims: Vec<ClaimResult>,
}

/// A family member with its raw and Holm-adjusted figures.
#[derive(Clone, Debug, Serialize)]
pub struct FamilyRow {
    /// The config's name.
    pub experiment: String,
    /// The opponent field.
    pub field: Option<String>,
    /// The hypothesis' name.
    pub name: String,
    /// The statistic.
    pub statistic: String,
    /// The predicted sign.
    pub direction: Direction,
    /// The equivalence band.
    pub epsilon: f64,
    /// Deals with a paired difference (0 when not run).
    pub deals: u64,
    /// Deals (or matches) the run played (0 when not run).
    pub played: u64,
    /// Deals (or matches) the config plans.
    pub planned: u64,
    /// The raw 95% paired-bootstrap interval, when run.
    pub raw: Option<Interval>,
    /// The label of the raw interval.
    pub raw_label: Option<Label>,
    /// The raw two-sided p-value (1 when not run).
    pub p_raw: f64,
    /// Holm's adjusted p-value.
    pub p_adjusted: f64,
    /// The level α / (m − k) Holm tests this member at.
    pub level: f64,
    /// The t interval at confidence 1 − `level`, when run.
    pub adjusted: Option<Interval>,
    /// The label of the adjusted interval.
    pub adjusted_label: Option<Label>,
}

/// One primary hypothesis of a family, with its result if its run is complete.
#[derive(Clone, Debug)]
pub struct FamilyMember {
    /// The config's name.
    pub experiment: String,
    /// The opponent field.
    pub field: Option<String>,
    /// The config's deal seed: members of one tip in different fields pair deal by deal only
    /// when they share it.
    pub seed: u64,
    /// The hypothesis' name in reports.
    pub name: String,
    /// The statistic.
    pub statistic: String,
    /// The predicted sign.
    pub direction: Direction,
    /// The equivalence band.
    pub epsilon: f64,
    /// A member of the pre-registered family (the config marks it `primary`); the others are
    /// reported unadjusted, beside the family.
    pub primary: bool,
    /// Deals (or matches) the run played: fewer than `planned` for a shard of the config.
    pub played: u64,
    /// Deals (or matches) the config plans.
    pub planned: u64,
    /// The paired comparison, or `None` when the run is missing.
    pub result: Option<Difference>,
}
