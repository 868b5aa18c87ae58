//! The summary as CSV (one row per arm and statistic) and as a markdown table with the verdict.

use std::fmt::Write as _;

use super::results::{Heading, Summary};
use crate::stats::{Direction, Label, Verdict};

use super::number::{bounds, fixed};

/// `summary.csv`: one row per arm and statistic (and two per hypothesis' difference, one per
/// claim), with n, estimate and 95% interval; the rows of a hypothesis or claim end with its id,
/// its verdict and its band (docs/csv.md).
pub fn summary_csv(s: &Summary) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let second = s.edition >= 2;
    let mut header = vec![
        "arm",
        "statistic",
        "n",
        "deals",
        "estimate",
        "low",
        "high",
        "method",
    ];
    if second {
        header.extend([
            "p_value",
            "label",
            "label_half_epsilon",
            "label_double_epsilon",
        ]);
    }
    header.extend(["hypothesis", "verdict", "band"]);
    w.write_record(&header).expect("memory");
    // Second edition: the extra columns, empty where they do not apply.
    let extra = |r: &mut Vec<String>, cells: [String; 4]| {
        if second {
            r.extend(cells);
        }
    };
    let none = || [String::new(), String::new(), String::new(), String::new()];
    let f = |x: f64| format!("{x:.6}");
    for a in &s.arms {
        let mut r = vec![
            a.arm.clone(),
            a.statistic.clone(),
            a.n.to_string(),
            a.deals.to_string(),
            f(a.interval.estimate),
            f(a.interval.low),
            f(a.interval.high),
            a.method.to_string(),
        ];
        extra(&mut r, none());
        r.extend([String::new(), String::new(), String::new()]);
        w.write_record(&r).expect("memory");
    }
    for (k, d) in s.differences.iter().enumerate() {
        for (method, i) in [("paired bootstrap", d.bootstrap), ("paired t", d.t)] {
            let name = if second {
                d.name.clone()
            } else {
                format!("{} - {}", d.tip, d.control)
            };
            let mut r = vec![
                name,
                d.statistic.clone(),
                d.deals.to_string(),
                d.deals.to_string(),
                f(i.estimate),
                f(i.low),
                f(i.high),
                method.to_string(),
            ];
            let cells = if method == "paired bootstrap" {
                [
                    format!("{:.6e}", d.p_value),
                    d.label.to_string(),
                    d.sensitivity.half.to_string(),
                    d.sensitivity.double.to_string(),
                ]
            } else {
                none()
            };
            extra(&mut r, cells);
            // The verdict comes from the bootstrap interval: on the t row it stays empty.
            let verdict = if method == "paired bootstrap" {
                shown_verdict(s.edition, d.verdict, d.label)
            } else {
                String::new()
            };
            r.extend([hypothesis_id(k), verdict, d.epsilon.to_string()]);
            w.write_record(&r).expect("memory");
        }
    }
    for (k, c) in s.claims.iter().enumerate() {
        let mut r = vec![
            format!("{} vs {}", c.arm, c.threshold),
            c.statistic.clone(),
            String::new(),
            String::new(),
            f(c.interval.estimate - c.threshold),
            f(c.interval.low - c.threshold),
            f(c.interval.high - c.threshold),
            "claim".to_string(),
        ];
        let cells = [
            String::new(),
            c.label.to_string(),
            String::new(),
            String::new(),
        ];
        extra(&mut r, cells);
        r.extend([
            claim_id(k),
            shown_verdict(s.edition, c.verdict, c.label),
            c.epsilon.to_string(),
        ]);
        w.write_record(&r).expect("memory");
    }
    String::from_utf8(w.into_inner().expect("memory")).expect("utf-8")
}

/// The id of the `k`-th (from 0) `[[hypothesis]]` of a config in reports: `H1`, `H2`, …
pub fn hypothesis_id(k: usize) -> String {
    format!("H{}", k + 1)
}

