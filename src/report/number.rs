//! Numbers in report text: fixed decimals without a minus sign on a value that rounds to zero,
//! and an interval of no width shown as a dash rather than as two equal bounds.

use crate::stats::Interval;

/// `x` with `decimals` decimals; a value that rounds to zero is written without its sign
/// (`0.0000`, never `-0.0000`).
pub fn fixed(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    match s.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|b| b == b'0' || b == b'.') => rest.to_string(),
        _ => s,
    }
}

/// The bounds of `i` as `[low, high]` with `decimals` decimals, or `—` when the interval has
/// no width (every value the same, e.g. a control that always scores the same).
pub fn bounds(i: Interval, decimals: usize) -> String {
    if i.low == i.high {
        "—".to_string()
    } else {
        format!("[{}, {}]", fixed(i.low, decimals), fixed(i.high, decimals))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_that_rounds_to_zero_has_no_sign() {
        assert_eq!(fixed(-0.0, 4), "0.0000");
        assert_eq!(fixed(-0.00004, 4), "0.0000");
        assert_eq!(fixed(-0.00005001, 4), "-0.0001");
        assert_eq!(fixed(-12.5, 1), "-12.5");
        assert_eq!(fixed(3.0, 0), "3");
        assert_eq!(fixed(-0.4, 0), "0");
    }

    #[test]
    fn an_interval_of_no_width_is_a_dash() {
        let i = |low, high| Interval {
            estimate: low,
            low,
            high,
        };
        assert_eq!(bounds(i(6.5, 6.5), 4), "—");
        assert_eq!(bounds(i(-0.00001, 0.2), 3), "[0.000, 0.200]");
    }
}
