//! Nothing a bot starts outlives tricklab: a bot that starts a grandchild which leaves its
//! session (`setsid`) and ignores `SIGTERM`, and a bot that ignores `SIGTERM`, `quit` and the end
//! of its input, leave no process after a normal end, a fault, Ctrl-C, or `SIGKILL` of tricklab.
//! Needs `python3`; Linux (the keeper, `/proc`).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::bots::{alive, fault_bot};
use crate::common::temp_path;

fn agents() -> String {
    format!(
        "external:cmd=\"python3 {}\",name=stubborn,budget_ms=2000;random;random;random",
        fault_bot().display()
    )
}

/// tricklab with the stubborn, spawning bot at seat 0, writing its processes' ids into `pids`
/// and its standard error into `pids/../stderr` (a file: a pipe would stay open as long as a
/// bot's grandchild lives, so a failing test would hang instead of failing).
fn command(pids: &Path, mode: &str, args: &[&str]) -> Command {
    let err = std::fs::File::create(pids.with_file_name(format!(
        "{}.stderr",
        pids.file_name().unwrap().to_string_lossy()
    )))
    .unwrap();
    let mut c = Command::new(env!("CARGO_BIN_EXE_tricklab"));
    c.args(args)
        .env("FAULT_MODE", mode)
        .env("FAULT_AFTER", "5")
        .env("FAULT_PIDS", pids)
        .env("FAULT_SPAWN", "1")
        .env("FAULT_STUBBORN", "1")
        .stdout(Stdio::null())
        .stderr(err);
    c
}

fn stderr_of(pids: &Path) -> String {
    std::fs::read_to_string(pids.with_file_name(format!(
        "{}.stderr",
        pids.file_name().unwrap().to_string_lossy()
    )))
    .unwrap()
}

fn simulate(games: &str) -> Vec<String> {
    [
        "simulate",
        "--game",
        "whist",
        "--games",
        games,
        "--threads",
        "1",
        "--agents",
        &agents(),
    ]
    .map(String::from)
    .to_vec()
}

/// Waits up to `d` for every process of `pids` to be gone; returns those still alive.
fn alive_after(pids: &Path, d: Duration) -> Vec<String> {
    let end = Instant::now() + d;
    loop {
        let a = alive(pids);
        if a.is_empty() || Instant::now() > end {
            return a;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn fresh(name: &str) -> PathBuf {
    let dir = temp_path("bots-hygiene", name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn nothing_outlives_a_normal_end_or_a_fault() {
    for (mode, code) in [("ok", 0), ("illegal", 1)] {
        let pids = fresh(mode);
        let status = command(&pids, mode, &strs(&simulate("2")))
            .status()
            .unwrap();
        let err = stderr_of(&pids);
        assert_eq!(status.code(), Some(code), "{mode}: {err}");
        let started = std::fs::read_dir(&pids).unwrap().count();
        assert!(
            started >= 2,
            "{mode}: the bot and its grandchild: {started}"
        );
        // tricklab waits for every keeper, and a keeper exits after its whole tree.
        assert_eq!(alive(&pids), Vec::<String>::new(), "{mode}: {err}");
    }
}

/// Starts `args`, waits until the bot and its grandchild have started, sends `signal` to
/// tricklab and waits for it.
fn signalled(name: &str, args: &[&str], signal: libc::c_int) -> (Child, PathBuf) {
    let pids = fresh(name);
    let mut child = command(&pids, "ok", args).spawn().unwrap();
    let end = Instant::now() + Duration::from_secs(30);
    while std::fs::read_dir(&pids).unwrap().count() < 2 {
        assert!(Instant::now() < end, "{name}: the bot did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: a signal to our own child.
    unsafe { libc::kill(child.id() as libc::pid_t, signal) };
    let _ = child.wait();
    (child, pids)
}

#[test]
fn nothing_outlives_ctrl_c_or_sigkill_of_tricklab() {
    let sim = simulate("100000");
    for (name, signal) in [("sigint", libc::SIGINT), ("sigkill", libc::SIGKILL)] {
        let (_, pids) = signalled(name, &strs(&sim), signal);
        assert_eq!(
            alive_after(&pids, Duration::from_secs(5)),
            Vec::<String>::new(),
            "{name}"
        );
    }
    // `run` stops cleanly on Ctrl-C (exit code 3) and stops its bots before it exits.
    let dir = fresh("run");
    let cfg = dir.join("bots.toml");
    std::fs::write(
        &cfg,
        format!(
            "name = \"hygiene\"\ngame = \"whist\"\nplayers = 4\nseed = 1\ndeals = 100000\n\
             duplicate = false\nstatistics = [\"points\"]\n\n[[arm]]\nname = \"bot\"\n\
             seats = ['{}', \"random\", \"random\", \"random\"]\nsubject = [0, 2]\n",
            agents().split(';').next().unwrap()
        ),
    )
    .unwrap();
    let out = dir.join("out");
    let args = [
        "run",
        cfg.to_str().unwrap(),
        "--threads",
        "1",
        "--out",
        out.to_str().unwrap(),
    ];
    let (mut child, pids) = signalled("run-sigint", &args, libc::SIGINT);
    let status = child.wait().unwrap();
    let err = stderr_of(&pids);
    assert_eq!(status.code(), Some(3), "{err}");
    assert_eq!(alive(&pids), Vec::<String>::new(), "{err}");
}
