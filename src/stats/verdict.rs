//! The verdict rule of RULES.md §5.0, and the sample size a decision needs.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{Interval, Z95};

/// The predicted sign of a difference (tip minus control).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// The tip's value is predicted higher.
    Greater,
    /// The tip's value is predicted lower.
    Less,
}

/// Text that names no [`Direction`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("direction `{0}`: expected greater or less")]
pub struct UnknownDirection(pub String);

impl FromStr for Direction {
    type Err = UnknownDirection;
    fn from_str(s: &str) -> Result<Direction, UnknownDirection> {
        match s {
            "greater" => Ok(Direction::Greater),
            "less" => Ok(Direction::Less),
            _ => Err(UnknownDirection(s.to_string())),
        }
    }
}

/// What a 95% interval says about a prediction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The interval lies wholly on the predicted side of 0 (and not wholly inside the band).
    Confirmed,
    /// The interval lies wholly on the other side of 0.
    Refuted,
    /// The interval lies wholly inside the equivalence band ±ε: no effect that matters (a
    /// refutation by equivalence).
    Equivalent,
    /// None of these.
    Inconclusive,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Confirmed => "confirmed",
            Verdict::Refuted => "refuted",
            Verdict::Equivalent => "refuted (equivalent within ±ε)",
            Verdict::Inconclusive => "inconclusive",
        })
    }
}

/// The verdict on `ci` (an interval for tip minus control) for the prediction `direction` with
/// equivalence band `epsilon` (RULES.md §5.0). An interval wholly inside ±ε is *equivalent*
/// even if it excludes 0: the effect, whatever its sign, is too small to matter (ruling: the
/// band takes precedence, so a negligible but significant effect is not called a confirmation).
pub fn verdict(ci: Interval, direction: Direction, epsilon: f64) -> Verdict {
    let (low, high) = match direction {
        Direction::Greater => (ci.low, ci.high),
        Direction::Less => (-ci.high, -ci.low),
    };
    if -epsilon < ci.low && ci.high < epsilon {
        Verdict::Equivalent
    } else if low > 0.0 {
        Verdict::Confirmed
    } else if high < 0.0 {
        Verdict::Refuted
    } else {
        Verdict::Inconclusive
    }
}

/// The number of deals a 95% interval of half-width `half_width` needs when the per-deal
/// differences have standard deviation `sd`.
pub fn needed_deals(sd: f64, half_width: f64) -> u64 {
    if half_width <= 0.0 {
        return u64::MAX;
    }
    ((Z95 * sd / half_width).powi(2)).ceil() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_direction_that_does_not_exist_is_named() {
        assert_eq!("less".parse(), Ok(Direction::Less));
        let e = "bigger".parse::<Direction>().unwrap_err();
        assert_eq!(e, UnknownDirection("bigger".into()));
        assert_eq!(
            e.to_string(),
            "direction `bigger`: expected greater or less"
        );
    }

    fn ci(low: f64, high: f64) -> Interval {
        Interval {
            estimate: (low + high) / 2.0,
            low,
            high,
        }
    }

    #[test]
    fn verdicts() {
        let g = Direction::Greater;
        assert_eq!(verdict(ci(0.05, 0.2), g, 0.02), Verdict::Confirmed);
        assert_eq!(verdict(ci(-0.2, -0.05), g, 0.02), Verdict::Refuted);
        assert_eq!(verdict(ci(-0.01, 0.015), g, 0.02), Verdict::Equivalent);
        assert_eq!(verdict(ci(0.001, 0.015), g, 0.02), Verdict::Equivalent);
        assert_eq!(verdict(ci(-0.05, 0.2), g, 0.02), Verdict::Inconclusive);
        assert_eq!(
            verdict(ci(-0.2, -0.05), Direction::Less, 0.02),
            Verdict::Confirmed
        );
        assert_eq!(
            verdict(ci(0.05, 0.2), Direction::Less, 0.02),
            Verdict::Refuted
        );
    }

    #[test]
    fn sample_sizes() {
        // sd 1, half-width 0.1: (1.96 / 0.1)^2 = 384.1 -> 385.
        assert_eq!(needed_deals(1.0, 0.1), 385);
        assert_eq!(needed_deals(2.0, 0.1), 1537);
    }
}
