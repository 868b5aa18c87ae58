//! `tournament --sprt` and `tournament --log` (issue 33): a test between a strong and a weak
//! agent stops the tournament early and says so, at the same deal on any thread count and
//! after an interruption and `--resume`; the records of every hand played replay and are the
//! same bytes on any thread count and after `--resume`, each naming its pair, rotation and
//! seats' agents; a bad test is a one-line error with exit code 2.

use std::path::{Path, PathBuf};

use crate::common::{agents_of, folder_files, temp_path, tricklab, tricklab_ok};

const TEST: &str = "elo0=0,elo1=20,alpha=0.05,beta=0.05";

/// A test that rules against random (about 90% of the deals won) takes five chunks to decide:
/// on two threads, a window of four chunks and one more, with three played past the stop.
const SLOW: &str = "elo0=0,elo1=2,alpha=0.005,beta=0.005";

fn fresh(name: &str) -> PathBuf {
    let d = temp_path("tournament-sprt", name);
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// `tricklab tournament` of rules against random at whist, at most 2000 deals, with the test
/// [`SLOW`], records and `extra`.
fn args<'a>(out: &'a Path, log: &'a Path, threads: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec![
        "tournament",
        "--game",
        "whist",
        "--agents",
        "rules;random",
        "--deals",
        "2000",
        "--seed",
        "7",
        "--sprt",
        SLOW,
        "--threads",
        threads,
        "--out",
        out.to_str().unwrap(),
        "--log",
        log.to_str().unwrap(),
    ];
    v.extend_from_slice(extra);
    v
}

#[test]
fn a_test_of_rules_against_random_stops_early_at_the_same_deal_on_any_thread_count_and_resume() {
    let mut folders = Vec::new();
    let mut logs = Vec::new();
    for threads in ["1", "2", "3"] {
        let out = fresh(&format!("straight-{threads}"));
        let log = temp_path("tournament-sprt", &format!("straight-{threads}.jsonl"));
        let stdout = tricklab_ok(&args(&out, &log, threads, &[]));
        assert!(
            stdout.contains("H1 accepted: rules stronger than random by ≥ 2 Elo, after 320 deals."),
            "{stdout}"
        );
        assert!(
            stdout.contains("LLR ") && stdout.contains("(bounds -5.293, 5.293)"),
            "{stdout}"
        );
        assert!(stdout.contains("at most 2000 deals per pair"), "{stdout}");
        assert!(stdout.contains("| LOS |"), "{stdout}");
        folders.push(folder_files(&out));
        logs.push(std::fs::read(&log).unwrap());
    }
    for i in [1, 2] {
        assert_eq!(
            folders[0], folders[i],
            "the stop does not depend on the threads"
        );
        assert_eq!(logs[0], logs[i], "nor do the records");
    }
    // Stopped early, at the end of a whole chunk of 64 deals.
    let pairs = String::from_utf8(
        folders[0]
            .iter()
            .find(|(n, _)| n == "pairs.csv")
            .unwrap()
            .1
            .clone(),
    )
    .unwrap();
    let deals: u64 = pairs
        .lines()
        .nth(1)
        .unwrap()
        .split(',')
        .nth(2)
        .unwrap()
        .parse()
        .unwrap();
    assert!(deals < 2000 && deals.is_multiple_of(64), "{pairs}");

    // The records: two seatings (rotations) of every deal kept, each naming its pair and seats.
    let text = String::from_utf8(logs[0].clone()).unwrap();
    assert_eq!(text.lines().count() as u64, 2 * deals);
    for (i, line) in text.lines().enumerate() {
        let rec: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(rec["format"], "tricklab-hand/1");
        assert_eq!(rec["arm"], "rules vs random", "{rec}");
        assert_eq!(rec["match"], (i / 2) as u64, "{rec}");
        assert_eq!(rec["rotation"], (i % 2) as u64, "{rec}");
        let agents = agents_of(&rec);
        // The partnerships hold one agent each, and the rotation swaps them.
        let want = if i % 2 == 0 {
            ["rules", "random", "rules", "random"]
        } else {
            ["random", "rules", "random", "rules"]
        };
        assert_eq!(agents, want, "{rec}");
    }
    let log = std::env::temp_dir()
        .join(format!("tricklab-tournament-sprt-{}", std::process::id()))
        .join("straight-1.jsonl");
    let replay = tricklab_ok(&["replay", log.to_str().unwrap()]);
    assert!(replay.contains("every action legal"), "{replay}");

    // Interrupted after one chunk on two threads, resumed on one: the same stop and records.
    let out = fresh("cut");
    let log = temp_path("tournament-sprt", "cut.jsonl");
    let stopped = tricklab(&args(&out, &log, "2", &["--stop-after-chunks", "1"]));
    assert_eq!(
        stopped.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&stopped.stderr)
    );
    assert!(
        !log.exists(),
        "the records are written when the tournament ends"
    );
    // A resume with another test is another tournament: refused, the folder kept.
    let other = args(&out, &log, "1", &["--resume"])
        .into_iter()
        .map(|a| if a == SLOW { TEST } else { a })
        .collect::<Vec<_>>();
    assert_eq!(tricklab(&other).status.code(), Some(2));
    let resumed = tricklab_ok(&args(&out, &log, "1", &["--resume"]));
    assert!(resumed.contains("H1 accepted"), "{resumed}");
    assert_eq!(folder_files(&out), folders[0]);
    assert_eq!(std::fs::read(&log).unwrap(), logs[0]);
}

#[test]
fn the_json_summary_carries_the_test_and_each_pairs_los() {
    let out = fresh("json");
    let log = temp_path("tournament-sprt", "json.jsonl");
    let json: Vec<&str> = args(&out, &log, "2", &["--json"])
        .into_iter()
        .map(|a| if a == SLOW { TEST } else { a })
        .collect();
    let stdout = tricklab_ok(&json);
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["sprt"]["decision"], "H1", "{v}");
    assert_eq!(v["sprt"]["test"], TEST);
    assert!(v["sprt"]["llr"].as_f64().unwrap() >= v["sprt"]["upper"].as_f64().unwrap());
    assert_eq!(v["sprt"]["deals"], 64, "the first chunk decides: {v}");
    assert_eq!(v["sprt"]["deals"], v["pairs"][0]["deals"]);
    let los = v["pairs"][0]["los"].as_f64().unwrap();
    assert!(los > 0.99 && los <= 1.0, "{v}");
}

#[test]
fn a_bad_test_is_one_line_naming_it_with_exit_code_2() {
    let out = fresh("bad");
    for (test, agents, says) in [
        (
            "elo0=0,elo1=20,alpha=0.7,beta=0.05",
            "rules;random",
            "alpha",
        ),
        (
            "elo0=0,elo1=-5,alpha=0.05,beta=0.05",
            "rules;random",
            "elo1",
        ),
        (
            "elo0=0,elo1=20,alpha=0.05,beta=0.05,gamma=1",
            "rules;random",
            "gamma",
        ),
        (TEST, "rules;random;ismcts:iterations=10", "3 pairs"),
    ] {
        let e = tricklab(&[
            "tournament",
            "--agents",
            agents,
            "--sprt",
            test,
            "--deals",
            "64",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(e.status.code(), Some(2), "{test} {agents}");
        let err = String::from_utf8_lossy(&e.stderr);
        assert!(
            err.contains("--sprt") && err.contains(says) && err.trim().lines().count() == 1,
            "{test}: {err}"
        );
        assert!(!out.exists(), "nothing is written");
    }
}
