//! 9-5-2 records: `simulate --log` then `replay` succeeds for every variant, and a record with
//! an illegal card, a wrong forced return, a wrong recipient, a missing return, a wrong score or
//! a wrong `previous` is rejected.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{temp_path, tricklab};

use serde_json::Value;
use tricklab::games::matches::{MatchRules, MatchState, PlayedHand, play_hand};
use tricklab::games::nine_five_two::Setup;
use tricklab::games::record::{RecordOf, RecordRules, ReplayError, record_hand, replay_line};
use tricklab::games::{Game, MAX_SEATS, Seat};
use tricklab::rng::{Purpose, stream};

fn temp(name: &str) -> PathBuf {
    temp_path("nfw-replay", name)
}

/// The record lines of `games` matches under `options`.
fn simulate_log(name: &str, games: &str, options: &[&str]) -> (PathBuf, Vec<String>) {
    let log = temp(name);
    let mut args = vec![
        "simulate",
        "--game",
        "nine-five-two",
        "--games",
        games,
        "--seed",
        "7",
    ];
    for o in options {
        args.extend(["--option", o]);
    }
    args.extend(["--log", log.to_str().unwrap()]);
    let out = tricklab(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&log).unwrap();
    (log, text.lines().map(str::to_string).collect())
}

fn replay_file(path: &Path) -> Output {
    tricklab(&["replay", path.to_str().unwrap()])
}

#[test]
fn simulate_then_replay_every_variant() {
    for (name, options) in [
        ("standard.jsonl", vec![]),
        ("sergeant.jsonl", vec!["rules=SergeantMajor"]),
        ("swapped.jsonl", vec!["rules=SwappedTargets"]),
        (
            "fixed.jsonl",
            vec!["end=FixedHands(6)", "rules=SwappedTargets"],
        ),
    ] {
        let (log, lines) = simulate_log(name, "40", &options);
        assert!(lines.len() >= 40);
        assert!(
            lines.iter().any(|l| l.contains("\"return\"")),
            "{name}: no exchange"
        );
        let out = replay_file(&log);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            stdout.contains(&format!("{} hands replayed, 40 matches ended", lines.len())),
            "{stdout}"
        );
    }
}

/// A record line with an exchange, parsed; `name` keeps the tests' files apart.
fn line_with_returns(name: &str) -> Value {
    let (_, lines) = simulate_log(name, "20", &[]);
    let line = lines
        .iter()
        .find(|l| l.contains("\"return\""))
        .expect("an exchange in 20 matches");
    assert!(
        replay_line::<Setup>(line).is_ok(),
        "the untouched line replays"
    );
    serde_json::from_str(line).unwrap()
}

fn replay_value(v: &Value) -> Result<(), ReplayError> {
    replay_line::<Setup>(&v.to_string()).map(|_| ())
}

fn index_of(v: &Value, key: &str) -> usize {
    v["actions"]
        .as_array()
        .unwrap()
        .iter()
        .position(|a| a.get(key).is_some())
        .unwrap_or_else(|| panic!("no {key} step"))
}

fn rejected_at(r: Result<(), ReplayError>, at: usize, why: &str) {
    match r {
        Err(ReplayError::Action { index, reason, .. }) => {
            assert_eq!(index, at);
            assert!(reason.contains(why), "{reason}");
        }
        other => panic!("expected a rejected step {at}, got {other:?}"),
    }
}

#[test]
fn an_illegal_card_is_rejected() {
    let mut v = line_with_returns("illegal.jsonl");
    // The eldest hand leads first; under the standard rules a kitty card can only be the
    // dealer's, so the eldest cannot hold it.
    let first_play = index_of(&v, "play");
    let kitty = v["deal"]["kitty"]
        .as_str()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    v["actions"][first_play]["play"] = Value::from(kitty);
    rejected_at(replay_value(&v), first_play, "is not legal");
}

