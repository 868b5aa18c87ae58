//! External bots (`tricklab-bot/1`): the reference bots play full matches of every game and
//! their logs replay; every kind of fault stops a run with a one-line error, keeps the finished
//! rows, lets `--resume` finish the run to the same bytes, and leaves no bot process behind.
//! Needs `python3`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::bots::{agree_config, alive};
use crate::common::{folder_files, temp_path, tricklab, tricklab_ok};

fn script(rel: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    format!("python3 '{}'", p.display())
}

fn bot(rel: &str, name: &str) -> String {
    format!("external:cmd=\"{}\",name={name}", script(rel))
}

const RANDOM: &str = "examples/bots/random_bot.py";
const RULE: &str = "examples/bots/rule_bot.py";
const FAULTY: &str = "tests/data/bots/fault_bot.py";

#[test]
fn reference_bots_play_full_matches_of_every_game_and_the_logs_replay() {
    let r = bot(RANDOM, "pyrandom");
    let b = bot(RULE, "pyrules");
    for (game, agents) in [
        ("catch-the-ten", format!("{r};rules;{b};random")),
        ("nine-five-two", format!("{r};{b};rules")),
        ("whist", format!("{b};random;{r};rules")),
    ] {
        let log = temp_path("bots", &format!("{game}.jsonl"));
        let out = tricklab_ok(&[
            "simulate",
            "--game",
            game,
            "--games",
            "3",
            "--threads",
            "2",
            "--agents",
            &agents,
            "--log",
            log.to_str().unwrap(),
        ]);
        assert!(out.contains("3 matches"), "{game}: {out}");
        let text = std::fs::read_to_string(&log).unwrap();
        let ended = text
            .lines()
            .filter(|l| !l.contains("\"winners\":null"))
            .count();
        assert_eq!(ended, 3, "{game}: every match played to its end");
        let replay = tricklab_ok(&["replay", log.to_str().unwrap()]);
        assert!(!replay.is_empty(), "{game}: replay said nothing");
    }
}

#[test]
fn a_bot_that_does_not_play_the_game_is_refused_before_play() {
    let out = Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args(["simulate", "--game", "whist", "--games", "2", "--agents"])
        .arg(bot(FAULTY, "faulty"))
        .env("FAULT_GAMES", "catch-the-ten")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("does not play whist with 4 players")
            && err.contains("catch-the-ten (2, 3, 4, 5, 6, 7, 8)"),
        "{err}"
    );
}

#[test]
fn bad_external_specs_are_refused_with_exit_code_2() {
    for (spec, says) in [
        ("external:name=x", "needs cmd="),
        ("external:cmd=\"python3 x.py\",budget_ms=0", "budget_ms"),
        (
            "external:cmd=\"python3 x.py\",on_fault=retry",
            "`abort` or `forfeit`",
        ),
        (
            "external:cmd=\"python3 x.py\",colour=red",
            "unknown external parameter",
        ),
    ] {
        let out = tricklab(&["simulate", "--games", "1", "--agents", spec]);
        assert_eq!(out.status.code(), Some(2), "{spec}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(says) && err.lines().count() == 1,
            "{spec}: {err}"
        );
    }
}

fn config(dir: &Path) -> PathBuf {
    config_with(dir, "bots.toml", "")
}

/// The fault tests' config, with `extra` parameters for the faulty bot's spec.
fn config_with(dir: &Path, file: &str, extra: &str) -> PathBuf {
    let p = dir.join(file);
    let text = format!(
        r#"
name = "bots"
game = "whist"
players = 4
seed = 3
deals = 200
duplicate = false
statistics = ["points"]

[[arm]]
name = "bot"
seats = ['external:cmd="python3 {}",name=faulty,budget_ms=300{extra}', "random", "random", "random"]
subject = [0, 2]

[[arm]]
name = "control"
seats = ["random", "random", "random", "random"]
subject = [0, 2]

[hypothesis]
tip = "bot"
control = "control"
statistic = "points"
direction = "greater"
epsilon = 0.25
"#,
        Path::new(env!("CARGO_MANIFEST_DIR")).join(FAULTY).display()
    );
    std::fs::write(&p, text).unwrap();
    p
}

fn run_with(mode: &str, pids: &Path, args: &[&str]) -> Output {
    run_after(mode, "2000", pids, args)
}

