//! Fuzzing every parser of user input with mutated examples and random text: cards and card
//! sets, solve deals, agent specs and seatings, `--option` strings, experiment configs, hand
//! records and the messages external bots write (`tricklab-bot/1`). No input may panic, and every error is one line. The normal run tries a few
//! hundred inputs per parser; `cargo test --test it fuzz_long -- --ignored` tries 1,000,000.

use std::fmt::Display;
use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use tricklab::agents::external::protocol::{read_answer, read_hello};
use tricklab::agents::{AgentSpec, parse_seating, parse_specs};
use tricklab::cards::{Card, CardSet, parse_card_list, parse_cards_by_seat};
use tricklab::cli::parse_options;
use tricklab::experiment::Experiment;
use tricklab::games::record::replay_line;
use tricklab::games::{ActionSet, Decision, Seat, catch_the_ten, nine_five_two, whist};

/// An edit of a seed text: (kind, position, character).
type Edit = (u8, u16, char);

/// Characters that matter to the parsers, and any character at all.
fn a_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => proptest::sample::select(
            " \n\t,;:=/[]{}\"'#.-_0123456789AKQJTSHDCNEWabcdefghijklmnopqrstuvwxyz\u{2660}\u{2665}é"
                .chars()
                .collect::<Vec<_>>()
        ),
        1 => any::<char>(),
    ]
}

/// A seed from `corpus` with up to 8 edits, or random text.
fn input(corpus: &'static [String]) -> impl Strategy<Value = String> {
    let edits = proptest::collection::vec((0u8..5, any::<u16>(), a_char()), 0..8);
    prop_oneof![
        4 => (0..corpus.len(), edits).prop_map(move |(i, e)| mutate(&corpus[i], &e)),
        1 => proptest::collection::vec(a_char(), 0..40).prop_map(|v| v.into_iter().collect()),
    ]
}

fn mutate(seed: &str, edits: &[Edit]) -> String {
    let mut v: Vec<char> = seed.chars().collect();
    for &(kind, at, c) in edits {
        let i = if v.is_empty() {
            0
        } else {
            at as usize % (v.len() + 1)
        };
        match kind {
            0 => v.insert(i, c),
            1 if i < v.len() => {
                v.remove(i);
            }
            2 if i < v.len() => v[i] = c,
            3 => {
                // Duplicate a slice (repeated keys, cards, sections).
                let end = (i + 1 + at as usize % 16).min(v.len());
                let part: Vec<char> = v[i.min(end)..end].to_vec();
                v.splice(i..i, part);
            }
            _ => v.truncate(i),
        }
    }
    v.into_iter().collect()
}

/// Fails on an error of more than one line.
fn one_line<T, E: Display>(what: &str, input: &str, r: Result<T, E>) -> Result<(), TestCaseError> {
    if let Err(e) = r {
        let text = format!("{e:#}");
        prop_assert!(!text.trim().contains('\n'), "{what} {input:?}: {text}");
    }
    Ok(())
}

fn lines(text: &str) -> Vec<String> {
    text.lines()
        .map(String::from)
        .filter(|l| !l.is_empty())
        .collect()
}

fn cards_corpus() -> &'static [String] {
    static C: OnceLock<Vec<String>> = OnceLock::new();
    C.get_or_init(|| {
        lines("AS\nTD\n10H\n6C 7C 8C\nAS KS QS JS TS / 2H 3H / 4D / 5C\nA♠ K♥\nKS KS\n/ / /\n2S 3S / 4S 5S / 2H 3H / 4H 5H")
    })
}

fn spec_corpus() -> &'static [String] {
    static C: OnceLock<Vec<String>> = OnceLock::new();
    C.get_or_init(|| {
        lines(
            "random\nrules\nrules:save_ten,hunt_ten\nismcts:iterations=1000,c=0.7,rollout=rules/save_ten,reward=points\n\
             ismcts:time_ms=5,threads=2,nodes=100\npimc:worlds=50,tt=18\noracle\nrandom;rules;ismcts:iterations=10\n\
             rules:save_ten,random,rules:save_ten,random",
        )
    })
}

fn option_corpus() -> &'static [String] {
    static C: OnceLock<Vec<String>> = OnceLock::new();
    C.get_or_init(|| {
        lines(
            "pairs\neveryone_alone\nallow_revokes,revoke_penalty=LoseHandPoints\nkeep_6s=true\n\
             end=FixedHands(6)\nvariant=Classic\ntarget=32\ngame_at_once=false",
        )
    })
}

fn config_corpus() -> &'static [String] {
    static C: OnceLock<Vec<String>> = OnceLock::new();
    C.get_or_init(|| {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/experiments");
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
            .map(|e| std::fs::read_to_string(e.path()).unwrap())
            .collect();
        v.sort();
        v
    })
}

fn record_corpus() -> &'static [String] {
    static C: OnceLock<Vec<String>> = OnceLock::new();
    C.get_or_init(|| {
        let mut v = Vec::new();
        for game in ["catch-the-ten", "nine-five-two", "whist"] {
            let p = crate::common::temp_path("fuzz", &format!("{game}.jsonl"));
            crate::common::tricklab_ok(&[
                "simulate",
                "--game",
                game,
                "--games",
                "2",
                "--log",
                p.to_str().unwrap(),
            ]);
            v.extend(
                lines(&std::fs::read_to_string(&p).unwrap())
                    .into_iter()
                    .take(3),
            );
        }
        v
    })
}

