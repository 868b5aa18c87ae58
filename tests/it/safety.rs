//! Issue 26, one test per row of its table: exit codes, quiet broken pipes, input checks, and
//! `merge` and `replay` refusing damaged files.

use crate::common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::save_ten::SaveTen;
use common::{temp_path, tricklab, tricklab_ok};

fn fresh(name: &str) -> PathBuf {
    let d = temp_path("safety", name);
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts exit code `code` and a one-line error containing `want`.
fn refused(o: &Output, code: i32, want: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(code), "{err}");
    assert!(err.contains(want), "wanted `{want}` in: {err}");
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
}

/// A record file of `games` Catch the Ten matches with random agents.
fn log_of(name: &str, games: u32) -> PathBuf {
    let p = temp_path("safety", name);
    tricklab_ok(&[
        "simulate",
        "--games",
        &games.to_string(),
        "--log",
        p.to_str().unwrap(),
    ]);
    p
}

#[test]
fn replay_of_a_folder_or_a_file_that_is_not_a_log_exits_1() {
    let dir = fresh("a-folder");
    std::fs::create_dir_all(&dir).unwrap();
    refused(
        &tricklab(&["replay", dir.to_str().unwrap()]),
        1,
        "is a folder",
    );
    let csv = temp_path("safety", "not-a-log.csv");
    std::fs::write(&csv, "deal,arm\n0,a\n").unwrap();
    refused(
        &tricklab(&["replay", csv.to_str().unwrap()]),
        1,
        "not a record file",
    );
    let missing = temp_path("safety", "missing.jsonl");
    refused(
        &tricklab(&["replay", missing.to_str().unwrap()]),
        1,
        "cannot open",
    );
}

