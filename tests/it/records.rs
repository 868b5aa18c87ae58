//! Hand records everywhere (issue 33): `run --log` writes a `tricklab-hand/1` record of every
//! hand with its arm, rotation and each seat's agent, the same bytes on any thread count, and
//! `replay` accepts it; `simulate --log` attaches a bot's `info` lines to the decision they came
//! with, and `--log-times` adds each decision's milliseconds; so do `tournament --log
//! --log-times` records of a protocol 1.1 bot, which name it by its `name=`, validate against
//! the schema and replay. Needs `python3`.

use std::path::Path;

use crate::common::schemas::{check_records, hand_validator};
use crate::common::{agents_of, temp_path, tournament_log, tricklab_ok};

fn root(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(rel)
        .display()
        .to_string()
}

#[test]
fn a_run_log_names_every_seat_is_the_same_on_any_thread_count_and_replays() {
    let config = root("tests/data/golden/configs/whist.toml");
    let mut logs = Vec::new();
    for threads in ["1", "2"] {
        let out = temp_path("records", &format!("run-{threads}"));
        let log = temp_path("records", &format!("run-{threads}.jsonl"));
        tricklab_ok(&[
            "run",
            &config,
            "--out",
            out.to_str().unwrap(),
            "--log",
            log.to_str().unwrap(),
            "--threads",
            threads,
            "--force",
        ]);
        let replay = tricklab_ok(&["replay", log.to_str().unwrap()]);
        assert!(replay.contains("every action legal"), "{replay}");
        logs.push(std::fs::read(&log).unwrap());
    }
    assert_eq!(
        logs[0], logs[1],
        "the records do not depend on the thread count"
    );
    let text = String::from_utf8(logs.pop().unwrap()).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["format"], "tricklab-hand/1");
    assert!(first["arm"].is_string(), "{first}");
    assert_eq!(first["rotation"], 0);
    assert_eq!(first["agents"].as_array().unwrap().len(), 4, "{first}");
    assert!(
        first.get("decisions").is_none(),
        "built-in agents say nothing: {first}"
    );
}

#[test]
fn a_bots_info_lines_come_with_its_decisions_and_times_only_when_asked() {
    let bot = format!(
        "external:cmd=\"python3 '{}'\",name=pyrules",
        root("examples/bots/rule_bot.py")
    );
    for times in [false, true] {
        let log = temp_path("records", &format!("sim-{times}.jsonl"));
        let mut args = vec![
            "simulate", "--game", "whist", "--games", "2", "--hands", "--agents",
        ];
        let agents = format!("{bot};random;rules;random");
        args.push(&agents);
        args.extend(["--log", log.to_str().unwrap(), "--force"]);
        if times {
            args.push("--log-times");
        }
        tricklab_ok(&args);
        tricklab_ok(&["replay", log.to_str().unwrap()]);
        let text = std::fs::read_to_string(&log).unwrap();
        for line in text.lines() {
            let rec: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(rec["agents"][0], "pyrules", "the bot by its name=: {rec}");
            let decisions = rec["decisions"].as_array().unwrap();
            for d in decisions {
                let action = &rec["actions"][d["action"].as_u64().unwrap() as usize];
                assert_eq!(action["seat"], d["seat"], "{d}");
                assert_eq!(d.get("ms").is_some(), times, "{d}");
                if d["seat"] == 0 {
                    assert_eq!(d["info"][0]["type"], "info", "{d}");
                } else {
                    assert!(d.get("info").is_none(), "{d}");
                }
            }
            // Seat 0's 13 decisions each came with an info line.
            let bots = decisions.iter().filter(|d| d["seat"] == 0).count();
            assert_eq!(bots, 13, "{rec}");
        }
    }
}

#[test]
fn a_tournaments_records_of_a_1_1_bot_carry_its_info_lines_name_and_times_and_replay() {
    let bot = format!(
        "external:cmd=\"python3 '{}'\",name=v11,opt.depth=4",
        root("tests/data/bots/v11_bot.py")
    );
    let out = temp_path("records", "tournament");
    let _ = std::fs::remove_dir_all(&out);
    let log = temp_path("records", "tournament.jsonl");
    let agents = format!("{bot};random");
    tournament_log("whist", &agents, "2", &out, &log, &["--log-times"]);
    let replay = tricklab_ok(&["replay", log.to_str().unwrap()]);
    assert!(replay.contains("every action legal"), "{replay}");
    let text = std::fs::read_to_string(&log).unwrap();
    let records = check_records(&hand_validator(), &text, "tournament --log --log-times");
    // Two deals, each in both rotations of the pair.
    assert_eq!(records.len(), 4, "{text}");
    for rec in &records {
        assert_eq!(rec["arm"], "v11 vs random", "{rec}");
        let agents = agents_of(rec);
        assert_eq!(agents.iter().filter(|&&a| a == "v11").count(), 2, "{rec}");
        assert!(agents.iter().all(|&a| a == "v11" || a == "random"), "{rec}");
        let mut with_info = 0;
        for d in rec["decisions"].as_array().unwrap() {
            assert!(d["ms"].as_f64().is_some_and(|ms| ms >= 0.0), "{d}");
            let seat = d["seat"].as_u64().unwrap() as usize;
            if agents[seat] == "v11" {
                let info = &d["info"][0];
                assert_eq!(info["type"], "info", "{d}");
                assert_eq!(info["options"]["depth"], 4, "its option was set: {d}");
                with_info += 1;
            } else {
                assert!(d.get("info").is_none(), "{d}");
            }
        }
        assert_eq!(with_info, 26, "each of the bot's 26 decisions: {rec}");
    }
}
