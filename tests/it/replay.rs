//! Records: what `simulate --log` writes always replays; tampered records are rejected with a
//! message naming the hand and the action.

use std::process::Command;

use tricklab::games::catch_the_ten::Setup;
use tricklab::games::record::{ReplayError, replay_line};

fn tricklab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tricklab"))
}

fn simulate_log(dir: &std::path::Path, extra: &[&str]) -> String {
    let log = dir.join("games.jsonl");
    let mut args = vec![
        "simulate",
        "--games",
        "300",
        "--seed",
        "3",
        "--log",
        log.to_str().unwrap(),
        // Each call replaces the previous log on purpose.
        "--force",
    ];
    args.extend_from_slice(extra);
    let out = tricklab().args(&args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(log).unwrap()
}

fn tempdir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("tricklab-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn simulated_logs_replay_for_every_player_count() {
    let dir = tempdir("roundtrip");
    for n in 2..=8 {
        let mut extra = vec!["--players".to_string(), n.to_string()];
        if n == 6 {
            extra.extend(["--option".into(), "pairs,game_at_once".into()]);
        }
        if n == 5 {
            extra.extend(["--option".into(), "keep_6S".into()]);
        }
        let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
        let text = simulate_log(&dir, &extra);
        for line in text.lines() {
            replay_line::<Setup>(line).unwrap_or_else(|e| panic!("n={n}: {e}"));
        }
        let out = tricklab()
            .args(["replay", dir.join("games.jsonl").to_str().unwrap()])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

fn replace_first_play(line: &str, new: &str) -> String {
    let at = line.find("\"play\":\"").unwrap() + 8;
    format!("{}{}{}", &line[..at], new, &line[at + 2..])
}

#[test]
fn tampered_logs_are_rejected() {
    let dir = tempdir("tamper");
    let text = simulate_log(&dir, &[]);
    let line = text.lines().next().unwrap();

    // A card the seat does not hold (or that breaks follow-suit) is an illegal action.
    let first: serde_json::Value = serde_json::from_str(line).unwrap();
    let hand0 = first["deal"]["hands"][first["actions"][0]["seat"].as_u64().unwrap() as usize][0]
        .as_str()
        .unwrap()
        .to_string();
    let stranger = ["AS", "KS", "QS", "JS", "AH", "KH"]
        .into_iter()
        .find(|c| !hand0.contains(c))
        .unwrap();
    let bad = replace_first_play(line, stranger);
    match replay_line::<Setup>(&bad) {
        Err(ReplayError::Action { index: 0, .. }) => {}
        other => panic!("expected an illegal action 0, got {:?}", other.err()),
    }

    // A wrong score.
    let bad = line.replacen("\"scores_after\":[", "\"scores_after\":[1", 1);
    assert!(matches!(
        replay_line::<Setup>(&bad),
        Err(ReplayError::Mismatch { .. }) | Err(ReplayError::Format(_))
    ));
    let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
    let p = v["result"]["sets"][0]["points"][0].as_i64().unwrap();
    v["result"]["sets"][0]["points"][0] = serde_json::json!(p + 1);
    match replay_line::<Setup>(&v.to_string()) {
        Err(ReplayError::Mismatch { field, .. }) => assert_eq!(field, "result"),
        other => panic!("expected a result mismatch, got {:?}", other.err()),
    }

    // The CLI names the file, line, hand and action, and exits 2.
    let path = dir.join("bad.jsonl");
    let mut lines: Vec<String> = text.lines().take(3).map(String::from).collect();
    lines[1] = replace_first_play(&lines[1], "ZZ");
    std::fs::write(&path, lines.join("\n")).unwrap();
    let out = tricklab()
        .args(["replay", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");

    // A hand that does not follow on from the previous one of the same match.
    let mut v: serde_json::Value = serde_json::from_str(text.lines().nth(1).unwrap()).unwrap();
    if v["match"] == first["match"] {
        v["scores_before"][0] = serde_json::json!(v["scores_before"][0].as_i64().unwrap() + 1);
        std::fs::write(&path, format!("{line}\n{v}\n")).unwrap();
        let out = tricklab()
            .args(["replay", path.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(2),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
