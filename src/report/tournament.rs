//! A tournament's outputs: `summary.md`, `pairs.csv`, `ratings.csv`, and for a ladder
//! `ladder.csv`; the machine-dependent `timing.csv` and the cost–strength chart
//! `frontier.svg` (strength against time per decision).

use std::fmt::Write as _;
use std::path::Path;

use plotters::prelude::*;

use crate::stats::{Interval, SprtOutcome, Z95, wilson};

use super::charts::ChartError;

/// One pair's result as the reports show it.
#[derive(Clone, Debug, PartialEq)]
pub struct PairRow {
    /// The first agent (index into the names).
    pub x: usize,
    /// The second agent.
    pub y: usize,
    /// Deals played.
    pub deals: usize,
    /// The first agent's mean score minus the second's, with a 95% t interval.
    pub mean: Interval,
    /// Deals won, drawn, lost by the first agent.
    pub record: (u64, u64, u64),
    /// The likelihood of superiority: the chance that the first agent wins more deals than
    /// it loses in the long run (from the t distribution of its mean deal result).
    pub los: f64,
}

/// One agent's ladder figures: over the baseline and its share of the ceiling's edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LadderRow {
    /// Mean score over the baseline (none for the baseline itself).
    pub over_baseline: Option<Interval>,
    /// Share of the ceiling's edge over the baseline.
    pub share: Option<Interval>,
}

/// Everything a tournament reports, seed-reproducible.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentTables {
    /// The game's name.
    pub game: String,
    /// Seats at the table.
    pub seats: usize,
    /// Deals (or matches) per pair.
    pub deals: u64,
    /// Whole matches instead of single hands.
    pub matches: bool,
    /// The seed.
    pub seed: u64,
    /// The agents' names (labels, or specs).
    pub names: Vec<String>,
    /// The pairs that played.
    pub pairs: Vec<PairRow>,
    /// Each agent's Bradley–Terry rating (Elo scale) with its bootstrap interval.
    pub ratings: Vec<Interval>,
    /// The ladder figures, when the tournament names a baseline: the baseline's index and one
    /// row per agent.
    pub ladder: Option<(usize, Option<usize>, Vec<LadderRow>)>,
    /// Where the sequential test of the one pair ended (`--sprt`).
    pub sprt: Option<SprtOutcome>,
}

impl TournamentTables {
    fn unit(&self) -> &'static str {
        if self.matches {
            "match wins"
        } else {
            "points per seat"
        }
    }
}

