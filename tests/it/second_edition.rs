//! The second edition's configs (experiments/second-edition, RULES.md §5.4): each parses, a
//! small shard of each runs and is summarised with the second edition's labels, and the family
//! table covers every primary hypothesis.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use tricklab::experiment::{
    Experiment, FolderLock, RunEnd, RunPlan, RunRecord, finish_run, rules_from_table, write_summary,
};
use tricklab::games::catch_the_ten;

use crate::common;

fn configs() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir("experiments/second-edition")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    v.sort();
    v
}

fn shard(exp: &Experiment, out: &Path) {
    let game = exp.game.load(exp.players, &exp.options).unwrap();
    let plan = RunPlan {
        out: out.to_path_buf(),
        resume: false,
        force: true,
        shard: None,
        stop_after: None,
        records: None,
        record_times: false,
    };
    let lock = FolderLock::take(out).unwrap();
    let end = game
        .run(exp, &plan, &lock, &AtomicBool::new(false), None)
        .unwrap();
    assert_eq!(end, RunEnd::Complete);
    write_summary(exp, &exp.game.statistics(exp.matches), out).unwrap();
    let record = RunRecord::new(exp, "test", None, tricklab::report::Provenance::start(1));
    finish_run(out, record).unwrap();
}

#[test]
fn every_config_parses_declares_the_family_and_a_small_shard_runs() {
    let paths = configs();
    // 14 tips × 3 fields, less the mixed field of N-H3 (a single opponent), the Whist tips
    // over whole matches in each field, CT-H1 with five players in each field, and CT-H1 in
    // the ladder field.
    assert_eq!(paths.len(), 48);
    let root = common::temp_path("second-edition", "results");
    let _ = std::fs::remove_dir_all(&root);
    let mut primaries = 0;
    let mut hypotheses = 0;
    for p in &paths {
        let mut exp = Experiment::load(p).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(exp.edition, 2, "{}", p.display());
        assert_eq!(exp.family.as_deref(), Some("tips-2"), "{}", p.display());
        let field = exp.field.clone().unwrap();
        assert!(exp.name.ends_with(&field), "{}", p.display());
        primaries += exp.hypotheses.iter().filter(|h| h.primary).count();
        hypotheses += exp.hypotheses.len();
        // A small shard: two deals, and matches cut short after two hands.
        exp.deals = 2;
        exp.max_hands = 2;
        let out = root.join(&exp.name);
        shard(&exp, &out);
        let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
        assert!(md.contains("## Hypotheses (field: "), "{}", p.display());
        for h in &exp.hypotheses {
            assert!(md.contains(h.label.as_deref().unwrap()), "{}", p.display());
        }
    }
    // The family table over those runs (their deals.csv hold 2 deals, not the config's count;
    // the family reads them as they are).
    let out = common::tricklab(&[
        "family",
        "experiments/second-edition",
        "--results",
        root.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = std::fs::read_to_string(root.join("family-tips-2.csv")).unwrap();
    // 15 primary hypotheses per field (the match-win configs of CT-H1 have none: match wins
    // are secondary), less N-H3's in the mixed field.
    assert_eq!(primaries, 44);
    assert_eq!(csv.lines().count(), primaries + 1);
    // Each run played 2 of the deals its config plans, and the table says so; the markdown
    // also lists every hypothesis, secondary ones included, once.
    let md = std::fs::read_to_string(root.join("family-tips-2.md")).unwrap();
    assert!(md.contains("| 2 of 20000 |"), "{md}");
    // By tip: one row per primary hypothesis (15), a column per field, every cell partial.
    let by_tip = md
        .split_once("## By tip, one column per field")
        .and_then(|(_, rest)| rest.split_once("## Field × tip interactions"))
        .map(|(section, _)| section)
        .expect("the by-tip section");
    let tips: Vec<&str> = by_tip
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| tip "))
        .collect();
    assert_eq!(tips.len(), 15, "{by_tip}");
    assert!(
        tips.iter().all(|l| l.contains("(partial: 2 of ")),
        "{by_tip}"
    );
    let (family, every) = md.split_once("## Every hypothesis, unadjusted").unwrap();
    assert!(!family.contains("| 20000 |"));
    let rows = every
        .lines()
        .filter(|l| {
            l.contains(" of 20000 |") || l.contains(" of 60000 |") || l.contains(" of 2000 |")
        })
        .count();
    assert_eq!(rows, hypotheses, "{every}");
    assert!(hypotheses > primaries);
    let all = std::fs::read_to_string(root.join("hypotheses-tips-2.csv")).unwrap();
    assert_eq!(all.lines().count(), hypotheses + 1);
}

/// The CT-H1 (B0 field) config with a cheap agreement: B0 self-play, a small PIMC, few
/// positions.
fn cheap_agreement(positions: u64) -> String {
    std::fs::read_to_string("experiments/second-edition/ct-h1-save-ten-b0.toml")
        .unwrap()
        .replace(
            "play = \"ismcts:iterations=300,rollout=rules\"",
            "play = \"rules\"",
        )
        .replace(
            "searchers = [\"ismcts:iterations=20000,rollout=rules\", \"pimc:worlds=50\"]",
            "searchers = [\"pimc:worlds=2\"]",
        )
        .replace("positions = 300", &format!("positions = {positions}"))
}

#[test]
fn agreement_takes_one_position_per_game_and_seat() {
    use tricklab::experiment::agreement::collect;
    let text = cheap_agreement(40);
    let exp = Experiment::parse("ct-h1.toml", &text).unwrap();
    assert_eq!(exp.agreement.as_ref().unwrap().searchers.len(), 1);
    let rules: catch_the_ten::Setup = rules_from_table(exp.players, &exp.options).unwrap();
    let found = collect(&exp, &rules);
    assert_eq!(found.len(), 40);
    let mut seen = std::collections::BTreeSet::new();
    for d in &found {
        assert!(
            seen.insert((d.game, d.seat)),
            "two positions of game {} seat {}",
            d.game,
            d.seat
        );
    }
    // The first edition's rule takes every disagreement, so the same games give more than one
    // position per seat somewhere.
    let first = Experiment::parse(
        "ct-h1.toml",
        &text
            .replace("edition = 2\n", "edition = 1\n")
            .replace("family = \"tips-2\"\n", "")
            .replace("primary = true\n", ""),
    )
    .unwrap();
    let found = collect(&first, &rules);
    let distinct: std::collections::BTreeSet<_> = found.iter().map(|d| (d.game, d.seat)).collect();
    assert!(distinct.len() < found.len());
}

#[test]
fn a_second_edition_agreement_writes_its_provenance_and_the_headline_contrast() {
    let cfg = common::temp_path("second-edition", "agree.toml");
    std::fs::write(&cfg, cheap_agreement(6)).unwrap();
    let out = common::temp_path("second-edition", "agree-out");
    let _ = std::fs::remove_dir_all(&out);
    common::tricklab_ok(&[
        "agree",
        cfg.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--threads",
        "2",
    ]);
    let run: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("agreement.json")).unwrap())
            .unwrap();
    assert!(
        run["config"]
            .as_str()
            .unwrap()
            .contains("ct-h1-save-ten-b0")
    );
    assert!(run["command_line"].as_str().unwrap().contains(" agree "));
    let md = std::fs::read_to_string(out.join("agreement.md")).unwrap();
    assert!(md.contains("| searcher | positions | value(tip) − value(control) |"));
    assert!(md.contains("shortfall from the searcher's best (biased downward)"));
}
