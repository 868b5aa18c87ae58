//! Nothing lost when the machine fails (issue 32): a resume continues only from files that are
//! what the run wrote (a torn tail is cut; a short or edited file, or an edited progress
//! record, is refused by name), a second writer is refused while a folder is held, and a run
//! stopped in its last phase (the summaries) finishes on `--resume`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::common::{folder_files, temp_path};
use tricklab::experiment::FolderLock;

/// A Whist simulation of 400 hands into `dir`, with `extra` flags.
fn simulate(dir: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args([
            "simulate",
            "--game",
            "whist",
            "--hands",
            "--games",
            "400",
            "--agents",
            "rules",
            "--seed",
            "9",
            "--threads",
            "1",
            "--out",
        ])
        .arg(dir)
        .args(extra)
        .output()
        .expect("running tricklab")
}

fn fresh(name: &str) -> PathBuf {
    let d = temp_path("durability", name);
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A run stopped after its first batch (128 hands on one thread): exit 3.
fn interrupted(name: &str) -> PathBuf {
    let d = fresh(name);
    let o = simulate(&d, &["--stop-after-games", "100"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(d.join("progress.json").exists());
    d
}

/// The files of an uninterrupted run (in a folder of its own per test).
fn clean(name: &str) -> Vec<(String, Vec<u8>)> {
    let d = fresh(&format!("clean-{name}"));
    let o = simulate(&d, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    folder_files(&d)
}

fn assert_refused(o: &Output, file: &str, why: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains(file) && err.contains(why), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
}

#[test]
fn a_torn_tail_is_cut_and_the_resume_equals_a_clean_run() {
    let d = interrupted("torn");
    // A batch written but not yet counted when the machine stopped, cut mid-row.
    let mut hands = std::fs::read(d.join("hands.csv")).unwrap();
    hands.extend_from_slice(b"128,simulate,0,1,0,0,ru");
    std::fs::write(d.join("hands.csv"), hands).unwrap();
    let o = simulate(&d, &["--resume"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(folder_files(&d), clean("torn"));
    assert!(!d.join("progress.json").exists());
}

#[test]
fn a_file_shorter_than_its_progress_is_refused_by_name() {
    let d = interrupted("short");
    // The last row lost: the disk had not got it when the machine stopped.
    let hands = std::fs::read_to_string(d.join("hands.csv")).unwrap();
    let cut = hands.trim_end().rfind('\n').unwrap() + 1;
    std::fs::write(d.join("hands.csv"), &hands[..cut]).unwrap();
    assert_refused(&simulate(&d, &["--resume"]), "hands.csv", "were lost");
    // Nothing was padded: the file is as it was left.
    assert_eq!(
        std::fs::read_to_string(d.join("hands.csv")).unwrap(),
        &hands[..cut]
    );
}

#[test]
fn an_edited_value_or_progress_record_is_refused() {
    let d = interrupted("edited");
    let deals = std::fs::read_to_string(d.join("deals.csv")).unwrap();
    // One value changed, the length kept.
    let at = deals.find(",3,").or_else(|| deals.find(",2,")).unwrap();
    let edited = format!(
        "{}{}{}",
        &deals[..at + 1],
        if &deals[at + 1..at + 2] == "3" {
            "4"
        } else {
            "5"
        },
        &deals[at + 2..]
    );
    std::fs::write(d.join("deals.csv"), &edited).unwrap();
    assert_refused(&simulate(&d, &["--resume"]), "deals.csv", "differ");
    std::fs::write(d.join("deals.csv"), &deals).unwrap();
    let progress = std::fs::read_to_string(d.join("progress.json")).unwrap();
    std::fs::write(
        d.join("progress.json"),
        progress.replace("\"done\":128", "\"done\":64"),
    )
    .unwrap();
    assert_refused(&simulate(&d, &["--resume"]), "progress.json", "changed");
    std::fs::write(d.join("progress.json"), progress).unwrap();
    let o = simulate(&d, &["--resume"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(folder_files(&d), clean("edited"));
}

#[test]
fn a_second_writer_is_refused_while_the_folder_is_held() {
    let d = fresh("locked");
    let held = FolderLock::take(&d).unwrap();
    for extra in [&[][..], &["--force"][..]] {
        let o = simulate(&d, extra);
        assert_refused(&o, &d.display().to_string(), "another tricklab");
        assert!(stderr(&o).contains(&format!("pid {}", std::process::id())));
    }
    assert!(
        !d.join("hands.csv").exists(),
        "nothing written beside the holder"
    );
    drop(held);
    let o = simulate(&d, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!d.join(tricklab::experiment::LOCK).exists());
}

#[test]
fn a_run_stopped_while_writing_its_summaries_finishes_on_resume() {
    let d = fresh("final");
    std::fs::create_dir_all(&d).unwrap();
    // The summary cannot be written (a folder in its way, as a full disk would stop it).
    std::fs::create_dir(d.join("summary.csv")).unwrap();
    let o = simulate(&d, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("summary.csv"), "{}", stderr(&o));
    assert!(
        d.join("progress.json").exists(),
        "the run can still be finished"
    );
    std::fs::remove_dir(d.join("summary.csv")).unwrap();
    let o = simulate(&d, &["--resume"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(folder_files(&d), clean("final"));
}