/// `summary.md`: the pairwise table, the ratings and (for a ladder) each agent's standing.
pub fn tournament_markdown(t: &TournamentTables) -> String {
    let mut md = String::new();
    let _ = writeln!(
        md,
        "# Tournament: {}, {} seats, {}{} {} per pair, seed {}\n",
        t.game,
        t.seats,
        if t.sprt.is_some() { "at most " } else { "" },
        t.deals,
        if t.matches { "matches" } else { "deals" },
        t.seed
    );
    let _ = writeln!(
        md,
        "Score: the first agent's {} minus the second's, per deal (duplicate, every rotation).\n",
        t.unit()
    );
    let _ = writeln!(
        md,
        "| agent | vs | mean score | 95% t interval | LOS | deals won | drawn | lost | win rate (Wilson) |"
    );
    let _ = writeln!(md, "|---|---|---:|---|---:|---:|---:|---:|---|");
    for p in &t.pairs {
        let m = p.mean;
        let (w, d, l) = p.record;
        let wr = wilson(2 * w + d, 2 * p.deals as u64, Z95);
        let _ = writeln!(
            md,
            "| {} | {} | {:.3} | [{:.3}, {:.3}] | {:.1}% | {w} | {d} | {l} | {:.3} [{:.3}, {:.3}] |",
            t.names[p.x],
            t.names[p.y],
            m.estimate,
            m.low,
            m.high,
            100.0 * p.los,
            wr.estimate,
            wr.low,
            wr.high
        );
    }
    let _ = writeln!(
        md,
        "\nLOS: the likelihood of superiority, the chance that the first agent wins more deals than it loses."
    );
    if let (Some(s), Some(p)) = (&t.sprt, t.pairs.first()) {
        let _ = writeln!(md, "\n{}", s.sentence(&t.names[p.x], &t.names[p.y]));
    }
    let _ = writeln!(
        md,
        "\n| agent | Bradley–Terry rating (Elo scale) | 95% bootstrap interval |"
    );
    let _ = writeln!(md, "|---|---:|---|");
    for (i, ci) in t.ratings.iter().enumerate() {
        let _ = writeln!(
            md,
            "| {} | {:.1} | [{:.1}, {:.1}] |",
            t.names[i], ci.estimate, ci.low, ci.high
        );
    }
    if let Some((base, ceiling, rows)) = &t.ladder {
        let _ = writeln!(
            md,
            "\n## The ladder\n\nOver {}: {} over it per deal (95% t interval). Share of the edge: the \
             mean over {} divided by {}'s on the same deals (95% percentile bootstrap over deals).\n",
            t.names[*base],
            t.unit(),
            t.names[*base],
            ceiling.map_or("the ceiling (none named)", |c| t.names[c].as_str()),
        );
        let _ = writeln!(
            md,
            "| agent | over {} [95%] | share of the edge [95%] | rating [95%] |",
            t.names[*base]
        );
        let _ = writeln!(md, "|---|---:|---:|---:|");
        for (i, r) in rows.iter().enumerate() {
            let over = r.over_baseline.map_or_else(
                || {
                    if i == *base {
                        "0 (baseline)".to_string()
                    } else {
                        "—".to_string()
                    }
                },
                |o| format!("{:+.2} [{:+.2}, {:+.2}]", o.estimate, o.low, o.high),
            );
            let share = r.share.map_or_else(
                || "—".to_string(),
                |s| {
                    format!(
                        "{:.0}% [{:.0}%, {:.0}%]",
                        100.0 * s.estimate,
                        100.0 * s.low,
                        100.0 * s.high
                    )
                },
            );
            let ci = t.ratings[i];
            let _ = writeln!(
                md,
                "| {} | {over} | {share} | {:.0} [{:.0}, {:.0}] |",
                t.names[i], ci.estimate, ci.low, ci.high
            );
        }
    }
    md
}

/// `pairs.csv`: one row per pair.
pub fn pairs_csv(t: &TournamentTables) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "agent", "opponent", "deals", "mean", "low", "high", "won", "drawn", "lost",
    ])
    .expect("memory");
    for p in &t.pairs {
        let (won, drawn, lost) = p.record;
        w.write_record([
            t.names[p.x].clone(),
            t.names[p.y].clone(),
            p.deals.to_string(),
            format!("{:.6}", p.mean.estimate),
            format!("{:.6}", p.mean.low),
            format!("{:.6}", p.mean.high),
            won.to_string(),
            drawn.to_string(),
            lost.to_string(),
        ])
        .expect("memory");
    }
    String::from_utf8(w.into_inner().expect("memory")).expect("utf-8")
}

/// `ratings.csv`: each agent's rating with its interval.
pub fn ratings_csv(t: &TournamentTables) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["agent", "elo", "low", "high"])
        .expect("memory");
    for (i, ci) in t.ratings.iter().enumerate() {
        w.write_record([
            t.names[i].clone(),
            format!("{:.3}", ci.estimate),
            format!("{:.3}", ci.low),
            format!("{:.3}", ci.high),
        ])
        .expect("memory");
    }
    String::from_utf8(w.into_inner().expect("memory")).expect("utf-8")
}

