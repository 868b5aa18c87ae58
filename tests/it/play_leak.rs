//! The person's screen shows only what the seat may know: scripted `play --plain` games of
//! every game (9-5-2 with the person dealing and not, giving and receiving in the exchange),
//! with `why`, `show` and `hint` at every decision and a searching bot at the table, checked
//! by [`leak`](crate::common::leak), which reads card names from the printed text and what the
//! seat may know from the log.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::{leak, temp_path};
use tricklab::agents::AgentFactory;
use tricklab::games::record::RecordRules;
use tricklab::games::{Decision, Game, catch_the_ten, nine_five_two, whist};
use tricklab::play::{HintConfig, Table, TableConfig, TableGame, parse_players};

const HINT: HintConfig = HintConfig {
    worlds: 4,
    time_ms: 200,
};

/// The commands of a match played through the library, the person taking the first legal
/// action, asking `why` and `show` before each decision and a hint near the end of each hand.
fn script<R>(rules: R, agents: &str, seed: u64, hands: u32) -> Vec<String>
where
    R: RecordRules,
    R::Hand: AgentFactory + TableGame,
{
    let players = parse_players(agents, rules.sides().num_seats()).unwrap();
    let config = TableConfig {
        seed,
        match_index: 0,
        hint: HINT,
        max_hands: hands,
        open: false,
    };
    let mut table = Table::new(rules, &players, config).unwrap();
    table.advance();
    let mut lines = Vec::new();
    let mut hands = 0;
    while let Some(seat) = table.human_to_act() {
        crate::play::pause(&table, &mut hands, &mut lines);
        let legal = table.hand().legal_actions();
        lines.extend(["why".to_string(), "show".to_string()]);
        if legal.decision() == Decision::Play && table.hand().hand(seat).len() == 3 {
            lines.push("hint".into());
        }
        let a = legal.nth(0).unwrap();
        lines.push(a.argument());
        table.act(a).unwrap();
    }
    lines
}

