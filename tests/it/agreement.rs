//! `tricklab agree`: the same files on any thread count, and after an interruption and
//! `--resume`; the table rebuilt from `agreement.csv`; saved answers of another config are
//! refused.

use crate::common;

use std::path::{Path, PathBuf};

use common::save_ten::SaveTen;
use common::{folder_files as files, temp_path, tricklab};

/// Two arms, an agreement run of two searchers at 16 positions.
fn config() -> String {
    SaveTen::against_b0("tiny-agree")
        .seed(9)
        .statistics(&["ten_saved"])
        .agreement(
            "rules",
            &["ismcts:iterations=200,rollout=rules", "pimc:worlds=3,tt=14"],
            16,
        )
        .toml()
}

fn write_config(name: &str, text: &str) -> PathBuf {
    let p = temp_path("agreement", name);
    std::fs::write(&p, text).unwrap();
    p
}

fn agree(cfg: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "agree",
        cfg.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    tricklab(&args)
}

fn agree_ok(cfg: &Path, out: &Path, extra: &[&str]) {
    let o = agree(cfg, out, extra);
    assert!(
        o.status.success(),
        "{extra:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

fn fresh(name: &str) -> PathBuf {
    let d = temp_path("agreement", name);
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn threads_and_resumption_give_the_same_files() {
    let cfg = write_config("tiny.toml", &config());
    let one = fresh("one-thread");
    agree_ok(&cfg, &one, &["--threads", "1"]);
    let names: Vec<String> = files(&one).into_iter().map(|f| f.0).collect();
    assert_eq!(names, ["agreement.csv", "agreement.json", "agreement.md"]);
    let record: serde_json::Value =
        serde_json::from_slice(&std::fs::read(one.join("agreement.json")).unwrap()).unwrap();
    for field in [
        "commit",
        "seed",
        "config",
        "command_line",
        "rustc",
        "cpu",
        "started",
        "ended",
    ] {
        assert!(record.get(field).is_some(), "agreement.json lacks {field}");
    }
    let csv = String::from_utf8(std::fs::read(one.join("agreement.csv")).unwrap()).unwrap();
    assert_eq!(
        csv.lines().count(),
        1 + 2 * 16,
        "one row per position and searcher"
    );

    // The table rebuilt from agreement.csv alone is the table the searchers' answers gave.
    let md = std::fs::read(one.join("agreement.md")).unwrap();
    std::fs::remove_file(one.join("agreement.md")).unwrap();
    agree_ok(&cfg, &one, &["--rebuild"]);
    assert_eq!(std::fs::read(one.join("agreement.md")).unwrap(), md);

    // A finished agreement is not replaced without --force (issue 32).
    let o = agree(&cfg, &one, &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("holds a finished agreement") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(std::fs::read(one.join("agreement.md")).unwrap(), md);

    let two = fresh("two-threads");
    agree_ok(&cfg, &two, &["--threads", "2"]);
    assert_eq!(files(&two), files(&one));

    // Stopped part-way (as by Ctrl-C): exit code 3, the answers so far saved, no results.
    let cut = fresh("cut");
    let o = agree(&cfg, &cut, &["--threads", "2", "--stop-after-answers", "5"]);
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--resume"), "{err}");
    assert!(!cut.join("agreement.csv").exists());
    let saved = std::fs::read_to_string(cut.join("agreement.partial.csv")).unwrap();
    assert!(saved.lines().count() > 5, "{saved}");
    // A kill can cut the last line short; the resume drops it.
    std::fs::write(cut.join("agreement.partial.csv"), format!("{saved}0,1")).unwrap();

    // Without --resume the saved answers are not thrown away silently.
    let o = agree(&cfg, &cut, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("interrupted agreement"));

    agree_ok(&cfg, &cut, &["--resume", "--threads", "1"]);
    assert_eq!(files(&cut), files(&one));
}

#[test]
fn saved_answers_of_another_config_are_refused() {
    let cfg = write_config("first.toml", &config());
    let out = fresh("other");
    let o = agree(&cfg, &out, &["--stop-after-answers", "2", "--threads", "1"]);
    assert_eq!(o.status.code(), Some(3));
    let other = write_config("second.toml", &config().replace("seed = 9", "seed = 10"));
    let o = agree(&other, &out, &["--resume"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("another config"), "{err}");
    // Nothing to resume in an empty folder.
    let o = agree(&cfg, &fresh("empty"), &["--resume"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no interrupted agreement"));
    // Nothing to rebuild from in an empty folder.
    let o = agree(&cfg, &fresh("empty"), &["--rebuild"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("agreement.csv"));
    // --force starts again.
    agree_ok(&other, &out, &["--force", "--threads", "1"]);
    assert!(out.join("agreement.md").exists());
    assert!(!out.join("agreement.partial.csv").exists());
}

#[test]
fn a_finished_agreement_is_never_replaced_without_force() {
    let cfg = write_config("finished.toml", &config());
    let out = fresh("finished");
    agree_ok(&cfg, &out, &["--threads", "2"]);
    let before = files(&out);
    let o = agree(&cfg, &out, &["--threads", "2"]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "a second run into a finished folder"
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("holds a finished agreement") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert_eq!(files(&out), before, "the finished files are as they were");
    agree_ok(&cfg, &out, &["--threads", "2", "--force"]);
    assert_eq!(
        files(&out),
        before,
        "--force replaces them with the same files"
    );
}

/// N-H3's shape: both non-dealers play the tip against the dealer, who is the subject and
/// plays the same agent in both arms.
fn gang_up(arms_differ: bool) -> String {
    let tip = if arms_differ {
        "rules:gang_up_on_dealer"
    } else {
        "rules"
    };
    format!(
        r#"name = "gang-up-agree"
game = "nine-five-two"
seed = 5
deals = 10
statistics = ["dealer_score"]

[[arm]]
name = "gang_up"
seats = ["{tip}", "{tip}", "rules"]
subject = [2]

[[arm]]
name = "B0"
seats = ["rules", "rules", "rules"]
subject = [2]

[agreement]
tip = "gang_up"
control = "B0"
play = "rules"
searchers = ["ismcts:iterations=100"]
positions = 3
"#
    )
}

#[test]
fn a_tip_played_against_the_subject_is_compared_where_it_sits() {
    let cfg = write_config("gang-up.toml", &gang_up(true));
    let out = fresh("gang-up");
    agree_ok(&cfg, &out, &[]);
    let md = std::fs::read_to_string(out.join("agreement.md")).unwrap();
    assert!(
        md.contains("`rules:gang_up_on_dealer` (tip) and `rules` (control)"),
        "{md}"
    );
    assert!(md.contains("| 3 |"), "three positions: {md}");
    // Arms that seat the same agents everywhere never disagree: refused, not searched for.
    let same = write_config("gang-up-same.toml", &gang_up(false));
    let o = agree(&same, &fresh("gang-up-same"), &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("never act differently"), "{err}");
}
