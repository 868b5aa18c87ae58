//! Wald's sequential probability ratio test for a pair of agents, on the normal approximation
//! of their paired per-deal scores (as fishtest does): each deal gives the first agent a score
//! in [0, 1] (1 a win of the deal pair, ½ a tie, 0 a loss). H0: its Elo edge is `elo0`; H1: it
//! is `elo1`. After `n` deals with mean `x̄` and variance `σ²` the log-likelihood ratio is
//! `n (s1 − s0)(2x̄ − s0 − s1) / (2σ²)`, `s` the expected score of an Elo edge; the test stops
//! at the textbook boundaries `ln(β / (1 − α))` (H0 accepted) and `ln((1 − β) / α)` (H1).

use super::interval::t_cdf;

/// An SPRT's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo edge of H0.
    pub elo0: f64,
    /// The Elo edge of H1 (greater than `elo0`).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where a test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtState {
    /// Neither boundary is reached: play on.
    Continue,
    /// The lower boundary is reached: H0 (`elo0`) is accepted.
    AcceptH0,
    /// The upper boundary is reached: H1 (`elo1`) is accepted.
    AcceptH1,
}

/// The expected score of an Elo edge `elo`.
pub fn elo_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Running sums of per-deal scores.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Scores {
    n: u64,
    sum: f64,
    sum_sq: f64,
}

impl Scores {
    /// Adds one deal's score.
    pub fn push(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.sum_sq += x * x;
    }

    /// How many scores.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// The mean score (0 when empty).
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum / self.n as f64
        }
    }

    /// The (population) variance of the scores.
    pub fn variance(&self) -> f64 {
        if self.n == 0 {
            return 0.0;
        }
        let m = self.mean();
        (self.sum_sq / self.n as f64 - m * m).max(0.0)
    }

    /// The likelihood of superiority: the chance that the first agent's true mean score is
    /// above ½, from the t distribution of the mean (½ when nothing is known).
    pub fn los(&self) -> f64 {
        let v = self.variance();
        if self.n < 2 || v == 0.0 {
            return if self.n == 0 || self.mean() == 0.5 {
                0.5
            } else if self.mean() > 0.5 {
                1.0
            } else {
                0.0
            };
        }
        let se = (v / (self.n - 1) as f64).sqrt();
        t_cdf((self.mean() - 0.5) / se, (self.n - 1) as f64)
    }
}

impl Sprt {
    /// Reads a test written `elo0=0,elo1=20,alpha=0.05,beta=0.05` (all four keys, any order):
    /// `elo1` must be above `elo0`, `alpha` and `beta` in (0, 0.5).
    ///
    /// # Errors
    /// A one-line message naming the key or value that is wrong and what is allowed.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        const KEYS: [&str; 4] = ["elo0", "elo1", "alpha", "beta"];
        const EXAMPLE: &str = "e.g. elo0=0,elo1=20,alpha=0.05,beta=0.05";
        let mut values = [None; 4];
        for kv in text.split(',').map(str::trim) {
            let (k, v) = kv.split_once('=').ok_or_else(|| {
                format!(
                    "`{kv}` is not KEY=VALUE; expected {}, {EXAMPLE}",
                    KEYS.join(", ")
                )
            })?;
            let k = k.trim();
            let i = KEYS.iter().position(|&key| key == k).ok_or_else(|| {
                format!(
                    "`{k}` is not a key of the test; expected {}, {EXAMPLE}",
                    KEYS.join(", ")
                )
            })?;
            let x: f64 = v
                .trim()
                .parse()
                .ok()
                .filter(|x: &f64| x.is_finite())
                .ok_or_else(|| format!("`{kv}`: the value must be a number, {EXAMPLE}"))?;
            if values[i].replace(x).is_some() {
                return Err(format!("`{k}` is given twice"));
            }
        }
        let missing: Vec<&str> = KEYS
            .iter()
            .zip(&values)
            .filter(|(_, v)| v.is_none())
            .map(|(k, _)| *k)
            .collect();
        if !missing.is_empty() {
            return Err(format!(
                "{} missing; give all four keys, {EXAMPLE}",
                missing.join(", ")
            ));
        }
        let [elo0, elo1, alpha, beta] = values.map(|v| v.unwrap_or_default());
        for (name, p) in [("alpha", alpha), ("beta", beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!(
                    "{name}={p}: error rates must lie strictly between 0 and 0.5"
                ));
            }
        }
        if elo1 <= elo0 {
            return Err(format!("elo1={elo1} must be greater than elo0={elo0}"));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The lower boundary, `ln(β / (1 − α))`.
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper boundary, `ln((1 − β) / α)`.
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0 after `scores` (0 while their variance is 0).
    pub fn llr(&self, scores: &Scores) -> f64 {
        let v = scores.variance();
        if v == 0.0 {
            return 0.0;
        }
        let (s0, s1) = (elo_score(self.elo0), elo_score(self.elo1));
        scores.n as f64 * (s1 - s0) * (2.0 * scores.mean() - s0 - s1) / (2.0 * v)
    }

    /// Where the test stands after `scores`.
    pub fn state(&self, scores: &Scores) -> SprtState {
        let llr = self.llr(scores);
        if llr >= self.upper() {
            SprtState::AcceptH1
        } else if llr <= self.lower() {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }

    /// Feeds `stream` until the test decides: the decision and how many scores it took
    /// (`Continue` and the stream's length if it ran out first).
    pub fn run(&self, stream: impl IntoIterator<Item = f64>) -> (SprtState, u64) {
        let mut s = Scores::default();
        for x in stream {
            s.push(x);
            let state = self.state(&s);
            if state != SprtState::Continue {
                return (state, s.n());
            }
        }
        (SprtState::Continue, s.n())
    }
}

/// Where a test ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtOutcome {
    /// The test.
    pub test: Sprt,
    /// The scores it saw (a tournament's deals).
    pub deals: u64,
    /// The log-likelihood ratio after them.
    pub llr: f64,
    /// The decision, `Continue` when the deals ran out first.
    pub state: SprtState,
}

