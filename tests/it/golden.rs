//! Golden files: `run`, `tournament` and `agree` on a small config per game write exactly the
//! files pinned under `tests/data/golden/`, byte for byte; and shards of committed experiments
//! reproduce the committed `results/<name>/deals.csv` and `hands.csv` rows.
//!
//! The pinned files were written by the code before the upper floors were refactored (issue
//! 20); a refactor that changes a byte fails here. To pin new outputs after a change that is
//! *meant* to change them, run `TRICKLAB_BLESS=1 cargo test --test it golden` and commit the
//! difference with the reason.

use crate::common;

use std::path::{Path, PathBuf};

use common::{folder_files, temp_path};

/// The games with a golden config (`tests/data/golden/configs/<game>.toml`).
const GAMES: [&str; 3] = ["catch-the-ten", "nine-five-two", "whist"];

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden")
}

/// The config path as `run.json` records it: relative to the repository root, where the
/// binary runs.
fn config(name: &str) -> String {
    format!("tests/data/golden/configs/{name}.toml")
}

fn run_in_root(args: &[&str]) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("running tricklab");
    assert!(
        out.status.success(),
        "tricklab {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn fresh(name: &str) -> PathBuf {
    let d = temp_path("golden", name);
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// The fields of a provenance record that depend on neither the build nor the machine.
fn stable_record(bytes: &[u8]) -> serde_json::Map<String, serde_json::Value> {
    let mut v: serde_json::Map<String, serde_json::Value> =
        serde_json::from_slice(bytes).expect("run.json is JSON");
    for field in ["commit", "dirty", "rustc", "target", "cpu"] {
        v.remove(field);
    }
    v
}

/// Compares every file of `got` with the pinned folder `tests/data/golden/<pinned>`, or pins
/// them when `TRICKLAB_BLESS` is set. `run.json` is compared field by field on the fields the
/// pinned one has (less the commit), so that provenance may grow without re-pinning; likewise
/// `agreement.json`.
fn compare(got: &Path, pinned: &str) {
    let want_dir = golden_dir().join(pinned);
    let got_files = folder_files(got);
    if std::env::var_os("TRICKLAB_BLESS").is_some() {
        let _ = std::fs::remove_dir_all(&want_dir);
        std::fs::create_dir_all(&want_dir).unwrap();
        for (name, bytes) in &got_files {
            std::fs::write(want_dir.join(name), bytes).unwrap();
        }
        return;
    }
    let want_files = folder_files(&want_dir);
    let names = |v: &[(String, Vec<u8>)]| v.iter().map(|f| f.0.clone()).collect::<Vec<_>>();
    assert_eq!(
        names(&got_files),
        names(&want_files),
        "{pinned}: the files written"
    );
    for ((name, got), (_, want)) in got_files.iter().zip(&want_files) {
        if name.ends_with(".json") {
            let (got, want) = (stable_record(got), stable_record(want));
            for (key, value) in &want {
                assert_eq!(got.get(key), Some(value), "{pinned}/{name}: field {key}");
            }
        } else {
            assert!(
                got == want,
                "{pinned}/{name} differs from the pinned file ({} bytes against {})",
                got.len(),
                want.len()
            );
        }
    }
}

#[test]
fn run_writes_the_pinned_files_for_every_game() {
    for game in GAMES.iter().copied().chain(["catch-the-ten-matches"]) {
        let out = fresh(&format!("run-{game}"));
        run_in_root(&[
            "run",
            &config(game),
            "--threads",
            "2",
            "--out",
            out.to_str().unwrap(),
        ]);
        compare(&out, &format!("{game}/run"));
    }
}

#[test]
fn agree_writes_the_pinned_files_for_every_game() {
    for game in GAMES {
        let out = fresh(&format!("agree-{game}"));
        run_in_root(&[
            "agree",
            &config(game),
            "--threads",
            "2",
            "--out",
            out.to_str().unwrap(),
        ]);
        compare(&out, &format!("{game}/agree"));
    }
}

#[test]
fn tournament_writes_the_pinned_files_for_every_game() {
    let cases: [(&str, &[&str]); 4] = [
        (
            "catch-the-ten",
            &["--agents", "random;rules;rules:save_ten", "--deals", "10"],
        ),
        (
            "catch-the-ten",
            &[
                "--agents",
                "rules;rules:save_ten",
                "--deals",
                "3",
                "--matches",
            ],
        ),
        (
            "nine-five-two",
            &[
                "--agents",
                "random;rules;rules:discard_to_void",
                "--deals",
                "10",
            ],
        ),
        (
            "whist",
            &[
                "--agents",
                "random;rules;rules:lead_from_length",
                "--deals",
                "10",
            ],
        ),
    ];
    for (i, (game, extra)) in cases.iter().enumerate() {
        let out = fresh(&format!("tournament-{i}"));
        let mut args = vec![
            "tournament",
            "--game",
            game,
            "--seed",
            "7",
            "--threads",
            "2",
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        run_in_root(&args);
        let matches = if extra.contains(&"--matches") {
            "-matches"
        } else {
            ""
        };
        compare(&out, &format!("{game}/tournament{matches}"));
    }
}

/// The data rows of a CSV file, without its header.
fn rows(text: &str) -> Vec<&str> {
    text.lines().skip(1).collect()
}

/// Shard `shard` of `experiments/NAME.toml` writes the rows that the committed
/// `results/RESULTS/deals.csv` has for its deals, and the same `hands.csv`.
fn shard_reproduces(name: &str, results: &str, shard: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let committed = root.join("results").join(results);
    let out = fresh(&format!("shard-{}", name.replace('/', "-")));
    run_in_root(&[
        "run",
        &format!("experiments/{name}.toml"),
        "--shard",
        shard,
        "--threads",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    let got = std::fs::read_to_string(out.join("deals.csv")).unwrap();
    let want = std::fs::read_to_string(committed.join("deals.csv")).unwrap();
    assert_eq!(
        got.lines().next(),
        want.lines().next(),
        "{name}: deals.csv header"
    );
    let got_rows = rows(&got);
    assert!(!got_rows.is_empty(), "{name} shard {shard} played no deal");
    let deal_of = |row: &str| row.split(',').next().unwrap().to_string();
    let first = deal_of(got_rows[0]);
    let start = rows(&want)
        .iter()
        .position(|r| deal_of(r) == first)
        .unwrap_or_else(|| panic!("{name}: deal {first} is not in the committed deals.csv"));
    assert_eq!(
        got_rows,
        rows(&want)[start..start + got_rows.len()],
        "{name} shard {shard}: rows differ from the committed deals.csv"
    );
    let got = std::fs::read(out.join("hands.csv")).unwrap();
    let want = std::fs::read(committed.join("hands.csv")).unwrap();
    // The committed experiments write no hand rows (`hand_rows = false`): the header only.
    assert_eq!(got, want, "{name}: hands.csv");
}

#[test]
fn shards_of_committed_experiments_reproduce_their_rows() {
    shard_reproduces("ct-h3-cards", "ct-h3-cards", "1234/2000");
    shard_reproduces("n-h2-discard-to-void", "n-h2-discard-to-void", "2000/2000");
    shard_reproduces("w-h1-lead-from-length", "w-h1-lead-from-length", "1/2000");
    // ISMCTS-10k with policy inference and random rollouts in every other Whist seat: the
    // searchers' play is pinned too.
    shard_reproduces(
        "third-edition/w-h2-count-trumps-ladder",
        "third-edition/w-h2-count-trumps-ladder/merged",
        "1/500",
    );
    // And ISMCTS-10k in 9-5-2 (one opponent of the mixed field).
    shard_reproduces(
        "third-edition/n-h2-discard-mixed",
        "third-edition/n-h2-discard-mixed/merged",
        "1/1000",
    );
}

#[test]
fn simulate_out_writes_the_pinned_files_for_every_game() {
    let cases: [(&str, &[&str]); 5] = [
        ("catch-the-ten", &["--hands", "--games", "12"]),
        (
            "catch-the-ten-matches",
            &["--games", "3", "--agents", "rules"],
        ),
        (
            "nine-five-two",
            &["--hands", "--games", "12", "--agents", "rules,random,rules"],
        ),
        ("whist", &["--hands", "--games", "12", "--agents", "rules"]),
        (
            "whist-duplicate",
            &[
                "--hands",
                "--games",
                "6",
                "--agents",
                "rules,random,rules,random",
                "--duplicate",
            ],
        ),
    ];
    for (case, extra) in cases {
        let out = fresh(&format!("simulate-{case}"));
        let game = case.split("-matches").next().unwrap();
        let game = game.strip_suffix("-duplicate").unwrap_or(game);
        let mut args = vec![
            "simulate",
            "--game",
            game,
            "--seed",
            "5",
            "--threads",
            "2",
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        run_in_root(&args);
        compare(&out, &format!("simulate/{case}"));
    }
}

#[test]
fn merge_of_shards_writes_the_pinned_files_for_every_game() {
    for game in GAMES.iter().copied().chain(["catch-the-ten-matches"]) {
        let shards: Vec<PathBuf> = ["1/3", "2/3", "3/3"]
            .iter()
            .map(|shard| {
                let out = fresh(&format!("merge-{game}-{}", &shard[..1]));
                run_in_root(&[
                    "run",
                    &config(game),
                    "--shard",
                    shard,
                    "--threads",
                    "1",
                    "--out",
                    out.to_str().unwrap(),
                ]);
                out
            })
            .collect();
        let merged = fresh(&format!("merge-{game}"));
        let mut args = vec!["merge", "--out", merged.to_str().unwrap()];
        // In an order other than the shards': merge sorts them.
        args.extend(shards.iter().rev().map(|p| p.to_str().unwrap()));
        run_in_root(&args);
        compare(&merged, &format!("{game}/merge"));
        // Merged shards are the unsharded run, row for row.
        for file in ["deals.csv", "hands.csv", "summary.csv"] {
            let got = std::fs::read(merged.join(file)).unwrap();
            let want = std::fs::read(golden_dir().join(game).join("run").join(file)).unwrap();
            assert!(got == want, "{game}: merged {file} differs from the run's");
        }
    }
}
