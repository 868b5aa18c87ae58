//! The third edition's configs (experiments/third-edition, RULES.md §5.5): every config parses,
//! declares `edition = 3`, its family, n and its field; field (2)'s agent in every ladder and
//! mixed config is the spec that the strength ladder's README names for the game; and a small
//! run of each config plays and is summarised.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use tricklab::experiment::Experiment;

use crate::common;

const DIR: &str = "experiments/third-edition";

fn configs() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(DIR)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    v.sort();
    v
}

/// The config's `arm.seats`, as written.
fn seat_specs(text: &str) -> Vec<Vec<String>> {
    let t: toml::Table = toml::from_str(text).unwrap();
    t["arm"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| match &a["seats"] {
            toml::Value::String(s) => vec![s.clone()],
            toml::Value::Array(v) => v.iter().map(|s| s.as_str().unwrap().to_owned()).collect(),
            other => panic!("seats = {other}"),
        })
        .collect()
}

/// The "Strongest non-cheating agent per game" table of results/ladder/README.md: the row's
/// game (as the README writes it) → the first spec in backticks of its agent column.
fn ladder_readme() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string("results/ladder/README.md").unwrap();
    let start = text
        .find("Strongest non-cheating agent per game")
        .expect("the ladder README names the strongest agent per game");
    let mut rows = BTreeMap::new();
    let mut in_table = false;
    for line in text[start..].lines().skip(1) {
        let line = line.trim();
        if !line.starts_with('|') {
            if in_table {
                break;
            }
            continue;
        }
        in_table = true;
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        if cells.len() < 2 || cells[0] == "game" || cells[0].starts_with("---") {
            continue;
        }
        let spec = cells[1]
            .split('`')
            .nth(1)
            .unwrap_or_else(|| panic!("no spec in backticks in the ladder row {line:?}"));
        rows.insert(cells[0].to_owned(), spec.to_owned());
    }
    rows
}

/// The ladder README's name for the game of a config.
fn readme_game(exp: &Experiment) -> String {
    match exp.game {
        tricklab::games::GameKind::CatchTheTen => format!("Catch the Ten {}p", exp.players),
        tricklab::games::GameKind::Whist => "Whist".into(),
        tricklab::games::GameKind::NineFiveTwo => "9-5-2".into(),
    }
}

fn is_b0(spec: &str) -> bool {
    spec == "rules" || spec.starts_with("rules:")
}

/// Every tip of §5.5 in each of its fields (N-H3 has a single opponent, so no mixed field).
#[test]
fn the_third_edition_has_every_tip_in_every_field() {
    let names: BTreeSet<String> = configs()
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let tips = [
        "ct-h1-save-ten",
        "ct-h1-save-ten-matches",
        "ct-h2-hunt-ten",
        "ct-h3-cards",
        "ct-h4-watch-score",
        "n-h1-longest-suit-trumps",
        "n-h2-discard",
        "n-h3-gang-up",
        "n-h4-a-keep-contesting",
        "n-h4-b-upgrade",
        "w-h1-which-suit",
        "w-h2-count-trumps",
        "w-h3-2x2",
        "w-h4-signals",
        "w-h-matches",
    ];
    let mut want = BTreeSet::new();
    for t in tips {
        for f in ["b0", "ladder", "mixed"] {
            if !(t == "n-h3-gang-up" && f == "mixed") {
                want.insert(format!("{t}-{f}"));
            }
        }
    }
    assert_eq!(names, want);
}

