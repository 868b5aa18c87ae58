//! The JSON Schemas in `docs/schemas/` describe what tricklab really writes: every hand record of
//! `simulate --log`, `run --log` and `tournament --log` (every game, several player counts and
//! options, external bots with `info` lines and forfeits) validates against `tricklab-hand-1.schema.json`, and
//! every line of the bot logs of 1.0 and 1.1 bots (both directions) against
//! `tricklab-bot-1.schema.json`; a record or message with a field renamed is rejected. Needs
//! `python3` for the bots.

use std::path::Path;

use serde_json::Value;

use crate::common::schemas::{check_records, hand_validator, invalid, schema, validator};
use crate::common::{temp_path, tournament_log, tricklab_ok};

fn script(rel: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    format!("python3 '{}'", p.display())
}

/// `simulate --log` of `args`; the log's text.
fn simulate_log(name: &str, args: &[&str], env: &[(&str, &str)]) -> String {
    let log = temp_path("schemas", name);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args(["simulate", "--seed", "7", "--log"])
        .arg(&log)
        .args(args)
        .args(if args.contains(&"--threads") {
            &[][..]
        } else {
            &["--threads", "2"][..]
        })
        .envs(env.iter().copied())
        .output()
        .expect("running tricklab");
    assert!(
        out.status.success(),
        "simulate {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(&log).expect("the log")
}

#[test]
fn simulate_records_of_every_game_and_table_validate() {
    let v = hand_validator();
    let tables: &[&[&str]] = &[
        &["--game", "catch-the-ten", "--players", "2", "--games", "3"],
        &["--game", "catch-the-ten", "--players", "3", "--games", "3"],
        &[
            "--game",
            "catch-the-ten",
            "--games",
            "3",
            "--agents",
            "rules",
        ],
        &[
            "--game",
            "catch-the-ten",
            "--players",
            "5",
            "--option",
            "keep_6S",
            "--games",
            "2",
        ],
        &[
            "--game",
            "catch-the-ten",
            "--players",
            "6",
            "--option",
            "pairs",
            "--hands",
            "--games",
            "6",
        ],
        &[
            "--game",
            "catch-the-ten",
            "--players",
            "8",
            "--option",
            "everyone_alone",
            "--games",
            "2",
        ],
        &[
            "--game",
            "catch-the-ten",
            "--option",
            "allow_revokes,revoke_penalty=LoseHandPoints,game_at_once",
            "--games",
            "3",
        ],
        &["--game", "nine-five-two", "--games", "3", "--log-times"],
        &[
            "--game",
            "nine-five-two",
            "--option",
            "rules=SergeantMajor",
            "--games",
            "2",
            "--max-hands",
            "6",
        ],
        &[
            "--game",
            "nine-five-two",
            "--option",
            "rules=SwappedTargets",
            "--games",
            "2",
        ],
        &[
            "--game",
            "nine-five-two",
            "--option",
            "end=FixedHands(3)",
            "--games",
            "2",
            "--agents",
            "rules",
        ],
        &[
            "--game",
            "whist",
            "--games",
            "3",
            "--duplicate",
            "--agents",
            "rules,random,rules,random",
        ],
        &[
            "--game",
            "whist",
            "--option",
            "honours,target=7,turnup_until_first_play",
            "--games",
            "2",
        ],
    ];
    let mut steps = std::collections::BTreeSet::new();
    let (mut cut, mut timed) = (0, 0);
    for (i, args) in tables.iter().enumerate() {
        let text = simulate_log(&format!("sim{i}.jsonl"), args, &[]);
        for r in check_records(&v, &text, &format!("simulate {args:?}")) {
            cut += usize::from(r["cut"] == true);
            timed += r["decisions"].as_array().map_or(0, |d| d.len());
            for a in r["actions"].as_array().expect("actions") {
                steps.extend(a.as_object().expect("a step").keys().cloned());
            }
        }
    }
    // Every kind of step, a cut match and the timings were met.
    let want = ["discard", "give", "play", "return", "seat", "to", "trump"];
    assert_eq!(steps.into_iter().collect::<Vec<_>>(), want);
    assert!(cut > 0 && timed > 0, "cut {cut}, timed decisions {timed}");
}

#[test]
fn records_with_bots_info_lines_and_forfeits_validate() {
    let v = hand_validator();
    for game in ["catch-the-ten", "nine-five-two", "whist"] {
        let others = if game == "nine-five-two" { 2 } else { 3 };
        let bot = format!(
            "external:cmd=\"{}\",name=rule-bot",
            script("examples/bots/rule_bot.py")
        );
        let agents = std::iter::once(bot)
            .chain(std::iter::repeat_n("random".to_string(), others))
            .collect::<Vec<_>>()
            .join(";");
        let text = simulate_log(
            &format!("bots-{game}.jsonl"),
            &["--game", game, "--games", "2", "--agents", &agents],
            &[],
        );
        let records = check_records(&v, &text, game);
        assert!(
            records.iter().any(|r| r["decisions"][0]["info"].is_array()),
            "{game}: the rule bot's info lines are in the records"
        );
        assert_eq!(records[0]["agents"][0], "rule-bot", "{game}");
        let fault = std::iter::once(format!(
            "external:cmd=\"{}\",name=faulty,on_fault=forfeit",
            script("tests/data/bots/fault_bot.py")
        ))
        .chain(std::iter::repeat_n("random".to_string(), others))
        .collect::<Vec<_>>()
        .join(";");
        let text = simulate_log(
            &format!("forfeit-{game}.jsonl"),
            &[
                "--game",
                game,
                "--games",
                "2",
                "--threads",
                "1",
                "--agents",
                &fault,
            ],
            &[("FAULT_MODE", "illegal"), ("FAULT_AFTER", "2")],
        );
        let records = check_records(&v, &text, &format!("{game} forfeits"));
        assert!(
            records.iter().any(|r| r["forfeit"].is_object()),
            "{game}: a forfeit is recorded"
        );
    }
}

#[test]
fn run_records_validate() {
    let v = hand_validator();
    let configs = [
        (
            "whist",
            "name = \"schema-whist\"\ngame = \"whist\"\nseed = 3\ndeals = 4\n\
             statistics = [\"points\"]\n[[arm]]\nname = \"tip\"\nseats = \"rules\"\n\
             [[arm]]\nname = \"control\"\nseats = \"random\"\n",
        ),
        (
            "ctt-matches",
            "name = \"schema-ctt\"\ngame = \"catch-the-ten\"\nplayers = 3\nseed = 3\ndeals = 3\n\
             matches = true\nmax_hands = 3\nstatistics = [\"match_win\"]\n[[arm]]\nname = \"a\"\n\
             seats = [\"rules\", \"random\", \"random\"]\n",
        ),
        (
            "952",
            "name = \"schema-952\"\ngame = \"nine-five-two\"\nseed = 3\ndeals = 2\nmatches = true\n\
             max_hands = 4\nstatistics = [\"match_win\"]\n[[arm]]\nname = \"a\"\nseats = \"rules\"\n",
        ),
    ];
    for (name, text) in configs {
        let config = temp_path("schemas", &format!("{name}.toml"));
        std::fs::write(&config, text).expect("writing the config");
        let out = temp_path("schemas", &format!("{name}-out"));
        let _ = std::fs::remove_dir_all(&out);
        let log = temp_path("schemas", &format!("{name}-run.jsonl"));
        let (config, out, log) = (
            config.display().to_string(),
            out.display().to_string(),
            log.display().to_string(),
        );
        tricklab_ok(&[
            "run",
            &config,
            "--out",
            &out,
            "--log",
            &log,
            "--threads",
            "2",
        ]);
        let records = check_records(&v, &std::fs::read_to_string(&log).unwrap(), name);
        assert!(
            records
                .iter()
                .all(|r| r["arm"].is_string() && r["rotation"].is_u64() && r["agents"].is_array()),
            "{name}: run records name the arm, rotation and agents"
        );
    }
}

#[test]
fn tournament_records_validate() {
    let v = hand_validator();
    for (game, agents) in [
        ("whist", "random;rules"),
        ("nine-five-two", "random;rules"),
        ("catch-the-ten", "rules;random"),
    ] {
        let out = temp_path("schemas", &format!("{game}-tournament"));
        let _ = std::fs::remove_dir_all(&out);
        let log = temp_path("schemas", &format!("{game}-tournament.jsonl"));
        tournament_log(game, agents, "3", &out, &log, &[]);
        let records = check_records(&v, &std::fs::read_to_string(&log).unwrap(), game);
        assert!(
            records
                .iter()
                .all(|r| r["arm"].as_str().is_some_and(|a| a.contains(" vs "))
                    && r["agents"].is_array()),
            "{game}: tournament records name the pair and the agents"
        );
    }
}

/// The records' schema is strict: a renamed field, a wrong step or a wrong result is rejected.
#[test]
fn a_record_with_a_field_renamed_is_rejected() {
    let v = hand_validator();
    let text = simulate_log("mutate.jsonl", &["--game", "whist", "--games", "1"], &[]);
    let good: Value = serde_json::from_str(text.lines().next().expect("a record")).unwrap();
    assert_eq!(invalid(&v, &good), None);
    let rename = |pointer: &str, from: &str, to: &str| {
        let mut r = good.clone();
        let m = r
            .pointer_mut(pointer)
            .and_then(Value::as_object_mut)
            .unwrap_or_else(|| panic!("{pointer} is an object of the record"));
        let x = m
            .remove(from)
            .unwrap_or_else(|| panic!("{from} is in the record"));
        m.insert(to.into(), x);
        r
    };
    for (bad, what) in [
        (rename("", "scores_after", "score_after"), "top level"),
        (rename("/result", "trumps", "trump"), "the result"),
        (rename("/deal", "turned", "turnup"), "the deal"),
        (rename("/options", "target", "goal"), "the options"),
        (rename("/actions/0", "play", "plays"), "a step"),
    ] {
        assert!(invalid(&v, &bad).is_some(), "{what}: {bad}");
    }
    let mut bad = good.clone();
    bad["actions"][0]["play"] = Value::String("1X".into());
    assert!(invalid(&v, &bad).is_some(), "a card that is not a card");
    let mut bad = good.clone();
    bad["game"] = Value::String("nine-five-two".into());
    assert!(
        invalid(&v, &bad).is_some(),
        "a whist deal is not a 9-5-2 deal"
    );
}

/// The lines of a bot log (`> ` to the bot, `< ` from it; `# ` notes skipped).
fn log_lines(path: &Path) -> Vec<(char, Value)> {
    std::fs::read_to_string(path)
        .expect("the bot's log")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (dir, json) = l.split_at(1);
            let v = serde_json::from_str(json.trim()).unwrap_or_else(|e| panic!("{e}: {l}"));
            (dir.chars().next().expect("a direction"), v)
        })
        .collect()
}

