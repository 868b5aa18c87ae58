//! `tricklab simulate --game whist` refuses bad input: exit code 2, one line on stderr, and
//! no output file written.

use crate::common;

use common::{temp_path, tricklab, tricklab_ok};

fn refuses(name: &str, extra: &[&str], wanted: &str) {
    let csv = temp_path("cli_whist", &format!("{name}.csv"));
    let log = temp_path("cli_whist", &format!("{name}.jsonl"));
    let mut args = vec!["simulate", "--game", "whist", "--games", "10"];
    args.extend(extra);
    args.extend([
        "--out",
        csv.to_str().unwrap(),
        "--log",
        log.to_str().unwrap(),
    ]);
    let out = tricklab(&args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{name}: {err}");
    assert_eq!(
        err.trim_end().lines().collect::<Vec<_>>(),
        [wanted],
        "{name}"
    );
    assert!(out.stdout.is_empty(), "{name}");
    assert!(!csv.exists() && !log.exists(), "{name}: output written");
}

#[test]
fn three_players() {
    refuses(
        "players",
        &["--players", "3"],
        "error: whist is played by 4 players, not 3",
    );
}

#[test]
fn target_six() {
    refuses(
        "target",
        &["--option", "target=6"],
        "error: option `target` for whist must be 5 or 7, not 6",
    );
}

#[test]
fn a_catch_the_ten_option() {
    refuses(
        "pairs",
        &["--option", "pairs"],
        "error: bad option for whist: unknown field `pairs`, expected one of `honours`, `target`, `turnup_until_first_play`",
    );
}

#[test]
fn rule_based_switches_are_checked() {
    refuses(
        "bad-rules",
        &["--agents", "rules:save_ten"],
        "error: unknown switch `save_ten` for whist rules: expected one of: lead_from_length, \
         lead_from_strength, count_trumps, second_low_third_high, signals, second_hand_low, \
         third_hand_high, echo, echo_lead, return_lead, lead_from_strength_fourth_best, \
         echo_doubleton, signals_doubleton",
    );
    refuses(
        "rules-conflict",
        &["--agents", "rules:lead_from_strength,signals"],
        "error: switches `lead_from_strength` and `signals` contradict each other: choose one",
    );
}

#[test]
fn rule_based_players_with_switches_play() {
    let csv = temp_path("cli_whist", "rules");
    let stdout = tricklab_ok(&[
        "simulate",
        "--game",
        "whist",
        "--games",
        "20",
        "--agents",
        "rules:signals,lead_from_length,count_trumps;rules;rules:second_low_third_high;rules",
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert!(
        stdout.contains("rules:count_trumps,lead_from_length,signals,rules,"),
        "{stdout}"
    );
    let rows = std::fs::read_to_string(csv.join("hands.csv"))
        .unwrap()
        .lines()
        .count();
    assert!(rows > 80, "four rows per hand of 20 matches: {rows}");
}

#[test]
fn the_default_is_four_players_and_good_input_runs() {
    let csv = temp_path("cli_whist", "good");
    let csv_path = csv.to_str().unwrap();
    let stdout = tricklab_ok(&[
        "simulate",
        "--game",
        "whist",
        "--games",
        "10",
        "--option",
        "target=7,honours",
        "--out",
        csv_path,
    ]);
    assert!(
        stdout.contains("options: honours=true, target=7,"),
        "{stdout}"
    );
    let text = std::fs::read_to_string(csv.join("hands.csv")).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert!(
        rows[0].ends_with("subject,side_tricks,trick_points,honours_held,honours,trumps,dealer")
    );
    assert_eq!((rows.len() - 1) % 4, 0, "four rows per hand");
}

#[test]
fn an_experiment_runs_whist_with_its_own_statistics() {
    let config = temp_path("cli_whist", "experiment.toml");
    let out = temp_path("cli_whist", "experiment-out");
    let _ = std::fs::remove_dir_all(&out);
    std::fs::write(
        &config,
        r#"name = "whist-test"
game = "whist"
seed = 2
deals = 20
statistics = ["scored", "points_with_honours", "honours_scored"]
[options]
honours = true
target = 7
[[arm]]
name = "random"
seats = "random"
subject = [0, 2]
"#,
    )
    .unwrap();
    tricklab_ok(&[
        "run",
        config.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    for stat in ["scored", "points_with_honours", "honours_scored"] {
        assert!(summary.contains(stat), "{stat} missing from {summary}");
    }
    let hands = std::fs::read_to_string(out.join("hands.csv")).unwrap();
    assert!(
        hands
            .lines()
            .next()
            .unwrap()
            .ends_with("side_tricks,trick_points,honours_held,honours,trumps,dealer")
    );
}

#[test]
fn a_tournament_plays_whist() {
    let out = temp_path("cli_whist", "tournament");
    let _ = std::fs::remove_dir_all(&out);
    let stdout = tricklab_ok(&[
        "tournament",
        "--game",
        "whist",
        "--agents",
        "random;ismcts:iterations=20",
        "--deals",
        "6",
        "--threads",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(stdout.contains("Bradley"), "{stdout}");
    assert!(out.read_dir().unwrap().next().is_some(), "nothing written");
}
