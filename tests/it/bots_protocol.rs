//! Protocol `tricklab-bot/1.1` (docs/bot-protocol.md): options declared by the bot and set from
//! the spec, `isready`/`readyok`, time controls with the time left in every request, limits,
//! pondering with `stop`, in every game (9-5-2's gives with their receivers); what a spec asks
//! that the bot does not offer is refused with exit code 2; a clock that runs out is a timeout;
//! 1.0 bots are served 1.0. Needs `python3`.

use std::path::Path;

use serde_json::Value;

use crate::common::temp_path;

fn script(rel: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    format!("python3 '{}'", p.display())
}

const V11: &str = "tests/data/bots/v11_bot.py";
const RANDOM: &str = "examples/bots/random_bot.py";
const RULE: &str = "examples/bots/rule_bot.py";

/// The lines of a bot log, as (direction, message).
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

fn kind(v: &Value) -> &str {
    v["type"].as_str().expect("a type")
}

/// `simulate` of `games` matches of `game` on one thread, `seat0` at seat 0 and random
/// players elsewhere; returns the output.
fn simulate(game: &str, games: &str, seat0: &str, env: &[(&str, &str)]) -> std::process::Output {
    let players = if game == "nine-five-two" { 3 } else { 4 };
    let mut agents = vec![seat0.to_string()];
    agents.extend(std::iter::repeat_n("random".to_string(), players - 1));
    std::process::Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args([
            "simulate",
            "--game",
            game,
            "--games",
            games,
            "--threads",
            "1",
        ])
        .args(["--agents", &agents.join(";")])
        .envs(env.iter().copied())
        .output()
        .expect("running tricklab")
}