/// The id of the `k`-th (from 0) `[[claim]]` of a config in reports: `C1`, `C2`, …
pub fn claim_id(k: usize) -> String {
    format!("C{}", k + 1)
}

/// The verdict a report shows: the first edition's (RULES.md §5.0) or, from the second edition
/// on, the label (§5.4).
pub fn shown_verdict(edition: u8, verdict: Verdict, label: Label) -> String {
    if edition >= 2 {
        label.to_string()
    } else {
        verdict.to_string()
    }
}

/// `summary.md`: the estimates per arm, then the hypothesis with its verdict.
pub fn summary_markdown(exp: &Heading, s: &Summary) -> String {
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
            "| {} | {} | {} | {} | {} | {} |",
            a.arm,
            a.statistic,
            a.n,
            fixed(a.interval.estimate, 4),
            bounds(a.interval, 4),
            a.method
        );
    }
    if s.edition >= 2 {
        second_edition_differences(&mut t, exp, s);
    }
    for (k, d) in s.differences.iter().enumerate().filter(|_| s.edition < 2) {
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
            "| {} | {} | {} | {} | **{}** |",
            d.deals,
            fixed(d.bootstrap.estimate, 4),
            bounds(d.bootstrap, 4),
            bounds(d.t, 4),
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
            "Estimate {}, 95% interval {}: **{}** (band ±{}).",
            fixed(c.interval.estimate, 4),
            bounds(c.interval, 4),
            if s.edition >= 2 {
                c.label.to_string()
            } else {
                c.verdict.to_string()
            },
            c.epsilon
        );
    }
    t
}

/// The second edition's hypotheses (RULES.md §5.4): one table with the label at ε, ε/2 and 2ε
/// and the raw p-value; the family's Holm-adjusted figures are in the family report.
fn second_edition_differences(t: &mut String, exp: &Heading, s: &Summary) {
    if s.differences.is_empty() {
        return;
    }
    let _ = writeln!(
        t,
        "\n## Hypotheses{}\n",
        exp.field
            .as_ref()
            .map(|f| format!(" (field: {f})"))
            .unwrap_or_default()
    );
    let _ = writeln!(
        t,
        "Each row: the mean paired contrast per deal (tip − control unless named otherwise), its 95% paired-bootstrap and t intervals, the raw two-sided p-value (paired t), and the label of the bootstrap interval at the band ε, at ε/2 and at 2ε. Sample sizes count independent games.{}\n",
        exp.family
            .as_ref()
            .map(|f| format!(" Rows marked * belong to the pre-registered family `{f}`; `tricklab family` gives their Holm-adjusted figures."))
            .unwrap_or_default()
    );
    let _ = writeln!(
        t,
        "| hypothesis | statistic | predicted | ε | deals | mean | 95% paired bootstrap | 95% t | p (raw) | label | at ε/2 | at 2ε |"
    );
    let _ = writeln!(t, "|---|---|---|---:|---:|---:|---|---|---:|---|---|---|");
    for d in &s.differences {
        let sign = match d.direction {
            Direction::Greater => ">",
            Direction::Less => "<",
        };
        let _ = writeln!(
            t,
            "| {}{} | {} | {sign} 0 | {} | {} | {} | {} | {} | {:.2e} | **{}** | {} | {} |",
            d.name,
            if d.primary { " *" } else { "" },
            d.statistic,
            d.epsilon,
            d.deals,
            fixed(d.bootstrap.estimate, 4),
            bounds(d.bootstrap, 4),
            bounds(d.t, 4),
            d.p_value,
            d.label,
            d.sensitivity.half,
            d.sensitivity.double,
        );
    }
}

/// The summary's line on hands forfeited by bots (`run`, `simulate` and `tournament` print it
/// after their tables).
pub fn forfeits_line(n: u64) -> String {
    format!("forfeited hands: {n} (one row each in faults.csv)")
}