/// `ladder.csv`: each agent's score over the baseline and share of the ceiling's edge (empty
/// cells where there is none); `None` without a baseline.
pub fn ladder_csv(t: &TournamentTables) -> Option<String> {
    let (_, _, rows) = t.ladder.as_ref()?;
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "agent",
        "over_baseline",
        "over_low",
        "over_high",
        "share",
        "share_low",
        "share_high",
        "elo",
        "elo_low",
        "elo_high",
    ])
    .expect("memory");
    let cells = |i: Option<Interval>| {
        i.map_or_else(
            || [String::new(), String::new(), String::new()],
            |i| {
                [
                    format!("{:.6}", i.estimate),
                    format!("{:.6}", i.low),
                    format!("{:.6}", i.high),
                ]
            },
        )
    };
    for (i, r) in rows.iter().enumerate() {
        let mut rec = vec![t.names[i].clone()];
        rec.extend(cells(r.over_baseline));
        rec.extend(cells(r.share));
        rec.extend(cells(Some(t.ratings[i])));
        w.write_record(&rec).expect("memory");
    }
    Some(String::from_utf8(w.into_inner().expect("memory")).expect("utf-8"))
}

/// `timing.csv`: each agent's decisions, their total wall time and the mean per decision.
/// Machine- and load-dependent: it is kept apart from the seed-reproducible files.
pub fn timing_csv(names: &[String], decisions: &[(u64, u64)]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["agent", "decisions", "seconds", "mean_seconds_per_decision"])
        .expect("memory");
    for (name, &(count, nanos)) in names.iter().zip(decisions) {
        let mean = if count > 0 {
            format!("{:.9}", nanos as f64 * 1e-9 / count as f64)
        } else {
            String::new()
        };
        w.write_record([
            name.clone(),
            count.to_string(),
            format!("{:.3}", nanos as f64 * 1e-9),
            mean,
        ])
        .expect("memory");
    }
    String::from_utf8(w.into_inner().expect("memory")).expect("utf-8")
}

/// One agent of `tricklab frontier`'s table: its CPU time per decision, measured apart, and its
/// strength from the tournament's `ladder.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct CpuFrontierRow {
    /// The agent's label in the tournament.
    pub agent: String,
    /// Its spec as the times file writes it.
    pub spec: String,
    /// CPU milliseconds per decision.
    pub ms: f64,
    /// Its score over the baseline with the interval (none for the baseline itself).
    pub over_baseline: Option<Interval>,
}

/// `frontier-cpu.csv`: per agent drawn, its label, spec, CPU ms per decision (the times file's
/// number, written shortest) and its score over the baseline with the 95% interval (with
/// `ladder.csv`'s six decimals); the baseline's score over itself is 0, with empty interval
/// cells.
pub fn cpu_frontier_csv(rows: &[CpuFrontierRow]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "agent",
        "spec",
        "ms_a_decision",
        "over_baseline",
        "over_low",
        "over_high",
    ])
    .expect("memory");
    for r in rows {
        let (over, low, high) = r.over_baseline.map_or_else(
            || (format!("{:.6}", 0.0), String::new(), String::new()),
            |i| {
                (
                    format!("{:.6}", i.estimate),
                    format!("{:.6}", i.low),
                    format!("{:.6}", i.high),
                )
            },
        );
        w.write_record([
            r.agent.clone(),
            r.spec.clone(),
            r.ms.to_string(),
            over,
            low,
            high,
        ])
        .expect("memory");
    }
    String::from_utf8(w.into_inner().expect("memory")).expect("utf-8")
}

/// One agent on the cost–strength chart.
#[derive(Clone, Debug, PartialEq)]
pub struct FrontierPoint {
    /// The agent's name.
    pub name: String,
    /// Its time per decision, in the unit the chart's x caption names (a tournament's own chart:
    /// mean wall seconds; `tricklab frontier`'s: CPU milliseconds).
    pub time: f64,
    /// Its strength (score over the baseline) with an interval.
    pub strength: Interval,
}

/// The x caption of a tournament's own `frontier.svg`: its wall times, in seconds.
pub const WALL_SECONDS: &str = "mean seconds per decision (log scale)";

