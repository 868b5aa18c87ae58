//! What a bot writes is charged to the hand it wrote it in and read within its budget: a second
//! answer after the hand's last decision is a fault of that hand (not of the next deal), and a
//! line of 10 MiB, or one that never ends, is refused within the decision's budget. Needs
//! `python3`.

use std::path::Path;
use std::process::Output;
use std::time::{Duration, Instant};

use crate::common::bots::simulate_fault_bot;
use crate::common::temp_path;

/// `simulate` of four whist matches with the fault bot at seat 0 (`extra` added to its spec)
/// faulting the way `mode` says, with `env` for the bot, the records written to `log`.
fn simulate(mode: &str, extra: &str, env: &[(&str, &str)], log: &Path) -> Output {
    let spec = format!(",budget_ms=300{extra}");
    let env = [&[("FAULT_MODE", mode)], env].concat();
    let log = log.to_str().unwrap();
    simulate_fault_bot("4", &spec, &env, &["--force", "--log", log])
}

#[test]
fn a_second_answer_after_a_hands_last_decision_is_a_fault_of_that_hand() {
    let log = temp_path("bots-lines", "double.jsonl");
    for mode in ["double", "double_late"] {
        // Under `abort`: the run stops naming the hand the line was written in.
        let out = simulate(mode, "", &[("FAULT_MATCHES", "1")], &log);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{mode}: {err}");
        assert!(err.contains("match 1, hand 0:"), "{mode}: {err}");
        assert!(err.contains("decision 12"), "{mode}: {err}");
        assert!(!err.contains("Some("), "{mode}: {err}");
        // Under `forfeit`: that hand was over, so nothing is conceded, in it or later.
        let out = simulate(mode, ",on_fault=forfeit", &[("FAULT_MATCHES", "1")], &log);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{mode}: {err}");
        let noted: Vec<&str> = err.lines().filter(|l| l.contains("bot faulty")).collect();
        assert_eq!(noted.len(), 1, "{mode}: {err}");
        assert!(noted[0].contains("match 1, hand 0:"), "{mode}: {err}");
        let records = std::fs::read_to_string(&log).unwrap();
        assert!(
            !records.contains("\"forfeit\""),
            "{mode}: a hand was conceded"
        );
    }
}

#[test]
fn a_huge_or_endless_line_is_refused_within_the_decisions_budget() {
    let log = temp_path("bots-lines", "long.jsonl");
    for (mode, says) in [
        ("long", "a line longer than 1048576 bytes"),
        ("trickle", "within its budget of 300 ms"),
    ] {
        let t = Instant::now();
        let out = simulate(mode, "", &[("FAULT_AFTER", "2")], &log);
        let took = t.elapsed();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{mode}: {err}");
        assert!(err.contains(says), "{mode}: {err}");
        // The start of Python and two decisions, then at most the budget of 300 ms.
        assert!(took < Duration::from_millis(1500), "{mode}: {took:?}");
    }
}
