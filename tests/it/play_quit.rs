//! Stopping a match at the table: `quit` (confirmed mid-hand), the end of the input, SIGINT and
//! SIGTERM in the line mode, after 0, 1 and 2 finished hands. Each exits 3 with one message
//! that says what was kept and how to look at it or deal the same match again; the log holds
//! exactly the finished hands, the last marked `cut`, and replays; nothing finished leaves no
//! log. (Esc and Ctrl-C in the full screen: `play_tui`.)

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};

use crate::common::{temp_path, tricklab_ok};
use crate::play::script;
use tricklab::games::record::RecordRules;
use tricklab::games::whist;

const AGENTS: &str = "human;rules";
const SEED: u64 = 11;

fn start(log: &std::path::Path) -> Child {
    start_with(log, &[])
}

fn start_with(log: &std::path::Path, more: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args(["play", "--plain", "--game", "whist", "--agents", AGENTS])
        .args([
            "--seed",
            &SEED.to_string(),
            "--hint",
            "pimc:worlds=4",
            "--log",
        ])
        .arg(log)
        .args(more)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Plays `lines` to their end, the input then closed.
fn play_through(log: &std::path::Path, lines: &[String]) -> std::process::Output {
    play_through_with(log, lines, &[])
}

fn play_through_with(
    log: &std::path::Path,
    lines: &[String],
    more: &[&str],
) -> std::process::Output {
    let mut child = start_with(log, more);
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all((lines.join("\n") + "\n").as_bytes())
        .unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// The script that plays `hands` hands and then quits mid-hand (confirmed).
fn quitting_after(hands: u32) -> Vec<String> {
    let rules = whist::Setup::from_options(4, &Default::default()).unwrap();
    script(rules, AGENTS, SEED, Some(hands)).0
}

fn check_kept(log: &std::path::Path, err: &str, hands: usize) {
    if hands == 0 {
        assert!(
            err.contains("no hand was finished, so nothing was saved"),
            "{err}"
        );
        assert!(!log.exists(), "no empty log");
        return;
    }
    let s = if hands == 1 { "" } else { "s" };
    let path = log.display();
    assert!(
        err.contains(&format!("saved {hands} finished hand{s} to {path}")),
        "{err}"
    );
    assert!(err.contains(&format!("tricklab show {path}")), "{err}");
    assert!(
        err.contains(&format!(
            "continue it: tricklab play --game whist --agents '{AGENTS}' --seed {SEED} \
             --log {path} --resume"
        )),
        "{err}"
    );
    assert!(
        err.contains("the same deals again: tricklab play --game whist"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "one message: {err}");
    let text = std::fs::read_to_string(log).unwrap();
    assert_eq!(text.lines().count(), hands);
    assert!(text.lines().last().unwrap().contains("\"cut\":true"));
    let replay = tricklab_ok(&["replay", log.to_str().unwrap()]);
    assert!(
        replay.contains(&format!("{hands} hand{s} replayed")),
        "{replay}"
    );
}

#[test]
fn quit_after_0_1_and_2_hands_keeps_them_and_exits_3() {
    for hands in 0..=2 {
        let log = temp_path("play-quit", &format!("quit-{hands}.jsonl"));
        let lines = quitting_after(hands);
        let out = play_through(&log, &lines);
        let err = String::from_utf8_lossy(&out.stderr);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(3), "{err}\n{text}");
        assert!(
            text.contains("quitting loses it"),
            "a confirmation mid-hand: {text}"
        );
        assert!(err.starts_with("error: quit: "), "{err}");
        check_kept(&log, &err, hands as usize);
    }
}

#[test]
fn the_end_of_the_input_keeps_the_finished_hands() {
    let log = temp_path("play-quit", "eof.jsonl");
    let mut lines = quitting_after(1);
    lines.truncate(lines.len() - 2);
    let out = play_through(&log, &lines);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.starts_with("error: end of input: "), "{err}");
    check_kept(&log, &err, 1);
}

/// Plays `hands` hands, then sends `signal` while the person is to act in the next hand.
fn signalled(signal: i32, hands: u32, name: &str) {
    let log = temp_path("play-quit", &format!("{name}-{hands}.jsonl"));
    let mut lines = quitting_after(hands);
    lines.truncate(lines.len() - 2);
    let mut child = start(&log);
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all((lines.join("\n") + "\n").as_bytes())
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    // Wait for the prompt after the last scripted line: the one the script leaves unanswered.
    let want = lines.len() + 1;
    let mut prompts = 0;
    let mut buf = Vec::new();
    while prompts < want {
        buf.clear();
        let n = out.read_until(b'>', &mut buf).unwrap();
        assert!(n > 0, "the output ended before prompt {want}");
        if buf.ends_with(b">") {
            prompts += 1;
        }
    }
    let sent = std::time::Instant::now();
    // SAFETY: sending a signal to the child this test started.
    unsafe { libc::kill(child.id() as i32, signal) };
    let (status, err) = crate::common::status_and_stderr(child);
    assert!(sent.elapsed().as_millis() < 2000, "answered at once");
    drop(stdin);
    assert_eq!(status.code(), Some(3), "{name}: {err}");
    assert!(err.starts_with("error: interrupted: "), "{err}");
    check_kept(&log, &err, hands as usize);
}

#[test]
fn sigint_and_sigterm_keep_the_finished_hands_and_exit_3() {
    signalled(libc::SIGTERM, 2, "sigterm");
    signalled(libc::SIGINT, 1, "sigint");
    signalled(libc::SIGHUP, 0, "sighup");
}

/// A match stopped at the pause after its first hand and continued with `--resume` goes on as
/// it would have: the log ends up holding exactly the records of the match played through
/// without a stop (the first hand's `cut` mark taken off), and replays as one finished match.
/// A log the table cannot continue is refused with code 2 and one line.
#[test]
fn a_match_continued_from_its_log_goes_on_as_it_would_have() {
    let rules = whist::Setup::from_options(4, &Default::default()).unwrap();
    let (lines, records, _) = script(rules, AGENTS, SEED, None);
    assert!(records.len() >= 2, "a match of two hands or more");
    let pause = lines.iter().position(String::is_empty).expect("a pause");
    let log = temp_path("play-quit", "resume.jsonl");
    let mut first: Vec<String> = lines[..pause].to_vec();
    first.push("quit".into());
    let out = play_through(&log, &first);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    check_kept(&log, &err, 1);
    let out = play_through_with(&log, &lines[pause + 1..], &["--resume"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains(&format!(
            "continuing match 0 of {} after 1 hand",
            log.display()
        )),
        "{text}"
    );
    assert!(text.contains("── hand 2 "), "{text}");
    let written = std::fs::read_to_string(&log).unwrap();
    let written: Vec<&str> = written.lines().collect();
    assert_eq!(written, records, "the match as played without a stop");
    let replay = tricklab_ok(&["replay", log.to_str().unwrap()]);
    assert!(
        replay.contains(&format!("{} hands replayed, 1 match ended", records.len())),
        "{replay}"
    );
    // What cannot be continued: a match over, another seed, other seats, no log.
    let refused = |log: &std::path::Path, more: &[&str], says: &str| {
        let mut args = vec!["play", "--plain", "--game", "whist", "--log"];
        args.push(log.to_str().unwrap());
        args.extend_from_slice(more);
        let out = crate::common::tricklab(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{more:?}: {err}");
        assert!(err.contains(says) && err.lines().count() == 1, "{err}");
    };
    let seed = SEED.to_string();
    let over = ["--resume", "--agents", AGENTS, "--seed", &seed];
    refused(&log, &over, "is over after");
    let cut = temp_path("play-quit", "resume-cut.jsonl");
    play_through(&cut, &first);
    let other_seed = ["--resume", "--agents", AGENTS, "--seed", "12"];
    refused(
        &cut,
        &other_seed,
        "seed 12 deals hand 1 of match 0 otherwise",
    );
    let other_seats = ["--resume", "--agents", "human;random", "--seed", &seed];
    refused(&cut, &other_seats, "played by other seats");
    let missing = temp_path("play-quit", "no-such.jsonl");
    refused(&missing, &["--resume", "--seed", &seed], "cannot read");
}
