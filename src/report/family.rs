//! The family table of the second edition: every primary hypothesis with its raw and
//! Holm-adjusted figures (RULES.md §5.4), as markdown and CSV.

use std::fmt::Write as _;

use super::results::FamilyRow;
use crate::stats::{Direction, Interval};

fn interval(i: Option<Interval>) -> String {
    i.map_or("not run".into(), |i| {
        format!("[{:.4}, {:.4}]", i.low, i.high)
    })
}

fn opt<T: ToString>(x: Option<T>) -> String {
    x.map_or(String::new(), |x| x.to_string())
}

/// The family's markdown table: one row per primary hypothesis, by field.
pub fn family_markdown(family: &str, alpha: f64, rows: &[FamilyRow]) -> String {
    let mut t = String::new();
    let _ = writeln!(t, "# Family `{family}`\n");
    let run = rows.iter().filter(|r| r.raw.is_some()).count();
    let _ = writeln!(
        t,
        "{} primary hypotheses ({run} run), Holm's step-down correction at α = {alpha}. The raw interval is the 95% paired bootstrap; the adjusted one is the paired t interval at confidence 1 − α/(m − k), the level Holm tests the member at (k its rank among the raw p-values). A hypothesis not yet run counts with p = 1.\n",
        rows.len()
    );
    let _ = writeln!(
        t,
        "| field | experiment | hypothesis | statistic | predicted | ε | deals | raw 95% interval | label | p (raw) | p (Holm) | adjusted interval | adjusted label |"
    );
    let _ = writeln!(
        t,
        "|---|---|---|---|---|---:|---:|---|---|---:|---:|---|---|"
    );
    let mut order: Vec<&FamilyRow> = rows.iter().collect();
    order.sort_by(|a, b| a.field.cmp(&b.field));
    for r in order {
        let sign = match r.direction {
            Direction::Greater => ">",
            Direction::Less => "<",
        };
        let _ = writeln!(
            t,
            "| {} | {} | {} | {} | {sign} 0 | {} | {} | {} | {} | {:.2e} | {:.2e} | {} | **{}** |",
            opt(r.field.as_ref()),
            r.experiment,
            r.name,
            r.statistic,
            r.epsilon,
            r.deals,
            interval(r.raw),
            opt(r.raw_label),
            r.p_raw,
            r.p_adjusted,
            interval(r.adjusted),
            opt(r.adjusted_label),
        );
    }
    t
}

/// The family as CSV, one row per primary hypothesis in the order given.
pub fn family_csv(rows: &[FamilyRow]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "field",
        "experiment",
        "hypothesis",
        "statistic",
        "direction",
        "epsilon",
        "deals",
        "raw_low",
        "raw_high",
        "raw_label",
        "p_raw",
        "p_holm",
        "holm_level",
        "adjusted_low",
        "adjusted_high",
        "adjusted_label",
    ])
    .expect("memory");
    let f = |x: Option<f64>| x.map_or(String::new(), |x| format!("{x:.6}"));
    for r in rows {
        w.write_record([
            opt(r.field.as_ref()),
            r.experiment.clone(),
            r.name.clone(),
            r.statistic.clone(),
            match r.direction {
                Direction::Greater => "greater".into(),
                Direction::Less => "less".into(),
            },
            r.epsilon.to_string(),
            r.deals.to_string(),
            f(r.raw.map(|i| i.low)),
            f(r.raw.map(|i| i.high)),
            opt(r.raw_label),
            format!("{:.6e}", r.p_raw),
            format!("{:.6e}", r.p_adjusted),
            format!("{:.6e}", r.level),
            f(r.adjusted.map(|i| i.low)),
            f(r.adjusted.map(|i| i.high)),
            opt(r.adjusted_label),
        ])
        .expect("memory");
    }
    String::from_utf8(w.into_inner().expect("memory")).expect("utf-8")
}