#[test]
fn every_config_declares_edition_family_n_and_field_and_field_2_is_the_ladders_agent() {
    let ladder = ladder_readme();
    for game in ["Catch the Ten 4p", "Whist", "9-5-2"] {
        assert!(ladder.contains_key(game), "{game} missing from {ladder:?}");
    }
    let mut primaries = 0;
    for p in configs() {
        let file = p.display().to_string();
        let text = std::fs::read_to_string(&p).unwrap();
        let exp = Experiment::load(&p).unwrap_or_else(|e| panic!("{e}"));
        let raw: toml::Table = toml::from_str(&text).unwrap();
        // `edition = 3` and n written in the file itself (the pre-registration), not defaults.
        assert_eq!(
            raw.get("edition").and_then(|v| v.as_integer()),
            Some(3),
            "{file}"
        );
        assert_eq!(exp.edition, 3, "{file}");
        assert!(raw.contains_key("deals"), "{file} declares no n");
        assert_eq!(exp.family.as_deref(), Some("tips-3"), "{file}");
        let field = exp
            .field
            .clone()
            .unwrap_or_else(|| panic!("{file}: no field"));
        assert!(
            ["b0", "ladder", "mixed"].contains(&field.as_str()),
            "{file}: field {field}"
        );
        assert!(exp.name.ends_with(&format!("-{field}")), "{file}");
        assert_eq!(
            p.file_stem().unwrap().to_string_lossy(),
            exp.name,
            "{file}: the file is named after the experiment"
        );
        // §5.5: at least 2,000 deals (500 matches) in every field; the B0 field keeps 20,000.
        let least = match (field.as_str(), exp.matches) {
            ("b0", _) => 20_000,
            (_, true) => 500,
            (_, false) => 2_000,
        };
        assert!(exp.deals >= least, "{file}: n = {} < {least}", exp.deals);
        primaries += exp.hypotheses.iter().filter(|h| h.primary).count();

        let seats = seat_specs(&text);
        let strong = &ladder[&readme_game(&exp)];
        for arm in &seats {
            let searchers: Vec<&String> = arm.iter().filter(|s| !is_b0(s)).collect();
            // Every seat not played by a rule-based player is field (2)'s agent, exactly the
            // README's spec.
            for s in &searchers {
                assert_eq!(*s, strong, "{file}: seat {s} is not field (2)'s {strong}");
            }
            match field.as_str() {
                "b0" => assert!(
                    searchers.is_empty(),
                    "{file}: a search seat in the B0 field"
                ),
                "mixed" => assert_eq!(searchers.len(), 1, "{file}: {arm:?}"),
                _ => assert!(
                    !searchers.is_empty(),
                    "{file}: no field (2) seat in {arm:?}"
                ),
            }
        }
        if field != "b0" {
            // The config's comment names the agent too (the report quotes it).
            assert!(text.contains(strong.as_str()), "{file}");
        }
    }
    // The family tips-3: 14 primaries in the B0 and ladder fields, 13 in the mixed (no N-H3);
    // CT-H3 (ii) waits for a ruling and the match-win configs are secondary.
    assert_eq!(primaries, 41);
}

/// One search budget per game, cheap, for the small runs (the configs' own agents are used in
/// one config per game).
fn cheapen(text: &str) -> String {
    text.replace("pimc:worlds=20,", "pimc:worlds=2,")
        .replace("ismcts:iterations=10000", "ismcts:iterations=20")
}

#[test]
fn a_small_run_of_every_config_plays_and_is_summarised() {
    // These play field (2)'s agent as configured (one deal each); the others play it at a small
    // budget, so that the whole test stays within a few seconds.
    let as_configured = [
        "ct-h2-hunt-ten-mixed",
        "w-h2-count-trumps-mixed",
        "n-h3-gang-up-ladder",
    ];
    let root = common::temp_path("third-edition", "runs");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    for p in configs() {
        let name = p.file_stem().unwrap().to_string_lossy().into_owned();
        let exp = Experiment::load(&p).unwrap();
        let text = std::fs::read_to_string(&p).unwrap();
        let n = format!("deals = {}\n", exp.deals);
        let small = if exp.field.as_deref() == Some("b0") {
            "deals = 4\n"
        } else {
            "deals = 1\n"
        };
        // Matches cut short after two hands (N-H4 (a)'s next_hand_score needs a second one).
        let mut text = text.replacen(&n, small, 1);
        if exp.matches {
            text = text.replacen("matches = true\n", "matches = true\nmax_hands = 2\n", 1);
        }
        if !as_configured.contains(&name.as_str()) {
            text = cheapen(&text);
        }
        let cfg = root.join(format!("{name}.toml"));
        std::fs::write(&cfg, &text).unwrap();
        let out = root.join(&name);
        common::tricklab_ok(&[
            "run",
            cfg.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--threads",
            "2",
        ]);
        let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
        assert!(md.contains("## Hypotheses (field: "), "{name}: {md}");
        for h in &exp.hypotheses {
            assert!(md.contains(h.label.as_deref().unwrap()), "{name}: {md}");
        }
        assert!(out.join("deals.csv").exists(), "{name}");
    }
}

