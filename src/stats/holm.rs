//! Holm's step-down correction for a family of tests (RULES.md §5.4), and the p-value and
//! interval a paired mean difference contributes to it.

use super::{MeanAcc, t_cdf};

/// Holm-adjusted p-values, in the order of `raw`: sort the m raw p-values ascending, multiply
/// the k-th smallest (k = 0, 1, …) by m − k, carry the running maximum forward so that the
/// adjusted values keep the raw order, and cap at 1. A hypothesis is rejected at level α
/// exactly when its adjusted p-value is at most α.
pub fn holm(raw: &[f64]) -> Vec<f64> {
    let m = raw.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| raw[a].total_cmp(&raw[b]).then(a.cmp(&b)));
    let mut adjusted = vec![0.0; m];
    let mut running = 0.0f64;
    for (k, &i) in order.iter().enumerate() {
        running = running.max(((m - k) as f64 * raw[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// For each test of the family (in the order of `raw`), the level α / (m − k) Holm compares
/// its raw p-value with, k being its rank among the raw p-values (0 for the smallest). An
/// interval at confidence 1 − that level is the "adjusted interval" the reports show: it
/// excludes 0 when the test's own Holm step rejects (the step-down's stopping rule aside,
/// which the adjusted p-value accounts for).
pub fn holm_levels(raw: &[f64], alpha: f64) -> Vec<f64> {
    let m = raw.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| raw[a].total_cmp(&raw[b]).then(a.cmp(&b)));
    let mut levels = vec![0.0; m];
    for (k, &i) in order.iter().enumerate() {
        levels[i] = alpha / (m - k) as f64;
    }
    levels
}

/// The two-sided p-value of the paired t test that the mean of `acc` is 0. With fewer than two
/// observations, or no spread, it is 1 for a mean of 0 and 0 otherwise.
pub fn paired_p_value(acc: &MeanAcc) -> f64 {
    let sd = acc.sd();
    if acc.n < 2 || sd == 0.0 || !sd.is_finite() {
        return if acc.mean() == 0.0 { 1.0 } else { 0.0 };
    }
    let t = acc.mean() / (sd / (acc.n as f64).sqrt());
    (2.0 * (1.0 - t_cdf(t.abs(), (acc.n - 1) as f64))).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: &[f64], b: &[f64]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12)
    }

    #[test]
    fn textbook_example() {
        // The example of Holm's method on Wikipedia ("Holm–Bonferroni method"): four tests
        // with raw p 0.01, 0.04, 0.03, 0.005 at α = 0.05. Sorted 0.005, 0.01, 0.03, 0.04 are
        // compared with 0.05/4, 0.05/3, 0.05/2, 0.05/1: the first two are rejected, then
        // 0.03 > 0.025 stops the procedure, so H3 and H2 stand although 0.04 < 0.05.
        let raw = [0.01, 0.04, 0.03, 0.005];
        let adj = holm(&raw);
        // 4·0.005 = 0.02; 3·0.01 = 0.03; 2·0.03 = 0.06; max(1·0.04, 0.06) = 0.06.
        assert!(close(&adj, &[0.03, 0.06, 0.06, 0.02]), "{adj:?}");
        let rejected: Vec<bool> = adj.iter().map(|&p| p <= 0.05).collect();
        assert_eq!(rejected, [true, false, false, true]);
        let levels = holm_levels(&raw, 0.05);
        assert!(close(&levels, &[0.05 / 3.0, 0.05, 0.05 / 2.0, 0.05 / 4.0]));
    }

    #[test]
    fn a_family_of_one_is_uncorrected_and_adjusted_values_cap_at_one() {
        assert_eq!(holm(&[0.2]), vec![0.2]);
        assert_eq!(holm(&[0.6, 0.7, 0.9]), vec![1.0, 1.0, 1.0]);
        assert!(holm(&[]).is_empty());
    }

    #[test]
    fn p_value_matches_the_t_interval() {
        let mut acc = MeanAcc::default();
        for x in [0.3, 0.1, 0.4, 0.2, 0.5, -0.1, 0.3, 0.2] {
            acc.add(x);
        }
        let p = paired_p_value(&acc);
        // The interval at confidence 1 − p just touches 0.
        let i = acc.t_interval(1.0 - p);
        assert!(i.low.abs() < 1e-6, "{i:?} p {p}");
        assert!(p > 0.0 && p < 0.05);
    }
}