#[test]
fn bot_messages_of_1_0_and_1_1_validate_in_both_directions() {
    let s = schema("tricklab-bot-1.schema.json");
    let (to_bot, from_bot) = (
        validator(&s, Some("to_bot")),
        validator(&s, Some("from_bot")),
    );
    let v11 = script("tests/data/bots/v11_bot.py");
    let mut kinds = std::collections::BTreeSet::new();
    for game in ["catch-the-ten", "nine-five-two", "whist"] {
        let others = if game == "nine-five-two" { 2 } else { 3 };
        for (name, spec) in [
            (
                "v11",
                format!(
                    "external:cmd=\"{v11}\",name=v11,clock=hand:20000+5,iterations=500,ponder=true,opt.depth=7,opt.style=bold"
                ),
            ),
            (
                "v10",
                format!(
                    "external:cmd=\"{}\",name=r",
                    script("examples/bots/random_bot.py")
                ),
            ),
        ] {
            let log = temp_path("schemas", &format!("{name}-{game}.log"));
            let agents = std::iter::once(format!("{spec},log={}", log.display()))
                .chain(std::iter::repeat_n("random".to_string(), others))
                .collect::<Vec<_>>()
                .join(";");
            simulate_log(
                &format!("{name}-{game}.jsonl"),
                &[
                    "--game",
                    game,
                    "--games",
                    "2",
                    "--threads",
                    "1",
                    "--agents",
                    &agents,
                ],
                &[],
            );
            let lines = log_lines(&log);
            assert!(lines.len() > 20, "{name} {game}: {} lines", lines.len());
            for (dir, m) in &lines {
                let (v, side) = if *dir == '>' {
                    (&to_bot, "to the bot")
                } else {
                    (&from_bot, "from the bot")
                };
                if let Some(e) = invalid(v, m) {
                    panic!("{name} {game}, {side}: {e}\n{m}");
                }
                kinds.insert(format!("{dir}{}", m["type"].as_str().unwrap_or("?")));
            }
        }
    }
    let want = [
        "<action",
        "<hello",
        "<info",
        "<readyok",
        ">decide",
        ">hand",
        ">hand_end",
        ">hello",
        ">isready",
        ">match",
        ">match_end",
        ">option",
        ">ponder",
        ">quit",
        ">step",
        ">stop",
    ];
    assert_eq!(kinds.into_iter().collect::<Vec<_>>(), want);
}

