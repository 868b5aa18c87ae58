//! Intervals for observations that come in clusters (positions of one self-play game): the
//! cluster-robust (CR1) standard error of a mean, so that several positions of one game count
//! as the correlated observations they are rather than as independent ones.

use super::interval::{Interval, t_quantile};

/// The mean of `obs` (cluster, value; clusters in any order, values of one cluster need not be
/// adjacent) with a 95% interval from the cluster-robust standard error: with G clusters of
/// sums `y_g` over `n_g` observations and mean `m = Σy / Σn`,
/// `se² = G/(G−1) · Σ (y_g − m·n_g)² / (Σn)²`, and the interval is `m ± t(G−1) · se`.
/// With every observation its own cluster this is the usual t interval with n−1 degrees of
/// freedom. Fewer than two clusters give an unbounded interval.
pub fn clustered_mean(obs: &[(u64, f64)]) -> Interval {
    let mut clusters: Vec<(u64, f64, f64)> = Vec::new();
    let mut sorted: Vec<(u64, f64)> = obs.to_vec();
    sorted.sort_by_key(|o| o.0);
    for (c, v) in sorted {
        match clusters.last_mut() {
            Some(last) if last.0 == c => {
                last.1 += v;
                last.2 += 1.0;
            }
            _ => clusters.push((c, v, 1.0)),
        }
    }
    let n: f64 = clusters.iter().map(|c| c.2).sum();
    let sum: f64 = clusters.iter().map(|c| c.1).sum();
    let mean = if n > 0.0 { sum / n } else { f64::NAN };
    let g = clusters.len() as f64;
    if clusters.len() < 2 {
        return Interval {
            estimate: mean,
            low: f64::NEG_INFINITY,
            high: f64::INFINITY,
        };
    }
    let ss: f64 = clusters
        .iter()
        .map(|&(_, y, k)| (y - mean * k).powi(2))
        .sum();
    let se = (g / (g - 1.0) * ss).sqrt() / n;
    let half = t_quantile(0.975, g - 1.0) * se;
    Interval {
        estimate: mean,
        low: mean - half,
        high: mean + half,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::MeanAcc;

    #[test]
    fn one_observation_a_cluster_is_the_t_interval() {
        let xs = [0.3, 0.9, 0.1, 0.5, 0.7, 0.2, 0.8];
        let obs: Vec<(u64, f64)> = xs.iter().enumerate().map(|(i, &x)| (i as u64, x)).collect();
        let mut acc = MeanAcc::default();
        xs.iter().for_each(|&x| acc.add(x));
        let (c, t) = (clustered_mean(&obs), acc.t_interval(0.95));
        assert!((c.estimate - t.estimate).abs() < 1e-12);
        assert!(
            (c.low - t.low).abs() < 1e-9 && (c.high - t.high).abs() < 1e-9,
            "{c:?} {t:?}"
        );
    }

    #[test]
    fn copies_within_a_game_do_not_narrow_the_interval() {
        // Each game's position repeated four times: as independent observations the interval
        // would shrink by half; clustered by game it stays that of the games.
        let xs = [1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0];
        let once: Vec<(u64, f64)> = xs.iter().enumerate().map(|(g, &x)| (g as u64, x)).collect();
        let four: Vec<(u64, f64)> = (0..4).flat_map(|_| once.iter().copied()).collect();
        let (a, b) = (clustered_mean(&once), clustered_mean(&four));
        assert!((a.estimate - b.estimate).abs() < 1e-12);
        assert!(
            (a.half_width() - b.half_width()).abs() < 1e-9,
            "{a:?} {b:?}"
        );
        let mut acc = MeanAcc::default();
        four.iter().for_each(|o| acc.add(o.1));
        assert!(acc.t_interval(0.95).half_width() < 0.6 * b.half_width());
    }

    #[test]
    fn one_game_is_no_interval() {
        let c = clustered_mean(&[(3, 1.0), (3, 0.0)]);
        assert_eq!(c.estimate, 0.5);
        assert!(c.low.is_infinite() && c.high.is_infinite());
    }
}