#[test]
fn replay_verbose_into_a_closed_pipe_ends_quietly() {
    let log = log_of("pipe.jsonl", 200);
    let mut child = Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args(["replay", "--verbose", log.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read one line, as `head -1` would, and close the pipe.
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 64];
    out.read_exact(&mut first).unwrap();
    drop(out);
    let (status, err) = common::status_and_stderr(child);
    assert!(!err.contains("panic"), "{err}");
    assert!(err.is_empty(), "quiet: {err}");
    assert_eq!(
        status.code(),
        Some(0),
        "a closed pipe is not a failure: {status}"
    );
}

#[test]
fn solve_refuses_cards_outside_the_games_pack() {
    let o = tricklab(&[
        "solve",
        "--game",
        "catch-the-ten",
        "--trump",
        "H",
        "--deal",
        "2S 3S / 4S 5S / 2H 3H / 4H 5H",
    ]);
    refused(
        &o,
        2,
        "not in the pack of catch-the-ten here (36 cards, 6 to A in each suit)",
    );
    // The same shape in the game's own pack is solved.
    tricklab_ok(&[
        "solve",
        "--game",
        "catch-the-ten",
        "--trump",
        "H",
        "--deal",
        "6S 7S / 8S 9S / 6H 7H / 8H 9H",
    ]);
}

#[test]
fn ismcts_with_zero_iterations_is_refused() {
    let o = tricklab(&[
        "simulate",
        "--games",
        "1",
        "--agents",
        "ismcts:iterations=0",
    ]);
    refused(&o, 2, "`iterations=0`: expected a whole number from 1 to");
}

#[test]
fn worlds_takes_compass_seats_like_solve() {
    let log = log_of("worlds.jsonl", 1);
    let log = log.to_str().unwrap();
    let by_letter = tricklab_ok(&["worlds", "--log", log, "--seat", "N", "--after", "3"]);
    let by_number = tricklab_ok(&["worlds", "--log", log, "--seat", "0", "--after", "3"]);
    assert_eq!(by_letter, by_number);
    let o = tricklab(&["worlds", "--log", log, "--seat", "X"]);
    refused(&o, 2, "--seat `X`: expected a seat, 0 to 3 or N, E, S, W");
}

#[test]
fn worlds_at_the_end_of_a_hand_prints_the_one_world_once() {
    let log = log_of("worlds-end.jsonl", 1);
    let line = std::fs::read_to_string(&log).unwrap();
    let first: serde_json::Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
    let decisions = first["actions"].as_array().unwrap().len();
    let after = decisions.to_string();
    let out = tricklab_ok(&[
        "worlds",
        "--log",
        log.to_str().unwrap(),
        "--seat",
        "S",
        "--after",
        &after,
    ]);
    assert!(out.contains("consistent worlds: 1"), "{out}");
    assert_eq!(out.matches("world 1:").count(), 1, "{out}");
    assert!(!out.contains("world 2:"), "{out}");
}

#[test]
fn a_clock_budget_warns_that_results_depend_on_the_machine() {
    let o = tricklab(&["simulate", "--games", "1", "--agents", "ismcts:time_ms=1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("stops by the clock"), "{}", stderr(&o));
    let o = tricklab(&[
        "simulate",
        "--games",
        "1",
        "--agents",
        "ismcts:iterations=5",
    ]);
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));
}

#[test]
fn a_config_direction_that_does_not_exist_names_the_field_and_the_choices() {
    let cfg = temp_path("safety", "bigger.toml");
    let text = SaveTen::new("bigger")
        .statistics(&["points"])
        .then(
            r#"[hypothesis]
tip = "tip"
control = "control"
statistic = "points"
direction = "bigger"
epsilon = 0.25
"#,
        )
        .toml();
    std::fs::write(&cfg, text).unwrap();
    let o = tricklab(&[
        "run",
        cfg.to_str().unwrap(),
        "--out",
        fresh("bigger").to_str().unwrap(),
    ]);
    refused(&o, 2, "field `direction`");
    let err = stderr(&o);
    assert!(
        err.contains("`bigger`") && err.contains("greater") && err.contains("less"),
        "{err}"
    );
}

#[test]
fn the_help_example_for_revoke_penalty_works() {
    let help = tricklab_ok(&["simulate", "--help"]);
    assert!(
        help.contains("--option allow_revokes,revoke_penalty=LoseHandPoints"),
        "{help}"
    );
    tricklab_ok(&[
        "simulate",
        "--games",
        "2",
        "--option",
        "allow_revokes,revoke_penalty=LoseHandPoints",
    ]);
}

#[test]
fn help_documents_the_exit_codes() {
    let help = tricklab_ok(&["--help"]);
    for code in [
        "0  success",
        "1  the environment",
        "2  bad input",
        "3  interrupted",
    ] {
        assert!(help.contains(code), "{code}: {help}");
    }
}

/// Writes `lines` (each with its newline) to a fresh file.
fn write_lines(name: &str, lines: &[&str]) -> PathBuf {
    let p = temp_path("safety", name);
    std::fs::write(
        &p,
        lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
    )
    .unwrap();
    p
}

#[test]
fn replay_refuses_each_kind_of_broken_match() {
    let log = log_of("matches.jsonl", 40);
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let field = |l: &str, k: &str| serde_json::from_str::<serde_json::Value>(l).unwrap()[k].clone();
    // The last hand of a match of at least two hands, not the file's last match.
    let cut = (0..lines.len() - 1)
        .find(|&i| {
            field(lines[i], "hand").as_u64() > Some(0)
                && field(lines[i + 1], "hand").as_u64() == Some(0)
        })
        .expect("a match of two hands or more");
    let mut without_last = lines.clone();
    without_last.remove(cut);
    let p = write_lines("no-last-hand.jsonl", &without_last);
    refused(
        &tricklab(&["replay", p.to_str().unwrap()]),
        2,
        "stops unfinished",
    );

    let mut doubled = lines.clone();
    doubled.insert(cut, lines[cut]);
    let p = write_lines("doubled.jsonl", &doubled);
    refused(
        &tricklab(&["replay", p.to_str().unwrap()]),
        2,
        "after it ended",
    );

    let mut renumbered: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    let mut v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    v["match"] = serde_json::json!(77);
    renumbered[0] = v.to_string();
    let renumbered: Vec<&str> = renumbered.iter().map(String::as_str).collect();
    let p = write_lines("renumbered.jsonl", &renumbered);
    refused(&tricklab(&["replay", p.to_str().unwrap()]), 2, "match 77");

    // The last hand of the longest match deleted: no match of the log was cut, so no match
    // may stop unfinished.
    let hands_of = |m: u64| {
        lines
            .iter()
            .filter(|l| field(l, "match").as_u64() == Some(m))
            .count()
    };
    let longest = (0..40).max_by_key(|&m| (hands_of(m), m)).unwrap();
    let last_of_longest = lines
        .iter()
        .rposition(|l| field(l, "match").as_u64() == Some(longest))
        .unwrap();
    let mut without = lines.clone();
    without.remove(last_of_longest);
    let p = write_lines("no-last-hand-of-longest.jsonl", &without);
    refused(
        &tricklab(&["replay", p.to_str().unwrap()]),
        2,
        &format!(
            "match {longest} stops unfinished after {} hands and its last hand is not marked `cut`",
            hands_of(longest) - 1
        ),
    );

    // The whole file still passes, with every match counted.
    let out = tricklab_ok(&["replay", log.to_str().unwrap()]);
    assert!(out.contains("40 matches ended,"), "{out}");
}

/// A log of 30 matches cut at two hands (`--max-hands 2`) and its lines.
fn cut_log(name: &str) -> (PathBuf, Vec<String>) {
    let p = temp_path("safety", name);
    tricklab_ok(&[
        "simulate",
        "--games",
        "30",
        "--max-hands=2",
        "--log",
        p.to_str().unwrap(),
    ]);
    let lines = std::fs::read_to_string(&p)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    (p, lines)
}

#[test]
fn replay_refuses_each_kind_of_broken_match_in_a_log_with_cuts() {
    let (log, lines) = cut_log("cut-matches.jsonl");
    let is_cut = |l: &str| serde_json::from_str::<serde_json::Value>(l).unwrap()["cut"] == true;
    let cuts = lines.iter().filter(|l| is_cut(l)).count();
    assert!(cuts > 0, "some match runs past two hands");
    let out = tricklab_ok(&["replay", log.to_str().unwrap()]);
    assert!(
        out.contains(&format!("matches ended ({cuts} more cut short)")),
        "{out}"
    );
    let first_cut = lines.iter().position(|l| is_cut(l)).unwrap();
    let with = |edit: &dyn Fn(&mut Vec<String>)| {
        let mut v = lines.clone();
        edit(&mut v);
        v
    };
    let replay = |name: &str, v: Vec<String>| {
        let v: Vec<&str> = v.iter().map(String::as_str).collect();
        let p = write_lines(name, &v);
        tricklab(&["replay", p.to_str().unwrap()])
    };
    // The marked last hand of a cut match deleted: the match stops after one hand, unmarked.
    refused(
        &replay(
            "cut-deleted.jsonl",
            with(&|v| {
                v.remove(first_cut);
            }),
        ),
        2,
        "after 1 hand and its last hand is not marked `cut`",
    );
    // The cut hand duplicated.
    refused(
        &replay(
            "cut-doubled.jsonl",
            with(&|v| v.insert(first_cut, lines[first_cut].clone())),
        ),
        2,
        "which is marked as its last (`cut`)",
    );
    // A match renumbered.
    refused(
        &replay(
            "cut-renumbered.jsonl",
            with(&|v| {
                let mut r: serde_json::Value = serde_json::from_str(&v[first_cut]).unwrap();
                r["match"] = serde_json::json!(77);
                v[first_cut] = r.to_string();
            }),
        ),
        2,
        "match 77",
    );
    // A cut mark on a hand that ended its match.
    let finished = lines
        .iter()
        .position(|l| !serde_json::from_str::<serde_json::Value>(l).unwrap()["winners"].is_null())
        .unwrap();
    refused(
        &replay(
            "cut-finished.jsonl",
            with(&|v| {
                let mut r: serde_json::Value = serde_json::from_str(&v[finished]).unwrap();
                r["cut"] = serde_json::json!(true);
                v[finished] = r.to_string();
            }),
        ),
        2,
        "marked `cut` but ended its match",
    );
}

#[test]
fn a_log_written_before_cut_marks_replays_with_its_hand_limit() {
    let (_, lines) = cut_log("old-cut-matches.jsonl");
    let old: Vec<String> = lines
        .iter()
        .map(|l| l.replace(",\"cut\":true", ""))
        .collect();
    assert_ne!(old, lines, "the log had cut marks to take out");
    let old: Vec<&str> = old.iter().map(String::as_str).collect();
    let p = write_lines("old-cut.jsonl", &old);
    refused(
        &tricklab(&["replay", p.to_str().unwrap()]),
        2,
        "replays with --max-hands N",
    );
    tricklab_ok(&["replay", p.to_str().unwrap(), "--max-hands", "2"]);
    refused(
        &tricklab(&["replay", p.to_str().unwrap(), "--max-hands", "3"]),
        2,
        "stops unfinished after 2 hands",
    );
}

#[test]
fn replay_accepts_single_hands_and_matches_cut_at_the_hand_limit() {
    for (name, extra) in [
        ("single.jsonl", "--hands"),
        ("limit.jsonl", "--max-hands=2"),
    ] {
        let p = temp_path("safety", name);
        tricklab_ok(&[
            "simulate",
            "--games",
            "20",
            extra,
            "--log",
            p.to_str().unwrap(),
        ]);
        tricklab_ok(&["replay", p.to_str().unwrap()]);
        // The cut is written down.
        let text = std::fs::read_to_string(&p).unwrap();
        assert!(text.contains("\"cut\":true"), "{name} marks its cuts");
    }
}

/// Two arms of 30 deals, to run in shards.
fn sharded() -> String {
    SaveTen::new("shards")
        .seed(3)
        .deals(30)
        .statistics(&["points"])
        .toml()
}

/// Three finished shards of [`sharded`] in fresh folders named after `name`.
fn shards(name: &str) -> Vec<PathBuf> {
    let cfg = temp_path("safety", &format!("{name}.toml"));
    std::fs::write(&cfg, sharded()).unwrap();
    (1..=3)
        .map(|k| {
            let d = fresh(&format!("{name}-{k}"));
            tricklab_ok(&[
                "run",
                cfg.to_str().unwrap(),
                "--shard",
                &format!("{k}/3"),
                "--out",
                d.to_str().unwrap(),
            ]);
            d
        })
        .collect()
}

fn merge(dirs: &[PathBuf], out: &Path) -> Output {
    let mut args = vec!["merge".to_string()];
    args.extend(dirs.iter().map(|d| d.to_str().unwrap().to_string()));
    args.extend(["--out".to_string(), out.to_str().unwrap().to_string()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    tricklab(&args)
}

#[test]
fn merge_refuses_each_kind_of_damaged_shard() {
    let dirs = shards("damaged");
    let hands = dirs[1].join("hands.csv");
    let deals = dirs[1].join("deals.csv");
    let (hands_text, deals_text) = (
        std::fs::read_to_string(&hands).unwrap(),
        std::fs::read_to_string(&deals).unwrap(),
    );
    let out = fresh("damaged-out");
    assert!(merge(&dirs, &out).status.success());
    // run.json's lengths and checksums catch every damage below first (durable_folders.rs);
    // without them (a run.json of an earlier version) the rows are what merge goes by.
    let record = dirs[1].join("run.json");
    let mut rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert!(rec.as_object_mut().unwrap().remove("files").is_some());
    std::fs::write(&record, rec.to_string()).unwrap();
    let deal_lines: Vec<&str> = deals_text.lines().collect();
    let without = |i: usize| {
        let mut v = deal_lines.clone();
        v.remove(i);
        v.iter().map(|l| format!("{l}\n")).collect::<String>()
    };
    let every_row_but_deal = |deal: u64| {
        let prefix = format!("{deal},");
        deal_lines
            .iter()
            .filter(|l| !l.starts_with(&prefix))
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    };
    let damage: [(&Path, String, &str); 5] = [
        // `truncate -s -100`: a row cut short, without its newline.
        (
            &hands,
            hands_text[..hands_text.len() - 100].to_string(),
            "cut short",
        ),
        // Cut at a row boundary: the last deal lost a row.
        (
            &deals,
            without(deal_lines.len() - 1),
            "rows where the others have",
        ),
        // A row of too few fields.
        (
            &deals,
            deals_text.replacen("\n10,tip,", "\n10,", 1),
            "fields where the header has",
        ),
        // A deal missing from the middle.
        (&deals, every_row_but_deal(11), "deal 12 follows deal 10"),
        // A deal repeated.
        (
            &deals,
            format!("{deals_text}{}\n", deal_lines[1]),
            "deal 10 follows deal 19",
        ),
    ];
    for (path, text, want) in damage {
        std::fs::write(path, &text).unwrap();
        let o = merge(&dirs, &fresh("damaged-out"));
        refused(&o, 2, want);
        std::fs::write(&hands, &hands_text).unwrap();
        std::fs::write(&deals, &deals_text).unwrap();
    }
}

#[test]
fn simulate_refuses_one_path_for_two_outputs() {
    let same = temp_path("safety", "same.txt");
    let p = same.to_str().unwrap();
    let o = tricklab(&["simulate", "--games", "30", "--out", p, "--log", p]);
    refused(&o, 2, "--out and --log are both");
    assert!(!same.exists());
}

#[test]
fn existing_outputs_are_refused_without_force() {
    let exist = temp_path("safety", "exist.jsonl");
    std::fs::write(&exist, "precious\n").unwrap();
    let p = exist.to_str().unwrap();
    refused(
        &tricklab(&["simulate", "--games", "3", "--log", p]),
        2,
        "already exists: add --force",
    );
    assert_eq!(std::fs::read_to_string(&exist).unwrap(), "precious\n");
    tricklab_ok(&["simulate", "--games", "3", "--log", p, "--force"]);
    assert!(std::fs::read_to_string(&exist).unwrap().starts_with('{'));
    refused(
        &tricklab(&["simulate", "--games", "3", "--out", p]),
        2,
        "is a file: --out names a folder",
    );

    let dir = fresh("simulate-twice");
    let s = ["simulate", "--games", "3", "--out", dir.to_str().unwrap()];
    tricklab_ok(&s);
    refused(&tricklab(&s), 2, "already holds results");
    tricklab_ok(&[&s[..], &["--force"]].concat());

    let dir = fresh("tournament-twice");
    let d = dir.to_str().unwrap();
    let t = [
        "tournament",
        "--agents",
        "random;rules",
        "--deals",
        "4",
        "--out",
        d,
    ];
    tricklab_ok(&t);
    refused(&tricklab(&t), 2, "already holds results");
    tricklab_ok(&[&t[..], &["--force"]].concat());

    let parts = shards("merge-twice");
    let out = fresh("merge-twice-out");
    assert!(merge(&parts, &out).status.success());
    refused(&merge(&parts, &out), 2, "already holds results");
}

#[test]
fn simulate_log_dash_writes_to_standard_output() {
    let o = tricklab(&["simulate", "--games", "3", "--log", "-"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("{\"format\""), "records on stdout: {out}");
    assert!(stderr(&o).contains("3 matches"), "summary on stderr");
    assert!(!Path::new("-").exists(), "no file named -");
    let o = tricklab(&["simulate", "--games", "3", "--out", "-"]);
    refused(&o, 2, "--out names a folder");
}

/// Waits until process `pid` has installed its SIGINT handler (Linux: `SigCgt` in
/// `/proc/PID/status`), so that a Ctrl-C sent after this reaches the program, not the default
/// action.
fn wait_for_sigint_handler(pid: u32) {
    for _ in 0..5000 {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let caught = status
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
            .unwrap_or(0);
        if caught & (1 << (libc::SIGINT - 1)) != 0 {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("tricklab never installed a SIGINT handler");
}

#[test]
fn agree_interrupted_while_collecting_positions_exits_3_and_says_nothing_was_kept() {
    // A strong self-play player and many positions: collecting takes far longer than the test
    // waits before Ctrl-C.
    let config = SaveTen::against_b0("agree-collecting")
        .seed(3)
        .statistics(&["points"])
        .agreement(
            "ismcts:iterations=3000,rollout=rules",
            &["ismcts:iterations=10"],
            100000,
        )
        .write(temp_path("safety", "agree-collecting.toml"));
    let out = fresh("agree-collecting");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args(["agree", config.to_str().unwrap(), "--threads", "1"])
        .args(["--out", out.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_sigint_handler(child.id());
    std::thread::sleep(std::time::Duration::from_millis(300));
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(3), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    assert!(
        err.contains("interrupted while collecting positions")
            && err.contains("of 100000 found")
            && err.contains("nothing was kept"),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "start again with: tricklab agree {} --out {}",
            config.display(),
            out.display()
        )),
        "{err}"
    );
    assert!(!out.exists(), "nothing written: {}", out.display());
}
