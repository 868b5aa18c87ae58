//! Issue 26: `run … --json` prints the summary as one JSON object whose values are those of
//! `summary.csv`, and `summary.csv` names each row's hypothesis or claim, its verdict and band.

use crate::common;

use std::path::{Path, PathBuf};

use common::save_ten::SaveTen;
use common::{temp_path, tricklab_ok};
use serde_json::Value;

/// A small config with two hypotheses and a claim, in the first edition (RULES.md §5.0), whose
/// columns and verdicts these tests pin.
fn two_hypotheses_and_a_claim() -> String {
    SaveTen::new("json-summary")
        .players(4)
        .seed(5)
        .edition(1)
        .deals(40)
        .statistics(&["ten_saved", "points"])
        .arms("save_ten", "B0")
        .then(
            r#"[[hypothesis]]
tip = "save_ten"
control = "B0"
statistic = "points"
direction = "greater"
epsilon = 0.25

[[hypothesis]]
tip = "save_ten"
control = "B0"
statistic = "ten_saved"
direction = "less"
epsilon = 2.0

[[claim]]
arm = "B0"
statistic = "points"
direction = "greater"
threshold = 5.0
epsilon = 1.0
"#,
        )
        .toml()
}

fn fresh(name: &str) -> PathBuf {
    let d = temp_path("run-summary", name);
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Runs the config (written to `<name>.toml`) into a fresh folder with `extra` flags; returns
/// the folder and stdout.
fn run(name: &str, extra: &[&str]) -> (PathBuf, String) {
    let config = temp_path("run-summary", &format!("{name}.toml"));
    std::fs::write(&config, two_hypotheses_and_a_claim()).unwrap();
    let out = fresh(name);
    let mut args = vec![
        "run",
        config.to_str().unwrap(),
        "--threads",
        "2",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend(extra);
    let stdout = tricklab_ok(&args);
    (out, stdout)
}

/// `summary.csv` as records keyed by header name.
fn summary_rows(dir: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let mut r = csv::Reader::from_path(dir.join("summary.csv")).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(str::to_string).collect();
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            header
                .iter()
                .cloned()
                .zip(rec.iter().map(str::to_string))
                .collect()
        })
        .collect()
}

/// A CSV cell (six decimals) against the JSON number it rounds.
fn same_number(csv: &str, json: &Value) {
    let x: f64 = csv.parse().unwrap();
    let y = json
        .as_f64()
        .unwrap_or_else(|| panic!("{json} is a number"));
    assert!((x - y).abs() <= 5.000_001e-7, "csv {csv} against json {y}");
}

#[test]
fn run_json_prints_one_object_whose_values_are_the_summary_csv() {
    let (dir, stdout) = run("json", &["--json"]);
    assert_eq!(stdout.lines().count(), 1, "one line on stdout: {stdout}");
    let v: Value = serde_json::from_str(&stdout).expect("stdout is one JSON object");
    assert_eq!(v["format"], "tricklab-summary/1");
    assert_eq!(v["experiment"], "json-summary");
    assert_eq!(v["results"], dir.to_str().unwrap());
    assert_eq!(v["edition"], 1);
    let rows = summary_rows(&dir);
    let arms = v["arms"].as_array().unwrap();
    assert_eq!(arms.len(), 4);
    for (a, row) in arms.iter().zip(&rows) {
        assert_eq!(a["arm"], row["arm"].as_str());
        assert_eq!(a["statistic"], row["statistic"].as_str());
        assert_eq!(a["n"].to_string(), row["n"]);
        assert_eq!(a["deals"].to_string(), row["deals"]);
        assert_eq!(a["method"], row["method"].as_str());
        for f in ["estimate", "low", "high"] {
            same_number(&row[f], &a[f]);
        }
    }
    let hyps = v["hypotheses"].as_array().unwrap();
    assert_eq!(hyps.len(), 2);
    for (k, h) in hyps.iter().enumerate() {
        let (boot, t) = (&rows[4 + 2 * k], &rows[5 + 2 * k]);
        assert_eq!(boot["method"], "paired bootstrap");
        assert_eq!(h["hypothesis"], boot["hypothesis"].as_str());
        assert_eq!(h["verdict"], boot["verdict"].as_str());
        same_number(&boot["band"], &h["band"]);
        assert_eq!(h["deals"].to_string(), boot["deals"]);
        same_number(&boot["estimate"], &h["estimate"]);
        same_number(&boot["low"], &h["bootstrap"]["low"]);
        same_number(&boot["high"], &h["bootstrap"]["high"]);
        same_number(&t["low"], &h["t"]["low"]);
        same_number(&t["high"], &h["t"]["high"]);
    }
    assert_eq!(hyps[1]["direction"], "less");
    let claim = &v["claims"][0];
    let row = &rows[8];
    assert_eq!(claim["claim"], "C1");
    assert_eq!(claim["claim"], row["hypothesis"].as_str());
    assert_eq!(claim["verdict"], row["verdict"].as_str());
    // The CSV shows a claim's interval less the threshold.
    let shifted = |f: &str| Value::from(claim[f].as_f64().unwrap() - 5.0);
    for f in ["estimate", "low", "high"] {
        same_number(&row[f], &shifted(f));
    }
    // Nothing but the object on stdout: the markdown table and the folder line are not printed.
    assert!(!stdout.contains("| arm |") && !stdout.contains("results:"));
}