fn run_after(mode: &str, after: &str, pids: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args(args)
        .env("FAULT_MODE", mode)
        .env("FAULT_AFTER", after)
        .env("FAULT_PIDS", pids)
        .output()
        .unwrap()
}

#[test]
fn every_fault_aborts_keeps_finished_rows_resumes_and_leaves_no_process() {
    let base = temp_path("bots", "faults");
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&base).unwrap();
    let cfg = config(&base);
    let cfg = cfg.to_str().unwrap();
    let pids = base.join("pids");
    std::fs::create_dir_all(&pids).unwrap();
    let reference = base.join("reference");
    let out = run_with(
        "ok",
        &pids,
        &[
            "run",
            cfg,
            "--threads",
            "1",
            "--out",
            reference.to_str().unwrap(),
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let reference = folder_files(&reference);
    for (mode, says) in [
        ("sleep", "timed out: no answer to decision"),
        ("exit", "closed its output"),
        ("closed", "closed its output"),
        ("garbage", "malformed JSON"),
        ("illegal", "illegal action"),
        ("other_seat", "answered for seat"),
    ] {
        let dir = base.join(mode);
        let args = ["run", cfg, "--threads", "1", "--out", dir.to_str().unwrap()];
        let out = run_with(mode, &pids, &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{mode}: {err}");
        assert_eq!(err.lines().count(), 1, "{mode}: one line: {err}");
        for word in ["bot faulty", ", match ", ", hand 0", says, "--resume"] {
            assert!(err.contains(word), "{mode}: `{word}` missing from {err}");
        }
        // The first window (128 deals with one thread) was finished before the fault.
        let hands = std::fs::read_to_string(dir.join("hands.csv")).unwrap();
        let deals: std::collections::BTreeSet<u64> = hands
            .lines()
            .skip(1)
            .map(|l| l.split(',').next().unwrap().parse().unwrap())
            .collect();
        assert_eq!(deals.len(), 128, "{mode}: finished deals kept");
        assert_eq!(deals.last(), Some(&127), "{mode}");
        assert!(dir.join("progress.json").exists(), "{mode}");
        assert_eq!(
            alive(&pids),
            Vec::<String>::new(),
            "{mode}: bots outlived the run"
        );
        // Fixed, the bot finishes the run to the bytes of a run that never failed.
        let out = run_with("ok", &pids, &[&args[..], &["--resume"]].concat());
        assert!(
            out.status.success(),
            "{mode}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut got = folder_files(&dir);
        got.retain(|(n, _)| n != "run.json");
        let mut want = reference.clone();
        want.retain(|(n, _)| n != "run.json");
        assert_eq!(got, want, "{mode}: resumed run");
    }
    assert_eq!(alive(&pids), Vec::<String>::new());
}

/// The lines of a CSV file grouped by their first field (the deal).
fn by_deal(text: &str) -> std::collections::BTreeMap<u64, Vec<String>> {
    let mut m = std::collections::BTreeMap::<u64, Vec<String>>::new();
    for l in text.lines().skip(1) {
        let deal = l.split(',').next().unwrap().parse().unwrap();
        m.entry(deal).or_default().push(l.to_string());
    }
    m
}

#[test]
fn every_fault_forfeits_only_its_hand_is_recorded_and_the_run_goes_on() {
    let base = temp_path("bots", "forfeits");
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&base).unwrap();
    let cfg = config_with(&base, "forfeit.toml", ",on_fault=forfeit");
    let cfg = cfg.to_str().unwrap();
    let pids = base.join("pids");
    std::fs::create_dir_all(&pids).unwrap();
    let run = |mode: &str, out: &str| {
        let dir = base.join(out);
        let args = ["run", cfg, "--threads", "1", "--out", dir.to_str().unwrap()];
        let out = run_after(mode, "700", &pids, &args);
        assert!(
            out.status.success(),
            "{mode}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        (dir, String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (reference, _) = run("ok", "reference");
    let want = by_deal(&std::fs::read_to_string(reference.join("hands.csv")).unwrap());
    assert_eq!(want.len(), 200);
    let faults = std::fs::read_to_string(reference.join("faults.csv")).unwrap();
    assert_eq!(
        faults,
        "deal,arm,rotation,hand,seat,side,agent,fault,message\n"
    );
    for (mode, kind) in [
        ("sleep", "timeout"),
        ("exit", "closed"),
        ("closed", "closed"),
        ("garbage", "malformed"),
        ("illegal", "illegal"),
        ("other_seat", "other_seat"),
    ] {
        let (dir, err) = run(mode, mode);
        let faults = std::fs::read_to_string(dir.join("faults.csv")).unwrap();
        let rows: Vec<csv::StringRecord> = csv::Reader::from_reader(faults.as_bytes())
            .records()
            .map(Result::unwrap)
            .collect();
        // The bot faults once every 700 decisions of each of its processes.
        assert!(rows.len() >= 2, "{mode}: {faults}");
        assert_eq!(
            err.lines()
                .filter(|l| l.contains("forfeit: bot faulty"))
                .count(),
            rows.len(),
            "{mode}: {err}"
        );
        let mut forfeited = std::collections::BTreeSet::new();
        for r in &rows {
            assert_eq!(&r[1], "bot", "{mode}: only the arm with the bot");
            assert_eq!(&r[4], "0", "{mode}: the bot's seat: {r:?}");
            assert!(&r[6] == "faulty", "{mode}: {r:?}");
            assert_eq!(&r[7], kind, "{mode}: {r:?}");
            assert!(!r[8].is_empty(), "{mode}: {r:?}");
            forfeited.insert(r[0].parse::<u64>().unwrap());
        }
        // Every deal is played; a deal without a forfeit is the reference's to the byte (the
        // restarted bot plays on as before).
        let got = by_deal(&std::fs::read_to_string(dir.join("hands.csv")).unwrap());
        assert_eq!(got.len(), 200, "{mode}");
        for (deal, lines) in &got {
            if !forfeited.contains(deal) {
                assert_eq!(lines, &want[deal], "{mode}: deal {deal}");
            }
        }
        assert!(!dir.join("progress.json").exists(), "{mode}");
        assert_eq!(
            alive(&pids),
            Vec::<String>::new(),
            "{mode}: bots outlived the run"
        );
    }
    // The same faults forfeit the same hands: run again, same bytes.
    let (again, _) = run("illegal", "illegal-again");
    let mut a = folder_files(&again);
    a.retain(|(n, _)| n != "run.json");
    let mut b = folder_files(&base.join("illegal"));
    b.retain(|(n, _)| n != "run.json");
    assert_eq!(a, b);
}

#[test]
fn a_forfeited_hand_is_conceded_in_the_log_and_replays() {
    let base = temp_path("bots", "conceded");
    let _ = std::fs::remove_dir_all(&base);
    let pids = base.join("pids");
    std::fs::create_dir_all(&pids).unwrap();
    for (game, seats) in [
        ("whist", ";random;random;random"),
        ("nine-five-two", ";random;random"),
        ("catch-the-ten", ";random;random;random"),
    ] {
        let log = base.join(format!("{game}.jsonl"));
        let agents = format!(
            "external:cmd=\"{}\",name=faulty,budget_ms=300,on_fault=forfeit{seats}",
            script(FAULTY)
        );
        let args = [
            "simulate",
            "--game",
            game,
            "--games",
            "4",
            "--threads",
            "1",
            "--agents",
            &agents,
            "--log",
            log.to_str().unwrap(),
        ];
        let out = run_after("illegal", "9", &pids, &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{game}: {err}");
        let faults = err
            .lines()
            .filter(|l| l.contains("forfeit: bot faulty"))
            .count();
        let text = std::fs::read_to_string(&log).unwrap();
        // Every fault comes at a decision, so each forfeits the rest of its hand: the hand's
        // record says so, seat 0 conceding to seat 1.
        let conceded = text
            .lines()
            .filter(|l| l.contains(r#""forfeit":{"seat":0,"to":1}"#))
            .count();
        assert!(faults >= 2, "{game}: {err}");
        assert_eq!(conceded, faults, "{game}: {err}");
        assert_eq!(text.matches("\"forfeit\"").count(), faults, "{game}");
        tricklab_ok(&["replay", log.to_str().unwrap()]);
        assert_eq!(
            alive(&pids),
            Vec::<String>::new(),
            "{game}: bots outlived the run"
        );
    }
}

/// `args` run with the fault bot breaking at hand 0 of `matches`.
fn run_faulting_in(matches: &str, pids: &Path, args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args(args)
        .env("FAULT_MODE", "illegal")
        .env("FAULT_MATCHES", matches)
        .env("FAULT_PIDS", pids)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn forfeited_hands(json: &[u8]) -> Option<u64> {
    let v: serde_json::Value = serde_json::from_slice(json).unwrap();
    v.get("forfeited_hands").map(|n| n.as_u64().unwrap())
}

#[test]
fn faults_csv_merges_to_a_whole_runs_bytes_and_summaries_count_the_forfeits() {
    let base = temp_path("bots", "fault-shards");
    let _ = std::fs::remove_dir_all(&base);
    let pids = base.join("pids");
    std::fs::create_dir_all(&pids).unwrap();
    let cfg = config_with(&base, "forfeit.toml", ",on_fault=forfeit");
    let cfg = cfg.to_str().unwrap();
    let matches = "5,60,130,199";
    let dir = |name: &str| base.join(name).to_str().unwrap().to_string();
    let run = |out: &str, shard: &[&str]| {
        let mut args = vec!["run", cfg, "--threads", "1", "--out", out];
        // A shard has no summary.
        args.extend(if shard.is_empty() {
            &["--json"][..]
        } else {
            shard
        });
        run_faulting_in(matches, &pids, &args)
    };
    let whole = run(&dir("whole"), &[]);
    let faults = std::fs::read_to_string(base.join("whole").join("faults.csv")).unwrap();
    let deals: Vec<&str> = faults
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap())
        .collect();
    let mut distinct = deals.clone();
    distinct.dedup();
    assert_eq!(distinct, ["5", "60", "130", "199"], "{faults}");
    let rows = deals.len() as u64;
    assert_eq!(forfeited_hands(&whole.stdout), Some(rows));
    run(&dir("s2"), &["--shard", "2/2"]);
    run(&dir("s1"), &["--shard", "1/2"]);
    let merged = run_faulting_in(
        matches,
        &pids,
        &[
            "merge",
            &dir("s2"),
            &dir("s1"),
            "--out",
            &dir("merged"),
            "--json",
        ],
    );
    assert_eq!(forfeited_hands(&merged.stdout), Some(rows));
    for file in ["faults.csv", "hands.csv", "deals.csv", "summary.csv"] {
        assert_eq!(
            std::fs::read(base.join("merged").join(file)).unwrap(),
            std::fs::read(base.join("whole").join(file)).unwrap(),
            "{file}"
        );
    }
    // Without a bot that may forfeit, the summary says nothing of forfeits.
    let plain = tricklab_ok(&[
        "simulate", "--game", "whist", "--games", "3", "--agents", "random", "--json",
    ]);
    assert_eq!(forfeited_hands(plain.as_bytes()), None);
    // simulate --out writes faults.csv too, and its summary counts the forfeits.
    let agents = format!(
        "external:cmd=\"{}\",name=faulty,budget_ms=300,on_fault=forfeit;random;random;random",
        script(FAULTY)
    );
    let sim = run_faulting_in(
        "3,11",
        &pids,
        &[
            "simulate",
            "--game",
            "whist",
            "--games",
            "20",
            "--threads",
            "1",
            "--agents",
            &agents,
            "--out",
            &dir("sim"),
        ],
    );
    let text = String::from_utf8_lossy(&sim.stdout);
    assert!(
        text.contains("forfeited hands: 2 (one row each in faults.csv)"),
        "{text}"
    );
    let faults = std::fs::read_to_string(base.join("sim").join("faults.csv")).unwrap();
    assert_eq!(faults.lines().count(), 3, "{faults}");
    assert_eq!(alive(&pids), Vec::<String>::new(), "bots outlived the runs");
}

#[test]
fn a_tournaments_faults_csv_survives_resume_to_the_bytes_and_its_summary_counts_the_forfeits() {
    let base = temp_path("bots", "fault-tournament");
    let _ = std::fs::remove_dir_all(&base);
    let pids = base.join("pids");
    std::fs::create_dir_all(&pids).unwrap();
    let agents = format!(
        "external:cmd=\"{}\",name=faulty,budget_ms=300,on_fault=forfeit;random",
        script(FAULTY)
    );
    // 150 deals: chunks of 64 from deals 0, 64 and 128, a fault in each.
    let matches = "5,70,140";
    let dir = |name: &str| base.join(name).to_str().unwrap().to_string();
    let args = |out: &str, threads: &str| -> Vec<String> {
        [
            "tournament",
            "--game",
            "whist",
            "--deals",
            "150",
            "--seed",
            "3",
            "--agents",
            &agents,
            "--threads",
            threads,
            "--out",
            out,
        ]
        .map(String::from)
        .to_vec()
    };
    let run = |v: Vec<String>| {
        let v: Vec<&str> = v.iter().map(String::as_str).collect();
        run_faulting_in(matches, &pids, &v)
    };
    let whole = run([args(&dir("whole"), "1"), vec!["--json".into()]].concat());
    let faults = std::fs::read_to_string(base.join("whole").join("faults.csv")).unwrap();
    let mut deals: Vec<&str> = faults
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap())
        .collect();
    let rows = deals.len() as u64;
    deals.dedup();
    assert_eq!(deals, ["5", "70", "140"], "{faults}");
    assert!(
        faults.starts_with("deal,arm,rotation,hand,seat,side,agent,fault,message\n"),
        "{faults}"
    );
    assert!(
        faults.contains(",faulty vs random,"),
        "the pair names the row: {faults}"
    );
    assert_eq!(forfeited_hands(&whole.stdout), Some(rows));
    // Interrupted after a chunk on two threads: the kept chunks keep their rows, the rest are
    // played again, and the file ends with the bytes of the uninterrupted tournament.
    let part = dir("part");
    let cut = [
        args(&part, "2"),
        vec!["--stop-after-chunks".into(), "1".into()],
    ]
    .concat();
    let out = Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args(&cut)
        .env("FAULT_MODE", "illegal")
        .env("FAULT_MATCHES", matches)
        .env("FAULT_PIDS", &pids)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!base.join("part").join("faults.csv").exists());
    let kept = std::fs::read_to_string(base.join("part").join("progress.csv")).unwrap();
    assert!((2..4).contains(&kept.lines().count()), "{kept}");
    let resumed = run([args(&part, "3"), vec!["--resume".into()]].concat());
    let text = String::from_utf8_lossy(&resumed.stdout);
    assert!(
        text.contains(&format!(
            "forfeited hands: {rows} (one row each in faults.csv)"
        )),
        "{text}"
    );
    for file in ["faults.csv", "pairs.csv", "ratings.csv", "summary.md"] {
        assert_eq!(
            std::fs::read(base.join("part").join(file)).unwrap(),
            std::fs::read(base.join("whole").join(file)).unwrap(),
            "{file}"
        );
    }
    assert!(!base.join("part").join("progress.csv").exists());
    // Without a bot that may forfeit: no faults.csv, and the summary says nothing of forfeits.
    let plain = tricklab_ok(&[
        "tournament",
        "--game",
        "whist",
        "--deals",
        "3",
        "--agents",
        "random;rules",
        "--out",
        &dir("plain"),
        "--json",
    ]);
    assert_eq!(forfeited_hands(plain.as_bytes()), None);
    assert!(!base.join("plain").join("faults.csv").exists());
    assert_eq!(alive(&pids), Vec::<String>::new(), "bots outlived the runs");
}

mod leak {
    //! No message to a seat names a card that seat may not know. What a seat may know is
    //! tracked here from the rules (RULES.md §1.9, §2.8, §3.5), independently of how the
    //! messages are built: cards out of the pack or shown at the deal, its own cards (now and
    //! before), every card played, and the discards, gives and returns it took part in.

    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use tricklab::agents::external::protocol;
    use tricklab::agents::{
        Agent, AgentFactory, RandomAgent, TableEvent, play_seated, seat_agents, table_info,
    };
    use tricklab::cards::{Card, CardSet};
    use tricklab::games::matches::{MatchRules, MatchState};
    use tricklab::games::record::{RecordRules, Step};
    use tricklab::games::{Action, Game, Seat, catch_the_ten, nine_five_two, whist};
    use tricklab::rng::{GameRng, Purpose, stream};

    /// Every card named in a message (a JSON string that is a card, or a list of cards).
    fn named(msg: &str) -> CardSet {
        fn walk(v: &serde_json::Value, out: &mut CardSet) {
            match v {
                serde_json::Value::String(s) => {
                    if let Ok(c) = s.parse::<Card>() {
                        out.insert(c);
                    } else if let Ok(set) = s.parse::<CardSet>() {
                        *out |= set;
                    }
                }
                serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
                serde_json::Value::Object(m) => m.values().for_each(|x| walk(x, out)),
                _ => {}
            }
        }
        let v: serde_json::Value = serde_json::from_str(msg).expect("a message is JSON");
        let mut out = CardSet::EMPTY;
        walk(&v, &mut out);
        out
    }

    /// The cards public at the deal: those dealt to nobody, the turned and the laid-aside card.
    fn public_at_deal<R: RecordRules>(rules: &R, dealt: &R::Hand) -> CardSet {
        let v = serde_json::to_value(rules.deal_record(dealt)).unwrap();
        let mut shown = CardSet::EMPTY;
        for key in ["turned", "laid_aside"] {
            if let Some(c) = v.get(key).and_then(|c| c.as_str()) {
                shown.insert(c.parse().unwrap());
            }
        }
        !named(&v.to_string()) | shown
    }

    struct Spy<R> {
        rules: R,
        known: CardSet,
        sides: usize,
        checked: Arc<AtomicUsize>,
    }

    impl<R: RecordRules> Spy<R> {
        fn check(&mut self, msg: &str, seat: Seat, hand: CardSet) {
            self.known |= hand;
            let leak = named(msg) - self.known;
            assert!(
                leak.is_empty(),
                "seat {seat} is told {leak}, which it may not know: {msg}"
            );
            self.checked.fetch_add(1, Ordering::Relaxed);
        }
    }

    impl<R: RecordRules> Agent<R::Hand> for Spy<R>
    where
        R::Hand: AgentFactory,
    {
        fn choose(&mut self, state: &R::Hand, seat: Seat, rng: &mut GameRng) -> Action {
            self.check(
                &protocol::decide(0, seat, state, &protocol::Ask::budget(1000)),
                seat,
                state.hand(seat),
            );
            RandomAgent.choose(state, seat, rng)
        }

        fn observes(&self) -> bool {
            true
        }

        fn observe(&mut self, seat: Seat, event: &TableEvent<'_, R::Hand>) {
            match event {
                TableEvent::HandStart {
                    table,
                    before,
                    state,
                } => {
                    self.known = public_at_deal(&self.rules, *state);
                    self.sides = state.sides().num_sides();
                    self.check(
                        &protocol::match_start(table, seat, *state),
                        seat,
                        state.hand(seat),
                    );
                    self.check(
                        &protocol::hand_start(before, seat, *state),
                        seat,
                        state.hand(seat),
                    );
                }
                TableEvent::Step { record, state } => {
                    let mine = record.seat == seat.0;
                    let to_me = record.to == Some(seat.0);
                    match record.step {
                        Step::Play(c) => self.known.insert(c),
                        Step::Discard(c) if mine => self.known.insert(c),
                        Step::Give(c) | Step::Return(c) if mine || to_me => self.known.insert(c),
                        _ => {}
                    }
                    self.check(&protocol::step(record, seat), seat, state.hand(seat));
                }
                TableEvent::HandEnd { played, result, .. } => {
                    self.check(
                        &protocol::hand_end(played, result),
                        seat,
                        played.last.hand(seat),
                    );
                }
                TableEvent::MatchEnd { end } => {
                    self.check(&protocol::match_end(end, self.sides), seat, CardSet::EMPTY);
                }
            }
        }
    }

    fn play<R: RecordRules + 'static>(rules: R, matches: u64, max_hands: u32) -> usize
    where
        R::Hand: AgentFactory,
    {
        let checked = Arc::new(AtomicUsize::new(0));
        let n = rules.sides().num_seats();
        let mut agents: Vec<Box<dyn Agent<R::Hand>>> = (0..n)
            .map(|_| {
                Box::new(Spy {
                    rules: rules.clone(),
                    known: CardSet::EMPTY,
                    sides: 0,
                    checked: checked.clone(),
                }) as Box<dyn Agent<R::Hand>>
            })
            .collect();
        for m in 0..matches {
            let mut deal_rng = stream(11, m, Purpose::Deal, 0);
            let mut rngs: Vec<GameRng> = (0..n as u64)
                .map(|s| stream(11, m, Purpose::Agent, s))
                .collect();
            play_seated(
                &rules,
                &table_info(&rules, m),
                MatchState::new(Seat((m % n as u64) as u8)),
                &mut deal_rng,
                max_hands,
                &mut seat_agents(&mut agents, |s| s),
                &mut rngs,
                |_| {},
            );
        }
        checked.load(Ordering::Relaxed)
    }

    fn rules<R: RecordRules>(players: usize, options: &str) -> R {
        R::from_options(players, &serde_json::from_str(options).unwrap()).unwrap()
    }

    #[test]
    fn no_message_names_a_card_its_seat_may_not_know() {
        for players in [2, 3, 4, 5, 6] {
            let n = play(rules::<catch_the_ten::Setup>(players, "{}"), 40, 3);
            assert!(n > 1000, "catch the ten {players}: {n} messages");
        }
        let n = play(rules::<nine_five_two::Setup>(3, "{}"), 40, 6);
        assert!(n > 1000, "9-5-2: {n} messages");
        let n = play(rules::<whist::Setup>(4, "{}"), 40, 3);
        assert!(n > 1000, "whist: {n} messages");
    }

    #[test]
    fn the_check_finds_another_seats_card() {
        let r = rules::<whist::Setup>(4, "{}");
        let state = r.deal(
            &MatchState::new(Seat(0)),
            &mut stream(1, 0, Purpose::Deal, 0),
        );
        let other = state.hand(Seat(1)).first().unwrap();
        let known = public_at_deal(&r, &state) | state.hand(Seat(0));
        let msg = format!("{{\"type\":\"decide\",\"cards\":[\"{other}\"]}}");
        assert!(!(named(&msg) - known).is_empty());
    }
}

/// A TOML basic string holding `s`.
fn toml_str(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A small whist experiment whose arm `bot` seats `seat` at seats 0 and 2, with `tail` (such
/// as a `[bots]` table) at the end.
fn named_config(dir: &Path, file: &str, seat: &str, tail: &str) -> PathBuf {
    let p = dir.join(file);
    let seat = toml_str(seat);
    let text = format!(
        r#"name = "named-bots"
game = "whist"
players = 4
seed = 5
deals = 12
statistics = ["points"]

[[arm]]
name = "bot"
seats = [{seat}, "random", {seat}, "random"]
subject = [0, 2]

[[arm]]
name = "control"
seats = "random"
subject = [0, 2]
{tail}"#
    );
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn a_bots_table_runs_to_the_bytes_of_the_inline_spec() {
    let base = temp_path("bots", "named");
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&base).unwrap();
    let cmd = script(RULE);
    // The 1.0 keys, then protocol 1.1's clock, limit and the bot's option.
    for (k, (spec, fields)) in [
        ("budget_ms=5000", "budget_ms = 5000\non_fault = \"abort\""),
        (
            "clock=hand:60000+100,iterations=50,opt.lead=low",
            "clock = \"hand:60000+100\"\niterations = 50\noptions = { lead = \"low\" }",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let inline = named_config(
            &base,
            &format!("inline{k}.toml"),
            &format!("external:cmd=\"{cmd}\",name=pyrules,{spec}"),
            "",
        );
        let table = format!("\n[bots.pyrules]\ncmd = {}\n{fields}\n", toml_str(&cmd));
        let named = named_config(&base, &format!("named{k}.toml"), "pyrules", &table);
        same_bytes(&base.join(k.to_string()), &inline, &named);
    }
}

/// Runs the configs `inline` and `named` into folders under `base`; their files must be the
/// same bytes but for `run.json`.
fn same_bytes(base: &Path, inline: &Path, named: &Path) {
    let mut outs = Vec::new();
    for (cfg, out) in [(inline, "inline"), (named, "named")] {
        let dir = base.join(out);
        tricklab_ok(&[
            "run",
            cfg.to_str().unwrap(),
            "--threads",
            "2",
            "--out",
            dir.to_str().unwrap(),
        ]);
        let mut files = folder_files(&dir);
        // run.json records the config's own text, which differs by design.
        files.retain(|(n, _)| n != "run.json");
        assert!(files.iter().any(|(n, _)| n == "hands.csv"), "{files:?}");
        outs.push(files);
    }
    assert_eq!(outs[0], outs[1]);
}

#[test]
fn bad_bots_tables_are_refused_naming_the_field() {
    let base = temp_path("bots", "named-errors");
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&base).unwrap();
    for (i, (seat, tail, says)) in [
        (
            "random",
            "[bots.random]\ncmd = \"python3 x.py\"",
            "`random` is an agent's name",
        ),
        (
            "b",
            "[bots.b]\ncmd = \"python3 x.py\"\nbudget_ms = 0",
            "[bots.b] field `budget_ms`: `0` is not allowed; expected milliseconds from 1",
        ),
        (
            "b",
            "[bots.b]\ncmd = \"python3 x.py\"\non_fault = \"retry\"",
            "[bots.b] field `on_fault`: `retry` is not allowed; expected `abort` or `forfeit`",
        ),
        ("b", "[bots.b]\ncmd = \"  \"", "[bots.b] field `cmd`"),
        (
            "b",
            "[bots.b]\ncmd = \"x\"\nclock = \"day:5\"",
            "[bots.b] field `clock`: `day:5` is not allowed; expected `hand:MS` or `match:MS`",
        ),
        (
            "b",
            "[bots.b]\ncmd = \"x\"\nbudget_ms = 5\nclock = \"hand:5\"",
            "no clock with budget_ms",
        ),
        ("b", "[bots.b]\ncmd = \"x\"\ncolour = \"red\"", "colour"),
        ("b", "[bots.b]\nbudget_ms = 5", "missing field `cmd`"),
        (
            "b:fast",
            "[bots.b]\ncmd = \"x\"",
            "bot `b` of [bots] takes no parameters here",
        ),
        ("c", "[bots.b]\ncmd = \"x\"", "or a bot of [bots]: b"),
    ]
    .into_iter()
    .enumerate()
    {
        let cfg = named_config(&base, &format!("{i}.toml"), seat, &format!("\n{tail}\n"));
        let out = tricklab(&[
            "run",
            cfg.to_str().unwrap(),
            "--out",
            base.join("x").to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{tail}: {err}");
        assert!(
            err.contains(says) && err.lines().count() == 1,
            "{tail}: {err}"
        );
    }
}

#[test]
fn agree_asks_external_bots_at_the_positions_they_see_as_in_play() {
    let base = temp_path("bots", "agree");
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&base).unwrap();
    let tables = format!(
        "[bots.pyrules]\ncmd = {}\n\n[bots.pyrandom]\ncmd = {}\n",
        toml_str(&script(RULE)),
        toml_str(&format!("{} 7", script(RANDOM)))
    );
    let text =
        |searcher: &str| agree_config("bots-agree", &tables, "pyrules", "pyrandom", searcher, 4);
    let cfg = base.join("agree.toml");
    std::fs::write(&cfg, text("ismcts:iterations=100")).unwrap();
    let mut outs = Vec::new();
    for (out, threads) in [("one", "1"), ("two", "2")] {
        let dir = base.join(out);
        tricklab_ok(&[
            "agree",
            cfg.to_str().unwrap(),
            "--threads",
            threads,
            "--out",
            dir.to_str().unwrap(),
        ]);
        let csv = std::fs::read_to_string(dir.join("agreement.csv")).unwrap();
        let rows: Vec<Vec<&str>> = csv
            .lines()
            .skip(1)
            .map(|l| l.split(',').collect())
            .collect();
        assert_eq!(rows.len(), 4, "{csv}");
        // The bot (tip) and B0 (control) differ at every position collected.
        assert!(rows.iter().all(|r| r[2] != r[3]), "{csv}");
        outs.push(csv);
    }
    assert_eq!(outs[0], outs[1], "the same answers on any thread count");
    std::fs::write(&cfg, text("pyrules")).unwrap();
    let out = tricklab(&[
        "agree",
        cfg.to_str().unwrap(),
        "--out",
        base.join("x").to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("is not a search agent"), "{err}");
}

#[test]
fn reports_name_an_external_bot_by_its_name() {
    let b = bot(RANDOM, "pyrandom");
    let out = tricklab_ok(&[
        "simulate",
        "--game",
        "whist",
        "--games",
        "1",
        "--agents",
        &format!("{b};random;random;random"),
    ]);
    assert!(
        out.contains("with agents pyrandom,random,random,random"),
        "{out}"
    );
    let dir = temp_path("bots", "named-tournament");
    let _ = std::fs::remove_dir_all(&dir);
    tricklab_ok(&[
        "tournament",
        "--game",
        "whist",
        "--deals",
        "2",
        "--agents",
        &format!("{b};random"),
        "--out",
        dir.to_str().unwrap(),
    ]);
    for (name, text) in folder_files(&dir) {
        let text = String::from_utf8_lossy(&text);
        assert!(!text.contains("external:cmd"), "{name}: {text}");
        if name == "ratings.csv" {
            assert!(text.contains("pyrandom"), "{name}: {text}");
        }
    }
}
