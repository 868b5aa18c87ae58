//! The second edition's verdict labels (RULES.md §5.4): *confirmed*, *refuted*, *negligible*
//! (with its sign) and *inconclusive*, and the sensitivity of a label to the band ε.
//!
//! The first edition's rule ([`verdict`](super::verdict)) called an interval wholly inside ±ε
//! "refuted" even when it lay on the predicted side of 0; here such an effect is *negligible*,
//! and "refuted" is kept for an interval wholly on the opposite side of 0 and not wholly inside
//! the band.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Direction, Interval};

/// Where an interval lies with respect to 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sign {
    /// Wholly above 0.
    Positive,
    /// Wholly below 0.
    Negative,
    /// 0 lies inside it.
    Undecided,
}

impl Sign {
    /// The sign of the interval `ci`.
    pub fn of(ci: Interval) -> Sign {
        if ci.low > 0.0 {
            Sign::Positive
        } else if ci.high < 0.0 {
            Sign::Negative
        } else {
            Sign::Undecided
        }
    }
}

/// What an interval for tip − control says about a prediction (RULES.md §5.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Label {
    /// Wholly on the predicted side of 0, and not wholly inside ±ε.
    Confirmed,
    /// Wholly on the opposite side of 0, and not wholly inside ±ε.
    Refuted,
    /// Wholly inside ±ε: too small to matter, whatever its sign (which is kept).
    Negligible(Sign),
    /// None of these.
    Inconclusive,
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Label::Confirmed => "confirmed",
            Label::Refuted => "refuted",
            Label::Negligible(Sign::Positive) => "negligible (+)",
            Label::Negligible(Sign::Negative) => "negligible (−)",
            Label::Negligible(Sign::Undecided) => "negligible (0 inside)",
            Label::Inconclusive => "inconclusive",
        })
    }
}

/// The label of `ci` (an interval for tip − control) for the prediction `direction` with
/// equivalence band `epsilon` (RULES.md §5.4). The band is checked first, so an interval wholly
/// inside ±ε is *negligible* even when it excludes 0; an interval wholly on the predicted side
/// that reaches beyond the band is *confirmed* even if part of it lies inside the band.
pub fn label(ci: Interval, direction: Direction, epsilon: f64) -> Label {
    if -epsilon < ci.low && ci.high < epsilon {
        return Label::Negligible(Sign::of(ci));
    }
    match (Sign::of(ci), direction) {
        (Sign::Positive, Direction::Greater) | (Sign::Negative, Direction::Less) => {
            Label::Confirmed
        }
        (Sign::Negative, Direction::Greater) | (Sign::Positive, Direction::Less) => Label::Refuted,
        (Sign::Undecided, _) => Label::Inconclusive,
    }
}

/// The label at half and at twice the band: the sensitivity line of RULES.md §5.4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Sensitivity {
    /// The label at ε/2.
    pub half: Label,
    /// The label at ε.
    pub at: Label,
    /// The label at 2ε.
    pub double: Label,
}

impl Sensitivity {
    /// Whether the label is the same at ε/2, ε and 2ε.
    pub fn stable(&self) -> bool {
        self.half == self.at && self.at == self.double
    }
}

/// The labels of `ci` at ε/2, ε and 2ε.
pub fn sensitivity(ci: Interval, direction: Direction, epsilon: f64) -> Sensitivity {
    Sensitivity {
        half: label(ci, direction, epsilon / 2.0),
        at: label(ci, direction, epsilon),
        double: label(ci, direction, 2.0 * epsilon),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ci(low: f64, high: f64) -> Interval {
        Interval {
            estimate: (low + high) / 2.0,
            low,
            high,
        }
    }

    const G: Direction = Direction::Greater;
    const L: Direction = Direction::Less;

    #[test]
    fn confirmed_when_wholly_on_the_predicted_side_and_beyond_the_band() {
        assert_eq!(label(ci(0.05, 0.2), G, 0.02), Label::Confirmed);
        // Partly inside the band, wholly above 0: still confirmed.
        assert_eq!(label(ci(0.01, 0.08), G, 0.05), Label::Confirmed);
        assert_eq!(label(ci(-0.2, -0.05), L, 0.02), Label::Confirmed);
    }

    #[test]
    fn refuted_only_on_the_opposite_side() {
        assert_eq!(label(ci(-0.2, -0.05), G, 0.02), Label::Refuted);
        assert_eq!(label(ci(0.05, 0.2), L, 0.02), Label::Refuted);
        // The W-H3 with search opponents: −0.078 [−0.115, −0.039], ε 0.05.
        assert_eq!(label(ci(-0.115, -0.039), G, 0.05), Label::Refuted);
    }

    #[test]
    fn negligible_inside_the_band_with_its_sign() {
        // On the predicted side but inside the band: negligible, never refuted.
        assert_eq!(
            label(ci(0.028, 0.042), G, 0.05),
            Label::Negligible(Sign::Positive)
        );
        // The CT-H4 (ii) unconditioned: −0.0174 [−0.0189, −0.0160], ε 0.02.
        assert_eq!(
            label(ci(-0.0189, -0.0160), G, 0.02),
            Label::Negligible(Sign::Negative)
        );
        assert_eq!(
            label(ci(-0.01, 0.015), L, 0.02),
            Label::Negligible(Sign::Undecided)
        );
        assert_eq!(
            label(ci(0.028, 0.042), G, 0.05).to_string(),
            "negligible (+)"
        );
    }

    #[test]
    fn inconclusive_when_nothing_is_decided() {
        assert_eq!(label(ci(-0.05, 0.2), G, 0.02), Label::Inconclusive);
        // Straddles 0 and reaches past the band on one side only.
        assert_eq!(label(ci(-0.01, 0.03), L, 0.02), Label::Inconclusive);
        // A band of 0 decides nothing by equivalence.
        assert_eq!(label(ci(-0.001, 0.001), G, 0.0), Label::Inconclusive);
    }

    #[test]
    fn sensitivity_at_half_and_double_the_band() {
        // [0.03, 0.045], ε 0.05: negligible at ε and 2ε, confirmed at ε/2.
        let s = sensitivity(ci(0.03, 0.045), G, 0.05);
        assert_eq!(s.half, Label::Confirmed);
        assert_eq!(s.at, Label::Negligible(Sign::Positive));
        assert_eq!(s.double, Label::Negligible(Sign::Positive));
        assert!(!s.stable());
        // [0.2, 0.3], ε 0.02: confirmed everywhere.
        assert!(sensitivity(ci(0.2, 0.3), G, 0.02).stable());
        // [-0.03, 0.03], ε 0.02: inconclusive at ε/2 and ε, negligible at 2ε.
        let s = sensitivity(ci(-0.03, 0.03), G, 0.02);
        assert_eq!(
            (s.half, s.at, s.double),
            (
                Label::Inconclusive,
                Label::Inconclusive,
                Label::Negligible(Sign::Undecided)
            )
        );
    }
}