impl SprtOutcome {
    /// The summary's sentence, `x` and `y` the pair's labels.
    pub fn sentence(&self, x: &str, y: &str) -> String {
        let t = &self.test;
        let decision = match self.state {
            SprtState::AcceptH1 => format!(
                "H1 accepted: {x} stronger than {y} by ≥ {} Elo, after {} deals",
                t.elo1, self.deals
            ),
            SprtState::AcceptH0 => format!(
                "H0 accepted: {x} not stronger than {y} by {} Elo (edge ≤ {}), after {} deals",
                t.elo1, t.elo0, self.deals
            ),
            SprtState::Continue => format!("undecided after {} deals", self.deals),
        };
        format!(
            "SPRT ({t}) of {x} vs {y}: LLR {:.3} (bounds {:.3}, {:.3}); {decision}.",
            self.llr,
            t.lower(),
            t.upper()
        )
    }

    /// The decision's name in the JSON summary: `H1`, `H0` or `undecided`.
    pub fn decision(&self) -> &'static str {
        match self.state {
            SprtState::AcceptH1 => "H1",
            SprtState::AcceptH0 => "H0",
            SprtState::Continue => "undecided",
        }
    }
}

impl std::fmt::Display for Sprt {
    /// The test as [`Sprt::parse`] reads it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "elo0={},elo1={},alpha={},beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEST: Sprt = Sprt {
        elo0: 0.0,
        elo1: 20.0,
        alpha: 0.05,
        beta: 0.05,
    };

    #[test]
    fn the_boundaries_are_walds() {
        assert!((TEST.upper() - 19f64.ln()).abs() < 1e-12);
        assert!((TEST.lower() + 19f64.ln()).abs() < 1e-12);
        let skew = Sprt {
            alpha: 0.01,
            beta: 0.1,
            ..TEST
        };
        assert!((skew.upper() - (0.9f64 / 0.01).ln()).abs() < 1e-12);
        assert!((skew.lower() - (0.1f64 / 0.99).ln()).abs() < 1e-12);
        assert!((elo_score(0.0) - 0.5).abs() < 1e-15);
        assert!((elo_score(400.0) - 10.0 / 11.0).abs() < 1e-12);
    }

    /// A stream of wins and losses with `wins` wins in every `of` deals, in a fixed order.
    fn stream(wins: usize, of: usize) -> impl Iterator<Item = f64> {
        (0..).map(move |i| if i % of < wins { 1.0 } else { 0.0 })
    }

    /// The first `n` at which the LLR of the stream, computed here from its counts, leaves
    /// the boundaries.
    fn first_exit(wins: usize, of: usize) -> (SprtState, u64) {
        let (s0, s1) = (elo_score(TEST.elo0), elo_score(TEST.elo1));
        let mut w = 0.0;
        for n in 1..1_000_000u64 {
            if (n as usize - 1) % of < wins {
                w += 1.0;
            }
            let m = w / n as f64;
            let v = m - m * m;
            if v == 0.0 {
                continue;
            }
            let llr = n as f64 * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * v);
            if llr >= 19f64.ln() {
                return (SprtState::AcceptH1, n);
            }
            if llr <= -(19f64.ln()) {
                return (SprtState::AcceptH0, n);
            }
        }
        (SprtState::Continue, 1_000_000)
    }

    #[test]
    fn a_stronger_stream_accepts_h1_and_an_even_one_h0_at_the_boundary() {
        // 60% wins: far above elo1's 52.9%.
        let strong = TEST.run(stream(3, 5));
        assert_eq!(strong, first_exit(3, 5));
        assert_eq!(strong.0, SprtState::AcceptH1);
        // 50%: H0.
        let even = TEST.run(stream(1, 2));
        assert_eq!(even, first_exit(1, 2));
        assert_eq!(even.0, SprtState::AcceptH0);
        // 45%: H0, sooner.
        let weak = TEST.run(stream(9, 20));
        assert_eq!(weak.0, SprtState::AcceptH0);
        assert!(weak.1 < even.1, "{weak:?} {even:?}");
        // Right after the stop the LLR is past the boundary, just before it is not.
        let mut s = Scores::default();
        stream(3, 5)
            .take(strong.1 as usize - 1)
            .for_each(|x| s.push(x));
        assert_eq!(TEST.state(&s), SprtState::Continue);
        s.push(stream(3, 5).nth(strong.1 as usize - 1).unwrap());
        assert!(TEST.llr(&s) >= TEST.upper());
    }

    #[test]
    fn a_short_stream_does_not_decide() {
        assert_eq!(TEST.run(stream(1, 2).take(10)), (SprtState::Continue, 10));
    }

    #[test]
    fn los_is_a_half_for_an_even_record_and_grows_with_the_edge() {
        let mut even = Scores::default();
        stream(1, 2).take(100).for_each(|x| even.push(x));
        assert!((even.los() - 0.5).abs() < 1e-12);
        let mut ahead = Scores::default();
        stream(3, 5).take(100).for_each(|x| ahead.push(x));
        assert!(ahead.los() > 0.95 && ahead.los() < 1.0, "{}", ahead.los());
        let mut behind = Scores::default();
        stream(2, 5).take(100).for_each(|x| behind.push(x));
        assert!((behind.los() + ahead.los() - 1.0).abs() < 1e-9);
        assert_eq!(Scores::default().los(), 0.5);
    }

    #[test]
    fn a_test_reads_back_as_written_and_bad_specs_are_one_line_errors() {
        let t = Sprt::parse("elo0=0,elo1=20,alpha=0.05,beta=0.05").unwrap();
        assert_eq!(t, TEST);
        assert_eq!(Sprt::parse(&t.to_string()).unwrap(), t);
        let turned = Sprt::parse(" beta=0.1 , alpha=0.01,elo1=5,elo0=-5").unwrap();
        assert_eq!(
            (turned.elo0, turned.elo1, turned.alpha, turned.beta),
            (-5.0, 5.0, 0.01, 0.1)
        );
        for (bad, names) in [
            ("elo0=0,elo1=20,alpha=0.5,beta=0.05", "alpha"),
            ("elo0=0,elo1=20,alpha=0,beta=0.05", "alpha"),
            ("elo0=0,elo1=20,alpha=0.05,beta=0.7", "beta"),
            ("elo0=0,elo1=0,alpha=0.05,beta=0.05", "elo1"),
            ("elo0=10,elo1=5,alpha=0.05,beta=0.05", "elo1"),
            ("elo0=0,elo1=20,alpha=0.05,gamma=0.05", "gamma"),
            ("elo0=0,elo1=20,alpha=0.05", "beta missing"),
            ("elo0=0,elo1=20,alpha=0.05,beta=x", "beta=x"),
            ("elo0=0,elo0=1,elo1=20,alpha=0.05,beta=0.05", "twice"),
            ("elo0", "KEY=VALUE"),
            ("elo0=0,elo1=inf,alpha=0.05,beta=0.05", "number"),
        ] {
            let e = Sprt::parse(bad).unwrap_err();
            assert!(e.contains(names) && !e.contains('\n'), "{bad}: {e}");
        }
    }

    #[test]
    fn a_stream_with_ties_stops_at_the_first_score_past_either_boundary() {
        // Win, tie, tie, loss, win, … : mean 5/8 per cycle of 4 → H1; mirrored → H0.
        let cycle = [1.0, 0.5, 0.5, 0.0, 1.0, 0.5, 1.0, 0.5];
        for (pattern, want) in [
            (cycle.to_vec(), SprtState::AcceptH1),
            (
                cycle.iter().map(|x| 1.0 - x).collect::<Vec<f64>>(),
                SprtState::AcceptH0,
            ),
        ] {
            let (state, n) = TEST.run(pattern.iter().copied().cycle());
            assert_eq!(state, want);
            let mut s = Scores::default();
            for x in pattern.iter().copied().cycle().take(n as usize) {
                let before = TEST.llr(&s);
                assert!(s.n() == 0 || (TEST.lower() < before && before < TEST.upper()));
                s.push(x);
            }
            let llr = TEST.llr(&s);
            assert!(
                if want == SprtState::AcceptH1 {
                    llr >= 19f64.ln()
                } else {
                    llr <= -(19f64.ln())
                },
                "{llr}"
            );
        }
    }
}
