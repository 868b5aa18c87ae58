//! The family table of the second edition: every primary hypothesis with its raw and
//! Holm-adjusted figures (RULES.md §5.4), as markdown and CSV.

use std::fmt::Write as _;

use super::results::{FamilyMember, FamilyRow};
use crate::stats::{Direction, Interval};

fn predicted(d: Direction) -> &'static str {
    match d {
        Direction::Greater => "> 0",
        Direction::Less => "< 0",
    }
}

/// The deals played, with the planned count where the run is a shard of its config.
fn played(played: u64, planned: u64) -> String {
    match played {
        0 => String::new(),
        p if p < planned => format!("{p} of {planned}"),
        p => p.to_string(),
    }
}

fn half_width(i: Option<Interval>) -> String {
    i.map_or(String::new(), |i| format!("{:.4}", i.half_width()))
}

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
        "{} primary hypotheses ({run} run), Holm's step-down correction at α = {alpha}. The raw interval is the 95% paired bootstrap; the adjusted one is the paired t interval at confidence 1 − α/(m − k), the level Holm tests the member at (k its rank among the raw p-values). A hypothesis not yet run counts with p = 1. *played*: the deals (matches for match configs) of the run, \"k of N\" where the run is a shard of a config that plans N; *n*: those with a paired difference (the statistic's population); ±: the raw interval's half-width.\n",
        rows.len()
    );
    let _ = writeln!(
        t,
        "| field | experiment | hypothesis | statistic | predicted | ε | played | n | raw 95% interval | ± | label | p (raw) | p (Holm) | adjusted interval | adjusted label |"
    );
    let _ = writeln!(
        t,
        "|---|---|---|---|---|---:|---:|---:|---|---:|---|---:|---:|---|---|"
    );
    let mut order: Vec<&FamilyRow> = rows.iter().collect();
    order.sort_by(|a, b| a.field.cmp(&b.field));
    for r in order {
        let _ = writeln!(
            t,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.2e} | {:.2e} | {} | {} |",
            opt(r.field.as_ref()),
            r.experiment,
            r.name,
            r.statistic,
            predicted(r.direction),
            r.epsilon,
            played(r.played, r.planned),
            r.deals,
            interval(r.raw),
            half_width(r.raw),
            opt(r.raw_label),
            r.p_raw,
            r.p_adjusted,
            interval(r.adjusted),
            r.adjusted_label
                .map_or("not run".into(), |l| format!("**{l}**")),
        );
    }
    t
}

/// Every hypothesis of the family's configs, primary (marked *) or not, by experiment: the raw
/// 95% paired-bootstrap interval, its label, and the labels at ε/2 and 2ε. Not adjusted: the
/// secondary rows are outside the family and carry no family-wise guarantee.
pub fn every_hypothesis_markdown(members: &[FamilyMember]) -> String {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "\n## Every hypothesis, unadjusted\n\nEvery hypothesis of the configs, primary (*) or secondary, with its raw 95% paired-bootstrap interval and label, and the label at ε/2 and at 2ε (the sensitivity line). Secondary rows are outside the family: no multiplicity correction applies to them.\n"
    );
    let _ = writeln!(
        t,
        "| field | experiment | hypothesis | statistic | predicted | ε | played | n | estimate | raw 95% interval | ± | label | at ε/2 | at 2ε |"
    );
    let _ = writeln!(
        t,
        "|---|---|---|---|---|---:|---:|---:|---:|---|---:|---|---|---|"
    );
    let mut order: Vec<&FamilyMember> = members.iter().collect();
    order.sort_by(|a, b| {
        a.experiment
            .cmp(&b.experiment)
            .then_with(|| a.field.cmp(&b.field))
    });
    for m in order {
        let r = m.result.as_ref();
        let _ = writeln!(
            t,
            "| {} | {} | {}{} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            opt(m.field.as_ref()),
            m.experiment,
            m.name,
            if m.primary { " *" } else { "" },
            m.statistic,
            predicted(m.direction),
            m.epsilon,
            played(m.played, m.planned),
            r.map_or(String::new(), |d| d.deals.to_string()),
            r.map_or(String::new(), |d| format!("{:.4}", d.bootstrap.estimate)),
            interval(r.map(|d| d.bootstrap)),
            half_width(r.map(|d| d.bootstrap)),
            opt(r.map(|d| d.label)),
            opt(r.map(|d| d.sensitivity.half)),
            opt(r.map(|d| d.sensitivity.double)),
        );
    }
    t
}

/// Every hypothesis of the family's configs as CSV, in the order given: the columns of
/// [`every_hypothesis_markdown`], with the interval's bounds apart.
pub fn every_hypothesis_csv(members: &[FamilyMember]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "field",
        "experiment",
        "hypothesis",
        "primary",
        "statistic",
        "direction",
        "epsilon",
        "played",
        "planned",
        "deals",
        "estimate",
        "raw_low",
        "raw_high",
        "raw_label",
        "label_half_epsilon",
        "label_double_epsilon",
        "p_raw",
    ])
    .expect("memory");
    let f = |x: Option<f64>| x.map_or(String::new(), |x| format!("{x:.6}"));
    for m in members {
        let r = m.result.as_ref();
        w.write_record([
            opt(m.field.as_ref()),
            m.experiment.clone(),
            m.name.clone(),
            m.primary.to_string(),
            m.statistic.clone(),
            match m.direction {
                Direction::Greater => "greater".into(),
                Direction::Less => "less".into(),
            },
            m.epsilon.to_string(),
            m.played.to_string(),
            m.planned.to_string(),
            r.map_or(String::new(), |d| d.deals.to_string()),
            f(r.map(|d| d.bootstrap.estimate)),
            f(r.map(|d| d.bootstrap.low)),
            f(r.map(|d| d.bootstrap.high)),
            opt(r.map(|d| d.label)),
            opt(r.map(|d| d.sensitivity.half)),
            opt(r.map(|d| d.sensitivity.double)),
            r.map_or(String::new(), |d| format!("{:.6e}", d.p_value)),
        ])
        .expect("memory");
    }
    String::from_utf8(w.into_inner().expect("memory")).expect("utf-8")
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
        "played",
        "planned",
        "estimate",
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
            r.played.to_string(),
            r.planned.to_string(),
            f(r.raw.map(|i| i.estimate)),
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
