//! Whist records: simulate → log → replay round trips, and replay refuses a tampered record
//! (an illegal card, a wrong score, a wrong result, a wrong winner).

use crate::common;

use std::path::PathBuf;

use common::{temp_path, tricklab, tricklab_ok};
use serde_json::Value;
use tricklab::cards::Card;
use tricklab::games::Game;
use tricklab::games::Seat;
use tricklab::games::matches::MatchState;
use tricklab::games::record::{RecordOf, RecordRules, ReplayError, replay_line};
use tricklab::games::whist::Setup;

/// Simulates `games` matches with `options` and returns the record lines.
fn records(name: &str, games: u32, options: &[&str]) -> (PathBuf, Vec<String>) {
    let log = temp_path("replay_whist", &format!("{name}.jsonl"));
    let games = games.to_string();
    let mut args = vec![
        "simulate", "--game", "whist", "--games", &games, "--seed", "7",
    ];
    for o in options {
        args.extend(["--option", o]);
    }
    args.extend(["--log", log.to_str().unwrap()]);
    tricklab_ok(&args);
    let text = std::fs::read_to_string(&log).unwrap();
    (log, text.lines().map(str::to_string).collect())
}

fn replay(line: &str) -> Result<(), ReplayError> {
    replay_line::<Setup>(line).map(|_| ())
}

fn edit(line: &str, f: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(line).unwrap();
    f(&mut v);
    v.to_string()
}

#[test]
fn simulate_log_replay_round_trip() {
    for options in [
        &[][..],
        &["honours", "target=7"],
        &["turnup_until_first_play"],
    ] {
        let (log, lines) = records("round_trip", 200, options);
        let stdout = tricklab_ok(&["replay", log.to_str().unwrap()]);
        assert!(
            stdout.contains(&format!(
                "{} hands replayed, 200 matches ended",
                lines.len()
            )),
            "{stdout}"
        );
        for line in &lines {
            let (rec, done) = replay_line::<Setup>(line).unwrap();
            assert_eq!(rec.result, done.result);
            assert_eq!(rec.actions.len(), 52);
        }
    }
}

/// The first record line, and the index and a replacement for its first card played that
/// breaks follow-suit (the seat held a card of the suit led).
fn a_revoke(lines: &[String]) -> (String, usize, Card) {
    for line in lines {
        let rec: RecordOf<Setup> = serde_json::from_str(line).unwrap();
        let rules = Setup::from_options(4, &rec.options).unwrap();
        let mut m = MatchState::new(Seat(rec.dealer));
        m.scores[..2].copy_from_slice(&rec.scores_before);
        let mut h = rules.restore(&m, &rec.deal).unwrap();
        for (i, a) in rec.actions.iter().enumerate() {
            let seat = h.to_act().unwrap();
            let held = h.hand(seat) - h.legal_actions().cards();
            if let Some(c) = held.first() {
                return (line.clone(), i, c);
            }
            h.apply(a.step.decision().unwrap());
        }
    }
    panic!("no hand offered a revoke");
}

#[test]
fn replay_refuses_a_card_that_does_not_follow_suit() {
    let (log, lines) = records("revoke", 20, &[]);
    let (line, i, card) = a_revoke(&lines);
    let bad = edit(&line, |v| {
        v["actions"][i]["play"] = Value::from(card.to_string())
    });
    match replay(&bad) {
        Err(ReplayError::Action { index, reason, .. }) => {
            assert_eq!(index, i);
            assert!(reason.contains("not legal"), "{reason}");
        }
        other => panic!("accepted or wrong error: {other:?}"),
    }
    // The command line says so in one line and exits with 2.
    std::fs::write(&log, format!("{bad}\n")).unwrap();
    let out = tricklab(&["replay", log.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.contains("line 1") && err.contains(&format!("action {i}")),
        "{err}"
    );
}

#[test]
fn replay_refuses_a_card_the_seat_does_not_hold() {
    let (_, lines) = records("not_held", 1, &[]);
    let rec: RecordOf<Setup> = serde_json::from_str(&lines[0]).unwrap();
    let leader = rec.actions[0].seat as usize;
    let other = rec.deal.hands[(leader + 1) % 4].first().unwrap();
    let bad = edit(&lines[0], |v| {
        v["actions"][0]["play"] = Value::from(other.to_string())
    });
    assert!(matches!(
        replay(&bad),
        Err(ReplayError::Action { index: 0, .. })
    ));
}

#[test]
fn replay_refuses_wrong_scores_results_and_winners() {
    let (_, lines) = records("scores", 30, &["honours"]);
    let last = lines
        .iter()
        .find(|l| !l.contains("\"winners\":null"))
        .unwrap();
    replay(last).unwrap();
    /// Adds `by` to the number at `path` in the record.
    fn bump(v: &mut Value, path: &[&str], index: usize, by: i64) {
        let slot = path.iter().fold(v, |v, k| &mut v[*k]);
        slot[index] = Value::from(slot[index].as_i64().unwrap() + by);
    }
    type Tamper = fn(&mut Value);
    let cases: [(&str, Tamper); 5] = [
        ("scores_after", |v| bump(v, &["scores_after"], 0, 1)),
        ("result", |v| bump(v, &["result", "trick_points"], 1, 1)),
        ("result", |v| {
            v["result"]["honours_held"][0] = Value::from(5)
        }),
        ("winners", |v| v["winners"] = Value::Null),
        ("next_dealer", |v| {
            v["next_dealer"] = Value::from((v["next_dealer"].as_u64().unwrap() + 2) % 4)
        }),
    ];
    for (field, f) in cases {
        match replay(&edit(last, f)) {
            Err(ReplayError::Mismatch { field: got, .. }) => assert_eq!(got, field),
            other => panic!("{field}: {other:?}"),
        }
    }
    // A deal that is not the pack, and scores a hand cannot start from.
    let dup = edit(last, |v| {
        v["deal"]["hands"][1] = v["deal"]["hands"][0].clone()
    });
    assert!(matches!(replay(&dup), Err(ReplayError::Deal(_))));
    let over = edit(last, |v| v["scores_before"][1] = Value::from(5));
    assert!(matches!(replay(&over), Err(ReplayError::Deal(_))));
}
