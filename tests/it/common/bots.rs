//! Helpers for the tests of external bots: the fault bot, a whist `simulate` with it at seat
//! 0, an `agree` config that seats bots, and which of a bot's processes are still alive.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The bot of the fault tests (`tests/data/bots/fault_bot.py`).
pub fn fault_bot() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bots/fault_bot.py")
}

/// `simulate` of `games` whist matches on one thread with the fault bot `faulty` at seat 0
/// (`spec` added to its spec, after `budget_ms=…`) and random players elsewhere, `env` for the
/// bot and `args` added to the command line.
pub fn simulate_fault_bot(games: &str, spec: &str, env: &[(&str, &str)], args: &[&str]) -> Output {
    let agents = format!(
        "external:cmd=\"python3 {}\",name=faulty{spec};random;random;random",
        fault_bot().display()
    );
    Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args([
            "simulate",
            "--game",
            "whist",
            "--games",
            games,
            "--threads",
            "1",
        ])
        .args(["--agents", &agents])
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("running tricklab")
}

/// The processes whose ids name the files in `pids` that are still alive (zombies are dead).
pub fn alive(pids: &Path) -> Vec<String> {
    std::fs::read_dir(pids)
        .expect("reading the folder of process ids")
        .map(|e| {
            e.expect("a folder entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/status"))
                .is_ok_and(|s| !s.contains("State:\tZ"))
        })
        .collect()
}

/// An `agree` config named `name` of four whist deals with the `[bots]` tables `tables`: the
/// tip arm `bot` seats the bot `tip` at seats 0 and 2 (rules elsewhere), the control `B0` is
/// rules; self-play by `play`, and `searcher` asked at `positions` positions.
pub fn agree_config(
    name: &str,
    tables: &str,
    tip: &str,
    play: &str,
    searcher: &str,
    positions: u32,
) -> String {
    format!(
        r#"name = "{name}"
game = "whist"
players = 4
seed = 4
deals = 4
statistics = ["points"]

{tables}
[[arm]]
name = "bot"
seats = ["{tip}", "rules", "{tip}", "rules"]
subject = [0, 2]

[[arm]]
name = "B0"
seats = "rules"
subject = [0, 2]

[agreement]
tip = "bot"
control = "B0"
play = "{play}"
searchers = ["{searcher}"]
positions = {positions}
"#
    )
}