#[test]
fn a_1_1_bot_is_set_its_options_and_told_its_clock_limits_and_when_to_ponder_in_every_game() {
    for game in ["catch-the-ten", "nine-five-two", "whist"] {
        let log = temp_path("bots-1.1", &format!("{game}.log"));
        let spec = format!(
            "external:cmd=\"{}\",name=v11,clock=hand:20000+5,iterations=500,nodes=7,\
             ponder=true,opt.depth=7,opt.style=bold,log={}",
            script(V11),
            log.display()
        );
        let out = simulate(game, "2", &spec, &[]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{game}: {err}");
        let lines = log_lines(&log);
        // The handshake: hello (listing 1.1), the options in the spec's order, isready.
        let kinds: Vec<&str> = lines.iter().take(6).map(|(_, v)| kind(v)).collect();
        assert_eq!(
            kinds,
            ["hello", "hello", "option", "option", "isready", "readyok"],
            "{game}"
        );
        assert_eq!(lines[0].1["versions"][1], "tricklab-bot/1.1");
        assert_eq!(
            (&lines[2].1["name"], &lines[2].1["value"]),
            (&Value::from("depth"), &Value::from(7))
        );
        assert_eq!(lines[3].1["value"], "bold");
        let (mut decides, mut gives, mut pondered) = (0, 0, 0);
        let mut first_of_hand = true;
        let mut before = 0;
        for (i, (dir, v)) in lines.iter().enumerate() {
            match (dir, kind(v)) {
                ('>', "hand") => first_of_hand = true,
                ('>', "decide") => {
                    decides += 1;
                    assert_eq!(v["time_control"], "hand", "{game}: {v}");
                    assert_eq!(v["increment_ms"], 5);
                    assert_eq!((&v["iterations"], &v["nodes"]), (&500.into(), &7.into()));
                    let left = v["time_left_ms"].as_u64().expect("time left");
                    assert_eq!(
                        v["budget_ms"].as_u64(),
                        Some(left),
                        "the budget is the time left"
                    );
                    if first_of_hand {
                        assert_eq!(left, 20000, "{game}: a hand clock starts full");
                    } else {
                        assert!(left <= before + 5, "{game}: {before} then {left}");
                    }
                    before = left;
                    first_of_hand = false;
                    if v["decision"] == "give" {
                        gives += 1;
                        assert!(v["to"].as_u64().is_some(), "a give names its receiver: {v}");
                    }
                }
                ('<', "action") => {
                    // Pondering follows every answer, and `stop` comes before anything else.
                    assert_eq!(kind(&lines[i + 1].1), "ponder", "{game}");
                    if let Some((_, next)) = lines.get(i + 2) {
                        assert!(["stop", "quit"].contains(&kind(next)), "{game}: {next}");
                    }
                }
                ('<', "info") => {
                    assert_eq!(
                        v["options"],
                        serde_json::json!({"depth": 7, "style": "bold"})
                    );
                    pondered += usize::from(v["pondered"] == true);
                }
                _ => {}
            }
        }
        assert!(decides > 10 && pondered > 0, "{game}: {decides} {pondered}");
        if game == "nine-five-two" {
            assert!(gives > 0, "two 9-5-2 matches ask for gives");
        }
    }
}

#[test]
fn a_1_0_bot_is_served_1_0_and_a_clock_reaches_it_as_its_budget() {
    let log = temp_path("bots-1.1", "random.log");
    let spec = format!(
        "external:cmd=\"{}\",name=r,clock=match:60000+1000,log={}",
        script(RANDOM),
        log.display()
    );
    let out = simulate("whist", "1", &spec, &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = log_lines(&log);
    assert_eq!(lines[1].1["protocol"], "tricklab-bot/1");
    assert!(
        lines
            .iter()
            .all(|(_, v)| !["option", "isready", "ponder"].contains(&kind(v)))
    );
    // The first request of each hand after the first: a match clock is not reset there.
    let mut hand_starts = Vec::new();
    let mut budgets: Vec<u64> = Vec::new();
    for (_, v) in &lines {
        if kind(v) == "hand" && v["hand"] != 0 {
            hand_starts.push(budgets.len());
        }
        if kind(v) == "decide" {
            assert!(
                v.get("time_left_ms").is_none(),
                "a 1.0 request has no 1.1 fields"
            );
            budgets.push(v["budget_ms"].as_u64().expect("a budget"));
        }
    }
    assert_eq!(budgets[0], 60000, "the match clock starts full");
    assert!(
        budgets.windows(2).all(|w| w[1] <= w[0] + 1000),
        "at most the increment more each decision: {budgets:?}"
    );
    assert!(!hand_starts.is_empty(), "a whist match has several hands");
    for &i in &hand_starts {
        assert!(
            budgets[i] > 61000,
            "the match clock ran on into the hand: {budgets:?}"
        );
    }
}

#[test]
fn what_a_bot_does_not_offer_is_refused_with_exit_code_2_and_one_line() {
    let v11 = script(V11);
    for (spec, says) in [
        (
            format!("external:cmd=\"{v11}\",name=b,opt.colour=red"),
            "it has no option `colour` (it declares depth, style)",
        ),
        (
            format!("external:cmd=\"{v11}\",name=b,opt.depth=11"),
            "option `depth`: `11` is not allowed; expected a whole number from 1 to 10",
        ),
        (
            format!("external:cmd=\"{v11}\",name=b,opt.style=wild"),
            "expected one of safe, bold",
        ),
        (
            format!("external:cmd=\"{}\",name=b,iterations=9", script(RANDOM)),
            "`iterations` needs protocol tricklab-bot/1.1; the bot speaks tricklab-bot/1",
        ),
        (
            format!("external:cmd=\"{}\",name=b,ponder=true", script(RULE)),
            "the bot does not ponder",
        ),
    ] {
        let out = simulate("whist", "1", &spec, &[]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{spec}: {err}");
        assert!(
            err.contains(says) && err.lines().count() == 1,
            "{spec}: {err}"
        );
        assert!(err.contains("bot b ("), "the error names the bot: {err}");
    }
}

#[test]
fn a_clock_that_runs_out_is_a_timeout_and_a_missing_readyok_fails_the_handshake() {
    let v11 = script(V11);
    let spec = format!("external:cmd=\"{v11}\",name=slow,clock=hand:250");
    let out = simulate("whist", "1", &spec, &[("V11_SLEEP_MS", "100")]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("timed out: no answer to decision 2 before its hand clock ran out")
            && err.lines().count() == 1,
        "{err}"
    );
    let spec = format!("external:cmd=\"{v11}\",name=mute,budget_ms=100");
    let out = simulate("whist", "1", &spec, &[("V11_NO_READYOK", "1")]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("no readyok after isready"), "{err}");
    let spec = format!("external:cmd=\"{v11}\",name=odd");
    let out = simulate("whist", "1", &spec, &[("V11_PROTOCOL", "tricklab-bot/2")]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("it speaks protocol `tricklab-bot/2`"), "{err}");
}
