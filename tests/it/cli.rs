//! The command line: reproducibility across thread counts, and bad input.

use crate::common;

use common::tricklab;

fn tempdir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("tricklab-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Six players in pairs, 2000 matches with `seed` on `threads` threads, into `out` (and a
/// record log beside it); returns the folder's rows and summary and the log.
fn six_in_pairs(seed: &str, threads: &str, out: &std::path::Path) -> [Vec<u8>; 4] {
    let log = out.with_extension("jsonl");
    let o = tricklab(&[
        "simulate",
        "--players",
        "6",
        "--option",
        "pairs",
        "--games",
        "2000",
        "--seed",
        seed,
        "--threads",
        threads,
        "--out",
        out.to_str().unwrap(),
        "--log",
        log.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let read = |f: &str| std::fs::read(out.join(f)).unwrap();
    [
        read("hands.csv"),
        read("deals.csv"),
        read("summary.csv"),
        std::fs::read(log).unwrap(),
    ]
}

#[test]
fn same_seed_same_bytes_on_any_thread_count() {
    let dir = tempdir("threads");
    let outputs: Vec<[Vec<u8>; 4]> = ["1", "2", "3"]
        .iter()
        .map(|t| six_in_pairs("7", t, &dir.join(format!("h{t}"))))
        .collect();
    assert!(outputs[0][0].len() > 10_000);
    assert_eq!(outputs[0], outputs[1]);
    assert_eq!(outputs[0], outputs[2]);
    // And a different seed gives different deals.
    let other = six_in_pairs("8", "2", &dir.join("other"));
    assert_ne!(other[0], outputs[0][0]);
}

#[test]
fn single_hands_mode_writes_one_deal_per_game() {
    let dir = tempdir("hands");
    let out_dir = dir.join("h");
    let out = tricklab(&[
        "simulate",
        "--hands",
        "--games",
        "100",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(out_dir.join("hands.csv")).unwrap();
    // 4 players: a header and one row per seat and hand.
    assert_eq!(text.lines().count(), 1 + 4 * 100);
    assert!(text.starts_with("deal,arm,rotation,hand,"));
    assert!(
        text.lines()
            .skip(1)
            .all(|l| l.split(',').nth(3) == Some("0")),
        "hand 0 only"
    );
}

fn assert_bad_input(args: &[&str], must_mention: &str) {
    let dir = tempdir(&format!("bad{}", args.len()));
    let csv = dir.join("never.csv");
    let mut all = args.to_vec();
    all.extend(["--out", csv.to_str().unwrap()]);
    let out = tricklab(&all);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(
        err.contains(must_mention),
        "{args:?}: `{err}` should mention `{must_mention}`"
    );
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    assert!(!csv.exists(), "{args:?} left an output file");
    assert!(out.stdout.is_empty());
}

#[test]
fn bad_input_is_one_line_exit_2_and_no_file() {
    assert_bad_input(
        &["simulate", "--game", "skat"],
        "catch-the-ten, nine-five-two or whist",
    );
    assert_bad_input(&["simulate", "--players", "9"], "2 to 8");
    assert_bad_input(&["simulate", "--players", "1"], "2 to 8");
    assert_bad_input(
        &["simulate", "--players", "5", "--option", "pairs"],
        "6 or 8 players",
    );
    assert_bad_input(&["simulate", "--option", "keep_6S"], "5 or 7");
    assert_bad_input(&["simulate", "--option", "pears"], "game_at_once");
    assert_bad_input(
        &["simulate", "--option", "revoke_penalty=Whatever"],
        "LoseGame",
    );
    assert_bad_input(
        &[
            "simulate",
            "--option",
            "allow_revokes",
            "--option",
            "allow_revokes",
        ],
        "twice",
    );
    assert_bad_input(&["simulate", "--agents", "genius"], "random");
    assert_bad_input(&["simulate", "--agents", "random,random"], "4 seats");
    assert_bad_input(&["simulate", "--games", "0"], "at least 1");
    assert_bad_input(&["simulate", "--threads", "0"], "at least 1");
}

#[test]
fn bad_flag_values_exit_2() {
    let out = tricklab(&["simulate", "--games", "many"]);
    assert_eq!(out.status.code(), Some(2));
    // A file that cannot be opened is a failure of the environment (1), not bad input.
    let out = tricklab(&["replay", "/nonexistent/file.jsonl"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim().lines().count(),
        1
    );
}

#[test]
fn duplicate_replays_every_deal_with_the_sides_swapped() {
    let dir = tempdir("duplicate");
    let out_dir = dir.join("d");
    let out = tricklab(&[
        "simulate",
        "--hands",
        "--games",
        "500",
        "--duplicate",
        "--agents",
        "rules:save_ten;rules;rules:save_ten;rules",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("each replayed with the arms rotated")
            && stdout.contains("point_difference"),
        "{stdout}"
    );
    let text = std::fs::read_to_string(out_dir.join("hands.csv")).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    // Two rotations of every deal, four seats each.
    assert_eq!(rows.len(), 500 * 2 * 4);
    for deal in rows.chunks(8) {
        assert_eq!([deal[0][2], deal[4][2]], ["0", "1"], "rotation 0 then 1");
        assert!(
            deal.iter().all(|r| r[0] == deal[0][0]),
            "one deal per block"
        );
        // The subject (the first agent) moves round with the seating.
        assert_eq!([deal[0][6], deal[0][7]], ["rules:save_ten", "1"]);
        assert_eq!([deal[5][6], deal[5][7]], ["rules:save_ten", "1"]);
    }
}
