//! The paired bootstrap for a mean difference.

use crate::rng::{Purpose, below, stream};

use super::Interval;

/// The percentile bootstrap interval at `level` for the mean of the paired differences
/// `diffs`, from `resamples` resamples drawn with the stream of `seed` (reproducible).
pub fn paired_bootstrap(diffs: &[f64], level: f64, resamples: usize, seed: u64) -> Interval {
    let n = diffs.len();
    let mean = diffs.iter().sum::<f64>() / n.max(1) as f64;
    if n < 2 || resamples == 0 {
        return Interval {
            estimate: mean,
            low: f64::NEG_INFINITY,
            high: f64::INFINITY,
        };
    }
    let mut rng = stream(seed, 0, Purpose::Other, 0xB007);
    let mut means: Vec<f64> = (0..resamples)
        .map(|_| {
            (0..n)
                .map(|_| diffs[below(&mut rng, n as u32) as usize])
                .sum::<f64>()
                / n as f64
        })
        .collect();
    means.sort_by(f64::total_cmp);
    let tail = (1.0 - level) / 2.0;
    let at = |q: f64| means[((q * resamples as f64).floor() as usize).min(resamples - 1)];
    Interval {
        estimate: mean,
        low: at(tail),
        high: at(1.0 - tail),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bootstrap_brackets_the_mean_like_the_t_interval() {
        let diffs: Vec<f64> = (0..2000)
            .map(|i| ((i * 7919) % 101) as f64 / 10.0 - 4.5)
            .collect();
        let b = paired_bootstrap(&diffs, 0.95, 2000, 1);
        let mut acc = crate::stats::MeanAcc::default();
        diffs.iter().for_each(|&d| acc.add(d));
        let t = acc.t_interval(0.95);
        assert!(b.low < b.estimate && b.estimate < b.high);
        assert!(
            (b.low - t.low).abs() < 0.05 && (b.high - t.high).abs() < 0.05,
            "{b:?} {t:?}"
        );
        assert_eq!(b, paired_bootstrap(&diffs, 0.95, 2000, 1), "reproducible");
    }
}
