//! Statistics: intervals for proportions and means.

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// An estimate with a confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// The point estimate.
    pub estimate: f64,
    /// The lower bound.
    pub low: f64,
    /// The upper bound.
    pub high: f64,
}

impl Interval {
    /// Half the interval's width.
    pub fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// The Wilson score interval for `successes` out of `n` at normal quantile `z` (1.96 for 95%).
/// With `n = 0` the interval is `[0, 1]` around 0.
///
/// ```
/// use tricklab::stats::{wilson, Z95};
/// let i = wilson(81, 263, Z95);
/// assert!((i.low - 0.2553).abs() < 1e-4 && (i.high - 0.3662).abs() < 1e-4);
/// ```
pub fn wilson(successes: u64, n: u64, z: f64) -> Interval {
    if n == 0 {
        return Interval {
            estimate: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let nf = n as f64;
    let p = successes as f64 / nf;
    let z2 = z * z;
    let denom = 1.0 + z2 / nf;
    let centre = (p + z2 / (2.0 * nf)) / denom;
    let half = z * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt() / denom;
    Interval {
        estimate: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// Running sums for a mean and its normal-approximation interval.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MeanAcc {
    /// Observations.
    pub n: u64,
    /// Sum of observations.
    pub sum: f64,
    /// Sum of squares.
    pub sum_sq: f64,
}

impl MeanAcc {
    /// Adds one observation.
    #[inline]
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.sum_sq += x * x;
    }

    /// Adds another accumulator's observations.
    pub fn merge(&mut self, o: &MeanAcc) {
        self.n += o.n;
        self.sum += o.sum;
        self.sum_sq += o.sum_sq;
    }

    /// The mean (0 with no observations).
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum / self.n as f64
        }
    }

    /// The sample standard deviation.
    pub fn sd(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let n = self.n as f64;
        ((self.sum_sq - self.sum * self.sum / n) / (n - 1.0))
            .max(0.0)
            .sqrt()
    }

    /// The mean with a normal interval at quantile `z`.
    pub fn interval(&self, z: f64) -> Interval {
        let m = self.mean();
        let h = if self.n < 2 {
            f64::INFINITY
        } else {
            z * self.sd() / (self.n as f64).sqrt()
        };
        Interval {
            estimate: m,
            low: m - h,
            high: m + h,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_textbook() {
        // Newcombe (1998), example: 81/263 -> 0.2553 to 0.3662.
        let i = wilson(81, 263, Z95);
        assert!((i.low - 0.2553).abs() < 1e-4, "{i:?}");
        assert!((i.high - 0.3662).abs() < 1e-4, "{i:?}");
        // 0/10 -> 0 to 0.2775.
        let i = wilson(0, 10, Z95);
        assert_eq!(i.low, 0.0);
        assert!((i.high - 0.2775).abs() < 1e-4, "{i:?}");
    }

    #[test]
    fn mean_and_sd() {
        let mut m = MeanAcc::default();
        for x in [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0] {
            m.add(x);
        }
        assert_eq!(m.mean(), 5.0);
        assert!((m.sd() - 2.138_089_935).abs() < 1e-6);
    }
}
