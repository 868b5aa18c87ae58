//! Refusals instead of crashes (issue 32): a full standard output ends every command with one
//! line and exit code 1, never a panic; `replay` refuses logs that are no logs or are cut, and
//! reads standard input.

use std::io::Write;
use std::process::{Command, Stdio};

use super::common::temp_path;

fn tricklab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tricklab"))
}

/// A two-agent Whist tournament, up to its deal count.
const TOURNAMENT: &[&str] = &[
    "tournament",
    "--game",
    "whist",
    "--agents",
    "random;rules",
    "--deals",
];

/// Runs tricklab with `args` and checks that it refuses them (exit 2) with a message holding
/// every one of `needles`.
fn assert_refused<S: AsRef<std::ffi::OsStr>>(args: &[S], needles: &[&str]) {
    let o = tricklab().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(needles.iter().all(|n| err.contains(n)), "{err}");
}

/// A finished log of 30 Catch the Ten matches, written once per test.
fn log(name: &str) -> std::path::PathBuf {
    let path = temp_path("refusals", name);
    let out = tricklab()
        .args(["simulate", "--games", "30", "--seed", "5", "--log"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    path
}

#[test]
fn a_full_standard_output_is_one_line_and_exit_1_for_every_command() {
    let log = log("full.jsonl");
    let log = log.to_str().unwrap();
    let t_out = temp_path("refusals", "t-full");
    let t_out = t_out.to_str().unwrap();
    let (s1, s2) = two_shards("full-shards");
    let (s1, s2) = (s1.to_str().unwrap(), s2.to_str().unwrap());
    let cfg = config("full.toml", "20");
    let cfg = cfg.to_str().unwrap();
    let r_out = temp_path("refusals", "r-full");
    let r_out = r_out.to_str().unwrap();
    let m_out = temp_path("refusals", "m-full");
    let m_out = m_out.to_str().unwrap();
    let commands: &[&[&str]] = &[
        &["run", cfg, "--out", r_out, "--force"],
        &["merge", s1, s2, "--out", m_out, "--force"],
        &["summarise", m_out],
        &["simulate", "--games", "10"],
        &["simulate", "--games", "10", "--json"],
        &[TOURNAMENT, &["4", "--out", t_out, "--force"]].concat(),
        &["show", log],
        &["replay", log],
        &["replay", "--verbose", log],
        &["list", "agents"],
        &[
            "solve",
            "--game",
            "whist",
            "--trump",
            "S",
            "--leader",
            "W",
            "--deal",
            "7S 6S 5S TH 9H 3H AD QD 8D 7D 6D 5D 6C / AS TS 4S QH JH 5H KD 9D 2D AC JC 7C 3C / KS JS 8S 3S 2S KH 8H 3D KC QC 8C 4C 2C / QS 9S AH 7H 6H 4H 2H JD TD 4D TC 9C 5C",
        ],
        &["man"],
        &["completions", "bash"],
        &["--help"],
        &["simulate", "--help"],
    ];
    for args in commands {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = tricklab().args(*args).stdout(full).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("standard output"), "{args:?}: {err}");
        assert!(err.contains("No space left on device"), "{args:?}: {err}");
    }
}

#[test]
fn an_empty_log_is_no_log() {
    let path = temp_path("refusals", "empty.jsonl");
    std::fs::write(&path, b"").unwrap();
    let out = tricklab().arg("replay").arg(&path).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("is not a record file") && err.contains("no hand record"),
        "{err}"
    );
}

#[test]
fn a_log_cut_inside_its_first_match_is_refused() {
    let whole = std::fs::read_to_string(log("cut.jsonl")).unwrap();
    // Match 0 holds several hands; keep only its first.
    assert!(whole.lines().nth(1).unwrap().contains("\"match\":0"));
    let path = temp_path("refusals", "cut-in-0.jsonl");
    std::fs::write(&path, format!("{}\n", whole.lines().next().unwrap())).unwrap();
    let out = tricklab().arg("replay").arg(&path).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("match 0 stops unfinished after 1 hand"),
        "{err}"
    );
}

#[test]
fn a_compressed_log_is_named_and_standard_input_replays() {
    let path = log("stdin.jsonl");
    let bytes = std::fs::read(&path).unwrap();
    let gz = temp_path("refusals", "log.jsonl.gz");
    // The gzip magic is all the check reads.
    std::fs::write(&gz, [&[0x1f, 0x8b, 8, 0][..], &bytes[..64]].concat()).unwrap();
    let out = tricklab().arg("replay").arg(&gz).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("gzip-compressed") && err.contains("replay -"),
        "{err}"
    );

    let mut child = tricklab()
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&bytes).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("30 matches ended"), "{text}");
}

/// A Whist experiment of `deals` random deals, written to `name`.
fn config(name: &str, deals: &str) -> std::path::PathBuf {
    let path = temp_path("refusals", name);
    std::fs::write(
        &path,
        format!(
            "name = \"r\"\ngame = \"whist\"\nseed = 1\ndeals = {deals}\nstatistics = [\"tricks\"]\n\n[[arm]]\nname = \"a\"\nseats = [\"random\", \"random\", \"random\", \"random\"]\n"
        ),
    )
    .unwrap();
    path
}

