//! Shared helpers for the integration tests.
#![allow(dead_code)]

pub mod bots;
pub mod conformance;
pub mod ctt;
pub mod leak;
pub mod n952;
pub mod save_ten;
pub mod schemas;
pub mod tiny;
pub mod worlds;

use std::path::PathBuf;
use std::process::{Command, Output};

use tricklab::cards::{Card, CardSet};

/// Parses a card, panicking on bad notation (test input is fixed).
pub fn card(s: &str) -> Card {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Parses a card list.
pub fn cards(s: &str) -> CardSet {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// The agents a hand record names, seat by seat (its `agents`).
pub fn agents_of(rec: &serde_json::Value) -> Vec<&str> {
    rec["agents"]
        .as_array()
        .expect("a record names its agents")
        .iter()
        .map(|a| a.as_str().expect("an agent's label"))
        .collect()
}

/// `tricklab tournament` of `agents` at `game` over `deals` deals into the folder `out`, every
/// hand's record in `log`, with `extra` flags; its standard output.
pub fn tournament_log(
    game: &str,
    agents: &str,
    deals: &str,
    out: &std::path::Path,
    log: &std::path::Path,
    extra: &[&str],
) -> String {
    let mut args = vec![
        "tournament",
        "--game",
        game,
        "--agents",
        agents,
        "--deals",
        deals,
        "--out",
        out.to_str().expect("a UTF-8 path"),
        "--log",
        log.to_str().expect("a UTF-8 path"),
    ];
    args.extend(extra);
    tricklab_ok(&args)
}

/// Runs the `tricklab` binary with `args`.
pub fn tricklab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args(args)
        .output()
        .expect("running tricklab")
}

/// Runs the `tricklab` binary with `args` and returns its standard output.
///
/// # Panics
/// If it fails, with what it wrote to standard error.
pub fn tricklab_ok(args: &[&str]) -> String {
    let out = tricklab(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "tricklab {args:?} failed: {err}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Waits for `child`, spawned with a piped standard error, and returns how it ended and what
/// it wrote there.
pub fn status_and_stderr(mut child: std::process::Child) -> (std::process::ExitStatus, String) {
    use std::io::Read;
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("standard error is piped")
        .read_to_string(&mut err)
        .expect("reading standard error");
    (child.wait().expect("waiting for the child"), err)
}

/// A path for `name` in a folder of this test process (`topic` keeps test binaries apart), with
/// nothing there yet.
pub fn temp_path(topic: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tricklab-{topic}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("creating a temporary folder");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// The provenance fields of a `run.json` (or `agreement.json`) that name the process rather
/// than the results: its command line, thread count and times.
pub const PROCESS_FIELDS: [&str; 4] = ["command_line", "threads", "started", "ended"];

/// A provenance record without [`PROCESS_FIELDS`], so that records of the same results compare
/// equal whatever the process.
fn without_process_fields(bytes: Vec<u8>) -> Vec<u8> {
    let mut v: serde_json::Map<String, serde_json::Value> =
        serde_json::from_slice(&bytes).expect("a provenance record is JSON");
    for f in PROCESS_FIELDS {
        v.remove(f);
    }
    serde_json::to_vec_pretty(&v).expect("serialises")
}

/// Every file of a results folder, by name, with its bytes (to compare runs byte for byte);
/// the provenance records without the fields that name the process (see [`PROCESS_FIELDS`]).
pub fn folder_files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("reading a results folder")
        .map(|e| e.expect("a folder entry"))
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).expect("reading a result file"),
            )
        })
        .map(|(name, bytes)| {
            let record = name.ends_with(".json") && name != "progress.json";
            let bytes = if record {
                without_process_fields(bytes)
            } else {
                bytes
            };
            (name, bytes)
        })
        .collect();
    v.sort();
    v
}
