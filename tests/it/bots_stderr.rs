//! A bot's stderr is attributed and bounded: with an output folder it goes to
//! `bots/NAME.seatK.stderr` there, without one to tricklab's stderr with every line prefixed by
//! the bot and seat; a fault quotes its last lines; a flood is cut at the limit, which holds for
//! a file as a whole when several processes of one bot and seat write to it; `agree` keeps it in
//! its output folder too. Needs `python3`.

use std::process::{Command, Output};

use crate::common::bots::{agree_config, fault_bot, simulate_fault_bot};
use crate::common::temp_path;

fn simulate(env: &[(&str, &str)], args: &[&str]) -> Output {
    simulate_fault_bot("2", ",budget_ms=2000", env, args)
}

#[test]
fn a_bots_stderr_goes_to_a_file_per_bot_and_seat_and_its_end_into_the_fault() {
    let dir = temp_path("bots-stderr", "out");
    let _ = std::fs::remove_dir_all(&dir);
    let env = [
        ("FAULT_STDERR", "lines"),
        ("FAULT_MODE", "illegal"),
        ("FAULT_AFTER", "5"),
    ];
    let out = simulate(&env, &["--out", dir.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("; its stderr ended: deciding 3 | deciding 4 | deciding 5"),
        "{err}"
    );
    assert!(!err.contains("[bot faulty"), "nothing forwarded: {err}");
    let file = std::fs::read_to_string(dir.join("bots").join("faulty.seat0.stderr")).unwrap();
    assert!(file.starts_with("deciding 0\ndeciding 1\n"), "{file}");
    // Without an output folder: on tricklab's stderr, each line naming the bot and seat.
    let out = simulate(&env, &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("[bot faulty seat 0] deciding 0\n"), "{err}");
    assert!(err.contains("; its stderr ended: deciding 3"), "{err}");
}

#[test]
fn a_flood_of_stderr_is_cut_at_the_limit() {
    let dir = temp_path("bots-stderr", "flood");
    let _ = std::fs::remove_dir_all(&dir);
    let out = simulate(
        &[("FAULT_STDERR", "flood")],
        &["--out", dir.to_str().unwrap()],
    );
    assert!(out.status.success());
    let file = std::fs::read(dir.join("bots").join("faulty.seat0.stderr")).unwrap();
    assert!(file.len() < (16 << 20) + 200, "{}", file.len());
    assert!(String::from_utf8_lossy(&file).ends_with("the rest is dropped]\n"));
    let out = simulate(&[("FAULT_STDERR", "flood")], &[]);
    assert!(out.status.success());
    assert!(out.stderr.len() < 70 << 10, "{}", out.stderr.len());
}

#[test]
fn the_limit_is_per_file_when_several_processes_write_to_it() {
    let dir = temp_path("bots-stderr", "floods");
    let _ = std::fs::remove_dir_all(&dir);
    // Each process floods stderr with 20 MiB when it starts and faults at its first decision:
    // it forfeits, and a new process of the same bot and seat takes the next match.
    let out = simulate_fault_bot(
        "2",
        ",budget_ms=2000,on_fault=forfeit",
        &[("FAULT_STDERR", "flood"), ("FAULT_MODE", "exit")],
        &["--out", dir.to_str().unwrap()],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let processes = err.matches("tricklab: forfeit: bot faulty").count();
    assert!(processes >= 2, "several processes flooded: {err}");
    let file = std::fs::read(dir.join("bots").join("faulty.seat0.stderr")).unwrap();
    assert!(file.len() < (16 << 20) + 200, "{}", file.len());
    let text = String::from_utf8_lossy(&file);
    assert_eq!(text.matches("the rest is dropped]").count(), 1, "one note");
    assert!(text.ends_with("the rest is dropped]\n"));
}

#[test]
fn agree_writes_a_bots_stderr_in_its_output_folder() {
    let base = temp_path("bots-stderr", "agree");
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&base).unwrap();
    let config = base.join("agree.toml");
    let tables = format!(
        "[bots.faulty]\ncmd = \"python3 '{}'\"\n",
        fault_bot().display()
    );
    let text = agree_config(
        "bots-stderr-agree",
        &tables,
        "faulty",
        "random",
        "ismcts:iterations=30",
        2,
    );
    std::fs::write(&config, text).unwrap();
    let out = base.join("out");
    let ran = Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args([
            "agree",
            config.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
        .env("FAULT_STDERR", "lines")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&ran.stderr);
    assert!(ran.status.success(), "{err}");
    assert!(!err.contains("[bot faulty"), "nothing forwarded: {err}");
    let files: Vec<(String, String)> = std::fs::read_dir(out.join("bots"))
        .unwrap_or_else(|e| panic!("no bots/ folder ({e}): {err}"))
        .map(|e| {
            let e = e.unwrap();
            let text = std::fs::read_to_string(e.path()).unwrap();
            (e.file_name().to_string_lossy().into_owned(), text)
        })
        .collect();
    assert!(!files.is_empty(), "a stderr file");
    for (name, text) in &files {
        assert!(
            name.starts_with("faulty.seat") && name.ends_with(".stderr"),
            "{name}"
        );
        assert!(text.starts_with("deciding "), "{name}: {text}");
    }
}