/// The agreement configs (experiments/third-edition/agreement), sorted.
fn agreement_configs() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(format!("{DIR}/agreement"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    v.sort();
    v
}

#[test]
fn the_agreement_configs_cover_every_tip_in_field_2_self_play_outside_the_family() {
    let ladder = ladder_readme();
    let configs = agreement_configs();
    let names: BTreeSet<String> = configs
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    // §5.5 "Reporting": agreement covers N-H2 (both discard rules) and N-H4 (b) too.
    for must in [
        "n-h2-discard-discard-to-void-agreement",
        "n-h2-discard-keep-winners-agreement",
        "n-h4-b-upgrade-upgrade-short-suits-agreement",
        "ct-h1-save-ten-safe-agreement",
        "w-h4-signals-signals-agreement",
    ] {
        assert!(names.contains(must), "{must} missing from {names:?}");
    }
    for p in &configs {
        let exp = Experiment::load(p).unwrap();
        let ag = exp.agreement.as_ref().expect("an [agreement] section");
        assert_eq!(exp.edition, 3, "{}", p.display());
        assert_eq!(
            exp.family,
            None,
            "{}: agreement is not a family member",
            p.display()
        );
        assert_eq!(ag.positions, 500, "{}", p.display());
        let raw: toml::Table = toml::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
        assert_eq!(
            raw["agreement"]["play"].as_str(),
            Some(ladder[&readme_game(&exp)].as_str()),
            "{}: self-play of field (2)",
            p.display()
        );
    }
}

#[test]
fn a_small_agreement_names_each_positions_game_and_clusters_by_it() {
    // N-H2's discard (a decision only the 9-5-2 dealer makes), at a small budget.
    let p = format!("{DIR}/agreement/n-h2-discard-keep-winners-agreement.toml");
    let text = std::fs::read_to_string(&p)
        .unwrap()
        .replace("positions = 500", "positions = 6")
        .replace(
            "ismcts:iterations=20000,rollout=rules",
            "ismcts:iterations=30",
        )
        .replace("pimc:worlds=5,tt=20", "pimc:worlds=1,tt=20");
    let text = cheapen(&text);
    let root = common::temp_path("third-edition", "agreement");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let cfg = root.join("agreement.toml");
    std::fs::write(&cfg, text).unwrap();
    let out = root.join("out");
    common::tricklab_ok(&[
        "agree",
        cfg.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--threads",
        "2",
    ]);
    let csv = std::fs::read_to_string(out.join("agreement.csv")).unwrap();
    let mut lines = csv.lines();
    assert!(
        lines.next().unwrap().starts_with("position,game,seat,"),
        "{csv}"
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 12, "6 positions × 2 searchers: {csv}");
    for r in &rows {
        r[1].parse::<u64>().expect("a game number");
        assert!(
            r[3].starts_with("discard "),
            "N-H2's positions are discards: {r:?}"
        );
    }
    let md = std::fs::read_to_string(out.join("agreement.md")).unwrap();
    assert!(md.contains("clustered by game"), "{md}");
    // The table rebuilt from the CSV is the table of the run.
    common::tricklab_ok(&[
        "agree",
        cfg.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--rebuild",
    ]);
    assert_eq!(
        std::fs::read_to_string(out.join("agreement.md")).unwrap(),
        md
    );
}