/// Runs `check` on `cases` inputs drawn from `corpus`; returns how many ran. Unless
/// `multi_line` (configs), inputs are single lines, as a command-line value or a line of a
/// record file is: a newline in an error then can only be the message's own.
fn fuzz(
    cases: u32,
    corpus: &'static [String],
    multi_line: bool,
    check: impl Fn(&str) -> Result<(), TestCaseError>,
) -> u32 {
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 200,
        ..Config::default()
    });
    runner
        .run(&input(corpus), |s| {
            if multi_line {
                check(&s)
            } else {
                check(&s.replace(['\n', '\r'], " "))
            }
        })
        .unwrap_or_else(|e| panic!("{e}"));
    cases
}

fn check_cards(s: &str) -> Result<(), TestCaseError> {
    one_line("card", s, s.parse::<Card>())?;
    one_line("card set", s, s.parse::<CardSet>())?;
    one_line("card list", s, parse_card_list(s))?;
    one_line("deal", s, parse_cards_by_seat(s))
}

fn check_specs(s: &str) -> Result<(), TestCaseError> {
    one_line("agent", s, s.parse::<AgentSpec>())?;
    one_line("seating", s, parse_seating(s, 4))?;
    one_line("agents", s, parse_specs(s))
}

fn check_options(s: &str) -> Result<(), TestCaseError> {
    let items = [s.to_string()];
    one_line(
        "ctt option",
        s,
        parse_options::<catch_the_ten::Options>("catch-the-ten", &items),
    )?;
    one_line(
        "952 option",
        s,
        parse_options::<nine_five_two::Options>("nine-five-two", &items),
    )?;
    one_line(
        "whist option",
        s,
        parse_options::<whist::Options>("whist", &items),
    )
}

fn check_config(s: &str) -> Result<(), TestCaseError> {
    one_line("config", s, Experiment::parse("fuzz.toml", s))
}

fn check_record(s: &str) -> Result<(), TestCaseError> {
    one_line(
        "ctt record",
        s,
        replay_line::<catch_the_ten::Setup>(s).map(|_| ()),
    )?;
    one_line(
        "952 record",
        s,
        replay_line::<nine_five_two::Setup>(s).map(|_| ()),
    )?;
    one_line(
        "whist record",
        s,
        replay_line::<whist::Setup>(s).map(|_| ()),
    )
}

/// What bots write: answers to `hello` and to `decide` (docs/bot-protocol.md), as the example
/// bots write them.
fn bot_corpus() -> &'static [String] {
    static C: OnceLock<Vec<String>> = OnceLock::new();
    C.get_or_init(|| {
        lines(concat!(
            r#"{"type": "hello", "protocol": "tricklab-bot/1", "name": "rule-bot", "author": "tricklab examples", "version": "1.0", "games": [{"game": "catch-the-ten", "players": [2, 3, 4, 5, 6, 7, 8]}, {"game": "nine-five-two", "players": [3]}, {"game": "whist", "players": [4]}]}"#,
            "\n",
            r#"{"type":"hello","protocol":"tricklab-bot/1","name":"random-bot","games":[{"game":"whist","players":[4]}]}"#,
            "\n",
            r#"{"type": "info", "id": 0, "comment": "lead high from the longest suit"}"#,
            "\n",
            r#"{"type": "action", "id": 0, "seat": 0, "action": "AS"}"#,
            "\n",
            r#"{"type": "action", "id": 7, "seat": 2, "action": "TD"}"#,
            "\n",
            r#"{"type":"action","id":3,"seat":1,"action":"H"}"#,
            "\n",
            r#"{"type":"action","id":18446744073709551615,"seat":0,"action":"7C"}"#,
            "\n",
            // A JSON escape decodes to a control character inside the message's text.
            r#"{"type":"action","id":0,"seat":0,"action":"A\nS\u0007"}"#,
        ))
    })
}

fn check_bot_message(s: &str) -> Result<(), TestCaseError> {
    one_line("bot hello", s, read_hello(s))?;
    let plays = ActionSet::plays(
        "AS TD 7C QH 2D"
            .parse()
            .expect("a card set for the legal plays"),
    );
    let trumps = ActionSet::trumps(0b1111);
    let discards = ActionSet::from_cards(Decision::Discard, "AS 7C".parse().unwrap());
    for (id, seat) in [(0, 0), (7, 2), (3, 1)] {
        for legal in [plays, trumps, discards] {
            let answer = read_answer(s, id, Seat(seat), legal).map_err(|(_, m)| m);
            one_line("bot answer", s, answer)?;
        }
    }
    Ok(())
}

/// Every parser once with `cases` inputs, reporting counts and time on standard error.
fn all(cases: u32) {
    type Check = fn(&str) -> Result<(), TestCaseError>;
    let parsers: [(&str, &'static [String], bool, Check); 6] = [
        (
            "cards, card sets, solve deals",
            cards_corpus(),
            false,
            check_cards,
        ),
        (
            "agent specs and seatings",
            spec_corpus(),
            false,
            check_specs,
        ),
        ("--option strings", option_corpus(), false, check_options),
        (
            "experiment configs (TOML)",
            config_corpus(),
            true,
            check_config,
        ),
        ("hand records", record_corpus(), false, check_record),
        (
            "bot messages (tricklab-bot/1)",
            bot_corpus(),
            false,
            check_bot_message,
        ),
    ];
    // `FUZZ_ONLY=records` (any part of a name) runs one parser.
    let only = std::env::var("FUZZ_ONLY").unwrap_or_default();
    for (name, corpus, multi_line, check) in parsers {
        if !name.contains(only.as_str()) {
            continue;
        }
        let t = std::time::Instant::now();
        let n = fuzz(cases, corpus, multi_line, check);
        eprintln!(
            "fuzz: {name}: {n} inputs, no panic, every error one line, {:.1} s",
            t.elapsed().as_secs_f64()
        );
    }
}

#[test]
fn fuzz_short() {
    all(256);
}

#[test]
#[ignore = "long: 1,000,000 inputs per parser"]
fn fuzz_long() {
    all(1_000_000);
}
