//! `tricklab tournament`: the committed ladder configs parse and a small shard of each runs;
//! an interrupted tournament (signal or test stop) resumes to the same bytes on any thread
//! count; `--json`; bad configs are one-line errors with exit code 2.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{folder_files, temp_path, tricklab};

/// The files of a tournament folder that the seed decides (not `timing.csv` and `frontier.svg`,
/// which measure the machine).
fn reproducible(dir: &Path) -> Vec<(String, Vec<u8>)> {
    folder_files(dir)
        .into_iter()
        .filter(|(name, _)| name != "timing.csv" && name != "frontier.svg")
        .collect()
}

fn fresh(name: &str) -> PathBuf {
    let d = temp_path("tournament", name);
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn run_ok(args: &[&str]) -> String {
    let out = tricklab(args);
    assert!(
        out.status.success(),
        "tricklab {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn every_ladder_config_parses_and_a_small_shard_of_it_runs() {
    let configs: Vec<PathBuf> = std::fs::read_dir(root().join("experiments"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("ladder-") && n.ends_with(".toml"))
        })
        .collect();
    assert!(configs.len() >= 4, "{configs:?}");
    for cfg in configs {
        let name = cfg.file_stem().unwrap().to_str().unwrap().to_string();
        let out = fresh(&name);
        let stdout = run_ok(&[
            "tournament",
            "--config",
            cfg.to_str().unwrap(),
            "--deals",
            "1",
            "--cap",
            "iterations=10,worlds=1",
            "--threads",
            "2",
            "--json",
            "--out",
            out.to_str().unwrap(),
        ]);
        let v: serde_json::Value = serde_json::from_str(&stdout).expect("--json prints JSON");
        let config = tricklab::experiment::TournamentConfig::load(&cfg).unwrap();
        assert_eq!(v["baseline"], "B0", "{name}");
        assert_eq!(
            v["agents"].as_array().unwrap().len(),
            config.agents.len(),
            "{name}"
        );
        for f in [
            "pairs.csv",
            "ratings.csv",
            "summary.md",
            "ladder.csv",
            "scores.csv",
            "timing.csv",
            "frontier.svg",
            "run.json",
        ] {
            assert!(out.join(f).exists(), "{name}: {f}");
        }
        assert!(!out.join("progress.csv").exists(), "{name}");
        let timing = std::fs::read_to_string(out.join("timing.csv")).unwrap();
        assert!(
            timing
                .lines()
                .nth(1)
                .is_some_and(|l| l.starts_with(&format!("{},", config.agents[0].label))),
            "{name}: {timing}"
        );
    }
}

const AGENTS: &str = "random;rules;ismcts:iterations=30";

fn tournament(out: &Path, deals: &str, threads: &str, extra: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tricklab"));
    c.args([
        "tournament",
        "--game",
        "whist",
        "--agents",
        AGENTS,
        "--deals",
        deals,
        "--seed",
        "3",
        "--threads",
        threads,
        "--out",
        out.to_str().unwrap(),
    ])
    .args(extra);
    c
}

#[test]
fn a_stopped_tournament_resumes_to_the_same_bytes_on_another_thread_count() {
    let full = fresh("straight");
    let cut = fresh("cut");
    let out = tournament(&full, "200", "1", &[]).output().unwrap();
    assert!(out.status.success());
    let stopped = tournament(&cut, "200", "2", &["--stop-after-chunks", "3"])
        .output()
        .unwrap();
    assert_eq!(stopped.status.code(), Some(3));
    let err = String::from_utf8_lossy(&stopped.stderr);
    assert!(
        err.contains("--resume") && err.contains("progress.csv"),
        "{err}"
    );
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(cut.join("progress.csv").exists());
    // Without --resume or --force the folder is not touched.
    let refused = tournament(&cut, "200", "2", &[]).output().unwrap();
    assert_eq!(refused.status.code(), Some(2));
    // A resume with other flags is another tournament: refused.
    let other = tournament(&cut, "200", "2", &["--resume", "--seed", "4"])
        .output()
        .unwrap();
    assert_eq!(other.status.code(), Some(2));
    let resumed = tournament(&cut, "200", "3", &["--resume"])
        .output()
        .unwrap();
    assert!(
        resumed.status.success(),
        "{}",
        String::from_utf8_lossy(&resumed.stderr)
    );
    assert_eq!(reproducible(&cut), reproducible(&full));
    assert!(!cut.join("progress.csv").exists());
}

#[test]
fn a_signal_stops_the_tournament_cleanly_and_it_resumes() {
    let full = fresh("signal-full");
    let cut = fresh("signal-cut");
    assert!(
        tournament(&full, "640", "2", &[])
            .output()
            .unwrap()
            .status
            .success()
    );
    let mut child = tournament(&cut, "640", "2", &[])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for a finished chunk, then send SIGINT as Ctrl-C would.
    for _ in 0..5000 {
        let lines = std::fs::read_to_string(cut.join("progress.csv"))
            .map(|t| t.lines().count())
            .unwrap_or(0);
        if lines >= 2 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let status = child.wait().unwrap();
    if status.code() == Some(3) {
        assert!(cut.join("progress.csv").exists());
        let resumed = tournament(&cut, "640", "1", &["--resume"])
            .output()
            .unwrap();
        assert!(resumed.status.success());
    } else {
        assert!(status.success(), "the tournament failed: {status}");
    }
    assert_eq!(reproducible(&cut), reproducible(&full));
}

#[test]
fn a_bad_tournament_config_is_one_line_naming_the_field_with_exit_code_2() {
    let cfg = temp_path("tournament", "bad.toml");
    let text = std::fs::read_to_string(root().join("experiments/ladder-whist.toml")).unwrap();
    for (from, to, field) in [
        ("\ndeals = 2000", "\ndeals = -1", "deals"),
        ("\nbaseline = \"B0\"", "\nbaseline = \"B9\"", "baseline"),
        (
            "\nspec = \"rules\"",
            "\nspec = \"rules:no_such_tip\"",
            "spec",
        ),
        (
            "\ndesign = \"ladder\"",
            "\ndesign = \"round-robin\"",
            "design",
        ),
    ] {
        let bad = text.replacen(from, to, 1);
        assert_ne!(bad, text, "{from}");
        std::fs::write(&cfg, bad).unwrap();
        let out = tricklab(&[
            "tournament",
            "--config",
            cfg.to_str().unwrap(),
            "--out",
            fresh("bad").to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{to}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(field), "{to}: {err}");
    }
    let out = tricklab(&[
        "tournament",
        "--config",
        "experiments/ladder-whist.toml",
        "--agents",
        "random;rules",
    ]);
    assert_eq!(out.status.code(), Some(2));
}
