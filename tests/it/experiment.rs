//! Experiments: byte-identical outputs across thread counts, shards and resumption; configs
//! with mistakes are refused before anything is written.

use crate::common;

use std::path::PathBuf;

use common::save_ten::SaveTen;
use common::{folder_files as files, temp_path, tricklab};

/// A small duplicate experiment: 1000 deals, one hypothesis.
fn config() -> String {
    SaveTen::new("tiny")
        .players(4)
        .seed(5)
        .deals(1000)
        .statistics(&["ten_saved", "points", "ten_caught"])
        .then(
            r#"[hypothesis]
tip = "tip"
control = "control"
statistic = "points"
direction = "greater"
epsilon = 0.25
"#,
        )
        .toml()
}

fn write_config(name: &str, text: &str) -> PathBuf {
    let p = temp_path("experiment", name);
    std::fs::write(&p, text).unwrap();
    p
}

fn run_ok(args: &[&str]) -> String {
    let out = tricklab(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn threads_shards_and_resumption_give_the_same_bytes() {
    let cfg = write_config("tiny.toml", &config());
    let cfg = cfg.to_str().unwrap();
    let dir = |n: &str| {
        let d = temp_path("experiment", n);
        let _ = std::fs::remove_dir_all(&d);
        d
    };
    let one = dir("one");
    run_ok(&["run", cfg, "--threads", "1", "--out", one.to_str().unwrap()]);
    let reference = files(&one);
    let names: Vec<&str> = reference.iter().map(|(n, _)| n.as_str()).collect();
    for f in [
        "hands.csv",
        "deals.csv",
        "summary.csv",
        "summary.md",
        "run.json",
        "differences.svg",
        "estimates-points.svg",
    ] {
        assert!(names.contains(&f), "{f} missing: {names:?}");
    }
    let hands =
        String::from_utf8_lossy(&reference.iter().find(|(n, _)| n == "hands.csv").unwrap().1)
            .into_owned();
    assert_eq!(
        hands.lines().count(),
        1 + 1000 * 2 * 2 * 4,
        "one row per deal, arm, rotation and seat"
    );

    let two = dir("two");
    run_ok(&["run", cfg, "--threads", "2", "--out", two.to_str().unwrap()]);
    assert_eq!(files(&two), reference, "threads 1 and 2");

    let shards: Vec<PathBuf> = (1..=3).map(|k| dir(&format!("shard{k}"))).collect();
    for (k, d) in shards.iter().enumerate() {
        run_ok(&[
            "run",
            cfg,
            "--shard",
            &format!("{}/3", k + 1),
            "--out",
            d.to_str().unwrap(),
        ]);
    }
    let merged = dir("merged");
    let mut args = vec!["merge", "--out", merged.to_str().unwrap()];
    // Any order.
    for d in shards.iter().rev() {
        args.push(d.to_str().unwrap());
    }
    run_ok(&args);
    assert_eq!(files(&merged), reference, "one run and three shards merged");

    // Interrupted at an arbitrary point, then resumed.
    for stop in [1, 300, 700] {
        let d = dir(&format!("stop{stop}"));
        let out = tricklab(&[
            "run",
            cfg,
            "--out",
            d.to_str().unwrap(),
            "--stop-after-deals",
            &stop.to_string(),
        ]);
        assert_eq!(
            out.status.code(),
            Some(3),
            "interrupted exits 3: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--resume"), "{err}");
        assert!(d.join("progress.json").exists());
        // A second plain run refuses to overwrite.
        let again = tricklab(&["run", cfg, "--out", d.to_str().unwrap()]);
        assert_eq!(again.status.code(), Some(2));
        run_ok(&[
            "run",
            cfg,
            "--resume",
            "--threads",
            "2",
            "--out",
            d.to_str().unwrap(),
        ]);
        assert_eq!(
            files(&d),
            reference,
            "stopped after {stop} deals and resumed"
        );
    }
}

fn assert_refused(name: &str, text: &str, must_mention: &[&str]) {
    let cfg = write_config(&format!("{name}.toml"), text);
    let out_dir = temp_path("experiment", &format!("{name}-out"));
    let _ = std::fs::remove_dir_all(&out_dir);
    let out = tricklab(&[
        "run",
        cfg.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{name}: {err}");
    assert_eq!(err.trim().lines().count(), 1, "{name}: one line: {err}");
    for m in must_mention {
        assert!(err.contains(m), "{name}: `{err}` should mention `{m}`");
    }
    assert!(!out_dir.exists(), "{name}: an output folder was created");
}

#[test]
fn bad_configs_are_refused_before_anything_runs() {
    assert_refused(
        "typo",
        &config().replace("deals = 1000", "deal = 1000"),
        &["line", "unknown field `deal`", "deals"],
    );
    assert_refused(
        "type",
        &config().replace("deals = 1000", "deals = \"many\""),
        &["line 5", "deals"],
    );
    assert_refused(
        "agent",
        &config().replace(
            "\"random\", \"rules:save_ten\"",
            "\"genius\", \"rules:save_ten\"",
        ),
        &["line", "genius", "expected one of"],
    );
    assert_refused(
        "switch",
        &config().replace(
            "rules:save_ten\", \"random\", \"rules",
            "rules:sav_ten\", \"random\", \"rules",
        ),
        &["sav_ten", "save_ten"],
    );
    assert_refused(
        "seating",
        &config().replace(
            "seats = [\"rules\", \"random\", \"rules\", \"random\"]",
            "seats = [\"rules\", \"random\", \"rules\"]",
        ),
        &["3 agents for 4 seats"],
    );
    assert_refused(
        "subject",
        &config().replace(
            "subject = [0, 2]\n\n[hypothesis]",
            "subject = [0, 7]\n\n[hypothesis]",
        ),
        &["subject", "between 0 and 3"],
    );
    assert_refused(
        "statistic",
        &config().replace("\"ten_caught\"]", "\"ten_cought\"]"),
        &["ten_cought", "ten_caught"],
    );
    assert_refused(
        "option",
        &format!("{}\n[options]\npairs = true\n", config()),
        &["pairs", "6 or 8"],
    );
    assert_refused(
        "hypothesis",
        &config().replace("control = \"control\"", "control = \"contrl\""),
        &["contrl", "tip, control"],
    );
    assert_refused(
        "players",
        &config().replace("players = 4", "players = 9"),
        &["2 to 8"],
    );
}

#[test]
fn a_config_without_edition_is_the_second_edition_and_3_reads_as_2() {
    use tricklab::experiment::Experiment;
    let parse = |head: &str| Experiment::parse("e.toml", &format!("{head}{}", config()));
    // RULES.md §5.5 "Defaults for everyone": no `edition` is the second edition.
    assert_eq!(parse("").unwrap().edition, 2);
    for e in [1, 2, 3] {
        assert_eq!(parse(&format!("edition = {e}\n")).unwrap().edition, e);
    }
    let err = parse("edition = 4\n").unwrap_err().to_string();
    assert!(
        err.contains("expected 1 (RULES.md §5.0), 2 (§5.4) or 3 (§5.5)"),
        "{err}"
    );
    // A family from the second edition on, the default included; never in the first.
    for head in ["", "edition = 2\n", "edition = 3\n"] {
        assert!(
            parse(&format!("{head}family = \"tips-3\"\n")).is_ok(),
            "{head}"
        );
    }
    let err = parse("edition = 1\nfamily = \"tips-3\"\n")
        .unwrap_err()
        .to_string();
    assert!(err.contains("needs edition 2 or 3"), "{err}");
}

/// The README's tour runs `experiments/example-save-ten.toml`, a config without `edition`: it
/// prints one of the four labels of RULES.md §5.4 (the default, §5.5), and it tests CT-H1 (safe)
/// against B0 on the save rate in the B0 field, where the second edition found CT-H1 (active)
/// raising it (+0.044): the example's verdict points the same way.
#[test]
fn the_tours_example_is_labelled_in_the_second_editions_direction() {
    use tricklab::experiment::Experiment;
    use tricklab::stats::Direction;
    let path = "experiments/example-save-ten.toml";
    let exp = Experiment::load(std::path::Path::new(path)).unwrap();
    assert!(!exp.source.lines().any(|l| l.starts_with("edition")));
    assert_eq!(exp.edition, 2);
    assert_eq!(exp.arms[0].seats[0].to_string(), "rules:save_ten_safe");
    assert_eq!(exp.arms[1].seats[0].to_string(), "rules");
    assert!(exp.arms.iter().all(|a| a.seats[1].to_string() == "rules"));
    let h = &exp.hypotheses[0];
    assert_eq!(
        (h.statistic.as_str(), h.direction),
        ("ten_saved", Direction::Greater)
    );
    let out = temp_path("experiment", "example-save-ten");
    let _ = std::fs::remove_dir_all(&out);
    let json = run_ok(&["run", path, "--out", out.to_str().unwrap(), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let h = &v["hypotheses"][0];
    let verdict = h["verdict"].as_str().unwrap();
    let labels = [
        "confirmed",
        "refuted",
        "negligible (+)",
        "negligible (−)",
        "negligible (0 inside)",
        "inconclusive",
    ];
    assert!(labels.contains(&verdict), "{verdict}");
    assert!(h["estimate"].as_f64().unwrap() > 0.0, "{h}");
    assert_eq!(verdict, "confirmed", "{h}");
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("| **confirmed** |"), "{md}");
}

#[test]
fn tournament_rates_every_pair() {
    let out = temp_path("experiment", "tournament");
    let _ = std::fs::remove_dir_all(&out);
    let text = run_ok(&[
        "tournament",
        "--agents",
        "random;rules;rules:honours_only",
        "--deals",
        "300",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(text.contains("Bradley–Terry"));
    let pairs = std::fs::read_to_string(out.join("pairs.csv")).unwrap();
    assert_eq!(pairs.lines().count(), 1 + 3, "three pairs");
    let ratings = std::fs::read_to_string(out.join("ratings.csv")).unwrap();
    let elo = |name: &str| -> f64 {
        ratings
            .lines()
            .find(|l| l.starts_with(&format!("{name},")))
            .unwrap()
            .split(',')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap()
    };
    assert!(elo("rules") > elo("random"), "{ratings}");
    assert!(out.join("ratings.svg").exists());
    let bad = tricklab(&[
        "tournament",
        "--agents",
        "random;genius",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn a_signal_stops_the_run_cleanly_and_it_resumes() {
    let cfg = write_config(
        "long.toml",
        &config()
            .replace("deals = 1000", "deals = 40000")
            .replace("name = \"tiny\"", "name = \"long\""),
    );
    let full = temp_path("experiment", "long-full");
    let cut = temp_path("experiment", "long-cut");
    for d in [&full, &cut] {
        let _ = std::fs::remove_dir_all(d);
    }
    run_ok(&[
        "run",
        cfg.to_str().unwrap(),
        "--out",
        full.to_str().unwrap(),
    ]);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args(["run", cfg.to_str().unwrap(), "--out", cut.to_str().unwrap()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the first batch, then send SIGINT as Ctrl-C would.
    for _ in 0..2000 {
        if cut
            .join("hands.csv")
            .metadata()
            .map(|m| m.len() > 100)
            .unwrap_or(false)
        {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let _ = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let status = child.wait().unwrap();
    if status.code() == Some(3) {
        assert!(
            cut.join("progress.json").exists(),
            "interrupted without saving progress"
        );
        run_ok(&[
            "run",
            cfg.to_str().unwrap(),
            "--resume",
            "--out",
            cut.to_str().unwrap(),
        ]);
    } else {
        assert!(status.success(), "the run failed: {status}");
    }
    assert_eq!(files(&cut), files(&full));
}