/// The protocol's schema is strict where tricklab writes: a renamed field is rejected.
#[test]
fn a_bot_message_with_a_field_renamed_is_rejected() {
    let s = schema("tricklab-bot-1.schema.json");
    let to_bot = validator(&s, Some("to_bot"));
    let decide: Value = serde_json::from_str(
        r#"{"type":"decide","budget_ms":1000,"cards":["4C","AS"],"decision":"play","id":0,"known":[{"cards":["2C"],"place":"hand:3"}],"legal":["4C","AS"],"points":[0,0],"seat":0,"to":null,"trick":{"cards":[],"leader":0},"tricks":[0,0,0,0],"trump":"C"}"#,
    )
    .unwrap();
    assert_eq!(invalid(&to_bot, &decide), None);
    let mut bad = decide.clone();
    let legal = bad.as_object_mut().unwrap().remove("legal").unwrap();
    bad["legals"] = legal;
    assert!(invalid(&to_bot, &bad).is_some(), "{bad}");
    let mut bad = decide.clone();
    bad["time_control"] = Value::String("hand".into());
    assert!(
        invalid(&to_bot, &bad).is_some(),
        "the 1.1 time fields come together"
    );
    let from_bot = validator(&s, Some("from_bot"));
    let action: Value = serde_json::json!({"type": "action", "id": 3, "seat": 0, "action": "TD"});
    assert_eq!(invalid(&from_bot, &action), None);
    let bad = serde_json::json!({"type": "action", "id": 3, "seat": 0, "card": "TD"});
    assert!(invalid(&from_bot, &bad).is_some(), "{bad}");
}
