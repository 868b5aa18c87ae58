//! Field × tip interactions (RULES.md §5.5, "Fields and n"): a tip "flips" or "holds only in"
//! a field only when the difference of its contrast between two fields has an interval that
//! excludes 0.
//!
//! The fields of a tip are played from one deal seed, so deal `d` is the same deal in each of
//! them; the interaction pairs the per-deal contrasts on the deals both runs played (the B0
//! field's first 2,000 deals are the ladder and mixed fields' 2,000) and takes the paired
//! bootstrap of their difference, as a hypothesis' own interval is taken.

use crate::report::FamilyMember;
use crate::stats::{Interval, paired_bootstrap};

use super::summary::BOOTSTRAP;

/// The interaction of one hypothesis between two fields: `first`'s contrast − `second`'s, on
/// the deals both played.
#[derive(Clone, Debug, PartialEq)]
pub struct Interaction {
    /// The hypothesis' name in reports (the same in both fields).
    pub name: String,
    /// The statistic.
    pub statistic: String,
    /// The first field and its config.
    pub first: (String, String),
    /// The second field and its config.
    pub second: (String, String),
    /// Deals (matches) with a paired contrast in both fields.
    pub deals: u64,
    /// The mean difference of the per-deal contrasts with its 95% paired-bootstrap interval
    /// (unadjusted for multiplicity), or `None` below two common deals.
    pub interval: Option<Interval>,
}

impl Interaction {
    /// Whether the interval excludes 0: the only ground for saying the tip's effect differs
    /// between the two fields.
    pub fn excludes_zero(&self) -> bool {
        self.interval.is_some_and(|i| i.low > 0.0 || i.high < 0.0)
    }
}

/// The differences `a − b` of two per-deal contrast series (each with its ascending deal keys),
/// on the deals both have.
pub fn common_differences(a: (&[u64], &[f64]), b: (&[u64], &[f64])) -> Vec<f64> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < a.0.len() && j < b.0.len() {
        match a.0[i].cmp(&b.0[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                out.push(a.1[i] - b.1[j]);
                i += 1;
                j += 1;
            }
        }
    }
    out
}

/// Every field × tip interaction among `members`: for each hypothesis (name and statistic) run
/// in two or more fields from the same seed, one row per pair of fields, in the order the
/// fields first appear. Members without a field, without a result, or from another seed are
/// left out (their deals are not the same deals).
pub fn field_interactions(members: &[FamilyMember]) -> Vec<Interaction> {
    let run: Vec<&FamilyMember> = members
        .iter()
        .filter(|m| m.field.is_some() && m.result.is_some())
        .collect();
    let mut out = Vec::new();
    for (k, a) in run.iter().enumerate() {
        for b in &run[k + 1..] {
            if a.name != b.name
                || a.statistic != b.statistic
                || a.seed != b.seed
                || a.field == b.field
            {
                continue;
            }
            let (ra, rb) = (a.result.as_ref().unwrap(), b.result.as_ref().unwrap());
            let diffs =
                common_differences((&ra.diff_deals, &ra.diffs), (&rb.diff_deals, &rb.diffs));
            out.push(Interaction {
                name: a.name.clone(),
                statistic: a.statistic.clone(),
                first: (a.field.clone().unwrap(), a.experiment.clone()),
                second: (b.field.clone().unwrap(), b.experiment.clone()),
                deals: diffs.len() as u64,
                interval: (diffs.len() >= 2)
                    .then(|| paired_bootstrap(&diffs, 0.95, BOOTSTRAP, a.seed)),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Difference;
    use crate::stats::{Direction, MeanAcc, label, sensitivity, verdict};

    fn member(field: &str, seed: u64, deals: Vec<u64>, diffs: Vec<f64>) -> FamilyMember {
        let mut acc = MeanAcc::default();
        diffs.iter().for_each(|&x| acc.add(x));
        let t = acc.t_interval(0.95);
        FamilyMember {
            experiment: format!("tip-{field}"),
            field: Some(field.into()),
            seed,
            name: "tip − B0".into(),
            statistic: "tricks".into(),
            direction: Direction::Greater,
            epsilon: 0.05,
            primary: true,
            played: diffs.len() as u64,
            planned: diffs.len() as u64,
            result: Some(Difference {
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
                verdict: verdict(t, Direction::Greater, 0.05),
                needed: None,
                label: label(t, Direction::Greater, 0.05),
                sensitivity: sensitivity(t, Direction::Greater, 0.05),
                p_value: 0.5,
                diffs,
                diff_deals: deals,
            }),
        }
    }

    /// A deterministic ±1 noise of deal `d`.
    fn noise(d: u64) -> f64 {
        if (d.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 63) == 1 {
            1.0
        } else {
            -1.0
        }
    }

    #[test]
    fn pairs_by_deal_not_by_position() {
        let d = common_differences(
            (&[0, 2, 3, 7], &[1.0, 2.0, 3.0, 4.0]),
            (&[2, 3, 5, 7], &[10.0, 20.0, 30.0, 40.0]),
        );
        assert_eq!(d, vec![2.0 - 10.0, 3.0 - 20.0, 4.0 - 40.0]);
    }

    #[test]
    fn a_real_difference_between_fields_excludes_zero_and_none_does_not() {
        let deals: Vec<u64> = (0..2000).collect();
        let strong = member(
            "ladder",
            7,
            deals.clone(),
            deals.iter().map(|&d| 1.0 + noise(d)).collect(),
        );
        let b0_deals: Vec<u64> = (0..20_000).collect();
        let b0 = member(
            "b0",
            7,
            b0_deals.clone(),
            b0_deals
                .iter()
                .map(|&d| noise(d.wrapping_add(99)))
                .collect(),
        );
        let rows = field_interactions(&[b0.clone(), strong]);
        assert_eq!(rows.len(), 1);
        let r = &rows[0];
        assert_eq!(r.deals, 2000, "only the deals both fields played");
        assert_eq!((r.first.0.as_str(), r.second.0.as_str()), ("b0", "ladder"));
        let i = r.interval.unwrap();
        assert!(i.high < 0.0 && (i.estimate + 1.0).abs() < 0.15, "{i:?}");
        assert!(r.excludes_zero());

        let same = member(
            "mixed",
            7,
            deals.clone(),
            deals.iter().map(|&d| noise(d.wrapping_add(5))).collect(),
        );
        let rows = field_interactions(&[b0, same]);
        let i = rows[0].interval.unwrap();
        assert!(i.low < 0.0 && i.high > 0.0, "{i:?}");
        assert!(!rows[0].excludes_zero());
    }

    #[test]
    fn another_seed_or_another_hypothesis_is_not_paired() {
        let deals: Vec<u64> = (0..100).collect();
        let a = member(
            "b0",
            1,
            deals.clone(),
            deals.iter().map(|&d| noise(d)).collect(),
        );
        let b = member(
            "ladder",
            2,
            deals.clone(),
            deals.iter().map(|&d| noise(d)).collect(),
        );
        assert!(field_interactions(&[a.clone(), b]).is_empty());
        let mut c = member(
            "ladder",
            1,
            deals.clone(),
            deals.iter().map(|&d| noise(d)).collect(),
        );
        c.name = "other − B0".into();
        assert!(field_interactions(&[a.clone(), c]).is_empty());
        let mut unrun = member("mixed", 1, deals, vec![]);
        unrun.result = None;
        assert!(field_interactions(&[a, unrun]).is_empty());
    }
}