/// Runs the script at the command line; returns the transcript and the log.
fn run(
    game_args: &[&str],
    agents: &str,
    seed: u64,
    hands: u32,
    script: &[String],
) -> (String, String) {
    let log = temp_path(
        "play-leak",
        &format!("{}-{seed}.jsonl", game_args.join("-")),
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .arg("play")
        .arg("--plain")
        .args(game_args)
        .args(["--agents", agents, "--seed", &seed.to_string()])
        .args(["--hint", "pimc:worlds=4", "--hint-ms", "200"])
        .args(["--max-hands", &hands.to_string(), "--log"])
        .arg(&log)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all((script.join("\n") + "\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "play failed: {}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
    (text, std::fs::read_to_string(&log).unwrap())
}

fn no_leaks(transcript: &str, log: &str) {
    let found = leak::leaks(transcript, log, 0);
    assert!(
        found.is_empty(),
        "the screen named cards seat 0 may not know:\n{}\n\n{transcript}",
        found.join("\n")
    );
    assert!(transcript.contains("why: seat"), "why was asked of a bot");
}

/// A Whist match of `hands` hands with a searching bot in seat 1, `more` given to `play`.
fn whist_match(hands: u32, more: &[&str]) -> (String, String) {
    let agents = "human;ismcts:iterations=200;rules;rules";
    let rules = whist::Setup::from_options(4, &Default::default()).unwrap();
    let lines = script(rules, agents, 3, hands);
    let mut args = vec!["--game", "whist"];
    args.extend_from_slice(more);
    run(&args, agents, 3, hands, &lines)
}

/// The checker finds what the open analysis mode shows on purpose: a bot's values, which name
/// the cards it holds.
#[test]
fn the_leak_checker_catches_a_bots_values() {
    let (t, log) = whist_match(1, &["--open"]);
    assert!(t.contains("mean reward for its side"), "{t}");
    assert!(!leak::leaks(&t, &log, 0).is_empty(), "{t}");
    let c = |s: &str| -> tricklab::cards::Card { s.parse().unwrap() };
    assert_eq!(
        leak::cards_named("hand   ♠ A (9)   ♥ -   ♦ K*"),
        [c("AS"), c("9S"), c("KD")]
    );
    assert_eq!(
        leak::cards_named("  trick [0:10♦ 1:J♦] won by seat 1"),
        [c("TD"), c("JD")]
    );
    assert_eq!(
        leak::cards_named("hand   S A (T)   H -   D K*"),
        [c("AS"), c("TS"), c("KD")]
    );
    assert!(leak::cards_named("name trumps (you hold ♠×5 ♥×4)").is_empty());
    assert!(leak::cards_named("name trumps (you hold S×5 H×4)").is_empty());
    assert!(leak::cards_named("seat 2 (rules) discards 4 cards face down").is_empty());
}

#[test]
fn whist_screen_shows_only_what_the_seat_knows() {
    let (t, log) = whist_match(1, &["--ascii"]);
    no_leaks(&t, &log);
    assert!(t.contains("hand   S "), "ASCII cards: {t}");
    let (t, log) = whist_match(2, &[]);
    no_leaks(&t, &log);
    // The hint: unit, side and basis, then each card with its mean and margin, best first.
    assert!(
        t.contains("hint: expected tricks for seats 0+2 (you), ± 95% margin (PIMC, 4 worlds, "),
        "{t}"
    );
    let options: Vec<&str> = t
        .lines()
        .filter(|l| l.starts_with("  play ") && l.contains(" ± "))
        .collect();
    assert!(options.len() >= 2, "{t}");
    assert!(options[0].ends_with("tricks  best"), "{}", options[0]);
    for o in &options {
        let mean: f64 = o.split_whitespace().nth(2).unwrap().parse().unwrap();
        assert!((0.0..=13.0).contains(&mean), "{o}");
    }
}

#[test]
fn catch_the_ten_screens_show_only_what_the_seat_knows() {
    let agents = "human;rules;ismcts:iterations=200;rules";
    let rules = catch_the_ten::Setup::from_options(4, &Default::default()).unwrap();
    let lines = script(rules, agents, 5, 2);
    let (t, log) = run(&["--game", "catch-the-ten"], agents, 5, 2, &lines);
    no_leaks(&t, &log);
    assert!(t.contains("hint: expected points"), "{t}");
    let agents = "human;ismcts:iterations=200;rules;rules;rules;rules";
    let options = catch_the_ten::Options {
        pairs: true,
        ..Default::default()
    };
    let rules = catch_the_ten::Setup::from_options(6, &options).unwrap();
    let lines = script(rules, agents, 8, 1);
    let game = [
        "--game",
        "catch-the-ten",
        "--players",
        "6",
        "--option",
        "pairs",
        "--ascii",
    ];
    let (t, log) = run(&game, agents, 8, 1, &lines);
    no_leaks(&t, &log);
}

/// 9-5-2 over several seeds, in suit symbols and in ASCII (`--ascii`), until the person has
/// dealt and not dealt, been over (and so given cards in the exchange) and under (and so
/// received cards and returned its highest).
#[test]
fn nine_five_two_screens_show_only_what_the_seat_knows() {
    let agents = "human;ismcts:iterations=200;rules";
    let (mut dealt, mut not_dealt, mut over, mut under) = (false, false, false, false);
    let (mut told_give, mut told_return, mut ascii, mut symbols) = (false, false, false, false);
    for seed in 1..=8 {
        let rules = nine_five_two::Setup::from_options(3, &Default::default()).unwrap();
        let lines = script(rules, agents, seed, 4);
        let mut game = vec!["--game", "nine-five-two"];
        if seed % 2 == 1 {
            game.push("--ascii");
        }
        let (t, log) = run(&game, agents, seed, 4, &lines);
        no_leaks(&t, &log);
        ascii |= seed % 2 == 1;
        symbols |= seed % 2 == 0;
        for l in log.lines() {
            let r: serde_json::Value = serde_json::from_str(l).unwrap();
            let dealer = r["dealer"].as_u64() == Some(0);
            dealt |= dealer;
            not_dealt |= !dealer;
            for s in r["actions"].as_array().unwrap() {
                if s.get("give").is_some() {
                    over |= s["seat"].as_u64() == Some(0);
                    under |= s["to"].as_u64() == Some(0);
                }
            }
        }
        // The exchange is told: the give prompt with its count, receiver and reason; each
        // return to both sides.
        if over {
            told_give |= t.contains("give card 1 of ") && t.contains(" under; it returns");
        }
        if under {
            told_return |= t.contains("takes your ") && t.contains(" gives you ");
        }
        if dealt && not_dealt && over && under && ascii && symbols {
            assert!(
                t.contains("face down"),
                "another seat's hidden step is told as a count"
            );
            assert!(told_give && told_return, "the exchange is told");
            return;
        }
    }
    panic!("dealt {dealt}, not dealt {not_dealt}, over {over}, under {under}: try more seeds");
}
