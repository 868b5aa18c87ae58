//! `simulate` as a one-arm experiment: the same statistics and rows as `run`, and run's
//! guarantees for `--out`: an interrupted or killed run keeps its finished games, leaves no
//! file that looks complete, and `--resume` ends byte-identical to an uninterrupted run.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use common::{folder_files, temp_path, tricklab, tricklab_ok};

fn fresh(name: &str) -> PathBuf {
    let d = temp_path("simulate", name);
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// The flags of the simulation every test here runs (whole matches of Whist).
const WHIST: [&str; 8] = [
    "--game",
    "whist",
    "--agents",
    "rules;random;rules:signals;random",
    "--seed",
    "11",
    "--games",
    "600",
];

fn simulate(out: &Path, log: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["simulate"];
    args.extend(WHIST);
    args.extend([
        "--out",
        out.to_str().unwrap(),
        "--log",
        log.to_str().unwrap(),
    ]);
    args.extend(extra);
    tricklab(&args)
}

/// The files of a finished simulation, with the records: what must not depend on how the run
/// got there.
fn results(out: &Path, log: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v = folder_files(out);
    v.push(("records".into(), std::fs::read(log).unwrap()));
    v
}

/// An uninterrupted run on two threads, once per test process.
fn uninterrupted() -> &'static Vec<(String, Vec<u8>)> {
    static FULL: std::sync::OnceLock<Vec<(String, Vec<u8>)>> = std::sync::OnceLock::new();
    FULL.get_or_init(|| {
        let (out, log) = (fresh("full"), temp_path("simulate", "full.jsonl"));
        let o = simulate(&out, &log, &["--threads", "2"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        results(&out, &log)
    })
}

/// Asserts that `out` holds an unfinished run: rows and progress, but no summary or record of
/// a complete run, and the records only under their hidden name.
fn looks_unfinished(out: &Path, log: &Path) {
    for f in ["summary.csv", "summary.md", "run.json"] {
        assert!(!out.join(f).exists(), "{f} in an unfinished run");
    }
    assert!(out.join("progress.json").exists());
    assert!(!log.exists(), "{} looks complete", log.display());
    let partial = log.with_file_name(format!(
        ".{}.partial",
        log.file_name().unwrap().to_str().unwrap()
    ));
    assert!(partial.exists(), "records kept under {}", partial.display());
}

#[test]
fn a_stopped_simulation_resumes_to_the_same_bytes_on_any_thread_count() {
    let (out, log) = (fresh("stopped"), temp_path("simulate", "stopped.jsonl"));
    let o = simulate(&out, &log, &["--threads", "1", "--stop-after-games", "100"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains("every finished game is in") && err.contains("--resume"),
        "{err}"
    );
    assert!(!err.contains("--stop-after-games"), "{err}");
    looks_unfinished(&out, &log);
    let o = simulate(&out, &log, &["--threads", "3", "--resume"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(&results(&out, &log), uninterrupted());
    assert!(!out.join("progress.json").exists());
}

/// Starts the simulation and waits until it has saved progress after some games.
fn start_and_wait(out: &Path, log: &Path) -> Child {
    let mut args = vec!["simulate"];
    args.extend(WHIST);
    args.extend(["--threads", "1", "--out", out.to_str().unwrap()]);
    args.extend(["--log", log.to_str().unwrap()]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    for _ in 0..20_000 {
        let saved = std::fs::read_to_string(out.join("progress.json")).unwrap_or_default();
        if !saved.is_empty() && !saved.contains("\"done\":0,") {
            return child;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("simulate saved no progress");
}

#[test]
fn a_killed_simulation_leaves_nothing_that_looks_complete_and_resumes() {
    let (out, log) = (fresh("killed"), temp_path("simulate", "killed.jsonl"));
    let mut child = start_and_wait(&out, &log);
    child.kill().unwrap();
    child.wait().unwrap();
    looks_unfinished(&out, &log);
    let o = simulate(&out, &log, &["--threads", "2", "--resume"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(&results(&out, &log), uninterrupted());
}

#[test]
fn an_interrupted_simulation_says_what_it_kept_and_resumes() {
    let (out, log) = (
        fresh("interrupted"),
        temp_path("simulate", "interrupted.jsonl"),
    );
    let child = start_and_wait(&out, &log);
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let (status, err) = common::status_and_stderr(child);
    if status.success() {
        // The run finished before the signal arrived: nothing to resume.
        assert_eq!(&results(&out, &log), uninterrupted());
        return;
    }
    assert_eq!(status.code(), Some(3), "{err}");
    assert!(
        err.contains("interrupted after") && err.contains("continue with: tricklab simulate"),
        "{err}"
    );
    looks_unfinished(&out, &log);
    let o = simulate(&out, &log, &["--resume"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(&results(&out, &log), uninterrupted());
}

#[test]
fn resuming_with_other_flags_is_refused() {
    let (out, log) = (fresh("other"), temp_path("simulate", "other.jsonl"));
    let o = simulate(&out, &log, &["--stop-after-games", "64"]);
    assert_eq!(o.status.code(), Some(3));
    let o = simulate(&out, &log, &["--resume", "--hands"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("another config"));
}

#[test]
fn without_an_output_folder_an_interrupt_keeps_nothing() {
    let log = temp_path("simulate", "memory.jsonl");
    let mut args = vec!["simulate"];
    args.extend(WHIST);
    args.extend(["--log", log.to_str().unwrap(), "--stop-after-games", "64"]);
    let o = tricklab(&args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("nothing was kept"), "{err}");
    let left: Vec<_> = std::fs::read_dir(log.parent().unwrap())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains("memory.jsonl"))
        .collect();
    assert!(left.is_empty(), "files left: {left:?}");
}

#[test]
fn simulate_reports_what_run_reports_for_the_same_one_arm_experiment() {
    let config = temp_path("simulate", "one-arm.toml");
    std::fs::write(
        &config,
        r#"name = "simulate"
game = "whist"
seed = 11
deals = 600
matches = true
duplicate = false
statistics = ["points", "point_difference", "tricks", "scored", "points_with_honours", "honours_scored", "trump_leads_none_out", "echo_ruffed", "match_win", "match_win_close"]
[[arm]]
name = "simulate"
seats = ["rules", "random", "rules:signals", "random"]
"#,
    )
    .unwrap();
    let by_run = fresh("by-run");
    tricklab_ok(&[
        "run",
        config.to_str().unwrap(),
        "--out",
        by_run.to_str().unwrap(),
    ]);
    let full = uninterrupted();
    for name in ["deals.csv", "hands.csv", "summary.csv", "summary.md"] {
        let sim = &full.iter().find(|(n, _)| n == name).unwrap().1;
        let run = std::fs::read(by_run.join(name)).unwrap();
        assert_eq!(
            String::from_utf8_lossy(sim),
            String::from_utf8_lossy(&run),
            "{name}"
        );
    }
    // And the summary that simulate prints is the summary.md of the folder.
    let out = fresh("printed");
    let mut args = vec!["simulate"];
    args.extend(WHIST);
    args.extend(["--out", out.to_str().unwrap()]);
    let printed = tricklab_ok(&args);
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(printed.contains(&md), "{printed}");
}

#[test]
fn simulate_json_prints_one_object_whose_arm_values_are_the_summary_csv() {
    let (out, log) = (fresh("json"), temp_path("simulate", "json.jsonl"));
    let o = simulate(&out, &log, &["--json", "--threads", "2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8(o.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1, "one line on stdout: {stdout}");
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("one JSON object");
    assert_eq!(v["format"], "tricklab-summary/1");
    assert_eq!(v["results"], out.to_str().unwrap());
    let mut csv = csv::Reader::from_path(out.join("summary.csv")).unwrap();
    let header = csv.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = csv.records().map(Result::unwrap).collect();
    let arms = v["arms"].as_array().unwrap();
    assert_eq!(
        arms.len(),
        rows.len(),
        "one JSON arm entry per summary.csv row"
    );
    for (a, row) in arms.iter().zip(&rows) {
        assert_eq!(a["statistic"], &row[col("statistic")]);
        assert_eq!(a["n"].to_string(), &row[col("n")]);
        let csv_estimate: f64 = row[col("estimate")].parse().unwrap();
        let json_estimate = a["estimate"].as_f64().unwrap();
        assert!(
            (csv_estimate - json_estimate).abs() < 1e-6,
            "{a} against {row:?}"
        );
    }
    // Without --json the same run prints the text report.
    let (out2, log2) = (fresh("json-text"), temp_path("simulate", "json-text.jsonl"));
    let text = simulate(&out2, &log2, &[]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("results: "));
}

/// The printed report without its first line (it gives the time taken) and the `results:`
/// line (only with --out, after an empty line).
fn report_body(printed: &str) -> String {
    let body: Vec<&str> = printed
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with("results: "))
        .collect();
    body.join("\n").trim_end().to_string()
}

#[test]
fn simulate_prints_the_same_summary_with_and_without_an_output_folder() {
    // Without --out the deals are summarised batch by batch as they are played; with it,
    // from deals.csv at the end: the same numbers, on any thread count.
    for (name, flags) in [
        (
            "ctt-hands",
            &[
                "--game",
                "catch-the-ten",
                "--agents",
                "rules:save_ten;random;rules;random",
                "--games",
                "300",
                "--hands",
                "--duplicate",
            ][..],
        ),
        (
            "952-matches",
            &[
                "--game",
                "nine-five-two",
                "--agents",
                "rules;random;random",
                "--games",
                "40",
            ][..],
        ),
    ] {
        let out = fresh(&format!("same-summary-{name}"));
        let mut args = vec!["simulate", "--seed", "7"];
        args.extend(flags);
        let mut with_out = args.clone();
        with_out.extend(["--out", out.to_str().unwrap(), "--threads", "2"]);
        let mut in_memory = args.clone();
        in_memory.extend(["--threads", "1"]);
        let a = tricklab_ok(&with_out);
        let b = tricklab_ok(&in_memory);
        assert!(a.contains("| simulate |"), "{a}");
        assert_eq!(report_body(&a), report_body(&b), "{name}");
        let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
        assert!(b.contains(&md), "{name}: {b}");
    }
}