/// `frontier.svg`: strength over the baseline (with 95% interval bars) against time per
/// decision on a log axis captioned `cost` (its unit is the points' `time`: a tournament's
/// own chart gives seconds, [`WALL_SECONDS`]; `tricklab frontier` gives CPU milliseconds), one
/// labelled point per agent. Written in the folder's batch of result files: the caller syncs
/// the folder.
///
/// # Errors
/// The file cannot be drawn or written.
pub fn frontier_chart(
    path: &Path,
    title: &str,
    cost: &str,
    strength: &str,
    points: &[FrontierPoint],
) -> Result<(), ChartError> {
    super::charts::write_chart(path, |svg| {
        draw_frontier(svg, path, [title, cost, strength], points)
    })
}

/// A tick of a log axis: a power of ten below 1 as `1e-3`, a whole number from 1 on as itself.
fn log_tick(x: f64) -> String {
    if (1.0..1e4).contains(&x.abs()) {
        format!("{x:.0}")
    } else {
        format!("{x:.0e}")
    }
}

fn draw_frontier(
    svg: &mut String,
    path: &Path,
    [title, cost, strength]: [&str; 3],
    points: &[FrontierPoint],
) -> Result<(), ChartError> {
    let err = |e: &dyn std::fmt::Display| ChartError::new(path, e);
    let root = SVGBackend::with_string(svg, (720, 460)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let finite: Vec<&FrontierPoint> = points
        .iter()
        .filter(|p| p.time.is_finite() && p.time > 0.0)
        .collect();
    let (x0, x1) = finite.iter().fold((f64::INFINITY, 0.0f64), |(a, b), p| {
        (a.min(p.time), b.max(p.time))
    });
    let (x0, x1) = if x0.is_finite() {
        (x0 / 3.0, x1 * 3.0)
    } else {
        (1e-6, 1.0)
    };
    // Intervals can be infinite (one deal): the axis is fitted to the finite ends and the bars
    // are clipped to it.
    let (y0, y1) = finite
        .iter()
        .flat_map(|p| [p.strength.low, p.strength.estimate, p.strength.high])
        .filter(|y| y.is_finite())
        .fold((0.0f64, 0.0f64), |(a, b), y| (a.min(y), b.max(y)));
    let pad = ((y1 - y0) * 0.1).max(1e-6);
    let clip = |y: f64| y.clamp(y0 - pad, y1 + pad);
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(14)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d((x0..x1).log_scale(), (y0 - pad)..(y1 + pad))
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc(cost)
        .y_desc(strength)
        .x_label_formatter(&|x| log_tick(*x))
        .draw()
        .map_err(|e| err(&e))?;
    chart
        .draw_series(finite.iter().map(|p| {
            ErrorBar::new_vertical(
                p.time,
                clip(p.strength.low),
                clip(p.strength.estimate),
                clip(p.strength.high),
                BLUE.filled(),
                8,
            )
        }))
        .map_err(|e| err(&e))?;
    chart
        .draw_series(finite.iter().map(|p| {
            Text::new(
                p.name.clone(),
                (p.time, clip(p.strength.estimate)),
                ("sans-serif", 12).into_font(),
            )
        }))
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tables() -> TournamentTables {
        let i = |e: f64| Interval {
            estimate: e,
            low: e - 1.0,
            high: e + 1.0,
        };
        TournamentTables {
            game: "whist".into(),
            seats: 4,
            deals: 3,
            matches: false,
            seed: 1,
            names: vec!["B0".into(), "smart".into()],
            pairs: vec![PairRow {
                x: 0,
                y: 1,
                deals: 3,
                mean: i(-2.0),
                record: (0, 1, 2),
                los: 0.1,
            }],
            ratings: vec![i(-50.0), i(50.0)],
            ladder: Some((
                0,
                Some(1),
                vec![
                    LadderRow {
                        over_baseline: None,
                        share: None,
                    },
                    LadderRow {
                        over_baseline: Some(i(2.0)),
                        share: Some(i(1.0)),
                    },
                ],
            )),
            sprt: None,
        }
    }

    #[test]
    fn the_ladder_section_shows_the_baseline_and_each_share() {
        let md = tournament_markdown(&tables());
        assert!(md.contains("| B0 | 0 (baseline) | — |"), "{md}");
        assert!(
            md.contains("| smart | +2.00 [+1.00, +3.00] | 100% [0%, 200%] |"),
            "{md}"
        );
        let csv = ladder_csv(&tables()).unwrap();
        assert_eq!(csv.lines().count(), 3);
        assert!(
            csv.lines().nth(1).unwrap().starts_with("B0,,,,,,,"),
            "{csv}"
        );
        let mut plain = tables();
        plain.ladder = None;
        assert!(!tournament_markdown(&plain).contains("ladder"));
        assert_eq!(ladder_csv(&plain), None);
    }

    #[test]
    fn the_frontier_is_drawn_with_infinite_intervals_and_a_log_axis() {
        let path =
            std::env::temp_dir().join(format!("tricklab-frontier-{}.svg", std::process::id()));
        let inf = Interval {
            estimate: 1.0,
            low: f64::NEG_INFINITY,
            high: f64::INFINITY,
        };
        let points = [
            FrontierPoint {
                name: "fast".into(),
                time: 1e-7,
                strength: inf,
            },
            FrontierPoint {
                name: "slow".into(),
                time: 2.0,
                strength: Interval {
                    estimate: 3.0,
                    low: 2.0,
                    high: 4.0,
                },
            },
        ];
        frontier_chart(&path, "t", WALL_SECONDS, "points", &points).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.contains("slow") && svg.contains("fast"));
        let _ = std::fs::remove_file(&path);
        let nowhere = path.join("no-such-folder").join("frontier.svg");
        let e = frontier_chart(&nowhere, "t", WALL_SECONDS, "points", &points).unwrap_err();
        assert_eq!(e.file, nowhere.display().to_string());
        assert!(e.to_string().starts_with(&e.file), "{e}");
        assert!(!e.to_string().contains('\n'), "{e}");
    }

    #[test]
    fn the_cpu_frontier_table_gives_the_baseline_zero_without_an_interval() {
        let csv = cpu_frontier_csv(&[
            CpuFrontierRow {
                agent: "B0".into(),
                spec: "rules".into(),
                ms: 0.00011,
                over_baseline: None,
            },
            CpuFrontierRow {
                agent: "pimc, 20".into(),
                spec: "pimc:worlds=20,infer=rules".into(),
                ms: 12.74041,
                over_baseline: Some(Interval {
                    estimate: 5.677,
                    low: 5.279891,
                    high: 6.074109,
                }),
            },
        ]);
        assert_eq!(
            csv,
            "agent,spec,ms_a_decision,over_baseline,over_low,over_high\n\
             B0,rules,0.00011,0.000000,,\n\
             \"pimc, 20\",\"pimc:worlds=20,infer=rules\",12.74041,5.677000,5.279891,6.074109\n"
        );
    }

    #[test]
    fn log_ticks_read_as_powers_of_ten_below_one_and_whole_numbers_above() {
        let ticks: Vec<String> = [1e-7, 0.001, 1.0, 10.0, 100.0, 1e5]
            .into_iter()
            .map(log_tick)
            .collect();
        assert_eq!(ticks, ["1e-7", "1e-3", "1", "10", "100", "1e5"]);
    }

    #[test]
    fn timing_gives_the_mean_per_decision_and_nothing_without_decisions() {
        let csv = timing_csv(&["a".into(), "b".into()], &[(4, 2_000_000_000), (0, 0)]);
        assert_eq!(
            csv,
            "agent,decisions,seconds,mean_seconds_per_decision\na,4,2.000,0.500000000\nb,0,0.000,\n"
        );
    }
}
