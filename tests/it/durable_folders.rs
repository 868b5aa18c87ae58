//! Nothing lost when the machine fails (issue 32) in the folders of `tournament`, `agree` and
//! `merge --out`, and the checksums of `run.json`: a killed or stopped command resumes to the
//! same bytes, a torn tail is cut, an edited file is refused by name, a second writer is
//! refused, and a full disk names the file and leaves a folder that resumes. A full disk is a
//! symbolic link to `/dev/full` where the file (or its temporary name) goes.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use super::common::save_ten::SaveTen;
use super::common::{folder_files, temp_path};
use tricklab::experiment::FolderLock;

fn fresh(name: &str) -> PathBuf {
    let d = temp_path("durable-folders", name);
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn assert_ok(o: &Output) {
    assert!(o.status.success(), "{}", stderr(o));
}

/// Exit 2 with one line holding every one of `needles`.
fn assert_refused(o: &Output, needles: &[&str]) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(needles.iter().all(|n| err.contains(n)), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
}

/// Exit 1 (the environment), one line naming `file` and the full disk.
fn assert_full_disk(o: &Output, file: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains(file) && err.contains("No space left on device"),
        "{err}"
    );
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
}

/// `path` made a link to `/dev/full`: whatever is written there finds the disk full.
fn full_disk_at(path: &Path) {
    let _ = std::fs::remove_file(path);
    std::os::unix::fs::symlink("/dev/full", path).unwrap();
}

/// A Whist tournament of random against rules into `out`.
fn tournament(out: &Path, deals: &str, threads: &str, extra: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tricklab"));
    c.args([
        "tournament",
        "--game",
        "whist",
        "--agents",
        "random;rules",
        "--deals",
        deals,
        "--seed",
        "5",
        "--threads",
        threads,
        "--out",
    ])
    .arg(out)
    .args(extra);
    c
}

/// The files of a finished tournament that do not depend on the machine.
fn reproducible(dir: &Path) -> Vec<(String, Vec<u8>)> {
    folder_files(dir)
        .into_iter()
        .filter(|(name, _)| name != "timing.csv")
        .collect()
}

/// The files of a 640-deal tournament run straight through, in a folder of its own.
fn straight(name: &str) -> Vec<(String, Vec<u8>)> {
    let d = fresh(&format!("straight-{name}"));
    assert_ok(&tournament(&d, "640", "1", &[]).output().unwrap());
    reproducible(&d)
}

