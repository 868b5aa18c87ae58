//! A bot's stderr is attributed and bounded: with an output folder it goes to
//! `bots/NAME.seatK.stderr` there, without one to tricklab's stderr with every line prefixed by
//! the bot and seat; a fault quotes its last lines; a flood is cut at the limit. Needs `python3`.

use std::process::Output;

use crate::common::bots::simulate_fault_bot;
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