#[test]
fn the_last_shard_of_a_huge_run_plays_its_deals() {
    // 6.1e18 deals: (k − 1) · deals overflowed 64 bits, and shard 3/3 was empty.
    let cfg = config("huge.toml", "6100000000000000000");
    let out = temp_path("refusals", "huge-out");
    let o = tricklab()
        .arg("run")
        .arg(&cfg)
        .args([
            "--shard",
            "3/3",
            "--stop-after-deals",
            "4",
            "--threads",
            "1",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    let deals = std::fs::read_to_string(out.join("deals.csv")).unwrap();
    let first = deals.lines().nth(1).unwrap();
    assert!(first.starts_with("4066666666666666666,"), "{first}");
    // The continue command names the shard (it was left out before).
    assert!(
        err.contains("--shard 3/3") && err.ends_with("--resume\n"),
        "{err}"
    );
    // 2^63 deals and more are refused, as `simulate --games` refuses them.
    let o = tricklab()
        .arg("run")
        .arg(config("too-many.toml", "9300000000000000000"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("field `deals` must be below 2^63"));
}

#[test]
fn the_continue_command_is_quoted() {
    let cfg = config("with space.toml", "600");
    let out = temp_path("refusals", "out with space");
    let o = tricklab()
        .arg("run")
        .arg(&cfg)
        .args(["--stop-after-deals", "256", "--threads", "1", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    let command = err.trim_end().rsplit_once("continue with: ").unwrap().1;
    assert_eq!(
        command,
        format!(
            "tricklab run '{}' --threads 1 --out '{}' --resume",
            cfg.display(),
            out.display()
        )
    );
}

#[test]
fn huge_tournaments_and_thread_counts_are_refused() {
    let huge = temp_path("refusals", "t-huge");
    let huge = [
        TOURNAMENT,
        &["1000000000000", "--out", huge.to_str().unwrap()],
    ]
    .concat();
    assert_refused(&huge, &["GB of scores in memory", "at most"]);
    for cmd in [
        [TOURNAMENT, &["4", "--out", "/nonexistent/never-written"]].concat(),
        vec!["simulate", "--games", "10"],
    ] {
        let o = tricklab()
            .args(&cmd)
            .args(["--threads", "10000"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{cmd:?}: {err}");
        assert!(err.contains("--threads 10000: at most"), "{err}");
    }
}

#[test]
fn an_unreadable_config_is_the_environment_failing() {
    let o = tricklab()
        .args(["run", "/nonexistent/no.toml"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot read it"), "{err}");
}

/// Runs both shards of a 40-deal Whist config with hand rows into `name`-1 and `name`-2.
fn two_shards(name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let cfg = config(&format!("{name}.toml"), "40");
    let dirs: Vec<_> = (1..=2)
        .map(|k| {
            let d = temp_path("refusals", &format!("{name}-{k}"));
            let o = tricklab()
                .arg("run")
                .arg(&cfg)
                .args(["--shard", &format!("{k}/2"), "--force", "--out"])
                .arg(&d)
                .output()
                .unwrap();
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            d
        })
        .collect();
    (dirs[0].clone(), dirs[1].clone())
}

fn merge(dirs: &[&std::path::Path], out: &std::path::Path) -> (Option<i32>, String) {
    let o = tricklab()
        .arg("merge")
        .args(dirs)
        .arg("--out")
        .arg(out)
        .arg("--force")
        .output()
        .unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// `dir`'s run.json without the files' lengths and checksums, as tricklab wrote it before it
/// recorded them: then merge has only the rows to go by.
fn forget_digests(dir: &std::path::Path) {
    let path = dir.join("run.json");
    let mut rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(rec.as_object_mut().unwrap().remove("files").is_some());
    std::fs::write(&path, rec.to_string()).unwrap();
}

#[test]
fn merge_counts_the_rows_of_hands_csv() {
    let (a, b) = two_shards("hands-rows");
    let out = temp_path("refusals", "hands-rows-out");
    assert_eq!(merge(&[&a, &b], &out).0, Some(0));
    let hands = std::fs::read_to_string(b.join("hands.csv")).unwrap();
    let lines: Vec<&str> = hands.lines().collect();
    // Header only: every row gone. run.json's length of the file says so first.
    std::fs::write(b.join("hands.csv"), format!("{}\n", lines[0])).unwrap();
    let (code, err) = merge(&[&a, &b], &out);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("hands.csv holds") && err.contains("bytes where run.json records"),
        "{err}"
    );
    // Without the record's lengths (an older run.json), the rows are counted.
    forget_digests(&b);
    let (code, err) = merge(&[&a, &b], &out);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("hands.csv holds no rows"), "{err}");
    // One row deleted, and one duplicated.
    let without: Vec<&str> = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 5)
        .map(|(_, l)| *l)
        .collect();
    std::fs::write(b.join("hands.csv"), without.join("\n") + "\n").unwrap();
    let (code, err) = merge(&[&a, &b], &out);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("hands.csv") && err.contains("rows"), "{err}");
    let mut with: Vec<&str> = lines.clone();
    with.insert(5, lines[5]);
    std::fs::write(b.join("hands.csv"), with.join("\n") + "\n").unwrap();
    let (code, err) = merge(&[&a, &b], &out);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("hands.csv"), "{err}");
}

#[test]
fn merge_refuses_crlf_shards_and_its_own_input() {
    let (a, b) = two_shards("crlf");
    let deals = std::fs::read_to_string(b.join("deals.csv")).unwrap();
    std::fs::write(b.join("deals.csv"), deals.replace('\n', "\r\n")).unwrap();
    let out = temp_path("refusals", "crlf-out");
    let (code, err) = merge(&[&a, &b], &out);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("deals.csv holds") && err.contains("run.json records"),
        "{err}"
    );
    forget_digests(&b);
    let (code, err) = merge(&[&a, &b], &out);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("carriage return"), "{err}");
    std::fs::write(b.join("deals.csv"), deals).unwrap();
    // --out one of the shards, with --force: refused, and the shard untouched.
    let before = std::fs::read(a.join("deals.csv")).unwrap();
    let (code, err) = merge(&[&a, &b], &a);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("is one of the shards being merged"), "{err}");
    assert_eq!(std::fs::read(a.join("deals.csv")).unwrap(), before);
    assert!(!a.join("summary.csv").exists());
}

#[test]
fn show_html_never_replaces_a_file_without_force() {
    let log = log("show-html.jsonl");
    let page = temp_path("refusals", "page.html");
    std::fs::write(&page, "kept").unwrap();
    let show = [
        "show",
        log.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ];
    assert_refused(&show, &["page.html", "--force"]);
    assert_eq!(std::fs::read_to_string(&page).unwrap(), "kept");
    let o = tricklab()
        .args([
            "show",
            log.to_str().unwrap(),
            "--html",
            page.to_str().unwrap(),
            "--force",
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        std::fs::read_to_string(&page)
            .unwrap()
            .starts_with("<!DOCTYPE html>")
    );
}

#[test]
fn a_tournament_resume_never_replaces_a_finished_folder_and_names_an_empty_progress() {
    let dir = temp_path("refusals", "t-finished");
    let _ = std::fs::remove_dir_all(&dir);
    let t = [
        TOURNAMENT,
        &["4", "--seed", "3", "--out", dir.to_str().unwrap()],
    ]
    .concat();
    let o = tricklab().args(&t).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let pairs = std::fs::read(dir.join("pairs.csv")).unwrap();
    // Another tournament's --resume into the finished folder: nothing to resume, nothing replaced.
    let other = [
        TOURNAMENT,
        &[
            "8",
            "--seed",
            "4",
            "--out",
            dir.to_str().unwrap(),
            "--resume",
        ],
    ]
    .concat();
    assert_refused(&other, &["already holds results", "--force"]);
    assert_eq!(std::fs::read(dir.join("pairs.csv")).unwrap(), pairs);
    // A progress file cut to nothing says so.
    std::fs::write(dir.join("progress.csv"), "").unwrap();
    assert_refused(&other, &["progress.csv is empty", "--force"]);
}

#[test]
fn an_output_folder_that_is_a_file_is_refused_by_name() {
    let file = temp_path("refusals", "out-is-a-file");
    std::fs::write(&file, b"not a folder").unwrap();
    let f = file.to_str().unwrap();
    let cfg = config("out-is-a-file.toml", "4");
    let runs: [Vec<&str>; 3] = [
        vec!["simulate", "--games", "2", "--out", f],
        [TOURNAMENT, &["4", "--out", f]].concat(),
        vec!["run", cfg.to_str().unwrap(), "--out", f],
    ];
    for args in runs {
        let o = tricklab().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(f) && err.contains("is a file"),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    assert_eq!(std::fs::read(&file).unwrap(), b"not a folder");
}

#[test]
fn a_log_in_a_folder_that_is_a_file_names_both() {
    let file = temp_path("refusals", "log-parent-is-a-file");
    std::fs::write(&file, b"").unwrap();
    let log = file.join("hands.jsonl");
    let o = tricklab()
        .args(["simulate", "--games", "2", "--log"])
        .arg(&log)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&format!("--log {}", log.display())), "{err}");
    assert!(
        err.contains(&format!("{} is a file", file.display())),
        "{err}"
    );
}

#[test]
fn a_failed_write_says_what_the_system_said_once() {
    // Paths under /proc, where no one (root included) may create a folder.
    let never = "/proc/tricklab-never/out";
    let runs: [Vec<&str>; 3] = [
        vec!["simulate", "--games", "2", "--log", never],
        vec!["simulate", "--games", "2", "--out", never],
        [TOURNAMENT, &["4", "--out", never]].concat(),
    ];
    for args in runs {
        let o = tricklab().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("/proc/tricklab-never"), "{args:?}: {err}");
        let said = err.rsplit(": ").next().unwrap_or_default().trim();
        assert_eq!(err.matches(said).count(), 1, "{args:?}: said twice: {err}");
    }
}