/// A 640-deal tournament stopped after 3 chunks (exit 3).
fn stopped(name: &str) -> PathBuf {
    let d = fresh(name);
    let o = tournament(&d, "640", "1", &["--stop-after-chunks", "3"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    d
}

#[test]
fn a_tournament_killed_at_any_moment_resumes_to_the_same_bytes() {
    let want = straight("killed");
    // Killed as soon as it starts, after its first chunk, and later on.
    for (i, lines) in [0usize, 2, 5].into_iter().enumerate() {
        let d = fresh(&format!("killed-{i}"));
        let mut child = tournament(&d, "640", "2", &[])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        for _ in 0..5000 {
            let have = std::fs::read_to_string(d.join("progress.csv"))
                .map(|t| t.lines().count())
                .unwrap_or(0);
            if have >= lines {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        child.kill().unwrap();
        child.wait().unwrap();
        if d.join("run.json").exists() {
            // It finished before the kill.
            assert_eq!(reproducible(&d), want);
            continue;
        }
        assert!(!d.join("pairs.csv").exists(), "nothing looks finished");
        let resume = if d.join("progress.csv").exists() {
            "--resume"
        } else {
            "--force"
        };
        assert_ok(&tournament(&d, "640", "3", &[resume]).output().unwrap());
        assert_eq!(reproducible(&d), want, "killed after {lines} lines");
    }
}

#[test]
fn a_torn_tournament_progress_is_cut_and_an_edited_one_refused() {
    let want = straight("edited");
    let d = stopped("edited");
    let path = d.join("progress.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    // A score changed by hand, the length kept.
    let line = text.lines().nth(1).unwrap();
    let at = text.find(line).unwrap() + line.len() - 1;
    let digit = if &text[at..=at] == "5" { "6" } else { "5" };
    let edited = format!("{}{digit}{}", &text[..at], &text[at + 1..]);
    std::fs::write(&path, edited).unwrap();
    let o = tournament(&d, "640", "1", &["--resume"]).output().unwrap();
    assert_refused(&o, &["progress.csv", "differ"]);
    // Restored, and a chunk line torn by the machine stopping after it: cut and played again.
    std::fs::write(&path, format!("{text}1,64,3,12")).unwrap();
    assert_ok(&tournament(&d, "640", "2", &["--resume"]).output().unwrap());
    assert_eq!(reproducible(&d), want);
    assert!(!path.exists() && !d.join(".progress.csv.check").exists());
}

#[test]
fn a_held_tournament_folder_is_refused() {
    let d = fresh("held");
    let held = FolderLock::take(&d).unwrap();
    for extra in [&[][..], &["--force"][..]] {
        let o = tournament(&d, "64", "1", extra).output().unwrap();
        assert_refused(
            &o,
            &["another tricklab", &format!("pid {}", std::process::id())],
        );
    }
    drop(held);
    assert_ok(&tournament(&d, "64", "1", &[]).output().unwrap());
}

#[test]
fn a_tournament_out_of_space_names_the_file_and_finishes_on_resume() {
    let want = straight("full");
    let d = fresh("full");
    std::fs::create_dir_all(&d).unwrap();
    // The disk fills as the results are written: every chunk is played and kept.
    full_disk_at(&d.join(".summary.md.tmp"));
    let o = tournament(&d, "640", "2", &[]).output().unwrap();
    assert_full_disk(&o, "summary.md");
    assert!(
        d.join("progress.csv").exists(),
        "the tournament can be finished"
    );
    assert!(!d.join("run.json").exists());
    assert_ok(&tournament(&d, "640", "1", &["--resume"]).output().unwrap());
    assert_eq!(reproducible(&d), want);
    // The disk full from the start: the progress file is named.
    let d = fresh("full-progress");
    std::fs::create_dir_all(&d).unwrap();
    full_disk_at(&d.join("..progress.csv.check.tmp"));
    assert_full_disk(
        &tournament(&d, "64", "1", &[]).output().unwrap(),
        ".progress.csv.check",
    );
}

/// Two arms, an agreement run of two searchers at 16 positions, written beside `out` (one
/// file per folder: tests running at once must not remove each other's config).
fn agree_config(out: &Path) -> PathBuf {
    let text = SaveTen::against_b0("durable-agree")
        .seed(9)
        .statistics(&["ten_saved"])
        .agreement(
            "rules",
            &["ismcts:iterations=200,rollout=rules", "pimc:worlds=3,tt=14"],
            16,
        )
        .toml();
    let p = out.with_extension("toml");
    std::fs::write(&p, text).unwrap();
    p
}

fn agree(out: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .arg("agree")
        .arg(agree_config(out))
        .arg("--out")
        .arg(out)
        .args(extra)
        .output()
        .unwrap()
}

#[test]
fn an_agreement_refuses_edited_answers_names_a_full_disk_and_finishes_on_resume() {
    let clean = fresh("agree-clean");
    assert_ok(&agree(&clean, &[]));
    let want = folder_files(&clean);
    let d = fresh("agree-cut");
    // A second agreement into a folder one is writing is refused.
    let held = FolderLock::take_for(&d, ".tricklab-agree.lock").unwrap();
    assert_refused(&agree(&d, &["--force"]), &["another tricklab"]);
    drop(held);
    let o = agree(&d, &["--stop-after-answers", "6"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let path = d.join("agreement.partial.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    // An answer's searcher index changed by hand, the length kept.
    let second = text.find('\n').unwrap() + 1;
    let flipped = if &text[second..=second] == "0" {
        "1"
    } else {
        "0"
    };
    let edited = format!("{}{flipped}{}", &text[..second], &text[second + 1..]);
    std::fs::write(&path, edited).unwrap();
    assert_refused(
        &agree(&d, &["--resume"]),
        &["agreement.partial.csv", "differ"],
    );
    std::fs::write(&path, &text).unwrap();
    // The disk fills as the table is written: every answer is kept, and the resume finishes.
    full_disk_at(&d.join(".agreement.md.tmp"));
    assert_full_disk(&agree(&d, &["--resume"]), "agreement.md");
    assert!(path.exists());
    assert_ok(&agree(&d, &["--resume"]));
    assert_eq!(folder_files(&d), want);
    // The answers' file itself on a full disk.
    let d = fresh("agree-full");
    std::fs::create_dir_all(&d).unwrap();
    full_disk_at(&d.join("agreement.partial.csv"));
    assert_full_disk(&agree(&d, &["--force"]), "agreement.partial.csv");
}

/// A Whist experiment of 40 random deals with hand rows, both shards run into `name`-1 and
/// `name`-2, and the merge into `name`-out.
fn shards(name: &str) -> (PathBuf, PathBuf, PathBuf) {
    let cfg = temp_path("durable-folders", &format!("{name}.toml"));
    std::fs::write(
        &cfg,
        "name = \"d\"\ngame = \"whist\"\nseed = 1\ndeals = 40\nstatistics = [\"tricks\"]\n\n[[arm]]\nname = \"a\"\nseats = [\"random\", \"random\", \"random\", \"random\"]\n",
    )
    .unwrap();
    let dirs: Vec<PathBuf> = (1..=2)
        .map(|k| {
            let d = fresh(&format!("{name}-{k}"));
            let o = Command::new(env!("CARGO_BIN_EXE_tricklab"))
                .arg("run")
                .arg(&cfg)
                .args(["--shard", &format!("{k}/2"), "--out"])
                .arg(&d)
                .output()
                .unwrap();
            assert_ok(&o);
            d
        })
        .collect();
    (
        dirs[0].clone(),
        dirs[1].clone(),
        fresh(&format!("{name}-out")),
    )
}

fn merge(a: &Path, b: &Path, out: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .arg("merge")
        .args([a, b])
        .arg("--out")
        .arg(out)
        .arg("--force")
        .output()
        .unwrap()
}

fn summarise(dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .arg("summarise")
        .arg(dir)
        .output()
        .unwrap()
}

/// `file` in `dir` with one digit changed, its length kept.
fn edit_a_value(dir: &Path, file: &str) -> String {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let at = text.rfind(|c: char| c.is_ascii_digit()).unwrap();
    let digit = if &text[at..=at] == "1" { "2" } else { "1" };
    std::fs::write(&path, format!("{}{digit}{}", &text[..at], &text[at + 1..])).unwrap();
    text
}

#[test]
fn run_json_vouches_for_the_data_files_and_summarise_and_merge_check_them() {
    let (a, b, out) = shards("vouch");
    let rec = std::fs::read_to_string(a.join("run.json")).unwrap();
    assert!(
        rec.contains("\"hands.csv\"") && rec.contains("\"sha256\""),
        "{rec}"
    );
    // A value edited in a shard: merge names the file.
    let deals = edit_a_value(&b, "deals.csv");
    let o = merge(&a, &b, &out);
    assert_refused(&o, &["deals.csv", "SHA-256 differs"]);
    assert!(!out.join("deals.csv").exists(), "nothing merged");
    std::fs::write(b.join("deals.csv"), deals).unwrap();
    assert_ok(&merge(&a, &b, &out));
    // The merged folder's run.json vouches for the merged files: summarise checks them.
    assert_ok(&summarise(&out));
    let deals = edit_a_value(&out, "deals.csv");
    assert_refused(&summarise(&out), &["deals.csv", "SHA-256 differs"]);
    std::fs::write(out.join("deals.csv"), &deals[..deals.len() - 1]).unwrap();
    assert_refused(
        &summarise(&out),
        &["deals.csv", "bytes where run.json records"],
    );
}

#[test]
fn a_merge_refuses_a_held_folder_and_out_of_space_leaves_no_merged_file() {
    let (a, b, out) = shards("merge-full");
    let held = FolderLock::take(&out).unwrap();
    assert_refused(&merge(&a, &b, &out), &["another tricklab"]);
    drop(held);
    full_disk_at(&out.join(".hands.csv.partial"));
    let o = merge(&a, &b, &out);
    assert_full_disk(&o, "hands.csv");
    let left: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(left.is_empty(), "{left:?}");
    assert_ok(&merge(&a, &b, &out));
}

#[test]
fn a_tournaments_and_an_agreements_record_vouch_for_their_files() {
    let d = fresh("t-vouched");
    assert_ok(&tournament(&d, "64", "1", &[]).output().unwrap());
    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("run.json")).unwrap()).unwrap();
    let pairs = std::fs::read(d.join("pairs.csv")).unwrap();
    assert_eq!(rec["files"]["pairs.csv"]["bytes"], pairs.len() as u64);
    // A value edited after the tournament: a --resume meeting the folder names the file.
    let mut edited = pairs.clone();
    let last = edited.len() - 2;
    edited[last] = if edited[last] == b'1' { b'2' } else { b'1' };
    std::fs::write(d.join("pairs.csv"), &edited).unwrap();
    let o = tournament(&d, "64", "1", &["--resume"]).output().unwrap();
    assert_refused(&o, &["pairs.csv", "SHA-256 differs", "run.json"]);
    std::fs::write(d.join("pairs.csv"), &pairs).unwrap();
    let o = tournament(&d, "64", "1", &["--resume"]).output().unwrap();
    assert_refused(&o, &["already holds results"]);

    let a = fresh("agree-vouched");
    assert_ok(&agree(&a, &[]));
    let csv = std::fs::read_to_string(a.join("agreement.csv")).unwrap();
    std::fs::write(a.join("agreement.csv"), csv.replacen(',', ";", 3)).unwrap();
    assert_refused(
        &agree(&a, &["--rebuild"]),
        &["agreement.csv", "agreement.json"],
    );
    std::fs::write(a.join("agreement.csv"), &csv).unwrap();
    std::fs::write(a.join("agreement.md"), "edited\n").unwrap();
    assert_refused(
        &agree(&a, &["--resume"]),
        &["agreement.md", "agreement.json"],
    );
    // --rebuild writes the table again and vouches for it anew.
    assert_ok(&agree(&a, &["--rebuild"]));
    let o = agree(&a, &["--resume"]);
    assert!(
        !stderr(&o).contains("agreement.json records"),
        "{}",
        stderr(&o)
    );
}
