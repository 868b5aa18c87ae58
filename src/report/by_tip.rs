//! The family by tip (RULES.md §5.5 "Reporting"): one row per primary hypothesis, one column
//! per opponent field, each cell with the Holm-adjusted label, the estimate with the adjusted
//! interval, and n.

use std::fmt::Write as _;

use super::results::FamilyRow;

/// The field's column heading, or "all" for a config that names no field.
fn field_of(r: &FamilyRow) -> &str {
    r.field.as_deref().unwrap_or("all")
}

/// One cell: the adjusted label and interval with n, or why there is none.
fn cell(r: &FamilyRow) -> String {
    let (Some(label), Some(adjusted), Some(raw)) = (r.adjusted_label, r.adjusted, r.raw) else {
        return "not run yet".into();
    };
    let n = if r.deals < r.played {
        format!("n {} of {} played", r.deals, r.played)
    } else {
        format!("n {}", r.deals)
    };
    let partial = if r.played < r.planned {
        format!(" (partial: {} of {})", r.played, r.planned)
    } else {
        String::new()
    };
    format!(
        "**{label}** {:+.4} [{:+.4}, {:+.4}], {n}{partial}",
        raw.estimate, adjusted.low, adjusted.high
    )
}

/// The family's primaries pivoted by tip: rows in the order the hypotheses first appear in
/// `rows`, columns in the fields' alphabetical order; "—" where the tip has no config in a
/// field.
pub fn by_tip_markdown(rows: &[FamilyRow]) -> String {
    let mut fields: Vec<&str> = rows.iter().map(field_of).collect();
    fields.sort_unstable();
    fields.dedup();
    let mut tips: Vec<(&str, &str)> = Vec::new();
    for r in rows {
        let key = (r.name.as_str(), r.statistic.as_str());
        if !tips.contains(&key) {
            tips.push(key);
        }
    }
    let mut t = String::new();
    let _ = writeln!(t, "\n## By tip, one column per field\n");
    let _ = writeln!(
        t,
        "The rows of the family table above, one per primary hypothesis and statistic, one column per opponent field. Each cell: the **Holm-adjusted label**, the mean paired contrast with the adjusted interval, and n (the deals or matches with a paired difference; \"n k of m played\" where the statistic's population is a subset of the games played). \"—\": the tip has no config in that field.\n"
    );
    let _ = write!(t, "| tip | statistic |");
    for f in &fields {
        let _ = write!(t, " {f} |");
    }
    let _ = write!(t, "\n|---|---|");
    for _ in &fields {
        let _ = write!(t, "---|");
    }
    t.push('\n');
    for (name, statistic) in tips {
        let _ = write!(t, "| {name} | {statistic} |");
        for f in &fields {
            let found = rows
                .iter()
                .find(|r| r.name == name && r.statistic == statistic && field_of(r) == *f);
            let _ = write!(t, " {} |", found.map_or("—".into(), cell));
        }
        t.push('\n');
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{Direction, Interval, Label};

    fn row(name: &str, field: &str, run: bool, played: u64) -> FamilyRow {
        let i = |e: f64| Interval {
            estimate: e,
            low: e - 0.1,
            high: e + 0.1,
        };
        FamilyRow {
            experiment: format!("{name}-{field}"),
            field: Some(field.into()),
            name: name.into(),
            statistic: "tricks".into(),
            direction: Direction::Greater,
            epsilon: 0.05,
            deals: if run { played } else { 0 },
            played: if run { played } else { 0 },
            planned: 2000,
            raw: run.then(|| i(0.5)),
            raw_label: run.then_some(Label::Confirmed),
            p_raw: if run { 0.001 } else { 1.0 },
            p_adjusted: if run { 0.01 } else { 1.0 },
            level: 0.01,
            adjusted: run.then(|| i(0.5)),
            adjusted_label: run.then_some(Label::Confirmed),
        }
    }

    #[test]
    fn each_tip_is_one_row_with_a_cell_per_field() {
        let rows = [
            row("W-H2", "mixed", true, 2000),
            row("W-H2", "b0", true, 2000),
            row("N-H3", "b0", true, 2000),
            row("W-H2", "ladder", false, 0),
            row("N-H3", "ladder", true, 1000),
            FamilyRow {
                deals: 431,
                ..row("CT-H2", "b0", true, 2000)
            },
        ];
        let t = by_tip_markdown(&rows);
        let lines: Vec<&str> = t.lines().filter(|l| l.starts_with("| ")).collect();
        assert_eq!(lines[0], "| tip | statistic | b0 | ladder | mixed |");
        assert!(lines[1].starts_with("| W-H2 | tricks | **confirmed** +0.5000 [+0.4000, +0.6000], n 2000 | not run yet | **confirmed**"), "{}", lines[1]);
        assert!(
            lines[2].contains("n 1000 (partial: 1000 of 2000)") && lines[2].ends_with("| — |"),
            "{}",
            lines[2]
        );
        assert!(lines[3].contains("n 431 of 2000 played |"), "{}", lines[3]);
        assert_eq!(lines.len(), 4);
    }
}
