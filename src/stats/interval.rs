//! Confidence intervals: Wilson for proportions, Student's t for means.

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// An estimate with a confidence interval.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
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
    wilson_share(successes as f64, n, z)
}

/// The Wilson interval for a proportion given as a (possibly fractional) number of
/// `successes` out of `n`: a shared win counts half.
pub fn wilson_share(successes: f64, n: u64, z: f64) -> Interval {
    if n == 0 {
        return Interval {
            estimate: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let nf = n as f64;
    let p = successes / nf;
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

    /// The mean with a two-sided Student's t interval at `level` (e.g. 0.95).
    pub fn t_interval(&self, level: f64) -> Interval {
        let m = self.mean();
        if self.n < 2 {
            return Interval {
                estimate: m,
                low: f64::NEG_INFINITY,
                high: f64::INFINITY,
            };
        }
        let t = t_quantile(0.5 + level / 2.0, (self.n - 1) as f64);
        let h = t * self.sd() / (self.n as f64).sqrt();
        Interval {
            estimate: m,
            low: m - h,
            high: m + h,
        }
    }
}

/// `ln Γ(x)` for `x > 0` (Lanczos, g = 7).
pub fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        return (std::f64::consts::PI / (std::f64::consts::PI * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = G[0];
    let t = x + 7.5;
    for (i, &g) in G.iter().enumerate().skip(1) {
        a += g / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// The regularised incomplete beta function `I_x(a, b)` (continued fraction, Lentz).
pub fn incomplete_beta(x: f64, a: f64, b: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    if x > (a + 1.0) / (a + b + 2.0) {
        return 1.0 - incomplete_beta(1.0 - x, b, a);
    }
    let front =
        (ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln()).exp();
    let tiny = 1e-300;
    let mut c = 1.0;
    let mut d = 1.0 - (a + b) * x / (a + 1.0);
    if d.abs() < tiny {
        d = tiny;
    }
    d = 1.0 / d;
    let mut f = d;
    for m in 1..300 {
        let m = m as f64;
        let mut delta = 1.0;
        for step in 0..2 {
            let num = if step == 0 {
                m * (b - m) * x / ((a + 2.0 * m - 1.0) * (a + 2.0 * m))
            } else {
                -(a + m) * (a + b + m) * x / ((a + 2.0 * m) * (a + 2.0 * m + 1.0))
            };
            d = 1.0 + num * d;
            if d.abs() < tiny {
                d = tiny;
            }
            c = 1.0 + num / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            delta = c * d;
            f *= delta;
        }
        if (delta - 1.0).abs() < 1e-15 {
            break;
        }
    }
    front * f / a
}

/// Student's t distribution function with `df` degrees of freedom.
pub fn t_cdf(t: f64, df: f64) -> f64 {
    let tail = 0.5 * incomplete_beta(df / (df + t * t), df / 2.0, 0.5);
    if t >= 0.0 { 1.0 - tail } else { tail }
}

/// The `p`-quantile of Student's t with `df` degrees of freedom (bisection on [`t_cdf`]).
///
/// ```
/// use tricklab::stats::t_quantile;
/// assert!((t_quantile(0.975, 10.0) - 2.228_139).abs() < 1e-5);
/// ```
///
/// # Panics
/// If `p` is not strictly between 0 and 1.
pub fn t_quantile(p: f64, df: f64) -> f64 {
    assert!(p > 0.0 && p < 1.0, "a probability strictly between 0 and 1");
    if p < 0.5 {
        return -t_quantile(1.0 - p, df);
    }
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    while t_cdf(hi, df) < p {
        hi *= 2.0;
    }
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if t_cdf(mid, df) < p {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo < 1e-12 {
            break;
        }
    }
    0.5 * (lo + hi)
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
    fn t_quantiles_textbook() {
        // Student's t table, two-sided 95%.
        for (df, want) in [
            (1.0, 12.706_205),
            (2.0, 4.302_653),
            (5.0, 2.570_582),
            (10.0, 2.228_139),
            (30.0, 2.042_272),
            (120.0, 1.979_930),
        ] {
            let got = t_quantile(0.975, df);
            assert!((got - want).abs() < 1e-5, "df {df}: {got} vs {want}");
        }
        assert!((t_quantile(0.95, 20.0) - 1.724_718).abs() < 1e-5);
        assert!((t_quantile(0.975, 1e7) - Z95).abs() < 1e-5);
        assert!((t_cdf(0.0, 7.0) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn t_interval_small_sample() {
        // Mean 5, sd 2.138, n = 8: 5 ± 2.365 * 2.138 / sqrt(8) = [3.2125, 6.7875].
        let mut m = MeanAcc::default();
        for x in [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0] {
            m.add(x);
        }
        let i = m.t_interval(0.95);
        assert!(
            (i.low - 3.2125).abs() < 1e-3 && (i.high - 6.7875).abs() < 1e-3,
            "{i:?}"
        );
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
