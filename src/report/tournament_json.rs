//! A tournament's `--json` summary and `scores.csv` (every pair's score on every deal).

use std::path::Path;

use crate::stats::Interval;

use super::tournament::TournamentTables;

/// The `--json` summary: the agents with their ratings (and ladder figures), the pairs with
/// their mean, record and likelihood of superiority, the test where there is one, and the
/// results folder; `forfeited_hands` (the rows of `faults.csv`) only where a bot may forfeit.
pub fn tournament_json(
    t: &TournamentTables,
    seconds: &[Option<f64>],
    out: &Path,
    forfeited: Option<u64>,
) -> String {
    let iv =
        |i: Interval| serde_json::json!({"estimate": i.estimate, "low": i.low, "high": i.high});
    let agents: Vec<serde_json::Value> = t
        .names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let row = t.ladder.as_ref().map(|(_, _, rows)| rows[i]);
            serde_json::json!({
                "agent": name,
                "rating": iv(t.ratings[i]),
                "over_baseline": row.and_then(|r| r.over_baseline).map(iv),
                "share_of_ceiling_edge": row.and_then(|r| r.share).map(iv),
                "mean_seconds_per_decision": seconds.get(i).copied().flatten(),
            })
        })
        .collect();
    let pairs: Vec<serde_json::Value> = t
        .pairs
        .iter()
        .map(|p| {
            serde_json::json!({
                "agent": t.names[p.x],
                "opponent": t.names[p.y],
                "deals": p.deals,
                "mean": iv(p.mean),
                "los": p.los,
                "won": p.record.0,
                "drawn": p.record.1,
                "lost": p.record.2,
            })
        })
        .collect();
    let mut summary = serde_json::json!({
        "game": t.game,
        "seats": t.seats,
        "deals": t.deals,
        "matches": t.matches,
        "seed": t.seed,
        "baseline": t.ladder.as_ref().map(|(b, _, _)| t.names[*b].clone()),
        "ceiling": t.ladder.as_ref().and_then(|(_, c, _)| c.map(|c| t.names[c].clone())),
        "agents": agents,
        "pairs": pairs,
        "results": out.display().to_string(),
    });
    if let Some(s) = &t.sprt {
        summary["sprt"] = serde_json::json!({
            "test": s.test.to_string(),
            "elo0": s.test.elo0,
            "elo1": s.test.elo1,
            "alpha": s.test.alpha,
            "beta": s.test.beta,
            "llr": s.llr,
            "lower": s.test.lower(),
            "upper": s.test.upper(),
            "deals": s.deals,
            "decision": s.decision(),
        });
    }
    if let Some(n) = forfeited {
        summary["forfeited_hands"] = n.into();
    }
    summary.to_string()
}

/// `scores.csv`: every pair's score on every deal, in pair and deal order; each pair is its
/// agents' indices into `names` and its scores.
pub fn scores_csv<'a>(
    names: &[String],
    pairs: impl IntoIterator<Item = (usize, usize, &'a [f64])>,
) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["agent", "opponent", "deal", "score"])
        .expect("memory");
    for (x, y, scores) in pairs {
        for (deal, s) in scores.iter().enumerate() {
            w.write_record([
                names[x].clone(),
                names[y].clone(),
                deal.to_string(),
                format!("{s:?}"),
            ])
            .expect("memory");
        }
    }
    String::from_utf8(w.into_inner().expect("memory")).expect("utf-8")
}
