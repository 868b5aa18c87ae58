//! `tricklab simulate --game nine-five-two`: a run that works, and bad input that exits with
//! code 2, one line of error and no output file.

use crate::common;

use std::path::PathBuf;

use common::{temp_path, tricklab};

fn temp(name: &str) -> PathBuf {
    temp_path("nfw-cli", name)
}

/// Runs `simulate` with `extra` and checks that it fails as bad input: exit code 2, one line
/// on stderr containing `says`, and no CSV written.
fn refused(name: &str, extra: &[&str], says: &str) {
    let out_file = temp(name);
    let mut args = vec!["simulate", "--game", "nine-five-two", "--games", "5"];
    args.extend(extra);
    args.extend(["--out", out_file.to_str().unwrap()]);
    let out = tricklab(&args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{extra:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.contains(says), "{extra:?}: {err}");
    assert!(out.stdout.is_empty());
    assert!(!out_file.exists(), "{extra:?} wrote {}", out_file.display());
}

#[test]
fn four_players_are_refused() {
    refused(
        "players.csv",
        &["--players", "4"],
        "exactly 3 players, not 4",
    );
}

#[test]
fn first_to_with_swapped_targets_is_refused() {
    refused(
        "first-to.csv",
        &[
            "--option",
            "rules=SwappedTargets",
            "--option",
            "end=FirstTo(10)",
        ],
        "applies only with `rules = Standard`",
    );
}

#[test]
fn a_catch_the_ten_option_is_refused() {
    refused("pairs.csv", &["--option", "pairs"], "unknown field `pairs`");
}

#[test]
fn an_end_that_is_not_offered_is_refused() {
    refused(
        "end.csv",
        &["--option", "end=FirstTo(15)"],
        "FirstTo(10), FirstTo(20) or FixedHands(k)",
    );
    refused(
        "variant.csv",
        &["--option", "rules=Whist"],
        "unknown variant `Whist`",
    );
}

#[test]
fn a_run_writes_one_row_per_seat_and_hand() {
    let csv = temp("rows");
    let out = tricklab(&[
        "simulate",
        "--game",
        "9-5-2",
        "--games",
        "20",
        "--option",
        "end=FixedHands(3)",
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(csv.join("hands.csv")).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(
        &header[..9],
        [
            "deal", "arm", "rotation", "hand", "seat", "side", "agent", "subject", "position"
        ]
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    // At most 3 hands a match (fewer after a 12-trick hand), three seats a hand.
    assert_eq!(rows.len() % 3, 0);
    assert!(rows.len() <= 20 * 3 * 3 && rows.len() >= 20 * 3);
    let column = |name: &str| header.iter().position(|&h| h == name).unwrap();
    let (tricks, target, position) = (column("tricks"), column("target"), column("position"));
    for hand in rows.chunks(3) {
        let sum: i32 = hand
            .iter()
            .map(|r| r[tricks].parse::<i32>().unwrap() - r[target].parse::<i32>().unwrap())
            .sum();
        assert_eq!(sum, 0);
        let positions: Vec<&str> = hand.iter().map(|r| r[position]).collect();
        assert!(positions.contains(&"dealer") && positions.contains(&"left"));
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("options: end=FixedHands(3), rules=Standard"),
        "{stdout}"
    );
}