#[test]
fn a_wrong_forced_return_is_rejected() {
    let mut v = line_with_returns("return.jsonl");
    let i = index_of(&v, "return");
    let real = v["actions"][i]["return"].as_str().unwrap().to_string();
    let other = if real == "2C" { "3C" } else { "2C" };
    v["actions"][i]["return"] = Value::from(other);
    rejected_at(replay_value(&v), i, &format!("return {real}"));
}

#[test]
fn a_missing_return_is_rejected() {
    let mut v = line_with_returns("missing.jsonl");
    let i = index_of(&v, "return");
    v["actions"].as_array_mut().unwrap().remove(i);
    assert!(replay_value(&v).is_err());
}

#[test]
fn a_give_to_the_wrong_seat_is_rejected() {
    let mut v = line_with_returns("give.jsonl");
    let i = index_of(&v, "give");
    let to = v["actions"][i]["to"].as_u64().unwrap();
    let giver = v["actions"][i]["seat"].as_u64().unwrap();
    let wrong = (0..3).find(|&s| s != to && s != giver).unwrap();
    v["actions"][i]["to"] = Value::from(wrong);
    rejected_at(replay_value(&v), i, &format!("to seat {to}"));
}

#[test]
fn a_wrong_score_is_rejected() {
    let mut v = line_with_returns("score.jsonl");
    let s = v["scores_after"][0].as_i64().unwrap();
    v["scores_after"][0] = Value::from(s + 1);
    match replay_value(&v) {
        Err(ReplayError::Mismatch { field, .. }) => assert_eq!(field, "scores_after"),
        other => panic!("expected a score mismatch, got {other:?}"),
    }
    let mut v = line_with_returns("result.jsonl");
    let d = v["result"]["diff"][1].as_i64().unwrap();
    v["result"]["diff"][1] = Value::from(d - 1);
    match replay_value(&v) {
        Err(ReplayError::Mismatch { field, .. }) => assert_eq!(field, "result"),
        other => panic!("expected a result mismatch, got {other:?}"),
    }
}

#[test]
fn a_previous_that_does_not_follow_is_rejected() {
    // A later hand of a match, replaced by a hand on the same deal that replays on its own
    // but claims the previous hand was even all round (so no exchange): only the chain from
    // the line before can tell.
    let (log, lines) = simulate_log("chain.jsonl", "3", &[]);
    let k = lines
        .iter()
        .position(|l| l.contains("\"return\""))
        .expect("a hand with an exchange");
    let rec: RecordOf<Setup> = serde_json::from_str(&lines[k]).unwrap();
    let rules = Setup::STANDARD;
    let mut before = MatchState::new(Seat(rec.dealer));
    before.hands_dealt = rec.hand;
    before.scores[..3].copy_from_slice(&rec.scores_before);
    before.previous = Some([0; MAX_SEATS]);
    let initial = rules.restore(&before, &rec.deal).unwrap();
    let mut last = initial;
    let mut actions = Vec::new();
    let mut rng = stream(1, 2, Purpose::Other, 3);
    play_hand(&mut last, |g, s| {
        let a = g.legal_actions().choose(&mut rng);
        actions.push((s, a));
        a
    });
    let mut after = before;
    rules.settle(&mut after, &last);
    let mut forged = record_hand(
        &rules,
        rec.match_index,
        &PlayedHand {
            initial: &initial,
            actions: &actions,
            last: &last,
            before: &before,
            after: &after,
        },
    );
    // Played by the same seating as the line it replaces.
    (forged.arm, forged.rotation, forged.agents) = (rec.arm, rec.rotation, rec.agents);
    let forged = serde_json::to_string(&forged).unwrap();
    assert!(
        replay_line::<Setup>(&forged).is_ok(),
        "the forged line replays on its own"
    );
    let mut tampered = lines.clone();
    tampered[k] = forged;
    let path = temp("chain-tampered.jsonl");
    std::fs::write(&path, tampered.join("\n") + "\n").unwrap();
    assert!(replay_file(&log).status.success());
    let out = replay_file(&path);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("line {}: previous", k + 1))
            && err.contains("differs from the previous hand's results"),
        "{err}"
    );
}
