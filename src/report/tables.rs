//! The summary as CSV (one row per arm and statistic) and as a markdown table with the verdict.

use std::fmt::Write as _;

use crate::experiment::{Experiment, Summary};
use crate::stats::Direction;

/// `summary.csv`: one row per arm and statistic (and one for the hypothesis' difference), with
/// n, estimate and 95% interval.
pub fn summary_csv(s: &Summary) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "arm",
        "statistic",
        "n",
        "deals",
        "estimate",
        "low",
        "high",
        "method",
    ])
    .expect("memory");
    let f = |x: f64| format!("{x:.6}");
    for a in &s.arms {
        w.write_record([
            a.arm.clone(),
            a.statistic.clone(),
            a.n.to_string(),
            a.deals.to_string(),
            f(a.interval.estimate),
            f(a.interval.low),
            f(a.interval.high),
            a.method.to_string(),
        ])
        .expect("memory");
    }
    for d in &s.differences {
        for (method, i) in [("paired bootstrap", d.bootstrap), ("paired t", d.t)] {
            w.write_record([
                format!("{} - {}", d.tip, d.control),
                d.statistic.clone(),
                d.deals.to_string(),
                d.deals.to_string(),
                f(i.estimate),
                f(i.low),
                f(i.high),
                method.to_string(),
            ])
            .expect("memory");
        }
    }
    for c in &s.claims {
        w.write_record([
            format!("{} vs {}", c.arm, c.threshold),
            c.statistic.clone(),
            String::new(),
            String::new(),
            f(c.interval.estimate - c.threshold),
            f(c.interval.low - c.threshold),
            f(c.interval.high - c.threshold),
            "claim".to_string(),
        ])
        .expect("memory");
    }
    String::from_utf8(w.into_inner().expect("memory")).expect("utf-8")
}

/// `summary.md`: the estimates per arm, then the hypothesis with its verdict.
pub fn summary_markdown(exp: &Experiment, s: &Summary) -> String {
    let mut t = String::new();
    let _ = writeln!(t, "# {}\n", exp.name);
    let _ = writeln!(
        t,
        "{} {}, {} players, seed {}, {} {}{}.\n",
        exp.game,
        if exp.matches { "matches" } else { "hands" },
        exp.players,
        exp.seed,
        exp.deals,
        if exp.matches { "matches" } else { "deals" },
        if exp.duplicate {
            ", each replayed with the arms rotated through the seats (duplicate)"
        } else {
            ""
        }
    );
    let _ = writeln!(
        t,
        "| arm | statistic | n | estimate | 95% interval | method |"
    );
    let _ = writeln!(t, "|---|---|---:|---:|---|---|");
    for a in &s.arms {
        let _ = writeln!(
            t,
            "| {} | {} | {} | {:.4} | [{:.4}, {:.4}] | {} |",
            a.arm, a.statistic, a.n, a.interval.estimate, a.interval.low, a.interval.high, a.method
        );
    }
    for (k, d) in s.differences.iter().enumerate() {
        let sign = match d.direction {
            Direction::Greater => "greater",
            Direction::Less => "less",
        };
        let _ = writeln!(t, "\n## Hypothesis {}\n", k + 1);
        let _ = writeln!(
            t,
            "Prediction: `{}` minus `{}` on `{}` is **{sign}** than 0 (equivalence band ±{}).\n",
            d.tip, d.control, d.statistic, d.epsilon
        );
        let _ = writeln!(
            t,
            "| deals | mean difference | 95% paired bootstrap | 95% t | verdict |"
        );
        let _ = writeln!(t, "|---:|---:|---|---|---|");
        let _ = writeln!(
            t,
            "| {} | {:.4} | [{:.4}, {:.4}] | [{:.4}, {:.4}] | **{}** |",
            d.deals,
            d.bootstrap.estimate,
            d.bootstrap.low,
            d.bootstrap.high,
            d.t.low,
            d.t.high,
            d.verdict
        );
        if let Some(n) = d.needed {
            let _ = writeln!(
                t,
                "\nInconclusive: at the observed spread (sd {:.3} per deal) a decision needs about {n} deals.",
                d.sd
            );
        }
    }
    for c in &s.claims {
        let side = match c.direction {
            Direction::Greater => "above",
            Direction::Less => "below",
        };
        let _ = writeln!(
            t,
            "\n## Claim: `{}` of `{}` is {side} {}\n",
            c.statistic, c.arm, c.threshold
        );
        let _ = writeln!(
            t,
            "Estimate {:.4}, 95% interval [{:.4}, {:.4}]: **{}** (band ±{}).",
            c.interval.estimate, c.interval.low, c.interval.high, c.verdict, c.epsilon
        );
    }
    t
}
