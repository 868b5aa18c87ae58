//! The field × tip interaction table (RULES.md §5.5), as markdown and CSV.

use std::fmt::Write as _;

use crate::experiment::Interaction;

/// The interactions' markdown section: one row per hypothesis and pair of fields.
pub fn interaction_markdown(rows: &[Interaction]) -> String {
    let mut t = String::new();
    let _ = writeln!(t, "\n## Field × tip interactions\n");
    if rows.is_empty() {
        let _ = writeln!(
            t,
            "No hypothesis has been run in two fields from one seed yet.\n"
        );
        return t;
    }
    let _ = writeln!(
        t,
        "Each row: the hypothesis' per-deal contrast in the first field minus the same deal's contrast in the second (the fields of a tip share its deal seed), on the deals both played, with the 95% paired bootstrap interval, not adjusted for multiplicity. A tip \"flips\" or \"holds only in\" a field only where the interval excludes 0.\n"
    );
    let _ = writeln!(
        t,
        "| hypothesis | statistic | first − second field | configs | n | difference [95%] | excludes 0 |"
    );
    let _ = writeln!(t, "|---|---|---|---|---:|---|---|");
    for r in rows {
        let diff = r.interval.map_or("too few deals".to_string(), |i| {
            format!("{:+.4} [{:+.4}, {:+.4}]", i.estimate, i.low, i.high)
        });
        let _ = writeln!(
            t,
            "| {} | {} | {} − {} | {}, {} | {} | {} | {} |",
            r.name,
            r.statistic,
            r.first.0,
            r.second.0,
            r.first.1,
            r.second.1,
            r.deals,
            diff,
            if r.excludes_zero() { "yes" } else { "no" }
        );
    }
    t
}

/// The interactions as CSV (six decimals), one row each.
pub fn interaction_csv(rows: &[Interaction]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "hypothesis",
        "statistic",
        "first_field",
        "first_experiment",
        "second_field",
        "second_experiment",
        "deals",
        "estimate",
        "low",
        "high",
        "excludes_zero",
    ])
    .expect("memory");
    let f = |x: Option<f64>| x.map_or(String::new(), |x| format!("{x:.6}"));
    for r in rows {
        w.write_record([
            r.name.clone(),
            r.statistic.clone(),
            r.first.0.clone(),
            r.first.1.clone(),
            r.second.0.clone(),
            r.second.1.clone(),
            r.deals.to_string(),
            f(r.interval.map(|i| i.estimate)),
            f(r.interval.map(|i| i.low)),
            f(r.interval.map(|i| i.high)),
            r.excludes_zero().to_string(),
        ])
        .expect("memory");
    }
    String::from_utf8(w.into_inner().expect("memory")).expect("UTF-8")
}