#[test]
fn merge_json_prints_the_same_summary_as_one_run() {
    let (one, _) = run("merge-one", &[]);
    let config = one.with_file_name("merge-one.toml");
    let shards: Vec<PathBuf> = (1..=2)
        .map(|k| {
            let out = fresh(&format!("shard-{k}"));
            tricklab_ok(&[
                "run",
                config.to_str().unwrap(),
                "--shard",
                &format!("{k}/2"),
                "--out",
                out.to_str().unwrap(),
            ]);
            out
        })
        .collect();
    let merged = fresh("merged");
    let stdout = tricklab_ok(&[
        "merge",
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
        "--json",
    ]);
    let v: Value = serde_json::from_str(&stdout).expect("stdout is one JSON object");
    assert_eq!(v["results"], merged.to_str().unwrap());
    assert_eq!(
        std::fs::read(one.join("summary.csv")).unwrap(),
        std::fs::read(merged.join("summary.csv")).unwrap()
    );
    assert_eq!(v["arms"][0]["n"].to_string(), summary_rows(&one)[0]["n"]);
}

#[test]
fn summary_csv_names_the_hypothesis_its_verdict_and_band() {
    let (dir, stdout) = run("columns", &[]);
    let rows = summary_rows(&dir);
    let text = std::fs::read_to_string(dir.join("summary.csv")).unwrap();
    assert!(
        text.lines()
            .next()
            .unwrap()
            .ends_with(",method,hypothesis,verdict,band"),
        "{text}"
    );
    // Arm rows carry no hypothesis.
    for row in &rows[..4] {
        assert_eq!(
            (
                &row["hypothesis"][..],
                &row["verdict"][..],
                &row["band"][..]
            ),
            ("", "", "")
        );
    }
    let cells = |i: usize| {
        (
            rows[i]["hypothesis"].clone(),
            rows[i]["verdict"].clone(),
            rows[i]["band"].clone(),
        )
    };
    // The bootstrap row carries the verdict; the t row names the hypothesis and band only.
    assert_eq!(cells(5).0, "H1");
    assert_eq!((cells(5).1.as_str(), cells(5).2.as_str()), ("", "0.25"));
    assert_eq!(cells(6).0, "H2");
    assert_eq!(cells(6).2, "2");
    assert_eq!(cells(8).0, "C1");
    assert_eq!(cells(8).2, "1");
    // A band of 2 holds any difference of a share: the verdict is the equivalence.
    assert_eq!(cells(6).1, "refuted (equivalent within ±ε)");
    // Each verdict is the one the markdown report shows in bold.
    for i in [4, 6, 8] {
        let (id, verdict, _) = cells(i);
        assert!(!verdict.is_empty(), "{id} has a verdict");
        assert!(stdout.contains(&format!("**{verdict}**")), "{id}: {stdout}");
    }
}

#[test]
fn summary_md_shows_an_interval_of_no_width_as_a_dash() {
    // In Whist every deal's 13 tricks split 6.5 a side on average over the two rotations of
    // B0 against itself: the control's interval has no width.
    let out = fresh("no-width");
    tricklab_ok(&[
        "run",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/golden/configs/whist.toml"
        ),
        "--out",
        out.to_str().unwrap(),
    ]);
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("| B0 | tricks | 24 | 6.5000 | — | t |"), "{md}");
    assert!(!md.contains("[6.5000, 6.5000]"), "{md}");
    assert!(!md.contains("-0.0000"), "{md}");
}

/// The summary files of `dir`, by name: what `summarise` writes again.
fn summary_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    common::folder_files(dir)
        .into_iter()
        .filter(|(name, _)| name.starts_with("summary."))
        .collect()
}

/// `summarise DIR` reads the folder's files back (the only way a summary is made from text)
/// and must give what the run that made the folder wrote and printed from the rows it kept in
/// memory: the same summary files, byte for byte, and the same table on standard output (where
/// `simulate` prints its timing and options above it).
fn summarise_repeats_the_summary(dir: &Path, printed: &str) {
    let written = summary_files(dir);
    assert!(
        written.iter().any(|(n, _)| n == "summary.csv")
            && written.iter().any(|(n, _)| n == "summary.md"),
        "{} has summary.csv and summary.md: {:?}",
        dir.display(),
        written.iter().map(|(n, _)| n).collect::<Vec<_>>()
    );
    for (name, _) in &written {
        std::fs::remove_file(dir.join(name)).unwrap();
    }
    let again = tricklab_ok(&["summarise", dir.to_str().unwrap()]);
    assert_eq!(
        summary_files(dir),
        written,
        "summarise wrote other summary files"
    );
    assert!(
        printed.ends_with(&again) && again.starts_with('#'),
        "summarise printed another summary:\n{again}\nthe run printed:\n{printed}"
    );
}

#[test]
fn summarise_of_a_run_folder_equals_the_summary_the_run_wrote() {
    let (dir, stdout) = run("summarise-run", &[]);
    summarise_repeats_the_summary(&dir, &stdout);
}

#[test]
fn summarise_of_a_simulate_folder_equals_the_summary_simulate_wrote() {
    for (game, players, games) in [
        ("whist", "4", "300"),
        ("nine-five-two", "3", "200"),
        ("catch-the-ten", "6", "300"),
    ] {
        let out = fresh(&format!("summarise-simulate-{game}"));
        let stdout = tricklab_ok(&[
            "simulate",
            "--game",
            game,
            "--players",
            players,
            "--hands",
            "--games",
            games,
            "--seed",
            "7",
            "--threads",
            "2",
            "--out",
            out.to_str().unwrap(),
        ]);
        summarise_repeats_the_summary(&out, &stdout);
    }
}
